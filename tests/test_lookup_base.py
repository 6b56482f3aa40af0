"""A query that is the own part of a longer card's name, where that card's English name is another card's with words
added, names the other card (``partial.base``; issue 24): "Cráneo Invocado" is Summoned Skull (Cráneo Convocado), not
Cráneo Invocado Toon cut short. The cards are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8921\tSummoned Mastiff\tMastín Convocado\tMastim Invocado\tMastino Evocato\tMonster\t9
8922\tToon Summoned Mastiff\tMastín Invocado Toon\tMastim Invocado Toon\tMastino Evocato Toon\tMonster\t2
8923\tCinder Drake\tDraco Ceniza\tDraco Cinza\tDraco Cenere\tMonster\t6
8924\tCinder Drake Nova\tDraco Ceniza Nova\tDraco Cinza Nova\tDraco Cenere Nova\tMonster\t3
"""


@pytest.fixture
def index(tmp_path):
    return small_index(tmp_path, POOL)


def first(index, query):
    return index.lookup(query).matches[0].entry.passcodes[0]


def test_the_own_part_of_a_longer_name_is_the_card_it_is_made_on(index):
    assert first(index, "Mastín Invocado") == "8921"


def test_without_the_rule_the_longer_name_cut_short_comes_first(index, monkeypatch):
    from ygorules.names import partial
    monkeypatch.setattr(partial, "BASE_MARGIN", -1.0)
    assert first(index, "Mastín Invocado") == "8922"


@pytest.mark.parametrize("query, want", [
    ("Mastín Invocado Toon", "8922"),  # the whole longer name
    ("Ceniza Nova", "8924"),  # leaves out Draco, a word of Draco Ceniza's: the longer name it ends
])
def test_a_query_that_is_not_the_shorter_cards_part_stays_the_longer_name(index, query, want):
    assert first(index, query) == want
