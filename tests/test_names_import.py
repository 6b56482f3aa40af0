"""`ygorules names import` and nametable: reading yaml-yugi and cardnames.tsv, storing and loading the table."""
from __future__ import annotations

import gzip
import os
import shutil
from pathlib import Path

import pytest

from ygorules.names import table as nametable
from ygorules.cli import main
from ygorules.core.errors import YgoError

FIX = Path(__file__).parent / "fixtures" / "names"
SHARED_DATA = Path(os.environ.get("YGORULES_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "data"


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "default-names.tsv.gz"))


def by_passcode(table):
    return {c.passcode: c for c in table.cards}


def test_tsv_import_reads_names_types_and_video_game_names_from_the_meta_file():
    table, notes = nametable.import_tsv(FIX / "pool.tsv")
    cards = by_passcode(table)
    assert len(cards) == 12
    mf = cards["44095762"]
    assert mf.card_type == "trap"
    assert mf.names == {"es": "Fuerza de Espejo", "pt": "Força do Espelho", "it": "Forza Riflessa", "en": "Mirror Force"}
    # Limit Reverse was never printed in Portuguese: its pt name is a video-game name, not an official one
    lr = cards["27551"]
    assert lr.names["pt"] is None and lr.unofficial == {"pt": "Inversão de Limite"}
    assert any("pool_meta.tsv" in n for n in notes)


def test_tsv_import_keeps_identifiers_of_cards_without_a_passcode():
    cards = by_passcode(nametable.import_tsv(FIX / "pool.tsv")[0])
    assert cards["kdb4998"].names["en"] == "Obelisk the Tormentor"
    assert not cards["kdb4998"].has_passcode and cards["44095762"].has_passcode


def test_tsv_import_without_a_meta_file_leaves_card_types_unknown(tmp_path):
    shutil.copy(FIX / "pool.tsv", tmp_path / "names.tsv")
    cards = by_passcode(nametable.import_tsv(tmp_path / "names.tsv")[0])
    assert cards["44095762"].card_type is None
    assert cards["27551"].names["pt"] == "Inversão de Limite"


def test_yaml_yugi_import_reads_a_checkout_and_names_cards_without_passcode_by_konami_id():
    table, notes = nametable.import_yaml_yugi(FIX / "yaml-yugi")
    cards = by_passcode(table)
    assert set(cards) == {"44095762", "79575620", "kdb4998"}
    assert cards["79575620"].names["es"] == "Hada de la Inyección Lily"
    assert cards["79575620"].card_type == "monster"
    assert "read 3 card files" in notes[0]


def test_yaml_yugi_import_also_accepts_the_cards_folder_itself():
    table, _ = nametable.import_yaml_yugi(FIX / "yaml-yugi" / "data" / "cards")
    assert len(table.cards) == 3


def test_written_table_loads_back_identically(tmp_path):
    table, _ = nametable.import_tsv(FIX / "pool.tsv")
    path = nametable.write_table(table, tmp_path / "t.tsv.gz")
    assert gzip.decompress(path.read_bytes()).decode().startswith(nametable.MAGIC + "\n")
    loaded = nametable.load_table(path)
    key = lambda c: (c.passcode, c.card_type, c.names, c.unofficial)  # noqa: E731
    assert sorted(map(key, loaded.cards), key=repr) == sorted(map(key, table.cards), key=repr)


