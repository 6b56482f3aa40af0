"""A dash set off by spaces opens an aside: the name after it is no end of the capitalised words before the dash
(names/translate.py ``_tail``, issue 24). The cards are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4301\tLantern of Faith\tLinterna de la Fe\tLanterna da Fé\tLanterna della Fede\tMonster\t12
4302\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("dash_aside"), POOL)


def names(index, text, src="pt"):
    return [s.text for s in Translator(index, src, "en").spans(text) if s.kind == "card"]


@pytest.mark.parametrize("dash", ["\u2013", "\u2014"])
def test_a_name_after_a_spaced_dash_is_the_card(index, dash):
    text = f"Alguns Monstros de Efeito {dash} Lantern of Faith e Sentinela Quorlith são dois exemplos."
    assert names(index, text) == ["Lantern of Faith", "Sentinela Quorlith"]


def test_a_name_right_after_capitalised_words_is_still_the_end_of_a_longer_name(index):
    # (no dash: "Monstros de Efeito Lantern of Faith" reads as one longer name, which the pool lacks)
    assert names(index, "Alguns Monstros de Efeito Lantern of Faith são fortes.") == []
