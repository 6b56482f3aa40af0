"""The imported card pool's derived facts, for the commands: deriving them at import, and answering from them.

Shared by ``names import`` (derive every card's facts with :mod:`ygorules.cardtext` and store them with
:mod:`ygorules.names.facts_store`), ``can`` and ``export --pool`` (the activation answer of a stored card, computed
by :mod:`ygorules.core.activation` exactly as for a KB card, except where the reader did not understand a clause:
there the answer is ``unknown`` with the reason, never a guess). Not a subcommand (its name starts with ``_``).
"""
from __future__ import annotations

import re

from ..core.catalog import N_

DATASET = "yaml-yugi"
METHOD = "derived"

UNKNOWN_REASONS = {
    "event-trigger": N_("the card-text reader did not recognise the activation condition of one of this card's Trigger Effects, so "
                        "whether it may be activated here is not known (derived from the official text, not reviewed)"),
    "event-activation": N_("the card-text reader did not recognise the condition of this card's activation, so whether "
                           "it may be activated here is not known (derived from the official text, not reviewed)"),
    "damage-step-ruling": N_("this card is activated when a monster is destroyed or sent to the GY, and its text does not say by "
                             "what: whether it may answer a destruction by battle here, in the Damage Step, depends on the card's "
                             "rulings, which the card-text reader cannot know (derived from the official text, not reviewed)"),
    "no-text": N_("the data set has no English text for this card, so its effects are not known"),
    "card-type": N_("the data set gives this card a card type or property the card-text reader does not know"),
    "reader-failed": N_("the card-text reader could not read this card's text"),
    "other": N_("a clause of this card's text was not understood by the card-text reader, so whether it may be "
                "activated here is not known"),
}
"""Why an answer is ``unknown``, by the code stored with the card (translated through the catalogs)."""
CARD_LEVEL = frozenset({"no-text", "card-type", "reader-failed"})
"""Codes that leave the whole card unknown (no effect of it was read)."""
DERIVED_NOTE = N_("Derived from the card's official text by the card-text reader; not reviewed (confidence: %(confidence)s).")
TRANSLATED_NOTE = N_("Derived from an unofficial translation of the card's text (the data set's own, for a card never printed in "
                     "English) by the card-text reader; not reviewed (confidence: %(confidence)s).")
TRANSLATED = "unofficial-translation"
"""The derived facts' ``text`` when the card-text reader read the data set's unofficial translation (absent: the official text)."""


def text_of(facts: dict | None) -> str:
    """Which text a card's derived facts were read from: ``official`` or ``unofficial-translation``."""
    return TRANSLATED if (facts or {}).get("text") == TRANSLATED else "official"


def derived_note(facts: dict | None) -> str:
    """The note under a derived card's answer (a catalog message with ``%(confidence)s``), by the text it was read from."""
    return TRANSLATED_NOTE if text_of(facts) == TRANSLATED else DERIVED_NOTE
CONFIDENCE = {"high": N_("high"), "medium": N_("medium"), "low": N_("low")}


def classify(reason: str) -> tuple[str, str]:
    """(code, reason without any words of the card text) for a reason of ``cardtext.derive``: the store keeps no text.

    >>> classify("the event of a trigger effect is not recognised: 'if q0 is banished'")
    ('event-trigger', 'the event of a trigger effect is not recognised')
    >>> classify("no English text"), classify("unknown card type 'Skill'")
    (('no-text', 'no English text'), ('card-type', 'unknown card type'))
    """
    bare = re.split(r":\s|\s'|\s\"", reason, maxsplit=1)[0].strip()
    if reason.startswith("the event of a trigger effect"):
        return "event-trigger", bare
    if reason.startswith("the event of the activation"):
        return "event-activation", bare
    if reason.startswith("whether it may answer a monster destroyed by battle"):
        return "damage-step-ruling", bare
    if reason.startswith("no English text"):
        return "no-text", bare
    if reason.startswith("unknown ") and ("card type" in reason or "property" in reason):
        return "card-type", bare
    return "other", bare


# ── at import ─────────────────────────────────────────────────────────────────

def dataset_commit(folder) -> str | None:
    """The commit of the yaml-yugi checkout ``folder`` (or its data/cards folder) is in, else None.

    Only a checkout whose root holds data/cards counts: a folder of card files inside some other repository
    (this project's test fixtures) has no commit of the data set.
    """
    import subprocess
    from pathlib import Path

    folder = Path(folder).resolve()
    try:
        top = subprocess.run(["git", "-C", str(folder), "rev-parse", "--show-toplevel"], capture_output=True, text=True, timeout=10)
        if top.returncode != 0:
            return None
        root = Path(top.stdout.strip()).resolve()
        if folder not in (root, root / "data" / "cards") or not (root / "data" / "cards").is_dir():
            return None
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    sha = head.stdout.strip()
    return sha if head.returncode == 0 and re.fullmatch(r"[0-9a-f]{40}", sha) else None


