"""Series members in lists (translate, issue 24): the plural of a list's first name carries to the names after it
(Translator._listed_plural), and a word judged again once the series is known takes the judge's new choice
(Translator._members). The cards, series, nickname and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7101\tTirra, Brightoath Archer\tTirra, Arquera Brightoath\tTirra, Arqueira Brightoath\tTirra, Arciere Brightoath\tMonster\t6
7102\tTalia, Brightoath Dancer\tTalia, Bailarina Brightoath\tTalia, Dançarina Brightoath\tTalia, Danzatrice Brightoath\tMonster\t5
7103\tKestrel, Brightoath Knight\tKestrel, Caballera Brightoath\tFalcoa, Cavaleira Brightoath\tKestrel, Cavaliera Brightoath\tMonster\t7
7104\tKestrel\tKestrel\tKestrel\tKestrel\tMonster\t2
7201\tVorkel, Cinderoath Wyrm\tVorkel, Sierpe Cinderoath\tVorkel, Serpe Cinderoath\tVorkel, Serpe Cinderoath\tMonster\t6
7202\tStream, Cinderoath Wyrm of Tides\tStream, Sierpe Cinderoath de las Mareas\tStream, Serpe Cinderoath das Marés\tStream, Serpe Cinderoath delle Maree\tMonster\t5
7203\tZathis, Cinderoath Wyrm of Ash\tZathis, Sierpe Cinderoath de Ceniza\tZathis, Serpe Cinderoath de Cinzas\tZathis, Serpe Cinderoath di Cenere\tMonster\t6
7205\tCinderoath Keeper of the Silent Stream\tGuardián Cinderoath del Stream Silente\tGuardião Cinderoath do Stream Silente\tCustode Cinderoath dello Stream Silente\tMonster\t2
7204\tStone, Brightoath Guard\tStone, Guardia Brightoath\tStone, Guarda Brightoath\tStone, Guardia Brightoath\tMonster\t4
"""
SERIES = """en\tes\tpt\tit
Brightoath\tBrightoath\tBrightoath\tBrightoath
Cinderoath\tCinderoath\tCinderoath\tCinderoath
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
7101\tTirra, Brightoath Archer\tTirrona\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("member-lists"), POOL, NICKS, SERIES)


@pytest.mark.parametrize("text, lang", [
    ("O deck Brightoath usa três Tirras e Talias no campo.", "pt"),
    ("El mazo Brightoath usa tres Tirras, Talias y cartas de apoyo.", "es"),
    ("Il mazzo Brightoath gioca due Tirras e Talias ogni turno.", "it"),
])
def test_a_plural_name_after_a_plural_name_of_a_list_is_copies_of_the_card(index, text, lang):
    assert ("Talias", "7102") in card_spans(index, text, lang)


@pytest.mark.parametrize("text, lang", [
    ("O deck Brightoath usa Talias no campo.", "pt"),  # no plural article or count: a word in -s
    ("O deck Brightoath usa a Tirra e Talias no campo.", "pt"),  # the name before is in the singular
    ("O deck Brightoath usa três Tirras; Talias ficam para depois.", "pt"),  # not joined as a list
])
def test_without_a_plural_list_before_it_the_plural_word_is_no_card(index, text, lang):
    assert ("Talias", "7102") not in card_spans(index, text, lang)


@pytest.mark.parametrize("text", [
    "No deck uso Tirrona e Kestrel.",  # the nickname names the Brightoath once the text is read
    "No deck, Kestrel ataca e o deck Brightoath vence.",  # the series named after the word
])
def test_a_members_word_is_the_member_once_the_series_is_named(index, text):
    # "Kestrel" is also the whole name of a less printed card, rarer as a Portuguese word than the member's English
    # form is as an English one: it scores more, but the member is the more printed card the text's series points to
    assert ("Kestrel", "7103") in card_spans(index, text, "pt")


def test_without_the_series_the_word_is_the_card_of_that_name(index):
    assert ("Kestrel", "7104") in card_spans(index, "No deck, Kestrel ataca primeiro.", "pt")


def test_an_everyday_word_in_a_list_of_a_series_cards_is_the_card_whose_name_it_begins_before_a_comma(index):
    # "Stream" alone is an everyday word (a word of another Cinderoath card's name too), no card's short form nor
    # member's form; between two Cinderoath cards it is Stream, Cinderoath Wyrm of Tides
    got = card_spans(index, "Las cuatro serpientes: Vorkel, Stream y Zathis.", "es")
    assert [t for t, c in got if c in ("7201", "7202", "7203")] == ["Vorkel", "Stream", "Zathis"], got


def test_a_list_of_another_series_cards_makes_no_such_word_a_card(index):
    # "Stone" begins a Brightoath card's name: among Cinderoath cards it is no card
    got = card_spans(index, "Las cuatro serpientes: Vorkel, Stone y Zathis.", "es")
    assert not any(c == "7204" for _, c in got), got
