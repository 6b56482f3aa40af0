"""An official name written with a comma it does not have (issue 24): "Gazelle, el Rey de las Bestias Míticas" for
Gazelle el Rey de las Bestias Míticas, "Exodia, il Proibito" for Exodia il Proibito, "Agente de los milagros, Júpiter"
for (El) Agente de los Milagros - Júpiter.

Writers put a comma between a card's first name and its epithet where the printed name has none (the English names
and the other languages often have one). The scan matches a name with its separators, so it stops at the comma and
reads the words before it, or after it, as shorter names ("Gazelle", "Rey de las Bestias"). ``find`` reads the words on
both sides of each comma once more (from a capitalised word), the comma counted as a space: where they are together a card's whole name in the
text's language or English (its official name, its English name or its name without the article), the whole becomes
that card, in place of the shorter names found inside it. The run of words starts at most ``BEFORE`` words before the
comma (a first name is short) and must itself begin a name of the index; the longest whole name wins. A window that a
name found runs out of, or that more capitalised words go on from (an item of a list: "Stardust, Dragón de la Rosa
Negra"), is left alone.
"""
from __future__ import annotations

import re

from bisect import bisect_left
from itertools import takewhile
from operator import attrgetter

BEFORE = 4
"""How many words before the comma the name may begin ("Agente de los milagros, Júpiter": four)."""
AFTER = 8
"""How many words after the comma the name may go on ("Gazelle, el Rey de las Bestias Míticas": six)."""
WHOLE = ("official", "english", "no-article")
"""How a card's key must name it: by its whole printed name, in the text's language or English."""
GOES_ON = re.compile(r"[ \t]+(?:(?:de|del|da|do|di|della|dello|of|the|la|las|los|el|il|lo|le|o|a|an)[ \t]+){0,2}"
                     r"[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÄËÏÖÜÇÑ]\w")
"""After a name: more capitalised words, perhaps after linking words and an article ("… de la Rosa Negra")."""
_start_of, _end_of = attrgetter("start"), attrgetter("end")


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the card names read across a comma (module doc), in order."""
    if "," not in text:
        return spans
    words, raw, cls, starts, ends, blocked = tr._words, tr._raw, tr._cls, tr._starts, tr._ends, tr._blocked
    keys = tr.keys
    n = len(words)
    add = []
    found_ends = None
    at = text.find(",")
    while at >= 0:
        k = bisect_left(starts, at)  # (the word after the comma: the text's few commas found by str.find)
        at = text.find(",", at + 1)
        if not 0 < k < n or cls[k] != "," or blocked[k] or (add and starts[k] < add[-1][1]):
            continue
        best = None
        for i in range(max(0, k - BEFORE), k):
            if not raw[i][:1].isupper() or (add and starts[i] < add[-1][1]):
                continue  # (a name written with a comma of its own begins with a capital)
            if not all(cls[i + 1:k]):
                continue  # (a paragraph break or a long gap joins no two words of a name: see core.fold.sep_class)
            key = words[i]
            for m in range(i + 1, k):
                if key not in keys:
                    break
                key += cls[m] + words[m]
            if key not in keys:
                continue
            for j in range(k, min(n, k + AFTER)):
                if j > k and not cls[j]:
                    break  # (nor after the comma)
                key += (" " if j == k else cls[j]) + words[j]
                if key not in keys:
                    break
                if keys[key] and (best is None or j - i > best[1] - best[0]):
                    card = whole_card(tr, key)
                    if card is not None:
                        best = (i, j, card)
        if best is None:
            continue
        i, j, (e, form) = best
        a, b = starts[i], ends[j]
        if GOES_ON.match(text, b):
            continue  # the words after the comma go on as a longer name: a list ("Stardust, Dragón de la Rosa Negra")
        if found_ends is None:
            found_ends = list(map(_end_of, spans))  # (once, at the first window: spans do not change in this loop)
        p = bisect_left(found_ends, a + 1)  # (the first name found that ends inside or after the window)
        if any(x.start < a or x.end > b for x in takewhile(lambda x: x.start < b, spans[p:])):
            continue  # a name found runs out of the window: it stands
        add.append((a, b, e, form))
    return put(tr, text, spans, add, span_type)


LONGEST_NAME = 200
"""No name found is longer than this (characters): the names that may cross a run begin at most this far before it."""


def crossed(tr, spans: list, starts: list, a: int, b: int) -> bool:
    """Whether a name found (``spans``, in order, ``starts`` their starts) or held back runs out of the text ``a:b``, or
    is it exactly (the scan read it already); names found or held back inside it give way to it."""
    p = bisect_left(starts, a - LONGEST_NAME)
    for s in spans[p:bisect_left(starts, b, p)]:
        if s.end > a and (s.start < a or s.end > b or (s.start == a and s.end == b)):
            return True
    return any(h.end > a and h.start < b and (h.start < a or h.end > b) for h, _ in tr.held)


def put(tr, text: str, spans: list, add: list, span_type) -> list:
    """``spans`` with the whole names ``add`` ((start, end, entry, form)) in place of the names found and held back
    inside them, in order."""
    if not add:
        return spans
    out = [s for s in spans if not any(a <= s.start and s.end <= b for a, b, _, _ in add)]
    tr.held = [h for h in tr.held if not any(a <= h[0].start and h[0].end <= b for a, b, _, _ in add)]
    out += [span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], form.lang, form.variant, e.origin, [],
                      tr.threshold, 100.0, e.passcodes) for a, b, e, form in add]
    return sorted(out, key=_start_of)


def whole_card(tr, key: str):
    """(entry, form) of the one card whose whole name has translate key ``key``, or None."""
    got = {f.entry.id: (f.entry, f) for f in tr._forms(key) if f.entry.kind == "card" and f.variant in WHOLE}
    return next(iter(got.values())) if len(got) == 1 else None
