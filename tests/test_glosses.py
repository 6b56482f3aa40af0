"""A name written beside the card's English name as its gloss is that card (names/glosses.py; issue 24): a table row
of the name in the text's language and in English, a name and the English one in brackets, a heading over a paragraph
that opens with the English name; only where the gloss shares a word with the card's printed name. The cards and
sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9301\tLantern of Vows\tLinterna de los Votos\tLanterna dos Votos\tLanterna dei Voti Solenni\tTrap\t5
9302\tBaron of Ruin\tBarón de la Ruina\tBarão da Ruína\tBaronetto della Rovina\tSpell\t5
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("glosses"), POOL)


@pytest.mark.parametrize("text, gloss, want", [
    ("| Nome (IT) | Nome (EN) |\n|---|---|\n| Lanterna dei Giuramenti | Lantern of Vows |\n", "Lanterna dei Giuramenti", "9301"),
    ("Poi ho giocato Conte della Rovina (Baron of Ruin) e ho vinto.", "Conte della Rovina", "9302"),
    ("10. LANTERNA DEI GIURAMENTI\n\nLantern of Vows è una trappola che tutti ricordano.", "LANTERNA DEI GIURAMENTI",
     "9301"),
])
def test_a_gloss_beside_the_english_name_is_the_card(index, text, gloss, want):
    assert (gloss, want) in card_spans(index, text, "it")


@pytest.mark.parametrize("text, gloss", [
    ("| Nome | Nome (EN) |\n|---|---|\n| Fiaccola Antica | Lantern of Vows |\n", "Fiaccola Antica"),  # no word shared
    ("Il Mazzo della Rovina\n\nBaron of Ruin è la carta chiave.", "Mazzo della Rovina"),  # a deck's heading
    ("Ieri ho visto Torre della Rovina\nBaron of Ruin nella lista.", "Torre della Rovina"),  # no heading: the line goes on
])
def test_words_beside_the_english_name_that_are_no_gloss_of_it_stay_words(index, text, gloss):
    assert all(gloss not in t for t, _ in card_spans(index, text, "it"))
