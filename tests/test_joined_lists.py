"""The items of lists joined by "/", "VS", "x", commas, conjunctions or line breaks are cards where the list is one of
cards (names/lists.py ``find_joined``, issue 24). The cards, series and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names import lists
from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tVantablade Orrik\tVantablade Orrik\tVantablade Orrik\tVantablade Orrik\tMonster\t4
8302\tVantablade Ulvar\tVantablade Ulvar\tVantablade Ulvar\tVantablade Ulvar\tMonster\t5
8303\tPyrecrown Sovereign\tSoberano Pirocorona\tSoberano Pirocoroa\tSovrano Pirocorona\tMonster\t6
8304\tTidal Sigil\tSello de Marea\tSelo da Maré\tSigillo di Marea\tSpell\t7
8305\tHarbor\tPuerto\tPorto\tPorto\tSpell\t6
8306\tMorrowkin Zefra\tMorrowkin Zefra\tMorrowkin Zefra\tMorrowkin Zefra\tMonster\t4
8399\tForced Return\tRetorno Forzado\tRetorno Forçado\tRitorno Forzato\tTrap\t2
8307\tMorrowkin Ventana\tMorrowkin Ventana\tMorrowkin Ventana\tMorrowkin Ventana\tMonster\t4
8308\tMorrowkin Dravel\tMorrowkin Dravel\tMorrowkin Dravel\tMorrowkin Dravel\tMonster\t3
8309\tTidecall\tTidecall\tTidecall\tTidecall\tSpell\t9
8310\tTidecall Wyrm\tTidecall Wyrm\tTidecall Wyrm\tTidecall Wyrm\tMonster\t2
8311\tMorrowkin Dragon\tDragón Morrowkin\tDragão Morrowkin\tDrago Morrowkin\tMonster\t6
"""
SERIES = """en\tes\tpt\tit
Vantablade\tVantablade\tVantablade\tVantablade
Morrowkin\tMorrowkin\tMorrowkin\tMorrowkin
Tidecall\tTidecall\tTidecall\tTidecall
Galewing\tGalewing\tGalewing\tGalewing
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8310\tTidecall Wyrm\tGalewing\tes,pt,it,en\tnickname\t\t
8303\tPyrecrown Sovereign\tPyrecrown\tes,pt,it,en\tnickname\t\t
8304\tTidal Sigil\tSea Seal\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("joined-lists"), POOL, NICKS, SERIES)


def cards(index, text, lang):
    """(text, passcode) of the card spans, and the texts of the series spans."""
    spans = Translator(index, lang, "en").spans(text)
    return [(s.text, s.passcodes[0]) for s in spans if s.kind == "card"], [s.text for s in spans if s.kind == "series"]


ORRIK = ("Orrik", "8301")


@pytest.mark.parametrize("text, lang", [
    ("Mis favoritas: Tidal Sigil/Orrik/Soberano Pirocorona.", "es"),  # slashes
    ("Mis favoritas: Tidal Sigil / Orrik / Soberano Pirocorona.", "es"),
    ("La final fue Tidal Sigil VS Orrik, y ganó el primero.", "es"),  # VS
    ("La finale: Tidal Sigil vs. Orrik, poi il resto.", "it"),
    ("O duelo foi Selo da Maré x Orrik no fim.", "pt"),  # x
    ("En mano tenía Tidal Sigil, Orrik, Soberano Pirocorona.", "es"),  # commas
    ("Eu tinha Selo da Maré e Orrik na mão.", "pt"),  # conjunctions
    ("Tenía Sello de Marea y Orrik en la mano.", "es"),
    ("I drew Tidal Sigil and Orrik that turn.", "en"),
    ("Avevo Orrik ed Sigillo di Marea in mano.", "it"),
    ("Bene. Avevo Orrik ed Sigillo di Marea in mano.", "it"),  # a sentence's capital after the text's start
    ("Tengo Tidal Sigil y Orrik. Luego Ulvar llegó.", "es"),  # a capital after the list's sentence
    ("Você prefere Orrik ou Selo da Maré?", "pt"),
    ("Mazo:\nTidal Sigil\nOrrik\nSoberano Pirocorona\n", "es"),  # one name per line under a heading
    ("Mazo:\n3x Tidal Sigil\n2x Orrik\n1 Soberano Pirocorona\n", "es"),  # deck-list lines with counts
    ("Mazo:\nx3 Tidal Sigil\nx2 Orrik\n", "es"),
    ("Mazo:\n- Tidal Sigil\n- Orrik\n", "es"),  # bullets
    ("Mazo:\nTidal Sigil x3\nOrrik x2\n", "es"),  # counts after the name
    ("Las mejores: ‘Tidal Sigil’, ‘Orrik’ y ‘Soberano Pirocorona’.", "es"),  # single typographic quotes
    ("Le migliori: “Sigillo di Marea”, “Orrik” e “Sovrano Pirocorona”.", "it"),
    ("As melhores: «Selo da Maré», «Orrik» e «Soberano Pirocoroa».", "pt"),
    ("Las mejores: 'Tidal Sigil', 'Orrik' y 'Soberano Pirocorona'.", "es"),
    ("Si compone di 2 Sigillo di Marea, 0-2 Orrik e 1 Sovrano Pirocorona.", "it"),  # counts and ranges
    ("Voy con 0-2 Tidal Sigil, 0-2 Soberano Pirocorona y 0-1 Orrik según el meta.", "es"),  # the last item after a count range
    ("Orrik, Tidal Sigil", "es"),  # the list's only name found ends the text: the separator before it
    ("Mazo:\nx2 Orrik\nx3 Tidal Sigil", "es"),  # … and a count before it
    ("Tengo Tidal Sigil y Orrik en la mano, y después Soberano Pirocorona.", "es"),  # a card after the list, apart
    ("Mazo:\nOrrik\nTidal Sigil", "es"),  # a line break alone before the list's only name found
    ("Soberano Pirocorona es buena. Tidal Sigil, Orrik.", "es"),  # a name found apart before the list
    ("Tidal Sigil, Orrik, Soberano Pirocorona y Sello de Marea.", "es"),  # three names found, one item between two
    ("y luego, Tidal Sigil y Orrik.", "es"),  # lower-case words only before the list
    ("Tras la Damage Step, Tidal Sigil, Orrik.", "es"),  # a name of a rule (no card) right before the list
    ("me quedo con Tidal Sigil, 3x Orrik.", "es"),  # a count word between, lower-case words before: a capital near
    ("me quedo con Tidal Sigil, Orrik Damage Step.", "es"),  # the item runs up to the next name found (a rule's), no further
])
def test_an_item_of_a_list_of_cards_is_the_card_it_shortens(index, text, lang):
    assert ORRIK in cards(index, text, lang)[0]


@pytest.mark.parametrize("text, lang", [
    ("Tidal Sigil, Ulvar e Orrik.", "pt"),  # two items after the last name found
    ("Orrik, Ulvar, Tidal Sigil.", "es"),  # two before the first
    ("Orrik VS Ulvar VS Tidal Sigil", "es"),  # "VS" is capitalised, yet no part of a name
    ("Tidal Sigil VS Orrik VS Ulvar", "es"),
])
def test_every_item_of_a_list_is_read(index, text, lang):
    got = cards(index, text, lang)[0]
    assert ORRIK in got and ("Ulvar", "8302") in got


@pytest.mark.parametrize("text, lang", [
    ("Ayer vi a Orrik en el parque, y luego leí Tidal Sigil.", "es"),  # not joined to the card by a separator
    ("Orrik y Zefra fueron al cine.", "es"),  # a list, but no card found whole in it
    ("Tidal Sigil\nOrrik es lo mejor que hay.\n", "es"),  # a line that is not the name alone
    ("Mazo:\nTidal Sigil\n\nOrrik\n", "es"),  # a blank line ends a list
    ("Tengo Tidal Sigil y Orrik del Norte.", "es"),  # the name goes on ("del Norte"): no item
    ("Vi a Orrik en la mano, Tidal Sigil y nada más.", "es"),  # words between the name and the separator
    ("Tengo la Bandera de Orrik, Tidal Sigil y Soberano Pirocorona.", "es"),  # the name began before ("… de Orrik")
    ("Yo uso Orrik\nTidal Sigil\n", "es"),  # a line of prose before a line with a name
])
def test_a_shortened_name_outside_a_list_of_cards_is_no_card(index, text, lang):
    assert ORRIK not in cards(index, text, lang)[0]


def test_an_ordinary_word_is_no_shortened_name_without_a_series_of_the_list(index):
    # "Ventana" is an everyday Spanish word: read as Morrowkin Ventana only among Morrowkin cards
    got = cards(index, "Tengo Tidal Sigil, Ventana y Soberano Pirocorona.", "es")[0]
    assert ("Ventana", "8307") not in got
    got = cards(index, "Tengo Morrowkin Zefra, Ventana y Morrowkin Dravel.", "es")[0]
    assert ("Ventana", "8307") in got


def test_a_monsters_type_among_the_fields_of_a_data_row_is_no_card(index):
    got = cards(index, "['Morrowkin Zefra','Luz','Dragón',4,1800,1200],", "es")[0]
    assert [c for _, c in got] == ["8306"], got


def test_a_reading_of_another_series_than_the_lists_is_no_card(index):
    got = cards(index, "Juego Vantablade Orrik, Zefra y Vantablade Ulvar.", "es")[0]
    assert ("Zefra", "8306") not in got
    got = cards(index, "Juego Tidal Sigil, Zefra y Soberano Pirocorona.", "es")[0]  # no series: the reading stands
    assert ("Zefra", "8306") in got


def test_an_item_held_back_is_a_card_in_a_list(index):
    # "VS Pyrecrown" (a nickname) looked like the end of a longer name: the list is the evidence it is the card, and the report no
    # longer lists it as held back
    tr = Translator(index, "es", "en")
    got = [(s.text, s.passcodes[0]) for s in tr.spans("La final: Tidal Sigil VS Pyrecrown.") if s.kind == "card"]
    assert ("Pyrecrown", "8303") in got and tr.held == []


def test_a_name_of_two_words_held_back_is_a_card_in_a_list(index):
    tr = Translator(index, "es", "en")
    got = [(s.text, s.passcodes[0]) for s in tr.spans("La final: Soberano Pirocorona VS Sea Seal.") if s.kind == "card"]
    assert ("Sea Seal", "8304") in got and tr.held == []


def test_a_list_with_no_card_found_whole_is_no_list_of_cards(index):
    # a series name and a shortened name: nothing shows the list is one of cards
    assert not any(p == "8301" for _, p in cards(index, "Mis mazos: Morrowkin y Orrik.", "es")[0])


def test_a_series_name_that_is_also_a_card_is_the_card_in_a_list(index):
    got = cards(index, "Tidecall VS Orrik VS Soberano Pirocorona", "es")[0]
    assert ("Tidecall", "8309") in got and ORRIK in got


def test_a_series_name_in_a_list_stays_a_series(index):
    got, series = cards(index, "Mis mazos: Vantablade, Tidal Sigil y Soberano Pirocorona.", "es")
    assert "Vantablade" in series and not any(t == "Vantablade" for t, _ in got)


def test_lower_case_items_are_not_read(index):
    assert not any(p == "8301" for _, p in cards(index, "Tengo Tidal Sigil, orrik y Soberano Pirocorona.", "es")[0])


def test_a_series_name_that_is_also_a_nickname_stays_no_card_in_a_list(index):
    # "Galewing" names a series, and Tidecall Wyrm by a nickname: not the card
    got = cards(index, "Galewing VS Orrik VS Soberano Pirocorona", "es")[0]
    assert ORRIK in got and not any(p == "8310" for _, p in got)


def test_every_list_of_a_text_is_read(index):
    # a list with no item to read, then two more lists
    got = cards(index, "Tengo Tidal Sigil y Soberano Pirocorona. Mañana, Orrik y Sello de Marea. Luego Soberano "
                       "Pirocorona, Ulvar.", "es")[0]
    assert ORRIK in got and ("Ulvar", "8302") in got


@pytest.mark.parametrize("text, lang, item, variant", [
    ("Mis favoritas: Tidal Sigil/Orrik/Soberano Pirocorona.", "es", "Orrik", "approximate"),  # a shortened name
    ("La final: Tidal Sigil VS Pyrecrown.", "es", "Pyrecrown", "nickname"),  # an exact name: the name's own variant
    ("El combo: Tidal Sigil + Orrik.", "es", "Orrik", "approximate"),  # a "+" list
])
def test_an_items_card_says_how_it_was_read(index, text, lang, item, variant):
    got = [(s.variant, s.replacement) for s in Translator(index, lang, "en").spans(text) if s.text == item]
    assert got == [(variant, {"Orrik": "Vantablade Orrik", "Pyrecrown": "Pyrecrown Sovereign"}[item])]


def test_one_card_of_a_series_shows_no_series_the_list_shares(index):
    # one Vantablade card found: a shortened reading of another series stands
    assert ("Zefra", "8306") in cards(index, "Juego Vantablade Orrik, Zefra y Tidal Sigil.", "es")[0]


def test_an_items_card_is_written_in_the_language_asked(index):
    got = [s.replacement for s in Translator(index, "es", "it").spans("La final: Tidal Sigil VS Pyrecrown.")
           if s.text == "Pyrecrown"]
    assert got == ["Sovrano Pirocorona"]


@pytest.mark.parametrize("found", [None, []], ids=["plus list", "joined list"])
def test_both_kinds_of_list_read_an_item_alike(index, found):
    # one reader (lists._card_of) for "+" lists and lists joined otherwise: a shortened name is read, a name's own words
    # in another order are not (weak evidence: tests/test_fanmatch.py), lower-scored readings are none
    tr = Translator(index, "es", "en")
    got = lists._card_of(tr, "Orrik", found)
    assert got is not None and got[0].passcodes == ("8301",) and got[2] >= lists.MIN_SCORE
    assert tr.index.lookup("Orrik Vantablade", None, 5).all[0].score >= lists.MIN_SCORE  # lookup reads it so
    assert lists._card_of(tr, "Orrik Vantablade", found) is None
    assert lists._card_of(tr, "Orrak", found) is None  # a misspelling scores under MIN_SCORE


@pytest.mark.parametrize("text", [
    "Ho letto La Raccolta delle Sigillo di Marea ieri.",  # translate.TAIL_LINKS: the end of a longer name
    "Ho letto La Raccolta dei Sigillo di Marea ieri.",
    "Ho comprato la collezione della Sigillo di Marea.",  # evidence: a product's title
    "Ho comprato la collezione del Sigillo di Marea.",
])
def test_every_linking_word_of_one_set_joins_a_name_to_the_word_before_it(index, text):
    # lists._OF, translate.TAIL_LINKS and evidence._DECK_LINKS are one set: "delle" and "della" were missing from two
    assert cards(index, text, "it")[0] == []


# The cheap tests of find_joined agree with what they stand for, on every place of texts with lists and prose.
TEXTS = [
    "Mazo:\n3x Tidal Sigil\nx2 Orrik\n- Ulvar\n“Soberano” y «Orrik», Tidal Sigil (x2) / Orrik vs. Ulvar VS Zefra\n",
    "Si compone di 2 Sigillo di Marea, 0-2 Orrik e 1 Sovrano. Bene. Avevo Orrik ed Sigillo di Marea x3; poi basta!",
    "Tengo Tidal Sigil,Orrik+Ulvar  e   Zefra.  Luego  1) Orrik\t2. Tidal\r\nFin 'Orrik' x Ulvar ou Zefra or Ulvar o y",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_separator_after_an_item_is_the_one_a_search_finds(text):
    for pos in range(len(text)):
        for end in (len(text), min(len(text), pos + lists._ITEM_CHARS)):
            m = lists._LINK.search(text, pos, end)  # what it stands for: the first separator, if an item ends there
            want = m if m is not None and lists._item(text, pos, m.start()) is not None else None
            got = lists._next_link(text, pos, end)
            assert (got and got.span()) == (want and want.span()) or (want is None and (
                got is None or lists._item(text, pos, got.start()) is None)), (text[pos:end], pos)
            m = lists._LINK_END.search(text, max(0, end - 40), end)
            got = lists._first_link(lists._LINK_END, text, max(0, end - 40), end, end)
            assert (got and got.span()) == (m and m.span())


@pytest.mark.parametrize("text", TEXTS)
def test_a_separator_before_a_word_is_never_missed_by_the_cheap_test(index, text):
    tr = Translator(index, "es", "en")
    tr.spans(text)  # (the translator's words)
    for start in tr._starts:
        m = lists._LINK_END.search(text, max(0, start - 40), start)
        if m is not None and text[m.start() - 1:m.start()].isalnum():
            assert lists._linked_before(tr, start), text[max(0, start - 40):start]
    assert not lists._linked_before(tr, tr._starts[0])  # nothing before the first word


@pytest.mark.parametrize("text", ["El combo: Tidal Sigil + Orrik.", "Mis favoritas: Tidal Sigil/Orrik."])
def test_an_items_span_has_the_translators_bar_as_its_score_and_lookups_as_its_similarity(index, text):
    tr = Translator(index, "es", "en")
    got = [s for s in tr.spans(text) if s.text == "Orrik"]
    assert [(s.score, s.similarity) for s in got] == [(tr.threshold, 98.0)]
    assert got[0].as_dict()["score"] == round(tr.threshold, 2)


def test_the_series_of_a_card_found_whole_is_the_same_when_asked_again(index):
    tr = Translator(index, "es", "en")
    span = next(s for s in tr.spans("Tengo Vantablade Orrik.") if s.kind == "card")
    first = lists._span_series(tr, span)
    assert first and lists._span_series(tr, span) == first  # (memoised: the second answer is the first)


def test_more_words_than_an_item_holds_between_two_names_make_no_list(index):
    assert cards(index, "Tengo Tidal Sigil, una dos tres cuatro cinco, Soberano Pirocorona.", "es")[0] == [
        ("Tidal Sigil", "8304"), ("Soberano Pirocorona", "8303")]


ENGLISH_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8321\tStorm Emperor Dragon - Herald of Dusk\tDragón Emperador de la Tormenta - Heraldo del Ocaso\tDragão Imperador da Tempestade - Arauto do Crepúsculo\tDrago Imperatore della Tempesta - Araldo del Crepuscolo\tMonster\t6
8322\tAbyssal Emperor Dragon\tDragón Emperador Abisal\tDragão Imperador Abissal\tDrago Imperatore Abissale\tMonster\t3
8304\tTidal Sigil\tSello de Marea\tSelo da Maré\tSigillo di Marea\tSpell\t7
"""


