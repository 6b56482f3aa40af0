"""Pieces of a set named by body part and side (issue 24): "braccio dx/sx", "pierna izq", "perna esq", "la testa".

Some cards are pieces of one whole, named alike: a body part, a side, and the whole's name ("Braccio Dx del Proibito",
"Pierna Izquierda del Prohibido", "Left Arm of the Forbidden One"). Players name a piece by its first two words only,
with the side cut short ("braccio dx e sx", "pierna izq", "braço dir") and the head by the word for head. These sets are
read from the pool's names, not listed: in each language, cards whose names are two words, a linking word and the same
tail, where at least two first words come with the same two sides or more (the parts, each on both sides), are pieces; the whole's own card is the most printed
card whose name ends with the tail's last word and is not a piece ("Exodia il Proibito").

A piece is read only where the text names the whole (the tail's last word or the first word of the whole's card:
"Proibito", "Exodia"), so "me duele el brazo derecho" stays words. ``find`` adds the pieces no name found or held back
covers.
"""
from __future__ import annotations

import marshal
from bisect import bisect_left
from collections import Counter
from operator import attrgetter

from .discourse import positions_of, words_of
from ..core.fold import TOKEN, fold
from ..core.locales import LANGS

LINKS = {"del", "de", "do", "da", "di", "della", "dello", "of", "the", "des", "du"}
HEAD_WORDS = {"es": {"cabeza"}, "pt": {"cabeca"}, "it": {"testa"}, "en": {"head"}}
"""The word for the whole's head in each language (the one piece whose card does not name a body part)."""
AND_SIDES = {"/", "-", ",", "e", "y", "ou", "o", "ed", "and", "&"}
NEAR = 80
"""How close (characters) the head word must be to a piece found ("testa, braccio dx/sx")."""

_sets: dict = {}
_triggers: dict = {}


class _Set:
    __slots__ = ("parts", "head", "triggers")

    def __init__(self):
        self.parts: dict = {}  # folded first word → [(folded side, entry)]
        self.head = None
        self.triggers: set = set()


TABLE_VERSION = 1
"""Bump when what ``_part_names`` stores changes."""


def _sets_of(index, lang: str) -> list:
    key = (id(index), lang)
    got = _sets.get(key)
    if got is None or got[0] is not index:
        got = _sets[key] = (index, _build(index, lang))
    return got[1]


def _triggers_of(index, lang: str):
    """The words that trigger any set of ``lang`` (``_Set.triggers``, all sets'), without building the sets where a
    cached list says them: the list kept beside the parts' caches, under the parts' signatures and this code's stamp
    (the sets depend on the parts alone: their names, and which imported cards the KB hides); None when a part is not
    cached (then the sets are built)."""
    key = (id(index), lang)
    got = _triggers.get(key)
    if got is not None and got[0] is index:
        return got[1]
    sigs = [p.data.get("signature", "") if p.cached else "" for p in index.parts]
    if not all(sigs):
        return None
    from ..core.cache import read_blob, write_blob
    bkey = ";".join(["pieces-triggers", lang, _stamp(), *sigs])
    raw = read_blob("derived", bkey, ".marshal")
    words = None
    if raw is not None:
        try:
            stored = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            stored = None
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == bkey and isinstance(stored[1], list):
            words = frozenset(stored[1])
    if words is None:
        words = frozenset(w for s in _sets_of(index, lang) for w in s.triggers)
        write_blob("derived", bkey, marshal.dumps((bkey, sorted(words))), ".marshal")
    _triggers[key] = (index, words)
    return words


def _part_names(lang: str):
    """``build(part)`` of a part's table for ``lang`` (``Part.derived``): its cards' names there that may be pieces (four
    words or more, the third a linking word: ``groups``, (index, folded words) in order), and the indexes of those of
    four words or fewer by their last word (``ends``), hidden or not (``NameIndex`` hides imported cards the KB holds,
    per index)."""
    def build(p) -> dict:
        groups, ends = [], {}
        col = p.strings("e_" + lang)
        for i, kind in enumerate(p.codes("e_kind")):
            name = col[i] if kind == "card" else None
            if not name:
                continue
            toks = TOKEN.findall(fold(name))
            if not toks:
                continue
            if len(toks) <= 4:
                ends.setdefault(toks[-1], []).append(i)
            if len(toks) >= 4 and toks[2] in LINKS:
                groups.append((i, tuple(toks)))
        return {"groups": groups, "ends": ends}
    return build


def _stamp() -> str:
    from ..core.cache import code_stamp
    return f"{TABLE_VERSION}:{code_stamp(__file__)}"


def prepare(part) -> None:
    """Build and cache a part's tables, one per language (``names import`` calls it, so that the first translation does
    not pay for them)."""
    stamp = _stamp()
    for lang in LANGS:
        part.derived("pieces-" + lang, stamp, _part_names(lang), ("ends",))


