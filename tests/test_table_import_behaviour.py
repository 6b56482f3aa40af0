"""`ygorules names import` from files a user prepares: what is read from each companion file (meta, info,
series), the notes printed, and where a bad file is reported; and the stored table's own errors."""
import gzip
import json
from pathlib import Path

import pytest

from ygorules.core.errors import YgoError
from ygorules.names import table as nt


def _w(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _err(call, *args, **kw):
    with pytest.raises(YgoError) as exc:
        call(*args, **kw)
    e = exc.value
    for p in e.problems:  # `ygorules names import` prints the problems, then this summary, which names the file too
        assert str(e).startswith(f"{p.path}: ") and len(str(e)) > len(p.path) + 2
    return str(e), [(p.path, p.line, p.col, p.message, p.fix) for p in e.problems], e.exit_code


def _cards(table):
    return {c.passcode: (c.card_type, c.names, c.unofficial, c.printings) for c in table.cards}


NAMES = "id\ten\tes\tpt\tit\n44095762\tMirror Force\tFuerza de Espejo\tForça do Espelho\t\n27551\tLimit Reverse\tInversión\tInversão\t\n"


def test_a_name_table_with_its_meta_info_and_series_files_beside_it(tmp_path):
    names = _w(tmp_path, "pool.tsv", NAMES)
    _w(tmp_path, "pool_meta.tsv", "id\tcard_type\tprinted_langs\tunofficial_name_langs\n"
                                  "44095762\tTrap\tes,pt,it,en\t\n27551\ttrap\tes,en,it\tit\n")
    _w(tmp_path, "pool_info.tsv", "id\ttcg_printings\tseries_en\n44095762\t31\tForce|\n27551\t\tLimit Reverse | Extra\n")
    _w(tmp_path, "pool_series.tsv", "en\tes\tpt\tit\n# a comment\nForce\tFuerza\t\t\n")
    table, notes = nt.import_tsv(names)
    assert _cards(table) == {
        "44095762": ("trap", {"es": "Fuerza de Espejo", "pt": "Força do Espelho", "it": None, "en": "Mirror Force"}, {}, 31),
        "27551": ("trap", {"es": "Inversión", "pt": None, "it": None, "en": "Limit Reverse"}, {"pt": "Inversão"}, None)}
    assert table.series == [{"es": None, "pt": None, "it": None, "en": "Extra"},
                            {"es": "Fuerza", "pt": None, "it": None, "en": "Force"},
                            {"es": "Inversión", "pt": None, "it": None, "en": "Limit Reverse"}]
    assert table.origin == str(names)
    assert notes == [f"read 2 cards from {names}", f"card types and video-game-only names from {tmp_path / 'pool_meta.tsv'}",
                     f"printings (prominence) from {tmp_path / 'pool_info.tsv'}",
                     "video-game names (never printed in that language, shown marked as such): pt 1",
                     f"1 series (archetype) names from {tmp_path / 'pool_series.tsv'}",
                     f"2 more series from the cards' series in {tmp_path / 'pool_info.tsv'} (names from a card of the same name)"]


def test_the_generic_companion_names_are_found_too_and_explicit_files_win(tmp_path):
    names = _w(tmp_path, "cards.tsv", NAMES)
    _w(tmp_path, "cardnames_meta.tsv", "id\tcard_type\n44095762\tspell\n")
    _w(tmp_path, "cardinfo.tsv", "id\tprintings\n44095762\t2\n")
    _w(tmp_path, "seriesnames.tsv", "en\tes\nForce\tFuerza\n")
    table, notes = nt.import_tsv(names)
    assert _cards(table)["44095762"][0] == "spell" and _cards(table)["44095762"][3] == 2
    assert table.series == [{"es": "Fuerza", "pt": None, "it": None, "en": "Force"}]
    other = _w(tmp_path / "elsewhere", "meta.tsv", "id\tcard_type\n44095762\tmonster\n")
    info = _w(tmp_path / "elsewhere", "info.tsv", "id\ttcg_printings\n44095762\t7\n")
    series = _w(tmp_path / "elsewhere", "series.tsv", "en\nOther\n")
    table, _ = nt.import_tsv(names, meta=other, info=info, series=series)
    assert _cards(table)["44095762"][0] == "monster" and _cards(table)["44095762"][3] == 7
    assert [s["en"] for s in table.series] == ["Other"]


def test_a_table_alone_has_no_types_printings_or_series_and_keys_may_be_called_passcode(tmp_path):
    names = _w(tmp_path, "t.tsv", "passcode\ten\tcard_type\tprintings\n\n1\t A  \tMonster\t\n2\tB\t\t4\n")
    table, notes = nt.import_tsv(names)
    assert _cards(table) == {"1": ("monster", {"es": None, "pt": None, "it": None, "en": "A"}, {}, None),
                             "2": (None, {"es": None, "pt": None, "it": None, "en": "B"}, {}, 4)}
    assert notes == [f"read 2 cards from {names}"] and table.series == []


@pytest.mark.parametrize("text, line, col, message, fix", [
    ("name\ten\n1\tA\n", 1, 1, "the header is ['name', 'en']", "the first line must name the columns: id, en, es, pt, it (tab-separated)"),
    ("id\tcard_type\n1\ttrap\n", 1, 1, "the header is ['id', 'card_type']",
     "the first line must name the columns: id, en, es, pt, it (tab-separated)"),
    ("id\ten\n1\tA\tB\n", 2, 1, "3 tab-separated fields, the header has 2",
     "give every row one field per column (empty where there is no name)"),
    ("en\tid\nA\tx-1\n", 2, 3, "'x-1' is not a passcode", "write the passcode as digits (or kdb<Konami id> for a card without one)"),
    ("id\ten\n1\tA\n1\tB\n", 3, 1, "passcode 1 is also on line 2", "keep one row per card"),
    ("id\ten\tcard_type\n1\tA\tfield\n", 2, 1, "card type 'field' is not Monster, Spell or Trap", "fix the value or leave the field empty"),
    ("id\ten\tprintings\n1\tA\tmany\n", 2, 5, "'many' is not a whole number", "write the number of printings as digits, or leave it empty"),
])
def test_a_bad_name_table_is_reported_at_its_place(tmp_path, text, line, col, message, fix):
    path = _w(tmp_path, "t.tsv", text)
    _, problems, code = _err(nt.import_tsv, path)
    assert problems == [(str(path), line, col, message, fix)] and code == 1


def test_bad_companion_files_are_reported_at_their_place(tmp_path):
    names = _w(tmp_path, "t.tsv", "id\ten\n1\tA\n")
    meta = _w(tmp_path, "m.tsv", "pid\tcard_type\n")
    assert _err(nt.import_tsv, names, meta=meta)[1] == [(str(meta), 1, 1, "no 'id' column", "pass a cardnames_meta.tsv-style file")]
    meta = _w(tmp_path, "m.tsv", "id\tcard_type\n\n1\n")
    assert _err(nt.import_tsv, names, meta=meta)[1] == [(str(meta), 3, 1, "1 fields, the header has 2", "fix the row")]
    info = _w(tmp_path, "i.tsv", "id\tfoo\n")
    assert _err(nt.import_tsv, names, info=info)[1] == [
        (str(info), 1, 1, "the header is ['id', 'foo']", "pass a file with an id column and a tcg_printings (or printings) column")]
    info = _w(tmp_path, "i.tsv", "id\ttcg_printings\n\n1\n")
    assert _err(nt.import_tsv, names, info=info)[1] == [(str(info), 3, 1, "1 fields, the header has 2", "fix the row")]
    info = _w(tmp_path, "i.tsv", "name\tid\ttcg_printings\nA\t1\tx\n")
    assert _err(nt.import_tsv, names, info=info)[1] == [
        (str(info), 2, 5, "'x' is not a whole number", "write the number of printings as digits, or leave it empty")]
    series = _w(tmp_path, "s.tsv", "es\tpt\nA\tB\n")
    assert _err(nt.import_tsv, names, series=series)[1] == [
        (str(series), 1, 1, "the header is ['es', 'pt']", "the first line must name the columns: en, es, pt, it (tab-separated)")]
    series = _w(tmp_path, "s.tsv", "en\tes\nA\n")
    assert _err(nt.import_tsv, names, series=series)[1] == [
        (str(series), 2, 1, "1 tab-separated fields, the header has 2", "give every row one field per column (empty where there is no name)")]
    series = _w(tmp_path, "s.tsv", "en\tes\n \tB\n")
    assert _err(nt.import_tsv, names, series=series)[1] == [
        (str(series), 2, 1, "the en field is empty", "write the series' English name: it identifies the series")]


def test_missing_and_non_utf8_input_files(tmp_path):
    missing = tmp_path / "none.tsv"
    message, problems, code = _err(nt.import_tsv, missing)
    assert (message, problems, code) == (f"{missing}: no such file", [(str(missing), 1, 1, "the file does not exist", "check the path")], 2)
    latin = tmp_path / "latin.tsv"
    latin.write_bytes("id\ten\n1\tFuerza España\n".encode("latin-1"))
    message, problems, code = _err(nt.import_tsv, latin)
    assert problems == [(str(latin), 1, 1, "byte 19 is not UTF-8", "save the file as UTF-8")] and code == 1
    bom = _w(tmp_path, "bom.tsv", "\ufeffid\ten\r\n1\tA\r\n")
    assert _cards(nt.import_tsv(bom)[0]) == {"1": (None, {"es": None, "pt": None, "it": None, "en": "A"}, {}, None)}


# ── yaml-yugi ────────────────────────────────────────────────────────────────

def _card(folder, file, **doc):
    _w(folder, f"data/cards/{file}.json", json.dumps(doc))


def test_yaml_yugi_cards_with_printings_series_and_identifiers(tmp_path):
    _card(tmp_path, "a", password=44095762, card_type="Trap", name={"en": " Mirror  Force ", "es": "Fuerza", "ja": "x"},
          sets={"en": [{"set_number": "A-1"}, {"set_number": "A-1"}, {"set_number": "B-2"}, {"x": 1}], "es": [{"set_number": "A-SP1"}]},
          series=["Force", " ", 3])
    _card(tmp_path, "b", password=None, konami_id=4998, card_type="monster", name={"en": "Obelisk", "pt": 5})
    _card(tmp_path, "c", yugipedia_page_id=77, name={"it": "Solo"})
    _card(tmp_path, "d", name={"en": "No id"})
    _card(tmp_path, "e", password="12", name={"ja": "only japanese"})
    series = _w(tmp_path, "series.tsv", "en\tes\nForce\tFuerza\n")
    table, notes = nt.import_yaml_yugi(tmp_path, series)
    assert _cards(table) == {
        "44095762": ("trap", {"es": "Fuerza", "pt": None, "it": None, "en": "Mirror  Force"}, {}, 2),
        "kdb4998": ("monster", {"es": None, "pt": None, "it": None, "en": "Obelisk"}, {}, 0),
        "yugipedia77": (None, {"es": None, "pt": None, "it": "Solo", "en": None}, {}, 0)}
    assert table.series == [{"es": "Fuerza", "pt": None, "it": None, "en": "Force"}] and table.origin == str(tmp_path)
    assert notes == [f"read 5 card files from {tmp_path / 'data' / 'cards'}",
                     "skipped 2 without an identifier or a name in es/pt/it/en",
                     f"series names per language from {series}", "1 series (archetype) names"]


def test_yaml_yugi_folder_of_card_files_without_series(tmp_path):
    _card(tmp_path / "x", "a", password=1, name={"en": "A"}, sets="none")
    table, notes = nt.import_yaml_yugi(tmp_path / "x" / "data" / "cards")
    assert _cards(table) == {"1": (None, {"es": None, "pt": None, "it": None, "en": "A"}, {}, 0)}
    assert notes == [f"read 1 card files from {tmp_path / 'x' / 'data' / 'cards'}"]


def test_yaml_yugi_errors_name_the_file(tmp_path):
    message, problems, code = _err(nt.import_yaml_yugi, tmp_path / "nope")
    assert code == 2 and problems == [(str(tmp_path / "nope"), 1, 1, "not a folder", "pass a yaml-yugi checkout or its data/cards folder")]
    (tmp_path / "empty").mkdir()
    assert _err(nt.import_yaml_yugi, tmp_path / "empty")[1] == [
        (str(tmp_path / "empty"), 1, 1, "found no *.json card files here or under data/cards/", "pass the root of a yaml-yugi checkout")]
    bad = _w(tmp_path / "j", "data/cards/a.json", '{"name":\n  {"en": }}')
    assert _err(nt.import_yaml_yugi, tmp_path / "j")[1] == [(str(bad), 2, 10, "Expecting value", "fix or remove the file")]
    bad = tmp_path / "u" / "a.json"
    bad.parent.mkdir()
    bad.write_bytes(b'{"name": {"en": "\xff"}}')
    assert _err(nt.import_yaml_yugi, tmp_path / "u")[1] == [(str(bad), 1, 1, "the file is not UTF-8", "fix or remove the file")]
    bad = _w(tmp_path / "n", "a.json", '{"name": "Mirror Force"}')
    assert _err(nt.import_yaml_yugi, tmp_path / "n")[1] == [
        (str(bad), 1, 1, "expected an object with a 'name' object", "pass a yaml-yugi checkout (data/cards/*.json)")]
    _card(tmp_path / "d", "a", password=1, name={"en": "A"})
    _card(tmp_path / "d", "b", password=1, name={"en": "B"})
    b = tmp_path / "d" / "data" / "cards" / "b.json"
    assert _err(nt.import_yaml_yugi, tmp_path / "d")[1] == [
        (str(b), 1, 1, f"passcode 1 also in {tmp_path / 'd' / 'data' / 'cards' / 'a.json'}", "remove one of the two files")]
    _card(tmp_path / "t", "a", password=1, card_type="Skill", name={"en": "A"})
    assert _err(nt.import_yaml_yugi, tmp_path / "t")[1] == [
        (str(tmp_path / "t" / "data" / "cards" / "a.json"), 1, 1, "card type 'Skill' is not Monster, Spell or Trap",
         "fix the value or leave the field empty")]


# ── the stored table ─────────────────────────────────────────────────────────

def test_a_damaged_or_foreign_table_file_is_reported(tmp_path):
    gz = tmp_path / "t.tsv.gz"
    gz.write_bytes(b"\x1f\x8b" + b"garbage")
    message, problems, _ = _err(nt.load_table, gz)
    assert message.startswith(f"{gz}: damaged gzip file (") and problems == [
        (str(gz), 1, 1, "the file is not a readable gzip file", "import it again with `ygorules names import`")]
    latin = tmp_path / "l.tsv"
    latin.write_bytes(gzip.compress("x\xe9".encode("latin-1")))
    assert _err(nt.load_table, latin)[:2] == (f"{latin}: not UTF-8", [(str(latin), 1, 1, "byte 1 is not UTF-8", "save the file as UTF-8")])
    other = _w(tmp_path, "o.tsv", "hello\n")
    assert _err(nt.load_table, other)[:2] == (f"{other}: not a ygorules name table", [
        (str(other), 1, 1, f"the first line is not '{nt.MAGIC}'",
         "create the table with `ygorules names import yaml-yugi DIR` or `ygorules names import tsv FILE`")])
    cols = _w(tmp_path, "c.tsv", nt.MAGIC + "\npasscode\ten\n")
    assert _err(nt.load_table, cols)[:2] == (f"{cols}: unexpected columns", [
        (str(cols), 2, 1, "the header is not " + " ".join(nt.COLUMNS), "import the table again")])
    head = nt.MAGIC + "\n" + "\t".join(nt.COLUMNS) + "\n"
    for row, col in [("1\ttrap\tA\t\t\t\t\t\t\t", 16), ("1\ttrap\tA", 9), ("x y\ttrap\t\t\t\t\t\t\t", 1), ("1\ttrap\t\t\t\t\t\tmany\t", 1)]:
        bad = _w(tmp_path, "r.tsv", head + "\n" + row + "\n")
        assert _err(nt.load_table, bad)[:2] == (f"{bad}: damaged row", [
            (str(bad), 4, col, f"expected {len(nt.COLUMNS)} tab-separated fields starting with a passcode", "import the table again")])


def test_a_table_reads_back_with_crlf_line_ends_video_game_names_and_series(tmp_path):
    head = nt.MAGIC_V2 + "\r\n" + "\t".join(nt.COLUMNS_V2) + "\r\n"  # a table of version 2 (no translated column) still reads
    path = _w(tmp_path, "t.tsv", head + "1\ttrap\tUno\tUm\t\tOne\tpt\t3\r\n@series\tseries\t\t\t\tHero\t\t\r\n2\t\t\t\t\tTwo\t\t\r\n")
    table = nt.load_table(path)
    assert _cards(table) == {"1": ("trap", {"es": "Uno", "pt": None, "it": None, "en": "One"}, {"pt": "Um"}, 3),
                             "2": (None, {"es": None, "pt": None, "it": None, "en": "Two"}, {}, None)}
    assert table.series == [{"es": None, "pt": None, "it": None, "en": "Hero"}]
    assert (table.path, table.origin) == (path, str(path))


def test_an_unofficial_translation_reads_back_marked_and_never_as_an_official_name(tmp_path):
    head = nt.MAGIC + "\n" + "\t".join(nt.COLUMNS) + "\n"
    path = _w(tmp_path, "t.tsv", head + "1\tmonster\t\t\t\tArms of the Deep\t\t0\ten\n2\ttrap\tDos\tDois\t\tTwo\t\t\tes\n")
    cards = nt.load_table(path).by_passcode()
    assert (cards["1"].names["en"], cards["1"].translated) == (None, {"en": "Arms of the Deep"})
    assert (cards["2"].names, cards["2"].translated) == ({"es": None, "pt": "Dois", "it": None, "en": "Two"}, {"es": "Dos"})
    assert nt.dumps(nt.load_table(path)) == nt.dumps(nt.NameTable(list(cards.values())))
    assert nt.load_table(path).find("arms of the deep") == []  # find() matches official names only


def test_the_default_table_location(monkeypatch, tmp_path):
    monkeypatch.setenv("YGORULES_NAMES", "~/names.tsv")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert nt.default_path() == tmp_path / "names.tsv"
    monkeypatch.setenv("YGORULES_NAMES", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert nt.default_path() == tmp_path / "data" / "ygorules" / "names.tsv.gz"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert nt.default_path() == tmp_path / ".local" / "share" / "ygorules" / "names.tsv.gz"
    assert nt.load_table().cards == [] and nt.load_table().path is None


def test_the_stored_table_lists_passcodes_in_number_order_then_other_identifiers_then_series(tmp_path):
    cards = [nt.CardRecord(k, None, {"en": k}) for k in ("kdb5", "10", "9", "kdb10")]
    series = [{"en": None, "es": "Zeta"}, {"en": "Beta"}, {"en": None, "it": "Alfa"}]
    text = nt.dumps(nt.NameTable(cards, series=series))
    assert [line.split("\t")[0] for line in text.splitlines()[2:]] == ["9", "10", "kdb10", "kdb5", "@series", "@series", "@series"]
    assert [line.split("\t")[2:6] for line in text.splitlines()[6:]] == [["", "", "Alfa", ""], ["", "", "", "Beta"],
                                                                       ["Zeta", "", "", ""]]
    assert text.splitlines()[6].split("\t")[:2] == ["@series", "series"] and text.endswith("\t\t\n")
    first = nt.write_table(nt.NameTable(cards), tmp_path / "a.tsv.gz").read_bytes()
    assert nt.write_table(nt.NameTable(cards), tmp_path / "b.tsv.gz").read_bytes() == first  # no timestamp inside


def test_an_empty_table_without_a_final_newline_loads_and_a_missing_explicit_one_is_an_error(tmp_path):
    path = _w(tmp_path, "t.tsv", nt.MAGIC + "\n" + "\t".join(nt.COLUMNS))
    assert nt.load_table(path).cards == []
    message, problems, _ = _err(nt.load_table, tmp_path / "none.tsv")
    assert (message, problems) == (f"{tmp_path / 'none.tsv'}: no such name table", [
        (str(tmp_path / "none.tsv"), 1, 1, "the file does not exist",
         "create it with `ygorules names import tsv FILE -o PATH` or check --names")])


def test_yaml_yugi_cards_with_a_password_that_is_not_a_number_use_their_konami_id(tmp_path):
    _card(tmp_path, "a", password="N/A", konami_id=5, name={"en": "A"})
    _card(tmp_path, "b", name={"en": "No id"})
    _card(tmp_path, "c", name={"en": "No id either"})
    table, notes = nt.import_yaml_yugi(tmp_path)
    assert [c.passcode for c in table.cards] == ["kdb5"]
    assert notes[1] == "skipped 2 without an identifier or a name in es/pt/it/en"
    message = _err(nt.import_yaml_yugi, tmp_path / "nope")[0]
    assert message == f"{tmp_path / 'nope'}: no such folder"
