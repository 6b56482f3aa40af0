"""A name across a line break in a list written one item a line (names/evidence.py ``_column``, issue 24): "Dark" and
"Divine" on two lines under "Atributos" are two Attributes, not one card. Card names are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7201\tDark Diviner\tDark Diviner\tDark Diviner\tDark Diviner\tMonster\t9
7202\tGlimmer Orvane Wyrm\tWyrm Orvane Destellante\tWyrm Orvane Cintilante\tWyrm Orvane Scintillante\tMonster\t9
7203\tQuorvane Lance\tLanza de Quorvane\tLança de Quorvane\tLancia di Quorvane\tSpell\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("column"), POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n")


@pytest.mark.parametrize("text", [
    "Atributos\nDark\nDiviner\nEarth\nFire",
    "Tipos:\nDark\nDiviner",  # a short line before it only
    "Dark\nDiviner\nEarth",  # the text's first line, a short line after it
])
def test_a_name_across_whole_short_lines_of_a_column_is_two_items(index, text):
    spans, held = found(index, text, "pt")
    assert spans == [], spans
    assert any("items of a list written one a line" in why for _, why in held), held


@pytest.mark.parametrize("text, card", [
    ("O melhor card é o Dark\nDiviner, sem dúvida.", "7201"),  # a line break inside running text
    ("Lista:\nLança de\nQuorvane\nRaigeki", "7203"),  # a line that ends in a linking word goes on below
    ("Minha carta favorita sempre foi o\nDark\nDiviner que ganhei no primeiro torneio da cidade", "7201"),  # long lines
    ("Dark Diviner\nEarth", "7201"),  # one line
])
def test_a_name_that_a_line_break_cuts_elsewhere_stays_the_card(index, text, card):
    spans, _ = found(index, text, "pt")
    assert card in [p for _, p in spans], spans
