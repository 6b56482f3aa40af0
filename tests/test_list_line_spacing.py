"""A deck list's line is one card even when its writer puts a space in a name's word or leaves one out, and when the
count of copies comes after the name (``evidence.list_lines``, ``translate._closest``, ``translate._close_words``;
issue 24): "3x Mecha Phantom Beast Tether Wolf" is Mecha Phantom Beast Tetherwolf, not the series and a card "Wolf";
"Thunder King Raioh x2" is Thunder King Rai-Oh. The cards and series are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator, _close_words

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7701\tIronveil Beast Tetherhound\tBestia Velo de Hierro Perrocadena\tBesta Véu de Ferro Cão-corrente\tBestia Velo di Ferro Canecatena\tMonster\t5
7702\tIronveil Beast Coilhawk\tBestia Velo de Hierro Halcónespiral\tBesta Véu de Ferro Falcão-espiral\tBestia Velo di Ferro Falcospira\tMonster\t5
7703\tIronveil Beast Gearmole\tBestia Velo de Hierro Toporrueda\tBesta Véu de Ferro Toupeira-roda\tBestia Velo di Ferro Talpaingranaggio\tMonster\t5
7704\tHound\tSabueso\tCão de Caça\tSegugio\tMonster\t2
7705\tStorm King Rai-Vex\tRey Tormenta Rai-Vex\tRei Tempestade Rai-Vex\tRe Tempesta Rai-Vex\tMonster\t7
7706\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""
SERIES = """en\tes\tpt\tit
Ironveil Beast\tBestia Velo de Hierro\tBesta Véu de Ferro\tBestia Velo di Ferro
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("list_line_spacing"), POOL, series=SERIES)


def found(index, text, lang="pt"):
    return [(s.text, s.id) for s in Translator(index, lang, "en").spans(text) if s.kind in ("card", "series")]


@pytest.mark.parametrize("line", ["3x Ironveil Beast Tether Hound", "3 Ironveil Beast Tether Hound",
                                  "- Ironveil Beast Tether Hound", "Ironveil Beast Tether Hound x3"])
def test_a_name_word_written_in_two_on_a_list_line_is_the_card(index, line):
    text = f"Monstros:\n2x Quorlith Sentinel\n{line}\n1x Ironveil Beast Coilhawk\n"
    got = found(index, text)
    assert ("Ironveil Beast Tether Hound", "ironveil-beast-tetherhound") in got, got
    assert not any(t in ("Ironveil Beast", "Hound") for t, _ in got), got


@pytest.mark.parametrize("line", ["storm king raivex x2", "storm king raivex (x2)", "- storm king raivex x2",
                                  "storm king raivex ×2", "storm king raivex x 2", "storm king raivex X3"])
def test_a_line_with_its_count_after_the_name_is_read_whole(index, line):
    # (in lower case: no capitalised run to rescue, the line alone says it is a card)
    text = f"Side Deck:\nQuorlith Sentinel x3\n{line}\n"
    assert ("storm king raivex", "storm-king-rai-vex") in found(index, text)


def test_names_joined_on_one_line_stay_as_found(index):
    text = "Monstros:\n2x Quorlith Sentinel e Ironveil Beast Coilhawk\n1x Ironveil Beast Gearmole\n"
    got = found(index, text)
    assert ("Quorlith Sentinel", "quorlith-sentinel") in got and ("Ironveil Beast Coilhawk", "ironveil-beast-coilhawk") in got, got


@pytest.mark.parametrize("text", [
    "O dano do ataque dobra x2\n",  # a line that ends with a count is no card when no name fits it
    "Monstros:\n3x Ironveil Beast Tether Lion\n",  # no name word "tetherlion": the series stays a series
])
def test_no_card_where_no_name_fits_the_line(index, text):
    got = found(index, text)
    assert not any(i == "ironveil-beast-tetherhound" for _, i in got), got


@pytest.mark.parametrize("extra, missing, want", [
    (["tether", "hound"], ["tetherhound"], True),  # a space put in
    (["raivex"], ["rai", "vex"], True),  # a space (or hyphen) left out
    (["tether", "hounds"], ["tetherhound"], False),  # other letters too: not a space moved
    (["hound", "tether"], ["tetherhound"], False),  # the words in another order
    ([], ["anything"], True),
])
def test_close_words_reads_a_space_moved(extra, missing, want):
    assert _close_words(extra, missing) is want
