"""A card named after a place or a work of the franchise (names/people.py ``PLACES``, issue 24): the GX anime's
school, an anime season's Italian title, a video game. Reviews write these names for the school, the season and the
game; a card word, quotes or a verb of play next to the name make it the card. And a title's own article between
"Yu-Gi-Oh:" and a card's name (names/evidence.py ``_product``): "Yu-Gi-Oh: La Torre dei Duelli" is the season.

And Yubel, a main character of the GX anime (``CHARACTERS``) as well as a card.

The four names are the real cards' (their ids and words are what ``PLACES`` and ``CHARACTERS`` hold); the others are
made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5833312\tDuel Academy\tAcademia de Duelos\tAcademia de Duelos\tAccademia del Duellante\tSpell\t2
43940008\tDuel Tower\tTorre de Duelos\tTorre de Duelo\tTorre dei Duelli\tSpell\t2
88851326\tLegacy of the Duelist\tLegacy of the Duelist\tLegacy of the Duelist\tLegacy of the Duelist\tSpell\t1
78371393\tYubel\tYubel\tYubel\tYubel\tMonster\t12
7101\tEmber Lighthouse\tFaro de Brasas\tFarol de Brasas\tFaro di Braci\tSpell\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("places"), POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n")


@pytest.mark.parametrize("text, lang, card", [
    ("Jaden se matricula en la Academia de Duelos y pierde su primer duelo.", "es", "5833312"),
    ("Nasce così l’Accademia del Duellante, divisa in tre dormitori.", "it", "5833312"),
    ("Ele estudou na Academia de Duelos durante três anos.", "pt", "5833312"),
    ("Solo con abrir el menú vemos que Legacy of the Duelist fue creado para durar.", "es", "88851326"),
])
def test_a_place_or_a_work_of_the_franchise_is_not_the_card(index, text, lang, card):
    spans, held = found(index, text, lang)
    assert card not in [p for _, p in spans], spans
    assert any("a place or a work of the franchise" in why for _, why in held), held


@pytest.mark.parametrize("text, lang, card", [
    ("Activo la carta Academia de Duelos y robo una carta.", "es", "5833312"),  # a card word before it
    ("Attivo «Accademia del Duellante» e pesco.", "it", "5833312"),  # quotes
    ("Ativei Academia de Duelos no meu turno.", "pt", "5833312"),  # a verb of play before it
    ("Jaden se matricula en el Faro de Brasas.", "es", "7101"),  # no place of the franchise
])
def test_the_same_name_beside_a_card_word_quotes_or_a_verb_of_play_is_the_card(index, text, lang, card):
    spans, _ = found(index, text, lang)
    assert card in [p for _, p in spans], spans


@pytest.mark.parametrize("text, lang", [
    ("Nella serie precedente, Yu-Gi-Oh: La Torre dei Duelli, Yugi vince il torneo.", "it"),
    ("Vi la película Yu-Gi-Oh! El Faro de Brasas en el cine.", "es"),
])
def test_a_titles_own_article_after_the_franchises_name_keeps_it_a_title(index, text, lang):
    spans, held = found(index, text, lang)
    assert spans == [], spans
    assert any("a title of the franchise" in why for _, why in held), held


def test_a_lower_case_article_after_an_exclamation_is_no_title(index):
    spans, _ = found(index, "¡Qué carta, Yu-Gi-Oh! el Faro de Brasas sigue siendo buena.", "es")
    assert "7101" in [p for _, p in spans], spans


@pytest.mark.parametrize("text, lang, card", [
    ("Jaden vs Jesse o los duelos contra el demonio Yubel son de leyenda.", "es", False),  # the GX character
    ("Invoco a Yubel y paso al Battle Phase.", "es", True),  # a verb of play before it
    ("Ho messo la carta Yubel nel mazzo.", "it", True),  # a card word before it
])
def test_yubel_is_the_gx_character_unless_a_card_word_or_a_verb_of_play_makes_it_the_card(index, text, lang, card):
    spans, held = found(index, text, lang)
    assert ("78371393" in [p for _, p in spans]) is card, (spans, held)
