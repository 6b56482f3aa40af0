"""The name-table writer: every name it writes reads back the same, and no name can break a row.

The table is tab-separated with one row per line, so a tab or a line break inside a name would
split its row. The writer stores names as they are (a backslash is an ordinary character: there
is no escape syntax to get wrong) and refuses a value holding a tab or line break; the importers
turn such characters in their input into spaces, so an import never reaches that refusal.
"""
import gzip
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ygorules.names import table as nametable
from ygorules.cli import main
from ygorules.names.table import CardRecord, NameTable

FIX = Path(__file__).parent / "fixtures" / "names"
LANGS = nametable.LANGS


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "default-names.tsv.gz"))


def _key(table: NameTable):
    cards = sorted((c.passcode, c.card_type, c.names, c.unofficial, c.printings) for c in table.cards)
    return cards, sorted(sorted(s.items()) for s in table.series)


def _round_trip(table: NameTable, path: Path) -> NameTable:
    return nametable.load_table(nametable.write_table(table, path))


AWKWARD = ["C:\\cards\\new", "back\\tslash", "ends with \\", "\\n is not a newline", "#not a comment", "@series",
           "a, b, c", "«Fuerza» \"de\" 'Espejo'", "聖なるバリア －ミラーフォース－", "Ω ∞ 🃏", "  padded  ", "x\u2028y", "x\x85y"]


@pytest.mark.parametrize("suffix", [".tsv", ".tsv.gz"])
def test_awkward_names_read_back_the_same(tmp_path, suffix):
    cards = [CardRecord(str(10_000_000 + i), "trap", {l: f"{name} {l}" for l in LANGS}, printings=i) for i, name in enumerate(AWKWARD)]
    cards.append(CardRecord("kdb4998", None, {"es": None, "pt": None, "it": "Solo \\ italiano", "en": None}, {"en": "Game\\Only"}))
    table = NameTable(cards, series=[{"es": "Héroe\\Elemental", "pt": None, "it": None, "en": "Elemental HERO"}])
    loaded = _round_trip(table, tmp_path / f"t{suffix}")
    assert _key(loaded) == _key(table)
    assert loaded.cards[0].names["en"] == "C:\\cards\\new en"


NAME = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\t\n\r"), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(names=st.lists(st.fixed_dictionaries({l: st.none() | NAME for l in LANGS}), min_size=1, max_size=5))
def test_any_name_without_tabs_or_line_breaks_reads_back_the_same(tmp_path_factory, names):
    table = NameTable([CardRecord(str(1000 + i), "spell", n) for i, n in enumerate(names)])
    path = tmp_path_factory.mktemp("rt") / "t.tsv"
    assert _key(_round_trip(table, path)) == _key(table)


@pytest.mark.parametrize("bad", ["Mirror\tForce", "Mirror\nForce", "Mirror\rForce"])
def test_a_name_that_would_break_its_row_is_refused_and_nothing_is_written(tmp_path, bad):
    path = tmp_path / "t.tsv.gz"
    good = NameTable([CardRecord("44095762", "trap", {"es": None, "pt": None, "it": None, "en": "Mirror Force"})])
    nametable.write_table(good, path)
    before = path.read_bytes()
    table = NameTable([CardRecord("44095762", "trap", {"es": None, "pt": None, "it": None, "en": bad})])
    with pytest.raises(ValueError):
        nametable.write_table(table, path)
    assert path.read_bytes() == before  # the table already there is intact
    series = NameTable([], series=[{"es": None, "pt": None, "it": None, "en": bad}])
    with pytest.raises(ValueError):
        nametable.dumps(series)


def test_a_row_has_exactly_its_columns(tmp_path):
    table = NameTable([CardRecord("44095762", "trap", {"es": "Fuerza\\de Espejo", "pt": None, "it": None, "en": "Mirror Force"},
                                  {"pt": "Força"}, printings=33)])
    rows = nametable.dumps(table).split("\n")
    assert rows[2].split("\t") == ["44095762", "trap", "Fuerza\\de Espejo", "Força", "", "Mirror Force", "pt", "33", ""]
    table = NameTable([CardRecord("595626", "monster", {"es": None, "pt": None, "it": None, "en": None}, {}, None, {"en": "Ankuriboh"})])
    assert nametable.dumps(table).split("\n")[2].split("\t") == ["595626", "monster", "", "", "", "Ankuriboh", "", "", "en"]


@pytest.mark.parametrize("char", ["\t", "\n", "\r"])
def test_an_imported_name_with_a_tab_or_line_break_is_stored_with_a_space(tmp_path, capsys, char):
    """yaml-yugi names are JSON strings, which may hold any character: the import must neither fail nor write a broken row."""
    source = tmp_path / "yaml-yugi"
    shutil.copytree(FIX / "yaml-yugi", source)
    card = source / "data" / "cards" / "44095762.json"
    doc = json.loads(card.read_text(encoding="utf-8"))
    doc["name"]["en"] = f"Mirror{char}Force"
    card.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "names.tsv.gz"
    assert main(["names", "import", "yaml-yugi", str(source), "-o", str(out)]) == 0
    text = gzip.decompress(out.read_bytes()).decode("utf-8")
    assert len(text.split("\n")) == 2 + 3 + 1  # magic, header, three cards, final newline (no series in the fixture)
    assert nametable.load_table(out).by_passcode()["44095762"].names["en"] == "Mirror Force"
