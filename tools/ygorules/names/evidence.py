"""Evidence a weak name needs before it becomes a card (issue 24): nicknames, short forms and one-word names that real
text also uses for a deck, a product, a series, a set of pieces or an ordinary word.

``review`` reads the card spans ``translate`` found and holds back those the words around them make something else:

- a product or a column: right after "colección", "coleção", "espansione", "set", "rubrica" ("la coleção duelist
  alliance", "l'espansione Light of Destruction");
- a deck named after a card: a deck word after the name ("Yata-Lock", "X Turbo", "X OTK") or "deck"/"mazzo"/"baraja"
  right before it ("Deck Reborn", "una baraja de Exodia");
- the end of a longer capitalised name: a capitalised word right before the name, joined to it by one space or a
  hyphen, that is no name found, opens no sentence and is no word of the card's own names ("Raging Tempest", "Tele-DAD",
  "Drago Oscuro Metallico Occhi Rossi"; but "Lightsworn Ryko", "HERÓI Mascarado Anki");
- an ordinary word: a nickname in lower case that is an everyday word of the text's language or of English, with no
  article or determiner before it ("pode reviver", but "las ovejas", "a bruxa" are the cards), unless quoted.

A series name that is also one card's official name, between card names of a list, is that card ("Buco Trappola,
Polimerizzazione, Elfo Mistico").

Those rules apply to the weak kinds of names (``mentions.NICKNAME_KINDS``, and a one-word name of the card pool);
the first (a product) applies to every card name. Each span held back goes to the translator's ``held`` list with
its reason, so that ``translate --report`` lists it as unresolved with its candidates.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from . import mentions
from ..core.fold import TOKEN, fold

PRODUCT_WORDS = {"coleccion", "colecciones", "colecao", "colecoes", "collezione", "collection", "expansion", "expansiones",
                 "expansao", "expansoes", "espansione", "espansioni", "set", "booster", "rubrica", "columna", "coluna",
                 "column", "edicion", "edicao", "edizione", "pack", "tin", "box", "leyenda", "lenda", "leggenda", "legend"}
"""A word right before a name (perhaps with "de"/"del"/"of"… between) that makes it a product or a column ("la colección
X", "l'espansione X", "La leggenda del X": the first set's title). Not "sobre" (a booster in Spanish, but "about")."""
DECK_AFTER = {"lock", "beatdown", "beat", "otk", "ftk", "turbo", "deck", "decks", "build", "builds", "control", "burn",
              "stun", "loop", "toolbox", "mazzo", "mazzi", "baraja", "barajas", "baralho", "baralhos", "variant", "engine"}
"""A word right after a name that makes it a deck ("Yata-Lock", "Exodia OTK", "Dragon Ruler Turbo")."""
DECK_BEFORE = {"deck", "decks", "mazzo", "mazzi", "mazo", "mazos", "baraja", "barajas", "baralho", "baralhos"}
"""A word right before a name (perhaps with "de"/"di"/"do"/"da"/"of" between) that makes it a deck ("Deck X")."""
_DECK_LINKS = {"de", "di", "do", "da", "del", "of", "dos", "das"}
EVERYDAY = 3.5
"""A lower-case nickname that is a word this common (Zipf) in the text's language or in English is that word."""
DETERMINERS = {"el", "la", "los", "las", "un", "una", "unos", "unas", "o", "a", "os", "as", "um", "uma", "uns", "umas", "il",
               "lo", "i", "gli", "le", "l", "uno", "the", "my", "mi", "mis", "tu", "tus", "su", "sus", "meu", "minha", "seu",
               "sua", "mio", "mia", "tuo", "tua", "suo", "sua", "del", "al", "do", "da", "no", "na", "dos", "das", "della",
               "dello", "dei", "degli", "delle", "nel", "nella", "sul", "sulla", "col", "pelo", "pela", "this", "esta", "este",
               "questa", "questo", "essa", "esse"}
"""Words before a lower-case nickname that make it a noun, i.e. the card ("las ovejas", "a bruxa", "la strega")."""


def weak(span) -> bool:
    """Whether a span is a kind of name that needs evidence: a nickname or short form, or one word of the card pool."""
    return span.variant in mentions.NICKNAME_KINDS or (span.origin != "kb" and " " not in span.text.strip()
                                                       and span.variant in ("official", "english", "no-article"))


def review(tr, text: str, spans: list, span_type) -> list:
    """The spans of ``text`` with the weak card names that the words around them make something else held back (the
    module doc); each held back span is added to ``tr.held`` as (span, reason). ``span_type``: translate's Span (passed
    in: this module does not import translate, which imports it)."""
    starts, ends, raw, words, seps = tr._starts, tr._ends, tr._raw, tr._words, tr._seps
    out = []
    taken_ends = {s.end for s in spans}
    for n, s in enumerate(spans):
        if s.kind == "series":
            s = _card_in_list(tr, text, spans, n, s, span_type)
        if s.kind != "card":
            out.append(s)
            continue
        i = bisect_left(starts, s.start)
        j = max(i, bisect_left(ends, s.end))
        reason = _product(words, seps, i)
        if reason is None and weak(s):
            reason = (_deck(text, words, seps, raw, i, j, s) or _tail(tr, raw, seps, i, j, s, taken_ends)
                      or _everyday(tr, text, words, i, j, s))
        if reason:
            tr.held.append((s, reason))
            continue
        out.append(s)
    return out


_LIST_SEP = re.compile(r"[ \t]*[,;/][ \t]*|[ \t]+(?:e|y|and|ou|o|ed)[ \t]+")


