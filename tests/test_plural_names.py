"""A card's whole name in the plural, in lower case (names/plurals.py, issue 24): after a plural article, a possessive
or a number, each word of the name may be in the plural; the run is the card when it is the whole name, of two words or
more, one in the plural at least. The cards and
sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tGreen-Eyed Silver Wolf\tLobo Plateado de Ojos Verdes\tLobo Prateado de Olhos Verdes\tLupo Argentato Occhi Verdi\tMonster\t30
8202\tSilver Wolf\tLobo Plateado\tLobo Prateado\tLupo Argentato\tMonster\t8
8203\tCrimson Lion\tLeón Carmesí\tLeão Carmesim\tLeone Cremisi\tMonster\t6
8204\tWolves of the Night\tLobos de la Noche\tLobos da Noite\tLupi della Notte\tSpell\t3
8205\tRoaring Lions\tLeones Rugientes\tLeões Rugidores\tLeoni Ruggenti\tSpell\t3
8206\tNight of the Wolves\tNoche de los Lobos\tNoite dos Lobos\tNotte dei Lupi\tSpell\t3
8230\tMoonlit Lady\tDama Lunar\tDama Lunar\tDama Lunare\tMonster\t9
8210\tMagnetic Meadow\tPrado Magnético\tPrado Magnético\tPrato Magnetico\tSpell\t5
8299\tFavorite Hero\tHéroe Favorito\tHerói Favorito\tEroe Preferito\tSpell\t12
"""
# (8204 and 8205 begin with the plural words themselves, as many names of the pool do: the scan then walks on only from
# the plural as written, and reads no lower-case name whose every content word is in the plural)


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("plurals"), POOL)


@pytest.mark.parametrize("text, lang, name, card", [
    ("Ganó a los tres lobos plateados de ojos verdes del rival.", "es", "lobos plateados de ojos verdes", "8201"),
    ("Ele venceu os lobos prateados de olhos verdes no fim.", "pt", "lobos prateados de olhos verdes", "8201"),
    ("Aveva tre lupi argentati occhi verdi nel mazzo.", "it", "lupi argentati occhi verdi", "8201"),
    ("Tengo 2 leones carmesíes en la mano.", "es", "leones carmesíes", "8203"),
    ("Ele tem dois lobos prateados de olhos verdes.", "pt", "lobos prateados de olhos verdes", "8201"),
    ("Guardé mis lobos plateados para el final.", "es", "lobos plateados", "8202"),
])
def test_a_whole_name_in_the_plural_after_an_announcing_word_is_the_card(index, text, lang, name, card):
    got = card_spans(index, text, lang)
    assert got == [(name, card)], got


@pytest.mark.parametrize("text, lang", [
    ("Joey può battere le Moonlit Ladies di Mai?", "it"),
    ("Mai ataca con sus tres Moonlit Ladies.", "es"),
])
def test_an_english_name_in_its_english_plural_is_the_card(index, text, lang):
    # "-ies" for "-y": an English name pluralised the English way inside Romance text ("Harpie Ladies")
    got = card_spans(index, text, lang)
    assert got == [("Moonlit Ladies", "8230")], got


def test_every_plural_name_of_a_text_is_read(index):
    got = card_spans(index, "Tengo los cuadernos, mis leones carmesíes y dos lobos plateados de ojos verdes.", "es")
    assert got == [("leones carmesíes", "8203"), ("lobos plateados de ojos verdes", "8201")], got


def test_a_name_found_that_runs_into_the_run_stands(index):
    got = card_spans(index, "Leí Noche de los Lobos plateados ayer.", "es")  # (not "los Lobos plateados": Silver Wolf)
    assert got == [("Noche de los Lobos", "8206")], got


def test_nothing_announces_several_copies(index):
    got = card_spans(index, "Vimos lobos plateados de ojos verdes en el bosque.", "es")
    assert got == [], got


