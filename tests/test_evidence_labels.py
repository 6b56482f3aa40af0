"""One-word names that are a word of a heading or of a longer name, and names that give a deck's name
(names/evidence.py, issue 24): a heading label before a colon whose every word is capitalised ("Condición de Llegada -
Salida:"), a heading in title case with a rules term on its line, a video game's one-word name at the end of a longer
capitalised name ("la Coppa dell'Arrivo"), and a line labelled "Deck:" ("Deck: Lanterna Orbital by …"). The cards
are made up; the words are the languages' own."""
from __future__ import annotations

import pytest

from _names_fixtures import cards_and_held as found, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9101\tArrival\tLlegada\tChegada\tArrivo\tSpell\t6
9102\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
9103\tQuorlith Warden\tGuardián Quorlith\tGuardião Quorlith\tGuardiano Quorlith\tMonster\t9
"""
META = "id\tcard_type\tprinted_langs\tunofficial_name_langs\n9101\tSpell\ten,es,pt\t\n"  # never printed in it: a game's name


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("labels")
    (tmp / "pool_meta.tsv").write_text(META, encoding="utf-8")
    return small_index(tmp, POOL, "")


@pytest.mark.parametrize("text, src, name", [
    ("Reglas del torneo con Linterna Orbital.\n\nCondición de Llegada -Salida:\n-Gana quien llegue primero.", "es",
     "Llegada"),
    ("Linterna Orbital é a carta.\n\nPrimeira Chegada: Episódio 11, o começo\n\nDepois, a carta voltou.", "pt",
     "Chegada"),
    ("Lanterna Orbital.\n- **Data di Arrivo**: 2018\n", "it", "Arrivo"),
    ("Regla uno.\nCon Linterna Orbital ganamos bien\nCondición de Llegada -Salida:\n-Gana quien llegue.", "es", "Llegada"),
    # (the line before it ends in a lower-case word: only the label's own line is read)
    ("Reglas: Linterna Orbital en mano.\n\nCondición de Llegada -Salida:\n-Gana quien llegue.", "es", "Llegada"),  # (a
    # colon before it, on another line)
    ("Linterna Orbital en mano.\n\nPrimera Llegada: Episodio 11: el comienzo", "es", "Llegada"),  # the first colon
])
def test_a_one_word_name_in_a_heading_label_is_the_labels_word(index, text, src, name):
    spans, held = found(index, text, src)
    assert name not in spans and any(t == name and "heading label" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text, src, name", [
    ("Linterna Orbital en mano.\n\nPrimera Llegada: la carta que busca la Linterna.", "es", "Llegada"),  # a clause after it
    ("Linterna Orbital en mano.\n\nSi uso Llegada: gano el duelo.", "es", "Llegada"),  # a word in lower case before it
    ("Cartas: Linterna Orbital y Llegada\n", "es", "Llegada"),  # after the colon: the label's items
    ("Linterna Orbital en mano.\n\nPrimera Llegada\nNota: La carta está prohibida.", "es", "Llegada"),  # no colon on its
    # line (the next line's is another label's)
    ("Linterna Orbital en mano.\n\nSi uso Llegada: Gano el duelo.", "es", "Llegada"),  # a lower-case word in the label
])
def test_a_one_word_name_outside_a_label_of_capitalised_words_stays_a_card(index, text, src, name):
    spans, held = found(index, text, src)
    assert name in spans, (spans, held)


@pytest.mark.parametrize("line", [
    "Primera Llegada en el Episodio 11, la Cadena",  # the term after the name
    "La Cadena y la Llegada en la Gran Final del Torneo",  # … and before it
])
def test_a_rules_term_on_a_title_case_line_is_one_more_word_of_the_heading(index, line):
    text = f"Linterna Orbital en mano.\n\n{line}\n\nLuego activé la carta."
    spans, held = found(index, text, "es")  # ("Cadena", Chain, a rules term of the fixture KB)
    assert "Llegada" not in spans and any(t == "Llegada" and "title case" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text", [
    "Linterna Orbital en la Llegada de la Gran Final\n\nLuego activé la carta.",  # the text's first name before it
    "Guardián Quorlith en mano.\n\nLinterna Orbital y Llegada en la Gran Final\n\nLuego activé la carta.",
    "Guardián Quorlith en mano.\n\nPrimera Llegada con Linterna Orbital en la Gran Final\n\nLuego activé la carta.",
    "Guardián Quorlith en mano.\n\nLinterna Orbital en la Cadena y Llegada en la Gran Final\n\nLuego activé la carta.",
    "Guardián Quorlith en mano.\n\nPrimera Llegada en la Cadena con Linterna Orbital en la Final\n\nLuego activé la carta.",
    "Guardián Quorlith en mano.\n\nLinterna Orbital y Llegada: Guía Completa\n\nLuego activé la carta.",
    "Guardián Quorlith en mano.\n\nGran Llegada con Linterna Orbital: Guía Completa\n\nLuego activé la carta.",
])
def test_a_heading_that_names_another_card_may_name_this_one_too(index, text):
    # another card's name on the line (before or after it, a rules term between them or not): the capitals are names'
    spans, held = found(index, text, "es")
    assert "Llegada" in spans, (spans, held)


def test_a_video_games_one_word_name_ending_a_longer_capitalised_name_is_that_names_word(index):
    from ygorules.names.translate import Translator
    assert [f.variant for f in Translator(index, "it", "en")._forms("arrivo")] == ["video-game"]
    text = "Attiva la Lanterna Orbitale, e vince la Coppa dell’Arrivo contro tutti."
    spans, held = found(index, text, "it")
    assert "Arrivo" not in spans and any(t == "Arrivo" and "longer name" in why for t, why in held), (spans, held)
    spans, held = found(index, "Attiva la Lanterna Orbitale, e poi l'Arrivo dal mazzo.", "it")
    assert "Arrivo" in spans, (spans, held)


@pytest.mark.parametrize("text, src, deck, card", [
    ("Fique com a lista:\nDeck: Lanterna Orbital by Jason Meyer\nMonstros:\n3x Guardião Quorlith\n", "pt",
     "Lanterna Orbital", "Guardião Quorlith"),
    ("**Mazo:** Guardián Quorlith\n\nMagias:\n3x Linterna Orbital\n", "es", "Guardián Quorlith", "Linterna Orbital"),
])
def test_the_names_on_a_line_labelled_deck_are_the_decks_name(index, text, src, deck, card):
    spans, held = found(index, text, src)
    assert deck not in spans and any(t == deck and "line's label" in why for t, why in held), (spans, held)
    assert card in spans, (spans, held)  # the list's line: a card


@pytest.mark.parametrize("text, src", [
    ("Deck: Linterna Orbital x3, Guardián Quorlith x2\n", "es"),  # a count and a comma: the deck's cards
    ("Side Deck: Linterna Orbital\n", "es"),  # a part of the deck: its cards
    ("O deck: tem Lanterna Orbital\n", "pt"),  # no label opening the line
])
def test_names_on_a_line_that_lists_a_decks_cards_stay_cards(index, text, src):
    spans, held = found(index, text, src)
    assert any("Orbital" in t for t in spans), (spans, held)
