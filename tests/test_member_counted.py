"""A series member whose own word is an everyday word of the text's language is read only after a count of copies
(translate ``MEMBER_EVERYDAY``, ``COPIES``; issue 24): "os Quorvex (3 Nova, 2 Thuban)" is a deck list, "a Nova" is the
word; a word of the game ("Invocación") is never a member. The cards, series and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8101\tQuorvex Nova\tQuorvex Nova\tQuorvex Nova\tQuorvex Nova\tMonster\t4
8102\tQuorvex Thuban\tQuorvex Thuban\tQuorvex Thuban\tQuorvex Thuban\tMonster\t4
8103\tZelkar Nova\tZelkar Nova\tZelkar Nova\tZelkar Nova\tMonster\t9
8104\tNova Gearhand\tNova Gearhand\tNova Gearhand\tNova Gearhand\tMonster\t9
8105\tNova Summoner\tNova Summoner\tNova Summoner\tNova Summoner\tMonster\t9
"""
SERIES = """en\tes\tpt\tit
Quorvex\tQuorvex\tQuorvex\tQuorvex
Zelkar\tZelkar\tZelkar\tZelkar
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("counted"), POOL, series=SERIES)


@pytest.mark.parametrize("text", [
    "A lista segue o padrão dos Quorvex (3 Nova, 2 Thuban) e nada mais.",
    "O deck Quorvex usa 3x Nova e 2 Thuban.",
])
def test_an_everyday_member_word_after_a_count_of_copies_is_the_member(index, text):
    got = [(s.text, s.passcodes[0], s.variant) for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"]
    assert ("Nova", "8101", "series-member") in got  # read as the member of the series named (not Zelkar Nova, the
    # more printed card of a series the text does not name; not a guess among the cards whose names hold the word)


@pytest.mark.parametrize("text", [
    "O deck Quorvex usa a Nova regra do formato.",  # no count: the everyday word
    "O deck Quorvex ganhou 3 Nova Iorque e Paris.",  # not the series' deck list: a longer name
])
def test_an_everyday_member_word_with_no_count_or_series_is_no_card(index, text):
    assert ("Nova", "8101") not in card_spans(index, text, "pt")


def test_a_member_word_that_is_a_word_of_the_game_is_no_member(tmp_path_factory):
    pool = POOL + "8106\tQuorvex Summoning\tQuorvex Invocación\tQuorvex Invocação\tQuorvex Evocazione\tMonster\t4\n"
    index = small_index(tmp_path_factory.mktemp("counted-game"), pool, series=SERIES)
    text = "El mazo Quorvex usa Quorvex Nova; esto se trata como una Invocación por Fusión."
    got = [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans(text) if s.kind == "card"]
    assert ("Invocación", "8106") not in got and ("Quorvex Nova", "8101") in got, got
