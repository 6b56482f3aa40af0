"""Translate on patterns of real forum text (issue 24): each test is one general rule, with names made up for it."""
from __future__ import annotations

import pytest

from ygorules.names import index as names
from ygorules.names import table as nametable
from ygorules.names.translate import Translator

from _names_fixtures import KB

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
1001\tZorla, Brightoath Sorceress\tZorla, Hechicera Brightoath\tZorla, Feiticeira Brightoath\tZorla, Maga Brightoath\tMonster\t6
1002\tZorla\tZorla\tZorla\tZorla\tMonster\t2
1003\tGearwind Tiempo\tGearwind Tiempo\tGearwind Tiempo\tGearwind Tiempo\tMonster\t3
1004\tBrightoath Kestrelin\tKestrelin Brightoath\tKestrelin Brightoath\tKestrelin Brightoath\tMonster\t4
1005\tYamo no Harukiri no Gearwind\tYamo no Harukiri no Gearwind\tYamo no Harukiri no Gearwind\tYamo no Harukiri no Gearwind\tMonster\t2
1006\tQuillfang, Brightoath Warden\tQuillfang, Guardián Brightoath\tQuillfang, Guardião Brightoath\tQuillfang, Guardiano Brightoath\tMonster\t3
1007\tQuillfang, Brightoath Rider\tQuillfang, Jinete Brightoath\tQuillfang, Cavaleiro Brightoath\tQuillfang, Cavaliere Brightoath\tMonster\t3
1009\tOrvane Drake\tOrvane Drake\tOrvane Drake\tOrvane Drake\tMonster\t9
1010\tOrvane Drake Brightoath\tOrvane Drake Brightoath\tOrvane Drake Brightoath\tOrvane Drake Brightoath\tMonster\t2
1011\tThat Tower Looks Taller\tEsta Torre Parece Mucho Más Alta\tEssa Torre Parece Muito Mais Alta\tQuella Torre Sembra Più Alta\tSpell\t2
1012\tTrue One\tVerdadero\tO Verdadeiro\tIl Verace\tMonster\t4
1013\tQuorvyn\tQuorvyn\tQuorvyn\tQuorvyn\tMonster\t4
1014\tOrb Drake\tDragón Orbe Blanco\tDragão Orbe Branco\tDrago Orbe Bianco\tMonster\t9
1015\tLantern of the Night\tLinterna de la Noche\tLanterna da Noite\tLanterna della Notte\tSpell\t3
1018\tQuill "Q"\tQuill "Q"\tQuill "Q"\tQuill "Q"\tMonster\t5
1019\tWho Goes There?\t¿Quién Anda Ahí?\tQuem Está Aí?\tChi Va Là?\tTrap\t3
1020\tA Whisper of Orvane\tUn Susurro de Orvane\tUm Sussurro de Orvane\tUn Sussurro di Orvane\tSpell\t3
1021\tThe Q. Keeper\tGuardián de la Q.\tGuardião da Q.\tGuardiano della Q.\tMonster\t4
1022\tRe-Orbit\tRe-Órbita\tRe-Órbita\tRe-Orbita\tSpell\t4
1023\tOrvane Drake #2\tOrvane Drake #2\tOrvane Drake #2\tOrvane Drake #2\tMonster\t3
1024\tStorm WARDEN Orrin\tGUARDIÁN Tormenta Orrin\tGUARDIÃO Tempestade Orrin\tGUARDIANO Tempesta Orrin\tMonster\t6
1016\tVarnak, Lord of Embers\tVarnak, Señor de las Brasas\tVarnak, o Senhor das Brasas\tVarnak, Signore delle Braci\tMonster\t8
1017\tEmbers of the Brightoath - Varnak, Lord of Embers\tBrasas Brightoath - Varnak, Señor de las Brasas\tBrasas Brightoath - Varnak, o Senhor das Brasas\tBraci Brightoath - Varnak, Signore delle Braci\tMonster\t1
1025\tQuorvyn Powered\tQuorvyn Energizado\tQuorvyn Potencializado\tQuorvyn Potenziato\tMonster\t2
1008\tXyz Plinthar\tXyz Plinthar\tXyz Plinthar\tXyz Plinthar\tMonster\t2
"""
SERIES = """en\tes\tpt\tit
Brightoath\tBrightoath\tBrightoath\tBrightoath
Gearwind\tGearwind\tGearwind\tGearwind
Xyz\tXyz\tXyz\tXyz
Storm WARDEN\tGUARDIÁN Tormenta\tGUARDIÃO Tempestade\tGUARDIANO Tempesta
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("real")
    (tmp / "pool.tsv").write_text(POOL, encoding="utf-8")
    (tmp / "pool_series.tsv").write_text(SERIES, encoding="utf-8")
    table = tmp / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(tmp / "pool.tsv")[0], table)
    with pytest.MonkeyPatch.context() as mp:  # the environment as it was once the index is built
        mp.setenv("YGORULES_NICKNAMES", "")
        mp.setenv("YGORULES_CACHE", str(tmp / "cache"))
        return names.load_index(KB, table, use_cache=False, warn=lambda m: None)


