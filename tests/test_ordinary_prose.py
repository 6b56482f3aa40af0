"""Ordinary prose that is not about the game: a program's manual and its messages, whose words a card's name may share
(issue 24). A table of exit codes labels each item with a number ("1      Error de uso"), and a card's one-word name
that is a word of the language, written in lower case with nothing near it that says card, is the word ("el
delimitador de salida"). The cards and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names import mentions
from ygorules.names.translate import Translator

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tSlip\tFallo\tFalha\tSvista\tTrap\t6
8302\tSeparator Hand\tDelimitador\tSeparador\tDelimitatore\tSpell\t3
8303\tVexwhirl\tVexwhirl\tVexwhirl\tVexwhirl\tSpell\t8
8304\tRecharge\tRecarga\tRecarga\tRicarica\tSpell\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("prose"), POOL)


@pytest.mark.parametrize("text, lang", [
    ("CÓDIGOS DE SALIDA\n       0      Éxito.\n       1      Fallo de uso o de sintaxis.\n", "es"),
    ("ESTADO DE SAÍDA\n       0   Sucesso.\n       2\tFalha fatal ou irrecuperável.\n", "pt"),
])
def test_a_word_after_a_number_that_labels_its_line_opens_the_item(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, want", [
    ("Mi deck:\n3 Vexwhirl\nY gano siempre.", "es", [("Vexwhirl", "8303")]),  # a count of copies: one space
    ("1 Fallo\n", "es", [("Fallo", "8301")]),  # one space after the number: a count, as deck lists write it
])
def test_a_count_of_copies_before_a_name_is_no_item_label(index, text, lang, want):
    assert card_spans(index, text, lang) == want


@pytest.mark.parametrize("text, lang", [
    ("La opción especifica el delimitador de salida de cada campo.", "es"),
    ("Il programma legge il delimitatore di ogni campo.", "it"),
])
def test_a_one_word_name_that_is_a_word_in_lower_case_is_the_word(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, want", [
    ('Activé "delimitador" en su turno.', "es", "delimitador"),  # quoted
    ("Activé la carta delimitador en su turno.", "es", "delimitador"),  # a card word near it
    ("Vendo 3 delimitador baratos.", "es", "delimitador"),  # a count of copies before it
    ("Activé Delimitador en su turno.", "es", "Delimitador"),  # written as a name
    ("Uso vexwhirl en su turno.", "es", "vexwhirl"),  # a made-up word: no word of the language
])
def test_a_one_word_name_said_to_be_a_card_is_the_card(index, text, lang, want):
    assert want in [t for t, _ in card_spans(index, text, lang)]


def test_the_judgement_says_why(index):
    tr = Translator(index, "es", "en")
    tr.spans("La opción especifica el delimitador de salida.", report=True)
    assert any("a word of the language in lower case" in " ".join(c.why or []) for c in tr.rejected)
    assert mentions.LOWER_WORD < 0


_GUIDE = ("In questa guida del gioco di ruolo vediamo le novità della patch. Il guerriero riceve più danni e la sua abilità "
          "costa meno mana. I tank restano centrali nei dungeon difficili e i guaritori devono curare il gruppo. ") * 4


@pytest.mark.parametrize("text, want", [
    # a long text that never speaks of the card game: "spell" is a video game's word, no card's
    (_GUIDE + "Il talento riduce il tempo di ricarica della spell di quattro secondi.", []),
    # the card game named in it, or a text too short to tell: the word beside "spell" is the card
    (_GUIDE + "Il talento riduce il tempo di ricarica della spell di quattro secondi. Come nelle carte del duello.",
     [("ricarica", "8304")]),
    ("Il talento riduce il tempo di ricarica della spell di quattro secondi.", [("ricarica", "8304")]),
])
def test_a_word_of_games_in_general_beside_a_name_is_no_card_word_in_a_text_about_another_game(index, text, want):
    assert card_spans(index, text, "it") == want
