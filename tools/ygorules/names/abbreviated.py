"""A series member written as its series' abbreviation and its head (issue 24): "AOJ Catastor" for Ally of Justice
Catastor, "E-HERO Prisma" for Elemental HERO Prisma, "D-HERO Diamond Dude" for Destiny HERO - Diamond Dude.

Players shorten a long series' name to its initials ("AOJ", "AoJ" for Ally of Justice) or, for the HEROes, to the first
letter of the first word, a dash and the last word written in capitals ("E-HERO", "D-HERO", "M-HERO", "V-HERO"), and
keep the member's own words after it. Read word by word, the abbreviation is nothing and the head is another card or
nothing ("Catastor" is held as the end of a longer name). ``find`` reads each such abbreviation of a series of two words
or more (``abbreviations``) followed by one to ``prefixed.MAX_HEAD`` capitalised words, longest first, and keeps the
card where exactly one card has an official or English name of the text's language or English that is the series' name
(in the text's language or English) and those words, or, where none is, exactly one card has such a name that begins so
(the sorted translate keys: an exact key or a bisection, no lookup). Two series with one abbreviation (Elemental HERO
and Evil HERO are both "E-HERO") are both tried, and the head must name one card of the two. The one span replaces the
names found inside it. ``rerank`` reads a lookup query so written ("BE White Dragon"), exact names only.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import TOKEN, initials, normalize, tkey
from .prefixed import _key, head_end, merged

_ABBREVIATED = r"[A-Z](?:-[A-Z]{3,}|[A-Z]{1,5}|(?:[a-z]{1,2}[A-Z])+)"
_ABBREVIATION = re.compile(_ABBREVIATED + r"(?= [A-Z0-9])")
"""An abbreviation in the text: a capital, a dash and a word in capitals ("E-HERO"), two to six capitals ("AOJ"), or
capitals with the small words' initials in lower case ("AoJ"), then a space and a capitalised word or a digit; and no
letter, digit or dash before it (``find`` asks: a look-behind in the pattern makes the scan three times slower)."""
TABLE_VERSION = 1
"""Bump when what ``_part_abbreviations`` stores changes."""


def abbreviations(en: str) -> set:
    """The abbreviations players write for a series of English name ``en`` (of two words or more; empty otherwise): its
    initials in capitals, and where its last word is written in capitals, its first letter, a dash and that word.

    >>> sorted(abbreviations("Elemental HERO")), sorted(abbreviations("Ally of Justice")), abbreviations("Blackwing")
    (['E-HERO', 'EH'], ['AOJ'], set())
    """
    words = TOKEN.findall(en)
    if len(words) < 2:
        return set()
    out = {initials(en)}
    last = words[-1]
    if len(last) >= 3 and last.isupper() and last.isalpha():
        out.add(words[0][0].upper() + "-" + last)
    return out


def _part_abbreviations(p) -> dict:
    """Abbreviation → the indexes of the part's series entries it abbreviates (``abbreviations`` of their English
    names), hidden or not."""
    out: dict = {}
    col = p.strings("e_en")
    for i, kind in enumerate(p.codes("e_kind")):
        if kind == "series":
            for a in abbreviations(col[i]):
                out.setdefault(a, []).append(i)
    return out


def _stamp() -> str:
    from ..core.cache import code_stamp
    return f"{TABLE_VERSION}:{code_stamp(__file__)}"


def prepare(part) -> None:
    """Build and cache a part's table (``names import`` calls it, so that the first translation does not pay for it)."""
    part.derived_lists("abbreviations", _stamp(), _part_abbreviations)


_tables: dict = {}


def _series_of(index, abbreviation: str) -> list:
    """The visible series entries of ``index`` an abbreviation written in a text or a query stands for (``AoJ`` as
    ``AOJ``; each part's table read once per process and kept in the cache with the part)."""
    got = _tables.get(id(index))
    if got is None or got[0] is not index:
        stamp = _stamp()
        got = _tables[id(index)] = (index, [(p, p.derived_lists("abbreviations", stamp, _part_abbreviations))
                                            for p in index.parts])
    key = abbreviation if "-" in abbreviation else abbreviation.upper()
    return [p.entry(i) for p, t in got[1] for i in t.get(key, ()) if i not in p.hidden]


