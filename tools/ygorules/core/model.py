"""The typed in-memory model of the knowledge base: the one vocabulary every command shares."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .locales import LANGS  # noqa: F401 (the languages: core.locales, read from kb/locales.yaml)

FOLDERS = {"source": "sources", "phase": "phases", "step": "steps", "substep": "substeps", "scheme": "schemes",
            "card": "cards", "term": "terms", "ruling": "rulings", "example": "examples",
            "unidentified": "unidentified", "damage": "damage", "rule": "rules"}
"""The folder in kb/ of each kind of entry."""
"""The languages of the knowledge base, in canonical order."""

Localized = dict  # lang → text; a language may be missing (reported as a warning)


@dataclass(frozen=True)
class Citation:
    """A source a statement rests on, and where in it."""

    source: str
    where: str | None = None


@dataclass
class Statement:
    """One rule statement in four languages with its sources."""

    text: Localized
    sources: list[Citation]
    status: str = "current"
    until: str | None = None
    changed_by: list[Citation] = field(default_factory=list)


@dataclass
class Entry:
    """What every entry has: its id, its kind, the file it came from, and its raw data."""

    id: str
    kind: str
    path: Path
    data: dict = field(repr=False)
    review: dict[str, str] = field(default_factory=dict)
    review_changed: dict[str, list[str]] = field(default_factory=dict)  # lang → fields changed since their native review (core/review.py)

    @property
    def unreviewed(self) -> list[str]:
        """Languages whose text here no fluent speaker has reviewed (review state other than native-reviewed; English excluded)."""
        return [lang for lang in LANGS if lang != "en" and self.review.get(lang, "native-reviewed") != "native-reviewed"]


@dataclass
class Source(Entry):
    type: str = ""
    title: str = ""
    lang: str = ""
    covers: Localized = field(default_factory=dict)
    author: str | None = None
    translator: str | None = None
    date: str | None = None
    version: str | None = None
    pages: str | None = None
    file: str | None = None
    url: str | None = None
    no_url: str | None = None
    locator: str = "sections"
    extent: int | None = None
    cites: list[str] = field(default_factory=list)
    reliability: Localized | None = None


@dataclass
class Moment(Entry):
    """Fields shared by the phase, its steps and their substeps."""

    title: Localized = field(default_factory=dict)
    term: str | None = None
    summary: Statement | None = None
    happens: list[Statement] = field(default_factory=list)
    chains: str | None = None
    chains_note: Statement | None = None
    may_activate: list[Statement] = field(default_factory=list)
    may_not_activate: list[Statement] = field(default_factory=list)
    applies_without_chain: list[Statement] = field(default_factory=list)
    special_cases: list[Statement] = field(default_factory=list)
    disagreements: list[Statement] = field(default_factory=list)


@dataclass
class Phase(Moment):
    steps: list[str] = field(default_factory=list)
    rules_version: dict | None = None  # {follows: [source ids], checked: 'YYYY-MM-DD', label: {lang: text}}
    entering: list[Statement] = field(default_factory=list)
    leaving: list[Statement] = field(default_factory=list)


@dataclass
class Step(Moment):
    phase: str = ""
    order: int = 0
    substeps: list[str] = field(default_factory=list)
    entering: list[Statement] = field(default_factory=list)
    leaving: list[Statement] = field(default_factory=list)
    who_may_act: list[Statement] = field(default_factory=list)


@dataclass
class Substep(Moment):
    step: str = ""
    order: int = 0


@dataclass
class SchemePart:
    order: int
    label: str
    label_lang: str
    maps_to: list[str]
    explanation: Localized
    differences: Localized | None = None
    where: str | None = None


@dataclass
class Scheme(Entry):
    source: str = ""
    step: str = ""
    title: Localized = field(default_factory=dict)
    summary: Statement | None = None
    parts: list[SchemePart] = field(default_factory=list)


@dataclass(frozen=True)
class Spelling:
    """Another way a source writes a name."""

    text: str
    lang: str
    kind: str
    source: str
    where: str | None = None
    collides_with: str | None = None
    note: tuple | None = None  # localized note as sorted (lang, text) pairs


@dataclass
class Timing:
    """A moment where a card acts, and how."""

    substep: str
    role: str
    note: Localized
    sources: list[Citation]


@dataclass
class Card(Entry):
    passcode: str | None = None
    card_type: str = ""
    facts: dict | None = None  # card facts (schema/card.schema.json `facts`): what the activation answer reads
    names: dict = field(default_factory=dict)  # lang → official name or None
    absent: dict = field(default_factory=dict)  # lang → why there is no name
    spellings: list[Spelling] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)

    def name(self, lang: str) -> tuple[str, str]:
        """The name to show in ``lang`` and the language it is in: the official name, else the English
        official name (or another printed one); a card printed in no language of ours (only in Japanese)
        is shown by its video-game name in ``lang``, else in English (``video_game_name``); the id last."""
        if self.names.get(lang):
            return self.names[lang], lang
        for other in ("en", *LANGS):
            if self.names.get(other):
                return self.names[other], other
        for other in (lang, "en"):
            if self.video_game_name(other):
                return self.video_game_name(other), other
        return self.id, "en"

    def video_game_name(self, lang: str) -> str | None:
        """The card's name in ``lang`` from a video game (Master Duel), when it was never printed in ``lang``
        (``absent: video-game-only``) and a spelling of kind ``video-game`` records that name; else None."""
        if self.names.get(lang) or self.absent.get(lang) != "video-game-only":
            return None
        return next((s.text for s in self.spellings if s.kind == "video-game" and s.lang == lang), None)


@dataclass(frozen=True)
class Variant:
    """One form of a term in use."""

    text: str
    lang: str
    status: str
    sources: tuple
    note: tuple | None = None
    avoid: bool = False


@dataclass
class Term(Entry):
    category: str = ""
    names: dict = field(default_factory=dict)
    absent: dict = field(default_factory=dict)
    variants: list[Variant] = field(default_factory=list)
    definition: Statement | None = None
    official_usage: Statement | None = None
    related: list[str] = field(default_factory=list)

    def name(self, lang: str) -> tuple[str, str]:
        """The name to show in ``lang`` and its language: the official name; where the language has
        none, the glossary's form for our prose in that language (its first variant in ``lang`` that is
        not avoided, e.g. *subetapa*); else English (for a term with no official name anywhere, its
        first English form that is not avoided)."""
        if self.names.get(lang):
            return self.names[lang], lang
        house = next((v.text for v in self.variants if v.lang == lang and not v.avoid), None)
        if house:
            return house, lang
        if self.names.get("en"):
            return self.names["en"], "en"
        return next((v.text for v in self.variants if v.lang == "en" and not v.avoid), self.id), "en"


@dataclass
class Ruling(Entry):
    title: Localized = field(default_factory=dict)
    question: Localized = field(default_factory=dict)
    answer: Statement | None = None
    explanation: list[Statement] = field(default_factory=list)
    status: str = "current"
    disagreement: Statement | None = None
    cards: list[str] = field(default_factory=list)
    substeps: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)


@dataclass
class Event:
    text: Localized
    substep: str | None = None


@dataclass
class Example(Entry):
    title: Localized = field(default_factory=dict)
    setup: Statement | None = None
    sequence: list[Event] = field(default_factory=list)
    outcome: Statement | None = None
    cards: list[str] = field(default_factory=list)
    substeps: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    sources: list[Citation] = field(default_factory=list)


@dataclass
class Unidentified(Entry):
    text: str = ""
    lang: str = ""
    source: str = ""
    where: str | None = None
    known: Localized = field(default_factory=dict)
    candidates: list[str] = field(default_factory=list)


@dataclass
class DamageRow:
    case: str
    target: str
    comparison: str
    destroyed: list[str]
    damage_to: str
    amount: str
    text: Localized
    sources: list[Citation]
    only_if: str | None = None  # a further condition of the case: 'both-atk-zero' or 'piercing'


@dataclass
class DamageTable(Entry):
    title: Localized = field(default_factory=dict)
    summary: Statement | None = None
    rows: list[DamageRow] = field(default_factory=list)
    notes: list[Statement] = field(default_factory=list)


@dataclass
class Rule(Entry):
    """A rule fact the activation answer relies on (kb/rules/)."""

    title: Localized = field(default_factory=dict)
    statement: Statement | None = None
    allows: Localized | None = None
    forbids: Localized | None = None
    timings: list[str] = field(default_factory=list)
    category: dict | None = None  # {label: Localized, timings: [timing id]}: what it lets be activated, and where
    history: list[Statement] = field(default_factory=list)


@dataclass
class KB:
    """The whole linked knowledge base: one dict per kind, id → entry."""

    root: Path
    locales: list[dict] = field(default_factory=list)
    sources: dict[str, Source] = field(default_factory=dict)
    phases: dict[str, Phase] = field(default_factory=dict)
    steps: dict[str, Step] = field(default_factory=dict)
    substeps: dict[str, Substep] = field(default_factory=dict)
    schemes: dict[str, Scheme] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    terms: dict[str, Term] = field(default_factory=dict)
    rulings: dict[str, Ruling] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)
    unidentified: dict[str, Unidentified] = field(default_factory=dict)
    damage: dict[str, DamageTable] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    warnings: list = field(default_factory=list)
    checked: int = 0  # how many entries passed their per-file checks

    def table(self, kind: str) -> dict:
        """The dict of one kind of entry, by kind name ('card', 'term', …)."""
        return getattr(self, FOLDERS[kind])

    def entries(self):
        """Every entry of every kind."""
        for folder in FOLDERS.values():
            yield from getattr(self, folder).values()

    def ordered_steps(self) -> list[Step]:
        """The steps in their order."""
        return sorted(self.steps.values(), key=lambda s: (s.phase, s.order))

    def ordered_substeps(self, step_id: str) -> list[Substep]:
        """The substeps of one step, in order."""
        return [self.substeps[s] for s in self.steps[step_id].substeps if s in self.substeps]

    def _reverse(self) -> dict:
        """Reverse references, built once on first use: (kind, id) → cards/rulings/examples that point at it."""
        rev = self.__dict__.get("_rev")
        if rev is None:
            rev = {}
            for c in sorted(self.cards.values(), key=lambda c: c.id):
                for t in c.timings:
                    rev.setdefault(("cards_at", t.substep), []).append((c, t))
            for r in self.rulings.values():
                for kind, ids in (("card", r.cards), ("substep", r.substeps), ("term", r.terms)):
                    for i in dict.fromkeys(ids):
                        rev.setdefault(("ruling", kind, i), []).append(r)
            for e in self.examples.values():
                subs = set(e.substeps) | {ev.substep for ev in e.sequence if ev.substep}
                for kind, ids in (("card", set(e.cards)), ("substep", subs), ("ruling", set(e.rulings))):
                    for i in ids:
                        rev.setdefault(("example", kind, i), []).append(e)
            self.__dict__["_rev"] = rev
        return rev

    def cards_at(self, substep_id: str) -> list[tuple[Card, Timing]]:
        """Cards that act at a substep, with how they act, in id order."""
        return list(self._reverse().get(("cards_at", substep_id), ()))

    def rulings_about(self, kind: str, entry_id: str) -> list[Ruling]:
        """Rulings that concern a card, substep or term."""
        if kind not in ("card", "substep", "term"):
            raise KeyError(kind)
        return list(self._reverse().get(("ruling", kind, entry_id), ()))

    def examples_about(self, kind: str, entry_id: str) -> list[Example]:
        """Examples that involve a card, substep or ruling."""
        if kind not in ("card", "substep", "ruling"):
            raise KeyError(kind)
        return list(self._reverse().get(("example", kind, entry_id), ()))
