"""A "Number" card named without its number (issue 24): "Shock Master" for Number 16: Shock Master, "Sfera Dyson" for
Numero 9: Sfera Dyson.

Players name the Number monsters by what follows "Number NN:" (in every language: "Número", "Numero"). ``find`` reads
those names from the pool (every name of the form "Number NN: X", "Number C39: X"…, in any language, X of two words or
more that stands for one card only), and makes a capitalised run that is X, standing alone, that card where no name
found covers it. A run joined to a capitalised word before or after it is part of a longer name and is left alone.

``written`` reads a Number whose word is abbreviated ("N39 Utopia", "No. 39 Utopía Mayor", "Nº C39: Utopia Ray", "#39
Utopia"): the abbreviation, the number (perhaps with its letter) and the words after it, longest first, that make the
card's whole name with "Number"/"Número" in place of the abbreviation (the text's language or English). The number and
the rest together name one card, so a one-word rest ("Utopia") is enough. The span replaces the rest found alone.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from operator import attrgetter

from . import mentions
from .index import NUMBER_WRITTEN
from .discourse import JOINS, LINKS, _in_longer, positions_of, taken_of, words_of
from .prefixed import merged
from ..core.fold import TOKEN, fold, tkey
from ..core.locales import LANGS

NUMBER = re.compile(r"^(?:number|numero)\s*(?:c|s|f|ic|cic)?\s*\d+\s*:\s*(.+)$")
"""A Number's folded name: the word, the number (perhaps with its letter), a colon, the rest."""
_NUMBER_DIGITS = re.compile(r"(?:number|numero)\s*(?:c|s|f|ic|cic)?\s*(\d+)\s*:")
"""The digits of a Number's folded name ("number c39: utopia ray": 39)."""
MAX_WORDS = 6
TABLE_VERSION = 1
"""Bump when what ``_part_tails`` stores changes."""
_tails: dict = {}


def _part_tails(p) -> dict:
    """Folded rest of a Number's name → the indexes of the part's cards with it (each once, in order): every name, hidden
    or not (``NameIndex`` hides imported cards the KB holds, per index)."""
    out: dict = {}
    cols = [p.strings("e_" + lang) for lang in LANGS]
    for i, kind in enumerate(p.codes("e_kind")):
        if kind != "card":
            continue
        for col in cols:
            name = col[i]
            c = name[:1]
            if not c or (c.isascii() and c not in "Nn"):  # (folded, it cannot begin with "number" or "numero")
                continue
            m = NUMBER.match(fold(name))
            key = " ".join(TOKEN.findall(m.group(1))) if m else ""
            if m and 2 <= len(key.split()) <= MAX_WORDS:
                got = out.setdefault(key, [])
                if i not in got:
                    got.append(i)
    return out


def _stamp() -> str:
    from ..core.cache import code_stamp
    return f"{TABLE_VERSION}:{code_stamp(__file__)}"


def prepare(part) -> None:
    """Build and cache a part's table (``names import`` calls it, so that the first translation does not pay for it)."""
    part.derived_lists("numbers", _stamp(), _part_tails)


def _tails_of(index) -> dict:
    """Folded rest of a Number's name → (part, row) of its entry, for the index: the rests that one visible card only
    has (from each part's table, kept in the cache with it). The entry is made where a rest is read (``part.entry``),
    not for every Number at each start."""
    got = _tails.get(id(index))
    if got is None or got[0] is not index:
        stamp = _stamp()
        owners: dict = {}
        for p in index.parts:
            for key, rows in p.derived_lists("numbers", stamp, _part_tails).items():
                owners.setdefault(key, []).extend((p, i) for i in rows if i not in p.hidden)
        got = _tails[id(index)] = (index, {k: v[0] for k, v in owners.items() if len(v) == 1})
    return got[1]


_firsts: dict = {}


