"""A card found by a part of its name, with the rest of its name translated around it, is read whole (issue 24,
``fanmatch.widened``): "Zephrane, o Grifo das Brasas" is one mention of Zephrane the Ember Gryphon, not a short form
followed by another card. The cards and sentences are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch

from _names_fixtures import card_spans, small_index, fresh_fanmatch  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3001\tZephrane the Ember Gryphon\tZephrane el Grifo de Ascuas\tZephrane o Grifo de Brasas\tZephrane il Grifone di Brace\tMonster\t9
3002\tEmber Gryphon\tGrifo de Ascuas\tGrifo de Brasas\tGrifone di Brace\tMonster\t3
3003\tGryphon Nest\tNido del Grifo\tNinho do Grifo\tNido del Grifone\tSpell\t3
3004\tEmber Blade\tEspada de Ascuas\tEspada de Brasas\tSpada di Brace\tSpell\t3
3005\tAsh Cloud\tNube de Ceniza\tNuvem de Cinzas\tNube di Cenere\tTrap\t3
3006\tEmber Ash\tAscuas y Ceniza\tBrasas e Cinzas\tBrace e Cenere\tTrap\t3
3007\tStorm Gryphon\tGrifo de la Tormenta\tGrifo da Tempestade\tGrifone della Tempesta\tMonster\t3
3008\tStorm Nest\tNido de la Tormenta\tNinho da Tempestade\tNido della Tempesta\tSpell\t3
3009\tMarrowind Gryphon Knight\tCaballero Grifo Marrowind\tCavaleiro Grifo Marrowind\tCavaliere Grifone Marrowind\tMonster\t9
3010\tKnight of the Nest\tCaballero del Nido\tCavaleiro do Ninho\tCavaliere del Nido\tMonster\t3
3012\tLa Zorva, Ember Oracle\tLa Zorva, Oráculo de Ascuas\tLa Zorva, Oráculo das Brasas\tLa Zorva, Oracolo di Brace\tMonster\t9
3011\tZephrane Gryphon\tGrifo Zephrane\tGrifo Zephrane\tGrifone Zephrane\tMonster\t1
3013\tVelmar, the Stormgryphon\tVelmar, el Grifotormenta\tVelmar, o Grifotempestade\tVelmar, il Grifotempesta\tMonster\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("widen"), POOL)


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")  # (a word table learned from this pool)


def cards(index, text, src):
    return card_spans(index, text, src)


@pytest.mark.parametrize("text, src, want", [
    # the head found, its epithet translated after it (with or without the comma; the article is the text's)
    ("Ontem joguei Zephrane, o Grifo das Brasas contra ele.", "pt", "Zephrane, o Grifo das Brasas"),
    ("Ontem joguei Zephrane o Grifo das Brasas contra ele.", "pt", "Zephrane o Grifo das Brasas"),
    ("Ayer saqué Zephrane, el Grifo de las Ascuas en mi turno.", "es", "Zephrane, el Grifo de las Ascuas"),
    ("Ieri ho evocato Zephrane il Grifone delle Braci in difesa.", "it", "Zephrane il Grifone delle Braci"),
    # translated words before the head found (the English word kept as it was printed)
    ("Poi arriva il Cavaliere Grifo Marrowind a chiudere.", "it", "Cavaliere Grifo Marrowind"),
])
def test_a_card_found_by_a_part_of_its_name_takes_the_rest_translated_around_it(index, text, src, want):
    got = cards(index, text, src)
    assert (want, "3001" if "Zephrane" in want else "3009") in got
    assert not any(p == "3002" for _, p in got)  # the translated epithet is no card of its own


@pytest.mark.parametrize("text, src, want", [
    # a conjunction joins two names, never one: the head and a card named after it stay two mentions
    ("Ontem joguei Zephrane e Grifo de Brasas.", "pt", [("Zephrane", "3001"), ("Grifo de Brasas", "3002")]),
    # the words after the head name another card of the pool, not the rest of this one's name
    ("Ontem joguei Zephrane contra o Ninho do Grifo dele.", "pt", [("Zephrane", "3001"), ("Ninho do Grifo", "3003")]),
    # punctuation ends the name: a new sentence is no epithet
    ("Ontem joguei Zephrane. Grifo das Brasas veio depois.", "pt", [("Zephrane", "3001"), ("Grifo das Brasas", "3002")]),
    # the words after it translate to a word the card's name lacks ("Cinzas", ash): no widening
    ("Ontem joguei Zephrane o Grifo das Cinzas na mesa.", "pt", [("Zephrane", "3001")]),
])
def test_a_card_found_by_a_part_of_its_name_is_not_widened_over_other_words(index, text, src, want):
    assert [x for x in cards(index, text, src) if x[1] in ("3001", "3002", "3003")] == want


@pytest.mark.parametrize("text, src, want, card", [
    # a name that begins with its own article: matched without it, the span keeps it
    ("Usei La Zorva, o Oracle das Brasas hoje.", "pt", "La Zorva, o Oracle das Brasas", "3012"),
    # a word of the rest of the name that is two words written as one, in the other order ("gryphonstorm")
    ("Hay que jugar Velmar, the gryphonstorm en el Main.", "es", "Velmar, the gryphonstorm", "3013"),
])
def test_the_rest_of_the_name_may_be_written_as_the_matcher_reads_it(index, text, src, want, card):
    assert (want, card) in cards(index, text, src)


def test_lower_case_words_before_the_head_are_not_taken(index):
    assert ("Marrowind", "3009") in cards(index, "Poi arriva un cavaliere grifo Marrowind a chiudere.", "it")


def test_lower_case_words_after_the_head_with_no_comma_nor_article_are_the_sentence_going_on(index):
    got = cards(index, "Ontem joguei Zephrane grifo das ascuas de novo.", "pt")
    assert ("Zephrane", "3001") in got
    assert not any(t.startswith("Zephrane ") for t, _ in got)
    # with the comma of an apposition, the same words in lower case are the epithet
    assert ("Zephrane, o grifo das ascuas", "3001") in cards(index, "Ontem joguei Zephrane, o grifo das ascuas de novo.", "pt")


@pytest.mark.parametrize("text, src, want", [
    # an article right after the head begins its epithet as a comma does, the epithet in lower case (its words not
    # the official name's in the text's language: "brasas" is Portuguese, "grifo" the Italian "grifone" shortened)
    ("Ontem joguei Zephrane o grifo das ascuas de novo.", "pt", "Zephrane o grifo das ascuas"),
    ("Ayer saqué Zephrane el grifo de las brasas en mi turno.", "es", "Zephrane el grifo de las brasas"),
    ("Ieri ho evocato Zephrane il grifo delle braci in difesa.", "it", "Zephrane il grifo delle braci"),
])
def test_lower_case_words_after_the_head_and_an_article_are_its_epithet(index, text, src, want):
    assert (want, "3001") in cards(index, text, src)


def test_lower_case_words_after_the_head_and_an_article_that_are_no_words_of_its_name_are_the_sentence(index):
    assert cards(index, "Ayer saqué Zephrane el turno pasado.", "es") == [("Zephrane", "3001")]


def test_the_whole_name_variants_are_those_ranked_before_the_nicknames():
    from ygorules.names.index import VARIANT_RANK
    assert fanmatch.FULL_NAMES == {v for v, rank in VARIANT_RANK.items() if rank < VARIANT_RANK["nickname"]}


def test_a_card_found_by_its_whole_name_and_named_again_is_two_mentions(index):
    # "Grifo de Ascuas" is Ember Gryphon's official name: its English name after it is a second mention, not more of it
    got = cards(index, "Saqué Grifo de Ascuas, Ember Gryphon, en defensa.", "es")
    assert got == [("Grifo de Ascuas", "3002"), ("Ember Gryphon", "3002")]


def test_words_that_with_the_name_found_read_as_another_card_leave_it_as_found(index):
    # "Zephrane" is the short form of the more printed Zephrane the Ember Gryphon; ", o grifo" with it reads as
    # Zephrane Gryphon, another card: the pass never changes the card, so the name found stays Zephrane the Ember
    # Gryphon (whose epithet "o grifo" is, loosely: ``fanmatch.epithets``)
    got = cards(index, "Ontem joguei Zephrane, o grifo, e ganhei.", "pt")
    assert ("Zephrane, o grifo", "3001") in got and not any(p == "3011" for _, p in got)
