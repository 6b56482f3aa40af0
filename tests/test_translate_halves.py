"""A long text is read in two halves at once (``Translator._halves``): the names are exactly those of one loop over
the whole text, whether the worker's half stands, is judged again, or the worker fails."""
from __future__ import annotations

import pickle

import pytest

from ygorules.names import translate
from ygorules.names.translate import Translator

from test_translate_real import index  # noqa: F401  (the fixture: a pool with series and their members)


def spans(index, text, src="es", halves=True, monkeypatch=None):
    """(start, end, id, kind, replacement) of every span, and how the main loop ran: the (first, last) words of each
    call of ``_loop`` in this process."""
    calls = []
    loop = Translator._loop

    def counted(self, sel, lo, hi, *rest):
        calls.append((lo, hi))
        return loop(self, sel, lo, hi, *rest)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(translate, "PARALLEL_WORDS", 1 if halves else 10 ** 9)
        mp.setattr(Translator, "_loop", counted)
        got = Translator(index, src, "en").spans(text)
    return [(s.start, s.end, s.id, s.kind, s.replacement) for s in got], calls


FREE = "El mazo Brightoath juega 3 Zorla y Orvane Drake.\n\nUso Gearwind Tiempo en mesa.\n\n"
"""Paragraphs whose judgements read no series named before them: the worker's half stands as it is."""


def test_a_half_that_reads_no_series_named_before_it_is_the_workers(index):
    text = FREE * 6
    want, calls = spans(index, text, halves=False)
    assert len(calls) == 1 and calls[0][0] == 0
    n = calls[0][1]
    got, calls = spans(index, text)
    assert got == want
    assert len(calls) == 1 and calls[0][0] == 0 and 0 < calls[0][1] < n  # (this process read only the first half)


def test_a_member_in_the_second_half_whose_series_the_first_names_is_judged_again(index):
    # the worker reads "Zorla" with no series named: the card Zorla; the whole text has named the Brightoath before:
    # Zorla, Brightoath Sorceress. The outcome differs, so the second half is read again here.
    text = "El mazo Brightoath gana.\n\n" * 6 + "Juego 3 Zorla y nada más.\n\n" * 6
    want, _ = spans(index, text, halves=False)
    assert ("Zorla, Brightoath Sorceress" in {r for *_, r in want})
    got, calls = spans(index, text)
    assert got == want
    assert len(calls) == 2 and calls[1][0] == calls[0][1]  # the first half, then the second again


def test_a_judgement_that_reads_the_series_but_comes_out_the_same_keeps_the_workers_half(index):
    # "zorla" in lower case reads the series named so far (a member form) but is never the member: the outcome is the
    # same either way
    text = "El mazo Brightoath gana.\n\n" * 6 + "Juego zorla y Orvane Drake.\n\n" * 6
    want, _ = spans(index, text, halves=False)
    got, calls = spans(index, text)
    assert got == want and len(calls) == 1


def test_a_worker_that_fails_leaves_the_second_half_to_this_process(index, monkeypatch):
    def broken(*args, **kwargs):
        raise pickle.PicklingError("no")

    text = FREE * 6
    want, _ = spans(index, text, halves=False)
    monkeypatch.setattr(pickle, "dump", broken)  # (the worker is a fork: it inherits the broken dump)
    got, calls = spans(index, text)
    assert got == want and len(calls) == 2


@pytest.mark.parametrize("text, cut_before", [
    ("Uno dos tres.\n\nCuatro cinco seis.", "Cuatro"),
    ("Uno dos tres,\n\nCuatro cinco.\n\nSeis siete.", "Seis"),  # (a comma joins across the line break)
    ("Uno dos tres\n\ny cuatro.\n\nSeis siete.", "Seis"),  # ("y" after the line break)
    ("Uno dos tres y\n\ncuatro.\n\nSeis siete.", "Seis"),  # ("y" before it)
    ("Uno dos tres los\n\ncuatro.\n\nSeis siete.", "Seis"),  # (an article before it)
    ("Uno dos tres / cuatro\n\n/ cinco.\n\nSeis siete.", "Seis"),
])
def test_the_cut_is_a_line_break_nothing_joins_across(index, text, cut_before):
    tr = Translator(index, "es", "en")
    tr.spans(text)
    c = tr._cut()
    assert c and tr._raw[c] == cut_before


@pytest.mark.parametrize("text", ["Uno dos tres cuatro cinco seis.", "Uno dos tres, cuatro,\n\ncinco, seis", ""])
def test_no_cut_where_no_line_break_may_be_one(index, text):
    tr = Translator(index, "es", "en")
    tr.spans(text)
    assert tr._cut() == 0