def _build(index, lang: str) -> list:
    stamp, build = _stamp(), _part_names(lang)
    tables = [(p, p.derived("pieces-" + lang, stamp, build, ("ends",))) for p in index.parts]
    groups: dict = {}
    for p, t in tables:
        for i, toks in t["groups"]:
            groups.setdefault(toks[2:], []).append((toks[0], toks[1], p, i))
    out = []
    for tail, members in groups.items():
        if len(members) < 4:
            continue  # (two parts in two sides each at least: most tails are one or two cards' "… del Caos")
        members = [m for m in members if m[3] not in m[2].hidden]
        parts: dict = {}
        for w1, w2, p, i in members:
            parts.setdefault(w1, []).append((w2, p, i))
        sides = Counter(frozenset(_ungendered(w2) for w2, _, _ in v) for v in parts.values())
        pair, n = max(sides.items(), key=lambda x: (x[1], len(x[0])))
        if n < 2 or len(pair) < 2:
            continue  # no two parts come in the same sides: cards of a series that share an end ("… del Caos")
        parts = {w1: v for w1, v in parts.items() if frozenset(_ungendered(w2) for w2, _, _ in v) == pair}
        members = [m for m in members if m[0] in parts]
        s = _Set()
        s.parts = {w1: [(w2, p.entry(i)) for w2, p, i in v] for w1, v in parts.items()}
        ids = {p.col("e_id")[i] for _, _, p, i in members}
        heads = [(p, i) for p, t in tables for i in t["ends"].get(tail[-1], ()) if i not in p.hidden and p.col("e_id")[i] not in ids]
        if heads:
            p, i = max(heads, key=lambda x: x[0].entry(x[1]).prominence)
            s.head = p.entry(i)
            s.triggers.add(TOKEN.findall(fold(p.col("e_" + lang)[i]))[0])
        s.triggers.add(tail[-1])
        out.append(s)
    return out


def _ungendered(word: str) -> str:
    """A side without its gender ending ("izquierdo", "izquierda" → "izquierd"): a feminine part's sides agree with it."""
    return word[:-1] if len(word) > 3 and word[-1] in "oa" else word


def _side(written: str, sides: list):
    """The entry of the side a written word names: the side itself ("dx", "sx"), or a cut of it of three letters or
    more that no other side begins with ("izq", "dir", "esq"); a shorter cut is a word of the sentence ("la garra de
    hierro": "de" is no "derecha")."""
    got = [e for w2, e in sides if w2 == written or (len(written) >= 3 and w2.startswith(written))]
    return got[0] if len({e.id for e in got}) == 1 else None


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the pieces named by body part (module doc) that no span covers added, in order."""
    tr.wholes = ()  # the cards that are the whole of a set of pieces the text names (discourse reads them)
    present = words_of(tr)
    triggers = _triggers_of(tr.index, tr.src)  # (a text with no trigger word does not build the sets)
    if triggers is not None and not triggers & present:
        if triggers:
            tr.wholes = set()
        return spans
    sets = _sets_of(tr.index, tr.src)
    if not sets:
        return spans
    words, seps, starts, ends = tr._words, tr._seps, tr._starts, tr._ends
    sets = [s for s in sets if s.triggers & present]
    tr.wholes = {s.head.id for s in sets if s.head is not None}
    if not sets:
        return spans
    taken = sorted([*zip(map(attrgetter("start"), spans), map(attrgetter("end"), spans)),
                    *[(h.start, h.end) for h, _ in tr.held]])  # (a name held back stays so: a user name, a deck)
    add = []

    def free(a, b):
        k = bisect_left(taken, (a, a))
        return not any(x < b and a < y for x, y in taken[max(0, k - 1):k + 1]) and not any(x < b and a < y for x, y, _ in add)

    def new(a, b, e):
        add.append((a, b, e))

    heads = []
    first = {w for s in sets for w in s.parts}
    at = positions_of(tr, first, 0, len(words) - 1)  # (the few words that may begin a piece)
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
    head_words = HEAD_WORDS.get(tr.src, ())
    if heads and head_words & words_of(tr):  # pieces the scan found count too ("perna esquerda, …")
        pieces = {e.id for s in heads for sides in s.parts.values() for _, e in sides}
        found = [x.start for x in spans if x.id in pieces]
    else:
        found = []
    if not add and not found:
        return spans
    near = sorted([a for a, _, _ in add] + found)
    for s in heads:
        for k in positions_of(tr, head_words):  # (the words for head, picked in C)
            if free(starts[k], ends[k]):
                p = bisect_left(near, starts[k])
                if any(0 <= q < len(near) and abs(near[q] - starts[k]) <= NEAR for q in (p - 1, p)):
                    new(starts[k], ends[k], s.head)
    made = [span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "nickname", e.origin, [],
                      tr.threshold, 100.0, e.passcodes) for a, b, e in add]
    return sorted(spans + made, key=attrgetter("start"))
