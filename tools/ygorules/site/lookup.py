"""The index of the lookup page: cards, series and rules terms with their four names, folded in the browser.

Every KB card, archetype, term, step and timing has a page; when a name table of the whole card pool
was imported (``ygorules names import``: the table at the default location or ``$YGORULES_NAMES``,
see ``ygorules.names.table``), its cards and series are listed too, with their names and no page link.
"""
from __future__ import annotations

import functools
import json

from ..core.fold import javascript, normalize
from ..core.model import KB, LANGS

KINDS = ("card", "series", "term", "step", "timing")
"""What a result is; the page shows each kind's label in its language."""


def fold(text: str) -> str:
    """The lookup key of a name: ``core.fold.normalize``, which the page's JavaScript (fold.js) runs too.

    >>> fold("  Fuerza de Espejo! "), fold("Força do Espelho"), fold("L’Onesto")
    ('fuerza de espejo', 'forca do espelho', 'l onesto')
    """
    return normalize(text)


@functools.lru_cache(maxsize=1)
def fold_script() -> str:
    """The site's fold.js (``ygoFold.fold``, ``ygoFold.normalize``): ``core.fold.javascript()``, made once per build."""
    return javascript()


def _names(names: dict) -> list:
    return [names.get(l) or None for l in LANGS]


def _other(forms) -> list:
    """Other spellings as [text, lang, kind], without duplicates."""
    seen, out = set(), []
    for text, lang, kind in forms:
        key = (fold(text), lang)
        if key[0] and key not in seen:
            seen.add(key)
            out.append([text, lang, kind])
    return out


def index(kb: KB, lang: str, table=None) -> dict:
    """The lookup index of one language's site.

    ``entries``: ``[kind, id, [es, pt, it, en names], url or None, [[other spelling, lang, kind], …]]``;
    URLs are relative to ``lookup/index.html``. ``table`` is an imported NameTable (or None): its
    cards and series not in the KB are added without a URL; a name never printed is an other spelling of kind
    ``video-game`` (Master Duel's) or ``translated`` (an unofficial translation, of a card printed in no language of the site).
    """
    from .paths import page_path, url_of

    def url(kind: str, entry_id: str) -> str:
        return "../" + url_of(page_path(kind, entry_id))

    entries, kb_names = [], set()
    for card in sorted(kb.cards.values(), key=lambda c: c.id):
        kind = "series" if card.card_type == "archetype" else "card"
        names = _names(card.names)
        kb_names.update(fold(n) for n in names if n)
        entries.append([kind, card.id, names, url("card", card.id),
                        _other((s.text, s.lang, s.kind) for s in card.spellings)])
    for term in sorted(kb.terms.values(), key=lambda t: t.id):
        entries.append(["term", term.id, _names(term.names), url("term", term.id),
                        _other((v.text, v.lang, "avoided" if v.avoid else v.status) for v in term.variants)])
    for step in kb.ordered_steps():
        entries.append(["step", step.id, _names(step.title), url("step", step.id), []])
    for sub in sorted(kb.substeps.values(), key=lambda s: s.id):
        entries.append(["timing", sub.id, _names(sub.title), url("substep", sub.id), []])
    pool = 0
    if table is not None:
        for rec in table.cards:
            names = _names(rec.names)
            translated = getattr(rec, "translated", None) or {}
            if not (any(names) or rec.unofficial or translated) or any(n and fold(n) in kb_names for n in names):
                continue  # a card known only by video-game names or unofficial translations is listed too: the page marks those names
            entries.append(["card", rec.passcode, names, None,
                            _other([(n, l, "video-game") for l, n in (rec.unofficial or {}).items() if n]
                                   + [(n, l, "translated") for l, n in translated.items() if n])])
            pool += 1
        for i, series in enumerate(table.series):
            names = _names(series)
            if any(names) and not any(n and fold(n) in kb_names for n in names):
                entries.append(["series", f"series-{i}", names, None, []])
                pool += 1
    return {"lang": lang, "langs": list(LANGS), "pool": pool, "entries": entries}


def as_script(data: dict) -> str:
    """The index as a script that sets ``window.ygoLookupIndex`` (a file:// page cannot fetch JSON).

    >>> as_script({"x": "</script>"})
    'window.ygoLookupIndex = {"x":"\\\\u003c/script\\\\u003e"};\\n'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e")
    return f"window.ygoLookupIndex = {text};\n"
