"""An official name written without the marks a writer leaves out (issue 24): 'Exodia, "O Proibido"' written
"Exodia, O Proibido", "Obelisco, o Atormentador" written "Obelisco Atormentador", "Neo, el Espadachín Mágico" written "Neo el Espadachín
Mágico", "Flor de Ceniza & Primavera Feliz"
written "Flor de Ceniza y Primavera Feliz", "Harpies' Hunting Ground" written "Harpie's Hunting Ground".

Printed names carry marks that writers drop or spell out: double quotes around a word or an epithet, the comma and
the article between a card's first name and its epithet, an "&" that they write as the language's "and". The scan
matches a name with its separators, so such a name is missed, or read as a shorter one. From the pool's names (each
card's official name in the text's language and its English name) ``find`` knows each name as it would be written
without those marks (``written_forms``: the quotes dropped; ", el"/", o"/", il"/", the" dropped, or their comma
alone; "&" as "y", "e", "ed", "and"; an English possessive's apostrophe dropped or put on the other side of its "s";
a Romance elision's apostrophe written as a space, "dell Avidità"; initials without their stops, "DD Assailant"; a
letter in angle brackets without them, "Maliss P Dormouse"),
where that form is no name of the index itself and is one card's only; a run of the text from a capitalised word that
is such a form, and that no name found crosses, is that card (the names found inside it give way: the longest mention
wins).
"""
from __future__ import annotations

import re

from operator import attrgetter

from . import mentions
from .commas import crossed, put
from .discourse import positions_of, words_of
from ..core.fold import tkeys_of
from ..core.locales import LANGS

_start_of = attrgetter("start")
QUOTES = re.compile(r"[\"“”«»„]")
"""Double quotes around a word of a name (apostrophes are letters of a name: "Dark Magician's")."""
EPITHET = re.compile(r", (?:el|la|los|las|o|a|os|as|il|lo|i|gli|le|the) ", re.IGNORECASE)
"""The comma and the article between a card's first name and its epithet ("Obelisco, o Atormentador")."""
POSSESSIVE = re.compile(r"(?<=\w)(?:'s|s')(?= |$)")
"""An English possessive in a name, singular ("Gravekeeper's") or plural ("Harpies'"): writers drop its apostrophe or
put it on the other side of the "s" ("Harpie's Hunting Ground")."""
ELISION = re.compile(r"(?<=\w)['’](?=\w)")
"""The apostrophe of an elided article or preposition in a Romance name ("Anfora dell'Avidità", "L'Onesto"): writers
type a space for it ("Anfora dell Avidita")."""
INITIALS = re.compile(r"\b(?:[A-Z]\.){2,}")
"""Initials with their stops in a name ("D.D. Assailant", "U.A. Playmaker"): writers leave the stops out ("DD
Assailant")."""
ANGLED = re.compile(r"<(\w)>")
"""A letter in angle brackets in a name ("Maliss <P> Dormouse"): writers drop the brackets ("Maliss P Dormouse")."""
AND = {"es": ("y",), "pt": ("e",), "it": ("e", "ed"), "en": ("and",)}
"""How each language writes the "&" of a name."""
MIN_FIRST = 3
"""A name is read from a first word of this many letters or more, not a function word: the text's many "la", "a",
"no" are not walked (the few names that open with one, "La Jinn", are left to the scan)."""
TABLE_VERSION = 7
"""Bump when what ``_part_forms`` stores changes."""

_forms: dict = {}


def written_forms(name: str, lang: str) -> list:
    """The ways a writer writes a printed name without its marks (module doc), other than the name itself."""
    base = QUOTES.sub("", name).replace("  ", " ").strip()
    out = {base}
    if EPITHET.search(base):
        out.add(EPITHET.sub(" ", base))  # the comma and the article dropped ("Obelisco Atormentador")
        out.add(EPITHET.sub(lambda m: m.group()[1:], base))  # the comma alone ("Neo el Espadachín Mágico")
    if "&" in base:
        out.update(x.replace("&", a) for x in list(out) for a in AND.get(lang, ()))
    if lang == "en" and POSSESSIVE.search(base):
        for x in list(out):
            out.add(POSSESSIVE.sub("s", x))  # the apostrophe dropped ("Harpies Hunting Ground")
            out.add(POSSESSIVE.sub(lambda m: "s'" if m.group() == "'s" else "'s", x))  # on the other side of the "s"
    if lang != "en" and ELISION.search(base):
        out.update(ELISION.sub(" ", x) for x in list(out))  # the elision's apostrophe as a space ("dell Avidità")
    if INITIALS.search(base):
        out.update(INITIALS.sub(lambda m: m.group().replace(".", ""), x) for x in list(out))  # "DD Assailant"
    if "<" in base:
        out.update(ANGLED.sub(r"\1", x) for x in list(out))  # the letter without its brackets ("Maliss P Dormouse")
    return [x for x in out if x != name]


