"""A run of English words and a made-up one is no literal translation (names/fanmatch.py ``english_guess``,
names/translate.py ``_fan_run``, issue 24): "comprei vários Stastrike Blast" (a set, misspelt) reads "Stastrike" as a
cognate of "Starry" or "Star" and "Blast" as itself, so the fan matcher finds Star Blast; but no word of the run was
translated from the text's language, so the run is at most an English name misspelt, which the typo readings judge."""
from __future__ import annotations

import pytest

from _names_fixtures import fresh_fanmatch, small_index  # noqa: F401 (a fixture)
from ygorules.names.translate import Translator

pytestmark = pytest.mark.usefixtures("fresh_fanmatch")

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8401\tStar Blast\tExplosión Estelar\tExplosão Estelar\tEsplosione Stellare\tSpell\t5
8402\tStarry Knight\tCaballero Estrellado\tCavaleiro Estrelado\tCavaliere Stellato\tMonster\t4
8403\tBlast Sphere\tEsfera Explosiva\tEsfera Explosiva\tSfera Esplosiva\tMonster\t6
8404\tStar Dragon\tDragón Estelar\tDragão Estelar\tDrago Stellare\tMonster\t3
8405\tWorld of Spirits\tMundo de Espíritus\tMundo dos Espíritos\tMondo degli Spiriti\tSpell\t3
8406\tGoblin King\tRey Goblin\tRei Goblin\tRe dei Goblin\tMonster\t4
8407\tSpirit Lantern\tLinterna Espíritu\tLanterna Espírito\tLanterna Spirito\tSpell\t4
"""


@pytest.fixture
def translator(tmp_path):
    return Translator(small_index(tmp_path, POOL, ""), "pt", "en")


def test_the_matcher_reads_the_run_as_a_literal_translation(translator):
    # (the reading the rule judges: without it the run is Star Blast)
    assert [name for _, name in translator.matcher().ranked("Stastrike Blast", "pt")][:1] == ["Star Blast"]
    assert translator.matcher().english_guess("Stastrike Blast")


@pytest.mark.parametrize("run", ["Stastrike Blast", "Blast Stastrike"])
def test_english_words_and_a_made_up_one_are_no_literal_translation(translator, run):
    assert translator._fan_run(run) is None
    spans = translator.spans(f"Um dia eu comprei vários {run}. E tirei o resto.")
    assert not [s for s in spans if s.kind == "card"]


def test_a_word_translated_from_the_text_keeps_the_reading(translator):
    # "Explosão" is a word of the text's language that the pool translates: a literal translation may be meant
    assert not translator.matcher().english_guess("Stastrike Explosão")
    assert not translator.matcher().english_guess("Explosão Star")


def test_english_words_reordered_are_no_literal_translation(translator):
    # "Spirit World" (a place in a story) holds the words of World of Spirits, in another order: English as written, no
    # word translated from the text's language
    assert [name for _, name in translator.matcher().ranked("Spirit World", "pt")][:1] == ["World of Spirits"]
    assert translator.matcher().english_only("Spirit World")
    assert translator._fan_run("Spirit World") is None
    spans = translator.spans("Eles chegaram ao Spirit World depois da luta.")
    assert not [s for s in spans if s.kind == "card"]


def test_an_english_name_word_that_the_pool_writes_for_another_word_is_the_text_s(translator):
    # Italian names write "Re" for King: "Re dei Goblin" is Italian, a literal reading may be meant
    assert not translator.matcher().english_only("Re dei Goblin")
    assert not translator.matcher().english_only("Mundo Spirit")
