"""In a list of cards only, a name that is a series' and, exactly, a card's nickname is the card (names/lists.py
``_card_of``, ``only_cards``; issue 24): "Slifer, Obelisk e Ra" names three cards, though lookup ties Ra the card with
the Ra series (a list's items of two letters are read, so that "Ra" is one). The cards, series and sentences are
made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8801\tVornel the Sky Beast\tVornel la Bestia del Cielo\tVornel a Besta do Céu\tVornel la Bestia del Cielo\tMonster\t9
8802\tKelmar the Tormentor\tKelmar el Atormentador\tKelmar o Atormentador\tKelmar il Tormentatore\tMonster\t9
8803\tThe Winged Beast of Zu\tLa Bestia Alada de Zu\tA Besta Alada de Zu\tLa Bestia Alata di Zu\tMonster\t9
8804\tZu Sphere Mode\tZu Modo Esfera\tZu Modo Esfera\tZu Modalità Sfera\tMonster\t3
8805\tLantern Vexmora\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t4
"""
SERIES = """en\tes\tpt\tit
Zu\tZu\tZu\tZu
Vexmora\tVexmora\tVexmora\tVexmora
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8803\tThe Winged Beast of Zu\tZu\tes,pt,it,en\tnickname\t\t
8801\tVornel the Sky Beast\tVornel\tes,pt,it,en\tnickname\t\t
8802\tKelmar the Tormentor\tKelmar\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("series-tie"), POOL, NICKS, SERIES)


def cards(index, text, src="it"):
    return card_spans(index, text, src)


@pytest.mark.parametrize("text, src", [
    ("Evoca uno dei tre dei (Vornel, Kelmar o Zu) per vincere.", "it"),
    ("Tenía a Vornel, Kelmar y Zu en la mano.", "es"),
])
def test_a_series_name_that_is_a_cards_nickname_is_the_card_in_a_list_of_cards(index, text, src):
    assert ("Zu", "8803") in cards(index, text, src)


@pytest.mark.parametrize("text", [
    "Evoca uno dei tre (Vornel, Kelmar, Vexmora o Zu) per vincere.",  # a series in the list: not of cards only
    "Evoca Vornel e poi il Zu ritorna.",  # no list
])
def test_a_series_name_that_is_a_cards_nickname_stays_no_card_elsewhere(index, text):
    assert not any(t == "Zu" for t, _ in cards(index, text))


@pytest.mark.parametrize("text, src", [
    ("Nel secondo livello ci sono Vornel e Zu, poi il resto.", "it"),  # a list of two: the one card beside it
    ("¡Sacrifico a Zu y a Vornel para invocar!", "es"),  # the object's "a" after the conjunction
    ("Tengo a Vornel y a Zu en el campo.", "es"),
])
def test_a_series_name_that_is_a_cards_nickname_is_the_card_beside_the_one_card_of_a_list_of_two(index, text, src):
    assert ("Zu", "8803") in cards(index, text, src)


def test_beside_a_series_in_a_list_of_two_it_stays_no_card(index):
    assert not any(t == "Zu" for t, _ in cards(index, "Nel secondo livello ci sono Vexmora e Zu, poi il resto."))