def cards(index, text, src="es"):
    return [(s.text, s.passcodes[0] if s.passcodes else s.id) for s in Translator(index, src, "en").spans(text)
            if s.kind == "card"]


# ── a series member named without its series ──────────────────────────────────

@pytest.mark.parametrize("text", [
    "El mazo Brightoath juega 3 Zorla y nada más.",  # the series before
    "Juego 3 Zorla en mi mazo Brightoath.",  # the series after
    "Con Kestrelin Brightoath en mesa, 2 Zorla bastan.",  # the series inside another member's name
])
def test_a_member_is_named_by_its_own_word_where_its_series_is_named(index, text):
    assert ("Zorla", "1001") in cards(index, text)


def test_a_members_word_that_heads_a_more_printed_cards_name_is_that_card(index):
    # "Varnak" is the short form of Varnak, Lord of Embers (8 printings), not the member word of the once-printed
    # Brightoath card whose name ends with the older card's
    assert cards(index, "El mazo Brightoath juega 3 Varnak y nada más.") == [("Varnak", "1016")]


def test_without_its_series_in_the_text_the_word_is_the_card_of_that_name(index):
    assert cards(index, "Juego 3 Zorla y nada más.") == [("Zorla", "1002")]


def test_a_member_form_is_read_only_with_a_capital(index):
    assert ("zorla", "1001") not in cards(index, "El mazo Brightoath juega zorla.")


@pytest.mark.parametrize("text, want", [
    ("Il deck Gearwind gira su Tiempo e poco altro.", ("Tiempo", "1003")),  # the rest of "Gearwind Tiempo"
    ("Il deck Gearwind gira su Harukiri e poco altro.", ("Harukiri", "1005")),  # a long rare word of a longer rest
])
def test_the_rest_of_a_name_that_is_its_series_and_a_word_names_the_member(index, text, want):
    assert want in cards(index, text, "it")


def test_a_member_form_that_is_an_everyday_word_of_the_texts_language_is_not_read(index):
    assert ("Tiempo", "1003") not in cards(index, "El mazo Gearwind gira con Tiempo y poco más.")


def test_a_member_form_that_is_the_name_of_a_more_printed_card_is_that_card(index):
    assert ("Orvane Drake", "1009") in cards(index, "El mazo Brightoath juega Orvane Drake.")
    assert ("Zorla", "1001") in cards(index, "El mazo Brightoath juega Zorla.")  # (Zorla alone: printed less)


def test_a_word_two_members_share_names_neither(index):
    assert not [c for c in cards(index, "El mazo Brightoath juega Quillfang.") if c[0] == "Quillfang"]


def test_a_series_named_after_a_mechanic_gives_no_member_forms(index):
    assert ("Harukiri", "1005") in cards(index, "Un mazo Gearwind con Harukiri.")  # (the same sentence with a deck series)
    assert ("Plinthar", "1008") not in cards(index, "Un mazo Xyz con Plinthar.")