@pytest.mark.parametrize("text, lang", [
    ("Los imanes y los prados magnéticos del norte atraen el hierro.", "es"),
    ("I magneti e i prati magnetici del nord attirano il ferro.", "it"),
])
def test_a_rare_cards_name_in_the_plural_in_lower_case_is_the_languages_words(index, text, lang):
    assert card_spans(index, text, lang) == []  # (Magnetic Meadow printed evidence.IDIOM_RARE times: copies of a
    # card are the famous cards')


def test_a_famous_cards_plural_after_a_rare_ones_is_read(index):
    got = card_spans(index, "Los imanes y los prados magnéticos; guardé mis lobos plateados para el final.", "es")
    assert got == [("lobos plateados", "8202")], got


def test_a_famous_cards_name_in_the_plural_in_lower_case_is_the_card(index):
    assert card_spans(index, "Guardé mis lobos plateados para el final.", "es") == [("lobos plateados", "8202")]
    # (Silver Wolf printed 8 times: more than IDIOM_RARE)


def test_the_longest_whole_name_wins(index):
    got = card_spans(index, "Los lobos plateados aúllan; los lobos plateados de ojos verdes no.", "es")
    assert got == [("lobos plateados", "8202"), ("lobos plateados de ojos verdes", "8201")], got



EXACT_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8211\tWar Notice\tNoticia de Guerra\tNotícia de Guerra\tNotizia di Guerra\tTrap\t1
8212\tWar Tidings\tNoticias de Guerra\tNotícias de Guerra\tNotizie di Guerra\tSpell\t8
8213\tThe Night Wardens\tLos Guardianes Nocturnos\tOs Guardiões Noturnos\tI Guardiani Notturni\tSpell\t2
8214\tNight Warden Aster\tGuardián Nocturno Aster\tGuardião Noturno Aster\tGuardiano Notturno Aster\tMonster\t4
"""
EXACT_SERIES = """en\tes\tpt\tit
Night Warden\tGuardián Nocturno\tGuardião Noturno\tGuardiano Notturno
"""


@pytest.fixture(scope="module")
def exact_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("plural-exact"), EXACT_POOL, "", EXACT_SERIES)


@pytest.mark.parametrize("text, lang, card", [
    # a card's name as printed, not copies of the other card (whose rarer singular words would score a little higher)
    ("Al final revela “Noticias de guerra” y gana.", "es", "8212"),
    ("No fim revela “Notícias de guerra” e ganha.", "pt", "8212"),
    ("Alla fine rivela “Notizia di guerra” e vince.", "it", "8211"),
])
def test_a_name_written_as_a_card_prints_it_beats_a_plural_reading_of_another(exact_index, text, lang, card):
    got = card_spans(exact_index, text, lang)
    assert [c for _, c in got] == [card], got


def test_a_series_in_the_plural_stays_the_series_beside_a_card_of_that_name(exact_index):
    from ygorules.names.translate import Translator
    got = [(s.text, s.kind) for s in Translator(exact_index, "es", "en").spans("Juego los Guardianes Nocturnos desde ayer.")]
    assert got == [("Guardianes Nocturnos", "series")] or got == [("los Guardianes Nocturnos", "series")], got


# Mutation run of names/plurals.py (issue 24, 84.3 %): each case below fails with one surviving mutant of `find`.
WALK_POOL = POOL + """8207\tKing of the Silver Wolves\tRey de los Lobos Plateados\tRei dos Lobos Prateados\tRe dei Lupi Argentati\tMonster\t6
8208\tDuo Silver Wolf\tDúo Lobo Plateado\tDuo Lobo Prateado\tDuo Lupo Argentato\tMonster\t6
8209\tKing of the Green-Eyed Silver Wolves\tRey de los Lobos Plateados de Ojos Verdes\tRei dos Lobos Prateados de Olhos Verdes\tRe dei Lupi Argentati Occhi Verdi\tMonster\t6
"""


@pytest.fixture(scope="module")
def walk_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("plurals-walk"), WALK_POOL)


@pytest.mark.parametrize("text, lang, expected", [
    # an announcing word before a plural that begins no name ("cuadernos") does not end the scan
    ("Tengo los cuadernos y tres lobos plateados de ojos verdes.", "es",
     [("lobos plateados de ojos verdes", "8201")]),
    # nor does a plural that begins a name but goes on as none ("lobos aúllan")
    ("Mis lobos aúllan; dos lobos plateados de ojos verdes no.", "es", [("lobos plateados de ojos verdes", "8201")]),
    # nor a run that a name found crosses
    ("Leí Noche de los Lobos plateados y tengo dos lobos plateados de ojos verdes.", "es",
     [("Noche de los Lobos", "8206"), ("lobos plateados de ojos verdes", "8201")]),
    # a run read is one name: the plural after its own article ("los lobos plateados") is not read again inside it
    ("Juego dos reyes de los lobos plateados.", "es", [("reyes de los lobos plateados", "8207")]),
    ("Juego dos reyes de los lobos plateados de ojos verdes.", "es", [("reyes de los lobos plateados de ojos verdes", "8209")]),
    # and the scan goes on after a run it skips (read already, or in code) to the next plural name
    ("Juego dos reyes de los lobos plateados y tres lobos plateados de ojos verdes.", "es",
     [("reyes de los lobos plateados", "8207"), ("lobos plateados de ojos verdes", "8201")]),
    ("Escribe `dos lobos plateados` y juega dos lobos plateados de ojos verdes.", "es",
     [("lobos plateados de ojos verdes", "8201")]),
    # a plural word of three letters begins no name: "due" is the number, not copies of "Duo Lupo Argentato"
    ("Ho messo i due lupi argentati nel mazzo.", "it", [("lupi argentati", "8202")]),
])
def test_the_scan_goes_on_past_a_word_that_begins_no_name_and_reads_each_run_once(walk_index, text, lang, expected):
    got = card_spans(walk_index, text, lang)
    assert got == expected, got


def test_a_plural_name_inside_code_is_left_alone(walk_index):
    got = card_spans(walk_index, "Escribe `dos lobos plateados de ojos verdes` en el buscador.", "es")
    assert got == [], got


_NOTES = ("Las notas del parche cambian el equilibrio del juego. El tesoro nuevo trae aspectos para varios personajes y "
          "el mapa recibe ajustes en la jungla. Los jugadores que prefieran el carril central notarán cambios en el oro "
          "y la experiencia. ") * 4


@pytest.mark.parametrize("text, want", [
    # a long text that never speaks of the card game: the words in the plural are what they say, not copies of a card
    (_NOTES + "Cada tesoro permite personalizar a sus lobos plateados favoritos.", []),
    # (the scan reads "héroes favoritos" in the plural; its words, as common as their singulars, need a card context)
    (_NOTES + "Cada tesoro permite personalizar a sus héroes favoritos.", []),
    (_NOTES + "Guardé mis lobos plateados para el final del duelo de cartas.", [("lobos plateados", "8202")]),  # the
    # game named (two of its words: one alone is the text's own, a duel of two players)
    ("Guardé mis lobos plateados para el final.", [("lobos plateados", "8202")]),  # too short to tell
])
def test_copies_of_a_card_are_read_only_in_a_text_that_may_be_about_the_card_game(index, text, want):
    assert card_spans(index, text, "es") == want


def test_a_series_of_a_hyphenated_name_in_the_plural_is_the_series_and_names_its_members(tmp_path):
    pool = ("id\ten\tes\tpt\tit\tcard_type\tprintings\n"
            "8231\tSpin-Up Vole\tRatón Spin-Up\tRato Spin-Up\tArvicola Spin-Up\tMonster\t9\n")
    series = "en\tes\tpt\tit\nSpin-Up\tSpin-Up\tSpin-Up\tSpin-Up\n"
    index = small_index(tmp_path, pool, "", series)
    from ygorules.names.translate import Translator
    got = [(s.text, s.kind) for s in Translator(index, "pt", "en").spans(
        "Contra Spin-Ups, a história é outra: basta esperar Vole ativar seu efeito.")]
    assert ("Spin-Ups", "series") in got and ("Vole", "card") in got, got
