"""Look-alikes of real Yu-Gi-Oh! prose (names/evidence.py, issue 24): a film's subtitle after "Yu-Gi-Oh!" and a film's
word ("Yu-Gi-Oh! O Filme: X"), a product named with a word for "named" ("il set denominato X"), and a series after a
plural article joined to a preposition ("a história dos X"). The cards and series are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4201\tPyre of Daybreak\tPira del Alba\tPira da Alvorada\tPira dell'Alba\tSpell\t12
4202\tThe Gilded Covenant\tEl Pacto Dorado\tO Pacto Dourado\tIl Patto Dorato\tSpell\t9
4203\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""
SERIES = """id\ten\tes\tpt\tit
series-gilded-covenant\tGilded Covenant\tPacto Dorado\tPacto Dourado\tPatto Dorato
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("named_products"), POOL, series=SERIES)


def read(index, text, src):
    tr = Translator(index, src, "en")
    spans = [(s.text, s.kind, s.id) for s in tr.spans(text) if s.kind in ("card", "series")]
    return spans, [(s.text, why) for s, why in tr.held]


@pytest.mark.parametrize("text, lang, name", [
    ("O filme de hoje é Yu-Gi-Oh! O Filme: Pira da Alvorada, lançado em 2004 nos cinemas.", "pt", "Pira da Alvorada"),
    ("Vimos Yu-Gi-Oh! La Película: Pira del Alba en el cine del barrio.", "es", "Pira del Alba"),
    ("Ho rivisto Yu-Gi-Oh! Il Film: Pira dell'Alba con mio fratello.", "it", "Pira dell'Alba"),
])
def test_a_films_subtitle_after_the_franchise_and_a_films_word_is_the_film(index, text, lang, name):
    spans, held = read(index, text, lang)
    assert spans == [] and [h[0] for h in held] == [name] and "title" in held[0][1]


def test_the_same_name_called_a_card_later_is_the_card(index):
    spans, _ = read(index, "Yu-Gi-Oh! O Filme: Pira da Alvorada estreou em 2004. No fim, Yugi ativa a carta Pira da "
                           "Alvorada e vence.", "pt")
    assert [t for t, _, _ in spans] == ["Pira da Alvorada"]


@pytest.mark.parametrize("text, lang, name", [
    ("L'archetipo uscì nel set denominato Pyre of Daybreak nel lontano 2008.", "it", "Pyre of Daybreak"),
    ("Salió en la colección llamada Pira del Alba, junto a otras cartas.", "es", "Pira del Alba"),
    ("Veio na coleção chamada Pira da Alvorada, em 2010.", "pt", "Pira da Alvorada"),
])
def test_a_product_named_with_a_word_for_named_is_the_product(index, text, lang, name):
    spans, held = read(index, text, lang)
    assert spans == [] and [h[0] for h in held] == [name] and "product" in held[0][1]


def test_a_card_called_so_is_the_card(index):
    spans, _ = read(index, "Depois ativei a carta chamada Pira da Alvorada e venci.", "pt")
    assert [t for t, _, _ in spans] == ["Pira da Alvorada"]


@pytest.mark.parametrize("text, lang", [
    ("Essa expansão trouxe mais uma parte da história dos Pacto Dourado e da Sentinela Quorlith.", "pt"),
    ("Il set racconta la storia dei Patto Dorato insieme alla Sentinella Quorlith.", "it"),
])
def test_a_series_after_a_plural_article_joined_to_a_preposition(index, text, lang):
    spans, _ = read(index, text, lang)
    assert [k for t, k, _ in spans if t.startswith(("Pacto", "Patto"))] == ["series"], spans


def test_the_spanish_dos_is_two(index):
    spans, _ = read(index, "Juego dos Pacto Dorado y una Centinela Quorlith en mi mazo.", "es")
    assert ("Pacto Dorado", "card", "the-gilded-covenant") in spans, spans


@pytest.mark.parametrize("text, lang, name", [
    ("Pira dell'Alba è probabilmente l’espansione più discussa dell'anno, con la Sentinella Quorlith.", "it", "Pira dell'Alba"),
    ("Pira del Alba es sin duda la colección del año: trae la Centinela Quorlith.", "es", "Pira del Alba"),
    ("Pira da Alvorada foi um booster fraco, mas trouxe a Sentinela Quorlith.", "pt", "Pira da Alvorada"),
])
def test_a_name_said_to_be_a_product_is_the_product(index, text, lang, name):
    spans, held = read(index, text, lang)
    assert [t for t, _, _ in spans] == [t for t in ("Sentinella Quorlith", "Centinela Quorlith", "Sentinela Quorlith")
                                        if t in text]
    assert [h[0] for h in held] == [name] and "product" in held[0][1]


