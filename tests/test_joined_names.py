"""A card's head and its epithet written apart, with quotes between (or a dash), are that card (names/evidence.py
``joined``, issue 24: the longest mention wins). The card, series and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8001\tVarkul the Hollow King\tVarkul, el Rey Hueco\tVarkul, o Rei Oco\tVarkul il Re Cavo\tMonster\t9
8002\tRight Hand of the Hollow King\tMano Derecha del Rey Hueco\tMão Direita do Rei Oco\tMano Destra del Re Cavo\tMonster\t4
"""
SERIES = """en\tes\tpt\tit
Hollow King\tel Rey Hueco\to Rei Oco\til Re Cavo
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("joined"), POOL, series=SERIES)


@pytest.mark.parametrize("text, lang, want", [
    ("Con Varkul “El Rey Hueco” en la mano ganas.", "es", "Varkul “El Rey Hueco”"),
    ("Con Varkul - el Rey Hueco en la mano ganas.", "es", "Varkul - el Rey Hueco"),  # (the scan reads this one)
    ("Gioco Varkul «il Re Cavo» da anni.", "it", "Varkul «il Re Cavo»"),
])
def test_a_head_and_its_epithet_written_apart_are_the_card(index, text, lang, want):
    assert (want, "8001") in card_spans(index, text, lang)


@pytest.mark.parametrize("text, lang", [
    ("Uso a Varkul y El Rey Hueco en el mismo mazo.", "es"),  # "y" between: two names
    ("Varkul.\nEl Rey Hueco es otra cosa.", "es"),  # a line break between
])
def test_a_head_and_an_epithet_not_written_together_stay_apart(index, text, lang):
    assert all(p != "8001" or t == "Varkul" for t, p in card_spans(index, text, lang))
