"""A card's full name and a capitalised nickname right after it, a space between, are one longer name the pool lacks
(names/evidence.py ``run_on``, issue 24): "Mago Oscuro del Caos Renacido" is a made-up card, neither Dark Magician of
Chaos nor Monster Reborn. The cards and texts are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import cards_and_held as found, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8801\tVelkran Sorcerer of Ash\tHechicero Velkran de Ceniza\tFeiticeiro Velkran de Cinzas\tStregone Velkran di Cenere\tMonster\t9
8802\tBrimlow Resurgence\tResurgimiento Brimlow\tRessurgimento Brimlow\tRisorgimento Brimlow\tSpell\t9
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8802\tBrimlow Resurgence\tResurgido\tes\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("runon"), POOL, NICKS)


def test_a_name_and_a_nickname_with_nothing_between_are_a_longer_name_held_back(index):
    spans, held = found(index, "El Hechicero Velkran de Ceniza Resurgido es una carta del juego nuevo.")
    assert spans == [], (spans, held)
    assert [t for t, why in held if "longer name the pool lacks" in why] == ["Hechicero Velkran de Ceniza", "Resurgido"]


@pytest.mark.parametrize("text, want", [
    ("Uso Hechicero Velkran de Ceniza, Resurgido y nada más.", ["Hechicero Velkran de Ceniza", "Resurgido"]),  # a comma
    ("Uso Hechicero Velkran de Ceniza y Resurgido en el turno.", ["Hechicero Velkran de Ceniza", "Resurgido"]),
    ("Uso Hechicero Velkran de Ceniza Resurgimiento Brimlow.", ["Hechicero Velkran de Ceniza", "Resurgimiento Brimlow"]),
])
def test_names_apart_or_two_full_names_stay_cards(index, text, want):
    spans, held = found(index, text)
    assert spans == want, (spans, held)
