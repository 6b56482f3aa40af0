"""The items of a list that a word for cards and "like" open are cards, in lower case too (``mentions.in_card_list``,
issue 24): "molte carte, come fulmine boltex, controllo della mente, confisca e molte altre". The cards and sentences
are made up."""
from __future__ import annotations

import pytest

from ygorules.names import mentions

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6501\tMind Tether\tAtadura Mental\tAmarra Mental\tlegame della mente\tSpell\t9
6502\tSeizure\tDecomiso\tPenhora\tSequestro\tSpell\t9
6503\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("card_lists"), POOL)


@pytest.mark.parametrize("text, lang, want", [
    ("Molte carte, come la Sentinella Quorlith, legame della mente, sequestro e molte altre, costano.", "it",
     ["legame della mente", "sequestro"]),
    ("Hay cartas como Centinela Quorlith, atadura mental y decomiso que piden un coste.", "es",
     ["atadura mental", "decomiso"]),
])
def test_later_items_of_a_list_of_cards_are_cards_in_lower_case_too(index, text, lang, want):
    got = [t for t, _ in card_spans(index, text, lang)]
    assert all(w in got for w in want), got


@pytest.mark.parametrize("text", [
    "Hay cartas como Centinela Quorlith. Luego, decomiso del barco y más.",  # another sentence
    "Las cartas son caras, y decomiso del banco llegó.",  # no "like": no list of cards
    "Hay cartas como Centinela Quorlith (la mejor del año), y decomiso llegó igual.",  # a bracket between
])
def test_words_outside_such_a_list_stay_words(index, text):
    got = [t for t, _ in card_spans(index, text, "es")]
    assert "decomiso" not in got, got


@pytest.mark.parametrize("text, at, listed", [
    ("molte carte, come fulmine boltex, controllo della mente", "controllo", True),
    ("cards like Pot of Greed, Raigeki and Mirror Force", "Mirror", True),
    ("cards like Pot of Greed, a very long phrase of many words here, Raigeki", "Raigeki", False),  # an item too long
    ("cards like Pot of Greed. Then, Raigeki", "Raigeki", False),  # a sentence ends
])
def test_what_a_list_of_cards_is(text, at, listed):
    assert mentions.in_card_list(text, text.index(at)) is listed
