"""A capitalised run that ends a list's line but for a count of copies ("… - Gorilla x2") is that line's item: a run
written a little otherwise that covers a name found at its end is read whole (``translate._ends_item``, issue 24).
"Brotherhood of the Firefist - Gorilla x2" in a deck list is Brotherhood of the Fire Fist - Gorilla, not a series
member "Gorilla" after another card's short form. The cards, series and lists are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator, _ends_item

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6601\tBrotherhood of the Ember Palm - Ox\tHermandad de la Palma de Brasa - Buey\tIrmandade da Palma de Brasa - Boi\tFratellanza del Palmo di Brace - Bue\tMonster\t6
6602\tBrotherhood of the Ember Palm - Heron\tHermandad de la Palma de Brasa - Garza\tIrmandade da Palma de Brasa - Garça\tFratellanza del Palmo di Brace - Airone\tMonster\t6
6603\tBrotherhood of the Ember Palm - Boar\tHermandad de la Palma de Brasa - Jabalí\tIrmandade da Palma de Brasa - Javali\tFratellanza del Palmo di Brace - Cinghiale\tMonster\t6
6604\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""
SERIES = """en\tes\tpt\tit
Ember Palm\tPalma de Brasa\tPalma de Brasa\tPalmo di Brace
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("list_item_counts"), POOL, series=SERIES)


def cards(index, text, lang="pt"):
    return [(s.text, s.id) for s in Translator(index, lang, "en").spans(text) if s.kind == "card"]


@pytest.mark.parametrize("tail", [" x2", " 2x", " (3)", "", "  "])
def test_a_list_line_written_otherwise_is_its_card_whole_before_a_count(index, tail):
    text = ("Monstros:\nBrotherhood of the Ember Palm - Ox x3\n"
            f"Brotherhood of the Emberpalm - Heron{tail}\nQuorlith Sentinel x1\n")
    got = cards(index, text)
    assert ("Brotherhood of the Emberpalm - Heron", "brotherhood-of-the-ember-palm-heron") in got, got
    assert not any(t in ("Heron", "Emberpalm") for t, _ in got), got


@pytest.mark.parametrize("text, b, want", [
    ("Heron x2\nmore", 5, True),
    ("Heron (2)\nmore", 5, True),
    ("Heron", 5, True),
    ("Heron \r\nmore", 5, True),
    ("Heron x4\nmore", 5, False),  # no count of copies a deck holds
    ("Heron is the best card of the deck", 5, False),  # the line goes on
    ("Heron and more", 5, False),
])
def test_what_ends_a_list_item(text, b, want):
    assert _ends_item(text, b) is want


def test_a_deck_list_pasted_in_a_fence_is_read_as_cards(index):
    text = ("O exemplo de deck:\n\n```\nMain Deck:\nQuorlith Sentinel x3\nBrotherhood of the Ember Palm - Ox x1\n"
            "Brotherhood of the Ember Palm - Boar x2\n```\n")
    assert [t for t, _ in cards(index, text)] == ["Quorlith Sentinel", "Brotherhood of the Ember Palm - Ox",
                                                  "Brotherhood of the Ember Palm - Boar"]
