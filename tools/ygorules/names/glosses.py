"""A name written beside the card's English name as its gloss (issue 24): "| Uniti Vinceremo | United We Stand |", a
table row of the name in the text's language and in English; "Nobile dello Sterminio (Nobleman of Extermination)";
"10 VUOTO DI VANITÀ", a heading over a paragraph that opens with "Vanity's Emptiness".

Writers give a card's name in their language next to its English one, and often write the first from memory or
translate it themselves: "Uniti Vinceremo" for the printed "Uniti Resistiamo", "Nobile" for "Nobiluomo". Read alone,
such a name is no card's; beside the card's English name it is that card. ``find`` looks at each card found by its
English name and reads the words right before it, past one separator of a gloss (``_BEFORE``: a bracket, a table's
bar, a dash, a colon; or a line break under a heading that is the whole of its line): the capitalised run of at most
``MAX_WORDS`` words that ends there, that no name found covers, is the card where it shares a content word with the
card's name in the text's language (so that a heading or a cell of other words stays what it is) and is no deck's name
nor the English name with more words ("Deck Speed Elemental Hero Neos" over the card).
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import TOKEN, fold
from . import mentions
from .discourse import entry_named

MAX_WORDS = 6
"""The most words a gloss has."""
_BEFORE = re.compile(r"(?:[ \t]*[(|–—:][ \t]*|[ \t]+-[ \t]+|[ \t]*\n(?:[ \t]*\n)?[ \t]*)\Z")
"""What may stand between a gloss and the English name after it: a bracket, a table's bar, a dash, a colon, or a line
break (one blank line at most) under a heading."""
_JOINING = frozenset({"de", "del", "della", "dello", "delle", "dei", "di", "da", "do", "dos", "das", "dal", "of", "the",
                      "el", "la", "il", "lo", "o", "a"})
"""Small words a gloss may hold between its capitalised words ("Nobile dello Sterminio", "VUOTO DI VANITÀ")."""
_LINE_HEAD = re.compile(r"(?:^|\n)[ \t]*(?:#{1,6}[ \t]+|\d{1,3}[.)]?[ \t]+|[-*•][ \t]+)?\Z")
"""What may open a heading's line before the gloss: nothing, Markdown's hashes, a number, a bullet."""


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the gloss of each card found by its English name read as that card (the module doc), in order."""
    if tr.src == "en":
        return spans
    english = [s for s in spans if s.kind == "card" and s.lang == "en" and s.score >= tr.threshold]
    if not english:
        return spans
    taken = [(s.start, s.end) for s in spans]
    add = []
    for s in english:
        m = _BEFORE.search(text, max(0, s.start - 12), s.start)
        if m is None or m.start() == 0:
            continue
        run = _run_before(tr, m.start())
        if run is None:
            continue
        a, b = run
        if "\n" in m.group() and not _LINE_HEAD.search(text, max(0, a - 12), a):
            continue  # (above a name, only a heading: a line of its own)
        p = bisect_left(taken, (a, a))
        if any(x < b and a < y for x, y in taken[max(0, p - 1):p + 1]):
            continue  # (a name found already covers it)
        gloss = text[a:b]
        words = TOKEN.findall(fold(gloss))
        if fold(s.text) in fold(gloss) or any(w in mentions.DECK_WORDS for w in words):
            continue  # (the English name with more words, a deck's: "Deck Speed Elemental Hero Neos" over the card, a
            # heading of its own)
        e = entry_named(tr.index, (s.text, s.replacement), s.id)
        name = e.names.get(tr.src) if e is not None else None
        if not name or not _shares_a_word(words, name):
            continue
        add.append(span_type(a, b, gloss, s.id, "card", s.replacement, tr.src, "approximate", s.origin, [], s.score,
                             similarity(gloss, name), s.passcodes))
    if not add:
        return spans
    return sorted(spans + add, key=lambda x: x.start)


def _run_before(tr, end: int):
    """(start, end) of the capitalised run of words that ends at ``end`` (small joining words may stand between its
    capitalised ones; only spaces or an apostrophe between words), at most ``MAX_WORDS`` words, or None."""
    starts, ends, raw, words, seps = tr._starts, tr._ends, tr._raw, tr._words, tr._seps
    k = bisect_left(ends, end)
    if k >= len(ends) or ends[k] != end or not raw[k][:1].isupper() or tr._blocked[k]:
        return None
    first = k
    while first > 0 and k - first + 1 < MAX_WORDS and seps[first] in (" ", "'", "\u2019") and not tr._blocked[first - 1]:
        w = first - 1
        if raw[w][:1].isupper():
            first = w
        elif words[w] in _JOINING and w > 0 and seps[w] in (" ", "'", "\u2019") and raw[w - 1][:1].isupper():
            first = w - 1
        else:
            break
    return starts[first], ends[k]


def _shares_a_word(words: list, name: str) -> bool:
    """Whether the gloss (its folded words) and the card's printed name in the text's language have a content word in
    common."""
    content = content_words(name)
    return any(w in content for w in words)


def content_words(text: str) -> set:
    """The content words of ``text``, folded: no function word, none of two letters or fewer."""
    return {w for w in TOKEN.findall(fold(text)) if w not in mentions.ALL_FUNCTION and len(w) > 2}


def similarity(written: str, name: str) -> float:
    """How alike a name as written and a card's printed name are (rapidfuzz's ratio of the folded texts, 0–100)."""
    from rapidfuzz import fuzz
    return round(fuzz.ratio(fold(written), fold(name)), 1)
