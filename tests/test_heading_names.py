"""A card's name alone on its line, a heading over the paragraph about it (names/translate.py ``_heading``, issue 24):
its capitals are the name's, not a sentence's. The cards are made up; their first words are everyday words."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7504\tD.D. Hawk\tD.D. Halcón\tD.D. Falcão\tFalco D.D.\tMonster\t17
7505\tBlack Crow\tCuervo Negro\tCorvo Negro\tCorvo Nero\tMonster\t17
7506\tThe Seal of Quorvalt\tEl Sello de Quorvalt\tO Selo de Quorvalt\tIl Sigillo di Quorvalt\tSpell\t17
"""
NICKNAMES = "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n7506\tThe Seal of Quorvalt\tQuorvalt\tes,pt,it,en\tnickname\t\t\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("heading"), POOL, NICKNAMES)


@pytest.mark.parametrize("text", [
    "Come valutazione siamo bassini.\nFalco D.D.\nNon fatevi ingannare dalla sua forza.",
    "Come valutazione siamo bassini.\n## Falco D.D.\nNon fatevi ingannare dalla sua forza.",  # a Markdown heading
    "Come valutazione siamo bassini.\nFalco D.D.:\nNon fatevi ingannare dalla sua forza.",  # a colon ends it
])
def test_a_name_alone_on_its_line_is_the_card(index, text):
    spans, _ = found(index, text, "it")
    assert spans == [("Falco D.D.", "7504")], spans


def test_a_name_that_opens_a_sentence_is_judged_as_before(index):
    spans, _ = found(index, "Come valutazione siamo bassini.\nFalco D.D. forse non serve.", "it")
    assert spans == [], spans


def test_a_heading_of_everyday_words_still_needs_a_card_context(index):
    spans, held = found(index, "Come valutazione siamo bassini.\nCorvo Nero\nNon fatevi ingannare dalla sua forza.", "it")
    assert spans == [] and [t for t, _ in held] == ["Corvo Nero"], (spans, held)


def test_a_short_form_that_ends_a_heading_line_of_its_own_is_the_headings_longer_name(index):
    text = "Le carte nuove.\nRacconti di Quorvalt\nQuando un mostro attacca, attiva questa carta."
    assert found(index, text, "it")[0] == [], found(index, text, "it")
    spans, _ = found(index, "Le carte nuove.\nAttiva Quorvalt adesso, in questo turno.", "it")
    assert spans == [("Quorvalt", "7506")], spans  # (the short form itself is read)


def test_a_word_that_links_names_in_another_language_only_opens_no_heading(index):
    spans, _ = found(index, "Le carte nuove.\nTengo dos Quorvalt.", "es")  # ("dos" is "two" in Spanish)
    assert spans == [("Quorvalt", "7506")], spans
