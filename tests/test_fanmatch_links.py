"""The Italian articulated prepositions ("dai", "dalla", "agli", "sui"…) are link words of a literal fan translation
(``fanmatch.STOP``, issue 24): "Restrizione dai Mille Occhi" is Thousand-Eyes Restrict though "dai" is also a word of
English names (Dai Dance). The cards are made up for this test."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch

from _names_fixtures import small_index, fresh_fanmatch  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
2101\tHundred-Eyes Binding\tAtadura de Cien Ojos\tAmarra de Cem Olhos\tLegame di Cento Occhi\tSpell\t3
2102\tHundred Blades\tCien Espadas\tCem Lâminas\tCento Lame\tSpell\t3
2103\tEyes of the Binding\tOjos de la Atadura\tOlhos da Amarra\tOcchi del Legame\tTrap\t3
2104\tDai Lantern\tDai Linterna\tDai Lanterna\tDai Lanterna\tMonster\t3
2105\tBinding Lantern\tLinterna de Atadura\tLanterna de Amarra\tLanterna di Legame\tSpell\t3
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("fanlinks"), POOL)


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")  # (a word table learned from this pool)


@pytest.mark.parametrize("run", ["Legame dai Cento Occhi", "Legame dagli Cento Occhi", "Legame sui Cento Occhi"])
def test_an_articulated_preposition_is_a_link_word(index, run):
    assert fanmatch.Matcher(index).match(run)[0] == "Hundred-Eyes Binding"


@pytest.mark.parametrize("word", ["dai", "dalla", "agli", "nelle", "sui", "col"])
def test_the_articulated_prepositions_are_stop_words(word):
    assert word in fanmatch.STOP
