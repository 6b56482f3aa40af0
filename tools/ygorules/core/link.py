"""The link pass: cross references, ids, file names, orders, and advisory checks (missing translations)."""
from __future__ import annotations

from pathlib import Path

from .errors import Problem
from .loader import Document, load_file
from .model import KB, LANGS

# (kind, path pattern, target kind); '*' matches every item of a list.
REFERENCES = {
    "source": [(("cites", "*"), "source")],
    "phase": [(("steps", "*"), "step"), (("term",), "term"), (("rules_version", "follows", "*"), "source")],
    "step": [(("phase",), "phase"), (("substeps", "*"), "substep"), (("term",), "term")],
    "substep": [(("step",), "step"), (("term",), "term")],
    "scheme": [(("source",), "source"), (("step",), "step"), (("parts", "*", "maps_to", "*"), "substep")],
    "card": [(("spellings", "*", "source"), "source"), (("spellings", "*", "collides_with"), "card"),
             (("timings", "*", "substep"), "substep"), (("steps", "*"), "step"), (("members", "*"), "card"),
             (("facts", "effects", "*", "ruling"), "ruling"), (("facts", "effects", "*", "text_differs", "ruling"), "ruling")],
    "term": [(("related", "*"), "term")],
    "ruling": [(("cards", "*"), "card"), (("substeps", "*"), "substep"), (("terms", "*"), "term")],
    "example": [(("cards", "*"), "card"), (("substeps", "*"), "substep"), (("rulings", "*"), "ruling"),
                (("sequence", "*", "substep"), "substep")],
    "unidentified": [(("source",), "source"), (("candidates", "*"), "card")],
    "damage": [],
    "rule": [],
}
_NOT_TEXT = {"names", "absent", "review"}


def walk(data, pattern: tuple, path: tuple = ()) -> list:
    """(path, value) for every value in ``data`` that matches ``pattern`` (keys, and '*' for every item of a list).

    >>> walk({"a": [{"b": 1}, {"c": 2}, {"b": 3}]}, ("a", "*", "b"))
    [(('a', 0, 'b'), 1), (('a', 2, 'b'), 3)]
    """
    items = [(path, data)]
    for head in pattern:  # level by level: most patterns stop at their first key, which most entries lack
        found = []
        if head == "*":
            for where, node in items:
                if node.__class__ is list:
                    found.extend((where + (i,), item) for i, item in enumerate(node))
        else:
            for where, node in items:
                if node.__class__ is dict and head in node:
                    found.append((where + (head,), node[head]))
        if not found:
            return found
        items = found
    return items


_LANG_SET = frozenset(LANGS)


class Survey:
    """What one walk over an entry's data finds (each list in document order):

    - ``citations``: (path, source id) of every citation in a ``sources`` list;
    - ``citing``: (path of the ``where``, source id, where) of every mapping with a ``source`` and a ``where``;
    - ``texts``: (path, mapping) of every localized text (a mapping whose keys are language codes),
      outside ``names``, ``absent`` and ``review``;
    - ``eras``: (path, message, fix, code) of every statement whose era and status disagree
      (history needs ``until``, and only history has it).
    """

    __slots__ = ("citations", "citing", "texts", "eras")

    def __init__(self):
        self.citations: list = []
        self.citing: list = []
        self.texts: list = []
        self.eras: list = []


def survey(data) -> Survey:
    """Walk an entry's data once for citations, cited places, localized texts and statement eras.

    >>> s = survey({"statement": {"text": {"en": "x"}, "sources": ["a", {"source": "b", "where": "L2"}], "status": "history"}})
    >>> s.citations, s.citing, s.texts
    ([(('statement', 'sources', 0), 'a'), (('statement', 'sources', 1, 'source'), 'b')], [(('statement', 'sources', 1, 'where'), 'b', 'L2')], [(('statement', 'text'), {'en': 'x'})])
    >>> [(path, code) for path, _, _, code in s.eras]
    [(('statement', 'status'), 'history-until')]
    """
    found = Survey()
    _visit(data, (), True, True, found)
    return found


