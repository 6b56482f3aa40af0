"""An official name written without the marks a writer leaves out (issue 24): 'Exodia, "O Proibido"' written
"Exodia, O Proibido", "Obelisco, o Atormentador" written "Obelisco Atormentador", "Flor de Ceniza & Primavera Feliz"
written "Flor de Ceniza y Primavera Feliz".

Printed names carry marks that writers drop or spell out: double quotes around a word or an epithet, the comma and
the article between a card's first name and its epithet, an "&" that they write as the language's "and". The scan
matches a name with its separators, so such a name is missed, or read as a shorter one. From the pool's names (each
card's official name in the text's language and its English name) ``find`` knows each name as it would be written
without those marks (``written_forms``: the quotes dropped; ", el"/", o"/", il"/", the" dropped; "&" as "y", "e",
"ed", "and"), where that form is no name of the index itself and is one card's only; a run of the text from a
capitalised word that is such a form, and that no name found crosses, is that card (the names found inside it give
way: the longest mention wins).
"""
from __future__ import annotations

import re

from itertools import compress
from operator import attrgetter

from . import mentions
from .commas import crossed, put
from .discourse import words_of
from ..core.fold import tkeys_of
from ..core.locales import LANGS

_start_of = attrgetter("start")
QUOTES = re.compile(r"[\"“”«»„]")
"""Double quotes around a word of a name (apostrophes are letters of a name: "Dark Magician's")."""
EPITHET = re.compile(r", (?:el|la|los|las|o|a|os|as|il|lo|i|gli|le|the) ", re.IGNORECASE)
"""The comma and the article between a card's first name and its epithet ("Obelisco, o Atormentador")."""
AND = {"es": ("y",), "pt": ("e",), "it": ("e", "ed"), "en": ("and",)}
"""How each language writes the "&" of a name."""
MIN_FIRST = 3
"""A name is read from a first word of this many letters or more, not a function word: the text's many "la", "a",
"no" are not walked (the few names that open with one, "La Jinn", are left to the scan)."""
TABLE_VERSION = 2
"""Bump when what ``_part_forms`` stores changes."""

_forms: dict = {}


def written_forms(name: str, lang: str) -> list:
    """The ways a writer writes a printed name without its marks (module doc), other than the name itself."""
    base = QUOTES.sub("", name).replace("  ", " ").strip()
    out = {base}
    if EPITHET.search(base):
        out.add(EPITHET.sub(" ", base))
    if "&" in base:
        out.update(x.replace("&", a) for x in list(out) for a in AND.get(lang, ()))
    return [x for x in out if x != name]


def _part_forms(lang: str):
    """``build(part)`` of a part's table for ``lang``: the translate keys of the written forms of its cards' names in
    ``lang`` and English, each form's keys of its first words and of the whole (``keys``), the card of each (``rows``)
    and the language of its name (``langs``)."""
    def build(p) -> dict:
        forms, rows, langs = [], [], []
        kinds = p.codes("e_kind")
        for col_lang in dict.fromkeys((lang, "en")):
            col = p.strings("e_" + col_lang)
            for i, kind in enumerate(kinds):
                name = col[i] if kind == "card" else None
                if not name or not (QUOTES.search(name) or EPITHET.search(name) or "&" in name):
                    continue
                for form in written_forms(name, col_lang):
                    forms.append(tkeys_of(form))
                    rows.append(i)
                    langs.append(col_lang)
        return {"keys": forms, "rows": rows, "langs": langs}
    return build


def _stamp() -> str:
    from ..core.cache import code_stamp
    return f"{TABLE_VERSION}:{code_stamp(__file__)}"


def prepare(part) -> None:
    """Build and cache a part's tables, one per language (``names import`` may call it, so that the first translation
    does not pay for them)."""
    stamp = _stamp()
    for lang in LANGS:
        part.derived("variants-" + lang, stamp, _part_forms(lang))


def _table(tr) -> tuple:
    """(written form's key → (part, entry's index, language), the keys of their first words, the keys of their first
    word) for the translator's index and language: the forms that are no name of the index and belong to one card."""
    key = (id(tr.index), tr.src)
    got = _forms.get(key)
    if got is None or got[0] is not tr.index:
        stamp, build = _stamp(), _part_forms(tr.src)
        owner: dict = {}
        prefixes: set = set()
        firsts: set = set()
        for p in tr.index.parts:
            t = p.derived("variants-" + tr.src, stamp, build)
            for ks, i, lang in zip(t["keys"], t["rows"], t["langs"]):
                if i in p.hidden or len(ks) < 2 or tr.keys.get(ks[-1]):
                    continue
                cid = p.col("e_id")[i]
                was = owner.get(ks[-1])
                owner[ks[-1]] = (cid, p, i, lang) if was is None or was[0] == cid else (None, p, i, lang)
                prefixes.update(ks)
                firsts.add(ks[0])  # (a key's first word is the folded word of the text)
        forms = {k: v[1:] for k, v in owner.items() if v[0] is not None}  # (the entry made where a text names it)
        firsts = {w for w in firsts if len(w) >= MIN_FIRST and w not in mentions.ALL_FUNCTION}
        got = _forms[key] = (tr.index, (forms, prefixes, firsts))
    return got[1]


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the names written without their marks (module doc) added, in order."""
    forms, prefixes, firsts = _table(tr)
    if not firsts & words_of(tr):
        return spans
    words, raw, cls, starts, ends, blocked = tr._words, tr._raw, tr._cls, tr._starts, tr._ends, tr._blocked
    n = len(words)
    starts_found = None
    add = []
    for k in compress(range(n), map(firsts.__contains__, words)):  # (the few words that may begin one, picked in C)
        if not raw[k][:1].isupper() or blocked[k] or (add and starts[k] < add[-1][1]):
            continue
        key, best = words[k], None
        for j in range(k + 1, n):
            if not cls[j] or blocked[j]:
                break
            key += cls[j] + words[j]
            if key not in prefixes:
                break
            if key in forms:
                best = (j, forms[key])
        if best is None:
            continue
        j, (p, i, lang) = best
        e = p.entry(i)
        a, b = starts[k], ends[j]
        if starts_found is None:
            starts_found = list(map(_start_of, spans))
        if crossed(tr, spans, starts_found, a, b):
            continue  # a name found or held back runs out of the run (or the scan read it already): it stands
        add.append((a, b, e, _Form(lang)))
    return put(tr, text, spans, add, span_type)


class _Form:
    """What ``commas.put`` reads of the form a name was found by: its language and how it names the card."""
    __slots__ = ("lang", "variant")

    def __init__(self, lang: str):
        self.lang, self.variant = lang, "official"
