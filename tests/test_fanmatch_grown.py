"""A card found inside a longer name of another card, whose other words are translated after it, is that longer card
(issue 24, ``fanmatch.grown``: the longest mention wins): "Plimkin com Asas" is Winged Plimkin, not Plimkin and two
words. The cards and sentences are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch

from _names_fixtures import card_spans, small_index, fresh_fanmatch  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4001\tTorvald Knight, the Force of Stone\tCaballero Torvald, la Fuerza de la Piedra\tCavaleiro Torvald, a Força da Pedra\tCavaliere Torvald, la Forza della Pietra\tMonster\t9
4002\tTorvald the Fierce Knight\tTorvald el Caballero Impetuoso\tTorvald, o Cavaleiro Impetuoso\tTorvald il Cavaliere\tMonster\t9
4003\tFierce Wolf\tLobo Feroz\tLobo Feroz\tLupo Feroce\tMonster\t3
4004\tPlimkin\tPlimkin\tPlimkin\tPlimkin\tMonster\t9
4005\tWinged Plimkin\tPlimkin Alado\tPlimkin Alado\tPlimkin Alato\tMonster\t5
4006\tWinged Lantern\tLinterna de Alas\tLanterna de Asas\tLanterna delle Ali\tSpell\t3
4007\tStone Lantern\tLinterna de Piedra\tLanterna de Pedra\tLanterna di Pietra\tSpell\t3
4008\tFierce Storm\tTormenta Feroz\tTempestade Feroz\tTempesta Feroce\tSpell\t3
4009\tWinged Storm\tTormenta Alada\tTempestade Alada\tTempesta Alata\tSpell\t3
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("grown"), POOL)


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")  # (a word table learned from this pool)


@pytest.mark.parametrize("text, src, want", [
    ("Ele usou Plimkin com Asas no duelo.", "pt", ("Plimkin com Asas", "4005")),  # a name found, then the longer's words
    ("Usó Plimkin con Alas en el duelo.", "es", ("Plimkin con Alas", "4005")),
    # a short form found ("Cavaleiro Torvald" of 4001), then the words of another card that holds the words it shows
    ("Então veio o Cavaleiro Torvald, o Feroz em campo.", "pt", ("Cavaleiro Torvald, o Feroz", "4002")),
])
def test_a_name_found_grows_into_a_longer_card_whose_other_words_follow_it_translated(index, text, src, want):
    assert want in card_spans(index, text, src)


@pytest.mark.parametrize("text, src", [
    ("Ele usou Plimkin com Pedra no duelo.", "pt"),  # "pedra" is no word of a longer name that holds Plimkin
    ("Ele usou Plimkin. Asas no duelo.", "pt"),  # another sentence
])
def test_a_name_found_stays_itself_where_the_words_after_it_make_no_longer_card(index, text, src):
    assert ("Plimkin", "4004") in card_spans(index, text, src)
