"""The shortcuts of translate's scan (issue 24, "speed holds") give what the long way gives.

Each shortcut skips or reuses work where its answer is known: ``_card_context`` reads card context from the word arrays
instead of the text; ``_rescue`` skips a capitalised run that is one name found, whole, and memoises the runs with names
found in them; a translator finds a key's forms by bisection in the parts' sorted key lists. tests/test_translate_golden.py checks the whole output on a fixed corpus; these tests
check each shortcut on the cases it decides.
"""
from __future__ import annotations

import random

import pytest

from ygorules.names import index as names
from ygorules.names import mentions
from ygorules.names import table as nametable
from ygorules.names.translate import Translator

import test_translate_real as real
from _names_fixtures import KB, NICKNAMES, index, isolated, table  # noqa: F401 (fixtures)

WORDS = ["Bolt", "la", "de", "carta", "Carta", "CARDS", "trap", "efecto", "xxxxcarta", "cartaxxxx", "supermagia",
         "monstruosidad", "ca\u0301rta", "me\u0301dico", "Fuerza", "Espejo", "mon", "efe", "tra", "cardo", "Trampas", "y"]
"""Words a window's neighbours may be: card words in any case, card words at the end or the start of a longer word (which
the stretch card_context reads may cut), combining accents (which split a word), pieces of card words that are not
card words, and ordinary words."""
SEPS = [" ", " ", " ", ", ", "  ", " " * 11, " " * 19, " " * 20, "\n", " «", "» ", ": "]
"""Separators, among them the widths that put the cut of the 24 characters before or the 16 after inside a word."""


@pytest.fixture(scope="module")
def real_index(tmp_path_factory):
    """The index of test_translate_real's made-up pool (names of real forum patterns)."""
    tmp = tmp_path_factory.mktemp("speed")
    (tmp / "pool.tsv").write_text(real.POOL, encoding="utf-8")
    (tmp / "pool_series.tsv").write_text(real.SERIES, encoding="utf-8")
    nametable.write_table(nametable.import_tsv(tmp / "pool.tsv")[0], tmp / "pool.tsv.gz")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", "")
        mp.setenv("YGORULES_CACHE", str(tmp / "cache"))
        return names.load_index(KB, tmp / "pool.tsv.gz", use_cache=False, warn=lambda m: None)


@pytest.mark.parametrize("seed", range(8))
def test_the_card_context_of_the_word_arrays_is_mentions_card_context(index, seed):  # noqa: F811
    rng = random.Random(seed)
    tr = Translator(index, "es", "en")
    for _ in range(25):
        text = "".join(rng.choice(WORDS) + rng.choice(SEPS) for _ in range(rng.randint(3, 14))).rstrip()
        tr.spans(text)  # (sets the word arrays of the text)
        n = len(tr._raw)
        for i in range(n):
            for size in (1, 2, 3):
                if i + size > n:
                    break
                start, end = tr._starts[i], tr._ends[i + size - 1]
                assert tr._card_context(i, size, start, end) == mentions.card_context(text, start, end), (text, i, size)


def test_a_run_with_names_found_in_it_is_read_alike_wherever_it_is_written_again(real_index):
    one = "Il deck usa 2x Zorla, Brightoath Sorcerer e basta."
    other = "Gioco Zorla, Orvane Drake e basta."
    text = f"{one} {other} {one}\n\n{other} {one}"
    got = real.cards(real_index, text, "it")
    assert got.count(("Zorla, Brightoath Sorcerer", "1001")) == 3  # the misspelt name wins each time
    assert got.count(("Zorla", "1002")) == 2  # a list of names is no longer name, each time
    tr = Translator(real_index, "it", "en")
    first = [s.as_dict() for s in tr.spans(text)]
    assert [s.as_dict() for s in tr.spans(text)] == first  # the memo of runs kept from the first reading: the same spans


def test_a_run_that_is_one_name_found_whole_stays_that_name(real_index):
    assert real.cards(real_index, "Gioco Orvane Drake Brightoath oggi.", "it") == [("Orvane Drake Brightoath", "1010")]
    assert real.cards(real_index, "Gioco Orvane Drake oggi.", "it") == [("Orvane Drake", "1009")]
