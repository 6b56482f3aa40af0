"""A rare card's name that is also an everyday phrase of the language (names/evidence.py ``_idiom``, issue 24): written
all in lower case, every content word ordinary in the text's language and more common there than in English, a card
printed ``RARE`` times or fewer, unquoted, it is the phrase, not the card. Card names are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import evidence

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7101\tBlack Tide\tMarea Negra\tMaré Negra\tMarea Nera\tTrap\t2
7102\tHidden Weapon\tArma Oculta\tArma Oculta\tArma Nascosta\tSpell\t20
7103\tGloomy Tide\tMarea Umbría\tMaré Umbrosa\tMarea Uggiosa\tTrap\t2
7104\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("idioms"), POOL, "")


@pytest.mark.parametrize("text, lang", [
    ("Activé la Linterna Orbital, y después la marea negra cambió la partida.", "es"),
    ("Ativei a Lanterna Orbital, e depois a maré negra mudou a partida.", "pt"),
    ("Ho attivato la Lanterna Orbitale, e poi la marea nera ha cambiato la partita.", "it"),
])
def test_a_rare_cards_name_in_lower_case_everyday_words_is_a_phrase(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7101" not in [p for _, p in spans], spans
    assert any("phrase of the language" in why for _, why in held), held


@pytest.mark.parametrize("text, lang, pid", [
    ("Activé la Linterna Orbital, y después la arma oculta cambió la partida.", "es", "7102"),  # a card printed often
    ("Activé la Linterna Orbital, y después la Marea Negra cambió la partida.", "es", "7101"),  # as the pool writes it
    ("Activé la Linterna Orbital, y después «marea negra» cambió la partida.", "es", "7101"),  # quoted
    ("Activé la Linterna Orbital, y después la marea umbría cambió la partida.", "es", "7103"),  # a rare word
])
def test_a_name_that_is_no_rare_everyday_phrase_stays_a_card(index, text, lang, pid):
    spans, held = found(index, text, lang)
    assert pid in [p for _, p in spans], (spans, held)


def test_the_rule_reads_the_word_frequencies_of_both_languages(index):
    from ygorules.names.translate import Translator
    tr = Translator(index, "es", "en")
    assert tr.freq.get("marea") >= evidence.ORDINARY > tr.freq.en.get("marea")
    assert tr.freq.get("umbria") < evidence.ORDINARY  # (what keeps "Marea Umbría" a card)
