"""A name that real text also uses for something else becomes a card only with a card context (names/evidence.py,
issue 24): an ordinary word, or a rare card's nickname. The cards, nicknames and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3001\tHarbor\tPuerto\tPorto\tPorto\tSpell\t6
3002\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
3003\tMirevane, the Ashen Scout\tMirevane, la Exploradora Cenicienta\tMirevane, a Batedora Cinzenta\tMirevane, l'Esploratrice Cinerea\tMonster\t2
3004\tMirevane Beacon\tFaro Mirevane\tFarol Mirevane\tFaro Mirevane\tSpell\t12
3005\tDeepest Trap Pit\tFoso Trampa Profundo\tPoço Armadilha Profundo\tFossa Trappola Profonda\tTrap\t9
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
3003\tMirevane, the Ashen Scout\tAshen\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("context"), POOL, NICKS)


def found(index, text, src):
    tr = Translator(index, src, "en")
    spans = [(s.text, s.passcodes[0]) for s in tr.spans(text) if s.kind == "card"]
    return spans, [(s.text, why) for s, why in tr.held]


@pytest.mark.parametrize("text, lang, word", [
    ("Ayer fuimos al Puerto con mis primos y comimos pescado.", "es", "Puerto"),
    ("No verão passado visitamos o Porto com a família inteira.", "pt", "Porto"),
    ("La settimana scorsa il Porto era pieno di turisti stranieri.", "it", "Porto"),
    ("Vivo cerca del Harbor desde hace años, es un barrio tranquilo.", "es", "Harbor"),
])
def test_an_ordinary_word_with_no_card_context_is_held_back(index, text, lang, word):
    spans, held = found(index, text, lang)
    assert spans == []
    assert [h[0] for h in held] == [word] and "no card context" in held[0][1]


@pytest.mark.parametrize("text, lang", [
    ("Activé Puerto en mi turno y robé dos veces.", "es"),  # a card word (activar) nearby
    ("Depois disso ativei o Porto e comprei mais uma.", "pt"),
    ("Ho giocato Porto dopo la Sentinella Quorlith, e ho vinto.", "it"),  # another card name nearby
    ("Este mes el Puerto volvió a aparecer en las listas de torneo junto a la Centinela Quorlith.", "es"),
    ("Mi lista:\n2 Puerto\n1 Centinela Quorlith\n", "es"),  # a line of a list
    ("Nunca entendí por qué «Puerto» es tan buena.", "es"),  # quoted
    ("Nel turno dopo gioco il Porto e passo.", "it"),  # a verb that plays it right before it
    ("Aí ele usou Porto e eu perdi.", "pt"),
])
def test_the_same_word_with_a_card_context_is_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert any(p == "3001" for _, p in spans), (spans, held)
    assert not any("no card context" in why for _, why in held)


@pytest.mark.parametrize("text, card_word", [
    ("Llegamos al Puerto. Las cartas del rival eran mejores.", False),  # the next sentence's card word
    ("Era la última carta. Puerto salió en el turno siguiente.", False),  # the sentence before's
    ("Llegamos al Puerto\n\nLa carta es mejor.", True),  # a heading over its paragraph
    ("Llegamos al Puerto, las cartas del rival eran mejores.", True),
])
def test_a_card_word_in_another_sentence_is_no_card_context(index, text, card_word):
    spans = Translator(index, "es", "en").spans(text, report=True)
    why = [w for s in spans if s.text == "Puerto" for w in s.why]
    assert any("next to a word like carta/card" in w for w in why) is card_word, why


@pytest.mark.parametrize("text, card_word", [
    ("Deepest Trap Pit - Puerto, o quizá no.", False),  # "Trap" is a word of the name before: no word for cards
    ("Juego la Trap Puerto, o quizá no.", True),
])
def test_a_word_for_cards_inside_a_name_found_is_no_card_context(index, text, card_word):
    spans = Translator(index, "es", "en").spans(text, report=True)
    why = [w for s in spans if s.text == "Puerto" for w in s.why]
    assert why and any("next to a word like carta/card" in w for w in why) is card_word, (spans, why)


def test_a_card_word_far_away_is_no_context(index):
    far = " ".join(["el viaje fue largo y tranquilo"] * 8)
    spans, held = found(index, f"Fuimos al Puerto de noche; {far}. Después jugamos a las cartas.", "es")
    assert spans == [] and "no card context" in held[0][1]


def test_a_rare_cards_nickname_needs_a_card_context(index):
    spans, held = found(index, "Mi vecino Ashen vino a cenar con nosotros el sábado.", "es")
    assert spans == [] and held[0][0] == "Ashen" and "no card context" in held[0][1]
    spans, held = found(index, "Con Ashen en el campo, el rival no puede invocar nada.", "es")
    assert ("Ashen", "3003") in spans


def test_a_rare_names_own_name_and_a_printed_cards_name_need_no_context(index):
    # not ordinary words, not a nickname: the name is its own evidence, however rarely printed
    spans, _ = found(index, "Mi vecino habla siempre del Faro Mirevane cuando cenamos.", "es")
    assert ("Faro Mirevane", "3004") in spans


_GUIDE = ("En esta guía del juego de rol repasamos las novedades del parche. El héroe principal recibe más daño de ataque "
          "y su habilidad definitiva cuesta menos maná. Los tanques siguen siendo clave en las mazmorras difíciles, y los "
          "sanadores deben vigilar su posición en cada combate. ") * 4


@pytest.mark.parametrize("text, card", [
    (_GUIDE + "Tras la misión, el equipo vuelve al Puerto para activar el efecto de la tienda.", False),  # words of games
    # in general only, in a long text that never speaks of the card game: a video game's guide
    (_GUIDE + "Tras la misión, el equipo vuelve al Puerto para activar el efecto de la tienda. Como en el duelo de cartas.",
     True),  # the card game named somewhere in it
    ("Tras la misión, el equipo vuelve al Puerto para activar el efecto de la tienda.", True),  # too short to tell
])
def test_words_of_games_in_general_are_a_card_context_only_in_a_text_about_the_card_game(index, text, card):
    spans, held = found(index, text, "es")
    assert any(p == "3001" for _, p in spans) is card, (spans, held)
