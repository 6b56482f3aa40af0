"""A lookup query written as an acronym of a card's English name (names/acronyms.py, issue 24). The cards are made up."""
from __future__ import annotations

from collections import namedtuple

import pytest

from ygorules.names import acronyms

from _names_fixtures import small_index

Made = namedtuple("Made", "entry score text")

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


# What each table holds, read from the functions that make its keys (a part's tables are kept in the cache, so a
# lookup test alone would not see a change to them) and from a part's table built afresh.

@pytest.mark.parametrize("en, want", [
    ("Grey Lantern Warden - Keeper of the Dusk", {"GLWKOTD", "GLW"}),  # the whole name, and its part before " - "
    ("Grey Lantern Warden, Keeper", {"GLWK", "GLW"}),  # before a comma
    ("Ash Bell Chime - Echo Fall Deep - Last Toll", {"ABC"}),  # only the first dash cuts (the whole has 8 initials: too many)
    ("Tidal Crown", {"TC"}),  # two initials: the fewest (lookup reads them only for a card far ahead in printings)
    ("Harpie's Feather Duster", {"HSFD", "HFD"}),  # with and without the possessive's "s"
    ("One Two Three Four Five Six Seven", {"OTTFFSS"}),  # seven: the most
    ("Tidal", set()),
    ("One Two Three Four Five Six Seven Eight", set()),
])
def test_the_acronyms_a_name_gives(en, want):
    assert set(acronyms._acronyms_of(en)) == want


@pytest.mark.parametrize("en, want", [
    ("Tidal Crown", ["t crown", "tidal c"]),
    ("Go Fox", ["g fox", "go f"]),  # a word of two letters is cut too
    ("Trap X Crown", ["t x crown", "trap x c"]),  # a word of one letter is not cut again
    ("Number 39 Utopia", ["n 39 utopia", "number 39 u"]),  # nor a number
    ("One Two Three Four Five", []),  # five words: too long a name
    ("Crown", []),
])
def test_the_shortened_names_a_name_gives(en, want):
    assert list(acronyms._shortened_of(en)) == want


def test_a_parts_acronym_table_holds_cards_only(index):
    for p in index.parts:
        table = acronyms._part_keys(acronyms._acronyms_of)(p)
        assert table and all(p.entry(i).kind == "card" for ids in table.values() for i in ids)


def test_prepare_keeps_the_tables_that_lookup_then_reads(tmp_path):
    fresh = small_index(tmp_path, POOL)
    part = fresh.parts[-1]
    acronyms.prepare(part)

    def build_again(_):
        raise AssertionError("a table prepare made was built again")
    for kind in acronyms._KINDS:
        assert part.derived_lists(kind, acronyms._stamp(), build_again).get("TMSB" if kind == "acronyms" else "t crown")


def test_each_index_reads_its_tables_once_and_never_anothers(index, tmp_path, monkeypatch):
    calls = []
    part_type = type(index.parts[0])
    real = part_type.derived_lists
    monkeypatch.setattr(part_type, "derived_lists", lambda p, *a: calls.append(p) or real(p, *a))
    store: dict = {}
    first = acronyms._cards_by(index, store, "acronyms", "GLW")
    n = len(calls)
    assert [e.passcodes[0] for e in first] == ["9003"] and n == len(index.parts)
    assert acronyms._cards_by(index, store, "acronyms", "GLW") == first and len(calls) == n  # read once per index
    other = small_index(tmp_path, POOL.replace("Grey Lantern Warden", "Green Lantern Warden"))
    stale = {id(other): (index, [])}  # what another index, since gone, left under the same id
    assert [e.names["en"] for e in acronyms._cards_by(other, stale, "acronyms", "GLW")] == [
        "Green Lantern Warden - Keeper of the Dusk"]


def test_the_cards_an_acronym_names_come_first_once_each_and_most_printed_first(index):
    def entry(q):
        return index.lookup(q).matches[0].entry
    meadow, thorn, crown = entry("That Meadow Seems Brighter"), entry("Thorn Mage Summons Brambles"), entry("Tidal Crown")

    def made(e, score, form):
        return Made(e, score, form.text)
    rest = [Made(meadow, 50.0, meadow.names["en"]), Made(crown, 40.0, crown.names["en"])]  # what lookup had found
    got = acronyms._first(index, [meadow, thorn, meadow], 96.0, rest, made)
    assert [(m.entry.passcodes[0], m.score) for m in got] == [("9002", 96.0), ("9001", 96.0), ("9004", 40.0)]
    assert got[0].text == "Thorn Mage Summons Brambles"


@pytest.mark.parametrize("query, want", [
    ("G Fox", "9105"),  # the word left whole has three letters: enough
    ("Go F", None),  # no word of three letters or more
])
def test_a_shortened_name_needs_a_word_of_three_letters(tmp_path, query, want):
    fresh = small_index(tmp_path, POOL + "9105\tGo Fox\tVe Zorro\tVai Raposa\tVai Volpe\tSpell\t2\n")
    got = [m.entry.passcodes[0] for m in fresh.lookup(query).matches if m.score == acronyms.SHORTENED_SCORE]
    assert got == ([want] if want else [])
