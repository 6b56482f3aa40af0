"""A literal translation of an English name that two cards of the pool share (Black Luster Soldier printed, and again
as a video-game card with no printing) is the card the name stands for: the KB's, else the one printed more than each
other (issue 24: "Soldado Lustro Negro", the Portuguese name without its "do", was read as no card at all). The cards
are made up for this test: the second Frost Knight has only its English name, so the table keeps it apart."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch
from ygorules.names.translate import Translator

from _names_fixtures import small_index, fresh_fanmatch  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
2201\tGloom Wizard\tMago Sombrío\tMago Sombrio\tStregone Cupo\tMonster\t9
2203\tGloom Knight\tCaballero Sombrío\tCavaleiro Sombrio\tCavaliere Cupo\tMonster\t4
2204\tWizard of the Tower\tMago de la Torre\tMago da Torre\tStregone della Torre\tMonster\t4
2205\tFrost Knight\tCaballero Invernal\tCavaleiro Invernal\tCavaliere Invernale\tMonster\t{printed}
kdb2205\tFrost Knight\t\t\t\tMonster\t{other}
2206\tFrost Tower\tTorre de Escarcha\tTorre de Geada\tTorre di Brina\tMonster\t4
"""


def _index(tmp_path_factory, printed: int, other: int):
    return small_index(tmp_path_factory.mktemp("fanshared"), POOL.format(printed=printed, other=other))


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")  # (a word table learned from this pool)


def test_the_printed_card_of_a_shared_english_name_is_the_literal_translations(tmp_path_factory):
    index = _index(tmp_path_factory, 6, 0)
    text = "No deck dele o Cavaleiro de Geada era a carta mais forte."
    spans = [(s.text, s.passcodes[0]) for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"]
    assert spans == [("Cavaleiro de Geada", "2205")]


def test_two_cards_printed_alike_under_one_name_are_no_answer(tmp_path_factory):
    index = _index(tmp_path_factory, 3, 3)
    assert fanmatch._card(index, "Frost Knight") is None
    assert fanmatch._card(index, "Gloom Wizard").passcodes == ("2201",)
