"""A capitalised run that holds a series' name and other words of one member's name is that member, written short of
some of its words (``Translator._member_run``, issue 24): "sfruttava Cane Flamvell" is Flamvell Firedog (Cane di
Fuoco Flamvell), not the Flamvell series beside an everyday "Cane". The cards, series and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6801\tVrask Ember Hound of the Pyre\tSabueso de Brasa de la Pira Vrask\tCão de Brasa da Pira Vrask\tSegugio di Brace della Pira Vrask\tMonster\t6
6802\tVrask Magus\tMago Vrask\tMago Vrask\tMago Vrask\tMonster\t5
6803\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""
SERIES = """en\tes\tpt\tit
Vrask\tVrask\tVrask\tVrask
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("member_runs"), POOL, series=SERIES)


@pytest.mark.parametrize("text, lang, run", [
    ("Questo deck sfruttava Segugio Vrask per evocare facilmente Mago Vrask e poi Sentinella Quorlith.", "it",
     "Segugio Vrask"),
    ("Questo deck sfruttava Segugio Pira Vrask per evocare facilmente Mago Vrask.", "it", "Segugio Pira Vrask"),
])
def test_a_run_of_a_series_and_words_of_one_members_name_is_that_member(index, text, lang, run):
    assert (run, "6801") in card_spans(index, text, lang)


def test_a_run_whose_other_word_is_no_word_of_the_member_stays_the_series(index):
    got = card_spans(index, "Questo deck sfruttava Torre Vrask per evocare facilmente Mago Vrask.", "it")
    assert not any(t.startswith("Torre") for t, _ in got), got