# ── a capitalised run that fits one card's name closely ───────────────────────

@pytest.mark.parametrize("text, src", [
    ("Hoy sale Esa Torre Parece Mucho Más Alta en las tiendas.", "es"),  # a short first word changed
    ("Hoy sale Esta Torre Parece Más Alta Mucho en las tiendas, y Zorla.", "es"),  # words swapped
    ("Saiu Essa Torre Parece Muito Mais Alto e mais nada.", "pt"),
])
def test_a_run_of_capitalised_words_close_to_one_cards_name_is_that_card(index, text, src):
    assert [c for c in cards(index, text, src) if c[1] == "1011"]


def test_capitalised_words_before_a_name_found_make_a_run_that_may_be_another_card(index):
    # the words of Quorvyn Powered's name in another order: not Quorvyn after a word that ends a longer name
    assert cards(index, "Luego invoca Energizado Quorvyn en ataque.") == [("Energizado Quorvyn", "1025")]
    assert cards(index, "Luego invoca Quorvyn Energizado en ataque.") == [("Quorvyn Energizado", "1025")]
    assert cards(index, "Luego invoca Quorvyn en ataque.") == [("Quorvyn", "1013")]
    assert cards(index, "El Quorvyn es mejor.") == [("Quorvyn", "1013")]  # (an article before it is no word of a name)
    assert cards(index, "Mazo:\nEnergizado Quorvyn\nZorla") == [("Energizado Quorvyn", "1025"), ("Zorla", "1002")]  # a
    # list's line: its first word's capital proves nothing, but the run ends the line
    assert ("Energizado Quorvyn", "1025") not in cards(index, "Energizado Quorvyn es otra cosa.")  # (a sentence's start)


def test_a_capitalised_run_that_fits_no_card_closely_is_left_alone(index):
    assert cards(index, "Hoy sale Esa Torre Negra Del Norte en las tiendas.") == []


# ── plurals and inflections of names in Romance text ──────────────────────────

@pytest.mark.parametrize("text, src, want", [
    ("Lleva 15 Quorvyns en el mazo.", "es", ("Quorvyns", "1013")),  # after any count of two or more
    ("Contra ondas de Quorvyns no hay nada que hacer.", "es", ("Quorvyns", "1013")),  # a rare capitalised word
    ("15 Verdaderas\n\nHay algo más.", "es", ("Verdaderas", "1012")),  # a feminine plural of a masculine name
])
def test_a_card_name_in_the_plural_is_its_copies(index, text, src, want):
    assert want in cards(index, text, src)


def test_an_everyday_word_in_the_plural_without_an_article_is_no_card(index):
    assert cards(index, "Tengo Verdaderos problemas.") == []


# ── the longest mention wins ──────────────────────────────────────────────────

@pytest.mark.parametrize("text, src", [
    ("Il set La Leggenda del Drago Orbe Bianco esce oggi.", "it"),  # a product named after the card
    ("Las Mejores Cartas de Dragón Orbe Blanco, en una lista.", "es"),  # a title
    ("Il set LA LEGGENDA DEL DRAGO ORBE BIANCO esce oggi.", "it"),
])
def test_a_card_name_at_the_end_of_a_longer_capitalised_name_is_not_the_card(index, text, src):
    assert cards(index, text, src) == []


@pytest.mark.parametrize("text", [
    "Juego Dragón Orbe Blanco en mi mazo.",
    "Mazo de Dragón Orbe Blanco: la lista.",  # the capital before the linking word only opens the sentence
    "Una copia de Dragón Orbe Blanco.",  # a lower-case word before the linking word ("un mazo de …" is a deck:
    # test_evidence_owned_deck.py)
])
def test_a_card_name_after_a_linking_word_of_ordinary_text_is_the_card(index, text):
    assert cards(index, text) == [("Dragón Orbe Blanco", "1014")]


