"""A card named in full once, then by one distinctive word of its name (names/discourse.py, issue 24). The cards, series
and sentences are made up; each word tried is in the names of two cards of the pool (so the pool alone gives it no
short form) and the text names one of them in full."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5001\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t6
5002\tVexmora Lantern\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t5
5003\tVexmora Warden\tGuardián Vexmora\tGuardião Vexmora\tGuardiano Vexmora\tMonster\t5
5004\tDragon of Ostrivane\tDragón de Ostrivane\tDragão de Ostrivane\tDrago di Ostrivane\tMonster\t4
5005\tZelkor Hound\tSabueso Zelkor\tCão Zelkor\tSegugio Zelkor\tMonster\t4
5006\tZelkor Fang\tColmillo Zelkor\tPresa Zelkor\tZanna Zelkor\tMonster\t4
5007\tQuorlith Archer\tArquero Quorlith\tArqueiro Quorlith\tArciere Quorlith\tMonster\t6
5008\tOstrivane Gate\tPuerta de Ostrivane\tPortão de Ostrivane\tCancello di Ostrivane\tTrap\t4
5009\tShatter Cards\tRompe Cartas\tQuebra Cartas\tFrantumi Carte\tSpell\t4
5010\tZyr of the Ashen Court\tZyr de la Corte Cenicienta\tZyr da Corte Cinzenta\tZyr della Corte Cinerea\tMonster\t3
5011\tGrim Lantern Order\tOrden de la Linterna Sombría\tOrdem da Lanterna Sombria\tOrdine della Lanterna Cupa\tTrap\t3
5012\tGreat Lion Oath\tJuramento del Gran León\tJuramento do Grande Leão\tGiuramento del Gran Leone\tSpell\t3
5013\tDrake of Marhaven\tDraco de Marhaven\tDraco de Marhaven\tDraco di Marhaven\tMonster\t3
5014\tRed Drake of Marhaven\tDraco Rojo de Marhaven\tDraco Vermelho de Marhaven\tDraco Rosso di Marhaven\tMonster\t3
"""
SERIES = """en\tes\tpt\tit
Zelk\tZelk\tZelk\tZelk
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse"), POOL, series=SERIES)


@pytest.mark.parametrize("text, lang, word", [
    ("Abro casi siempre con Centinela Quorlith. En el turno siguiente el Quorlith ataca directo.", "es", "Quorlith"),
    ("O Quorlith é a chave do deck: com a Sentinela Quorlith em campo nada passa.", "pt", "Quorlith"),  # before, too
    ("Nel mazzo gioco il Drago di Ostrivane; Ostrivane chiude la partita da solo.", "it", "Ostrivane"),
    ("Invoco o Zyr of the Ashen Court em ataque. Zyr ataca o monstro dele.", "pt", "Zyr"),  # three letters are enough
])
def test_a_word_of_a_card_named_in_full_stands_for_it(index, text, lang, word):
    got = card_spans(index, text, lang)
    assert any(t == word for t, _ in got), got
    card = next(p for t, p in got if t != word)
    assert (word, card) in got


@pytest.mark.parametrize("text", [
    "Juego Linterna Vexmora y Guardián Vexmora. Luego el Vexmora gana solo.",  # both named before it
    "El Vexmora gana solo. Juego Linterna Vexmora y Guardián Vexmora.",  # neither named before it
])
def test_a_word_of_two_cards_named_in_full_stands_for_neither_where_it_cannot_refer_back_to_one(index, text):
    got = card_spans(index, text, "es")
    assert ("Vexmora", "5002") not in got and ("Vexmora", "5003") not in got


def test_a_word_of_two_cards_whose_ids_hold_one_another_named_before_it_stands_for_neither(index):
    # (the second card's id is a part of the first's: the cards sharing the word are counted as cards, not as text)
    got = card_spans(index, "Juego Red Drake of Marhaven y Drake of Marhaven. Luego el Marhaven gana solo.", "es")
    assert not any(t == "Marhaven" for t, _ in got), got


def test_a_word_of_two_cards_named_in_full_stands_for_the_one_named_before_it(index):
    text = "Juego Linterna Vexmora. Luego el Vexmora gana solo. Más tarde saco Guardián Vexmora."
    got = card_spans(index, text, "es")
    assert ("Vexmora", "5002") in got and ("Guardián Vexmora", "5003") in got


def test_a_singular_made_from_a_names_word_stands_for_it_only_where_it_is_a_name_word(index):
    # "Frantumi" read as a plural makes "Frantume", no word of any name (the frequencies know only the names' words)
    got = card_spans(index, "Frantumi Carte è ottima. Il mostro Frantume tutte le carte.", "it")
    assert [t for t, _ in got] == ["Frantumi Carte"], got


def test_an_ordinary_word_of_the_name_is_no_card(index):
    got = card_spans(index, "Mi carta favorita es el Dragón de Ostrivane. Cada Dragón del juego me gusta.", "es")
    assert [t for t, _ in got] == ["Dragón de Ostrivane"]


@pytest.mark.parametrize("text, lang, word", [
    ("Mi carta favorita es el Dragón de Ostrivane. Dicen que el Dragón es inmune a todo.", "es", "Dragón"),
    ("Il mio preferito è il Drago di Ostrivane: ricordo il leggendario Drago in ogni partita.", "it", "Drago"),
    ("Jogo o Dragão de Ostrivane desde sempre. O efeito do Dragão é simples.", "pt", "Dragão"),  # a contraction
    ("Jogo o Dragão de Ostrivane desde sempre. Depois dei o turno ao Dragão e ganhei.", "pt", "Dragão"),
])
def test_an_ordinary_word_of_the_name_written_as_a_name_after_a_definite_article_is_the_card(index, text, lang, word):
    got = card_spans(index, text, lang)
    assert (word, "5004") in got, got


@pytest.mark.parametrize("text", [
    "Mi carta favorita es el Dragón de Ostrivane. Ayer vi un Dragón en el cine.",  # an indefinite article
    "Mi carta favorita es el Dragón de Ostrivane. Ayer vi el dragón del cine.",  # lower case
    "Mi carta favorita es el Dragón de Ostrivane. Los Dragones del juego me gustan.",  # the plural
    "Mi carta favorita es el Dragón de Ostrivane. Ayer vi el DRAGÓN del cine.",  # capitals throughout
    "La misión del Dragón era proteger el reino. Mi carta favorita es el Dragón de Ostrivane.",  # before the name
])
def test_an_ordinary_word_of_the_name_not_made_one_thing_is_no_card(index, text):
    got = card_spans(index, text, "es")
    assert [t for t, _ in got] == ["Dragón de Ostrivane"], got


def test_a_word_inside_a_longer_capitalised_name_is_no_card(index):
    got = card_spans(index, "Uso la Centinela Quorlith. El torneo Copa Quorlith Roja fue ayer.", "es")
    assert [t for t, _ in got] == ["Centinela Quorlith"]


@pytest.mark.parametrize("text, lang, named", [
    ("Uso Centinela Quorlith y Velkar Grande, la Quorlith.", "es", "Centinela Quorlith"),
    ("Uso Quorlith Sentinel e Velkar Grande, the Quorlith.", "pt", "Quorlith Sentinel"),  # an English epithet: any text
    ("Uso la Sentinella Quorlith e Velkar Grande, la Quorlith.", "it", "Sentinella Quorlith"),
])
def test_a_word_that_ends_an_epithet_of_another_name_is_no_card(index, text, lang, named):
    assert [t for t, _ in card_spans(index, text, lang)] == [named]


@pytest.mark.parametrize("text, lang", [
    ("Uso la Centinela Quorlith en cada partida. Ataca Quorlith y gano el duelo.", "es"),
    ("Il lancio va a me, e pesco la Sentinella Quorlith. Evoca Quorlith e termina il turno.", "it"),
])
def test_a_word_after_an_everyday_word_that_opens_the_sentence_stands_for_its_card(index, text, lang):
    got = card_spans(index, text, lang)  # the verb is capitalised only because it comes first
    assert [t for t, _ in got][-1] == "Quorlith", got


@pytest.mark.parametrize("text", [
    "Uso la Centinela Quorlith en cada partida.\n\nAtaca Quorlith\n\nUn mazo que conoces.",  # a heading: a name
    "Uso la Centinela Quorlith en cada partida. Ataca Quorlith Roja y gano el duelo.",  # a longer name goes on
])
def test_a_word_after_an_opening_word_not_followed_by_the_sentence_is_no_card(index, text):
    got = card_spans(index, text, "es")
    assert [t for t, _ in got] == ["Centinela Quorlith"], got


def test_a_word_that_begins_with_a_series_name_is_the_series_word(index):
    got = card_spans(index, "Juego el Sabueso Zelkor en todas mis partidas. Cualquier Zelkor sirve.", "es")
    assert [t for t, _ in got] == ["Sabueso Zelkor"]


def test_a_word_in_lower_case_is_no_card(index):
    got = card_spans(index, "Abro con Centinela Quorlith y después quorlith no hace nada.", "es")
    assert [t for t, _ in got] == ["Centinela Quorlith"]


@pytest.mark.parametrize("text, lang", [
    ("Abro con Centinela Quorlith y después el quorlith no hace nada.", "es"),  # after an article
    ("Abro con Centinela Quorlith y después otro quorlith no hace nada.", "es"),  # after a word that counts it
    ("Abro con la Sentinela Quorlith e depois do segundo quorlith ganho.", "pt"),
])
def test_a_very_rare_word_in_lower_case_after_an_article_stands_for_its_card(index, text, lang, monkeypatch):
    got = card_spans(index, text, lang)
    assert ("quorlith", "5001") in got, got
    from ygorules.names import discourse
    monkeypatch.setattr(discourse, "LOWER_RARE", 0.0)  # no word is that rare: lower case is no card
    monkeypatch.setattr(discourse, "LOWER_THE", 0.0)
    assert [t for t, _ in card_spans(index, text, lang)] == [t for t, _ in got if t != "quorlith"]


JAR_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5101\tMist Jar\tJarra de Niebla\tJarro de Névoa\tGiara della Nebbia\tSpell\t6
5102\tEmber Jar\tJarra de Brasa\tJarro de Brasa\tGiara di Brace\tSpell\t5
"""


