"""The items of a "+" list are cards by a shortened name (names/lists.py, issue 24). The cards, series and sentences
are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tCinder Lance Dragon\tDragón Lanza Ceniza\tDragão Lança Cinza\tDrago Lancia Cenere\tMonster\t3
8202\tCogwork Vantor\tVantor Cogwork\tVantor Cogwork\tVantor Cogwork\tMonster\t2
8203\tDimensional Rift\tGrieta Dimensional\tFenda Dimensional\tSquarcio Dimensionale\tTrap\t6
8204\tEmberveil Oracle\tOráculo Emberveil\tOráculo Emberveil\tOracolo Emberveil\tMonster\t4
8205\tFrostveil Oracle\tOráculo Frostveil\tOráculo Frostveil\tOracolo Frostveil\tMonster\t4
8206\tQuorn Spellcaster\tLanzador Quorn\tConjurador Quorn\tIncantatore Quorn\tMonster\t9
"""
SERIES = """en\tes\tpt\tit
Cogwork\tCogwork\tCogwork\tCogwork
Emberveil\tEmberveil\tEmberveil\tEmberveil
Frostveil\tFrostveil\tFrostveil\tFrostveil
Quorn\tQuorn\tQuorn\tQuorn
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("plus-lists"), POOL, "", SERIES)


@pytest.mark.parametrize("text, lang, want", [
    ("Mi combo es Cinder Lance + D Rift, y gano.", "es", [("Cinder Lance", "8201"), ("D Rift", "8203")]),
    ("A trava: Vantor + 2 Cinder Lance no campo.", "pt", [("Vantor", "8202"), ("Cinder Lance", "8201")]),
    ("(Vantor + D Rift set) e poi attacco.", "it", [("Vantor", "8202"), ("D Rift", "8203")]),
    ("Uso Vantor + D Rift. Luego nada.", "es", [("Vantor", "8202"), ("D Rift", "8203")]),  # a full stop after the list
    ("El combo: Vantor + D Rift, Cinder Lance y más.", "es", [("D Rift", "8203")]),  # the item stops at the comma
])
def test_the_items_of_a_plus_list_are_cards_by_a_shortened_name(index, text, lang, want):
    got = card_spans(index, text, lang)
    assert all(w in got for w in want)


def test_an_item_two_cards_fit_alike_is_no_card(index):
    # "Oracle" is a member of two series, each printed as often: no card
    assert [s for s in card_spans(index, "El combo: D Rift + Oracle.", "es") if s[0] == "Oracle"] == []


@pytest.mark.parametrize("text, lang", [
    ("Uso Cinder Lance y D Rift en el deck.", "es"),  # no plus sign: running text
    ("Jogo Cinder Lance e Vantor no deck.", "pt"),
])
def test_without_a_plus_list_a_shortened_name_is_no_card(index, text, lang):
    got = [s[0] for s in card_spans(index, text, lang)]
    assert "Cinder Lance" not in got and "D Rift" not in got and "Vantor" not in got


@pytest.mark.parametrize("text", [
    'carta.setTexto("Tipo: Cinder Lance\\n"\n\t\t+ "Vantor: destruye todo");',  # Java's strings joined over a line
    "texto = 'Uso Cinder Lance' + 'Vantor siempre'",
])
def test_a_plus_sign_between_strings_of_code_joins_text_not_cards(index, text):
    assert card_spans(index, text, "es") == []


def test_lower_case_items_and_counts_are_no_names(index):
    assert card_spans(index, "El combo: 3 o 4 sets + algo más.", "es") == []


@pytest.mark.parametrize("run, last, want", [
    ("Grey Moth Lantern Ash", False, "Grey Moth Lantern Ash"),  # MAX_WORDS words
    ("Grey Moth Lantern Ash Crown", False, None),  # one more
    ("set Grey Moth Lantern Ash Crown", True, None),
    ("Ax", False, None),  # shorter than three letters
    ("Axe", False, "Axe"),
    ("2 Axe set", False, "Axe"),
])
def test_an_items_name_is_at_most_max_words_words_and_three_letters(run, last, want):
    from ygorules.names import lists
    got = lists._name_in(run, 0, len(run), last)
    assert (got and run[got[0]:got[1]]) == want


@pytest.mark.parametrize("text, lang", [
    ("Olho de Vantor + D Rift: a combinação clássica.", "pt"),  # the item is "Olho de Vantor", not its "Vantor"
    ("D Rift + Occhio di Vantor nel mio mazzo.", "it"),
])
def test_an_item_runs_across_a_link_word_and_is_read_whole(index, text, lang):
    got = card_spans(index, text, lang)
    assert ("Vantor", "8202") not in got, got
    assert ("D Rift", "8203") in got, got


@pytest.mark.parametrize("text", ["O resto: Aqua + Spellcaster na proporção 2:1.", "O resto: Aqua + Spellcasters e nada."])
def test_an_item_that_is_a_monster_type_is_no_card(index, text):
    assert card_spans(index, text, "pt") == [], card_spans(index, text, "pt")



def test_a_closing_bracket_ends_the_item_before_a_plus_sign(index):
    # "(D Rift)" ends before the plus sign's lower-case words: no item there, and Cinder Lance after it is one
    got = card_spans(index, "A rota: Vantor (D Rift) até ter 8 dragons + Cinder Lance no fim.", "pt")
    assert ("D Rift", "8203") not in got and ("Cinder Lance", "8201") in got, got


@pytest.mark.parametrize("text, want", [
    ("CLD + DR\n\nUn blog de duelos.", []),  # initials on both sides of a title, no card: none is read
    ("Uso CLD + Grieta Dimensional siempre.", [("CLD", "8201"), ("Grieta Dimensional", "8203")]),  # a card beside them
])
def test_initials_across_a_plus_sign_need_a_card_beside_them(index, text, want):
    assert card_spans(index, text, "es") == want


EVERYDAY_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8211\tQuorn Delta\tQuorn Delta\tQuorn Delta\tQuorn Delta\tMonster\t3
8212\tCinder Lance Dragon\tDragón Lanza Ceniza\tDragão Lança Cinza\tDrago Lancia Cenere\tMonster\t3
"""
EVERYDAY_SERIES = """en\tes\tpt\tit
Quorn\tQuorn\tQuorn\tQuorn
"""


@pytest.mark.parametrize("text, want", [
    ("Os resultados são melhores do que Delta + LZMA2 neste caso.", []),  # an everyday word beside no card
    ("O combo: Delta + Cinder Lance no campo.", [("Delta", "8211"), ("Cinder Lance", "8212")]),  # a card across the sign
])
def test_an_everyday_word_in_a_plus_list_needs_a_card_beside_it(tmp_path, text, want):
    index = small_index(tmp_path, EVERYDAY_POOL, "", EVERYDAY_SERIES)
    assert card_spans(index, text, "pt") == want