LOOKUP_SCORE = 96.0
"""The score in ``lookup`` of the card a query written as a series' abbreviation and the member's words names: as an
acronym's (``acronyms.ACRONYM_SCORE``), above a fuzzy match, below an exact one."""
_QUERY = re.compile(rf"({_ABBREVIATED}) +(\S.*)")
"""A lookup query so written: the abbreviation (``_ABBREVIATION``'s), blanks, the member's words."""


def rerank(index, query: str, lang, matches: list, match_type) -> list:
    """``lookup``'s matches of a query with no exact match, with the card first that the query names as a series'
    abbreviation and the member's own words ("AOJ Catastor", "BE White Dragon"): the one card whose official or English
    name (in ``lang``, or any language) is a series' name that the abbreviation stands for, in that language or English,
    and the words."""
    m = _QUERY.fullmatch(query.strip())
    if m is None:
        return matches
    found = {}
    for s in _series_of(index, m.group(1)):
        for name in {n for n in s.names.values() if n}:
            for f in index.forms_for_key(normalize(name + " " + m.group(2)), lang):
                if f.entry.kind == "card" and f.variant in ("official", "english"):
                    found[f.entry.id] = f.entry
    if len(found) != 1:
        return matches
    from .acronyms import _first
    return _first(index, list(found.values()), LOOKUP_SCORE, matches, match_type)


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with each abbreviation-and-head run the module doc describes read as its card, in order."""
    words, starts, wends = tr._words, tr._starts, tr._ends
    add = []
    for m in _ABBREVIATION.finditer(text):
        a = m.start()
        if a and (text[a - 1].isalnum() or text[a - 1] in "-_"):
            continue  # (the end of a longer word)
        series = _series_of(tr.index, m.group())
        if not series:
            continue
        w = bisect_left(starts, m.end() + 1)  # the head's first word
        if w >= len(words) or starts[w] != m.end() + 1:
            continue
        for b in range(head_end(tr, w), w - 1, -1):
            head = _key(tr, w, b)
            keys = [tkey(name) + " " + head for s in series
                    for name in {s.names.get("en") or "", s.name(tr.src) or ""} - {""}]
            cards = _cards(tr, keys, _exact) or _cards(tr, keys, _begun)  # (a whole name first, from either series)
            if len(cards) == 1:
                e, form, score = next(iter(cards.values()))
                end = wends[b]
                add.append(span_type(a, end, text[a:end], e.id, "card", e.name(tr.dst) or text[a:end], form.lang,
                                     "short-form", e.origin, [], tr.threshold, score, e.passcodes))
                break
            if cards:
                break  # (two cards: a shorter head names them both too)
    return merged(spans, add)


def _cards(tr, keys: list, read) -> dict:
    """Card id → (entry, form, similarity) of the cards that ``read(tr, key)`` gives for any of ``keys``."""
    out: dict = {}
    for key in keys:
        if tr.keys.get(key) is not None:
            for got in read(tr, key):
                out.setdefault(got[0].id, got)
    return out


def _exact(tr, key: str) -> list:
    """[(entry, form, similarity)] of the cards whose official or English name read here has translate key ``key``."""
    return [(f.entry, f, 100.0) for f in tr._forms(key)
            if f.entry.kind == "card" and f.variant in ("official", "english")] if tr.keys.get(key) == 1 else []


def _begun(tr, key: str) -> list:
    """[(entry, form, similarity)] of the cards whose official or English name read here has a translate key that begins
    with ``key`` and goes on (a bisection in the sorted keys); none where a part has more of them than
    ``Translator._cards_beginning`` reads."""
    found, more = tr._cards_beginning(key + " ")
    return [] if more else [(f.entry, f, round(100.0 * len(key) / len(full), 1)) for full, f in found]
