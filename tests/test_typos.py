"""One-word misspellings of card names in running text (names/typos.py): a word one letter away from one card's
one-word name or short form, rare in ordinary language, where no other card can be meant. The cards and sentences are
made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9301\tGrindlewurm\tGrindlewurm\tGrindlewurm\tGrindlewurm\tMonster\t12
9302\tPhoton Vexillator\tVexillator Fotónico\tVexillator Fotônico\tVexillator Fotonico\tMonster\t20
9303\tKelbrin\tKelbrin\tKelbrin\tKelbrin\tMonster\t5
9304\tKelbron\tKelbron\tKelbron\tKelbron\tMonster\t5
9305\tVexillatar Knight\tCaballero Vexillatar\tCavaleiro Vexillatar\tCavaliere Vexillatar\tMonster\t2
9306\tTessaro\tTessaro\tTessaro\tTessaro\tSpell\t8
9307\tTiempa\tTiempa\tTiempa\tTiempa\tSpell\t8
9308\tLantern Skull\tCráneo Linterna\tCrânio Lanterna\tTeschio Lanterna\tMonster\t6
9309\tZarquin Freighter\tCarguera Zarquín\tCargueira Zarquim\tCargatrice Zarquin\tMonster\t4
9310\tLantern Skull Twin\tCráneo Linterno\tCrânio Lanterno\tTeschio Lanterno\tMonster\t2
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("typos"), POOL)


@pytest.mark.parametrize("text, lang, word, card", [
    ("Ayer saqué a Grindlewrm en el segundo turno.", "es", "Grindlewrm", "9301"),
    ("Ontem baixei o Grindelwurm no segundo turno.", "pt", "Grindelwurm", "9301"),
    ("Ieri ho evocato Grindlewurmm al secondo turno.", "it", "Grindlewurmm", "9301"),
    ("Con el Vexilator robé dos cartas.", "es", "Vexilator", "9302"),
])
def test_a_capitalised_word_one_letter_from_one_cards_name_is_the_card(index, text, lang, word, card):
    assert card_spans(index, text, lang) == [(word, card)]


def test_a_misspelt_short_form_in_lower_case_is_no_name(index):
    assert card_spans(index, "Con el vexilator robé dos cartas.", "es") == []


def test_a_misspelt_word_in_lower_case_needs_quotes_or_a_card_word(index):
    assert card_spans(index, "Ayer saqué a grindlewrm en el segundo turno.", "es") == []
    assert card_spans(index, "Tengo Kelbrin y un grindlewrm en mano.", "es") == [("Kelbrin", "9303")]
    assert card_spans(index, "Ayer saqué la carta grindlewrm en el segundo turno.", "es") == [("grindlewrm", "9301")]
    assert card_spans(index, "Ayer saqué «grindlewrm» en el segundo turno.", "es") == [("grindlewrm", "9301")]


def test_a_word_close_to_two_cards_names_neither(index):
    assert card_spans(index, "Después jugué Kelbrun en defensa.", "es") == []


def test_a_word_close_to_two_cards_names_the_one_the_text_names(index):
    got = card_spans(index, "Kelbron es fuerte. Después jugué Kelbrun en defensa.", "es")
    assert got == [("Kelbron", "9304"), ("Kelbrun", "9304")]


def test_a_word_close_to_a_word_of_another_card_named_in_the_text_is_left(index):
    assert card_spans(index, "Con el Vexillatr robé dos cartas.", "es") == [("Vexillatr", "9302")]
    got = card_spans(index, "Tengo el Caballero Vexillatar. Con el Vexillatr robé dos cartas.", "es")
    assert got == [("Caballero Vexillatar", "9305")]


def test_another_gender_of_a_name_word_is_no_misspelling(index):
    assert card_spans(index, "La Tessara del pueblo es famosa.", "es") == []
    assert card_spans(index, "Jugué la Tesaro en su turno.", "es") == [("Tesaro", "9306")]


def test_an_everyday_word_is_no_misspelling(index):
    assert card_spans(index, "Usé el tiempo de la carta para robar.", "es") == []


def test_a_handle_written_in_mixed_case_is_no_misspelling(index):
    assert card_spans(index, "Gracias a GrindleWrm por la lista.", "es") == []


def test_a_two_word_name_with_its_short_first_word_misspelt_is_the_card(index):
    assert card_spans(index, "Ayer saqué Crneo Linterna en defensa.", "es") == [("Crneo Linterna", "9308")]


def test_a_misspelt_name_inside_a_sentence_in_capitals_is_the_card(index):
    got = card_spans(index, "TENGO UN CRNEO LINTERNA EN LA MANO.", "es")
    assert got == [("CRNEO LINTERNA", "9308")]


@pytest.mark.parametrize("text, lang, name, card", [
    ("Ayer saqué cráneo lintrna en defensa.", "es", "cráneo lintrna", "9308"),
    ("Ontem baixei crânio lantena na defesa.", "pt", "crânio lantena", "9308"),
    ("Activé la carta crguera zarquín ayer.", "es", "crguera zarquín", "9309"),
])
def test_a_lower_case_name_with_one_misspelt_word_is_the_card(index, text, lang, name, card):
    assert card_spans(index, text, lang) == [(name, card)]


def test_a_lower_case_misspelling_two_names_fit_as_well_names_neither(index):
    assert card_spans(index, "Ayer saqué cráneo linternu en defensa.", "es") == []
