"""A lookup query written as an acronym of a card's English name (issue 24): "TGLG" for That Grass Looks Greener.

Players write long English names by their initials (DAD, MST, TGLG, CED). The common ones are nicknames in
``data/nicknames.tsv``; for the others, ``rerank`` reads a query of ``MIN_LETTERS`` to ``MAX_LETTERS`` capitals and
digits that names nothing exactly as the initials of the cards' English names (every word's first letter or digit:
"Red-Eyes" gives R and E), and of the part of a name before " - " or a comma ("BLS" of Black Luster Soldier - Envoy of
the Beginning). Only lookup reads acronyms: in running text, capitals are too often something else (TCG, ATK, YCS).
"""
from __future__ import annotations

import re

from ..core.fold import TOKEN, fold, normalize

MIN_LETTERS, MAX_LETTERS = 3, 7
ACRONYM_SCORE = 96.0
"""The score of a card whose initials the query is: above a fuzzy match, below an exact or plural one."""
_QUERY = re.compile(r"[A-Z0-9]{3,7}")
_tables: dict = {}


def initials(name: str) -> str:
    """The first letter or digit of each word of a name, in capitals.

    >>> initials("That Grass Looks Greener"), initials("Red-Eyes Darkness Metal Dragon")
    ('TGLG', 'REDMD')
    """
    return "".join(w[0] for w in TOKEN.findall(fold(name))).upper()


def _table(index) -> dict:
    got = _tables.get(id(index))
    if got is None or got[0] is not index:
        out: dict = {}
        for e in index.entries():
            en = e.names.get("en") if e.kind == "card" else None
            if not en:
                continue
            for part in {en, re.split(r"\s+[-–]\s+|,", en, 1)[0]}:
                a = initials(part)
                if MIN_LETTERS <= len(a) <= MAX_LETTERS:
                    out.setdefault(a, []).append(e)
        got = _tables[id(index)] = (index, out)
    return got[1]


def rerank(index, query: str, matches: list, match_type) -> list:
    """``lookup``'s matches of a query with no exact match, with the cards whose initials it is first (``ACRONYM_SCORE``;
    among them, lookup's tie order puts the most printed first)."""
    q = query.strip()
    if not _QUERY.fullmatch(q) or q.isdigit():
        return matches
    cards = _table(index).get(q)
    if not cards:
        return matches
    made, seen = [], set()
    for e in cards:
        if e.id in seen:
            continue
        seen.add(e.id)
        form = next((f for f in index.forms_for_key(normalize(e.names["en"]), "en") if f.entry is e), None)
        if form is not None:
            made.append(match_type(e, ACRONYM_SCORE, form))
    ids = {id(m.entry) for m in made}
    return sorted(made, key=lambda m: -m.entry.prominence) + [m for m in matches if id(m.entry) not in ids]


SHORTENED_SCORE = 95.0
"""The score of a card whose English name a query gives with one word cut to its initial ("D Fissure")."""
_shortened: dict = {}


def _shortened_table(index) -> dict:
    """Folded English name with one word cut to its first letter → the cards (names of two to four words)."""
    got = _shortened.get(id(index))
    if got is None or got[0] is not index:
        out: dict = {}
        for e in index.entries():
            en = e.names.get("en") if e.kind == "card" else None
            ws = TOKEN.findall(fold(en)) if en else []
            if not 2 <= len(ws) <= 4:
                continue
            for k, w in enumerate(ws):
                if len(w) > 1 and not w.isdigit():
                    out.setdefault(" ".join(ws[:k] + [w[0]] + ws[k + 1:]), []).append(e)
        got = _shortened[id(index)] = (index, out)
    return got[1]


def shortened(index, key: str, matches: list, match_type) -> list:
    """``lookup``'s matches of a folded query with no exact match that has one one-letter word and a word of three
    letters or more, with the cards whose English name it gives with that word cut to its initial first ("D Fissure"
    for Dimensional Fissure, "Skill D" for Skill Drain), at ``SHORTENED_SCORE``, the most printed first."""
    ws = key.split()
    if not 2 <= len(ws) <= 4 or sum(len(w) == 1 and w.isalpha() for w in ws) != 1 or not any(len(w) >= 3 for w in ws):
        return matches
    cards = _shortened_table(index).get(" ".join(ws))
    if not cards:
        return matches
    made, seen = [], set()
    for e in sorted(cards, key=lambda e: -e.prominence):
        form = next((f for f in index.forms_for_key(normalize(e.names["en"]), "en") if f.entry is e), None) if e.id not in seen else None
        seen.add(e.id)
        if form is not None:
            made.append(match_type(e, SHORTENED_SCORE, form))
    ids = {id(m.entry) for m in made}
    return made + [m for m in matches if id(m.entry) not in ids]