@pytest.fixture(scope="module")
def english_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("joined-lists-english"), ENGLISH_POOL)


@pytest.mark.parametrize("text, lang", [
    ("Foi assim.\n\nStorm Emperor Dragon e Tidal Sigil eram fortes.", "pt"),  # a sentence opens with the English name
    ("Fue así. Storm Emperor Dragon y Tidal Sigil eran fuertes.", "es"),
    ("Storm Emperor Dragon e Tidal Sigil erano forti.", "it"),  # the text's start
])
def test_an_english_name_opening_a_sentence_keeps_its_first_word(english_index, text, lang):
    got = cards(english_index, text, lang)[0]
    assert ("Storm Emperor Dragon", "8321") in got and not any(p == "8322" for _, p in got)


def test_a_lower_case_item_held_back_between_cards_of_a_list_is_the_card(index):
    text = "Le mie trappole (sigillo di marea, ritorno forzato, sovrano pirocorona) sono forti."
    got = [(s.text, s.passcodes[0]) for s in Translator(index, "it", "en").spans(text) if s.kind == "card"]
    assert ("ritorno forzato", "8399") in got, got
    # alone, the ordinary words stay words
    alone = [s.text for s in Translator(index, "it", "en").spans("Il ritorno forzato a casa è triste.") if s.kind == "card"]
    assert alone == []


