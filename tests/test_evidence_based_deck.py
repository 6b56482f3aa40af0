"""A card's name that names a deck built on it (names/evidence.py ``_based_deck``, issue 24): after a deck word and the
participle "based" ("una baraja basada en X", "um baralho baseado em X", "un mazzo basato su X", spelt as writers slip:
"baseiado"), or before an apposition of a possessive and a deck word ("X, su mazo principal", "X, il suo mazzo"). Card
names are made up for these tests."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7301\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
7302\tVelkar Tower\tTorre Velkar\tTorre Velkar\tTorre Velkar\tMonster\t20
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("based-deck"), POOL, "")


@pytest.mark.parametrize("text, lang, why", [
    ("Jugó un deck basado en Torre Velkar durante todo el torneo.", "es", "'basado'"),
    ("Montei um baralho baseado em Torre Velkar para a loja.", "pt", "'baseado'"),
    ("Montei um baralho baseiado em torre velkar para a loja.", "pt", "'baseiado'"),  # as writers slip
    ("Ha portato un mazzo interamente basato sulla Torre Velkar al torneo.", "it", "'basato'"),  # a word between
    ("Jugaba siempre la Torre Velkar, su mazo de toda la vida.", "es", "su mazo"),  # an apposition
    ("Ele trouxe a Torre Velkar, o seu baralho favorito, para a final.", "pt", "o seu baralho"),
    ("Tra la Lanterna Orbitale e la Torre Velkar, questi mazzi hanno vinto tutto.", "it", "questi mazzi"),  # pointed back at
    ("Al torneo portò la Torre Velkar, il suo mazzo da sempre.", "it", "il suo mazzo"),
])
def test_a_name_a_deck_is_based_on_or_named_by_an_apposition_is_the_deck(index, text, lang, why):
    spans, held = found(index, text, lang)
    assert "7302" not in [p for _, p in spans], spans
    assert any("a deck" in r and why in r for _, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("Jugó una estrategia basada en Torre Velkar durante todo el torneo.", "es"),  # no deck word
    ("Senza la Torre Velkar, il mazzo gira male lo stesso.", "it"),  # an article opens a new clause
    ("Activé Linterna Orbital y Torre Velkar, mi mejor carta del mazo.", "es"),  # a card word, no deck word, after
    ("Um deck baseado no cemitério usa a Torre Velkar também.", "pt"),  # based on something else
])
def test_a_name_with_no_deck_based_on_it_stays_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7302" in [p for _, p in spans], (spans, held)
