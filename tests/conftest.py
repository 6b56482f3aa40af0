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


@pytest.fixture(autouse=True)
def _fresh_memos():
    """Each test sees the code's answers, not a memo an earlier test filled: folding's and the tool fingerprint's
    per-process memos start empty. (Mutation runs fork every mutant from a process whose memos the unmutated
    code filled; without this a broken ``fold`` went unnoticed behind its memo.)"""
    from ygorules.core import cache, fold

    fold._fold_cache.clear()
    cache.fingerprint.cache_clear()
    yield