def unofficial_text(doc: dict) -> bool:
    """Whether the English text of a yaml-yugi card object is the data set's unofficial translation
    (``is_translation_unofficial.text.en``: a card printed only in Japanese, as a rule)."""
    mark = doc.get("is_translation_unofficial")
    text = mark.get("text") if isinstance(mark, dict) else None
    return isinstance(text, dict) and text.get("en") is True


READS = ("card_type", "property", "monster_type_line", "is_translation_unofficial")
"""The keys of a yaml-yugi card object that ``Deriver`` (and ``cardtext.derive``) read, besides the English ``text``
and ``pendulum_effect``."""


def what_deriver_reads(doc: dict) -> dict:
    """The part of a yaml-yugi card object that ``Deriver`` reads (for the facts step in another process: a card's
    other languages and printings are left behind).

    >>> what_deriver_reads({"card_type": "Trap", "text": {"en": "A.", "ja": "B"}, "sets": {"en": []}, "property": "Normal"})
    {'card_type': 'Trap', 'property': 'Normal', 'text': {'en': 'A.'}}
    """
    out = {k: doc[k] for k in READS if k in doc}
    for k in ("text", "pendulum_effect"):
        if k in doc:
            v = doc[k]
            out[k] = {"en": v["en"]} if isinstance(v, dict) and "en" in v else {} if isinstance(v, dict) else v
    return out


class Deriver:
    """The facts step of the import, called for each card the name table keeps (``import_yaml_yugi(each=…)``)."""

    def __init__(self, writer):
        self.writer = writer
        self.cards = 0
        self.translated = 0  # read from the data set's own translation of the text (an OCG-only card)
        self.with_unknown = 0
        self.problems: list[tuple[str, str]] = []  # (file, why): no text, a type the reader does not know, a reader failure
        self.unread: list[tuple[str, str]] = []  # (file, why): an effect whose clause was not understood
        self.patterns: dict[str, int] = {}
        self.confidence = {"high": 0, "medium": 0, "low": 0}

    def __call__(self, key: str, doc: dict, display: str) -> None:
        from ..cardtext import derive

        try:
            d = derive(doc)
            facts, reasons, used, confidence = d.facts, d.unknown, d.patterns, d.confidence
        except Exception as exc:  # a reader bug on one card never stops the import: the card is stored as unknown
            facts, reasons, used, confidence = {"effects": []}, [], [], "low"
            unknown = [["reader-failed", f"{type(exc).__name__}: {exc}"[:200]]]
        else:
            unknown = [list(classify(r)) for r in reasons]
        if any(code in CARD_LEVEL for code, _why in unknown):
            confidence = "low"  # nothing of the card was read: never "high" for want of effects
        if unofficial_text(doc):
            confidence = "low"  # read from the data set's own translation (an OCG-only card), not from an official text
            facts = {**facts, "text": TRANSLATED}  # and the answer says so
            self.translated += 1
        card_type = (doc.get("card_type") or "").strip().lower() or None
        self.writer.add(key, card_type, facts, confidence, unknown)
        self.cards += 1
        self.confidence[confidence] = self.confidence.get(confidence, 0) + 1
        for name in dict.fromkeys(used):
            self.patterns[name] = self.patterns.get(name, 0) + 1
        if unknown:
            self.with_unknown += 1
            for code, why in unknown:
                (self.problems if code in CARD_LEVEL else self.unread).append((display, why))

    def counts(self) -> dict:
        return {"cards": self.cards, "translated": self.translated, "with_unknown": self.with_unknown, "confidence": self.confidence,
                "problems": len(self.problems), "unread_clauses": len(self.unread)}


# ── answering ─────────────────────────────────────────────────────────────────

def pool_card(stored, entry=None, index=None, game_names=None):
    """A model Card for a stored card (its key as id and passcode, its names from the index entry). With the ``index``
    the entry came from, a name never printed in a language (a video game's, or an unofficial translation of a card
    printed in none of ours) becomes a spelling of that kind, which ``catalog.shown_name`` shows marked;
    ``game_names``: {variant: {lang: text}} of the entry, when the caller read them already (``Part.names_by_variant``)."""
    from pathlib import Path

    from ..core.model import Card, Spelling

    names = dict(entry.names) if entry is not None else {}
    spellings = []
    if entry is not None and (index is not None or game_names is not None):
        for variant, kind in (("video-game", "video-game"), ("fan-translation", "translated")):
            got = game_names.get(variant, {}) if game_names is not None else index.game_names(entry, variant)
            spellings += [Spelling(text, lang, kind, "imported") for lang, text in got.items()]
    return Card(stored.key, "card", Path(""), {}, passcode=stored.key, card_type=stored.card_type or "monster",
                facts=stored.facts, names=names, spellings=spellings)


