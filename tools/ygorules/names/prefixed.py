"""A series member written as its series, a dash and its head (issue 24): "Blackwing - Shura" for Blackwing - Shura the
Blue Flame, "Sky Striker Ace - Raye", "Destiny HERO - Dasher".

The game prints many members as "<series> - <head> <epithet>", and players drop the epithet. Read word by word, the
series is a series and the head another card or nothing ("Blizzard", a card of its own; "Shura", a nickname). ``find``
reads each " - " (or " – ") of the text whose left side ends with a series name found, and whose right side begins
with a capitalised word: it looks up the series, the dash and one to ``MAX_HEAD`` capitalised words of the right side
as ``lookup`` does, longest first, and keeps the card where lookup's first answer is that card by its name's first
words (a score of ``PREFIX_SCORE`` or more, not exact: an exact name is the scan's), of that series (its English name
begins with the series' and the dash), and clear of the next answer that is no series. The one span replaces the
series' and the names found inside it.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import fold

MAX_HEAD = 3
"""The most capitalised words after the dash read as the head."""
PREFIX_SCORE = 97.0
"""Lookup's score of a name's first words (a series, the dash and the head: "Blackwing - Shura", 98)."""
LEAD = 3.0
"""How far the card must score above the next card lookup gives."""
_DASH = re.compile(r"[ \t][-–][ \t]")


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with each series-dash-head run the module doc describes read as its card, in order."""
    if " - " not in text and " – " not in text:
        return spans
    words, raw, starts, wends, seps = tr._words, tr._raw, tr._starts, tr._ends, tr._seps
    add = []
    for m in _DASH.finditer(text):
        w = bisect_left(starts, m.end())  # the head's first word
        if w >= len(words) or starts[w] != m.end() or not raw[w][:1].isupper() or w == 0 or wends[w - 1] != m.start():
            continue
        series = _series_before(tr, w - 1)
        if series is None:
            continue
        a, series_en = series
        last = w
        while last + 1 < len(words) and last + 1 - w < MAX_HEAD and seps[last + 1] == " " and raw[last + 1][:1].isupper():
            last += 1
        got = None
        for b in range(last, w - 1, -1):
            got = _card(tr, series_en, text[a:wends[b]])
            if got is not None:
                end = wends[b]
                break
        if got is None:
            continue
        e, form, score = got
        add.append(span_type(a, end, text[a:end], e.id, "card", e.name(tr.dst) or text[a:end], form.lang, "short-form",
                             e.origin, [], tr.threshold, score, e.passcodes))
    if not add:
        return spans
    keep = []
    for s in spans:
        over = [x for x in add if s.start < x.end and x.start < s.end]
        if not over:
            keep.append(s)
        elif any(s.start < x.start or s.end > x.end for x in over):
            add = [x for x in add if x not in over]  # a name found goes on past the run: the run is no name
            keep.append(s)
    return sorted(keep + add, key=lambda s: s.start) if add else spans


def _series_before(tr, j: int):
    """(start, English name) of the series whose name the one to ``MAX_HEAD`` capitalised words ending at word ``j``
    are, the longest, or None."""
    words, raw, starts, seps = tr._words, tr._raw, tr._starts, tr._seps
    first = j
    while first > 0 and j - first + 1 < MAX_HEAD and seps[first] in (" ", "-") and raw[first - 1][:1].isupper():
        first -= 1
    for i in range(first, j + 1):
        if not raw[i][:1].isupper():
            continue
        key = " ".join(words[i:j + 1])
        for f in tr.index.forms_for_key(key):
            if f.entry.kind == "series":
                return starts[i], f.entry.names.get("en") or ""
    return None


def _card(tr, series_en: str, piece: str):
    """(entry, form, score) of the card lookup reads ``piece`` (a series, a dash, a head) as, or None (module doc):
    ``series_en``, the series' English name, must begin the card's."""
    memo = tr.__dict__.setdefault("_prefixed", {})
    got = memo.get(piece, 0)
    if got != 0:
        return got
    if len(memo) > 10_000:
        memo.clear()
    got = None
    ms = [m for m in tr.index.lookup(piece, None, 5).all if m.entry.kind == "card"]
    if ms and not ms[0].exact and ms[0].score >= PREFIX_SCORE and (len(ms) < 2 or ms[0].score - ms[1].score >= LEAD):
        en = fold(ms[0].entry.names.get("en") or "")
        if series_en and en.startswith(fold(series_en) + " - "):
            got = (ms[0].entry, ms[0].form, ms[0].score)
    memo[piece] = got
    return got
