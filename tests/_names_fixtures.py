"""Fixtures shared by the lookup and translate tests: a small name table and the index over the names fixture KB."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from ygorules.names import index as names

from ygorules.names import table as nametable

FIX = Path(__file__).parent / "fixtures" / "names"
KB = FIX / "kb"
NICKNAMES = FIX / "nicknames.tsv"
ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "no-default-table.tsv.gz"))
    monkeypatch.setenv("YGORULES_NICKNAMES", str(NICKNAMES))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("pool") / "names.tsv.gz"
    nametable.write_table(nametable.import_tsv(FIX / "pool.tsv")[0], path)
    return path


@pytest.fixture(scope="module")
def index(table):
    with pytest.MonkeyPatch.context() as mp:  # the environment as it was once the index is built
        mp.setenv("YGORULES_NICKNAMES", str(NICKNAMES))
        return names.load_index(KB, table, use_cache=False)
