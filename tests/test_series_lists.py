"""A card's name that is also a series' name, in a list whose items next to it are series (two or more), is that series
(names/evidence.py ``_series_in_list``, issue 24): "após Purrely, Rescue-Ace e até Mikanko" names three archetypes,
though Purrely is a card too. The cards, series and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6401\tVexmora\tVexmora\tVexmora\tVexmora\tMonster\t8
6402\tVexmora Lantern\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t5
6403\tZelkor Hound\tSabueso Zelkor\tCão Zelkor\tSegugio Zelkor\tMonster\t4
6404\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
6405\tOstrivane Gate\tPuerta de Ostrivane\tPortão de Ostrivane\tCancello di Ostrivane\tTrap\t4
"""
SERIES = """en\tes\tpt\tit
Vexmora\tVexmora\tVexmora\tVexmora
Zelkor\tZelkor\tZelkor\tZelkor
Quorlith\tQuorlith\tQuorlith\tQuorlith
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("series_lists"), POOL, series=SERIES)


def kinds(index, text, lang):
    return [(s.text, s.kind) for s in Translator(index, lang, "en").spans(text) if s.kind in ("card", "series")]


@pytest.mark.parametrize("text, lang", [
    ("Os novos arquétipos cresceram: depois vieram Vexmora, Zelkor e Quorlith no topo.", "pt"),
    ("Nel meta di oggi ci sono Zelkor, Vexmora e Quorlith, poi il resto.", "it"),
])
def test_a_cards_name_between_series_in_a_list_is_the_series(index, text, lang):
    assert ("Vexmora", "series") in kinds(index, text, lang)


@pytest.mark.parametrize("text, lang", [
    ("Juego Sentinela Quorlith, Vexmora y Puerta de Ostrivane en el deck.", "es"),  # between cards: the card
    ("Mi carta favorita es Vexmora. Zelkor es otra cosa.", "es"),  # no list
    ("En el side juego Zelkor y Vexmora.", "es"),  # a list of two: the card beside the series
])
def test_a_cards_name_beside_cards_or_alone_stays_the_card(index, text, lang):
    assert ("Vexmora", "card") in kinds(index, text, lang)
