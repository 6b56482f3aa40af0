"""A card's nickname that is also a series' name, in a sentence that speaks of archetypes, is the series
(names/evidence.py ``_archetype``, issue 24). Card and series names are made up for these tests."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8001\tEmber-Eyes Night Drake\tDraco Nocturno de Ojos de Ascua\tDraco Noturno de Olhos de Brasa\tDraco Notturno Occhi di Brace\tMonster\t30
8002\tEmber-Eyes Pupil\tPupilo de Ojos de Ascua\tPupilo de Olhos de Brasa\tPupillo Occhi di Brace\tMonster\t3
"""
SERIES = """en\tes\tpt\tit
Ember-Eyes\tEmber-Eyes\tEmber-Eyes\tEmber-Eyes
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8001\tEmber-Eyes Night Drake\tEmber-Eyes\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("archetypes"), POOL, NICKS, SERIES)


def kinds(index, text, lang):
    from ygorules.names.translate import Translator
    return [(s.text, s.kind) for s in Translator(index, lang, "en").spans(text) if s.text == "Ember-Eyes"]


@pytest.mark.parametrize("text, lang", [
    ("Os arquétipos de dragões são: Majestosos, Ember-Eyes e outros.", "pt"),
    ("Los arquetipos más fuertes del formato fueron Ember-Eyes y otros.", "es"),
    ("Gli archetipi del formato: Ember-Eyes, e poco altro.", "it"),
])
def test_a_nickname_that_is_a_series_after_archetypes_in_its_sentence_is_the_series(index, text, lang):
    assert kinds(index, text, lang) == [("Ember-Eyes", "series")]


@pytest.mark.parametrize("text, lang", [
    ("Os arquétipos mudaram. Depois joguei Ember-Eyes no campo.", "pt"),  # archetypes in another sentence
    ("Invoqué a Ember-Eyes y gané el duelo con dos cartas.", "es"),  # no archetypes at all
])
def test_a_nickname_that_is_a_series_elsewhere_keeps_its_reading(index, text, lang):
    assert ("Ember-Eyes", "series") not in kinds(index, text, lang)


PLURAL_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8101\tGlimmerkin\tGlimmerkin\tGlimmerkin\tGlimmerkin\tMonster\t12
8102\tGlimmerkin Lancer\tGlimmerkin Lancero\tGlimmerkin Lanceiro\tGlimmerkin Lanciere\tMonster\t3
8103\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
"""
PLURAL_SERIES = """en\tes\tpt\tit
Glimmerkin\tGlimmerkin\tGlimmerkin\tGlimmerkin
"""


@pytest.fixture(scope="module")
def plural_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("plural-series"), PLURAL_POOL, "", PLURAL_SERIES)


def glimmerkin(index, text, lang):
    from ygorules.names.translate import Translator
    return [(s.text, s.kind) for s in Translator(index, lang, "en").spans(text) if s.text == "Glimmerkin"]


@pytest.mark.parametrize("text, lang", [
    ("Come per i Glimmerkin, il mazzo usa la Lanterna Orbitale.", "it"),
    ("Gli Glimmerkin usano la Lanterna Orbitale.", "it"),  # (a capital article opens no plural: see below)
    ("Con los Glimmerkin y la Linterna Orbital gané el torneo.", "es"),
    ("Com os Glimmerkin e a Lanterna Orbital ganhei o torneio.", "pt"),
])
def test_a_card_name_that_is_a_series_after_a_plural_article_is_the_series(plural_index, text, lang):
    got = glimmerkin(plural_index, text, lang)
    assert got == ([("Glimmerkin", "card")] if text.startswith("Gli ") else [("Glimmerkin", "series")])


@pytest.mark.parametrize("text, lang", [
    ("Invoqué a Glimmerkin con la Linterna Orbital.", "es"),  # no article
    ("Activé el Glimmerkin con la Linterna Orbital.", "es"),  # a singular article
    ("Tengo dos Glimmerkin y la Linterna Orbital.", "es"),  # a count: copies of the card
])
def test_a_card_name_that_is_a_series_without_a_plural_article_stays_the_card(plural_index, text, lang):
    assert glimmerkin(plural_index, text, lang) == [("Glimmerkin", "card")]