@pytest.mark.parametrize("text, src, want", [
    # a list whose line breaks were lost: the linking word before the second name is the first name's
    ("Le carte: Lanterna della Notte Drago Orbe Bianco Gearwind Tiempo", "it",
     [("Lanterna della Notte", "1015"), ("Drago Orbe Bianco", "1014"), ("Gearwind Tiempo", "1003")]),
    ("Mi lista: Linterna de la Noche Dragón Orbe Blanco", "es", [("Linterna de la Noche", "1015"), ("Dragón Orbe Blanco", "1014")]),
])
def test_a_name_right_after_a_name_found_that_ends_in_a_linked_word_is_a_card_of_its_own(index, text, src, want):
    assert cards(index, text, src) == want


def test_a_misspelt_name_wins_over_the_shorter_names_found_in_it(index):
    assert cards(index, "Il deck usa 2x Zorla, Brightoath Sorcerer e basta.", "it") == [("Zorla, Brightoath Sorcerer", "1001")]
    # a list of names is no longer name: each keeps its own
    assert ("Zorla", "1002") in cards(index, "Gioco Zorla, Orvane Drake e basta.", "it")


@pytest.mark.parametrize("text, runs", [
    ("Hoy sale Esta Torre Parece en las tiendas.", ["Esta Torre Parece"]),
    ("juego Dragón Orbe y la Blanco y nada", ["Dragón Orbe"]),  # one linking word between two capitals, not two …
    ("juego Dragón Orbe de la Blanco y nada", ["Dragón Orbe de la Blanco"]),  # … but a preposition and an article
    ("juego Dragón Orbe la de Blanco y nada", ["Dragón Orbe"]),  # (in that order)
    ("juego Dragón de Orbe, Zorla Quorvyn y Esa - Torre.", ["Dragón de Orbe, Zorla Quorvyn y Esa - Torre"]),  # a list: one run
    ("juego Dragón. Orbe Blanco; Zorla Quorvyn", ["Orbe Blanco", "Zorla Quorvyn"]),  # a full stop or a semicolon ends a run
    ("mira Zorla https://x.com/Zorla Quorvyn y Zorla #Hash Quorvyn", ["Quorvyn y Zorla"]),  # a protected word is in no run
    ("mira Zorla de #hash de Quorvyn Orbe", ["Quorvyn Orbe"]),
])
def test_capitalised_runs_are_found_word_by_word(index, text, runs):
    tr = Translator(index, "es", "en")
    tr.spans(text)
    assert [text[tr._starts[a]:tr._ends[b]] for a, b in tr._runs()] == runs


# ── the start of a longer name, or not ────────────────────────────────────────

@pytest.mark.parametrize("text, src, want", [
    ("La prima è il Mostro-Link Macchina Drago Orbe Bianco, bandito.", "it", "Drago Orbe Bianco"),  # a Type after a
    ("Es un Monstruo Xyz Dragón Dragón Orbe Blanco.", "es", "Dragón Orbe Blanco"),  # word of the game
])
def test_a_name_after_a_monsters_type_is_the_card(index, text, src, want):
    assert cards(index, text, src) == [(want, "1014")]


def test_an_english_name_after_a_linking_word_of_the_texts_language_is_the_card(index):
    # "de" belongs to Spanish: an English name after it ends no longer Spanish name
    assert cards(index, "Nadie entiende el Bann de Orb Drake, pero bueno.") == [("Orb Drake", "1014")]
    assert cards(index, "Il set La Leggenda del Drago Orbe Bianco esce oggi.", "it") == []  # (the name in Italian: a title)


def test_an_epithet_read_loosely_ends_at_a_conjunction(index):
    got = cards(index, "Usa Zorla, hechicera brightoath o la Brightoath de siempre.")
    assert got and got[0] == ("Zorla, hechicera brightoath", "1001"), got


