"""Test session setup: caches go to a temporary folder, never to the user's ~/.cache."""
import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("YGORULES_CACHE", tempfile.mkdtemp(prefix="ygorules-test-cache-"))


MINI_KB = Path(__file__).parent / "fixtures" / "mini-kb"


@pytest.fixture
def mini_kb(tmp_path, monkeypatch):
    """A fresh copy of tests/fixtures/mini-kb, with a check cache of its own."""
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    shutil.copytree(MINI_KB, tmp_path / "kb")
    return tmp_path / "kb"
