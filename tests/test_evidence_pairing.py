"""A name alone in parentheses after a player's name on a pairing line is the deck the player played (names/evidence.py
``_pairing``, issue 24): "Felipe Diniz (Masked Hero) vs Lucas Kenzou (Blue-Eyes)". The cards, nickname, players and
sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
8202\tVexmora Lantern\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t9
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8201\tQuorlith Sentinel\tQuor-Eyes\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("pairing"), POOL, NICKS)


def found(index, text, src="pt"):
    tr = Translator(index, src, "en")
    return [(s.text, s.passcodes[0]) for s in tr.spans(text) if s.kind == "card"], [(s.text, why) for s, why in tr.held]


@pytest.mark.parametrize("text, name", [
    ("Top 8:\nDaniel Prates (Quor-Eyes) vs Otavio Lemos (Sentinela Quorlith)\n", "Quor-Eyes"),
    ("Top 8:\nDaniel Prates (Quor-Eyes) vs Otavio Lemos (Sentinela Quorlith)\n", "Sentinela Quorlith"),
    ("Quarti: Marco Rossi (Lanterna Vexmora) x Luca Bianchi (Quor-Eyes)\n", "Lanterna Vexmora"),
])
def test_a_name_in_parentheses_after_a_player_on_a_pairing_line_is_a_deck(index, text, name):
    spans, held = found(index, text)
    assert name not in [t for t, _ in spans] and any(t == name and "pairing" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text, name", [
    ("A Sentinela Quorlith (Quorlith Sentinel) vs a Lanterna Vexmora: quem ganha?\n", "Quorlith Sentinel"),  # a card's name
    ("Daniel Prates (Quor-Eyes) ganhou o torneio com a Lanterna Vexmora.\n", "Quor-Eyes"),  # no pairing on the line
    ("Daniel Prates (com a Sentinela Quorlith) vs Otavio Lemos\n", "Sentinela Quorlith"),  # not alone in them
])
def test_a_name_in_parentheses_elsewhere_stays_a_card(index, text, name):
    spans, held = found(index, text)
    assert name in [t for t, _ in spans], (spans, held)