def _firsts_of(tails: dict) -> dict:
    """First word, and first two words, of a rest → the numbers of words of the rests they begin, longest first."""
    got = _firsts.get(id(tails))
    if got is None or got[0] is not tails:
        out: dict = {}
        for k in tails:
            ws = k.split(" ")
            out.setdefault(ws[0], set()).add(len(ws))
            out.setdefault((ws[0], ws[1]), set()).add(len(ws))
        got = _firsts[id(tails)] = (tails, {w: sorted(v, reverse=True) for w, v in out.items()})
    return got[1]


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the Numbers named without their number (module doc) added, in order."""
    tails = _tails_of(tr.index)
    if not tails:
        return spans
    words, raw, seps, starts, ends, blocked = tr._words, tr._raw, tr._seps, tr._starts, tr._ends, tr._blocked
    taken = None  # (the names found and held back, sorted: made at the first run that is a rest, most texts have none)
    add = []
    n = len(words)
    firsts = _firsts_of(tails)
    after = -1  # the end of the last run taken
    for k in positions_of(tr, firsts):  # (the few words of the text that may begin one)
        if k <= after or not raw[k][:1].isupper():
            continue
        sizes = firsts.get((words[k], words[k + 1])) if k + 1 < n else None
        if not sizes or blocked[k] or _in_longer(raw, words, seps, k):
            continue  # (no rest begins with these two words: most capitalised words)
        got = None
        for size in sizes:
            if k + size > n:
                continue
            last = k + size - 1
            if any(seps[j] not in JOINS for j in range(k + 1, last + 1)):
                continue
            if not all(raw[j][:1].isupper() or words[j] in LINKS for j in range(k, last + 1)) or not raw[last][:1].isupper():
                continue
            row = tails.get(" ".join(words[k:last + 1]))
            if row is not None and not mentions.LONGER_NAME.match(text, ends[last]):
                got = (last, row[0].entry(row[1]))
                break
        if got is None:
            continue
        last, e = got
        a, b = starts[k], ends[last]
        if taken is None:
            taken = taken_of(tr, spans)
        p = bisect_left(taken, (a, a))
        if not any(x < b and a < y for x, y in taken[max(0, p - 1):p + 1]) and not any(x < b and a < y for x, y in taken[p:p + MAX_WORDS]):
            add.append(span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "short-form", e.origin,
                                 [], tr.threshold, 100.0, e.passcodes))
        after = last
    if not add:
        return spans
    return sorted(spans + add, key=attrgetter("start"))


WRITTEN = re.compile(NUMBER_WRITTEN)
"""``index.NUMBER_WRITTEN``, matched where a word of the text ends in a digit (``written`` tests the character before
the match itself)."""


def written(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with each Number written with its word abbreviated (module doc) read as its card, in order."""
    words, starts, ends, seps = tr._words, tr._starts, tr._ends, tr._seps
    n = len(words)
    add = []
    at = None  # (the spans by their start: made at the first abbreviation, most texts have none)
    numbers = [w for w in words_of(tr) if w[-1:].isdigit() and len(w) <= 7]  # ("39", "n39", "c39": the words that
    # may end one; a scan of the text for the pattern cost more than the rest of this pass, since "n" is everywhere)
    for k in positions_of(tr, set(numbers)) if numbers else ():
        m = None
        for a in range(max(0, starts[k] - 5), starts[k] + 1):  # (the abbreviation before the number, or in its word)
            m = WRITTEN.match(text, a)
            if m is not None and m.end(2) == ends[k] and not (a and (text[a - 1].isalnum() or text[a - 1] in "_#")):
                break  # (not the end of a longer word, nor "##")
            m = None
        if m is None:
            continue
        w = bisect_left(starts, m.end())
        if w >= n or starts[w] - m.end() > 2 or text[m.end():starts[w]].strip(" \t"):
            continue  # the rest begins right after the number (a space or two between)
        number = (m.group(1) or "") + m.group(2)
        last = w
        while last + 1 < n and last + 1 - w < MAX_WORDS and seps[last + 1] in JOINS:
            last += 1
        if at is None:
            at = {s.start: s for s in spans}
        s = at.get(starts[w])  # a name found where the rest begins: a whole name read here covers it
        got = None
        for b in range(last, w - 1, -1):
            if s is not None and ends[b] < s.end:
                break
            rest = text[starts[w]:ends[b]]
            keys = [k for k in (tkey(f"{word} {number}: {rest}") for word in ("Number", "Número")) if tr.keys.get(k)]
            cards = {f.entry.id: f for k in keys for f in tr._forms(k) if f.entry.kind == "card" and f.variant in ("official", "english")}
            if len(cards) == 1:
                got = (b, next(iter(cards.values())))
                break
        a = m.start()
        if got is not None:
            b, f = got
            e = f.entry
            add.append(span_type(a, ends[b], text[a:ends[b]], e.id, "card", e.name(tr.dst) or text[a:ends[b]], f.lang,
                                 "short-form", e.origin, [], tr.threshold, 100.0, e.passcodes))
        elif s is not None and s.kind == "card":  # a Number found right after with the same number takes it in ("N.39
            # Utopia Ray" for Number C39: Utopia Ray)
            named = _NUMBER_DIGITS.match(fold(s.replacement))
            if named and named.group(1) == m.group(2):
                add.append(span_type(a, s.end, text[a:s.end], s.id, "card", s.replacement, s.lang, s.variant, s.origin,
                                     s.alternatives, s.score, s.similarity, s.passcodes))
    if not add:
        return spans
    return merged(spans, add)
