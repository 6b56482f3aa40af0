"""The answers file of the lookup page: may each card be activated at each timing, in one language, as a script.

Written per language beside ``lookup/names.js`` as ``lookup/answers.js`` (it sets ``window.ygoAnswers``: a page
opened from disk cannot fetch JSON). It holds every KB card with facts and, when a name table with derived facts
was imported (``ygorules names import yaml-yugi``), every card of the pool, each with its card type and Spell Speeds
and its answer at the ten timings of the Battle Phase: the verdict, the condition, the reason and the rule or ruling
that decides (with its page), and for a derived card the line saying so. Nothing here decides anything: the answers
are those of :mod:`ygorules.core.activation` (``ygorules can``), computed once for every language and written as
they are; the command layer hands the pool's answers in (:class:`Source`), the site part imports no names part.

The format (``v`` 1), compact because the pool has about 14,000 cards and each language may take 1 MB gzipped:

- ``lang``; ``timings``: ``[id, name, path]`` per timing in order; ``rules``: ``[id, title, path]`` of every rule
  or ruling an answer rests on; paths are relative to the language's root (``rules/x.html``);
- ``s``: every text (card types, conditions, reasons, notes), each once; other fields point into it;
- ``a``: the distinct answers, ``[verdict, condition, reason, rule, text differs]``: the verdict one character
  (``VERDICT_CODES``), the others indices into ``s`` (``rules`` for the rule), -1 for none;
- ``r``: the distinct rows, ten indices into ``a``, one per timing in ``timings`` order;
- ``notes``: per origin code, the note shown under the answer (``null`` for a KB card);
- ``c``: card key (a KB card's id, else its passcode, as in ``names.js``) → ``[type, Spell Speeds, row, origin]``:
  the type an index into ``s``, the Spell Speeds as written (``"1/2"``, ``""`` for none), origin 0 for a KB card
  (reviewed facts) and 1, 2, 3 for a card derived from its official text with high, medium or low confidence, 4 for
  one derived (with low confidence) from the data set's unofficial translation of its text.
"""
from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .paths import page_path, url_of

VERSION = 1
"""Bumped whenever a key of the answers file changes meaning (the page's script reads it)."""
BUDGET = 1_000_000
"""At most this many bytes of answers per language, gzipped (issue 23: the lookup page stays light)."""
VERDICT_CODES = {"yes": "y", "no": "n", "only-if": "o", "unknown": "u"}
"""A verdict as one character; the page turns it back into the ``data-verdict`` value (the verdict itself)."""
ORIGINS = (None, "high", "medium", "low", "translated")
"""The origin code of a card (its index): a KB card (0), or a derived one and its confidence; ``translated`` (4): derived,
with low confidence, from an unofficial translation of the card's text (a card never printed in English)."""


@dataclass
class Source:
    """What the answers file is made of: ``cards(kb)`` yields ``(key, card, answers, confidence)`` for every card, KB
    cards first; ``answers`` one ``core.activation.Answer`` per timing in TIMINGS order, ``confidence`` None for a KB
    card and ``high`` / ``medium`` / ``low`` for a derived one (``translated``: low, read from an unofficial
    translation). ``note`` is the line under a derived card's answer (a gettext message with ``%(confidence)s``),
    ``translated_note`` the line under one read from an unofficial translation, and ``levels`` the confidence levels'
    messages: the CLI's own; ``origin`` where the derived facts come from (data set, commit, method, version), or None."""

    cards: Callable[..., Iterable[tuple]]
    note: str | None = None
    translated_note: str | None = None
    levels: dict = field(default_factory=dict)
    origin: dict | None = None


def kb_cards(kb):
    """The KB's cards with facts and their answers (``core.activation.matrix``), as a Source yields them."""
    from ..core.activation import matrix

    if not kb.rules:
        return
    for cid, answers in matrix(kb).items():
        yield cid, kb.cards[cid], answers, None


KB_ONLY = Source(kb_cards)
"""No pool imported: the KB's cards alone."""


def _local(localized, lang: str) -> str | None:
    """A localized text as ``ygorules can`` shows it: the language's, else English."""
    if not localized:
        return None
    return localized.get(lang) or localized.get("en")


