"""Names inside a stretch written in capitals (names/mentions.in_capitals, issue 24): there a capital word before or
after a name says nothing of a longer name, so the scan and the evidence do not hold the name back for it. The cards
and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names import mentions

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6201\tGlimmer Harrow\tGrada Destellante\tGrade Cintilante\tErpice Scintillante\tSpell\t5
6202\tTidal Crown\tCorona de Marea\tCoroa da Maré\tCorona di Marea\tTrap\t4
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("capitals"), POOL)


@pytest.mark.parametrize("text, lang, want", [
    ("HOY LA LISTA INCLUYE GRADA DESTELLANTE Y CORONA DE MAREA.", "es",
     [("GRADA DESTELLANTE", "6201"), ("CORONA DE MAREA", "6202")]),
    ("NO TORNEIO DE ONTEM ELE BAIXOU COROA DA MARÉ NO PRIMEIRO TURNO", "pt", [("COROA DA MARÉ", "6202")]),
])
def test_names_in_a_sentence_in_capitals_are_found(index, text, lang, want):
    assert card_spans(index, text, lang) == want


@pytest.mark.parametrize("text", [
    "Ganó el Gran Torneo de Corona de Marea ayer.",  # mixed case: the end of a longer name, as before
    "Jugamos la Copa Grada Destellante Invernal.",  # a capitalised word after it
])
def test_a_name_inside_a_longer_capitalised_name_in_mixed_case_stays_held_back(index, text):
    assert card_spans(index, text, "es") == []


@pytest.mark.parametrize("raw, i, j, want", [
    (["HOY", "LA", "LISTA", "CORONA", "DE", "MAREA"], 3, 5, True),
    (["Hoy", "YA", "LA", "LISTA", "CORONA", "DE", "MAREA"], 4, 6, True),  # (the fourth word before is not read)
    (["hoy", "LISTA", "CORONA", "DE", "MAREA"], 2, 4, False),  # a word in lower case among those read
    (["Y", "O", "CORONA", "DE", "MAREA", "E"], 2, 4, False),  # around it only words of one letter
    (["LA", "LISTA", "Corona", "DE", "MAREA"], 2, 4, False),  # the window itself not in capitals
    (["CORONA", "DE", "MAREA", "HOY", "YA"], 0, 2, False),  # one word read after it: one is not enough
    (["LA", "CORONA", "DE", "MAREA", "HOY"], 1, 3, True),  # one before and one after
])
def test_in_capitals(raw, i, j, want):
    assert mentions.in_capitals(raw, i, j) is want
