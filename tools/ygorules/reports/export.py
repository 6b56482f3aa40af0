"""The export document: every entry as written, plus the links derived from them."""
from __future__ import annotations

from .. import __version__
from ..core.locales import LANGS
from ..core.model import KB
from ..core.schema import KINDS

SCHEMA_VERSION = 1
"""Bumped whenever a key of the export document changes meaning or disappears."""


def export(kb: KB) -> dict:
    """The whole linked KB as a JSON-ready dict (documented in README.md, 'The export format')."""
    doc = {"schema_version": SCHEMA_VERSION, "generator": f"ygorules {__version__}",
           "languages": [l["code"] for l in kb.locales] or list(LANGS), "locales": kb.locales}
    for folder in KINDS:
        doc[folder] = {i: e.data for i, e in sorted(getattr(kb, folder).items())}
    doc["links"] = {
        "cards": {c: {"rulings": sorted(r.id for r in kb.rulings_about("card", c)),
                      "examples": sorted(e.id for e in kb.examples_about("card", c))} for c in sorted(kb.cards)},
        "substeps": {s: {"cards": [{"id": c.id, "role": t.role} for c, t in kb.cards_at(s)],
                         "rulings": sorted(r.id for r in kb.rulings_about("substep", s)),
                         "examples": sorted(e.id for e in kb.examples_about("substep", s))} for s in sorted(kb.substeps)},
        "terms": {t: {"rulings": sorted(r.id for r in kb.rulings_about("term", t))} for t in sorted(kb.terms)},
    }
    from ..core.activation import TIMINGS, matrix
    doc["activation"] = {"timings": list(TIMINGS),
                         "cards": {cid: [a.as_dict() for a in answers] for cid, answers in matrix(kb).items()}}
    return doc
