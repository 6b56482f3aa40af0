"""The items of a combo list are cards (issue 24): "Jowgen + D Fissure + Rivalry", "Apollousa + Borreload Savage".

Players write the cards of a combo or a lock joined by "+". Between two plus signs (or a plus sign and the edge of
its clause) stands one card, often by a shortened name that the scan does not read in running text: a name's first
words ("Borreload Savage"), a series member without its series ("Fate" for Spellbook of Fate), a word cut to its
initial ("D Fissure"). ``find`` looks each capitalised item that no name found covers up as ``lookup`` does and keeps
the card when lookup's answer is one of those shortened readings (a score of ``MIN_SCORE`` or more, below an exact
match) and clear: no other card within ``index.TIE_MARGIN`` of it unless the first has ``LEAD`` times its printings
("Priestess" names two members of two series printed about as often: none). A count before the item ("2 Fate") and
lower-case words after it ("set", "etc.") are not part of the name.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import TOKEN
from .index import TIE_MARGIN

MIN_SCORE = 95.0
"""The lowest lookup score read as a shortened name (acronyms.SHORTENED_SCORE; partial's scores are above it)."""
LEAD = 2.0
"""A first card tied with others is kept when it has this many times the printings of each of them."""
MAX_WORDS = 4
_PLUS = re.compile(r"[ \t]\+[ \t]")
_EDGE = re.compile(r"[\n(\[;:,.!?]|\s[-–—]\s")
"""What ends a list item away from its plus sign: a line break, a bracket, a clause's punctuation, a dash."""


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the cards of the items of "+" lists that no name found covers (the module doc), in order."""
    if " + " not in text and "\t+" not in text and "+\t" not in text:
        return spans
    items = _items(text)
    if not items:
        return spans
    starts = [s.start for s in spans]  # (sorted, not overlapping: the last name to start before an item's end is the one
    # that may reach into it)
    memo = tr.__dict__.setdefault("_list_items", {})  # an item as written → its card (lookup is the costly part)
    if len(memo) > 10_000:
        memo.clear()
    add = []
    for a, b in items:
        k = bisect_left(starts, b)
        if (k and spans[k - 1].end > a) or (add and add[-1].end > a):
            continue
        item = text[a:b]
        got = memo[item] if item in memo else memo.setdefault(item, _card(tr, item))
        if got is not None:
            e, form, score = got
            add.append(span_type(a, b, item, e.id, "card", e.name(tr.dst) or item, form.lang, "approximate",
                                 e.origin, [], tr.threshold, score, e.passcodes))
    return sorted(spans + add, key=lambda s: s.start) if add else spans


def _items(text: str) -> list:
    """(start, end) of the capitalised items next to each plus sign of the text, each once: the capitalised words
    right before it, and the first capitalised words after it (after a count or a conjunction)."""
    out = set()
    for m in _PLUS.finditer(text):
        left = max((e.end() for e in _EDGE.finditer(text, max(0, m.start() - 80), m.start())), default=max(0, m.start() - 80))
        right = _PLUS.search(text, m.end())
        stop = _EDGE.search(text, m.end())
        end = min(right.start() if right else len(text), stop.start() if stop else len(text), m.end() + 80)
        for span in (_name_in(text, left, m.start(), last=True), _name_in(text, m.end(), end, last=False)):
            if span:
                out.add(span)
    return sorted(out)


def _name_in(text: str, a: int, b: int, last: bool):
    """The run of capitalised words in ``text[a:b]`` that is the item's name: the last run (``last``: the item before a
    plus sign; lower-case words after it, "set", are left out) or the first one (the item after it; a count or a
    conjunction before it is left out); None when it is longer than ``MAX_WORDS`` words or shorter than 3 letters."""
    words = list(TOKEN.finditer(text, a, b))
    caps = [w.group()[:1].isupper() for w in words]
    if not any(caps):
        return None
    if last:
        k = max(i for i, c in enumerate(caps) if c)
        j = k
        while j and caps[j - 1]:
            j -= 1
    else:
        j = caps.index(True)
        k = j
        while k + 1 < len(words) and caps[k + 1]:
            k += 1
    if k - j + 1 > MAX_WORDS or words[k].end() - words[j].start() < 3:
        return None
    return words[j].start(), words[k].end()


def _card(tr, item: str):
    """(entry, form, score) of the card lookup reads ``item`` as by a shortened name, or None."""
    res = tr.index.lookup(item, None, 5)
    ms = res.all
    if not ms or ms[0].exact or ms[0].score < MIN_SCORE or ms[0].entry.kind != "card":
        return None
    top = ms[0]
    rivals = [m for m in ms[1:] if m.entry is not top.entry and top.score - m.score <= TIE_MARGIN]
    if any(top.entry.prominence < LEAD * max(1, m.entry.prominence) for m in rivals):
        return None
    return top.entry, top.form, top.score