def _visit(node, path: tuple, text_ok: bool, cite_ok: bool, found: Survey) -> None:
    # The data comes from the loader (or marshal): plain dict, list and str, so classes are compared, not isinstance.
    if node.__class__ is list:
        for i, item in enumerate(node):
            cls = item.__class__
            if cls is dict or cls is list:
                _visit(item, path + (i,), text_ok, cite_ok, found)
        return
    if node.__class__ is not dict:
        return
    if "text" in node and "sources" in node:
        status, until = node.get("status", "current"), node.get("until")
        if status == "history" and until is None:
            found.eras.append((path + ("status",), "an earlier rule (status: history) without `until`",
                               "add `until: {when: '2014', sources: [the current source that shows the change]}`", "history-until"))
        elif until is not None and status != "history":
            found.eras.append((path + ("until",), f"`until` on a statement whose status is {status}",
                               "set `status: history`, or remove `until` if the rule still holds", "history-until"))
    if "source" in node and node["source"].__class__ is str and node.get("where").__class__ is str:
        found.citing.append((path + ("where",), node["source"], node["where"]))
    if text_ok and node and node.keys() <= _LANG_SET and all(v.__class__ is str for v in node.values()):
        found.texts.append((path, node))
        return  # nothing but text inside
    for key, value in node.items():
        cls = value.__class__
        if cls is list:
            if cite_ok and key == "sources":
                for i, c in enumerate(value):
                    if c.__class__ is str:
                        found.citations.append((path + (key, i), c))
                    elif c.__class__ is dict and c.get("source").__class__ is str:
                        found.citations.append((path + (key, i, "source"), c["source"]))
                _visit(value, path + (key,), text_ok and key not in _NOT_TEXT, False, found)
            else:
                _visit(value, path + (key,), text_ok and key not in _NOT_TEXT, cite_ok, found)
        elif cls is dict:
            _visit(value, path + (key,), text_ok and key not in _NOT_TEXT, cite_ok, found)


def localized_texts(data):
    """Yield (path, mapping) for every localized text (a mapping whose keys are language codes)."""
    yield from survey(data).texts


def translation_warning(path: tuple, missing: list[str]) -> tuple:
    """The message, fix, severity and code of a missing-translation warning."""
    return (f"missing {', '.join(missing)} translation of {'.'.join(map(str, path))}",
            f"add `{missing[0]}:` with the text in that language (`ygorules status` lists every gap)", "warning", "missing-translation")


