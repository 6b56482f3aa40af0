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


@pytest.fixture
def fresh_fanmatch(tmp_path, monkeypatch):
    """A cache of the test's own, and no fan-match word table kept from another test's pool: the table is learned from
    the pool the test's index holds (the fan-match tests use it, ``pytestmark = pytest.mark.usefixtures(...)``)."""
    from ygorules.names import fanmatch
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    fanmatch._LOADED.clear()


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


def pool_table(tmp: Path, pool: str) -> Path:
    """A name table written in ``tmp`` from ``pool``, a pool in the TSV import format."""
    (tmp / "pool.tsv").write_text(pool, encoding="utf-8")
    table = tmp / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(tmp / "pool.tsv")[0], table)
    return table


def small_index(tmp: Path, pool: str, nicknames: str = "", series: str | None = None, beside: dict | None = None,
                products: list | None = None):
    """The index over the fixture KB and a small pool written in ``tmp`` (the TSV import format; ``nicknames`` a
    nicknames.tsv text, ``series`` a pool_series.tsv text, ``beside`` other files the import reads next to the pool by
    name: "pool_meta.tsv", "cardinfo.tsv"; ``products`` the table's product names, as the yaml-yugi import lists them),
    with its own cache."""
    (tmp / "pool.tsv").write_text(pool, encoding="utf-8")
    if series is not None:
        (tmp / "pool_series.tsv").write_text(series, encoding="utf-8")
    for name, content in (beside or {}).items():
        (tmp / name).write_text(content, encoding="utf-8")
    (tmp / "nicks.tsv").write_text(nicknames, encoding="utf-8")
    table = tmp / "pool.tsv.gz"
    imported = nametable.import_tsv(tmp / "pool.tsv")[0]
    imported.products = list(products or ())
    nametable.write_table(imported, table)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", str(tmp / "nicks.tsv"))
        mp.setenv("YGORULES_CACHE", str(tmp / "cache"))
        return names.load_index(KB, table, use_cache=False, warn=lambda m: None)


def card_spans(index, text: str, src: str, dst: str = "en") -> list:
    """(text, first passcode) of the card names ``translate`` finds in ``text``."""
    from ygorules.names.translate import Translator
    return [(s.text, s.passcodes[0]) for s in Translator(index, src, dst).spans(text) if s.kind == "card"]


def cards_and_held(index, text: str, src: str = "es") -> tuple:
    """The texts of the card names ``translate`` finds in ``text``, and (text, reason) of each name it held back."""
    from ygorules.names.translate import Translator
    tr = Translator(index, src, "en")
    return [s.text for s in tr.spans(text) if s.kind == "card"], [(s.text, why) for s, why in tr.held]