@pytest.fixture(scope="module")
def jar_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse-jar"), JAR_POOL)


def test_a_rare_word_in_lower_case_after_a_definite_article_stands_for_the_card_named_before_it(jar_index, monkeypatch):
    # "giara" (Zipf 2.6 in Italian) is not rare enough for any article (LOWER_RARE 2.5), but is after "la", "della"
    # once the card is named in full (LOWER_THE)
    text = "Ho giocato la Giara della Nebbia al primo turno. Poi la giara mi ha dato due carte; l'effetto della giara è forte."
    got = card_spans(jar_index, text, "it")
    assert got.count(("giara", "5101")) == 2, got
    from ygorules.names import discourse
    monkeypatch.setattr(discourse, "LOWER_THE", discourse.LOWER_RARE)
    assert ("giara", "5101") not in card_spans(jar_index, text, "it")


@pytest.mark.parametrize("text", [
    "La giara è utile. Ho giocato la Giara della Nebbia al primo turno.",  # before the card is named
    "Ho giocato la Giara della Nebbia al primo turno. Poi una giara qualsiasi è caduta dal tavolo.",  # indefinite
])
def test_a_rare_word_in_lower_case_before_the_card_or_after_an_indefinite_article_is_no_card(jar_index, text):
    assert [t for t, _ in card_spans(jar_index, text, "it")] == ["Giara della Nebbia"]


