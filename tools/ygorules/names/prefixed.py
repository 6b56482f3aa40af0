"""A series member written as its series, a dash and its head (issue 24): "Blackwing - Shura" for Blackwing - Shura the
Blue Flame, "Sky Striker Ace - Raye", "Destiny HERO - Dasher"; and a member found right after its series' name, a space
between (``spaced``): "Aliado de la Justicia Catastor".

The game prints many members as "<series> - <head> <epithet>", and players drop the epithet. Read word by word, the
series is a series and the head another card or nothing ("Blizzard", a card of its own; "Shura", a nickname). ``find``
reads each " - " (or " – ") of the text whose left side ends with a series' name and whose right side begins with a
capitalised word. It tries the series, the dash and one to ``MAX_HEAD`` capitalised words of the right side, longest
first, where they begin names of the text's language or English and are none themselves (the translator's keys), and
keeps the card where exactly one card of that series (its English name begins with the series' and the dash) has an
official or English name that begins so (a bisection in the sorted keys, no lookup). The one span replaces the names
found inside it.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import fold
from .discourse import entry_named

MAX_HEAD = 3
"""The most capitalised words after the dash read as the head."""
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
        last = head_end(tr, w)
        got = None
        i = bisect_left(starts, a)
        for b in range(last, w - 1, -1):
            key = _key(tr, i, b)
            if tr.keys.get(key) == 0:  # (the run begins names of the text's language or English, and is none itself)
                got = _card(tr, series_en, key)
                if got is not None:
                    end = wends[b]
                    break
        if got is None:
            continue
        e, form, score = got
        add.append(span_type(a, end, text[a:end], e.id, "card", e.name(tr.dst) or text[a:end], form.lang, "short-form",
                             e.origin, [], tr.threshold, score, e.passcodes))
    return merged(spans, add)


def spaced(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with each series name found right before a card found, one space between, read as that card where the
    card is a member whose English name begins with the series' and a space (the longest mention wins): "Aliado de la
    Justicia Catastor" is Ally of Justice Catastor, "HÉROE Elemental Neos" Elemental HERO Neos, however the member was
    found ("Catastor", a member's form; "Decisive Armor", its English rest)."""
    add = []
    for s, c in zip(spans, spans[1:]):
        if s.kind != "series" or c.kind != "card" or s.end + 1 != c.start or text[s.end] != " ":
            continue
        series = entry_named(tr.index, (s.text, s.replacement), s.id)
        card = entry_named(tr.index, (c.text, c.replacement), c.id)
        head = fold(series.names.get("en") or "") if series is not None else ""
        if not head or card is None or not fold(card.names.get("en") or "").startswith(head + " "):
            continue
        add.append(span_type(s.start, c.end, text[s.start:c.end], card.id, "card", card.name(tr.dst) or c.replacement,
                             c.lang, c.variant, card.origin, [], max(s.score, c.score), c.similarity, card.passcodes))
    return merged(spans, add)


def merged(spans: list, add: list) -> list:
    """``spans`` with the runs ``add`` (in the text's order) in place of the names found inside them, in order; a run
    that a name found goes on past is no name and is dropped."""
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


def head_end(tr, w: int) -> int:
    """The last word of the head that begins at word ``w``: up to ``MAX_HEAD`` capitalised words, a space between."""
    words, raw, seps = tr._words, tr._raw, tr._seps
    last = w
    while last + 1 < len(words) and last + 1 - w < MAX_HEAD and seps[last + 1] == " " and raw[last + 1][:1].isupper():
        last += 1
    return last


def _key(tr, i: int, j: int) -> str:
    """The translate key of words ``i`` to ``j``: the folded words joined by their separators' classes ("-" as " ")."""
    return tr._words[i] + "".join(tr._cls[k] + tr._words[k] for k in range(i + 1, j + 1))


def _series_before(tr, j: int):
    """(start, English name) of the series whose name the one to ``MAX_HEAD`` capitalised words ending at word ``j``
    are, the longest, or None."""
    raw, starts, seps = tr._raw, tr._starts, tr._seps
    first = j
    while first > 0 and j - first + 1 < MAX_HEAD and seps[first] in (" ", "-") and raw[first - 1][:1].isupper():
        first -= 1
    for i in range(first, j + 1):
        if not raw[i][:1].isupper():
            continue
        key = _key(tr, i, j)
        if tr.keys.get(key) != 1:
            continue  # (no name of the text's language or English: no series read here)
        for f in tr.index.forms_for_key(key):
            if f.entry.kind == "series":
                return starts[i], f.entry.names.get("en") or ""
    return None


def _card(tr, series_en: str, key: str):
    """(entry, form, similarity) of the one card of the series (its English name begins with ``series_en`` and a dash)
    whose official or English name's translate key begins with ``key`` (a series, a dash, a head), or None: none, or two
    such cards. A bisection in the sorted translate keys (``Translator._cards_beginning``), no lookup."""
    memo = tr.__dict__.setdefault("_prefixed", {})
    got = memo.get(key, 0)
    if got != 0:
        return got
    if len(memo) > 10_000:
        memo.clear()
    got = None
    found, more = tr._cards_beginning(key + " ")
    head = fold(series_en) + " - "
    cards = {f.entry.id: (f.entry, f, full) for full, f in found if fold(f.entry.names.get("en") or "").startswith(head)}
    if len(cards) == 1 and not more and series_en:
        e, f, full = next(iter(cards.values()))
        got = (e, f, round(100.0 * len(key) / len(full), 1))
    memo[key] = got
    return got
