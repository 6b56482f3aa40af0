"""A lookup query written as an acronym of a card's English name (names/acronyms.py, issue 24). The cards are made up."""
from __future__ import annotations

import pytest

from ygorules.names import acronyms

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9001\tThat Meadow Seems Brighter\tEse Prado Parece Más Brillante\tEsse Prado Parece Mais Brilhante\tQuel Prato Sembra Più Luminoso\tSpell\t3
9002\tThorn Mage Summons Brambles\tMago Espino Invoca Zarzas\tMago Espinho Invoca Sarças\tMago Spina Evoca Rovi\tSpell\t9
9003\tGrey Lantern Warden - Keeper of the Dusk\tGuardián Farol Gris - Custodio del Ocaso\tGuardião Lanterna Cinza - Guardião do Crepúsculo\tGuardiano Lanterna Grigia - Custode del Crepuscolo\tMonster\t5
9004\tTidal Crown\tCorona de Marea\tCoroa da Maré\tCorona di Marea\tSpell\t4
9005\tTide Caller\tInvocador de Mareas\tInvocador de Marés\tEvocatore di Maree\tMonster\t3
9006\tWarden of the Tide\tGuardián de la Marea\tGuardião da Maré\tGuardiano della Marea\tMonster\t2
9007\tStorm Herald\tHeraldo de la Tormenta\tArauto da Tempestade\tAraldo della Tempesta\tMonster\t12
9008\tSand Hopper\tSaltador de Arena\tSaltador de Areia\tSaltatore di Sabbia\tMonster\t2
9009\tWarden's Tidal Lantern\tFarol de Marea del Guardián\tLanterna de Maré do Guardião\tLanterna di Marea del Guardiano\tSpell\t3
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("acronyms"), POOL)


@pytest.mark.parametrize("query, want", [
    ("TMSB", ["9002", "9001"]),  # two cards with these initials: the more printed first
    ("GLW", ["9003"]),  # the part of the name before " - "
    ("GLWKOTD", ["9003"]),  # the whole name
])
def test_an_acronym_finds_the_cards_whose_initials_it_is(index, query, want):
    got = [m.entry.passcodes[0] for m in index.lookup(query).matches if m.score == acronyms.ACRONYM_SCORE]
    assert got == want


@pytest.mark.parametrize("query", ["tmsb", "Tmsb", "TM", "TC", "Wott", "WottT"])
def test_no_acronym_in_lower_case_or_two_capitals_without_a_clear_card(index, query):
    # TM: no card; TC: Tidal Crown and Tide Caller, printed alike; Wott: one capital; WottT: three lower-case letters
    assert all(m.score != acronyms.ACRONYM_SCORE for m in index.lookup(query).matches)


@pytest.mark.parametrize("query, want", [
    ("WotT", "9006"),  # the small words' initials in lower case: read as WOTT
    ("WOTT", "9006"),
    ("WTL", "9009"),  # without the "s" of a possessive
    ("WSTL", "9009"),  # with it
])
def test_an_acronym_in_mixed_case_or_of_a_possessive_finds_the_card(index, query, want):
    got = [m.entry.passcodes[0] for m in index.lookup(query).matches if m.score == acronyms.ACRONYM_SCORE]
    assert got == [want]


def test_two_capitals_name_the_card_printed_more_than_twice_as_often_below_the_list_score(index):
    from ygorules.names import lists
    first, *rest = index.lookup("SH").matches
    assert (first.entry.passcodes[0], first.score) == ("9007", acronyms.TWO_LETTER_SCORE)
    assert acronyms.TWO_LETTER_SCORE < lists.MIN_SCORE and all(first.score - m.score > 1.0 for m in rest)


def test_translate_does_not_read_acronyms(index):
    from ygorules.names.translate import Translator
    assert [s for s in Translator(index, "es", "en").spans("Jugué TMSB y GLW en el torneo.") if s.kind == "card"] == []


@pytest.mark.parametrize("query, want", [
    ("T Crown", "9004"),  # a word cut to its initial
    ("Tidal C", "9004"),
])
def test_a_name_with_one_word_cut_to_its_initial_finds_the_card(index, query, want):
    top = index.lookup(query).matches[0]
    assert top.entry.passcodes[0] == want and top.score == acronyms.SHORTENED_SCORE


@pytest.mark.parametrize("query", ["T C", "Tidal Crown", "X Crown"])
def test_two_initials_a_whole_name_or_a_wrong_initial_is_no_shortened_name(index, query):
    assert all(m.score != acronyms.SHORTENED_SCORE for m in index.lookup(query).matches)