@pytest.mark.parametrize("text, lang", [
    ("Invoco Zyr of the Ashen Court (ZOTAC desde ahora). Luego ZOTAC ataca.", "es"),
    ("Jogo Zyr da Corte Cinzenta, que chamo de ZDCC. O ZDCC vence.", "pt"),  # the initials of the name as written
])
def test_the_initials_of_a_card_named_in_full_are_that_card(index, text, lang):
    got = card_spans(index, text, lang)
    initials = [t for t, c in got if c == "5010" and t.isupper()]
    assert len(initials) == 2, got


@pytest.mark.parametrize("text", [
    "ZOTAC: luego invoco Zyr of the Ashen Court.",  # written before the name
    "Invoco Zyr of the Ashen Court. Luego zotac ataca.",  # not in capitals
    "Juego Grim Lantern Order y Great Lion Oath. GLO gana siempre.",  # the initials of two cards named in full
])
def test_initials_before_the_name_in_lower_case_or_of_two_cards_are_no_card(index, text):
    got = card_spans(index, text, "es")
    assert not any(t.isupper() or t == "zotac" for t, _ in got), got


def test_a_card_named_in_full_with_a_typo_lends_the_words_its_names_have_and_not_the_misspelt_one(index):
    text = "Abro con Centinella Quorlith. Luego el Quorlith ataca y la Centinella defiende."
    got = card_spans(index, text, "es")
    assert ("Centinella Quorlith", "5001") in got and ("Quorlith", "5001") in got
    assert not any(t == "Centinella" for t, _ in got), got


def test_a_card_named_loosely_lends_no_word_of_its_names_in_a_third_language(index):
    # read as Spanish, the Italian name's "Sentinella" is no word of the card's Spanish or English names: only
    # "Quorlith" is lent
    text = "Abro con Sentinella Quorlith. Luego el Quorlith ataca y la Sentinella defiende."
    got = card_spans(index, text, "es")
    assert ("Quorlith", "5001") in got and not any(t == "Sentinella" for t, _ in got), got


