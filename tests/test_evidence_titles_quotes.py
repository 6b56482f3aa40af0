"""Four readings of the words around a name (names/evidence.py, issue 24): a name right after "Yu-Gi-Oh!" is a video
game's title, a name in quotes after a word for monster or card is the series of that name, and a name in lower case
after a capitalised word (a verb opening a clause after a colon) is the card, not a longer name's end, and a weak name
joined by a hyphen to a capitalised word after it begins a longer name (a deck: "Debris-Plant"); and a term
written with its number keeps the number (translate._closing). Card and series names are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found
from ygorules.names.translate import Span, _closing

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7001\tLegacy of the Warden\tLegado del Guardián\tLegado do Guardião\tEredità del Guardiano\tSpell\t9
7002\tCopper Gear\tEngranaje de Cobre\tEngrenagem de Cobre\tIngranaggio di Rame\tMonster\t9
7003\tCopper Gear Golem\tGólem Engranaje de Cobre\tGolem Engrenagem de Cobre\tGolem Ingranaggio di Rame\tMonster\t9
7004\tEmberfall Bloom\tFlor Emberfall\tFlor Emberfall\tFiore Emberfall\tMonster\t9
7005\tQuelbrix\tQuelbrix\tQuelbrix\tQuelbrix\tMonster\t9
7006\tArdor\tArdor\tArdor\tArdore\tSpell\t9
7007\tWarden of Embers\tGuardián de Ascuas\tGuardião de Brasas\tGuardiano di Braci\tMonster\t9
7008\tBroken Night\tNoche Rota\tNoite Quebrada\tNotte Spezzata\tTrap\t9
7009\tHarpie's Pet Cinder Wyrm\tSierpe Ceniza, Mascota de la Arpía\tSerpe Cinza da Harpia\tSerpe Cenere delle Arpie\tMonster\t9
7010\tCinder Wyrm\tCeniza Sierpe\tSerpe Cinzenta\tSerpe di Cenere\tMonster\t9
7020\tAfter the Storm\tDespués de la Tormenta\tDepois da Tempestade\tDopo la Tempesta\tSpell\t9
"""
SERIES = """en\tes\tpt\tit
Copper Gear\tEngranaje de Cobre\tEngrenagem de Cobre\tIngranaggio di Rame
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("titles"), POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n", SERIES)


@pytest.mark.parametrize("text, lang", [
    ("Ho comprato Yu-Gi-Oh! Legacy of the Warden per la Switch ieri.", "it"),  # a word of video games near it
    ("La recensione di Yu-Gi-Oh! Legacy of the Warden: Link Edition è qui.", "it"),  # a subtitle after it
    ("Ho giocato a Yugioh Legacy of the Warden tutto il giorno.", "it"),  # no "!": the franchise's name runs on
    ("La película Yu-Gi-Oh! Legado del Guardián llega a los cines en mayo.", "es"),  # a word of films near it
    ("Es una versión mejorada del título lanzado en 2015, bajo el nombre de Yu-Gi-Oh! Legacy of the Warden, con más "
     "contenido.", "es"),  # "título", the work's title
])
def test_a_name_right_after_the_franchises_name_is_a_title(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7001" not in [p for _, p in spans], spans
    assert any("a title of the franchise" in why for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Por isso baniram um cartão em Yu-Gi-Oh! Legacy of the Warden e outros ficaram.", "pt"),  # "!" ends a sentence
    ("Ho usato Legacy of the Warden nel mio mazzo.", "it"),
])
def test_a_name_after_an_exclamation_with_no_title_around_it_stays_the_card(index, text, lang):
    spans, _ = found(index, text, lang)
    assert "7001" in [p for _, p in spans], spans


@pytest.mark.parametrize("text, lang", [
    ("Carta yu-gi-oh: Legacy of the Warden ultra rara, 10 euro.", "it"),  # a seller's label: a Yu-Gi-Oh! card, its name
    ("Vendo carta Yu-Gi-Oh! Legado del Guardián en buen estado.", "es"),
    ("Cards yugioh: Legacy of the Warden, first edition.", "it"),
])
def test_a_name_after_a_card_word_and_the_franchises_name_is_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7001" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text", [
    "Reseña: Yu-Gi-Oh! Legacy of the Warden\n\nLegacy of the Warden fue creado para durar.",  # the title first
    "Legacy of the Warden fue creado para durar. Reseña: Yu-Gi-Oh! Legacy of the Warden",  # the title after it
])
def test_a_name_the_text_gives_as_a_title_elsewhere_is_the_title_too(index, text):
    spans, held = found(index, text, "es")
    assert spans == [], spans
    assert sum("a title of the franchise" in why for _, why in held) == 2, held


@pytest.mark.parametrize("text", [
    "Reseña: Yu-Gi-Oh! Legacy of the Warden\n\nActivo Legacy of the Warden en mi turno.",  # a verb of play
    "Reseña: Yu-Gi-Oh! Legacy of the Warden\n\nLa carta Legacy of the Warden es buena.",  # a card word
    'Reseña: Yu-Gi-Oh! Legacy of the Warden\n\nUso "Legacy of the Warden" siempre.',  # quotes
])
def test_the_same_name_played_quoted_or_called_a_card_stays_the_card(index, text):
    spans, _ = found(index, text, "es")
    assert "7001" in [p for _, p in spans], spans


def spans_of(index, text, lang):
    from ygorules.names.translate import Translator
    return [(s.text, s.kind, s.id) for s in Translator(index, lang, "en").spans(text)]


@pytest.mark.parametrize("text, lang", [
    ('Busco 1 monstruo "Engranaje de Cobre" de mi mazo.', "es"),
    ("Aggiungi 1 carta «Ingranaggio di Rame» dal tuo Deck.", "it"),
    ("Os monstros “Copper Gear” não podem ser alvo.", "pt"),
    ('Invoca 1 Monstruo Fusión o Xyz "Engranaje de Cobre" desde tu Deck Extra.', "es"),  # kinds between
    ('Excepto monstruos de Luz, Oscuridad o "Engranaje de Cobre", no puedes invocar.', "es"),  # Attributes
    ('Aggiungi 1 mostro "Quelbrix" o "Ingranaggio di Rame" dal tuo Deck.', "it"),  # after another quoted name
])
def test_a_series_name_in_quotes_after_a_word_for_monster_or_card_is_the_series(index, text, lang):
    got = [(t, k) for t, k, _ in spans_of(index, text, lang) if t != "Quelbrix"]
    assert len(got) == 1 and got[0][1] == "series", got


@pytest.mark.parametrize("text, lang", [
    ('Invoco "Engranaje de Cobre" en ataque.', "es"),  # quoted, but no word for monster or card before it
    ("Busco 1 monstruo Engranaje de Cobre de mi mazo.", "es"),  # a card's own name after "monstruo", unquoted
    ('Busco 1 monstruo "Gólem Engranaje de Cobre" de mi mazo.', "es"),  # no series of that name
    ('Un monstruo de mi mano y "Engranaje de Cobre" en ataque.', "es"),  # a word that is no kind between
    ('Un monstruo, después "Engranaje de Cobre" en ataque.', "es"),
])
def test_other_names_after_a_word_for_monster_stay_cards(index, text, lang):
    got = spans_of(index, text, lang)
    assert got and got[0][1] == "card", got


def test_a_name_in_lower_case_after_a_capitalised_verb_is_the_card(index):
    spans, held = found(index, "Turno 1: Bajo emberfall bloom y busco otro monstruo.", "es")
    assert ("emberfall bloom", "7004") in spans, (spans, held)
    # capitalised, the English name is read too: "Bajo" is in no card's name, so it begins no longer card name
    spans, held = found(index, "Turno 1: Bajo Emberfall Bloom y busco otro monstruo.", "es")
    assert ("Emberfall Bloom", "7004") in spans, (spans, held)


@pytest.mark.parametrize("text, replacement, want", [
    ("velocidad 2", "Spell Speed", "Spell Speed 2"),
    ("velocidade 3", "Velocità Magia", "Velocità Magia 3"),
    ("Spell Speed 2", "Spell Speed 2", "Spell Speed 2"),  # the replacement has the number: not written twice
    ("velocidad", "Spell Speed", "Spell Speed"),
])
def test_a_term_written_with_its_number_keeps_it(text, replacement, want):
    s = Span(4, 4 + len(text), text, "spell-speed", "term", replacement, "es", "community", "kb")
    assert _closing(None, "una " + text + ".", [s], {})[0].replacement == want


def test_a_weak_name_joined_by_a_hyphen_to_a_capitalised_word_after_it_is_a_longer_names_beginning(index):
    spans, held = found(index, "En el regional jugué Quelbrix-Plant y saqué una carta.", "es")
    assert "7005" not in [c for _, c in spans], spans
    assert any("the beginning of a longer name ('Plant'" in why for _, why in held), held
    spans, _ = found(index, "En el regional jugué Quelbrix y saqué una carta.", "es")
    assert ("Quelbrix", "7005") in spans


@pytest.mark.parametrize("text, lang, before", [
    ("Nel mio mazzo c'è sempre un «Vaso dell'Ardore», la magia che pesca due carte.", "it", "Vaso dell"),
    ("Guardián de Ardor: una carta mágica que roba dos.", "es", "Guardián de"),  # a word of names opens the heading
])
def test_a_weak_name_after_a_capitalised_word_and_a_link_is_a_longer_names_end(index, text, lang, before):
    spans, held = found(index, text, lang)
    assert "7006" not in [c for _, c in spans], spans
    assert any(f"the end of a longer name ('{before}'" in why for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Hablando de Ardor, es una carta mágica que roba dos.", "es"),  # a verb opens the sentence
    ("Después de Ardor, es una carta mágica que roba dos.", "es"),  # a word of names, but the sentence's own
    ("Con el Guardián de Ascuas activo el Ardor, una carta mágica.", "es"),
    ("Veja as fotos postadas no Twitter do Ardor em questão.", "pt"),  # a site shows the card: no longer name
])
def test_a_weak_name_after_a_link_with_no_longer_name_stays_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7006" in [c for _, c in spans], (spans, held)


def test_a_name_after_a_site_and_a_link_is_the_card_not_a_longer_names_end(index):
    spans, held = found(index, "Veja as fotos postadas no Twitter do Guardião de Brasas em questão.", "pt")
    assert ("Guardião de Brasas", "7007") in spans, (spans, held)


@pytest.mark.parametrize("text, start, end, want", [
    ("un «Ardore» qui", 4, 10, True),
    ("un 'Ardore' qui", 4, 10, True),
    ("un “Ardore” qui", 4, 10, True),
    ("un «Vaso dell'Ardore» qui", 14, 20, False),  # an elision, then the quote of a longer name
    ("un «Ardore\" qui", 4, 10, False),  # marks that do not pair
    ("un *Ardore* qui", 4, 10, True),
])
def test_what_is_quoted(text, start, end, want):
    from ygorules.names import mentions
    assert mentions.quoted(text, start, end) is want


@pytest.mark.parametrize("text, lang, kind", [
    ("Os arquétipos mais famosos são:\n\n- Engrenagem de Cobre\n- Flor Emberfall\n", "pt", "series"),
    ("## Archetipi\n\n* Ingranaggio di Rame\n* Fiore Emberfall\n", "it", "series"),
    ("Meu deck de sempre:\n\n- Engrenagem de Cobre\n- Flor Emberfall\n", "pt", "card"),  # a list of cards
    ("Cartas principais do arquétipo:\n\n- Engrenagem de Cobre\n- Flor Emberfall\n", "pt", "card"),  # the archetype's cards
    ("Os arquétipos são muitos. Uso a Engrenagem de Cobre no deck.", "pt", "card"),  # not an item of the list
    # numbered headings, one section each, the first under a line about archetypes
    ("Tre archetipi storici del gioco\n\n1) Fiore Emberfall\n\nUn deck amato da tutti.\n\n2) Ingranaggio di Rame\n\n"
     "Nato nel 2004, resta popolare.\n", "it", "series"),
    ("Tre mazzi storici del gioco\n\n1) Fiore Emberfall\n\nUn deck amato da tutti.\n\n2) Ingranaggio di Rame\n\n"
     "Nato nel 2004, resta popolare.\n", "it", "card"),  # not archetypes
    ("Tre archetipi storici del gioco\n\n1) Fiore Emberfall\n\nUn deck amato da tutti.\n\n3) Ingranaggio di Rame\n\n"
     "Nato nel 2004, resta popolare.\n", "it", "card"),  # no heading 2) above it: not the same sections
    ("Tre archetipi storici del gioco\n\n1) Fiore Emberfall\n\nUn deck amato da tutti.\n\n2) Ingranaggio di Rame e altro"
     "\n\nNato nel 2004, resta popolare.\n", "it", "card"),  # not the whole heading
])
def test_a_card_that_is_also_a_series_in_a_list_of_archetypes_is_the_series(index, text, lang, kind):
    got = spans_of(index, text, lang)
    got = [g for g in got if g[0] in ("Engrenagem de Cobre", "Ingranaggio di Rame")]
    assert got and got[0][1] == kind, got


def test_an_english_name_in_lower_case_made_of_english_words_is_judged_by_the_texts_language(index, monkeypatch):
    text = "Le hice un broken night al rival y perdió su mejor carta."
    spans, _ = found(index, text, "es")
    assert ("broken night", "7008") in spans, spans
    from ygorules.names import mentions
    monkeypatch.setattr(mentions, "FOREIGN_GAP", 99.0)  # judged as English words: everyday ones, not enough
    assert "7008" not in [c for _, c in found(index, text, "es")[0]]


@pytest.mark.parametrize("text, lang, want", [
    ("1. Acelerar a Invocação da Flor Emberfall\nTem muitos jeitos.", "pt", True),  # the Summon of that card
    ("Guía: La Invocación de Flor Emberfall paso a paso.", "es", True),
    ("1. A Lenda da Flor Emberfall\nTem muitos jeitos.", "pt", False),  # a longer name: a title
])
def test_a_name_after_a_capitalised_noun_of_summoning_and_a_link_is_the_card(index, text, lang, want):
    spans, held = found(index, text, lang)
    assert ("7004" in [c for _, c in spans]) is want, (spans, held)


def test_a_short_form_that_is_another_cards_whole_name_reordered_is_that_card(index):
    spans, _ = found(index, "En el juego mi Sierpe Ceniza (1200 ATK) era material de fusión con otra carta.", "es")
    assert ("Sierpe Ceniza", "7010") in spans, spans
    spans, _ = found(index, "En el juego mi Sierpe Ceniza, Mascota de la Arpía era material de fusión.", "es")
    assert [c for _, c in spans] == ["7009"], spans


@pytest.mark.parametrize("text, lang", [
    ('A pergunta era "Qual o ATK da Flor Emberfall?" e ninguém acertou.', "pt"),
    ("1. O Efeito da Flor Emberfall\nÉ muito forte.", "pt"),
])
def test_a_name_after_a_capitalised_stat_or_effect_and_a_link_is_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7004" in [c for _, c in spans], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("- **Caja de Lanzamiento**: Flor Emberfall\n- Precio: 20 euros", "es"),  # a product's field
    ("Expansión: la Flor Emberfall, 2011.", "es"),
])
def test_a_name_after_a_products_field_label_is_the_product(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7004" not in [c for _, c in spans], spans
    assert any("a product (" in why for _, why in held), held


def test_a_name_after_a_list_label_stays_the_card(index):
    spans, _ = found(index, "Lista: Flor Emberfall, Engranaje de Cobre y nada más.", "es")
    assert "7004" in [c for _, c in spans], spans


def test_a_name_after_a_sentences_set_and_a_colon_stays_the_card(index):
    # "esta expansión:" is the set a sentence speaks of, then a card of it, no product's field
    spans, _ = found(index, "Otra carta de esta expansión: la Flor Emberfall, muy usada.", "es")
    assert "7004" in [c for _, c in spans], spans


COUNT_SERIES = SERIES + "Emberfall\tEmberfall\tEmberfall\tEmberfall\n"
COUNT_NICKS = "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n7004\tEmberfall Bloom\tEmberfall\tes,pt,it,en\tnickname\t\t\n"


@pytest.fixture(scope="module")
def count_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("quoted-count"), POOL, COUNT_NICKS, COUNT_SERIES)


@pytest.mark.parametrize("text, lang, kind", [
    ('Este efecto invoca un "Emberfall" cualquiera desde el Deck.', "es", "series"),  # a nickname that is a series'
    ('Adicione 1 "Emberfall" do seu Deck à sua mão.', "pt", "series"),  # name, after an article or a count
    ('Busco 1 "Engranaje de Cobre" de mi mazo.', "es", "card"),  # a card's own name there is the card
    ('Ayer saqué "Emberfall" en el torneo.', "es", "card"),  # quoted, but no article or count before it
])
def test_a_nickname_in_quotes_after_an_article_or_a_count_that_is_a_series_name_is_the_series(count_index, text, lang,
                                                                                             kind):
    got = spans_of(count_index, text, lang)
    assert got and got[0][1] == kind, got


GENDER_POOL = POOL + "7011\tGrey Sorcerer\tMago Gris\tMago Cinza\tMago Grigio\tMonster\t9\n" \
                     "7012\tGrey Sorcerer Girl\tChica Maga Gris\tGarota Maga Cinza\tRagazza Maga Grigia\tMonster\t9\n"
GENDER_SERIES = SERIES + "Grey Sorcerer\tMago(a) Gris\tMago Cinza\tMago Grigio\n"  # (both genders: "Maga Gris" a form)
GENDER_NICKS = "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n7012\tGrey Sorcerer Girl\tMaga Gris\tes\tnickname\t\t\n"


@pytest.fixture(scope="module")
def gender_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("quoted-gender"), GENDER_POOL, GENDER_NICKS, GENDER_SERIES)


def test_a_nickname_in_quotes_after_an_article_that_is_another_form_of_a_series_name_stays_the_card(gender_index):
    got = spans_of(gender_index, 'Solo si controlás una "Maga Gris" boca arriba, busca 1 "Mago Gris".', "es")
    assert [(t, k) for t, k, _ in got if t in ("Maga Gris", "Mago Gris")] == [("Maga Gris", "card"), ("Mago Gris", "card")], got
