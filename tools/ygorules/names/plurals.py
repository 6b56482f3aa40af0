"""A card's whole name in the plural, in lower case (issue 24): "derrotó a los tres dragones blancos de ojos azules",
"os dois dragões brancos de olhos azuis", "i due draghi bianchi occhi blu".

Writers speak of several copies of a card by putting its whole name in the plural (each noun and adjective: Romance
plurals agree) and, in running text, in lower case. The scan reads a plural name written with capitals; in lower case
it only goes on from a word that begins a name as written, so a name whose every content word changed is never walked.
``find`` reads, after a word that announces more than one thing (a plural article or possessive, a number:
``translate.PLURAL_BEFORE``), a word in the plural whose singular (``Translator._singulars``) begins a name (a Romance
name's head noun leads it and agrees with the article), and the words that follow it each as written or as one of
its singulars; it takes the longest run that is a card's whole printed name in the text's language or English, of two
words or more. The run must be free: no name found or held back
crosses its ends (a name found inside it gives way, the longest mention wins; a name held back inside it is let go).
Copies of a card are card talk, and of the famous cards: a rare card's name in the plural in lower case is the
language's own words ("los imanes y los campos magnéticos", Magnetic Field printed 4 times: ``evidence.IDIOM_RARE``).
A long text that never speaks of the card game (``evidence.about_the_game``, a video game's patch notes: "personalizar
a sus héroes favoritos") has none.
"""
from __future__ import annotations

from operator import attrgetter

from .commas import crossed, put, whole_card
from .discourse import positions_of, words_of
from .evidence import IDIOM_RARE

_start_of = attrgetter("start")
MAX_WORDS = 8
"""The longest name read, in words (a card's whole name in Romance text is rarely longer)."""


def find(tr, text: str, spans: list, span_type, before: set) -> list:
    """``spans`` with the plural names read (module doc) added, in order; ``before``: the words after which a name may
    be in the plural."""
    present = words_of(tr)
    if not before & present or not tr._game_text:  # (evidence.about_the_game, once a text)
        return spans
    words, cls, starts, ends, blocked = tr._words, tr._cls, tr._starts, tr._ends, tr._blocked
    keys, n = tr.keys, len(words)
    seen, heads = tr.__dict__.setdefault("_plural_heads", (set(), set()))  # the folded words weighed; those whose
    # singular may begin a name
    if len(seen) > 100_000:
        seen.clear()
        heads.clear()
    after = [k + 1 for k in positions_of(tr, before, 0, n - 1)]  # (the words after an announcing one, in C)
    written = set(map(words.__getitem__, after))
    for w in written.difference(seen):
        seen.add(w)
        if len(w) > 3 and any(x in keys for x in tr._singulars(w)):
            heads.add(w)
    good = heads & written
    if not good:
        return spans
    starts_found = None
    add = []
    for k in after:
        if words[k] not in good:
            continue  # (a word in the plural that may begin a name only)
        if blocked[k] or not cls[k] or (add and starts[k] < add[-1][1]):
            continue
        best = _longest(tr, keys, words, cls, k, n)
        if best is None:
            continue
        j, e, form = best
        a, b = starts[k], ends[j]
        if e.prominence <= IDIOM_RARE and text[a:b].islower():
            continue  # a rare card's name in the plural in lower case: the language's own words ("los imanes y
            # los campos magnéticos"), as its singular is (``evidence._idiom``); copies of a card are the famous ones'
        if starts_found is None:
            starts_found = list(map(_start_of, spans))
        if crossed(tr, spans, starts_found, a, b):
            continue  # a name found or held back runs out of the run (or the scan read it already): it stands
        add.append((a, b, e, form))
    return put(tr, text, spans, add, span_type)


def _longest(tr, keys: dict, words: list, cls: list, k: int, n: int):
    """(last word, entry, form) of the longest card name of two words or more read from word ``k``, its first word in
    the singular, each other word as written or in the singular; None when there is none. The walk's steps and the
    names' cards are kept per translator (a text repeats its phrases: "los efectos de", "los puntos de")."""
    steps = tr.__dict__.setdefault("_plural_steps", {})  # (keys alive, separator, next word) → keys alive after it
    if len(steps) > 100_000:
        steps.clear()
    live = steps.get(words[k])
    if live is None:
        live = steps[words[k]] = tuple(s for s in tr._singulars(words[k]) if s in keys)  # (the first word in the plural)
    best = None
    for j in range(k + 1, min(n, k + MAX_WORDS)):
        sep = cls[j]
        if not sep or not live:
            break
        step = (live, sep, words[j])
        got = steps.get(step)
        if got is None:
            forms = (words[j], *tr._singulars(words[j]))
            live = tuple(key + sep + f for key in live for f in forms if key + sep + f in keys)
            whole = [(key, whole_card(tr, key)) for key in live if keys[key]]
            got = steps[step] = (live, next((c for _, c in whole if c is not None), None))
        live, card = got
        if card is not None:
            best = (j, *card)
    return best