@pytest.mark.parametrize("text, lang", [
    ("Jogo a Sentinela Quorlith no deck. Apesar de Quorlith ser lenta, vence sempre.", "pt"),
    ("Abro con Centinela Quorlith. Después de Quorlith ataco con todo.", "es"),
])
def test_a_word_after_an_everyday_word_and_a_link_that_open_the_sentence_is_the_card(index, text, lang):
    assert ("Quorlith", "5001") in card_spans(index, text, lang)


def test_a_word_after_a_capitalised_word_and_a_link_inside_a_sentence_is_a_longer_name(index):
    got = card_spans(index, "Abro con Centinela Quorlith. Luego juego Torre de Quorlith en el campo.", "es")
    assert ("Quorlith", "5001") not in got, got


@pytest.fixture(scope="module")
def compound_index(tmp_path_factory):
    pool = POOL + "5015\tZelkman Drifter\tVagabundo Zelkman\tAndarilho Zelkman\tVagabondo Zelkman\tMonster\t3\n"
    return small_index(tmp_path_factory.mktemp("discourse-compound"), pool, series=SERIES)


def test_a_compound_of_a_series_word_and_an_everyday_word_is_the_card_named_in_full(compound_index):
    got = card_spans(compound_index, "Hoy analizo Zelkman Drifter. Creo que el Zelkman va a cambiar el formato.", "es")
    assert ("Zelkman", "5015") in got, got


def test_a_series_word_and_a_mere_ending_is_the_series_word_in_a_members_name(compound_index, monkeypatch):
    from ygorules.names import discourse
    monkeypatch.setattr(discourse, "COMPOUND_LETTERS", 99)  # no end makes a compound: "Zelkman" is the series' word
    got = card_spans(compound_index, "Hoy analizo Zelkman Drifter. Creo que el Zelkman va a cambiar el formato.", "es")
    assert ("Zelkman", "5015") not in got, got


@pytest.mark.parametrize("text, lang", [
    ("Abro con Centinela Quorlith. Si controlas un monstruo Quorlith-Type, roba.", "es"),
    ("Gioco Sentinella Quorlith. If you control a Quorlith type monster: draw.", "it"),
])
def test_a_word_of_a_card_named_in_full_that_is_called_a_type_is_the_type(index, text, lang):
    got = card_spans(index, text, lang)
    assert not any(t == "Quorlith" for t, _ in got), got




def test_a_word_of_a_card_named_in_full_in_lower_case_after_a_count_of_copies_is_the_card(index):
    # (a deck list's changes: "-2 Red-Eyes Wyvern" … "-2 wyvern")
    assert ("quorlith", "5001") in card_spans(index, "Cambios:\n-2 Centinela Quorlith\n+1 Linterna Vexmora\nDespués:\n-2 quorlith", "es")


@pytest.mark.parametrize("text", [
    "Cambios:\n-2 quorlith\nAntes:\n-2 Centinela Quorlith",  # before the card is named: it cannot refer back
    "Cambios:\n-2 Centinela Quorlith\nDespués quorlith gana.",  # no count (nor article)
])
def test_a_lower_case_word_of_a_card_named_in_full_with_no_count_after_it_is_no_card(index, text):
    assert ("quorlith", "5001") not in card_spans(index, text, "es")


AGAIN_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5201\tIlse, Tidecaller Scout\tIlse, Exploradora Mareadora\tIlse, Batedora Mareadora\tIlse, Esploratrice Mareante\tMonster\t5
5203\tOvra, Tidecaller Knight\tOvra, Caballero Mareador\tOvra, Cavaleiro Mareador\tOvra, Cavaliere Mareante\tMonster\t5
5202\tMoss Lantern\tLinterna de Musgo\tLanterna de Musgo\tLanterna di Muschio\tSpell\t4
"""
AGAIN_SERIES = """en\tes\tpt\tit
Tidecaller\tMareador\tMareador\tMareante
"""


@pytest.mark.parametrize("text, want", [
    # "Ilse", a member's name, found capitalised beside another member; in lower case after a count: the card again
    ("Cambios:\n+1 Ilse/Ovra\nDespués:\n+1 ilse", [("Ilse", "5201"), ("Ovra", "5203"), ("ilse", "5201")]),
    # in lower case before the card is found: a word
    ("Cambios:\n+1 ilse\nDespués:\n+1 Ilse/Ovra", [("Ilse", "5201"), ("Ovra", "5203")]),
])
def test_a_one_word_name_found_and_written_again_in_lower_case_after_a_count_is_the_card(tmp_path, text, want):
    assert card_spans(small_index(tmp_path, AGAIN_POOL, series=AGAIN_SERIES), text, "es") == want
