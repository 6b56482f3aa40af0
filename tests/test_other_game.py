"""A text about another card game (Hearthstone, Magic, Gwent…) that says nothing of this one: the names of this game's
cards in it are that game's cards, places or words, held back with the reason (names/evidence.py ``other_game``,
issue 24). The cards and sentences are made up; the games' titles are real."""
from __future__ import annotations

import pytest

from ygorules.names import evidence
from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4101\tThe Ember Orchard\tEl Huerto de Ascuas\tO Pomar de Brasas\tIl Frutteto di Braci\tSpell\t14
4102\tGlasswind Heron\tGarza Vientovidrio\tGarça Ventovidro\tAirone Ventovetro\tMonster\t11
4103\tMountain\tMontaña\tMontanha\tMontagna\tSpell\t30
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("other_game"), POOL)


def read(index, text, src):
    tr = Translator(index, src, "en")
    return [(s.text, s.kind) for s in tr.spans(text) if s.kind in ("card", "series")], tr.held


@pytest.mark.parametrize("text, lang, name, game", [
    ("En Hearthstone la nueva expansión nos lleva a El Huerto de Ascuas, donde los druidas juegan esbirros baratos.",
     "es", "El Huerto de Ascuas", "Hearthstone"),
    ("No Magic: The Gathering, o deck mono-vermelho joga vinte Montanha e quatro criaturas de custo um.",
     "pt", "Montanha", "Magic: The Gathering"),
    ("Nel mazzo di Gwent ho messo l'Airone Ventovetro, che pesca una carta quando entra in campo.",
     "it", "Airone Ventovetro", "Gwent"),
    ("Con tres de maná bajo la Garza Vientovidrio y el rival se queda sin respuestas.", "es", "Garza Vientovidrio", "maná"),
])
def test_a_text_about_another_card_game_holds_this_games_names_back(index, text, lang, name, game):
    spans, held = read(index, text, lang)
    assert spans == []
    assert [(s.text, why) for s, why in held] == [(name, f"the text is about another card game ({game}), not this one")]


@pytest.mark.parametrize("text, lang", [
    # the game's own name, a word or a phrase only its players write: this game's text, which names the other in passing
    ("A diferencia de Hearthstone, en Yu-Gi-Oh! El Huerto de Ascuas se activa en el turno del rival.", "es"),
    ("Rispetto a Magic: The Gathering qui si gioca l'Airone Ventovetro e poi si fa una Evocazione Speciale.", "it"),
    ("Quem vem do Pokémon estranha o Extra Deck, mas a Garça Ventovidro entra fácil.", "pt"),
    ("Depois do Hearthstone voltei ao Xyz: a Garça Ventovidro vale a pena.", "pt"),
    ("Vengo de Gwent y aquí uso la carta trampa junto a la Garza Vientovidrio.", "es"),
    # no other game named: an ordinary text of this game
    ("El Huerto de Ascuas se activa en el turno del rival, y la Garza Vientovidrio lo protege.", "es"),
    # phrases that are a title only written as one
    ("The deck survived in one piece thanks to The Ember Orchard and Glasswind Heron.", "en"),
])
def test_this_games_text_keeps_its_names(index, text, lang):
    spans, held = read(index, text, lang)
    assert spans and not any("another card game" in why for _, why in held), (spans, held)


@pytest.mark.parametrize("text, game", [
    ("Ayer jugué mtg con tres de mana y perdí.", "mtg"),  # the first it names; lower case counts for these
    ("Force of Will es otro juego de cartas.", "Force of Will"),
    ("Ganó por pura force of will y nada más.", None),  # a title only when written as one
    ("La Garza Vientovidrio gana la partida.", None),
])
def test_which_game_a_text_names(index, text, game):
    tr = Translator(index, "es", "en")
    tr.spans(text)
    assert evidence.other_game(tr, text) == game
