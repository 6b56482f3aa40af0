"""Pieces of a set named by body part and side (issue 24): "braccio dx/sx", "pierna izq", "perna esq", "la testa".

Some cards are pieces of one whole, named alike: a body part, a side, and the whole's name ("Braccio Dx del Proibito",
"Pierna Izquierda del Prohibido", "Left Arm of the Forbidden One"). Players name a piece by its first two words only,
with the side cut short ("braccio dx e sx", "pierna izq", "braço dir") and the head by the word for head. These sets are
read from the pool's names, not listed: in each language, cards whose names are two words, a linking word and the same
tail, where at least two first words each come with two sides, are pieces; the whole's own card is the most printed
card whose name ends with the tail's last word and is not a piece ("Exodia il Proibito").

A piece is read only where the text names the whole (the tail's last word or the first word of the whole's card:
"Proibito", "Exodia"), so "me duele el brazo derecho" stays words. ``find`` adds the pieces no name found covers.
"""
from __future__ import annotations

from bisect import bisect_left

from .discourse import words_of
from ..core.fold import TOKEN, fold

LINKS = {"del", "de", "do", "da", "di", "della", "dello", "of", "the", "des", "du"}
HEAD_WORDS = {"es": {"cabeza"}, "pt": {"cabeca"}, "it": {"testa"}, "en": {"head"}}
"""The word for the whole's head in each language (the one piece whose card does not name a body part)."""
AND_SIDES = {"/", "-", ",", "e", "y", "ou", "o", "ed", "and", "&"}
NEAR = 80
"""How close (characters) the head word must be to a piece found ("testa, braccio dx/sx")."""

_sets: dict = {}


class _Set:
    __slots__ = ("parts", "head", "triggers")

    def __init__(self):
        self.parts: dict = {}  # folded first word → [(folded side, entry)]
        self.head = None
        self.triggers: set = set()


def _sets_of(index, lang: str) -> list:
    key = (id(index), lang)
    got = _sets.get(key)
    if got is None:
        got = _sets[key] = _build(index, lang)
    return got


def _build(index, lang: str) -> list:
    groups: dict = {}
    ends: dict = {}
    for e in index.entries():
        if e.kind != "card":
            continue
        name = e.names.get(lang)
        if not name:
            continue
        toks = TOKEN.findall(fold(name))
        if toks:
            ends.setdefault(toks[-1], []).append((e, toks))
        if len(toks) >= 4 and toks[2] in LINKS:
            groups.setdefault(tuple(toks[2:]), []).append((toks[0], toks[1], e))
    out = []
    for tail, members in groups.items():
        parts: dict = {}
        for w1, w2, e in members:
            parts.setdefault(w1, []).append((w2, e))
        if sum(len({w2 for w2, _ in v}) >= 2 for v in parts.values()) < 2:
            continue
        s = _Set()
        s.parts = parts
        ids = {e.id for _, _, e in members}
        heads = [(e, toks) for e, toks in ends.get(tail[-1], ()) if e.id not in ids and len(toks) <= 4]
        if heads:
            s.head, toks = max(heads, key=lambda x: x[0].prominence)
            s.triggers.add(toks[0])
        s.triggers.add(tail[-1])
        out.append(s)
    return out


def _side(written: str, sides: list):
    """The entry of the side a written word names: the side itself, or a cut of it of two letters or more that no
    other side begins with ("izq", "dir", "dx")."""
    got = [e for w2, e in sides if w2 == written or (len(written) >= 2 and w2.startswith(written))]
    return got[0] if len({e.id for e in got}) == 1 else None


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the pieces named by body part (module doc) that no span covers added, in order."""
    sets = _sets_of(tr.index, tr.src)
    if not sets:
        return spans
    words, seps, starts, ends = tr._words, tr._seps, tr._starts, tr._ends
    present = words_of(tr)
    sets = [s for s in sets if s.triggers & present]
    if not sets:
        return spans
    taken = [(x.start, x.end) for x in spans]
    add = []

    def free(a, b):
        k = bisect_left(taken, (a, a))
        return not any(x < b and a < y for x, y in taken[max(0, k - 1):k + 1]) and not any(x < b and a < y for x, y, _ in add)

    def new(a, b, e):
        add.append((a, b, e))

    heads = []
    first = {w for s in sets for w in s.parts}
    at = [k for k, w in enumerate(words[:-1]) if w in first]  # (the few words of the text that may begin a piece)
    for s in sets:
        for k in [k for k in at if words[k] in s.parts]:
            sides = s.parts[words[k]]
            if seps[k + 1].strip(" \t"):
                continue
            e = _side(words[k + 1], sides)
            if e is None:
                continue
            if free(starts[k], ends[k + 1]):
                new(starts[k], ends[k + 1], e)
            j = k + 2  # "braccio dx/sx", "gamba dx e sx": the other side of the same part
            if j < len(words) and seps[j].strip() == "" and words[j] in AND_SIDES:
                j += 1  # "dx e sx"
            elif not (j < len(words) and seps[j].strip() in AND_SIDES):
                j = len(words)  # "dx/sx", "dx, sx"; anything else ends the part
            if j < len(words) and seps[j].strip() in ("", "/", ",", "-"):
                e2 = _side(words[j], sides)
                if e2 is not None and e2 is not e and free(starts[j], ends[j]):
                    new(starts[j], ends[j], e2)
        if s.head is not None:
            heads.append(s)
    if not add:
        return spans
    near = sorted(a for a, _, _ in add)
    for s in heads:
        for k, w in enumerate(words):
            if w in HEAD_WORDS.get(tr.src, ()) and free(starts[k], ends[k]):
                p = bisect_left(near, starts[k])
                if any(0 <= q < len(near) and abs(near[q] - starts[k]) <= NEAR for q in (p - 1, p)):
                    new(starts[k], ends[k], s.head)
    made = [span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "nickname", e.origin, [],
                      tr.threshold, 100.0, e.passcodes) for a, b, e in add]
    return sorted(spans + made, key=lambda x: x.start)