class Encoder:
    """The answers file of one language, filled one card at a time (the pool is never held whole)."""

    def __init__(self, kb, lang: str, translations, source: Source):
        from ..core.activation import TIMINGS, summary

        gettext = translations.gettext
        self.kb, self.lang, self._, self.summary = kb, lang, gettext, summary
        self.texts: list = []
        self._text: dict = {}
        self.rules: list = []
        self._rule: dict = {}
        self.answers: list = []
        self._answer: dict = {}
        self.rows: list = []
        self._row: dict = {}
        self.cards: dict = {}
        self._kind: dict = {}
        self.timings = [self._moment(t) for t in TIMINGS]
        self.notes = [None] + [self._note(gettext, source, c) for c in ORIGINS[1:]]

    @staticmethod
    def _note(gettext, source: Source, origin: str) -> str | None:
        """The line under a derived card's answer for one origin code (None when the source gives no note)."""
        note, level = (source.translated_note, "low") if origin == "translated" else (source.note, origin)
        return gettext(note) % {"confidence": gettext(source.levels.get(level, level))} if note else None

    def _moment(self, timing: str) -> list:
        """[id, name, page] of a timing: a timing of a step (substep) or a step that is one timing (Start Step, End
        Step); its id and no page when the KB does not hold it."""
        for kind, table in (("substep", self.kb.substeps), ("step", self.kb.steps)):
            if timing in table:
                return [timing, _local(table[timing].title, self.lang) or timing, url_of(page_path(kind, timing))]
        return [timing, timing, None]

    def text(self, value: str | None) -> int:
        """The index of a text in ``s`` (-1 for none)."""
        if not value:
            return -1
        i = self._text.get(value)
        if i is None:
            i = self._text[value] = len(self.texts)
            self.texts.append(value)
        return i

    def rule(self, rule_id: str | None) -> int:
        """The index of a rule or ruling in ``rules`` (-1 for none: an unknown answer rests on no rule)."""
        if rule_id is None:
            return -1
        i = self._rule.get(rule_id)
        if i is None:
            kind = "rule" if rule_id in self.kb.rules else "ruling" if rule_id in self.kb.rulings else None
            entry = self.kb.rules.get(rule_id) or self.kb.rulings.get(rule_id)
            title = (_local(entry.title, self.lang) if entry is not None else None) or rule_id
            i = self._rule[rule_id] = len(self.rules)
            self.rules.append([rule_id, title, url_of(page_path(kind, rule_id)) if kind else None])
        return i

    def kind(self, card) -> tuple[int, str]:
        """The card type as the card pages write it (type · property · monster types), and its Spell Speeds."""
        from .pages import CARD_TYPES, MONSTER_TYPES, PROPERTIES

        facts = self.summary(card) or {}
        speeds = "/".join(map(str, facts.get("spell_speeds", [])))
        key = (card.card_type, facts.get("property"), tuple(facts.get("monster", [])))
        i = self._kind.get(key)
        if i is None:
            _ = self._
            head = [_(CARD_TYPES.get(card.card_type, card.card_type))]
            if facts.get("property") in PROPERTIES:
                head.append(_(PROPERTIES[facts["property"]]))
            head.extend(_(MONSTER_TYPES[t]) for t in facts.get("monster", []) if t in MONSTER_TYPES)
            i = self._kind[key] = self.text(" · ".join(head))
        return i, speeds

    def add(self, key: str, card, answers, confidence: str | None) -> None:
        """One card: its type, Spell Speeds, the row of its ten answers and its origin."""
        row = []
        for a in answers:
            value = (VERDICT_CODES[a.verdict], self.text(_local(a.condition, self.lang)), self.text(_local(a.reason, self.lang)),
                     self.rule(a.rule), self.text(_local(a.text_differs, self.lang)))
            i = self._answer.get(value)
            if i is None:
                i = self._answer[value] = len(self.answers)
                self.answers.append(list(value))
            row.append(i)
        r = self._row.get(tuple(row))
        if r is None:
            r = self._row[tuple(row)] = len(self.rows)
            self.rows.append(row)
        kind, speeds = self.kind(card)
        self.cards[str(key)] = [kind, speeds, r, ORIGINS.index(confidence) if confidence in ORIGINS else 3]

    def data(self) -> dict:
        """The answers file's content (see the module's docstring)."""
        return {"v": VERSION, "lang": self.lang, "timings": self.timings, "rules": self.rules, "s": self.texts,
                "a": self.answers, "r": self.rows, "notes": self.notes, "c": self.cards}

    def script(self) -> str:
        """The file: a script setting ``window.ygoAnswers`` (``<`` and ``>`` escaped, so no text closes a tag)."""
        text = json.dumps(self.data(), ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e")
        return f"window.ygoAnswers = {text};\n"


def encode(kb, langs, translations: dict, source: Source | None = None) -> dict:
    """``{lang: script}`` for each language (``translations``: its gettext catalog): one pass over the cards, each
    card's answers computed once for every language."""
    source = source or KB_ONLY
    encoders = {lang: Encoder(kb, lang, translations[lang], source) for lang in langs}
    for key, card, answers, confidence in source.cards(kb):
        for enc in encoders.values():
            enc.add(key, card, answers, confidence)
    return {lang: enc.script() for lang, enc in encoders.items()}


def decode(script: str) -> dict:
    """The data of an answers file (tests and tools): the JSON after ``window.ygoAnswers =``."""
    head = "window.ygoAnswers = "
    if not script.startswith(head):
        raise ValueError("not an answers file: it does not set window.ygoAnswers")
    return json.loads(script[len(head):].rstrip().rstrip(";"))


def card_answers(data: dict, key: str) -> dict | None:
    """One card of a decoded answers file in plain words: type, speeds, origin code and its answers.

    Each answer: ``timing``, ``verdict`` (``yes`` | ``no`` | ``only-if`` | ``unknown``), ``condition``, ``reason``,
    ``rule`` (id or None), ``rule_path``, ``text_differs`` — what the page shows, and what ``can --json`` says.
    """
    card = data["c"].get(str(key))
    if card is None:
        return None
    verdicts = {v: k for k, v in VERDICT_CODES.items()}
    s = lambda i: data["s"][i] if i >= 0 else None
    out = []
    for (timing, _name, _path), ai in zip(data["timings"], data["r"][card[2]]):
        v, cond, reason, rule, differs = data["a"][ai]
        out.append({"timing": timing, "verdict": verdicts[v], "condition": s(cond), "reason": s(reason),
                    "rule": data["rules"][rule][0] if rule >= 0 else None, "rule_path": data["rules"][rule][2] if rule >= 0 else None,
                    "text_differs": s(differs)})
    return {"type": s(card[0]), "speeds": card[1], "origin": card[3], "note": data["notes"][card[3]], "answers": out}


def gzip_size(text: str) -> int:
    """The size of ``text`` gzipped at level 9, as ``gzip -9 -c FILE | wc -c`` counts it (no file name stored)."""
    return len(gzip.compress(text.encode("utf-8"), 9, mtime=0))