def _part_forms(lang: str):
    """``build(part)`` of a part's table for ``lang``, from its cards' names in ``lang`` and English: each written
    form's translate key → [the card's index, the name's language] (``forms``; a form two cards share is left out), the
    keys of the forms' first words (``prefixes``) and their first words that may begin one (``firsts``: ``MIN_FIRST``
    letters or more, or a name's opening initials without their stops, "DD"; no function word: the text's many "la",
    "a", "no" are not walked; the few names that open with one, "La Jinn", are left to the scan)."""
    def build(p) -> dict:
        forms: dict = {}
        prefixes: set = set()
        joined: set = set()
        kinds, ids = p.codes("e_kind"), p.col("e_id")
        for col_lang in dict.fromkeys((lang, "en")):
            col = p.strings("e_" + col_lang)
            for i, kind in enumerate(kinds):
                name = col[i] if kind == "card" else None
                for form in written_forms(name, col_lang) if name else ():  # (most names have no marks: none)
                    ks = tkeys_of(form)
                    if len(ks) < 2:
                        continue
                    was = forms.get(ks[-1])
                    forms[ks[-1]] = [i, col_lang] if was is None or (was and ids[was[0]] == ids[i]) else []
                    prefixes.update(ks)
                    if INITIALS.match(name):
                        joined.add(ks[0])  # (initials without their stops: a first word of two letters, "DD")
        firsts = {k for k in prefixes if (len(k) >= MIN_FIRST or k in joined) and k.isalnum()
                  and k not in mentions.ALL_FUNCTION}
        return {"forms": {k: v for k, v in forms.items() if v}, "prefixes": sorted(prefixes), "firsts": sorted(firsts)}
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
    """([(part, its forms)], the keys of the forms' first words, the first words that may begin one) for the
    translator's index and language (``_part_forms``; each part's dict as stored, read where a text names a form)."""
    key = (id(tr.index), tr.src)
    got = _forms.get(key)
    if got is None or got[0] is not tr.index:
        stamp, build = _stamp(), _part_forms(tr.src)
        tables = [(p, p.derived("variants-" + tr.src, stamp, build)) for p in tr.index.parts]
        parts = [(p, t["forms"]) for p, t in tables if t["forms"]]
        prefixes = set().union(*[t["prefixes"] for _, t in tables])
        firsts = set().union(*[t["firsts"] for _, t in tables])
        got = _forms[key] = (tr.index, (parts, prefixes, firsts))
    return got[1]


def _owner(tr, parts: list, key: str):
    """(entry, language) of the one card a written form names, none hidden, where the form is no name of the index
    itself (the scan's to read); else None."""
    if tr.keys.get(key):
        return None
    got = [(p, v) for p, forms in parts for v in (forms.get(key),) if v and v[0] not in p.hidden]
    if not got or len({p.col("e_id")[v[0]] for p, v in got}) > 1:
        return None
    p, (i, lang) = got[0]
    return p.entry(i), lang


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the names written without their marks (module doc) added, in order."""
    parts, prefixes, firsts = _table(tr)
    if not firsts & words_of(tr):
        return spans
    words, raw, cls, starts, ends, blocked = tr._words, tr._raw, tr._cls, tr._starts, tr._ends, tr._blocked
    n = len(words)
    starts_found = None
    add = []
    for k in positions_of(tr, firsts):  # (the few words that may begin one, picked in C)
        if not raw[k][:1].isupper() or blocked[k] or (add and starts[k] < add[-1][1]):
            continue
        key, best = words[k], None
        for j in range(k + 1, n):
            if not cls[j] or blocked[j]:
                break
            key += cls[j] + words[j]
            if key not in prefixes:
                break
            if any(key in forms for _, forms in parts):
                got = _owner(tr, parts, key)
                if got is not None:
                    best = (j, got)
        if best is None:
            continue
        j, (e, lang) = best
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
