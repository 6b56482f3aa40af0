"""A card's whole name in the plural, in lower case (issue 24): "derrotó a los tres dragones blancos de ojos azules",
"os dois dragões brancos de olhos azuis", "i due draghi bianchi occhi blu".

Writers speak of several copies of a card by putting its whole name in the plural (each noun and adjective: Romance
plurals agree) and, in running text, in lower case. The scan reads a plural name written with capitals; in lower case
it only goes on from a word that begins a name as written, so a name whose every content word changed is never walked.
``find`` reads, after a word that announces more than one thing (a plural article or possessive, a number:
``translate.PLURAL_BEFORE``), the words that follow each as written or as one of its singulars
(``Translator._singulars``), and takes the longest run that is a card's whole printed name in the text's language or
English, of two words or more, one at least of them in the plural. The run must be free: no name found or held back
crosses its ends (a name found inside it gives way, the longest mention wins; a name held back inside it is let go).
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import compress

from .commas import put, whole_card
from .discourse import taken_of, words_of

MAX_WORDS = 8
"""The longest name read, in words (a card's whole name in Romance text is rarely longer)."""
LONGEST_NAME = 200
"""No name found is longer than this (characters): the names that may cross a run begin at most this far before it."""


def find(tr, text: str, spans: list, span_type, before: set) -> list:
    """``spans`` with the plural names read (module doc) added, in order; ``before``: the words after which a name may
    be in the plural."""
    present = words_of(tr)
    if not before & present:
        return spans
    words, cls, starts, ends, blocked = tr._words, tr._cls, tr._starts, tr._ends, tr._blocked
    keys, n = tr.keys, len(words)
    taken = None
    add = []
    for i in compress(range(n - 1), map(before.__contains__, words)):  # (the few announcing words, picked in C)
        k = i + 1  # (the run starts at the next word)
        if blocked[k] or not cls[k] or (add and starts[k] < add[-1][1]):
            continue
        best = _longest(tr, keys, words, cls, k, n)
        if best is None:
            continue
        j, e, form = best
        a, b = starts[k], ends[j]
        if taken is None:
            taken = taken_of(tr, spans)
        near = taken[bisect_left(taken, (a - LONGEST_NAME, 0)):bisect_left(taken, (b, 0))]
        if any(y > a and (x < a or y > b) for x, y in near) or (a, b) in near:
            continue  # a name found or held back runs out of the run: it stands (or the scan read it already)
        add.append((a, b, e, form))
    return put(tr, text, spans, add, span_type)


def _longest(tr, keys: dict, words: list, cls: list, k: int, n: int):
    """(last word, entry, form) of the longest card name of two words or more read from word ``k``, each word as
    written or in the singular, with one word in the singular at least; None when there is none."""
    live = [(words[k], False)] + [(s, True) for s in tr._singulars(words[k]) if s in keys]
    live = [(key, pl) for key, pl in live if key in keys]
    best = None
    for j in range(k + 1, min(n, k + MAX_WORDS)):
        sep = cls[j]
        if not sep or not live:
            break
        w = words[j]
        forms = [(w, False)] + [(s, True) for s in tr._singulars(w)]
        live = [(key + sep + f, pl or fp) for key, pl in live for f, fp in forms if key + sep + f in keys]
        for key, pl in live:
            if pl and keys[key]:
                card = whole_card(tr, key)
                if card is not None:
                    best = (j, *card)
                    break
    return best

