"""A one-word short form that the card's own name writes after an article is a common noun (names/evidence.py,
issue 24): "el Reino de los Trovelistas" speaks of people, not of the card "Alianza de los Trovelistas". Card names
are made up for these tests."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5001\tAlliance of the Trovelists\tAlianza de los Trovelistas\tAliança dos Trovelistas\tAlleanza dei Trovellanti\tSpell\t20
5002\tKeeper Morvaldane\tGuardián Morvaldane\tGuardião Morvaldane\tGuardiano Morvaldane\tMonster\t20
5003\tCloud Ace - Volkara\tNube As - Volkara\tNuvem - Ás - Volkara\tNuvola Asso - Volkara\tMonster\t20
5004\tSentinel of the Quorvex Spire\tCentinela Quorvex\tSentinela Quorvex\tSentinella Quorvex\tMonster\t20
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("common"), POOL, NICKS)


@pytest.mark.parametrize("text, lang, word", [
    ("Kaiba lo derrotó en el Reino de los Trovelistas con una carta.", "es", "Trovelistas"),
    ("Os Trovelistas de todo o Brasil jogam esta carta.", "pt", "Trovelistas"),
    ("Per fortuna, i Trovellanti in erba possono creare il loro mazzo.", "it", "Trovellanti"),
])
def test_a_short_form_the_name_writes_after_an_article_is_a_common_noun(index, text, lang, word):
    spans, held = found(index, text, lang)
    assert "5001" not in [p for _, p in spans], spans
    assert any(h == word and "common noun" in why for h, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Invoqué a Morvaldane en defensa y activé una carta.", "es"),  # no article before it in the card's name
    ("Activé la Alianza de los Trovelistas en mi turno.", "es"),  # the whole name
    ("Invoqué a Volkara y activé una carta.", "es"),  # "As", "Ás" in its names: the Ace, capitalised, no article
    ("Invoquei a Volkara e ativei uma carta.", "pt"),
    # in English "the" before a word and another capitalised word makes it a modifier, not a common noun
    ("Invoqué a Quorvex en defensa y activé una carta.", "es"),
])
def test_a_short_form_or_name_the_card_writes_without_an_article_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert spans and all(p in ("5001", "5002", "5003", "5004") for _, p in spans), (spans, held)
