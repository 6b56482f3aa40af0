"""The link pass: cross references, ids, file names, orders, and advisory checks (missing translations)."""
from __future__ import annotations

import difflib

from .errors import Problem
from .loader import Document
from .model import KB, LANGS

# (kind, path pattern, target kind); '*' matches every item of a list.
REFERENCES = {
    "source": [(("cites", "*"), "source")],
    "phase": [(("steps", "*"), "step"), (("term",), "term")],
    "step": [(("phase",), "phase"), (("substeps", "*"), "substep"), (("term",), "term")],
    "substep": [(("step",), "step"), (("term",), "term")],
    "scheme": [(("source",), "source"), (("step",), "step"), (("parts", "*", "maps_to", "*"), "substep")],
    "card": [(("spellings", "*", "source"), "source"), (("spellings", "*", "collides_with"), "card"),
             (("timings", "*", "substep"), "substep"), (("steps", "*"), "step"), (("members", "*"), "card")],
    "term": [(("related", "*"), "term")],
    "ruling": [(("cards", "*"), "card"), (("substeps", "*"), "substep"), (("terms", "*"), "term")],
    "example": [(("cards", "*"), "card"), (("substeps", "*"), "substep"), (("rulings", "*"), "ruling"),
                (("sequence", "*", "substep"), "substep")],
    "unidentified": [(("source",), "source"), (("candidates", "*"), "card")],
    "damage": [],
}
_NOT_TEXT = {"names", "absent"}


def walk(data, pattern: tuple, path: tuple = ()):
    """Yield (path, value) for every value in ``data`` that matches ``pattern``."""
    if not pattern:
        yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        if isinstance(data, list):
            for i, item in enumerate(data):
                yield from walk(item, rest, path + (i,))
    elif isinstance(data, dict) and head in data:
        yield from walk(data[head], rest, path + (head,))


