"""The English words of a card found by a form the index does not store (a series member by its own word, a typo) are
found through the name the span is rendered as (``fanmatch._english_words``): without them ``widened`` could not read
"HERÓI Mascarado Anki", the English word order with the Portuguese words, as one mention of Masked HERO Anki. The
cards and series are made up."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch
from ygorules.names.translate import Span

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4101\tMasked Vexhero Anvo\tVexhéroe Enmascarado Anvo\tAnvo, o Vexherói Mascarado\tAnvo Vexeroe Mascherato\tMonster\t4
4102\tMasked Vexhero Dulm\tVexhéroe Enmascarado Dulm\tDulm, o Vexherói Mascarado\tDulm Vexeroe Mascherato\tMonster\t4
"""
SERIES = """en\tes\tpt\tit
Masked Vexhero\tVexhéroe Enmascarado\tVexherói Mascarado\tVexeroe Mascherato
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("member-words"), POOL, series=SERIES)


def _span(text: str, replacement: str) -> Span:
    return Span(0, len(text), text, "masked-vexhero-anvo", "card", replacement, "pt", "series-member", "table")


def test_a_word_the_index_does_not_store_finds_its_cards_english_words_through_its_rendering(index):
    from ygorules.core.fold import normalize
    assert not index.forms_for_key(normalize("Anvvo"))  # (a word as written that no form of the index is)
    assert fanmatch._english_words(index, _span("Anvvo", "Masked Vexhero Anvo")) == {"masked", "vexhero", "anvo"}
    assert fanmatch._english_words(index, _span("Anvvo", "Anvo Vexeroe Mascherato")) == {"masked", "vexhero", "anvo"}


def test_a_span_whose_text_and_rendering_find_no_entry_of_its_card_has_no_english_words(index):
    assert fanmatch._english_words(index, _span("Anvvo", "Anvvo")) == frozenset()
