"""A card's name of two words or more without its series, written in the plural, is cards of that kind, not copies of
one card, but after a count of copies (``translate._counted``, issue 24): "dei potenti Draghi Rossi" in an article on
a Red Dragon Archfiend deck names no card. The cards, series and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7201\tVrask Drako Quelvo\tDrako Quelvo Vrask\tDrako Quelvo Vrask\tDrako Quelvo Vrask\tMonster\t6
7202\tVrask Lancer\tLancero Vrask\tLanceiro Vrask\tLanciere Vrask\tMonster\t5
"""
SERIES = """en\tes\tpt\tit
Vrask\tVrask\tVrask\tVrask
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("plural_members"), POOL, series=SERIES)


def test_a_members_name_in_the_plural_is_no_card(index):
    assert card_spans(index, "El mazo Vrask se basa en los potentes Drakos Quelvos, que hacen mucho daño.", "es") == []


@pytest.mark.parametrize("text, want", [
    ("En el mazo Vrask juego 3 Drakos Quelvos.", "Drakos Quelvos"),  # after a count: copies of the card
    ("En el mazo Vrask juego el Drako Quelvo.", "Drako Quelvo"),  # in the singular: the card
])
def test_a_members_name_counted_or_in_the_singular_is_the_card(index, text, want):
    assert (want, "7201") in card_spans(index, text, "es")