def citations(data, path: tuple = ()):
    """Yield (path, source id) for every citation in an entry's data."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "sources" and isinstance(value, list):
                for i, c in enumerate(value):
                    if isinstance(c, str):
                        yield path + (key, i), c
                    elif isinstance(c, dict) and isinstance(c.get("source"), str):
                        yield path + (key, i, "source"), c["source"]
            else:
                yield from citations(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from citations(item, path + (i,))


def localized_texts(data, path: tuple = ()):
    """Yield (path, mapping) for every localized text (a mapping whose keys are language codes)."""
    if isinstance(data, dict):
        if data and set(data) <= set(LANGS) and all(isinstance(v, str) for v in data.values()):
            yield path, data
            return
        for key, value in data.items():
            if key not in _NOT_TEXT:
                yield from localized_texts(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from localized_texts(item, path + (i,))


def closest(word: str, options) -> str:
    """A hint naming the closest existing ids.

    >>> closest("mirror-forse", ["mirror-force", "mirror-wall", "honest"])
    "did you mean 'mirror-force'?"
    """
    close = difflib.get_close_matches(word, list(options), n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    return "no existing id is close; create the entry first (`ygorules new`) or fix the id"


class Linker:
    """Checks one KB's cross references; collects problems instead of stopping at the first."""

    def __init__(self, kb: KB, docs: dict, on_disk: dict | None = None):
        self.kb, self.docs, self.problems = kb, docs, []
        self.on_disk = on_disk or {}

    def add(self, entry, path, message, fix, severity="error", code="link", key=False):
        doc: Document = self.docs[(entry.kind, entry.id)]
        line, col = doc.where(path, key=key)
        self.problems.append(Problem(doc.display, line, col, message, fix, severity, code))

    def run(self) -> list[Problem]:
        kb = self.kb
        for entry in list(kb.entries()):
            for pattern, target in REFERENCES[entry.kind]:
                for path, value in walk(entry.data, pattern):
                    self.ref(entry, path, value, target)
            if entry.kind != "source":
                for path, value in citations(entry.data):
                    self.ref(entry, path, value, "source")
            for path, text in localized_texts(entry.data):
                missing = [l for l in LANGS if l not in text]
                if missing:
                    self.add(entry, path, f"missing {', '.join(missing)} translation of {'.'.join(map(str, path))}",
                             f"add `{missing[0]}:` with the text in that language (`ygorules status` lists every gap)", "warning", "missing-translation")
        self.structure()
        return self.problems

    def ref(self, entry, path, value, target):
        table = self.kb.table(target)
        if value in table or value in self.on_disk.get(target, ()):
            return  # an entry that exists but failed its own checks is reported there, once
        self.add(entry, path, f"unknown {target} '{value}'", closest(value, set(table) | self.on_disk.get(target, set())),
                 code="dangling-reference")

    def structure(self):
        kb = self.kb
        for phase in kb.phases.values():
            for i, sid in enumerate(phase.steps, 1):
                step = kb.steps.get(sid)
                if step and step.phase != phase.id:
                    self.add(step, ("phase",), f"step '{sid}' is listed by phase '{phase.id}' but names phase '{step.phase}'", f"set `phase: {phase.id}`")
                elif step and step.order != i:
                    self.add(step, ("order",), f"order is {step.order}, but it is step {i} in phase '{phase.id}'", f"set `order: {i}` (orders run 1, 2, 3 … in the phase's list)", code="order")
        for step in kb.steps.values():
            phase = kb.phases.get(step.phase)
            if phase and step.id not in phase.steps:
                self.add(step, ("phase",), f"phase '{step.phase}' does not list this step", f"add '{step.id}' to `steps:` in {self.docs[('phase', phase.id)].display}")
            for i, sub_id in enumerate(step.substeps, 1):
                sub = kb.substeps.get(sub_id)
                if sub and sub.step == step.id and sub.order != i:
                    self.add(sub, ("order",), f"order is {sub.order}, but it is moment {i} of step '{step.id}'", f"set `order: {i}`", code="order")
        for sub in kb.substeps.values():
            prefix = sub.id.split(".", 1)[0]
            if prefix != sub.step:
                self.add(sub, ("step",), f"the id starts with '{prefix}' but step is '{sub.step}'", f"set `step: {prefix}` or rename the file and id", code="substep-step")
            step = kb.steps.get(sub.step)
            if step and sub.id not in step.substeps:
                self.add(sub, ("step",), f"step '{sub.step}' does not list this substep", f"add '{sub.id}' to `substeps:` in {self.docs[('step', step.id)].display}", code="orphan-substep")
        for scheme in kb.schemes.values():
            for i, part in enumerate(scheme.parts, 1):
                if part.order != i:
                    self.add(scheme, ("parts", i - 1, "order"), f"part {i} has order {part.order}", f"set `order: {i}`: parts are numbered 1, 2, 3 … in file order", code="order")
        for card in kb.cards.values():
            self.names(card)
            if card.card_type == "archetype" and card.passcode is not None:
                self.add(card, ("passcode",), "an archetype has no passcode", "set `passcode: null`", code="archetype-passcode")
            if card.card_type != "archetype" and card.passcode is None:
                self.add(card, ("passcode",), "a card needs its passcode", "write the passcode printed on the card, in quotes", code="passcode")
            seen = {}
            for i, sp in enumerate(card.spellings):
                key = (sp.text, sp.lang, sp.source)
                if key in seen:
                    self.add(card, ("spellings", i), f"the spelling '{sp.text}' ({sp.lang}, {sp.source}) is listed twice", f"delete one (the first is spellings item {seen[key] + 1})", code="duplicate-spelling")
                seen.setdefault(key, i)
                if sp.text == card.names.get(sp.lang):
                    self.add(card, ("spellings", i, "text"), f"'{sp.text}' is the official {sp.lang} name, not another spelling", "delete this spelling", code="spelling-is-official")
        for term in kb.terms.values():
            self.names(term)
            for lang in LANGS:
                name = term.names.get(lang)
                if name and not any(v.text == name and v.lang == lang for v in term.variants):
                    self.add(term, ("names", lang), f"the {lang} name '{name}' is not among the variants", f"add a variant with `text: {name}`, `lang: {lang}` and its status and sources", code="name-not-variant")
        for table in kb.damage.values():
            seen = set()
            for i, row in enumerate(table.rows):
                if row.case in seen:
                    self.add(table, ("rows", i, "case"), f"the case '{row.case}' appears twice", "give each row its own case name", code="duplicate-case")
                seen.add(row.case)

    def names(self, entry):
        for lang in LANGS:
            name = entry.names.get(lang)
            if name is None and lang not in entry.absent:
                self.add(entry, ("names", lang), f"no {lang} name and no reason why", f"write the official {lang} name, or add `absent: {{{lang}: never-printed}}` (or video-game-only, no-official-term)", code="absent-reason")
            if name is not None and lang in entry.absent:
                self.add(entry, ("absent", lang), f"a {lang} name is given, yet absent says '{entry.absent[lang]}'", f"remove `{lang}` from absent, or set `names.{lang}: null`", code="absent-reason")
