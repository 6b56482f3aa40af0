"""The report's single capitalised words of card names (names/unknown.py, issue 24): ``translate --report`` lists a
capitalised word that is a word of the pool's card names and no everyday word of any language, where no name was found
("Glimmerwing atacó": two cards have the word), with the cards it may be; not a character, a word of the game, a verb
that summons, nor a word inside a name found. Card names are made up."""
from __future__ import annotations

import json

import pytest

from _names_fixtures import KB, pool_table, small_index
from test_translate import run_cli

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9301\tGlimmerwing Drake\tDraco Glimmerwing\tDraco Glimmerwing\tDrago Glimmerwing\tMonster\t6
9302\tGlimmerwing Sage\tSabio Glimmerwing\tSábio Glimmerwing\tSaggio Glimmerwing\tMonster\t6
9303\tPegasus Lancer\tLancero Pegasus\tLanceiro Pegasus\tLanciere Pegasus\tMonster\t6
9304\tKonami Warden\tCelador Konami\tZelador Konami\tCustode Konami\tMonster\t6
9305\tInvocar Storm\tTormenta Invocar\tTempestade Invocar\tTempesta Invocar\tSpell\t6
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return pool_table(tmp_path_factory.mktemp("report-words"), POOL)


def report(tmp_path, table, capsys, text: str) -> dict:
    src = tmp_path / "a.txt"
    src.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["translate", "--kb", str(KB), "--names", str(table), "--from", "es", "--to", "en",
                              "--report", "--json", str(src)], capsys)
    assert code == 0, err
    return {r["text"]: r for r in json.loads(out)["report"]["unresolved"]}


def test_a_capitalised_word_of_card_names_left_unresolved_is_reported_with_its_cards(tmp_path, table, capsys):
    got = report(tmp_path, table, capsys,
                 "Luego mi Glimmerwing atacó, pero mi Pegasus jugó su Konami, quiso Invocar y ganó Zorvath.\n")
    assert set(got) == {"Glimmerwing"}, got  # (not the character, the word of the game, the verb, nor a word that is
    # no card's)
    entry = got["Glimmerwing"]
    assert entry["why"] == "a word of card names"
    assert {c["id"] for c in entry["candidates"]} >= {"glimmerwing-drake", "glimmerwing-sage"}


def test_a_word_of_a_name_found_is_not_reported(tmp_path, table, capsys):
    assert report(tmp_path, table, capsys, "Activé Draco Glimmerwing y ganó.\n") == {}


def test_in_text_mode_the_word_is_said_on_stderr(tmp_path, table, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Ayer mi Glimmerwing atacó.\n", encoding="utf-8")
    code, out, err = run_cli(["translate", "--kb", str(KB), "--names", str(table), "--from", "es", "--to", "en",
                              "--report", str(src)], capsys)
    assert code == 0 and out == "Ayer mi Glimmerwing atacó.\n"
    assert "1:9: 'Glimmerwing' (a word of card names)" in err


# ── unknown.words itself, over a text the translator read ────────────────────

@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("report-words-index"), POOL + "9306\tZerk Spellcaster\tZerk Lanzador de Conjuros"
                       "\tZerk Mago\tZerk Incantatore\tMonster\t6\n9307\tQor Drake\tDraco Qor\tDraco Qor\tDrago Qor\tMonster\t6\n")


def listed(index, text: str, taken=None) -> list:
    from ygorules.names import unknown
    from ygorules.names.translate import Translator
    tr = Translator(index, "es", "en")
    spans = tr.spans(text)
    if taken is None:
        taken = sorted([(s.start, s.end) for s in spans] + [(s.start, s.end) for s, _ in tr.held])
    return [text[a:b] for a, b in unknown.words(tr, taken)]


@pytest.mark.parametrize("text, want", [
    ("Mi Pegasus, mi Spellcaster y luego mi Glimmerwing.", ["Glimmerwing"]),  # (words left out before one listed)
    ("Mi glimmerwing y mi Glimmerwing2 y https://x.com/Glimmerwing no.", []),  # lower case, a digit, a link
    ("Mi Zerk atacó, mi Qor no.", ["Zerk"]),  # a word of LETTERS letters; a shorter one is no such word
])
def test_the_words_listed(index, text, want):
    assert listed(index, text) == want


def test_a_word_right_after_or_before_a_taken_range_is_listed(index):
    text = "Mi Glimmerwing, Zerk."
    a = text.index("Glimmerwing")
    z = text.index("Zerk")
    assert listed(index, text, [(0, 3), (a - 1, a), (z + 4, z + 5)]) == ["Glimmerwing", "Zerk"]
    assert listed(index, text, [(0, 3), (a - 1, a + 1)]) == ["Zerk"]  # (a range that reaches into it: taken)
