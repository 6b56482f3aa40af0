"""An ordinary word of a card named in full, written as an item of a list of names, is that card (names/discourse.py
``_listed``, issue 24): "Portal de los Seis … Kizanes, Portal o Seis Samuráis Unidos". Among names, between a name found
and its comma and the next capitalised item, the everyday word is written as a name. The cards and sentences are made
up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5301\tGate of the Ostrivane\tPortal de los Ostrivane\tPortal dos Ostrivane\tPortale degli Ostrivane\tSpell\t6
5302\tGate of Quorlith\tPortal de Quorlith\tPortal de Quorlith\tPortale di Quorlith\tSpell\t6
5303\tZelkor Hound\tSabueso Zelkor\tCão Zelkor\tSegugio Zelkor\tMonster\t4
5304\tVexmora Lantern\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t5
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("listed"), POOL)


@pytest.mark.parametrize("text", [
    "El Portal de los Ostrivane iba a cambiar todo. Hoy juego Sabueso Zelkor, Portal, Linterna Vexmora y nada más.",
    "El Portal de los Ostrivane iba a cambiar todo. Hoy juego Sabueso Zelkor; Portal o Linterna Vexmora.",
])
def test_an_ordinary_word_of_a_card_named_in_full_written_as_a_list_item_is_the_card(index, text):
    assert ("Portal", "5301") in card_spans(index, text, "es")


@pytest.mark.parametrize("text", [
    # no name found right before it
    "El Portal de los Ostrivane iba a cambiar todo. Hoy abro el juego, Portal, Linterna Vexmora y nada más.",
    # no next item after it: the end of the sentence
    "El Portal de los Ostrivane iba a cambiar todo. Hoy juego Sabueso Zelkor, Portal.",
    # written before the card is named in full: it cannot refer back
    "Hoy juego Sabueso Zelkor, Portal, Linterna Vexmora. El Portal de los Ostrivane iba a cambiar todo.",
])
def test_an_ordinary_word_not_written_as_a_list_item_after_the_name_stays_the_word(index, text):
    assert not any(t == "Portal" for t, _ in card_spans(index, text, "es"))