def _card_in_list(tr, text, spans, n, s, span_type):
    """A series span that is also a card's official name, between card names in a list ("Buco Trappola,
    Polimerizzazione, Elfo Mistico"), as that card; else the span as it is."""
    near = [spans[k] for k in (n - 1, n + 1) if 0 <= k < len(spans)]
    if len(near) < 2 or any(x.kind != "card" for x in near):
        return s
    if not all(_LIST_SEP.fullmatch(text, *((x.end, s.start) if x.start < s.start else (s.end, x.start))) for x in near):
        return s
    key = " ".join(tr._words[bisect_left(tr._starts, s.start):bisect_left(tr._ends, s.end) + 1])
    cards = [f for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.kind == "card" and f.variant == "official"]
    if len({f.entry.id for f in cards}) != 1:
        return s
    e = cards[0].entry
    return span_type(s.start, s.end, s.text, e.id, "card", e.name(tr.dst) or s.text, cards[0].lang, "official", e.origin, [],
                s.score, s.similarity, e.passcodes, s.why)


def _product(words, seps, i) -> str | None:
    k = i - 1
    if k > 0 and words[k] in _DECK_LINKS and seps[i] == " ":
        k -= 1  # "la leggenda del X"
    if k >= 0 and seps[k + 1].strip(" \t'’") == "" and words[k] in PRODUCT_WORDS:
        return f"a product or a column ('{words[k]}' before it)"
    return None


def _deck(text, words, seps, raw, i, j, s) -> str | None:
    k = j + 1
    if k < len(words) and seps[k] in (" ", "-", "‑") and words[k] in DECK_AFTER:
        return f"a deck ('{raw[k]}' after it)"
    k = i - 1
    if k >= 0 and words[k] in _DECK_LINKS and seps[i] == " ":
        k -= 1
    if k >= 0 and k < i and seps[k + 1] == " " and words[k] in DECK_BEFORE:
        return f"a deck ('{raw[k]}' before it)"
    return None


def _tail(tr, raw, seps, i, j, s, taken_ends) -> str | None:
    if not i:
        return None
    sep, prev = seps[i], raw[i - 1]
    if sep not in (" ", "-", "‑") or not prev[:1].isupper() or not prev[:1].isalpha():
        return None
    if tr._ends[i - 1] in taken_ends or prev.lower() in mentions.CARD_WORDS or prev.lower() in DECK_BEFORE:
        return None  # two names side by side, "Carta X", "Deck X" (a deck: _deck decides)
    if sep == " " and tr._sentence_start(i - 1):
        return None  # "Usa Raigeki": a capital at a sentence start proves nothing
    key = " ".join(tr._words[i:j + 1])
    names = [s.replacement] + [n for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.id == s.id
                               for n in f.entry.names.values() if n]
    if tr._words[i - 1] in TOKEN.findall(fold(" ".join(names))):
        return None  # "Lightsworn Ryko", "HERÓI Mascarado Anki": a word of the card's own name before it
    return f"the end of a longer name ('{prev}' before it)"


def _everyday(tr, text, words, i, j, s) -> str | None:
    if i != j or not s.text.islower() or s.variant not in mentions.NICKNAME_KINDS or mentions.quoted(text, s.start, s.end):
        return None
    if i and words[i - 1] in DETERMINERS:
        return None
    z = tr.freq.get_any(words[i])
    if z >= EVERYDAY:
        return f"an everyday word (Zipf {z:.1f})"
    return None


_LIST_ITEM = re.compile(r"^[ \t]*(?:\d{1,2}[ \t]*[xX×]?[ \t]*[-–:.)]?|[xX×][ \t]*\d{1,2}|[-*•·])[ \t]+([^\n]{4,80}?)[ \t]*$", re.M)
"""A line of a list: a count ("2 ", "3x ", "x2 ", "10) ") or a bullet, then one name to the end of the line."""


def list_lines(tr, text: str, spans: list, span_type) -> list:
    """The spans of ``text`` with the lines of a deck list whose name no span covers whole read as one card name: where
    the name fits one card closely (``Translator._closest``: "1 Felis, lightsworm archer", "1 Leo, keeper of the
    sacred tree" in lower case, which the capitalised runs of ``_rescue`` do not read), it is that card, and the
    names found inside it give way (``span_type``: as for ``review``)."""
    starts = [s.start for s in spans]
    add, drop = [], set()
    blocked = None
    for m in _LIST_ITEM.finditer(text):
        a, b = m.span(1)
        k = bisect_left(starts, a)
        if k and spans[k - 1].end > a:
            continue  # a name found begins before the line's name
        inner = []
        while k < len(spans) and spans[k].start < b:
            inner.append(k)
            k += 1
        if inner and spans[inner[0]].start == a and spans[inner[-1]].end >= b:
            continue  # the name is found whole
        if blocked is None:
            blocked = mentions.protected(text)  # (read once, and only for a list the names found do not cover)
        if any(x < b and a < y for x, y in blocked):
            continue
        best = tr._closest_memo.get(text[a:b], 0)
        if best == 0:
            best = tr._closest_memo[text[a:b]] = tr._closest(text[a:b])
        if best is None:
            continue
        e, lang, sim = best
        add.append(span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], lang, "approximate", e.origin, [],
                        tr.threshold, sim, e.passcodes))
        drop.update(inner)
    if not add:
        return spans
    return sorted([s for j, s in enumerate(spans) if j not in drop] + add, key=lambda s: s.start)
