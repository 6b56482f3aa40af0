"""A weak name (a nickname in lower case, an everyday word) is a card where a confidently found card's name is near it
(``Translator._nearby``), but not where that name is itself the end of a longer capitalised name, which
``evidence.review`` holds back ("Leroy Merlin", a shop's name, in a gardening text: the tomato beside it is a tomato).
The cards, nicknames and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8411\tMerlin\tMerlin\tMerlin\tMerlin\tMonster\t2
8412\tOrchard Tomato Knight\tCaballero Tomate del Huerto\tCavaleiro Tomate do Pomar\tCavaliere Pomodoro dell'Orto\tMonster\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8412\tOrchard Tomato Knight\tTomate\tes,pt\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("nearby"), POOL, NICKS)


@pytest.mark.parametrize("text, lang", [
    ("Compre as sementes na Leroy Merlin e depois regue o tomate todos os dias.", "pt"),
    ("Las semillas se compran en Leroy Merlin; luego el tomate crece en macetas.", "es"),
    ("Compré las semillas en Leroy Merlin. El tomate crece rápido en macetas.", "es"),
])
def test_a_name_that_ends_a_longer_one_lends_no_support(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, want", [
    ("Invoquei Merlin e depois o tomate destruiu o monstro do rival.", "pt", [("Merlin", "8411"), ("tomate", "8412")]),
])
def test_a_card_name_near_a_weak_one_lends_it_support(index, text, lang, want):
    assert card_spans(index, text, lang) == want
