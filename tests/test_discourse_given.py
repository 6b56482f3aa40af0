"""A card's given name (discourse._given_names, issue 24): a name in full that is a given name, then an article or a
comma and an epithet ("Alfa el Guerrero Magnético", "Ryko, Lightsworn Hunter") lends its first word to the card even
where that word is an everyday one, and that word, written as another card's nickname, is the card named in full. The
cards, nicknames and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7401\tDelta the Lodestone Knight\tDelta el Caballero Imán\tDelta o Cavaleiro Ímã\tDelta il Cavaliere Calamita\tMonster\t9
7402\tOmega the Lodestone Knight\tOmega el Caballero Imán\tÔmega o Cavaleiro Ímã\tOmega il Cavaliere Calamita\tMonster\t9
7403\tPsy-Gear Omega\tPsi-Engranaje Omega\tPsi-Engrenagem Ômega\tPsi-Ingranaggio Omega\tMonster\t12
7404\tDelta Lodestone Crest\tEmblema Imán Delta\tEmblema Ímã Delta\tStemma Calamita Delta\tSpell\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
7403\tPsy-Gear Omega\tOmega\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse-given"), POOL, nicknames=NICKS)


def test_a_given_name_that_is_an_everyday_word_stands_for_its_card(index):
    # "delta" is an everyday word (Zipf 3.9 in Spanish): capitalised in the middle of a sentence, once the text names
    # Delta el Caballero Imán, it is that card
    text = "Delta el Caballero Imán es un monstruo normal. De los dos, Delta es el que mejor defiende."
    assert card_spans(index, text, "es") == [("Delta el Caballero Imán", "7401"), ("Delta", "7401")]


def test_an_everyday_word_that_only_ends_a_name_stays_a_word(index):
    # "Delta" ends Emblema Imán Delta, no given name: a word of the language, not the card
    text = "Juego Emblema Imán Delta en el campo. De los dos, Delta es el que mejor defiende."
    assert card_spans(index, text, "es") == [("Emblema Imán Delta", "7404")]


def test_another_card_s_nickname_that_is_a_given_name_is_the_card_named_in_full(index):
    # "Omega" is what players call Psy-Gear Omega; in a text that names Omega el Caballero Imán, it is that card
    text = "Delta el Caballero Imán y Omega se combinan. Omega el Caballero Imán ataca."
    got = card_spans(index, text, "es")
    assert ("Omega", "7402") in got and ("Omega", "7403") not in got, got


def test_the_nickname_stays_where_no_card_of_that_given_name_is_named(index):
    got = card_spans(index, "Delta el Caballero Imán y Omega se combinan.", "es")
    assert ("Omega", "7403") in got, got