@pytest.mark.parametrize("text, lang", [
    ("Pira dell'Alba è la carta più giocata del set, con la Sentinella Quorlith.", "it"),  # a card, said in a set
    ("Pira dell'Alba e la espansione successiva: due cose diverse.", "it"),  # "e", and: no copula
    ("Pira del Alba es muy buena en cualquier colección de cartas.", "es"),  # no article before the product's word
])
def test_a_name_said_to_be_a_card_or_not_said_to_be_anything_is_the_card(index, text, lang):
    spans, _ = read(index, text, lang)
    assert spans and spans[0][0].startswith("Pira"), spans


@pytest.mark.parametrize("text, lang", [
    ("Il mazzo è intitolato “Pira dell'Alba e altre storie”, con la Sentinella Quorlith.", "it"),
    ('El capítulo, titulado "Pira del Alba", trae la Centinela Quorlith.', "es"),
])
def test_a_quoted_name_after_a_word_for_titled_is_a_title(index, text, lang):
    spans, held = read(index, text, lang)
    assert [t for t, _, _ in spans if t.startswith("Pira")] == [] and any("title" in why for _, why in held), held


def test_a_name_after_a_word_for_titled_without_a_quote_is_read_as_before(index):
    spans, _ = read(index, "Ho giocato la carta intitolato Pira dell'Alba nel deck.", "it")
    assert [t for t, _, _ in spans] == ["Pira dell'Alba"]


@pytest.mark.parametrize("text, lang, name", [
    ('Chegam os reprints dos primeiros seis sets, ou seja "Lenda do Rei", "Pira da Alvorada" e "Noite Longa".', "pt",
     "Pira da Alvorada"),
    ("Tres boosters nuevos marcaron la era, es decir Noche Larga, Pira del Alba y Crisis Carmesí.", "es", "Pira del Alba"),
    ('Il primo sono i reprint dei primi sei set di Yu-Gi-Oh!, ossia "Notte Lunga", "Pira dell\'Alba" e "Crisi".', "it",
     "Pira dell'Alba"),
])
def test_an_item_of_a_list_that_namely_opens_after_a_plural_word_for_sets_is_a_set(index, text, lang, name):
    spans, held = read(index, text, lang)
    assert spans == [] and [h[0] for h in held] == [name] and "list of sets" in held[0][1]


@pytest.mark.parametrize("text, lang", [
    ("Os boosters novos trazem cartas como Pira da Alvorada e Sentinela Quorlith.", "pt"),  # no "namely": cards
    ("Tres boosters nuevos, es decir más cartas. Luego juego Pira del Alba.", "es"),  # another sentence
    ("Tres boosters nuevos, es decir cartas fuertes como la Pira del Alba.", "es"),  # prose between: a card named
])
def test_a_name_outside_such_a_list_is_the_card(index, text, lang):
    spans, held = read(index, text, lang)
    assert any(k == "card" and t.startswith("Pira") for t, k, _ in spans), (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Pira del Alba es uno de los arquetipos más queridos, con la Centinela Quorlith.", "es"),
    ("Pira da Alvorada é um dos arquétipos mais antigos; a Sentinela Quorlith também.", "pt"),
    ("Pira dell'Alba è un archetipo storico, con la Sentinella Quorlith.", "it"),
    ("# Pira del Alba: El Arquetipo Olvidado\n\nCon la Centinela Quorlith.", "es"),  # a title's colon and article
    ("description: Pira del Alba El Arquetipo Olvidado\n\nCon la Centinela Quorlith.", "es"),  # the article's capital
    ("La historia del arquetipo de Pira del Alba empieza con la Centinela Quorlith.", "es"),  # the word before it
    ("L'archetipo Pira dell'Alba nasce con la Sentinella Quorlith.", "it"),
])
def test_a_name_said_to_be_an_archetype_is_no_card(index, text, lang):
    spans, held = read(index, text, lang)
    assert [k for _, k, _ in spans] == ["card"] and "Quorlith" in spans[0][0], spans
    assert len(held) == 1 and held[0][0].startswith("Pira") and "an archetype" in held[0][1], held


def test_a_name_said_to_be_an_archetype_is_the_series_of_that_name_where_there_is_one(index):
    spans, _ = read(index, "El Pacto Dorado es uno de los arquetipos más raros del juego.", "es")
    assert spans == [("Pacto Dorado", "series", "series-gilded-covenant")], spans


@pytest.mark.parametrize("text", [
    "Pira del Alba es uno de los monstruos más queridos del juego.",  # one of many monsters: the card
    "# Pira del Alba: la mejor carta del año",  # a title that says it is a card
    "Pira del Alba El Rey del año, con todo.",  # a capitalised article before no word for an archetype
])
def test_a_name_said_to_be_a_card_stays_the_card(index, text):
    spans, held = read(index, text, "es")
    assert [t for t, _, _ in spans] == ["Pira del Alba"] and held == [], (spans, held)
