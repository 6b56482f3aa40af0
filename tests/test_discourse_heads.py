"""A card named in full by its English name in Romance text, then by that name's last word (names/discourse.py
``_english_heads``, issue 24): the English head noun is the card's short form even where it is an everyday English word,
when it is no everyday word of the text's language and no term of the game. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8401\tLonehill Teacher\tMaestra de Lonehill\tProfessora de Lonehill\tMaestra di Lonehill\tMonster\t6
8402\tLonehill Doctor\tMédico de Lonehill\tMédico de Lonehill\tMedico di Lonehill\tMonster\t6
8403\tLonehill Chain\tCadena de Lonehill\tCorrente de Lonehill\tCatena di Lonehill\tTrap\t6
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("heads"), POOL)


@pytest.mark.parametrize("text, lang, short", [
    ("Juego Lonehill Teacher siempre. Después el Teacher busca dos cartas.", "es", "Teacher"),
    ("Uso Lonehill Teacher sempre. Depois o Teacher busca duas cartas.", "pt", "Teacher"),
])
def test_the_english_name_s_last_word_is_the_card(index, text, lang, short):
    got = card_spans(index, text, lang)
    assert (short, "8401") in got, got


@pytest.mark.parametrize("text, lang, short", [
    ("Juego Lonehill Doctor siempre. Después un Doctor busca dos cartas.", "es", "Doctor"),  # an everyday Spanish word
    # (not made one thing: after a definite article, "el Doctor", it is the card: test_discourse.py)
    ("Juego Lonehill Chain siempre. Después la Chain se resuelve.", "es", "Chain"),  # a term of the game
    ("Juego Maestra de Lonehill siempre. Después el Teacher busca dos cartas.", "es", "Teacher"),  # not named in English
])
def test_an_everyday_word_of_the_text_a_term_or_a_name_not_in_english_lends_no_head(index, text, lang, short):
    got = card_spans(index, text, lang)
    assert not any(t == short for t, _ in got), got


@pytest.mark.parametrize("text", [
    "Juego Lonehill Teacher siempre. Después NS Teacher primero y busco dos cartas.",  # a Normal Summon of it
    "Juego Lonehill Teacher siempre. Después SS Teacher desde el cementerio.",
])
def test_the_initials_of_a_summon_before_the_word_are_no_word_of_a_longer_name(index, text):
    assert ("Teacher", "8401") in card_spans(index, text, "es")


def test_the_head_before_a_series_word_that_ends_the_english_name_is_the_card(tmp_path):
    # ("Throne of the Vexmorans": its last word is its series' in the plural, its head the word before; "Throne" is an
    # everyday English word, no Spanish one)
    pool = POOL + "8404\tThrone of the Vexmorans\tTrono de los Vexmoranos\tTrono dos Vexmoranos\tTrono dei Vexmorani\tSpell\t6\n"
    index = small_index(tmp_path, pool, series="en\tes\tpt\tit\nVexmoran\tVexmorano\tVexmorano\tVexmorano\n")
    got = card_spans(index, "Juego Throne of the Vexmorans siempre. Después con Throne busco dos cartas.", "es")
    assert ("Throne", "8404") in got, got
