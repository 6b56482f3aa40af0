"""A famous card's name translated by a fan with one word left out (issue 24, ``fanmatch.Matcher.short_of_one``): "su
Dragon de Ojos Rojos" for Red-Eyes Black Dragon. The cards and sentences are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch
from ygorules.names import index as names
from ygorules.names import table as nametable
from ygorules.names.translate import Translator

from _names_fixtures import KB, fresh_fanmatch  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3001\tCrimson Gloom Wyvern\tGuiverno Lúgubre Carmesí\tSerpe Lúgubre Carmesim\tViverna Cupa Cremisi\tMonster\t{famous}
3002\tCrimson Brass Wyvern\tGuiverno de Latón Carmesí\tSerpe de Latão Carmesim\tViverna d'Ottone Cremisi\tMonster\t{other}
3003\tGloom Dawn\tAlba Lúgubre\tAurora Lúgubre\tAlba Cupa\tSpell\t3
3004\tDawn Wyvern\tGuiverno del Alba\tSerpe da Aurora\tViverna dell'Alba\tMonster\t3
3005\tCrimson Dawn\tAlba Carmesí\tAurora Carmesim\tAlba Cremisi\tSpell\t3
3006\tBrass Herald\tHeraldo de Latón\tArauto de Latão\tAraldo d'Ottone\tMonster\t3
3007\tHerald of the Dawn\tHeraldo del Alba\tArauto da Aurora\tAraldo dell'Alba\tMonster\t3
3008\tGloom Herald\tHeraldo Lúgubre\tArauto Lúgubre\tAraldo Cupo\tMonster\t3
3009\tCrimson Herald\tHeraldo Carmesí\tArauto Carmesim\tAraldo Cremisi\tMonster\t3
3010\tBrass Dawn\tAlba de Latón\tAurora de Latão\tAlba d'Ottone\tSpell\t3
"""


def _index(tmp, famous=40, other=5):
    tmp.mkdir(exist_ok=True)
    (tmp / "pool.tsv").write_text(POOL.format(famous=famous, other=other), encoding="utf-8")
    table = tmp / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(tmp / "pool.tsv")[0], table)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", "")
        return names.load_index(KB, table, use_cache=False, warn=lambda m: None)


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return _index(tmp_path_factory.mktemp("short"))


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")


def cards(index, text, src):
    return [(s.text, s.passcodes[0]) for s in Translator(index, src, "en").spans(text) if s.kind == "card" and s.passcodes]


@pytest.mark.parametrize("text, src, want", [
    # Gloom left out: two look-alikes lack one word each, the famous one is printed 40 times, the other 5
    ("Saqué mi Guiverno Carmesí del mazo en el turno dos.", "es", ("Guiverno Carmesí", "3001")),
    ("Saqué mi Guiverno Lúgubre del mazo en el turno dos.", "es", ("Guiverno Lúgubre", "3001")),  # Crimson left out
    ("Ho evocato la Viverna Cremisi ieri.", "it", ("Viverna Cremisi", "3001")),
])
def test_a_famous_card_s_name_short_of_one_word_is_the_card(index, text, src, want):
    assert want in cards(index, text, src)


def test_a_name_short_of_one_word_is_no_card_unless_famous_and_far_ahead(tmp_path):
    text = "Saqué mi Guiverno Carmesí del mazo en el turno dos."
    assert not [c for c in cards(_index(tmp_path / "a", famous=10), text, "es") if c[1] in ("3001", "3002")]  # not famous
    assert not [c for c in cards(_index(tmp_path / "b", other=12), text, "es") if c[1] in ("3001", "3002")]  # 40 < 4 × 12


def test_a_name_short_of_one_word_is_a_card_only_where_the_text_speaks_of_cards(index):
    # no card word, no card name near: a story's crimson wyvern, not the card
    assert not [c for c in cards(index, "En el cuento, mi Guiverno Carmesí voló sobre el castillo.", "es") if c[1] == "3001"]
    assert ("Guiverno Carmesí", "3001") in cards(index, "En el duelo, mi Guiverno Carmesí atacó a la Alba Carmesí.", "es")


def test_a_run_without_its_first_word_is_no_name_short_of_one(index):
    # at a sentence's start the run is tried without its first word too, but "Heraldo" is a word of the name the writer
    # meant: that name, whatever it is, is not Crimson Gloom Wyvern
    assert not [c for c in cards(index, "Heraldo Guiverno Carmesí salió del mazo a la mesa.", "es") if c[1] == "3001"]


def test_a_word_that_translates_to_nothing_or_a_whole_cover_makes_no_such_reading(index):
    m = fanmatch.Matcher(index)
    assert m.short_of_one("Guiverno Perdido", "es") is None  # "Perdido" translates to nothing here
    assert m.short_of_one("Alba Carmesí", "es") is None  # Crimson Dawn, whole: match's reading
    assert m.short_of_one("Guiverno Carmesí", "es")[0].passcodes[0] == "3001"


def test_the_same_run_is_weighed_where_it_stands_each_time(index):
    # the run is read once and remembered; whether the text speaks of cards is asked where each copy stands
    filler = " ".join(["El viento soplaba sobre las colinas verdes y el río corría tranquilo."] * 6)
    text = f"En el cuento, mi Guiverno Carmesí voló. {filler} En el duelo saqué mi Guiverno Carmesí del mazo."
    got = [s for s in Translator(index, "es", "en").spans(text) if s.passcodes[:1] == ("3001",)]
    assert got and got[-1].start == text.rindex("Guiverno Carmesí"), got


@pytest.mark.parametrize("query", ["guivernos carmesíes", "viverne cremisi", "serpes carmesins"])  # (in the plural, too
# far from the names for the fuzzy search)
def test_lookup_reads_a_famous_card_s_name_short_of_one_word_as_the_card(index, query):
    top = index.lookup(query).matches
    assert top and top[0].entry.passcodes[0] == "3001" and top[0].score == fanmatch.FAN_SHORT_SCORE


def test_lookup_reads_no_card_short_of_one_word_unless_famous(tmp_path):
    index = _index(tmp_path, famous=6, other=5)
    assert [m for m in index.lookup("guivernos carmesíes").matches if m.score >= fanmatch.FAN_SHORT_SCORE] == []