def test_a_word_of_the_game_in_a_list_is_no_shortened_name(index, monkeypatch):
    asked = []
    card_of = lists._card_of
    monkeypatch.setattr(lists, "_card_of", lambda tr, item, *a: asked.append(item) or card_of(tr, item, *a))
    for text in ('Com o Círculo você busca 1 "Vantablade Orrik" ou 1 Spell/Trap que mencione o deck.',
                 'Com o Círculo você busca 1 "Vantablade Orrik" ou 1 Zorblat/Trap que mencione o deck.'):
        Translator(index, "pt", "en").spans(text)
    assert asked == ["Zorblat"], asked  # (a word of the game is never asked; another item is)



def test_the_games_editions_in_a_list_are_no_cards(index, monkeypatch):
    asked = []
    card_of = lists._card_of
    monkeypatch.setattr(lists, "_card_of", lambda tr, item, *a: asked.append(item) or card_of(tr, item, *a))
    Translator(index, "es", "en").spans("Salió en el TCG y en OCG, Vantablade Orrik y Tidal Sigil no tuvieron éxito.")
    assert "OCG" not in asked and "TCG" not in asked, asked  # (the Japanese and the Western game, not an acronym)


@pytest.mark.parametrize("text, lang", [
    ("Las victorias por estrategias Orrik, Exodiax o Tidal Sigil no cuentan.", "es"),
    ("Os decks Orrik, Tidal Sigil e Ulvar dominaram o torneio.", "pt"),
])
def test_the_items_of_a_list_of_strategies_or_decks_are_no_cards_by_a_shortened_name(index, text, lang):
    assert ORRIK not in cards(index, text, lang)[0]


