"""A one-word name found in a text, written again as it is at the start of a sentence (discourse._opening_again, issue
24): the scan reads no misspelt word where a capital may only open a sentence, but the text has read it as a name
already ("Slyfer attaccherà … Slyfer non mi farà nulla"). The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7501\tZarvok the Sky Tyrant\tZarvok el Tirano del Cielo\tZarvok o Tirano do Céu\tZarvok il Tiranno del Cielo\tMonster\t20
7502\tStorm\tTormenta\tTempestade\tTempesta\tSpell\t12
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse-again"), POOL)


def test_a_misspelt_name_read_in_a_sentence_is_the_card_where_it_opens_another(index):
    got = card_spans(index, "Ataco con Zarvokk y gano. Zarvokk destruye todo.", "es")
    assert got == [("Zarvokk", "7501"), ("Zarvokk", "7501")], got
    got = card_spans(index, "Attacco con Zarvokk e vinco.\nZarvokk distrugge tutto.", "it")
    assert got == [("Zarvokk", "7501"), ("Zarvokk", "7501")], got


@pytest.mark.parametrize("text, want", [
    # written otherwise (in capitals) it is not the word read
    ("Ataco con Zarvokk y gano. ZARVOKK destruye todo.", [("Zarvokk", "7501")]),
    # a word of a longer capitalised name
    ("Ataco con Zarvokk y gano. Zarvokk Grande destruye todo.", [("Zarvokk", "7501")]),
])
def test_only_the_word_as_written_and_alone_is_read_again(index, text, want):
    assert card_spans(index, text, "es") == want


def test_a_word_of_the_language_found_once_is_not_read_again_at_a_sentence_start(index):
    # "Tormenta", a card's whole name and a word of the language, is read where the sentence makes it one; a sentence
    # that opens with it speaks of the weather (so does "Recarga la página", a verb)
    got = card_spans(index, "Activo la carta Tormenta y gano. Tormenta de nieve fuera.", "es")
    assert ("Tormenta", "7502") in got and got.count(("Tormenta", "7502")) == 1, got