@pytest.mark.parametrize("text, lang", [
    ("Con el efecto busco dos monstruos Ember-Eyes y los pongo en la mano.", "es"),
    ("Depois posso invocar um monstro Ember-Eyes do cemitério.", "pt"),
    ("Poi evoco dal mazzo due mostri Ember-Eyes di livello 4.", "it"),
])
def test_a_nickname_that_is_a_series_after_a_word_for_monster_is_the_series(index, text, lang):
    # (evidence.KIND_NOUNS: "a monster of the series", the name used as an adjective)
    assert kinds(index, text, lang) == [("Ember-Eyes", "series")]


@pytest.mark.parametrize("text, lang", [
    ("Con dos cartas invoco a Ember-Eyes desde mi mazo.", "es"),  # no word for monster before it
    ("Depois posso invocar o monstro de Ember-Eyes do cemitério.", "pt"),  # a word between
])
def test_a_nickname_that_is_a_series_not_right_after_a_word_for_monster_keeps_its_reading(index, text, lang):
    assert ("Ember-Eyes", "series") not in kinds(index, text, lang)


TYPE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tWarrior of Velkar\tGuerrero de Velkar\tGuerreiro de Velkar\tGuerriero di Velkar\tMonster\t5
8202\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
"""
TYPE_SERIES = """en\tes\tpt\tit
Warrior\tGuerrero\tGuerreiro\tGuerriero
Xyz Warrior\tGuerrero Xyz\tGuerreiro Xyz\tGuerriero Xyz
Ember-Eyes\tEmber-Eyes\tEmber-Eyes\tEmber-Eyes
"""


@pytest.fixture(scope="module")
def type_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("monster-types"), TYPE_POOL, "", TYPE_SERIES)


def series_found(index, text, lang, word):
    """What the evidence pass keeps of the series span ``word`` (built from the series' form: this small pool's scan
    takes an everyday series name only with an archetype word near it) and what it held back."""
    from ygorules.names import evidence
    from ygorules.names.translate import Span, Translator
    tr = Translator(index, lang, "en")
    tr.spans(text)  # (the text's words, as the pass reads them)
    tr.held = []
    a = text.index(word)
    i, j = tr._starts.index(a), tr._ends.index(a + len(word))
    f = next(f for f in tr._forms(" ".join(tr._words[i:j + 1])) if f.entry.kind == "series")
    e = f.entry
    span = Span(a, a + len(word), word, e.id, "series", e.name("en"), f.lang, f.variant, e.origin, [], 3.0, 100.0,
                e.passcodes)
    kept = evidence.review(tr, text, [span], Span)
    return [x.text for x in kept if x.kind == "series"], [(x.text, why) for x, why in tr.held]


@pytest.mark.parametrize("text, lang, word", [
    ("La Linterna Orbital busca dos monstruos Guerrero de nivel 4.", "es", "Guerrero"),
    ("A Lanterna Orbital fortalece os monstros Guerreiro no campo.", "pt", "Guerreiro"),
    ("La Lanterna Orbitale potenzia i mostri Guerriero scoperti.", "it", "Guerriero"),
])
def test_an_everyday_series_name_after_a_word_for_monster_is_the_monsters_type(type_index, text, lang, word):
    series, held = series_found(type_index, text, lang, word)
    assert word not in series, series
    assert any(h == word and "a monster's Type" in why for h, why in held), held


@pytest.mark.parametrize("text, lang, word", [
    ("La Linterna Orbital busca dos monstruos guerrero Xyz de nivel 4.", "es", "guerrero Xyz"),  # a longer series name
    ("A Lanterna Orbital fortalece os monstros guerreiro Xyz no campo.", "pt", "guerreiro Xyz"),  # after a lower-case Type
])
def test_a_longer_series_name_that_begins_with_a_lower_case_type_after_a_word_for_monster_is_that_type(type_index, text,
                                                                                                      lang, word):
    series, held = series_found(type_index, text, lang, word)
    assert word not in series and any(h == word and "a Type in lower case" in why for h, why in held), (series, held)


@pytest.mark.parametrize("text, lang, word", [
    ("La Linterna Orbital busca dos monstruos Guerrero Xyz de nivel 4.", "es", "Guerrero Xyz"),  # written as a name
    ("La Linterna Orbital busca dos monstruos Ember-Eyes de nivel 4.", "es", "Ember-Eyes"),  # no everyday word
    ("La Linterna Orbital potencia a los Guerrero del campo.", "es", "Guerrero"),  # no word for monster before it
])
def test_a_series_name_that_is_no_type_after_a_word_for_monster_stays_the_series(type_index, text, lang, word):
    series, held = series_found(type_index, text, lang, word)
    assert series == [word] and not held, held