@pytest.mark.parametrize("text, lang, want", [
    ("MI MANO: SELLO DE MAREA, ORRIK Y SOBERANO PIROCORONA.", "es",
     [("SELLO DE MAREA", "8304"), ("ORRIK", "8301"), ("SOBERANO PIROCORONA", "8303")]),
    ("LA MIA MANO: SIGILLO DI MAREA, ORRIK E SOVRANO PIROCORONA.", "it",
     [("SIGILLO DI MAREA", "8304"), ("ORRIK", "8301"), ("SOVRANO PIROCORONA", "8303")]),
    ("MINHA MÃO: SELO DA MARÉ, ORRIK OU SOBERANO PIROCOROA.", "pt",
     [("SELO DA MARÉ", "8304"), ("ORRIK", "8301"), ("SOBERANO PIROCOROA", "8303")]),
])
def test_a_conjunction_in_capitals_joins_the_items_of_a_list_in_capitals(index, text, lang, want):
    assert cards(index, text, lang)[0] == want  # ("ORRIK Y" was one item: the item and the conjunction)


def test_a_capital_conjunction_between_items_in_mixed_case_is_no_separator(index):
    got = cards(index, "En mano: Sello de Marea, Orrik Y Compañía, Soberano Pirocorona.", "es")[0]
    assert ("Orrik", "8301") not in got  # ("Orrik Y Compañía" is one capitalised item, no card)


