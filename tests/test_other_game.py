"""A text about something else: the names of this game's cards in it are that thing's, held back with the reason
(names/evidence.py ``elsewhere``, issue 24). Another card game (Hearthstone, Magic, Gwent…) named in a text that says
nothing of this one (``other_game``); or a long text that never speaks of the card game (a video game's guide, a
gardening forum). The cards and sentences are made up; the games' titles are real."""
from __future__ import annotations

import pytest

from ygorules.names import evidence
from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4101\tThe Ember Orchard\tEl Huerto de Ascuas\tO Pomar de Brasas\tIl Frutteto di Braci\tSpell\t14
4102\tGlasswind Heron\tGarza Vientovidrio\tGarça Ventovidro\tAirone Ventovetro\tMonster\t11
4103\tMountain\tMontaña\tMontanha\tMontagna\tSpell\t30
4104\tFlash\tDestello\tLampejo\tBagliore\tTrap\t3
4105\tCopper Lantern Golem\tGólem Linterna de Cobre\tGolem Lanterna de Cobre\tGolem Lanterna di Rame\tMonster\t8
4106\tSilent Tide Oracle\tOráculo de la Marea Silenciosa\tOráculo da Maré Silenciosa\tOracolo della Marea Silenziosa\tMonster\t8
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
    ("Con tres planeswalkers en mesa bajo la Garza Vientovidrio y el rival se queda sin respuestas.", "es",
     "Garza Vientovidrio", "planeswalkers"),
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
    ("Ayer jugué mtg con un planeswalker y perdí.", "mtg"),  # the first it names; lower case counts for these
    ("Con tres de maná el héroe lanza su hechizo.", None),  # (role-playing and video games spend mana too)
    ("Force of Will es otro juego de cartas.", "Force of Will"),
    ("Mi primer mazo de Pokémon tenía diez cartas de energía.", "Pokémon"),
    ("Ganó por pura force of will y nada más.", None),  # a title only when written as one
    ("La Garza Vientovidrio gana la partida.", None),
])
def test_which_game_a_text_names(index, text, game):
    tr = Translator(index, "es", "en")
    tr.spans(text)
    assert evidence.other_game(tr, text) == game


FILLER = ("El jefe del segundo nivel se esconde al fondo de la caverna y cambia de forma cuando pierde la mitad de su "
          "vida, así que conviene guardar las pociones para ese momento y moverse siempre hacia la izquierda. ")
NEVER = "the text does not speak of the card game (a word of card, deck, duel, Trap, Graveyard once at most; not Yu-Gi-Oh!)"


def test_a_long_text_that_never_speaks_of_the_card_game_reads_no_card(index):
    text = FILLER * 4 + "Cuando lanza su Destello hay que saltar, y el Destello siguiente llega enseguida. " + FILLER * 3
    spans, held = read(index, text, "es")
    assert spans == []
    assert [(s.text, why) for s, why in held] == [("Destello", NEVER), ("Destello", NEVER)]


def test_a_short_text_may_be_about_the_card_game_without_a_word_of_it(index):
    spans, held = read(index, "Cuando lanza su Destello hay que saltar enseguida.", "es")
    assert not any(why == NEVER for _, why in held), (spans, held)


def test_a_long_list_of_whole_names_is_about_the_card_game(index):
    lines = "\n".join(f"{n} Gólem Linterna de Cobre\n{n} Oráculo de la Marea Silenciosa\n{n} El Huerto de Ascuas\n"
                      f"{n} Garza Vientovidrio" for n in (3, 2, 1) * 5)  # (a bare deck list, no word of the game)
    spans, held = read(index, lines, "es")
    assert {t for t, _ in spans} == {"Gólem Linterna de Cobre", "Oráculo de la Marea Silenciosa", "El Huerto de Ascuas",
                                     "Garza Vientovidrio"}
    assert not any(why == NEVER for _, why in held)


def test_three_whole_names_in_a_text_that_names_another_game(index):
    text = ("Vengo de Hearthstone y armé esto: Gólem Linterna de Cobre, Oráculo de la Marea Silenciosa y Garza "
            "Vientovidrio.")
    spans, held = read(index, text, "es")
    assert len(spans) == 3 and not any("another card game" in why for _, why in held)


def test_one_word_of_the_card_game_alone_is_the_texts_own(index):
    # a duel of two players in an esports report: one word of the game, once, says nothing of cards
    text = FILLER * 3 + "En el duelo de la calle central cayó la Garza Vientovidrio del rival. " + FILLER * 3
    spans, held = read(index, text, "es")
    assert spans == [] and [(s.text, why) for s, why in held] == [("Garza Vientovidrio", NEVER)]
    twice = FILLER * 3 + "En el duelo activó su Garza Vientovidrio, la mejor carta de su mazo. " + FILLER * 3
    spans, held = read(index, twice, "es")
    assert not any(why == NEVER for _, why in held), held


def test_a_long_story_that_names_two_of_the_animes_characters_is_about_the_card_game(index):
    story = FILLER * 3 + "Kaiba sorrió y Joey puso en el campo la Garza Vientovidrio. " + FILLER * 3
    spans, held = read(index, story, "es")
    assert spans == [("Garza Vientovidrio", "card")] and not any(why == NEVER for _, why in held), held
    one = FILLER * 3 + "Kaiba sorrió y su rival puso en el campo la Garza Vientovidrio. " + FILLER * 3
    spans, held = read(index, one, "es")  # one character alone: the text's own Kaiba, perhaps
    assert spans == [] and [(s.text, why) for s, why in held] == [("Garza Vientovidrio", NEVER)]
