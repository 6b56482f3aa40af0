"""The capitalised words of card names that a text leaves unresolved (issue 24: ``translate --report``).

``mentions.unresolved`` reports runs of two capitalised words or more, quoted text and the words after "carta"/"card":
a single capitalised word is every sentence's first word and every person's name, too many to list. One kind of single
word is worth a translator's look, though: a word of the pool's card names that no language uses every day, written
with a capital where the translator found no name ("Ouroboros é Dark": Evilswarm Ouroboros, Cyber Ouroboros or ZS -
Ouroboros Sage, three cards it does not choose between). ``words`` finds those: capitalised, ``LETTERS`` letters or
more, a word of the names read (``typos.pool_word``), rarer than ``ORDINARY`` in each of the four languages, no
function word, no monster Type ("Spellcaster", ``evidence._types``), no word of the game ("Deck", "Konami",
"Synchro"), no verb that activates or summons a card ("Invocar") and no character of the series ("Pegasus"), outside
every name found or held back, every protected range and every span reported already.
"""
from __future__ import annotations

from bisect import bisect_left

from . import mentions, people
from .discourse import ORDINARY
from .evidence import GAME_ONLY, _ACTIVATE, _types
from .typos import pool_word

LETTERS = 4
"""The shortest word listed (shorter capitalised words are initials and abbreviations, which the scan reads itself)."""
WHY = "a word of card names"
"""How the report says why it lists such a word."""


def words(tr, taken: list) -> list[tuple[int, int]]:
    """(start, end) of the words of the text ``tr`` read last (``Translator.spans``) that the report lists as card
    words (module doc), in the text's order; ``taken``: the sorted (start, end) ranges to leave out (the names found
    and held back, the protected ranges, the spans reported already)."""
    raw, folded, starts, ends, blocked, caps = tr._raw, tr._words, tr._starts, tr._ends, tr._blocked, tr._caps
    out = []
    for i, r in enumerate(raw):
        if not caps[r] or len(r) < LETTERS or blocked[i] or not r.isalpha():
            continue
        w = folded[i]
        if w in mentions.ALL_FUNCTION or w in _types() or w in GAME_ONLY or w in mentions.CARD_WORDS \
                or w in people.CHARACTERS or w.startswith(_ACTIVATE):
            continue
        a, b = starts[i], ends[i]
        p = bisect_left(taken, (a, a))
        if (p and taken[p - 1][1] > a) or (p < len(taken) and taken[p][0] < b):
            continue  # inside a name found or held back, a protected range or a span reported
        if tr.freq.get_any(w) >= ORDINARY or not pool_word(tr, w):
            continue
        out.append((a, b))
    return out
