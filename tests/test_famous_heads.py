"""A rare card's one-word name is the far more printed card whose name begins with it (``partial.famous_head``, issue
24): players wrote "Tifone" for Mystical Space Typhoon (Tifone Spaziale Mistico, 63 printings) long before a card was
printed as Tifone (Typhoon, 4). In lookup the famous card comes first and the rare one right after it; in running text
the name is the famous card. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names import partial

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6701\tGale\tVendaval\tVentania\tBufera\tTrap\t3
6702\tArcane Gale Spiral\tVendaval Espiral Arcano\tVentania Espiral Arcana\tBufera Spirale Arcana\tSpell\t40
6703\tGale Minor\tVendaval Menor\tVentania Menor\tBufera Minore\tSpell\t4
6704\tQuorlith\tQuorlith\tQuorlith\tQuorlith\tMonster\t20
6705\tQuorlith Wing\tQuorlith Ala\tQuorlith Asa\tQuorlith Ala\tMonster\t30
6706\tZelbrik\tZelbrik\tZelbrik\tZelbrik\tSpell\t2
6707\tZelbrik Tower\tZelbrik Torre\tZelbrik Torre\tZelbrik Torre\tSpell\t30
6708\tZelbrik Gate\tZelbrik Puerta\tZelbrik Portão\tZelbrik Porta\tSpell\t20
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("famous_heads"), POOL)


def first_two(index, query):
    return [m.entry.id for m in index.lookup(query).matches[:2]]


@pytest.mark.parametrize("query", ["Vendaval", "Bufera", "Ventania", "vendavales"])
def test_a_rare_cards_one_word_name_looks_up_the_famous_card_first_and_itself_next(index, query):
    ids = first_two(index, query)
    assert ids[0].startswith("arcane-gale-spiral") and ids[1] == "gale", ids


@pytest.mark.parametrize("query, want", [
    ("Gale", "gale"),  # the English names: Arcane Gale Spiral does not begin with it
    ("Quorlith", "quorlith"),  # a famous card itself: its own name
    ("Zelbrik", "zelbrik"),  # two cards begin so, neither twice as printed as the other: no one card's head
])
def test_a_name_stays_its_own_card_where_no_one_far_more_printed_card_begins_with_it(index, query, want):
    assert first_two(index, query)[0] == want


def test_in_running_text_the_rare_name_is_the_famous_card(index):
    got = card_spans(index, "En el deck uso dos Vendaval y la carta Quorlith.", "es")
    assert ("Vendaval", "6702") in got and ("Quorlith", "6704") in got, got


def test_famous_head_reads_only_one_word_names(index):
    e = index.lookup("Vendaval Menor").matches[0].entry
    assert partial.famous_head(index, "vendaval menor", "es", e) is None


TAIL_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6801\tSquall\tChubasco\tAguaceiro\tAcquazzone\tTrap\t3
6802\tArcane Orbit Squall\tChubasco Orbital Arcano\tAguaceiro Orbital Arcano\tAcquazzone Orbitale Arcano\tSpell\t40
6803\tCrown Wyrm\tSierpe Corona\tSerpe Coroa\tSerpe Corona\tMonster\t1
6804\tVolkar the Crown Wyrm\tVolkar la Sierpe Corona\tVolkar a Serpe Coroa\tVolkar la Serpe Corona\tMonster\t20
6805\tEmber Wyrm\tSierpe Ascua\tSerpe Brasa\tSerpe Brace\tMonster\t9
6806\tVolkar the Ember Wyrm\tVolkar la Sierpe Ascua\tVolkar a Serpe Brasa\tVolkar la Serpe Brace\tMonster\t12
"""


@pytest.fixture(scope="module")
def tail_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("famous_tails"), TAIL_POOL)


@pytest.mark.parametrize("text, want", [
    ("Si el rival activa el Squall en respuesta, encadenamos la Trampa.", ("Squall", "6802")),  # one word
    ("Junto a Crown Wyrm, el Dios Alado gana el duelo.", ("Crown Wyrm", "6804")),  # two words
    ("Junto a Ember Wyrm, el Dios Alado gana el duelo.", ("Ember Wyrm", "6805")),  # not far more printed: itself
])
def test_in_running_text_a_rare_english_name_that_ends_a_famous_one_is_the_famous_card(tail_index, text, want):
    assert want in card_spans(tail_index, text, "es"), card_spans(tail_index, text, "es")


def test_famous_tail_reads_names_of_one_or_two_words_in_their_own_language(tail_index):
    e = tail_index.lookup("Crown Wyrm").matches[0].entry
    assert partial.famous_tail(tail_index, "crown wyrm", "en", e).entry.id.startswith("volkar-the-crown")
    assert partial.famous_tail(tail_index, "crown wyrm", "es", e) is None  # (no Spanish name ends so)
    assert partial.famous_tail(tail_index, "the crown wyrm", "en", e) is None  # three words
