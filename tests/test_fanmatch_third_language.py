"""A card's official name in a third language (neither the text's nor English) is read as the text's own words, a
literal translation (``fanmatch.Matcher.match`` with the text's language, issue 24): "Mago Oscuro", the Spanish name,
in Italian text is Dark Magician. The scan reads only the text's language and English, so no evidence judged it; where
the literal translation is the card that the third language prints under those words, the two readings agree and a
close second card (a plural's) does not stop it. The cards are made up for this test."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch
from ygorules.names.translate import Translator

from _names_fixtures import small_index, fresh_fanmatch  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
2201\tGloom Wizard\tMago Sombrío\tMago Sombrio\tStregone Cupo\tMonster\t9
2202\tThe Gloom Wizards\tLos Magos Sombríos\tOs Magos Sombrios\tGli Stregoni Cupi\tMonster\t3
2203\tGloom Knight\tCaballero Sombrío\tCavaleiro Sombrio\tCavaliere Cupo\tMonster\t4
2204\tWizard of the Tower\tMago de la Torre\tMago da Torre\tStregone della Torre\tMonster\t4
2205\tFrost Knight\tCaballero de Escarcha\tCavaleiro de Geada\tCavaliere di Brina\tMonster\t4
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("fanthird"), POOL)


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")  # (a word table learned from this pool)


def test_a_third_languages_name_is_the_card_its_literal_translation_and_print_agree_on(index):
    assert fanmatch.Matcher(index).match("Mago Sombrío", "it")[0] == "Gloom Wizard"


@pytest.mark.parametrize("src", ["es", None])
def test_a_name_printed_in_the_texts_language_or_read_out_of_text_is_left_to_the_evidence(index, src):
    assert fanmatch.Matcher(index).match("Mago Sombrío", src) is None


def test_the_translator_reads_a_third_languages_name_in_running_text(index):
    spans = Translator(index, "it", "en").spans("Alla fine Jaden usa il suo Mago Sombrío e vince.")
    assert [(s.text, s.passcodes[0]) for s in spans if s.kind == "card"] == [("Mago Sombrío", "2201")]
