"""A "Number" card named without its number (issue 24): "Shock Master" for Number 16: Shock Master, "Sfera Dyson" for
Numero 9: Sfera Dyson.

Players name the Number monsters by what follows "Number NN:" (in every language: "Número", "Numero"). ``find`` reads
those names from the pool (every name of the form "Number NN: X", "Number C39: X"…, in any language, X of two words or
more that stands for one card only), and makes a capitalised run that is X, standing alone, that card where no name
found covers it; a shorter name found inside it gives way ("Shark Drake Veiss" is no series Shark Drake and a word). A
run joined to a capitalised word before or after it is part of a longer name and is left alone.

``written`` reads a Number whose word is abbreviated ("N39 Utopia", "No. 39 Utopía Mayor", "Nº C39: Utopia Ray", "#39
Utopia"): the abbreviation, the number (perhaps with its letter) and the words after it, longest first, that make the
card's whole name with "Number"/"Número" in place of the abbreviation (the text's language or English). The number and
the rest together name one card, so a one-word rest ("Utopia") is enough. The span replaces the rest found alone.

``spelled`` reads a Number whose word and number are written in full but whose name is not as printed, a fan rendering
with English words left in ("Número 107: Dragón Tachyon de Ojos Galaxy"): the card with that number (a few cards
share one) whose names in any language hold the words.
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


def _number_names(p):
    """(row, folded name) of each name in any language of the part's cards that may be a Number's (it begins with an
    "N" or a letter that folds to one), hidden or not (``NameIndex`` hides imported cards the KB holds, per index)."""
    cols = [p.strings("e_" + lang) for lang in LANGS]
    for i, kind in enumerate(p.codes("e_kind")):
        if kind != "card":
            continue
        for col in cols:
            name = col[i]
            c = name[:1]
            if c and not (c.isascii() and c not in "Nn"):  # (folded, it cannot begin with "number" or "numero")
                yield i, fold(name)


def _part_tails(p) -> dict:
    """Folded rest of a Number's name → the indexes of the part's cards with it (each once, in order)."""
    out: dict = {}
    for i, name in _number_names(p):
        m = NUMBER.match(name)
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
    part.derived_lists("numbered", _stamp(), _part_numbered)


def _tails_of(index) -> dict:
    """Folded rest of a Number's name → (part, row) of its entry, for the index: the rests that one visible card only
    has (from each part's table, kept in the cache with it). The entry is made where a rest is read (``part.entry``),
    not for every Number at each start."""
    got = _tails.get(id(index))
    if got is None or got[0] is not index:
        got = _tails[id(index)] = (index, {k: v[0] for k, v in _owners(index, "numbers", _part_tails).items() if len(v) == 1})
    return got[1]


def _owners(index, kind: str, build) -> dict:
    """A key of the parts' tables of ``kind`` (``build``, each kept in the cache with its part) → [(part, row)] of the
    visible cards under it, in every part."""
    stamp = _stamp()
    owners: dict = {}
    for p in index.parts:
        for key, rows in p.derived_lists(kind, stamp, build).items():
            owners.setdefault(key, []).extend((p, i) for i in rows if i not in p.hidden)
    return owners


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
    inner = set()  # (start, end) of the names found inside a rest read, which give way to it
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
        near = [(x, y) for x, y in taken[max(0, p - 1):p + MAX_WORDS] if x < b and a < y]
        if all(a <= x and y <= b and y - x < b - a for x, y in near):
            # (a name found inside the rest, shorter, gives way: the longest mention wins, "Shark Drake Veiss" is Number
            # C32: Shark Drake Veiss, not the series Shark Drake and a word)
            inner.update(near)
            add.append(span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "short-form", e.origin,
                                 [], tr.threshold, 100.0, e.passcodes))
        after = last
    if not add:
        return spans
    if inner:
        spans = [s for s in spans if (s.start, s.end) not in inner]
        tr.held = [(h, why) for h, why in tr.held if (h.start, h.end) not in inner]  # (read now: none unresolved)
    return sorted(spans + add, key=attrgetter("start"))


_NUMBERED = re.compile(r"^(?:number|numero)\s*((?:c|s|f|ic|cic)?)\s*(\d+)\s*:")
"""A Number's folded name: its letter (perhaps none) and digits ("numero c39: utopia raggiante": "c", "39")."""
_NUMBER_WORD = re.compile(r"(?:c|s|f|ic|cic)?\d{1,3}")
"""A folded word that is a Number's number, perhaps with its letter ("107", "c39")."""
STEM = 5
"""Letters a word of a rest must share from its start with a word of the card's names to count as that word ("taquion"
for "taquionico"): the same word with another ending, never a short word that begins many ("drag")."""


def _part_numbered(p) -> dict:
    """A Number's number as a folded word ("107", "c39") → the indexes of the part's cards with it (each once, in
    order)."""
    out: dict = {}
    for i, name in _number_names(p):
        m = _NUMBERED.match(name)
        if m:
            got = out.setdefault(m.group(1) + m.group(2), [])
            if i not in got:
                got.append(i)
    return out


def _numbered_of(index) -> dict:
    """A Number's number ("107", "c39") → [(part, row)] of the visible cards with it (each part's table kept in the
    cache with it)."""
    got = _numbered.get(id(index))
    if got is None or got[0] is not index:
        got = _numbered[id(index)] = (index, _owners(index, "numbered", _part_numbered))
    return got[1]


_numbered: dict = {}


def _name_words(p, i: int) -> set:
    """The folded words of a card's names in every language, its Number's words and number left out."""
    out = set()
    for lang in LANGS:
        name = p.strings("e_" + lang)[i]
        m = _NUMBERED.match(fold(name)) if name else None
        if m:
            out.update(TOKEN.findall(fold(name)[m.end():]))
    return out - LINKS


def _matches(word: str, names: set) -> bool:
    """Whether the folded word is one of ``names`` or the same word with another ending (``STEM`` letters in common)."""
    if word in names:
        return True
    return len(word) >= STEM and any(len(n) >= STEM and n[:STEM] == word[:STEM] for n in names)


def spelled(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with each Number written with its word and number in full and its name in other words than printed
    (a fan rendering, English words left in: "Número 107: Dragón Tachyon de Ojos Galaxy") read as the card with that
    number whose names have the words, in order. The number decides among few cards; the words must be the card's:
    every word of the name up to the last one read is a word of one of the card's names in any language, or the same
    word with another ending, the first one and two at least (one where the name is one word), so that a list's
    "Número 3: Dragón…" is no card."""
    present = words_of(tr)
    if "numero" not in present and "number" not in present:
        return spans
    numbered = _numbered_of(tr.index)
    words, raw, seps, starts, ends = tr._words, tr._raw, tr._seps, tr._starts, tr._ends
    n = len(words)
    add = []
    taken = None
    for k in positions_of(tr, {"numero", "number"}):
        if not raw[k][:1].isupper() or k + 2 >= n or seps[k + 1] != " " or not _NUMBER_WORD.fullmatch(words[k + 1]):
            continue
        if seps[k + 2].strip(" \t") not in ("", ":") or "\n" in seps[k + 2]:
            continue
        cards = numbered.get(words[k + 1])
        if not cards:
            continue
        w = k + 2
        last = w
        while last + 1 < n and last + 1 - w < MAX_WORDS and seps[last + 1] in JOINS \
                and (raw[last + 1][:1].isupper() or words[last + 1] in LINKS):
            last += 1
        if not raw[w][:1].isupper():
            continue
        best = []
        for p, i in cards:
            names = _name_words(p, i)
            if not _matches(words[w], names):
                continue
            end, good, content = w, 0, 0
            for j in range(w, last + 1):
                if words[j] in LINKS:
                    continue
                content += 1
                if not _matches(words[j], names):
                    break
                good, end = good + 1, j
            if good >= 2 or (good == 1 and content == 1):
                best.append((good, -len(names), end, p, i))
        if not best:
            continue
        best.sort(key=lambda x: x[:2], reverse=True)
        if len(best) > 1 and best[0][:2] == best[1][:2]:
            continue  # two cards with the number have the words: the name does not tell which
        _, _, end, p, i = best[0]
        a, b = starts[k], ends[end]
        if taken is None:
            taken = taken_of(tr, spans)
        q = bisect_left(taken, (a, a))
        if any(x <= a and b <= y for x, y in taken[max(0, q - 1):q + 1]):
            continue  # a name found covers it: the printed name, or a longer one
        e = p.entry(i)
        add.append(span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "fan-translation",
                             e.origin, [], tr.threshold, 100.0, e.passcodes))
    return merged(spans, add)


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
