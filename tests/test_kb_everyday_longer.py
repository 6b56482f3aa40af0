"""A KB card's one-word name that is an everyday word of the text's language ("Honesto", Honest) begins a longer
capitalised name where more capitalised words go on after it ("el Honesto de Cervantes", a novel's hero): like a
card of the pool so named, it is not the card there (``Translator._everyday_kb``); right before a capitalised word, or
a versus ("Honesto Vs. Honesto"), it stands. The sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8431\tVexwhirl\tVexwhirl\tVexwhirl\tVexwhirl\tSpell\t8
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("kb-everyday"), POOL)


@pytest.mark.parametrize("text, lang", [
    ("Leí la novela El Honesto de Cervantes en una tarde.", "es"),
    ("Li numa tarde o romance O Honesto de Almeida.", "pt"),
])
def test_a_kb_card_s_everyday_word_begins_a_longer_name(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, want", [
    ("Activo el Honesto en el Paso de Daño.", "es", [("Honesto", "37742478")]),  # (a term after it is no longer name)
    ("Ejemplo 4: Honesto Vs. Honesto", "es", [("Honesto", "37742478"), ("Honesto", "37742478")]),
    ("Ejemplo: Vexwhirl VS Vexwhirl", "es", [("Vexwhirl", "8431"), ("Vexwhirl", "8431")]),
])
def test_the_card_itself_stays(index, text, lang, want):
    assert card_spans(index, text, lang) == want

