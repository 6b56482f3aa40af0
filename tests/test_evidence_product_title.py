"""A card's name at the end of a product's capitalised title (names/evidence.py ``_product_title``, issue 24): "la
colección Rise of the X", "il set Ascesa dei X" are the set, of which the card's name is only a part: the longest mention
wins. Card names are made up for these tests."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7401\tVelkar\tVelkar\tVelkar\tVelkar\tMonster\t20
7402\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("product-title"), POOL, "")


@pytest.mark.parametrize("text, lang", [
    ("En la colección Rise of the Velkar venía también la Linterna Orbital.", "es"),
    ("A Lanterna Orbital saiu no booster Dawn of the Velkar junto com outras.", "pt"),
    ("Con l'espansione Rise of the Velkar arrivò anche la Lanterna Orbitale.", "it"),
    ("La colección Ascenso de los Reyes Velkar trajo la Linterna Orbital.", "es"),
])
def test_a_name_ending_a_products_title_is_the_product(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7401" not in [p for _, p in spans], spans
    assert any(h == "Velkar" and "a product" in r for h, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("En este set Velkar fue la mejor carta, con Linterna Orbital.", "es"),  # after the product word itself: _product's
    ("Tras la colección, Rise of the Velkar y Linterna Orbital ganaban.", "es"),  # a comma ends the title
    ("En la colección de la Velkar venía la Linterna Orbital.", "es"),  # no capitalised title
    ("En la colección Rise of the Old Days of the Velkar venía la Linterna Orbital.", "es"),  # longer than a title read
])
def test_a_name_after_no_products_title_is_not_held_as_one(index, text, lang):
    from ygorules.names.translate import Translator
    tr = Translator(index, lang, "en")
    tr.spans(text)
    assert not any(s.text == "Velkar" and "a product" in r and "…" in r for s, r in tr.held), tr.held


@pytest.mark.parametrize("text, lang", [
    ("Este verano salieron dos Structure Decks de máquinas, Ruedas de Acero, Linterna Orbital y otro más.", "es"),
    ("A loja vende dois Decks Estruturais neste mês, Fogo Azul, Lanterna Orbital e mais nada.", "pt"),
    ("Sono usciti due mazzi struttura quest'anno, Vento Nero, Lanterna Orbitale e basta.", "it"),
])
def test_a_name_in_a_list_after_structure_decks_in_the_plural_is_a_product(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7402" not in [p for _, p in spans], spans
    assert any("a list of structure decks" in r for _, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("El Structure Deck de máquinas trae Ruedas de Acero, Linterna Orbital y otras.", "es"),  # one deck: its cards
    ("Dos Structure Decks salieron ayer. Yo uso Ruedas de Acero, Linterna Orbital y nada más.", "es"),  # another sentence
])
def test_a_name_in_a_list_after_no_plural_structure_decks_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7402" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, want", [
    ("Los Structure Decks, X", ["Los Structure Decks"]),
    ("Existen dos barajas de Estructura, X", ["Existen dos barajas de Estructura"]),
    ("OS DECKS ESTRUTURAIS, X", ["OS DECKS ESTRUTURAIS"]),
    ("İzmir. I mazzi struttura, X", ["İzmir. I mazzi struttura"]),  # a text whose lower case is longer: offsets kept
    ("El Structure Deck, X", []),  # one deck
    ("La infraestructura, X", []),  # inside another word
])
def test_structure_decks_in_the_plural_are_found_where_the_text_writes_them(text, want):
    from ygorules.names import evidence
    assert [text[:e] for e in evidence._structure_decks(text)] == want


@pytest.mark.parametrize("text, lang", [
    ("Abbiamo creato il mazzo con 3x Structure Deck Lanterna Orbitale (Orbital Lantern) e poco altro.", "it"),
    ("Armé el mazo con tres Structure Deck Linterna Orbital (Orbital Lantern) y nada más.", "es"),
])
def test_a_name_in_brackets_after_a_product_of_that_name_is_the_product_too(index, text, lang):
    spans, held = found(index, text, lang)
    assert spans == [], spans
    assert len(held) == 2 and "another language" in held[1][1], held


def test_a_name_in_brackets_after_the_card_itself_stays_the_card(index):
    spans, held = found(index, "Ho giocato la Lanterna Orbitale (Orbital Lantern) nel mio mazzo.", "it")
    assert [p for _, p in spans] == ["7402", "7402"] and held == [], (spans, held)
