"""A name inside a longer name it does not stand for (names/evidence.py, issue 24): the epithet of another card after a
capitalised word and a comma ("X, el Y Z"), and a lower-case nickname that modifies another word ("… de ojos grises").
Card names and nicknames are made up; the first pool is test_translate_evidence's."""
from __future__ import annotations

import pytest

from ygorules.names import evidence
from ygorules.names.translate import Translator

from _names_fixtures import small_index
from test_translate_evidence import found, index, pool  # noqa: F401 (fixtures)


@pytest.mark.parametrize("text, lang, name", [
    ("Kalden, el Hueco Místico Dorado apareció en la mesa.", "es", "Hueco Místico"),
    ("Kalden, o Oco Místico Dourado chegou.", "pt", "Oco Místico"),
    ("Kalden, the Hollow Mystic Golden won.", "en", "Hollow Mystic"),
    # a name that is an article and its noun goes on after "de"/"di"/"of" too
    ("Kalden, Las Ovejas Guardianas del Norte, es una carta rara.", "es", "Las Ovejas Guardianas"),
])
def test_a_name_after_a_capitalised_word_and_a_comma_that_goes_on_is_an_epithet(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert spans == [] and [h[0] for h in held] == [name] and "epithet" in held[0][1], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Kalden, el Hueco Místico de Brisa es su carta favorita.", "es"),  # "de" + a capital: whose card, not an epithet
    ("Saqué Velorix, Hueco Místico Dorado y más.", "es"),  # no article after the comma: a list
    ("Kalden, el Hueco Místico\nDorado es una carta.", "es"),  # the next capital is on another line
    ("Kalden, el Hueco Místico. Dorado es otra carta.", "es"),  # … or in another sentence
    ("Kalden el Hueco Místico Dorado es una carta.", "es"),  # no comma: the longer-name rule of weak names decides
])
def test_a_name_that_is_no_epithet_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "2011" in [p for _, p in spans] and not any("epithet" in why for _, why in held), (spans, held)


POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3001\tGrey-Eyes Night Wyrm\tWyrm Nocturno de Ojos Grises\tWyrm Noturno de Olhos Cinzentos\tWyrm Notturno Occhi Grigi\tMonster\t12
3002\tMoss Lantern\tLinterna de Musgo\tLanterna de Musgo\tLanterna di Muschio\tSpell\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
3001\tGrey-Eyes Night Wyrm\tojos grises\tes\tnickname\t\t
3001\tGrey-Eyes Night Wyrm\tolhos cinzentos\tpt\tnickname\t\t
"""


@pytest.fixture(scope="module")
def eyes(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("longer"), POOL, NICKS)


@pytest.mark.parametrize("text, lang", [
    ("Activé la Linterna de Musgo y el wyrm bebé de ojos grises atacó.", "es"),
    ("Activé la Linterna de Musgo e invoqué al archidemonio de trueno de ojos grises.", "es"),
    ("Ativei a Lanterna de Musgo e o filhote de olhos cinzentos atacou.", "pt"),
])
def test_a_lower_case_nickname_after_de_and_a_word_is_part_of_a_longer_name(eyes, text, lang):
    spans, held = found(eyes, text, lang)
    assert "3001" not in [p for _, p in spans], spans
    assert any(h[0] in ("ojos grises", "olhos cinzentos") and "longer name" in h[1] for h in held), held


@pytest.mark.parametrize("text, lang", [
    ("Activé la Linterna de Musgo y luego ojos grises atacó.", "es"),  # nothing before it
    ("Activé la Linterna de Musgo y el efecto de ojos grises.", "es"),  # a word of the game before "de"
    ("Activé la Linterna de Musgo y el poder de los ojos grises.", "es"),  # an article between
    ("Activé la Linterna de Musgo y la carta de ojos grises.", "es"),
])
def test_a_lower_case_nickname_that_modifies_no_word_is_the_card(eyes, text, lang):
    spans, held = found(eyes, text, lang)
    assert "3001" in [p for _, p in spans] and not any("longer name" in why for _, why in held), (spans, held)



ARTICLE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3101\tVelmora Galaxy Hound\tSabueso Galaxia Velmora\tCão Galáxia Velmora\tSegugio Galassia Velmora\tMonster\t4
3102\tVelmora Rose Dragon\tDragón Rosa Velmora\tDragão Rosa Velmora\tDrago Rosa Velmora\tMonster\t4
"""
ARTICLE_SERIES = "en\tes\tpt\tit\nGalaxy\tGalaxias\tGaláxias\tGalassie\nRose\tRose\tRose\tRose\n"