def _localized(message: str, **slots) -> dict:
    from ..core.catalog import translations
    from ..core.locales import LANGS

    out = {}
    for lang in LANGS:
        text = translations(lang).gettext(message)
        out[lang] = text % slots if slots else text
    return out


def _best_possible(facts: dict, eff: dict, timing: str) -> int:
    """The best verdict an effect whose event the reader did not recognise could have here, over every event and
    every timing or step a text may name."""
    from ..core.activation import EVENTS, RANK, STEP_TIMINGS, TIMINGS, decide

    clean = {k: v for k, v in eff.items() if k != "unknown"}
    best = 0
    for on in (None, *EVENTS, *TIMINGS, *STEP_TIMINGS):  # an event, or a timing or step the text names
        trial = dict(clean)
        if on is None:
            trial.pop("when", None)
        else:
            trial["when"] = on
        best = max(best, RANK[decide(facts, trial, timing)[0]])
        if best == 2:
            break
    return best


def _if_allowed(facts: dict, eff: dict, timing: str) -> int:
    """The verdict an effect would have here if a ruling allowed it in the Damage Step (``damage_step: allowed-by-ruling``)."""
    from ..core.activation import RANK, decide

    trial = {k: v for k, v in eff.items() if k != "unknown"}
    trial["damage_step"] = "allowed-by-ruling"
    return RANK[decide(facts, trial, timing)[0]]


def answers(kb, card, unknown: list, timings, names=None, memo: dict | None = None) -> list:
    """The card's Answer at each timing, from its (derived) facts; ``unknown``: the stored [code, reason] pairs.

    Where the reader left the whole card unread, every timing is ``unknown``; where it left one effect's event
    unread, a timing is ``unknown`` when that effect could give a better verdict there than the effects it read; an
    effect it read but whose Damage Step answer depends on a ruling (``unknown: damage-step``) answers as read, except
    at a timing where a ruling allowing it would give a better verdict.
    ``names``: the condition renderer's localizer (KB names first, then the imported table), or the KB's; ``memo``:
    kept across cards with the same ``names`` (``activation.answer_card``).
    """
    from ..core.activation import RANK, Answer, answer_card

    codes = [c for c, _r in unknown]
    facts = card.facts or {"effects": []}
    whole = [c for c in codes if c in CARD_LEVEL]
    unread = [e for e in facts.get("effects", []) if e.get("unknown") and e["unknown"] != "damage-step"]
    doubted = [e for e in facts.get("effects", []) if e.get("unknown") == "damage-step"]  # read, but a ruling may allow it in the Damage Step
    known_card = card
    if unread:
        from dataclasses import replace

        known_card = replace(card, facts={**facts, "effects": [e for e in facts.get("effects", []) if e not in unread]})
    effect_codes = [c for c in codes if c not in CARD_LEVEL and c != "damage-step-ruling"] or ["other"]
    out = []
    for t in timings:
        if whole:
            out.append(Answer(t, "unknown", None, _localized(UNKNOWN_REASONS[whole[0]]), None, [], False))
            continue
        try:
            a = answer_card(kb, known_card, t, names, memo)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:  # derived facts the answer cannot read: never a guess
            if isinstance(exc, KeyError) and str(exc.args[0] if exc.args else "").startswith("the rule "):
                raise  # a rule missing from kb/rules: the KB's problem, said as for a KB card
            out.append(Answer(t, "unknown", None, _localized(UNKNOWN_REASONS["other"]), None, [], False))
            continue
        if unread:
            best = max(_best_possible(facts, e, t) for e in unread)
            if best > RANK[a.verdict]:
                code = next((c for c, e in zip(effect_codes, unread) if _best_possible(facts, e, t) == best), effect_codes[0])
                a = Answer(t, "unknown", None, _localized(UNKNOWN_REASONS.get(code, UNKNOWN_REASONS["other"])), None, [], a.acts)
        if doubted and a.verdict != "unknown" and max(_if_allowed(facts, e, t) for e in doubted) > RANK[a.verdict]:
            a = Answer(t, "unknown", None, _localized(UNKNOWN_REASONS["damage-step-ruling"]), None, [], a.acts)
        out.append(a)
    return out


