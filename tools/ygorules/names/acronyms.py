"""A lookup query written as an acronym of a card's English name (issue 24): "TGLG" for That Grass Looks Greener.

Players write long English names by their initials (DAD, MST, TGLG, CED). The common ones are nicknames in
``data/nicknames.tsv``; for the others, ``rerank`` reads a query of ``MIN_LETTERS`` to ``MAX_LETTERS`` capitals and
digits that names nothing exactly as the initials of the cards' English names (every word's first letter or digit:
"Red-Eyes" gives R and E), and of the part of a name before " - " or a comma ("BLS" of Black Luster Soldier - Envoy of
the Beginning), with or without the "s" of a possessive ("HFD"); written with the small words' initials in lower case
too ("CotH", "DMoC"), and of two capitals for a card printed far more than any other with those initials ("DM",
never read in running text). Only lookup reads acronyms: in running text, capitals are too often something else (TCG, ATK, YCS).
"""
from __future__ import annotations

import re

from ..core.fold import TOKEN, fold, initials, normalize

MIN_LETTERS, MAX_LETTERS = 3, 7
ACRONYM_SCORE = 96.0
"""The score of a card whose initials the query is: above a fuzzy match, below an exact or plural one."""
_QUERY = re.compile(r"[A-Z0-9]{3,7}")
_MIXED_CASE = re.compile(r"[A-Z0-9](?:[a-z]{0,2}[A-Z0-9])+")
"""An acronym with the small words' initials in lower case ("CotH", "DMoC", "RotA"): a capital or digit, then runs of
one or two lower-case letters each followed by a capital or digit; read as its capitals (``rerank``)."""
TWO_LETTER_LEAD = 2.0
"""A query of two capitals ("DM", "TT") names the most printed card with those initials only when it has this many
times the printings of the next one: two letters fit many cards."""
TWO_LETTER_SCORE = 94.0
"""… at this score, the other matches more than a point below it: first in lookup, but under the score at which the
items of a list in running text are read as shortened names (``lists.MIN_SCORE``: "DM, GX, 5D's" are eras)."""
_tables: dict = {}


TABLE_VERSION = 2
"""Bump when what the parts' tables (``_part_keys``) store changes."""


def _part_keys(keys_of):
    """``build(part)`` of a part's table (``Part.derived``): key → the indexes of the part's cards that ``keys_of(English
    name)`` gives it, in order, hidden or not (``NameIndex`` hides imported cards the KB holds, per index)."""
    def build(p) -> dict:
        out: dict = {}
        col = p.strings("e_en")
        for i, kind in enumerate(p.codes("e_kind")):
            en = col[i] if kind == "card" else None
            for k in keys_of(en) if en else ():
                out.setdefault(k, []).append(i)
        return out
    return build


def _stamp() -> str:
    from ..core.cache import code_stamp
    return f"{TABLE_VERSION}:{code_stamp(__file__)}"


def prepare(part) -> None:
    """Build and cache a part's tables (``names import`` calls it, so that the first lookup does not pay for them)."""
    stamp = _stamp()
    for kind, keys_of in _KINDS.items():
        part.derived_lists(kind, stamp, _part_keys(keys_of))


def _cards_by(index, store: dict, kind: str, key: str) -> list:
    """The visible card entries that ``_KINDS[kind]`` gives ``key``, in the index's order (each part's table is built
    once per process and kept in the cache with the part; ``store`` keeps them per index)."""
    got = store.get(id(index))
    if got is None or got[0] is not index:
        stamp, build = _stamp(), _part_keys(_KINDS[kind])
        got = store[id(index)] = (index, [(p, p.derived_lists(kind, stamp, build)) for p in index.parts])
    return [p.entry(i) for p, t in got[1] for i in t.get(key, ()) if i not in p.hidden]


def _acronyms_of(en: str):
    """The acronyms of an English name: its initials and its head's (before " - " or a comma), each also without the
    "s" of a possessive ("HFD" for Harpie's Feather Duster), of two to ``MAX_LETTERS`` letters."""
    for part in {en, re.split(r"\s+[-–]\s+|,", en, 1)[0]}:
        for a in {initials(part), initials(re.sub(r"[’']s\b", "", part))}:
            if 2 <= len(a) <= MAX_LETTERS:
                yield a


def _first(index, cards: list, score: float, matches: list, match_type) -> list:
    """``matches`` with ``cards`` first at ``score`` (the most printed first), each with its English form."""
    made, seen = [], set()
    for e in sorted(cards, key=lambda e: -e.prominence):
        form = next((f for f in index.forms_for_key(normalize(e.names["en"]), "en") if f.entry is e), None) \
            if e.id not in seen else None
        seen.add(e.id)
        if form is not None:
            made.append(match_type(e, score, form))
    ids = {id(m.entry) for m in made}
    return made + [m for m in matches if id(m.entry) not in ids]


def rerank(index, query: str, matches: list, match_type) -> list:
    """``lookup``'s matches of a query with no exact match, with the cards whose initials it is first (``ACRONYM_SCORE``,
    the most printed first): capitals and digits, or an acronym in mixed case (``_MIXED_CASE``) read as its capitals;
    two capitals only for a card well ahead in printings (``TWO_LETTER_LEAD``)."""
    q = query.strip()
    if _MIXED_CASE.fullmatch(q) and not _QUERY.fullmatch(q) and MIN_LETTERS <= len(q) <= MAX_LETTERS:
        q = q.upper()
    two = len(q) == 2 and q.isalpha() and q.isupper()
    if not (_QUERY.fullmatch(q) or two) or q.isdigit():
        return matches
    cards = _cards_by(index, _tables, "acronyms", q)
    if two and cards:
        cards = sorted(cards, key=lambda e: -e.prominence)
        if len(cards) > 1 and cards[0].prominence < TWO_LETTER_LEAD * max(1, cards[1].prominence):
            return matches
        from .partial import capped
        return _first(index, cards[:1], TWO_LETTER_SCORE, capped(matches, TWO_LETTER_SCORE - 1.01, match_type), match_type)
    return _first(index, cards, ACRONYM_SCORE, matches, match_type) if cards else matches


SHORTENED_SCORE = 95.0
"""The score of a card whose English name a query gives with one word cut to its initial ("D Fissure")."""
_shortened: dict = {}


def _shortened_of(en: str):
    """The folded English name with one word cut to its first letter (names of two to four words)."""
    ws = TOKEN.findall(fold(en))
    if 2 <= len(ws) <= 4:
        for k, w in enumerate(ws):
            if len(w) > 1 and not w.isdigit():
                yield " ".join(ws[:k] + [w[0]] + ws[k + 1:])


def shortened(index, key: str, matches: list, match_type) -> list:
    """``lookup``'s matches of a folded query with no exact match that has one one-letter word and a word of three
    letters or more, with the cards whose English name it gives with that word cut to its initial first ("D Fissure"
    for Dimensional Fissure, "Skill D" for Skill Drain), at ``SHORTENED_SCORE``, the most printed first."""
    ws = key.split()
    if not 2 <= len(ws) <= 4 or sum(len(w) == 1 and w.isalpha() for w in ws) != 1 or not any(len(w) >= 3 for w in ws):
        return matches
    cards = _cards_by(index, _shortened, "shortened", " ".join(ws))
    return _first(index, cards, SHORTENED_SCORE, matches, match_type) if cards else matches


_KINDS = {"acronyms": _acronyms_of, "shortened": _shortened_of}
"""The kinds of table a part keeps for lookup, and what gives a card's keys from its English name."""