def test_a_name_before_a_capitalised_word_of_deck_kinds_is_the_decks_name(index):
    assert cards(index, "O primeiro deck famoso foi o Orb Drake Beatdown, em 2002.", "pt") == []
    assert cards(index, "O primeiro deck famoso usava Orb Drake e Raigeki.", "pt") == [("Orb Drake", "1014")]
    # a title's deck word in parentheses after it: "Yu-Gi-Oh! Toon World (Decklist Goat Format)"
    assert cards(index, "Il mio preferito: Orb Drake (Decklist Goat Format) è forte.", "it") == []


@pytest.mark.parametrize("text, src, dst, want", [
    ('A Konami deveria banir o Quill "Q" logo.', "pt", "es", 'A Konami deveria banir o Quill "Q" logo.'),  # its quote once
    ("Uso Who Goes There? e Zorla.", "pt", "es", "Uso ¿Quién Anda Ahí? e Zorla."),  # its "?" once
    # its first word, an article, once: "Susurro" found alone after the whole name, the "Un" before it is the name's
    ("Un Susurro de Orvane es buena. Con Un Susurro ganas.", "es", "en",
     "A Whisper of Orvane es buena. Con A Whisper of Orvane ganas."),
])
def test_a_name_that_ends_with_a_mark_takes_the_mark_the_text_has_after_it(index, text, src, dst, want):
    from ygorules.names.translate import render
    tr = Translator(index, src, dst)
    assert render(text, tr.spans(text)) == want


@pytest.mark.parametrize("text, src, want", [
    ("Il meta è dominato da Brightoath e da altri.", "it", [("Brightoath", "series-brightoath")]),  # a made-up word
    ("A ameaça de Gearwind acabou.", "pt", [("Gearwind", "series-gearwind")]),
    ("Brightoath é o melhor.", "pt", []),  # a capital at a sentence start proves nothing
    ("Jogo o Brightoath há anos.", "pt", [("Brightoath", "series-brightoath")]),  # after an article: the deck, where
    # the text names no card of it in full (discourse reads "el Vrask" as the one it names)
])
def test_a_capitalised_made_up_one_word_series_name_is_the_series_anywhere(index, text, src, want):
    assert [(s.text, s.id) for s in Translator(index, src, "en").spans(text) if s.kind == "series"] == want


def test_a_run_never_ends_with_a_capitalised_linking_word(index):
    # a heading's name, a dash, then the next sentence's first word: "Por" is no word of the name
    assert cards(index, "Orb Drake - Por incrível que pareça, ainda é jogado.", "pt") == [("Orb Drake", "1014")]


@pytest.mark.parametrize("piece, sim, kept", [
    ("Orvane Gryphon", 90.0, True),
    ("Orvane Gryphon", 55.0, False),  # one word read loosely: too weak a literal translation
    ("ORVANE GRYPHON", 90.0, True),  # capitals, a made-up word: still a name
    ("PRIMA SECONDO", 99.0, False),  # capitals and everyday words only: a shouted heading, no name
])
def test_a_literal_translation_of_a_capitalised_run_needs_a_strong_reading(index, monkeypatch, piece, sim, kept):
    tr = Translator(index, "it", "en")
    tr.spans("x")
    got = ("card", "it", sim)
    monkeypatch.setattr(tr, "_fan", lambda p: got)
    assert (tr._fan_run(piece) == got) is kept


@pytest.mark.parametrize("text", [
    'Ricordò: "Vai Drago Orbe Bianco, attacca direttamente".',  # a quoted speech after a colon opens a sentence
    "Gritó: —Ve Drago Orbe Bianco, ataca.",  # … and so does a dialogue dash
])
def test_a_capitalised_word_that_opens_a_quoted_speech_is_no_start_of_a_longer_name(index, text):
    assert cards(index, text, "it") == [("Drago Orbe Bianco", "1014")]


@pytest.mark.parametrize("text, src, want", [
    ("Ayer jugué That Tower Looks contra él.", "es", [("That Tower Looks", "1011")]),  # an English name's first words
    ("Ieri ho giocato Quella Torre Sembra contro di lui.", "it", []),  # the text's own words: maybe a product's name
    ("Ayer jugué That Tower contra él.", "es", []),  # … three words at least
])
def test_the_first_words_of_one_cards_english_name_in_romance_text_are_the_card(index, text, src, want):
    assert cards(index, text, src) == want


