"""A card's official one-word name written in lower case that is a rare word of the text's language is the card where
card names are near it (translate ``_nearby``, ``RARE_OWN``; issue 24): in a text about cards, "la polimerización"
is Polymerization. A word as common as ``RARE_OWN`` or more stays the word; so does the name in the plural, which is
the word's plural. The cards and sentences are made up; "teletransporte" and "vendaval" are real Spanish words whose
frequency (wordfreq) is what the test needs: rare, and not so rare."""
from __future__ import annotations

import pytest

from ygorules.names import translate
from ygorules.names.translate import Translator

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8501\tWarp Relay\tTeletransporte\tTeletransporte\tTeletrasporto\tSpell\t9
8502\tGale Curtain\tVendaval\tVendaval\tBufera\tTrap\t9
8503\tGrindlewurm\tGrindlewurm\tGrindlewurm\tGrindlewurm\tMonster\t12
8504\tPower Bond\tEnlace de Potencia\tElo de Potência\tLegame di Potenza\tSpell\t4
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("rare-own"), POOL)


def cards(index, text):
    return card_spans(index, text, "es")


def test_the_words_frequencies_are_those_the_tests_need(index):
    tr = Translator(index, "es", "en")
    assert 0 < tr.freq.get("teletransporte") < translate.RARE_OWN <= tr.freq.get("vendaval")


def test_a_rare_official_name_in_lower_case_near_a_card_name_is_the_card(index):
    got = cards(index, "Invoqué a Grindlewurm y después activé el teletransporte para salvarlo.")
    assert ("teletransporte", "8501") in got


def test_a_rare_official_name_in_lower_case_with_no_card_name_near_it_is_the_word(index):
    assert cards(index, "La película trata del teletransporte y de los viajes en el tiempo.") == []


@pytest.mark.parametrize("text", [
    "Invoqué a Grindlewurm y después vino el vendaval a la playa.",  # a word as common as the threshold or more
    "Invoqué a Grindlewurm y después hablamos de los teletransportes de la película.",  # the plural: the word's
])
def test_a_common_or_inflected_official_name_in_lower_case_stays_the_word_near_card_names(index, text):
    assert cards(index, text) == [("Grindlewurm", "8503")]


def test_an_english_name_of_english_words_in_lower_case_near_a_card_name_is_the_card(index):
    # (translate ``_foreign_name``: its words are English ones, not the text's, so it is no phrase of the text)
    got = cards(index, "Invoqué a Grindlewurm y después busqué power bond para ganar.")
    assert ("power bond", "8504") in got
    assert cards(index, "Después busqué power bond para ganar.") == []  # (no card near it)