def test_default_path_follows_ygorules_names_then_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "x.tsv.gz"))
    assert nametable.default_path() == tmp_path / "x.tsv.gz"
    monkeypatch.delenv("YGORULES_NAMES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert nametable.default_path() == tmp_path / "data" / "ygorules" / "names.tsv.gz"


def test_load_table_without_a_table_at_the_default_location_is_empty():
    table = nametable.load_table()
    assert table.cards == [] and table.path is None


def test_load_table_with_a_missing_explicit_path_is_an_error(tmp_path):
    with pytest.raises(YgoError, match="no such name table"):
        nametable.load_table(tmp_path / "nope.tsv.gz")


def test_find_matches_names_ignoring_case_and_accents():
    table, _ = nametable.import_tsv(FIX / "pool.tsv")
    assert [c.passcode for c in table.find("FUERZA DE ESPEJO OSCURA")] == ["20522190"]
    assert [c.passcode for c in table.find("inversion di limite", lang="it")] == []
    assert [c.passcode for c in table.find("Inversione di Limite", lang="it")] == ["27551"]


def test_cli_import_writes_the_table_where_o_says(tmp_path, capsys):
    out = tmp_path / "pool.tsv.gz"
    assert main(["names", "import", "tsv", str(FIX / "pool.tsv"), "-o", str(out)]) == 0
    assert "wrote 12 cards" in capsys.readouterr().out
    assert len(nametable.load_table(out).cards) == 12


def test_cli_import_writes_to_the_default_location_without_o(capsys):
    assert main(["names", "import", "yaml-yugi", str(FIX / "yaml-yugi")]) == 0
    assert len(nametable.load_table(nametable.default_path()).cards) == 3


def test_cli_import_rejects_a_bad_passcode_with_its_line_and_column(tmp_path, capsys):
    bad = tmp_path / "bad.tsv"
    bad.write_text("id\ten\tes\tpt\tit\n44095762\tMirror Force\t\t\t\nMF-01\tX\t\t\t\n", encoding="utf-8")
    assert main(["names", "import", "tsv", str(bad), "-o", str(tmp_path / "o.gz")]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3:1: 'MF-01' is not a passcode" in err
    assert not (tmp_path / "o.gz").exists()


def test_cli_import_rejects_a_row_with_missing_fields(tmp_path, capsys):
    bad = tmp_path / "bad.tsv"
    bad.write_text("id\ten\tes\tpt\tit\n44095762\tMirror Force\n", encoding="utf-8")
    assert main(["names", "import", "tsv", str(bad)]) == 1
    assert f"{bad}:2:1: 2 tab-separated fields, the header has 5" in capsys.readouterr().err


def test_cli_import_rejects_a_file_that_is_not_a_name_table(tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("just some notes\n", encoding="utf-8")
    assert main(["names", "import", "tsv", str(bad)]) == 1
    assert "the first line must name the columns" in capsys.readouterr().err


def test_cli_import_of_a_missing_file_is_a_usage_error(tmp_path, capsys):
    assert main(["names", "import", "tsv", str(tmp_path / "nope.tsv")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_cli_import_reports_broken_yaml_yugi_json_with_its_position(tmp_path, capsys):
    cards = tmp_path / "data" / "cards"
    cards.mkdir(parents=True)
    (cards / "1.json").write_text('{"password": 1,\n "name": {"en": "X",}}\n', encoding="utf-8")
    assert main(["names", "import", "yaml-yugi", str(tmp_path)]) == 1
    assert f"{cards / '1.json'}:2:21:" in capsys.readouterr().err


def test_loading_a_file_that_is_not_a_table_names_the_fix(tmp_path):
    bad = tmp_path / "x.tsv.gz"
    bad.write_bytes(gzip.compress(b"id\ten\n1\tX\n"))
    with pytest.raises(YgoError) as exc:
        nametable.load_table(bad)
    assert "ygorules names import" in exc.value.problems[0].fix


@pytest.mark.shared
@pytest.mark.skipif(not (SHARED_DATA / "cardnames.tsv").is_file(), reason="../shared/data is absent")
def test_the_whole_cardnames_tsv_imports_every_card_with_a_printed_or_a_master_duel_name():
    table, notes = nametable.import_tsv(SHARED_DATA / "cardnames.tsv")
    # 220 of the 14276 cards have only names that are neither printed nor Master Duel's (never printed, not in Master Duel):
    # kept, by those names marked as unofficial translations
    assert len(table.cards) == 14276
    assert sum(1 for c in table.cards if c.translated and not any(c.names.values()) and not c.unofficial) == 220
    # the README's "about 1,789" Master Duel-only pt names: 1788 of the cards in Master Duel, and Black Luster Soldier
    # (kdb19092), not in Master Duel, whose pt name is left out
    assert sum(1 for c in table.cards if "pt" in c.unofficial) == 1788
    assert "video-game names (never printed in that language, shown marked as such): es 250, pt 1788, it 217, en 156" in notes


# ── printings, series, nicknames (issue 13) ───────────────────────────────────

def test_tsv_import_takes_printings_and_series_from_the_files_next_to_it():
    table, notes = nametable.import_tsv(FIX / "pool.tsv")
    assert by_passcode(table)["44095762"].printings == 31 and by_passcode(table)["39239728"].printings == 0
    assert {s["en"]: s["it"] for s in table.series} == {"Ice Barrier": "Barriera di Ghiaccio", "Fairy Tale": "Fiaba"}
    assert any("pool_info.tsv" in n for n in notes) and any("pool_series.tsv" in n for n in notes)


def test_a_printings_column_in_the_table_itself_wins(tmp_path):
    (tmp_path / "t.tsv").write_text("id\ten\tprintings\n44095762\tMirror Force\t7\n", encoding="utf-8")
    assert nametable.import_tsv(tmp_path / "t.tsv")[0].cards[0].printings == 7


def test_a_bad_printings_value_names_file_line_and_column(tmp_path):
    (tmp_path / "t.tsv").write_text("id\ten\tprintings\n44095762\tMirror Force\tmany\n", encoding="utf-8")
    with pytest.raises(YgoError) as exc:
        nametable.import_tsv(tmp_path / "t.tsv")
    p = exc.value.problems[0]
    assert (p.line, p.col) == (2, 23) and "'many' is not a whole number" in p.message


def test_series_of_the_cards_named_after_a_card_take_its_names(tmp_path):
    shutil.copy(FIX / "pool.tsv", tmp_path / "p.tsv")
    (tmp_path / "p_info.tsv").write_text("id\tseries_en\ttcg_printings\n46986414\tDark Magician\t60\n", encoding="utf-8")
    table, _ = nametable.import_tsv(tmp_path / "p.tsv")
    assert table.series == [{"es": "Mago Oscuro", "pt": "Mago Negro", "it": "Mago Nero", "en": "Dark Magician"}]


def test_the_table_keeps_printings_and_series_and_reads_version_1_tables(tmp_path):
    table, _ = nametable.import_tsv(FIX / "pool.tsv")
    path = nametable.write_table(table, tmp_path / "t.tsv")
    back = nametable.load_table(path)
    assert by_passcode(back)["44095762"].printings == 31 and len(back.series) == 2
    v1 = tmp_path / "v1.tsv"
    v1.write_text(nametable.MAGIC_V1 + "\npasscode\tcard_type\tes\tpt\tit\ten\tunofficial\n44095762\ttrap\tFuerza de Espejo\t\t\tMirror Force\t\n",
                  encoding="utf-8")
    assert nametable.load_table(v1).cards[0].printings is None


def test_yaml_yugi_import_counts_printings_and_collects_series():
    table, _ = nametable.import_yaml_yugi(FIX / "yaml-yugi", FIX / "pool_series.tsv")
    assert all(c.printings is not None for c in table.cards)
    assert any(s["en"] == "Ice Barrier" for s in table.series)


@pytest.mark.parametrize("row, col, what", [
    ("x123\tMirror Force\tMF\tes\tabbreviation\t\t", 1, "'x123' is not a passcode"),
    ("44095762\tMirror Force\tMF\tes\tpet-name\t\t", 29, "unknown kind 'pet-name'"),
    ("44095762\tMirror Force\tMF\tes,fr\tnickname\t\t", 26, "unknown language 'fr'"),
    ("44095762\tMirror Force\tMF\tes", 28, "4 tab-separated fields, the header has 7"),
])
def test_nickname_file_errors_name_file_line_column_and_fix(tmp_path, row, col, what):
    from ygorules.names import nicknames
    path = tmp_path / "nick.tsv"
    path.write_text("passcode\ten\ttext\tlangs\tkind\tsource\tnote\n# comment\n" + row + "\n", encoding="utf-8")
    with pytest.raises(YgoError) as exc:
        nicknames.load(str(path))
    p = exc.value.problems[0]
    assert (p.path, p.line, p.col) == (str(path), 3, col) and what in p.message and p.fix


def test_the_project_nickname_file_loads():
    from ygorules.names import nicknames
    path = Path(__file__).resolve().parents[1] / "data" / "nicknames.tsv"
    if not path.is_file():
        pytest.skip("data/nicknames.tsv is not there yet")
    rows = nicknames.load(str(path))
    assert len(rows) >= 300 and all(r.kind in nicknames.KINDS for r in rows)


def _yaml_yugi_card(folder, passcode, names, sets, **extra):
    import json
    doc = {"password": passcode, "name": names, "card_type": "Trap", "sets": {l: [{"set_number": f"X-{l}{i}"} for i in range(n)]
                                                                               for l, n in sets.items()}, **extra}
    (folder / f"{passcode}.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def test_yaml_yugi_import_keeps_a_name_in_a_language_never_printed_as_a_video_game_name(tmp_path):
    _yaml_yugi_card(tmp_path, 9267769, {"en": "Flashbang", "es": "Destello", "pt": "Granada de Atordoamento", "it": "Granata Accecante"},
                    {"en": 3, "es": 1, "it": 1, "pt": 0}, master_duel_rarity="R")
    _yaml_yugi_card(tmp_path, 39239728, {"en": "Royal Guard", "es": "Guardia Real", "pt": "Guarda Real", "it": "Guardia Reale"},
                    {"ja": 2}, master_duel_rarity="N")
    _yaml_yugi_card(tmp_path, 44095762, {"en": "Mirror Force", "pt": "Força do Espelho"}, {"en": 1, "pt": 1})
    _yaml_yugi_card(tmp_path, 11111111, {"en": "Unreleased", "pt": "Inédito"}, {})  # no printing anywhere yet: nothing to compare
    _yaml_yugi_card(tmp_path, 19092, {"en": "Black Luster Soldier", "pt": "Soldado do Lustro Negro"}, {"en": 1})  # in no game
    _yaml_yugi_card(tmp_path, 595626, {"en": "Ankuriboh"}, {"ja": 1})  # printed only in Japanese, in no game
    _yaml_yugi_card(tmp_path, 37092104, {"en": "Arms of the Deep"}, {"ja": 1, "en": 1},  # the data set marks its name
                    is_translation_unofficial={"name": {"en": True}, "text": {"en": True}})
    table, notes = nametable.import_yaml_yugi(tmp_path)
    cards = by_passcode(table)
    assert cards["9267769"].names == {"es": "Destello", "pt": None, "it": "Granata Accecante", "en": "Flashbang"}
    assert cards["9267769"].unofficial == {"pt": "Granada de Atordoamento"}
    assert cards["39239728"].names == {l: None for l in ("es", "pt", "it", "en")}
    assert cards["39239728"].unofficial == {"es": "Guardia Real", "pt": "Guarda Real", "it": "Guardia Reale", "en": "Royal Guard"}
    assert cards["44095762"].unofficial == {} and cards["11111111"].names["pt"] == "Inédito"
    assert "video-game names (never printed in that language, shown marked as such): es 1, pt 2, it 1, en 1" in notes
    assert cards["19092"].names == {"es": None, "pt": None, "it": None, "en": "Black Luster Soldier"} and not cards["19092"].unofficial
    # neither printed nor a game's: kept as an unofficial translation, never as an official name (the card too, when it has no other)
    assert cards["19092"].translated == {"pt": "Soldado do Lustro Negro"}
    assert cards["595626"].names == {l: None for l in ("es", "pt", "it", "en")} and cards["595626"].translated == {"en": "Ankuriboh"}
    assert cards["37092104"].names["en"] is None and cards["37092104"].translated == {"en": "Arms of the Deep"}
    assert ("unofficial translations (never printed in that language nor in a video game; found by lookup and can, never shown "
            "as official): pt 1, en 2, of 2 cards with no other name") in notes
    # the marks survive the table file
    back = by_passcode(nametable.load_table(nametable.write_table(table, tmp_path / "t.tsv.gz")))
    assert back["9267769"].unofficial == {"pt": "Granada de Atordoamento"} and back["9267769"].names["pt"] is None
    assert back["595626"].translated == {"en": "Ankuriboh"} and back["595626"].names["en"] is None and not back["595626"].unofficial
    assert back["19092"].translated == {"pt": "Soldado do Lustro Negro"} and back["19092"].names["en"] == "Black Luster Soldier"


def test_tsv_import_counts_the_video_game_names_per_language():
    _, notes = nametable.import_tsv(FIX / "pool.tsv")
    # Limit Reverse (pt) and Royal Guard (printed only in Japanese: all four) in pool_meta.tsv
    assert "video-game names (never printed in that language, shown marked as such): es 1, pt 2, it 1, en 1" in notes


def test_tsv_import_marks_master_duel_names_as_video_game_names_and_the_others_as_unofficial_translations(tmp_path):
    (tmp_path / "n.tsv").write_text("id\ten\tes\tpt\tit\n"
                                    "27551\tLimit Reverse\tInvertir el Límite\tInversão de Limite\tInversione di Limite\n"
                                    "19092\tBlack Luster Soldier\tSoldado del Brillo Negro\tSoldado do Lustro Negro\t\n"
                                    "595626\tAnkuriboh\t\t\t\n", encoding="utf-8")
    (tmp_path / "n_meta.tsv").write_text("id\tcard_type\tprinted_langs\tunofficial_name_langs\tin_master_duel\n"
                                         "27551\tTrap\ten,es,it,ja\t\tyes\n"
                                         "19092\tMonster\ten,ja\t\t\n"  # never printed in es/pt and in no game we know
                                         "595626\tMonster\tja\ten\t\n", encoding="utf-8")  # a wiki's English translation
    table, notes = nametable.import_tsv(tmp_path / "n.tsv")
    cards = by_passcode(table)
    assert cards["27551"].unofficial == {"pt": "Inversão de Limite"} and cards["27551"].names["es"] == "Invertir el Límite"
    assert cards["19092"].names == {"es": None, "pt": None, "it": None, "en": "Black Luster Soldier"} and cards["19092"].unofficial == {}
    assert cards["19092"].translated == {"es": "Soldado del Brillo Negro", "pt": "Soldado do Lustro Negro"}
    assert cards["595626"].translated == {"en": "Ankuriboh"} and not any(cards["595626"].names.values())
    assert notes[0] == f"read 3 cards from {tmp_path / 'n.tsv'}"
    assert ("unofficial translations (never printed in that language nor in a video game; found by lookup and can, never shown "
            "as official): es 1, pt 1, en 1, of 1 card with no other name") in notes


def _yaml_yugi_checkout(root, series):
    """A made-up yaml-yugi checkout: two cards of one series and data/series/list.json."""
    import json
    cards = root / "data" / "cards"
    cards.mkdir(parents=True)
    _yaml_yugi_card(cards, 11111112, {"en": "Glimmer Owl", "es": "Búho Destello"}, {"en": 1, "es": 1}, series=["Glimmer"])
    _yaml_yugi_card(cards, 11111113, {"en": "Glimmer Fox"}, {"en": 1}, series=["Glimmer"])
    (root / "data" / "series").mkdir()
    (root / "data" / "series" / "list.json").write_text(series, encoding="utf-8")


def test_yaml_yugi_import_reads_the_checkouts_series_names_per_language(tmp_path):
    import json
    _yaml_yugi_checkout(tmp_path, json.dumps([
        {"en": "Glimmer", "de": "Schimmer", "es": "Destello", "pt": "Cintilante", "it": "Scintilla", "ja": "x"},
        {"en": "Unused Series", "es": None, "pt": "Série Sem Uso", "it": None},
        {"en": None, "es": "Sin inglés"},  # no English name: nothing to match it with, left out
    ], ensure_ascii=False))
    table, notes = nametable.import_yaml_yugi(tmp_path)
    series = {s["en"]: s for s in table.series}
    assert series["Glimmer"] == {"es": "Destello", "pt": "Cintilante", "it": "Scintilla", "en": "Glimmer"}
    assert series["Unused Series"]["pt"] == "Série Sem Uso" and len(series) == 2
    assert any("series names per language from" in n and n.endswith("list.json") for n in notes)
    # the cards folder itself finds the list beside it too
    table, _ = nametable.import_yaml_yugi(tmp_path / "data" / "cards")
    assert {s["en"]: s for s in table.series}["Glimmer"]["it"] == "Scintilla"


def test_yaml_yugi_import_without_a_series_list_keeps_the_cards_english_series(tmp_path):
    (tmp_path / "data" / "cards").mkdir(parents=True)
    _yaml_yugi_card(tmp_path / "data" / "cards", 11111112, {"en": "Glimmer Owl"}, {"en": 1}, series=["Glimmer"])
    table, notes = nametable.import_yaml_yugi(tmp_path)
    assert table.series == [{"es": None, "pt": None, "it": None, "en": "Glimmer"}]
    assert not any("series names per language" in n for n in notes)


@pytest.mark.parametrize("text, what", [
    ('[{"en": "Glimmer"', "not valid JSON"),
    ('{"en": "Glimmer"}', "expected a list of objects"),
])
def test_a_damaged_series_list_is_an_error_naming_the_file(tmp_path, capsys, text, what):
    _yaml_yugi_checkout(tmp_path, text)
    assert main(["names", "import", "yaml-yugi", str(tmp_path), "--no-facts", "-o", str(tmp_path / "t.tsv.gz")]) == 1
    err = capsys.readouterr().err
    assert "list.json" in err and what in err and "Traceback" not in err
    assert not (tmp_path / "t.tsv.gz").exists()