@pytest.mark.parametrize("text, lang", [
    ("Es un juego del universo de ‘La Guerra de las Galaxias’ y nada más.", "es"),  # a film's title: "de las"
    ("Salió la caja Legendary Duelists: Sisters of the Rose este año.", "es"),  # a product's title: "of the"
])
def test_a_series_after_a_capitalised_word_a_link_and_an_article_is_a_longer_name_s_end(tmp_path, text, lang):
    index = small_index(tmp_path, ARTICLE_POOL, "", ARTICLE_SERIES)
    assert [s.id for s in Translator(index, lang, "en").spans(text) if s.kind != "term"] == []


def test_a_series_after_an_article_alone_is_the_series(tmp_path):
    index = small_index(tmp_path, ARTICLE_POOL, "", ARTICLE_SERIES)
    got = [s.id for s in Translator(index, "es", "en").spans("Mi mazo de las Galaxias gana siempre.") if s.kind != "term"]
    assert got == ["series-galaxy"]  # ("mazo" is lower case: no longer name before the link)


TITLE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3201\tWitch of the Gloomwood\tBruja del Bosque Lúgubre\tBruxa da Floresta Lúgubre\tStrega del Bosco Cupo\tMonster\t30
3202\tSangvar\tSangvar\tSangvar\tSangvar\tMonster\t20
"""
TITLE_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
3201\tWitch of the Gloomwood\tBruxa\tpt\tnickname\t\t
"""


@pytest.mark.parametrize("text, want", [
    ("Trata-se de Hagatha, a Bruxa, e do Sangvar na análise.", ["sangvar"]),  # the title of a name no card's
    ("Usei o Sangvar, a Bruxa e o resto do deck.", ["sangvar", "witch-of-the-gloomwood"]),  # a list of cards
    ("Depois, a Bruxa atacou o meu monstro.", ["witch-of-the-gloomwood"]),  # an everyday word opens the clause
])
def test_an_everyday_nickname_after_a_name_a_comma_and_an_article_is_its_title(tmp_path, text, want):
    index = small_index(tmp_path, TITLE_POOL, TITLE_NICKS)
    assert [s.id for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"] == want


TABLE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3301\tJar of Avarice\tJarra de la Avaricia\tJarro da Avareza\tGiara dell'Avarizia\tSpell\t40
3302\tQuellmoor\tQuellmoor\tQuellmoor\tQuellmoor\tSpell\t9
"""


def test_a_card_name_under_a_table_header_of_decks_is_a_deck(tmp_path):
    index = small_index(tmp_path, TABLE_POOL)
    text = ("| Jogador | Nome do Deck | Cartas na Mão |\n|---|:---:|---|\n| Ana | Jar of Avarice | 2x Quellmoor |\n"
            "| Bia | Quellmoor | 1x Jar of Avarice |\n")
    tr = Translator(index, "pt", "en")
    got = [(s.text, s.start) for s in tr.spans(text) if s.kind == "card"]
    held = [h.text for h, why in tr.held if why.startswith("a deck (its table column")]
    assert held == ["Jar of Avarice", "Quellmoor"]  # the decks' column
    assert [t for t, _ in got] == ["Quellmoor", "Jar of Avarice"]  # the hands' column: cards


def test_a_bar_in_running_text_makes_no_table(tmp_path):
    index = small_index(tmp_path, TABLE_POOL)
    tr = Translator(index, "pt", "en")
    got = [s.text for s in tr.spans("| Deck |\nUsei Jar of Avarice e Quellmoor no deck.") if s.kind == "card"]
    assert got == ["Jar of Avarice", "Quellmoor"]


def test_each_row_of_a_long_table_finds_its_header_once(tmp_path):
    from ygorules.names import evidence
    index = small_index(tmp_path, TABLE_POOL)
    rows = "".join(f"| Ana{k} | Jar of Avarice |\n" for k in range(300))
    text = "| Jogador | Deck |\n|---|---|\n" + rows
    tr = Translator(index, "pt", "en")
    assert [s for s in tr.spans(text) if s.kind == "card"] == []
    assert len(tr._headers[1]) == 300 and all(v == [" Jogador ", " Deck "] for v in tr._headers[1].values())
    assert evidence._header(tr, "no table\n| a | b |\n", 9) is None  # no rule above the row