@pytest.mark.parametrize("text, lang, want", [
    ("Al final revivió a su Orrik, «Tidal Sigil», y ganó.", "es", [("Tidal Sigil", "8304")]),  # an apposition
    ("No fim ele reviveu o seu Orrik, Selo da Maré, e venceu.", "pt", [("Selo da Maré", "8304")]),
    ("Al final revivió a Orrik, «Tidal Sigil», y ganó.", "es", [("Orrik", "8301"), ("Tidal Sigil", "8304")]),  # a list
])
def test_a_possessive_before_two_items_makes_the_second_name_the_first(index, text, lang, want):
    assert cards(index, text, lang)[0] == want


# ── an item in quotes is read whole, its words in lower case too ──────────────

QUOTED_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8501\tGoblin Raid Force\tFuerza de Asalto Goblin\tForça de Assalto dos Goblins\tForza d'Assalto Goblin\tMonster\t6
8304\tTidal Sigil\tSello de Marea\tSelo da Maré\tSigillo di Marea\tSpell\t7
8303\tPyrecrown Sovereign\tSoberano Pirocorona\tSoberano Pirocoroa\tSovrano Pirocorona\tMonster\t6
8306\tMorrowkin Zefra\tMorrowkin Zefra\tMorrowkin Zefra\tMorrowkin Zefra\tMonster\t4
"""


@pytest.fixture(scope="module")
def quoted_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("quoted-lists"), QUOTED_POOL)


@pytest.mark.parametrize("text", [
    "I miei preferiti: ‘Sigillo di Marea’, ‘Sovrano Pirocorona’, ‘Forza di assalto goblin’, ‘Morrowkin Zefra’ e altri.",
    "I miei preferiti: ‘Forza di assalto goblin’, ‘Sigillo di Marea’, ‘Sovrano Pirocorona’ e altri.",  # before the list
    "I miei preferiti: “Sigillo di Marea”, “Sovrano Pirocorona”, “Forza di assalto goblin” e altri.",
])
def test_a_quoted_item_of_a_list_of_cards_is_read_whole(quoted_index, text):
    got, _ = cards(quoted_index, text, "it")
    assert ("Forza di assalto goblin", "8501") in got, got


@pytest.mark.parametrize("text", [
    "I miei preferiti: ‘Sigillo di Marea’, ‘Sovrano Pirocorona’, ‘Forza di assalto goblin.",  # the quote never closes
    "I miei preferiti: ‘Sigillo di Marea’, ‘Sovrano Pirocorona’, «Forza di assalto goblin’ e altri.",  # not a pair
    "I miei preferiti: ‘Sigillo di Marea’, ‘Sovrano Pirocorona’, ‘la forza di assalto goblin’ e altri.",  # lower case
    "I miei preferiti: ‘Forza di assalto goblin’. ‘Sigillo di Marea’, ‘Sovrano Pirocorona’ e altri.",  # no separator
])
def test_an_item_not_enclosed_by_a_pair_of_quotes_is_not_read_whole(quoted_index, text):
    got, _ = cards(quoted_index, text, "it")
    assert not any(p == "8501" for _, p in got), got


@pytest.mark.parametrize("text, a, want", [
    ("x ‘Forza d’Attacco’, y", 3, (3, 18)),  # an apostrophe inside the item is no closing quote
    ("x ‘Forza di attacco\n’, y", 3, None),  # a line break first
    ("x «Forza»", 3, (3, 8)),
    ("x «Forza”", 3, None),
])
def test_quoted_finds_the_closing_quote_of_the_pair(text, a, want):
    assert lists._quoted(text, a, len(text)) == want


def test_quoted_reads_no_further_than_it_is_told():
    assert lists._quoted("x «Forza» y", 3, 8) is None  # the closing quote at the bound: outside
    assert lists._quoted("x «Forza» y", 3, 9) == (3, 8)
    assert lists._quoted_before("x «Forza», y", 8, 2) == (3, 8)  # the opening quote at the bound: inside
    assert lists._quoted_before("x «Forza», y", 8, 3) is None


@pytest.mark.parametrize("text, b, want", [
    ("x ‘Forza l'Attacco’, y", 18, (3, 18)),  # an apostrophe after a letter opens no quote
    ("x\n Forza’, y", 9, None),  # a line break first
    ("x «forza», y", 8, None),  # the item in lower case
    ("x «Forza”, y", 8, None),  # not a pair
])
def test_quoted_before_finds_the_opening_quote_of_the_pair(text, b, want):
    assert lists._quoted_before(text, b, 0) == want


@pytest.mark.parametrize("text, lang", [
    ("Lista de septiembre\n\nTidal Sigil (From Limited)\nPuerto (From Unlimited)\nSoberano Pirocorona\n", "es"),
    ("Proibidas\n\nSelo da Maré (OCG)\nPorto (TCG)\n", "pt"),
])
def test_a_short_note_in_brackets_after_a_lines_name_keeps_the_lines_a_list(index, text, lang):
    # a banlist's lines, "Name (From Unlimited)": the note is no item, the line's name is one
    got, _ = cards(index, text, lang)
    assert ("Puerto" if lang == "es" else "Porto", "8305") in got, got


def test_a_long_aside_in_brackets_ends_the_list(index):
    text = ("Lista de septiembre\n\nTidal Sigil (la carta que nunca me falla)\nPuerto (la ciudad donde jugamos)\n"
            "Soberano Pirocorona (la mejor)\n")  # (asides of 25 characters and more: NOTE_CHARS)
    got, _ = cards(index, text, "es")
    assert ("Puerto", "8305") not in got, got


def test_an_english_word_in_a_list_of_cards_is_a_card_by_a_shortened_name(index):
    # "mirror", an English word (Zipf 3.35 in Spanish, 4.47 in English), is no everyday word of the Spanish text: the
    # item is Mirror Force (of the fixture KB) by its first word
    got, _ = cards(index, "Trampas:\n2xTidal Sigil\n1xMirror\n1xSoberano Pirocorona\n", "es")
    assert ("Mirror", "44095762") in got, got


def test_an_everyday_word_of_the_texts_language_is_no_lists_card_by_a_shortened_name(index):
    got, _ = cards(index, "Trampas:\n2xTidal Sigil\n1xEspejo\n1xSoberano Pirocorona\n", "es")  # "espejo": Spanish
    assert [p for _, p in got] == ["8304", "8303"], got
