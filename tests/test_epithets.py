"""A card named by the head of its name and an epithet of the writer's own after its comma is one mention of the card
(names/epithets.py, issue 24): "Redox, the Rigid Suppressor Dragon" for the card printed "Redox, Dragon Ruler of
Boulders". The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tVorlak, Dragon of the Ashen Crown\tVorlak, Dragón de la Corona Cenicienta\tVorlak, Dragão da Coroa Cinzenta\tVorlak, Drago della Corona Cinerea\tMonster\t6
8302\tAshen Crown\tCorona Cenicienta\tCoroa Cinzenta\tCorona Cinerea\tSpell\t3
8303\tQuasar Storm Tempest\tTempestad Tormenta Quásar\tTempestade Tormenta Quasar\tTempesta Tormenta Quasar\tSpell\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("epithets"), POOL)


@pytest.mark.parametrize("text, lang, mention", [
    ("Quatro dragões novos.\nVorlak, the Fiery Suppressor Dragon\nAtributo: Fogo", "pt", "Vorlak, the Fiery Suppressor Dragon"),
    ("Vorlak, el Rey Dragón de la Corona Cenicienta\n\n(un título mejor)", "es", "Vorlak, el Rey Dragón de la Corona Cenicienta"),
    ("Ho giocato Vorlak, il Drago Supremo della Corona.", "it", "Vorlak, il Drago Supremo della Corona"),
])
def test_a_head_and_an_epithet_of_the_writers_own_are_one_mention_of_the_card(index, text, lang, mention):
    assert card_spans(index, text, lang) == [(mention, "8301")]


@pytest.mark.parametrize("text, lang, found", [
    ("En la mano tengo a Vorlak, la Tempestad Tormenta Quásar y la Corona Real.", "es",
     [("Vorlak", "8301"), ("Tempestad Tormenta Quásar", "8303")]),  # another card in the run: a list, no epithet
    ("Vorlak, el cual es un dragón, gana siempre.", "es", [("Vorlak", "8301")]),  # a clause
    ("Ho giocato Vorlak, il Re Supremo.", "it", [("Vorlak", "8301")]),  # no word of the card's epithet
])
def test_no_epithet_of_the_card_after_the_comma_leaves_the_head_alone(index, text, lang, found):
    assert card_spans(index, text, lang) == found
