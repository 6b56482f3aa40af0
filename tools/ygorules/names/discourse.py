"""A card named in full once, then by one of its words (issue 24): "Qliphort Helix … o Helix", "Lonefire Blossom …
Lonefire serve para…", "Blaster, Dragon Ruler of Infernos … renascer o Blaster".

Writers name a card in full the first time (or in a deck list, a heading) and afterwards by its most distinctive
word. ``find`` reads the card names found in a text, and makes each distinctive word of them a name of its card for
the whole text: a capitalised word that no name found covers, equal to a word of exactly one card named in full in
the text. A word is distinctive when it is not ordinary (Zipf below ``ORDINARY`` in the text's language and in
English: not "Dragon", "Ruler", "Master"), not a function word, not a one-word series name nor a word that begins with
one ("qualquer outro Qliphort" is the Qli series), and not a card's own one-word name. The word stands alone: no capitalised word is joined to it by a space or a
hyphen, perhaps with "de"/"of" between (then it is part of a longer name); a misspelt name lends no words, and a plural
lends its singular too (so that "Fuerzas de Espejo" and "Fuerza de Espejo Oscura" share "Fuerza"). A word whose name was held back (evidence: "Yata-Lock") stays so.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import attrgetter

from . import mentions
from .evidence import DETERMINERS
from ..core.fold import TOKEN, fold, normalize

ORDINARY = 3.5
"""A word this common (Zipf, in the text's language or in English) is no card's distinctive word."""
FULL_VARIANTS = ("official", "english", "no-article", "approximate", "misspelling")
"""How a card must have been found to lend its words: by its whole name (not by a nickname or short form)."""
MIN_LETTERS = 4
JOINS = (" ", "-", "\u2011")
LINKS = {"de", "del", "do", "da", "di", "della", "of", "the"}
"""Separators that join a word to the capitalised word next to it into one longer name."""
_start_of, _end_of = attrgetter("start"), attrgetter("end")


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the words that stand for a card named in full in the text added (the module doc), in order."""
    several = tr.__dict__.setdefault("_several_words", {})  # a name as written → whether it has two words or more
    if len(several) > 100_000:
        several.clear()
    full = []
    for s in spans:
        if s.kind == "card" and s.variant in FULL_VARIANTS and s.similarity >= 100:  # (a misspelt name lends no words)
            two = several.get(s.text)
            if two is None:
                two = several[s.text] = len(TOKEN.findall(s.text)) >= 2
            if two:
                full.append(s)
    if not full:
        return spans
    series_words = {w for s in spans if s.kind == "series" for w in TOKEN.findall(fold(s.text))}
    function = mentions.FUNCTION_WORDS.get(tr.src, set()) | mentions.FUNCTION_WORDS["en"]
    owner: dict = {}
    lent = tr.__dict__.setdefault("_lent_words", {})  # a name as written → its words and their singulars
    if len(lent) > 100_000:
        lent.clear()
    for name, cid in dict.fromkeys([(s.text, s.id) for s in full]):  # (each name as written and its card once: a
        # word's owner depends only on which cards lend it)
        ws = lent.get(name)
        if ws is None:
            ws = lent[name] = {x for w in TOKEN.findall(fold(name)) for x in (w, *tr._singulars(w))}
        for w in ws:
            if len(w) < MIN_LETTERS or w in function or w in series_words or w.isdigit():
                continue
            if owner.get(w, cid) != cid:
                owner[w] = None  # a word of two cards named in full stands for neither
            else:
                owner[w] = cid
    owner = {w: i for w, i in owner.items() if i is not None}
    present = words_of(tr)
    owner = {w: i for w, i in owner.items() if w in present and tr.freq.get_any(w) < ORDINARY and not _own_name(tr, w)
             and not _series_like(tr, w)}
    if not owner:
        return spans
    by_id = {s.id: s for s in full}
    taken = taken_of(tr, spans)  # (a name held back stays so)
    words, raw, seps, starts, ends = tr._words, tr._raw, tr._seps, tr._starts, tr._ends
    add = []
    for k in compress(range(len(words)), map(owner.__contains__, words)):  # (the few words of the text that may be one)
        cid = owner[words[k]]
        if not raw[k][:1].isupper() or tr._blocked[k]:
            continue
        if _in_longer(raw, words, seps, k) or mentions.LONGER_NAME.match(text, ends[k]):
            continue  # a word of a longer capitalised name ("os Seis Samurai Lendários", "Fuerza de Espejo")
        a, b = starts[k], ends[k]
        p = bisect_left(taken, (a, a))
        if any(x < b and a < y for x, y in taken[max(0, p - 1):p + 1]):
            continue
        s = by_id[cid]
        add.append(span_type(a, b, text[a:b], s.id, "card", _case(s.replacement, raw[k]), s.lang, "short-form", s.origin, [],
                             s.score, 100.0, s.passcodes))
    if not add:
        return spans
    return sorted(spans + add, key=_start_of)


def taken_of(tr, spans: list) -> list:
    """(start, end) of the spans and of the names held back (``tr.held``), sorted; the spans' pairs made in C."""
    return sorted([*zip(map(_start_of, spans), map(_end_of, spans)), *[(h.start, h.end) for h, _ in tr.held]])


def words_of(tr) -> set:
    """The distinct folded words of the text being read (made once per text, for the passes that read a few words)."""
    got = tr.__dict__.get("_word_set")
    if got is None or got[0] is not tr._words:
        got = tr.__dict__["_word_set"] = (tr._words, set(tr._words))
    return got[1]


def _in_longer(raw, words, seps, k) -> bool:
    """Whether word ``k`` follows a capitalised word, joined by a space or a hyphen, perhaps with a linking word ("de",
    "of") between."""
    if k and seps[k] in JOINS:
        if raw[k - 1][:1].isupper() and words[k - 1] not in DETERMINERS:
            return True  # (an article that opens a sentence, "O Helix", is no name)
        return k > 1 and words[k - 1] in LINKS and seps[k - 1] in JOINS and raw[k - 2][:1].isupper()
    return False


def _series_like(tr, w: str) -> bool:
    """Whether a folded word is a one-word series name or begins with one ("Qliphort" of the Qli, "Onomatopea" of the
    Onomat, "Elementales" of the Element cards): the series' word in a member's name, not the member."""
    return any(tr._series_word(w[:n]) for n in range(len(w), 2, -1))


def _own_name(tr, w: str) -> bool:
    """Whether a folded word is some card's whole name (then the scan judged it already as that card)."""
    return bool(tr.keys.get(w)) and any(f.entry.kind == "card" and f.variant in ("official", "english") for f in tr._forms(w))


def _case(replacement: str, written: str) -> str:
    return replacement.upper() if written.isupper() and len(written) > 1 else replacement


def member_series(tr, spans: list) -> None:
    """Add to the series the text names (``tr._present``) the series in the full names of the cards found by a nickname
    ("Luminas" for Lumina, Lightsworn Summoner names the Lightsworn): a member of a series in the text is the series'
    context, as the series' own name is, so the other members may be named by their own word ("Lylas", "Celestias")."""
    memo = tr.__dict__.setdefault("_member_series", {})
    for s in spans:
        if s.kind != "card" or s.variant not in mentions.NICKNAME_KINDS + ("nickname",):
            continue
        got = memo.get(s.id)
        if got is None:
            got = memo[s.id] = _series_named(tr, s)
        tr._present.update(got)


def _series_named(tr, s) -> tuple:
    """The series named in the English and source-language names of a span's card (found by its name in the target
    language, which the span replaces it with)."""
    for f in tr.index.forms_for_key(normalize(s.replacement), tr.dst):
        if f.entry.id == s.id:
            words = [w for n in (f.entry.names.get("en"), f.entry.names.get(tr.src)) if n for w in TOKEN.findall(fold(n))]
            return tr._named_series(words, 0, len(words))
    return ()