def test_a_name_that_ends_with_a_full_stop_takes_the_stop_the_text_has(index):
    from ygorules.names.translate import render
    text = "Evoco Guardiano della Q. e attacco."
    assert render(text, Translator(index, "it", "en").spans(text)) == "Evoco The Q. Keeper e attacco."


def test_a_lower_case_word_apart_is_no_capitalised_first_word_joined_by_a_hyphen(index):
    assert cards(index, "Cada Monstruo re Órbita cuenta.") == []  # "re Órbita": the sentence's words, not Re-Órbita
    assert cards(index, "Uso Re-Órbita siempre.") == [("Re-Órbita", "1022")]


@pytest.mark.parametrize("text, want", [
    ("Tengo un Orvane Drake 2 en defensa.", [("Orvane Drake 2", "1023")]),  # its "#" left out
    ("Tengo un Orvane Drake #2 en defensa.", [("Orvane Drake #2", "1023")]),
    ("Tengo un Orvane Drake 3 veces.", [("Orvane Drake", "1009")]),  # no card of that number: a count
    ("Tengo un Orvane Drake 2,5 veces.", [("Orvane Drake", "1009")]),  # a decimal
])
def test_a_name_and_a_number_that_name_another_card_without_its_hash_are_that_card(index, text, want):
    assert cards(index, text) == want


@pytest.mark.parametrize("text, src, want", [
    ("Il migliore resta il Drago Orbe Bianc", "it", [("Drago Orbe Bianc", "1014")]),  # the text's end cuts the name
    ("E no fim veio o Orvane Drak", "pt", [("Orvane Drak", "1009")]),  # among several, the one whose name the word ends
    ("Il migliore resta il Drago Or", "it", []),  # a stub of two letters after one word says too little
    ("Il migliore resta il Drago Orbe Bi", "it", [("Drago Orbe Bi", "1014")]),  # after two words of the name it is read
    ("Il migliore resta il Drago Orbe Bi.", "it", []),  # the text goes on after the word: nothing is cut
    ("Il migliore resta il Drago Orbe Bian\n", "it", [("Drago Orbe Bian", "1014")]),  # a file's last line break
    ("E no fim veio o Orvane Drake Bri", "pt", [("Orvane Drake Bri", "1010")]),  # the name found inside gives way
])
def test_a_name_the_end_of_the_text_cuts_is_the_one_card_it_begins(index, text, src, want):
    assert cards(index, text, src) == want


@pytest.mark.parametrize("text, want", [
    ("Mi mazo Storm WARDEN abre con S-WARDEN Orrin.", "Mi mazo Storm WARDEN abre con Storm WARDEN Orrin."),
    ("Mi mazo Storm WARDEN abre con S- WARDEN Orrin.", "Mi mazo Storm WARDEN abre con Storm WARDEN Orrin."),
    ("Mi mazo Storm WARDEN abre con X-WARDEN Orrin.", "Mi mazo Storm WARDEN abre con X-WARDEN Storm WARDEN Orrin."),
])
def test_a_members_series_written_by_its_initial_is_part_of_the_name(index, text, want):
    # the series' first word by its initial, a hyphen, its second word: not left before the card's whole name
    from ygorules.names.translate import render
    assert render(text, Translator(index, "en", "en").spans(text)) == want


def test_a_member_name_never_ends_on_a_linking_word():
    from ygorules.names.index import _member_pieces
    series = {("exodia",): {"series-exodia"}}
    assert _member_pieces("Contrato com Exodia", series, 1) == [("series-exodia", "Contrato", False)]  # not "Contrato com"
    assert _member_pieces("Contract with Exodia", series, 1) == [("series-exodia", "Contract", False)]
    assert _member_pieces("Exodia Necross", series, 1) == [("series-exodia", "Necross", False)]
