"""Names and line breaks (issue 24): a line that opens with a card's whole name is that card, even where the line
before ends in capitalised words (a heading, a caption under a picture, a list of one name per line). A single line
break ends a name: the next line's name is no tail of a longer one. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8101\tGrey-Horned Stag\tCiervo Gris de Cuernos\tCervo Cinzento de Chifres\tCervo Grigio dalle Corna\tMonster\t12
8102\tStag Warrior\tGuerrero Ciervo\tGuerreiro Cervo\tGuerriero Cervo\tMonster\t5
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("lines"), POOL)


@pytest.mark.parametrize("text, lang, want", [
    # the same name twice, a heading and a caption under it
    ("Uma carta.\n\nCervo Cinzento de Chifres\nCervo Cinzento de Chifres.\n\nFim.", "pt",
     [("Cervo Cinzento de Chifres", "8101"), ("Cervo Cinzento de Chifres", "8101")]),
    # one name per line after a line of capitalised words
    ("Lista:\nMazo Base Del Torneo\nGuerrero Ciervo\nfin.", "es", [("Guerrero Ciervo", "8102")]),
    ("Le mie carte:\nCervo Grigio dalle Corna\nGuerriero Cervo\nbasta.", "it",
     [("Cervo Grigio dalle Corna", "8101"), ("Guerriero Cervo", "8102")]),
])
def test_a_line_that_opens_with_a_name_is_that_name(index, text, lang, want):
    got = card_spans(index, text, lang)
    assert got == want, got


def test_on_one_line_a_name_after_capitalised_words_is_still_the_end_of_a_longer_name(index):
    got = card_spans(index, "Jugué el Mazo Base Del Torneo Guerrero Ciervo ayer.", "es")
    assert ("Guerrero Ciervo", "8102") not in got, got
