"""mentions.positions_of (which the passes read as discourse's): the indexes of the words a pass asks for, the same
whether a text is short (read word by word) or long (found by a scan of one character a distinct word). The pool and
the sentences are made up."""
from __future__ import annotations

from itertools import compress

import pytest

from _names_fixtures import small_index
from ygorules.names import discourse, mentions
from ygorules.names.translate import Translator

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5101\tBrimwald Sentinel\tCentinela Brimwald\tSentinela Brimwald\tSentinella Brimwald\tMonster\t3
"""
SENTENCE = "Juego la Centinela Brimwald y luego robo dos cartas, ¿verdad? (el rival pierde 500 LP) "


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("positions"), POOL)


def _words_of_text(index, text: str) -> list:
    tr = Translator(index, "es", "en")
    tr.spans(text)
    return tr


@pytest.mark.parametrize("copies", [1, 200])  # a short text, and one of more than SCAN_WORDS words
@pytest.mark.parametrize("wanted", [set(), {"la"}, {"brimwald", "dos", "500"}, {"rival": 1, ("la", "centinela"): 2},
                                    ("verdad", "juego", "nada")])
@pytest.mark.parametrize("lo, hi", [(0, None), (1, -1), (3, 40)])
def test_positions_are_those_of_a_walk_over_every_word(index, copies, wanted, lo, hi):
    tr = _words_of_text(index, SENTENCE * copies)
    words = tr._words
    assert (len(words) >= mentions.SCAN_WORDS) == (copies > 1)
    end = len(words) + hi if hi is not None and hi < 0 else hi
    expected = list(compress(range(lo, len(words) if end is None else end), map(wanted.__contains__, words[lo:end])))
    assert mentions.positions_of(tr, wanted, lo, end) == expected
    assert discourse.positions_of is mentions.positions_of


def test_a_new_text_is_read_again(index):
    tr = _words_of_text(index, SENTENCE * 200)
    assert discourse.positions_of(tr, {"dos"})[:1] == [tr._words.index("dos")]
    tr.spans("Otra cosa. " * 1000 + "dos")
    assert discourse.positions_of(tr, {"dos"}) == [len(tr._words) - 1]