def closest(word: str, options) -> str:
    """A hint naming the closest existing ids.

    >>> closest("mirror-forse", ["mirror-force", "honest", "necro-gardna"])
    "did you mean 'mirror-force'?"
    """
    import difflib  # only to suggest a name
    close = difflib.get_close_matches(word, list(options), n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    return "no existing id is close; create the entry first (`ygorules new`) or fix the id"


def references(kind: str, data: dict, found: Survey | None = None) -> list[tuple[tuple, str, str]]:
    """Every cross reference in one entry's data: (path, referenced id, target kind). ``found`` is ``survey(data)`` if the caller has it."""
    out = [(path, value, target) for pattern, target in REFERENCES[kind] for path, value in walk(data, pattern)]
    if kind != "source":
        out.extend((path, value, "source") for path, value in (found or survey(data)).citations)
    return out


def reference_pairs(kind: str, data: dict, found: Survey | None = None) -> list[tuple[str, str]]:
    """The distinct (referenced id, target kind) pairs of one entry: what the link pass needs."""
    return sorted({(value, target) for _, value, target in references(kind, data, found)})


def missing_translations(data: dict, texts: list | None = None) -> list[tuple[tuple, list[str]]]:
    """Every localized text of one entry that lacks a language: (path, missing languages).

    ``texts`` is ``list(localized_texts(data))`` when the caller has it already.
    """
    texts = localized_texts(data) if texts is None else texts
    return [(path, [l for l in LANGS if l not in text]) for path, text in texts if len(text) < len(LANGS)]


class Linker:
    """Checks one KB's cross references; collects problems instead of stopping at the first.

    ``on_disk`` holds, per kind, the id of every entry file (valid or not: a reference to an entry
    that failed its own checks is not reported again). The caller asks ``dangling`` per entry (with
    the pairs ``reference_pairs()`` gives) and ``structure`` once.
    """

    def __init__(self, kb: KB, docs: dict, on_disk: dict):
        self.kb, self.docs, self.problems = kb, docs, []
        self.on_disk = on_disk

    def ids(self, kind: str):
        """The ids of every file of ``kind`` (``on_disk`` may make them on first use)."""
        try:
            return self.on_disk[kind]
        except KeyError:
            return ()

    def doc(self, key) -> Document:
        """The document of an entry (built on first use for a file taken from the check cache)."""
        doc = self.docs[key]
        if doc.__class__ is tuple:
            path, display, data = doc
            doc = self.docs[key] = Document(Path(path), display, data)
        return doc

    def add(self, entry, path, message, fix, severity="error", code="link", key=False):
        doc = self.doc((entry.kind, entry.id))
        line, col = doc.where(path, key=key)
        self.problems.append(Problem(doc.display, line, col, message, fix, severity, code))

    def dangling(self, kind: str, entry_id: str, pairs) -> list[Problem]:
        """The dangling references of one entry, given its (referenced id, target kind) pairs."""
        bad = {(v, t) for v, t in pairs if v not in self.ids(t)}
        if not bad:
            return []
        doc = self.doc((kind, entry_id))
        data = doc.data if doc.data is not None else load_file(doc.path, doc.display).data
        out = []
        for path, value, target in references(kind, data):
            if (value, target) in bad:
                line, col = doc.where(path)
                out.append(Problem(doc.display, line, col, f"unknown {target} '{value}'",
                                   closest(value, self.ids(target)), "error", "dangling-reference"))
        return out

    def structure(self) -> list[Problem]:
        """The problems of the phase → steps → substeps structure (added to ``problems``, which is returned)."""
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
                self.add(step, ("phase",), f"phase '{step.phase}' does not list this step", f"add '{step.id}' to `steps:` in {self.doc(('phase', phase.id)).display}")
            for i, sub_id in enumerate(step.substeps, 1):
                sub = kb.substeps.get(sub_id)
                if sub and sub.step == step.id and sub.order != i:
                    self.add(sub, ("order",), f"order is {sub.order}, but it is moment {i} of step '{step.id}'", f"set `order: {i}`", code="order")
        for sub in kb.substeps.values():
            step = kb.steps.get(sub.step)
            if step and sub.id not in step.substeps:
                self.add(sub, ("step",), f"step '{sub.step}' does not list this substep", f"add '{sub.id}' to `substeps:` in {self.doc(('step', step.id)).display}", code="orphan-substep")
        return self.problems


def _names(entry):
    for lang in LANGS:
        name = entry.names.get(lang)
        if name is None and lang not in entry.absent:
            yield (("names", lang), f"no {lang} name and no reason why", f"write the official {lang} name, or add `absent: {{{lang}: never-printed}}` (or video-game-only, no-official-term)", "absent-reason")
        if name is not None and lang in entry.absent:
            yield (("absent", lang), f"a {lang} name is given, yet absent says '{entry.absent[lang]}'", f"remove `{lang}` from absent, or set `names.{lang}: null`", "absent-reason")


def local_checks(entry, found: Survey | None = None) -> list[tuple]:
    """Checks that need nothing but the entry itself: (path, message, fix, code) for each problem. ``found`` is ``survey(entry.data)`` if the caller has it."""
    out: list = list((found or survey(entry.data)).eras)
    if entry.kind == "card":
        card = entry
        from .activation import fact_problems
        out.extend(_names(card))
        out.extend(fact_problems(card))
        if card.card_type == "archetype" and card.passcode is not None:
            out.append((("passcode",), "an archetype has no passcode", "set `passcode: null`", "archetype-passcode"))
        if card.card_type != "archetype" and card.passcode is None:
            out.append((("passcode",), "a card needs its passcode", "write the passcode printed on the card, in quotes", "passcode"))
        seen: dict = {}
        for i, sp in enumerate(card.spellings):
            key = (sp.text, sp.lang, sp.source)
            if key in seen:
                out.append((("spellings", i), f"the spelling '{sp.text}' ({sp.lang}, {sp.source}) is listed twice", f"delete one (the first is spellings item {seen[key] + 1})", "duplicate-spelling"))
            seen.setdefault(key, i)
            if sp.text == card.names.get(sp.lang):
                out.append((("spellings", i, "text"), f"'{sp.text}' is the official {sp.lang} name, not another spelling", "delete this spelling", "spelling-is-official"))
    elif entry.kind == "source":
        data = entry.data
        if "url" in data and "no_url" in data:
            out.append((("no_url",), "a source with a url and a no_url reason", "remove no_url: the url is where readers find it", "source-url"))
        elif "url" not in data and "no_url" not in data:
            out.append((("id",), "a source without a url and without saying why", "add `url: https://…`, or `no_url: print-only` (or not-recorded, offline)", "source-url"))
        if data.get("locator") == "lines" and "extent" not in data:
            out.append((("locator",), "a source cited by lines without its line count", "add `extent: N`, the number of lines of the team's copy", "source-extent"))
        if data.get("locator") in ("sections", "counts") and "extent" in data:
            out.append((("extent",), f"extent on a source cited by {data['locator']}", "remove extent: it counts lines or pages only", "source-extent"))
    elif entry.kind == "term":
        term = entry
        out.extend(_names(term))
        for lang in LANGS:
            name = term.names.get(lang)
            if name and not any(v.text == name and v.lang == lang for v in term.variants):
                out.append((("names", lang), f"the {lang} name '{name}' is not among the variants", f"add a variant with `text: {name}`, `lang: {lang}` and its status and sources", "name-not-variant"))
    elif entry.kind == "damage":
        seen_cases: set = set()
        for i, row in enumerate(entry.rows):
            if row.case in seen_cases:
                out.append((("rows", i, "case"), f"the case '{row.case}' appears twice", "give each row its own case name", "duplicate-case"))
            seen_cases.add(row.case)
    elif entry.kind == "scheme":
        for i, part in enumerate(entry.parts, 1):
            if part.order != i:
                out.append((("parts", i - 1, "order"), f"part {i} has order {part.order}", f"set `order: {i}`: parts are numbered 1, 2, 3 … in file order", "order"))
    elif entry.kind == "substep":
        prefix = entry.id.split(".", 1)[0]
        if prefix != entry.step:
            out.append((("step",), f"the id starts with '{prefix}' but step is '{entry.step}'", f"set `step: {prefix}` or rename the file and id", "substep-step"))
    return out
