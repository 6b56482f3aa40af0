"""A card's name, however strongly written, right after a deck word that an article, a possessive or a demonstrative
makes someone's deck is the deck named after the card (names/evidence.py ``_owned_deck``; issue 24): "Il deck del
Vexmora Lanterna Nera" is a deck. After a preposition the deck word is the place a card comes from ("trae del mazo
Linterna Vexmora"). The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import cards_and_held as found, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8401\tVexmora Black Lantern\tLinterna Negra Vexmora\tLanterna Negra Vexmora\tLanterna Nera Vexmora\tMonster\t9
8402\tQuorport Gate\tPuerta Quorport\tPortão Quorport\tPortale Quorport\tSpell\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("owned-deck"), POOL)


@pytest.mark.parametrize("text, src, name", [
    ("Il deck del Lanterna Nera Vexmora è tuttora uno dei più amati.", "it", "Lanterna Nera Vexmora"),
    ("Il mazzo Lanterna Nera Vexmora vince spesso.", "it", "Lanterna Nera Vexmora"),
    ("O deck de Portão Quorport ganhou suporte novo.", "pt", "Portão Quorport"),
    ("Me armé mi mazo de Linterna Negra Vexmora ayer.", "es", "Linterna Negra Vexmora"),
    ("Embora os decks Portão Quorport tenham caído, seguem fortes.", "pt", "Portão Quorport"),
])
def test_a_name_after_someones_deck_word_is_the_deck(index, text, src, name):
    spans, held = found(index, text, src)
    assert name not in spans and any(t == name and "someone's deck" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text, src, name", [
    ("Con Mago Roto trae del mazo Linterna Negra Vexmora y la invoca.", "es", "Linterna Negra Vexmora"),  # from the deck
    ("Prendi dal mazzo Lanterna Nera Vexmora e aggiungila alla mano.", "it", "Lanterna Nera Vexmora"),
    ("Ho visto il deck: Lanterna Nera Vexmora è la carta chiave.", "it", "Lanterna Nera Vexmora"),  # a colon between
])
def test_a_name_after_a_deck_word_with_no_owner_before_it_stays_a_card(index, text, src, name):
    spans, _ = found(index, text, src)
    assert name in spans, spans