def pool_names(kb, index):
    """The condition renderer's localizer: a KB name first, else the card's official name in the imported table."""
    from ..core.activation import localizer

    base = localizer(kb)
    found: dict = {}  # (kind, value) → the official names of the imported card or term it names, or None

    def names(kind: str, value: str, lang: str) -> str | None:
        got = base(kind, value, lang)
        if got is not None or index is None or kind == "ruling":
            return got
        key = (kind == "card", value)
        if key not in found:
            found[key] = next((m.entry.names for m in index.lookup(value, "en", 3).all
                               if m.exact and (m.entry.kind == "card") == key[0]), None)
        return found[key].get(lang) if found[key] is not None else None
    return names


# ── the whole matrix (export --pool) ───────────────────────────────────────────

EXPORT_VERSION = 1
"""Bumped whenever a key of the pool export changes meaning or disappears."""


def export_pool(kb, store, table, index, out) -> dict:
    """Write the whole matrix (every KB card, then every card of the pool the KB does not hold) as one JSON
    document to the text stream ``out``, one card at a time; return the counts.

    Each answer: timing, verdict, condition (four languages, or null), reason (a key of ``reasons``: the
    localized reason with the rule and its sources, given once), rule (null for ``unknown``). Each card: origin
    (kb or derived), confidence (null for a KB card: reviewed facts), its names and card type.
    """
    import json

    from .. import __version__
    from ..core.activation import TIMINGS, matrix
    from ..core.locales import LANGS

    reasons: dict = {}
    keys: dict = {}

    def reason_key(a) -> str:
        value = json.dumps([a.reason, a.rule, [(c.source, c.where) for c in a.sources]], ensure_ascii=False, sort_keys=True)
        if value not in keys:
            base = f"{a.rule or 'unknown'}:{'forbids' if a.verdict == 'no' else 'unknown' if a.verdict == 'unknown' else 'allows'}"
            key, n = base, 1
            while key in reasons:
                n += 1
                key = f"{base}#{n}"
            keys[value] = key
            reasons[key] = {"text": {l: a.reason.get(l) for l in LANGS}, "rule": a.rule,
                            "sources": [{"source": c.source, "where": c.where} if c.where else {"source": c.source} for c in a.sources]}
        return keys[value]

    def row(answers) -> list:
        return [{"timing": a.timing, "verdict": a.verdict, "condition": a.condition, "reason": reason_key(a), "rule": a.rule}
                for a in answers]

    dump = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    out.write('{"schema_version":%d,"generator":%s,"languages":%s,"timings":%s,"origin":%s,"cards":{'
              % (EXPORT_VERSION, dump(f"ygorules {__version__}"), dump(list(LANGS)), dump(list(TIMINGS)),
                 dump({"kb": str(kb.root), "derived": store.origin() if store is not None else None})))
    counts = {"kb": 0, "derived": 0, "unknown_cards": 0}
    first = True
    kb_passcodes = set()
    for cid, kb_answers in matrix(kb).items():
        card = kb.cards[cid]
        if card.passcode:
            kb_passcodes.add(str(card.passcode))
        doc = {"origin": "kb", "id": cid, "passcode": card.passcode, "card_type": card.card_type,
               "names": {l: card.names.get(l) for l in LANGS}, "confidence": None, "answers": row(kb_answers)}
        out.write(("" if first else ",") + "\n" + dump(cid) + ":" + dump(doc))
        first = False
        counts["kb"] += 1
    if store is not None:
        records = table.by_passcode() if table is not None else {}
        names = pool_names(kb, index)
        memo: dict = {}  # effects alike share their rendered conditions (activation.answer_card)
        for stored in store:
            if stored.key in kb_passcodes:
                continue  # the KB's reviewed facts win
            rec = records.get(stored.key)
            card = pool_card(stored)
            if rec is not None:
                card.names = {l: rec.names.get(l) for l in LANGS}
            got = answers(kb, card, stored.unknown, TIMINGS, names, memo)
            doc = {"origin": "derived", "id": stored.key, "passcode": stored.key, "card_type": stored.card_type,
                   "names": {l: card.names.get(l) for l in LANGS}, "confidence": stored.confidence, "answers": row(got)}
            out.write(("" if first else ",") + "\n" + dump(stored.key) + ":" + dump(doc))
            first = False
            counts["derived"] += 1
            counts["unknown_cards"] += any(a.verdict == "unknown" for a in got)
    out.write("\n},\"reasons\":" + dump(reasons) + ',"counts":' + dump(counts) + "}\n")
    return counts
