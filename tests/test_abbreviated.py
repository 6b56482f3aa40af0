"""A series member written as its series' abbreviation and its head (names/abbreviated.py, issue 24): "GOE Varrow" is
Guild of Embers Varrow, "S-HERO Gale" is Storm HERO Gale. The cards and series are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found
from ygorules.names.abbreviated import abbreviations

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7401\tGuild of Embers Varrow\tVarrow, Gremio de las Brasas\tVarrow, Guilda das Brasas\tVarrow Gilda delle Braci\tMonster\t6
7402\tGuild of Embers Quillon the Warden\tQuillon el Guardián, Gremio de las Brasas\tQuillon o Guardião, Guilda das Brasas\tQuillon il Guardiano Gilda delle Braci\tMonster\t5
7403\tStorm HERO Gale\tHÉROE Tormenta Ráfaga\tHERÓI da Tempestade Rajada\tEROE Tempesta Raffica\tMonster\t7
7404\tShadow HERO Gloam\tHÉROE Sombra Penumbra\tHERÓI das Sombras Penumbra\tEROE Ombra Penombra\tMonster\t4
7405\tShadow HERO Gale Rider\tHÉROE Sombra Jinete del Viento\tHERÓI das Sombras Cavaleiro do Vento\tEROE Ombra Cavaliere del Vento\tMonster\t2
7406\tVarrow\tVarrow\tVarrow\tVarrow\tSpell\t3
7407\tStorm HERO Gale Knight\tHÉROE Tormenta Caballero Ráfaga\tHERÓI da Tempestade Cavaleiro Rajada\tEROE Tempesta Cavaliere Raffica\tMonster\t2
7408\tStorm HERO Nimbus Lancer\tHÉROE Tormenta Lancero Nimbo\tHERÓI da Tempestade Lanceiro Nimbo\tEROE Tempesta Lanciere Nembo\tMonster\t2
7409\tShadow HERO Nimbus Shade\tHÉROE Sombra Sombra Nimbo\tHERÓI das Sombras Sombra Nimbo\tEROE Ombra Ombra Nembo\tMonster\t2
"""
SERIES = """en\tes\tpt\tit
Guild of Embers\tGremio de las Brasas\tGuilda das Brasas\tGilda delle Braci
Storm HERO\tHÉROE Tormenta\tHERÓI da Tempestade\tEROE Tempesta
Shadow HERO\tHÉROE Sombra\tHERÓI das Sombras\tEROE Ombra
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("abbreviated"), POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n",
                       SERIES)


def test_a_series_of_two_words_or_more_is_abbreviated_by_its_initials_and_a_hero_by_letter_dash_word():
    assert abbreviations("Guild of Embers") == {"GOE"}
    assert abbreviations("Storm HERO") == {"SH", "S-HERO"}
    assert abbreviations("Embers") == set()


@pytest.mark.parametrize("text, lang, want", [
    ("O deck usa GOE Varrow desde o começo.", "pt", [("GOE Varrow", "7401")]),
    ("Il mazzo usa GoE Varrow dall'inizio.", "it", [("GoE Varrow", "7401")]),  # the small word's initial in lower case
    ("El mazo usa GOE Quillon y nada más.", "es", [("GOE Quillon", "7402")]),  # the head begins the name
    ("O deck usa S-HERO Gale e mais nada.", "pt", [("S-HERO Gale", "7403")]),  # a whole name (Shadow HERO Gale Rider
    # only begins so)
    ("El mazo usa S-HERO Gale Knight y nada más.", "es", [("S-HERO Gale Knight", "7407")]),  # the longest head
    ("O deck usa S-HERO Gloam e mais nada.", "pt", [("S-HERO Gloam", "7404")]),  # the other series of S-HERO
])
def test_an_abbreviation_and_a_head_are_the_member_of_that_name(index, text, lang, want):
    spans, _ = found(index, text, lang)
    assert spans == want, spans


def test_the_head_is_read_in_the_series_name_of_the_texts_language_too(index):
    spans, _ = found(index, "El mazo usa S-HERO Ráfaga y nada más.", "es")
    assert spans == [("S-HERO Ráfaga", "7403")], spans


def test_a_head_that_begins_members_of_both_series_of_one_abbreviation_is_no_card(index):
    # Storm HERO Nimbus Lancer and Shadow HERO Nimbus Shade: "S-HERO Nimbus" begins both
    spans, _ = found(index, "O deck usa S-HERO Nimbus e mais nada.", "pt")
    assert spans == [], spans
    spans, _ = found(index, "O deck usa S-HERO Nimbus Shade e mais nada.", "pt")
    assert spans == [("S-HERO Nimbus Shade", "7409")], spans


def test_an_abbreviation_of_no_series_or_a_head_of_no_member_is_left_as_it_was(index):
    spans, _ = found(index, "O deck usa XYZ Varrow e GOE Zorn.", "pt")
    assert ("Varrow", "7406") in spans and not any(t.startswith(("GOE", "XYZ")) for t, _ in spans), spans


@pytest.mark.parametrize("text", ["O deck usa xGOE Varrow.", "O deck usa ALFA-GOE Varrow.", "O deck usa a_GOE Varrow."])
def test_an_abbreviation_at_the_end_of_a_longer_word_is_none(index, text):
    spans, _ = found(index, text, "pt")
    assert not any("GOE" in t for t, _ in spans), spans


@pytest.mark.parametrize("query, want", [
    ("GOE Varrow", "7401"),  # the English name
    ("S-HERO Ráfaga", "7403"),  # the series' Spanish name and the card's own words
    ("GoE Quillon the Warden", "7402"),
])
def test_lookup_puts_the_card_an_abbreviation_and_its_words_name_first(index, query, want):
    top = index.lookup(query).matches[0]
    assert top.entry.passcodes[0] == want and top.score >= 96.0, (top.entry.id, top.score)


def test_lookup_of_an_abbreviation_whose_words_name_no_card_is_left_as_it_was(index):
    assert all(m.score != 96.0 for m in index.lookup("GOE Zorn").matches)


def test_a_name_the_abbreviation_takes_in_is_not_reported_as_held_back(index):
    spans, held = found(index, "O deck usa GOE Varrow desde o começo.", "pt")
    assert spans == [("GOE Varrow", "7401")] and held == []  # ("Varrow", the Spell, was held back as a longer name's end)
