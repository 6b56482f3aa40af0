"""A card named by the head of its name and an epithet of the writer's own (issue 24): "Redox, the Rigid Suppressor
Dragon" (a pre-release translation of the card printed "Redox, Dragon Ruler of Boulders"), "Trishula, el Rey Dragón de
la Barrera de Hielo" (for "Trishula, Dragón de la Barrera de Hielo").

A name printed as a head, a comma and an epithet is known by its head alone; writers who quote a card from an early
translation, or from memory, write the head and an epithet of their own after its comma. The head is found as the
card, and the epithet, read alone, is words, or another name ("Barrera de Hielo", a series). ``find`` reads, after each
card found by the head of such a name, a comma (or a dash between spaces), a definite article and a run of capitalised
words (small joining words between them, at most ``MAX_WORDS``) that ends the phrase: where the run shares a content
word with the card's epithet in one of its languages, head and epithet are one mention of the card, and the series
found inside the run give way (the longest mention wins). Not where a card found by another name is in the run (a
list: "Trishula, el Dragón Negro de Ojos Rojos y …"), nor where the run goes on in lower case (a clause), nor where it
is the printed epithet (found whole already).
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import fold
from .discourse import entry_named
from .glosses import content_words, similarity

MAX_WORDS = 8
"""The most words an epithet has after its article."""
_AFTER_HEAD = re.compile(r",[ \t]+|[ \t]+[–—-][ \t]+")
"""What stands between the head and the epithet: a comma, or a dash between spaces."""
_ARTICLES = frozenset({"the", "el", "la", "lo", "il", "o", "a", "l"})
"""The definite articles that open an epithet (folded; "l" of the Italian "l'")."""
_JOINING = frozenset({"de", "del", "della", "dello", "delle", "dei", "degli", "di", "da", "do", "dos", "das", "dal",
                      "of", "the", "el", "la", "los", "las", "il", "lo", "o", "a", "os", "as", "e", "y", "and", "l"})
"""Small words an epithet may hold between its capitalised words ("Rey Dragón de la Barrera de Hielo")."""
_ENDS = re.compile(r"[ \t]*(?:[\n.,;:!?()\[\]\"“”«»]|$)")
"""What may follow an epithet: the end of a line, of a phrase or of the text (a lower-case word would make it a
clause's subject)."""


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with each card found by its head and followed by an epithet of the writer's (the module doc) as one
    span over both, in order."""
    if not any(s.kind == "card" and "," not in s.text for s in spans):
        return spans
    starts, ends, raw, words, seps = tr._starts, tr._ends, tr._raw, tr._words, tr._seps
    out, drop, changed = list(spans), set(), False
    begins = [s.start for s in spans]
    for n, s in enumerate(spans):
        if s.kind != "card" or n in drop or "," in s.text:
            continue
        m = _AFTER_HEAD.match(text, s.end)
        if m is None:
            continue
        k = bisect_left(starts, m.end())
        if k + 1 >= len(raw) or starts[k] != m.end() or words[k] not in _ARTICLES or tr._blocked[k] \
                or seps[k + 1] not in (" ", "'", "\u2019") or not raw[k + 1][:1].isupper():
            continue
        last = _run(raw, words, seps, k + 1)
        if _ENDS.match(text, ends[last]) is None:
            continue
        a, b = s.start, ends[last]
        inside = [x for x in range(n + 1, bisect_left(begins, b)) if spans[x].start < b]
        if inside and spans[inside[-1]].end > b:
            continue  # (a name going on after the run)
        e = entry_named(tr.index, (s.text, s.replacement), s.id)
        if e is None or not _head_of(e, s.text):
            continue
        own = _epithet_words(e)
        if not any(w in own for w in words[k + 1:last + 1]):
            continue
        if any(spans[x].kind == "card" and not content_words(spans[x].text) <= own for x in inside):
            continue  # (a card found by a name of other words: a list, no epithet; "Barrera de Hielo", words of the
            # card's own epithet, gives way)
        drop.update(inside)
        changed = True
        whole = text[a:b]
        out[n] = span_type(a, b, whole, e.id, "card", e.name(tr.dst) or whole, tr.src, "approximate", e.origin, [],
                           max(s.score, tr.threshold), similarity(whole, e.names.get(tr.src) or e.names.get("en") or whole),
                           e.passcodes)
    if not changed:
        return spans
    return [s for x, s in enumerate(out) if x not in drop]


def _run(raw: list, words: list, seps: list, k: int) -> int:
    """The last word of the run of capitalised words from the capitalised word ``k`` (small joining words between them,
    only spaces or an apostrophe between words), at most ``MAX_WORDS`` words, ending on a capitalised word."""
    last, x = k, k + 1
    while x < len(raw) and x - k < MAX_WORDS and seps[x] in (" ", "'", "\u2019"):
        if raw[x][:1].isupper():
            last = x
        elif words[x] not in _JOINING:
            break
        x += 1
    return last


def _head_of(e, head: str) -> bool:
    """Whether ``head`` is the part before the comma of one of card ``e``'s names (a name printed as a head, a comma
    and an epithet)."""
    h = fold(head)
    return any(name and "," in name and fold(name.split(",", 1)[0]) == h for name in e.names.values())


def _epithet_words(e) -> set:
    """The content words (folded) of the epithets of card ``e``'s names (the part after the comma)."""
    return {w for name in e.names.values() if name and "," in name for w in content_words(name.split(",", 1)[1])}
