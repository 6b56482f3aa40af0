"""A name written in lower case with no space, joined by hyphens to the words around it on both sides, is part of an
identifier (names/evidence.py ``_slug``, issue 24): "summon-dark-magician-5" in a program's data names no card. The
cards and texts are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import cards_and_held as found, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8701\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("slug"), POOL)


@pytest.mark.parametrize("text", [
    "    id: 'summon-quorlith-sentinel-5',  // la carta Quorlith Sentinel, cinco veces\n",  # beside the name as written
    "El archivo card-quorlith-sentinel-v2 tiene la carta.\n",
    "Ver la imagen img-quorlith-sentinel-grande en la carpeta de cartas.\n",
])
def test_a_lower_case_name_joined_by_hyphens_on_both_sides_is_an_identifier(index, text):
    spans, held = found(index, text)
    assert "quorlith-sentinel" not in spans, (spans, held)


def test_an_identifier_is_held_back_as_one(index):
    _, held = found(index, "El archivo card-quorlith-sentinel-v2 tiene la carta.\n")
    assert any(t == "quorlith-sentinel" and "identifier" in why for t, why in held), held


@pytest.mark.parametrize("text", [
    "Activé la carta quorlith-sentinel en mi turno.\n",  # no hyphen around it
    "Activé la carta Quorlith-Sentinel-5 en mi turno.\n",  # not in lower case: written as a name
])
def test_a_name_not_joined_on_both_sides_or_written_with_capitals_stays_a_card(index, text):
    spans, _ = found(index, text)
    assert spans, spans
