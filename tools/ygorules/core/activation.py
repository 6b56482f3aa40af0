"""The activation answer: may a card be activated at a timing of the Battle Phase, and which rule decides.

Computed from the card's facts (``facts:`` in kb/cards/, schema/card.schema.json) and the rule facts in
kb/rules/; never typed per card. An exception that a ruling establishes is a fact of the card's effect
(``damage_step: allowed-by-ruling`` or ``forbidden-by-ruling`` with ``ruling: ID``): the answer honours it
and cites the ruling.

API (a contract with the site, the CLI and the export):

- ``TIMINGS``: the ten timing ids of the Battle Phase, in order;
- ``answer(kb, card_id, timing_id) -> Answer``; ``answer_card(kb, card, timing, names=None)`` for a Card
  object, also one outside the KB (facts derived from its text), ``names`` a localizer like ``localizer(kb)``;
- ``matrix(kb) -> dict[card_id, list[Answer]]``: one Answer per timing, in ``TIMINGS`` order, for every
  card with facts (archetypes have none and are left out);
- ``Answer``: ``timing``, ``verdict`` ("yes" | "no" | "only-if"), ``condition`` (localized, or None: the
  card's own condition rendered from its facts by core/conditions.py), ``reason`` (localized), ``rule`` (a
  kb/rules id or a ruling id), ``sources`` (list of Citation), ``acts`` (the card's own effect has an event or
  timing here), ``text_differs`` (localized, or None: which text the answer follows where the TCG text and
  the OCG text or a ruling differ); ``as_dict()`` gives all of them;
- ``summary(card)``: card type, property, monster types and the Spell Speeds of the card's effects;
- ``fact_problems(card)``: facts that contradict each other (the link pass reports them).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import conditions
from .model import KB, Card, Citation

TIMINGS = ("start-step", "battle-step.start", "battle-step.attack-declaration", "battle-step.after-declaration",
           "damage-step.start", "damage-step.before-damage-calculation", "damage-step.during-damage-calculation",
           "damage-step.after-damage-calculation", "damage-step.end", "end-step")
"""The timings of the Battle Phase, in order."""

DAMAGE_STEP = TIMINGS[4:9]
_START, _BEFORE, _DURING, _AFTER, _END = DAMAGE_STEP
STEP_TIMINGS = {"start-step": (TIMINGS[0],), "battle-step": TIMINGS[1:4], "damage-step": DAMAGE_STEP, "end-step": (TIMINGS[9],)}
"""The timings of each step."""

_ALL = frozenset(TIMINGS)

# event → (timings where it happens, a battle event of the card's own (for `acts`), Damage-Step-specific)
EVENTS: dict[str, tuple[frozenset, bool, bool]] = {
    "start-of-battle-phase": (frozenset({TIMINGS[0]}), True, False),
    "attack-declared": (frozenset({TIMINGS[2]}), True, False),
    "direct-attack-declared": (frozenset({TIMINGS[2]}), True, False),
    "targeted-for-attack": (frozenset({TIMINGS[2]}), True, False),
    "battled": (frozenset({_AFTER}), True, True),
    "battle-damage-inflicted": (frozenset({_AFTER}), True, True),
    "battle-damage-taken": (frozenset({_AFTER}), True, True),
    "flipped": (frozenset({_AFTER}), True, True),
    "destroyed-by-battle": (frozenset({_END}), True, True),
    "destroys-by-battle": (frozenset({_END}), True, True),
    "this-card-destroyed": (_ALL, False, False),
    "this-card-sent-to-graveyard": (_ALL, False, False),
    "this-card-leaves-field": (_ALL, False, False),
    "this-card-summoned": (_ALL, False, False),
    "this-card-moves": (_ALL, False, False),
    "monster-destroyed": (_ALL, False, False),
    "monster-destroyed-and-sent-to-graveyard": (_ALL, False, False),
    "monster-sent-to-graveyard": (_ALL, False, False),
    "damage-taken": (_ALL, False, False),
    "card-activated": (_ALL, False, False),
    "spell-activated": (_ALL, False, False),
    "trap-activated": (_ALL, False, False),
    "monster-effect-activated": (_ALL, False, False),
    "summoned": (_ALL, False, False),
    "card-moves": (_ALL, False, False),
    "end-of-battle-phase": (frozenset({TIMINGS[9]}), True, False),
    "outside-battle-phase": (frozenset(), False, False),
}
"""Every event a card fact may name: where in the Battle Phase it happens, and how the rules treat it."""

SELF_EVENTS = frozenset({"flipped", "this-card-destroyed", "this-card-sent-to-graveyard", "this-card-leaves-field", "this-card-moves"})
"""Events in which the card itself moves or changes (their Trigger effects may be activated in the Damage Step, R15:
"Trigger effects set off by the card itself moving or changing (Flip effects, position changes)"). Another card
moving (``card-moves``) is not one of them: an optional trigger on it waits outside the Damage Step, a mandatory one
does not (R15).

A Summon of the card itself is not one of them: an optional "if this card is Summoned" effect is not activated in the
Damage Step (the rule no-summon-responses-in-damage-step; CURRENT-RULES R15, R35); a mandatory one is (R15)."""
UNMOVED = frozenset({"counter", "equipped"})
"""The ways of ``this-card-moves`` in which the card itself stays where it is: a counter is placed on it, a card is
equipped to it. R15 allows the Trigger effects of the card itself moving (KDS, as the r/Yugioh101 wiki summarises it:
triggers "in response to the card itself being moved"), and its examples of a change are a flip and a battle position
change; a counter or an equipped card is neither, so an optional trigger on one waits outside the Damage Step, like
another card's move, and a mandatory one does not (R15)."""
SUMMON_EVENTS = frozenset({"summoned", "this-card-summoned"})
REPLAY_TIMING = "battle-step.after-declaration"
"""Where a replay makes the attacker choose its target again (R11, R12): "targeted for an attack" effects fire again."""
REPLAY_RULING = "replay-when-the-number-of-monsters-changes"
"""The ruling that explains the replay (cited when the KB has it; else the rule attack-declaration-single-chain)."""
ATTACK_EVENTS = frozenset({"attack-declared", "direct-attack-declared", "targeted-for-attack"})
MOVE_EVENTS = frozenset({"this-card-moves", "card-moves"})
"""The events whose `move` says how the card moves (banished, returned, Tributed…)."""

TIMING_RULE = {_START: "damage-step-start", _BEFORE: "before-damage-calculation", _DURING: "during-damage-calculation",
               _AFTER: "after-damage-calculation", _END: "end-of-damage-step"}
"""The rule of each Damage Step timing: it allows what the card's text names for that timing."""

RULES = ("battle-phase-fast-effects", "battle-phase-no-spell-speed-1", "trigger-effects-in-the-battle-phase",
         "activation-needs-its-condition", "start-step", "attack-declaration-single-chain",
         "damage-step-what-may-be-activated", "damage-step-counter-traps", "damage-step-negation",
         "damage-step-atk-def-modifiers", "damage-step-card-text", "flip-effects-after-damage-calculation",
         "no-summon-responses-in-damage-step", "end-step", "nothing-to-activate", *TIMING_RULE.values())
"""Every rule id (kb/rules/) the function may cite."""

RANK = {"no": 0, "only-if": 1, "yes": 2}

@dataclass
class Answer:
    """May the card be activated at this timing: the verdict, its condition, the reason and the rule that decides."""

    timing: str
    verdict: str  # "yes" | "no" | "only-if"
    condition: dict | None  # localized (es, pt, it, en), a clause that follows "only if"; only with "only-if"
    reason: dict  # localized
    rule: str  # a kb/rules id, or a ruling id
    sources: list[Citation] = field(default_factory=list)
    acts: bool = False
    text_differs: dict | None = None  # localized: which text the answer follows when the TCG text and the OCG text or a ruling differ

    def as_dict(self) -> dict:
        """The JSON shape of `ygorules can --json` and of the export."""
        return {"timing": self.timing, "verdict": self.verdict, "condition": self.condition, "reason": self.reason,
                "rule": self.rule, "sources": [{"source": c.source, "where": c.where} if c.where else {"source": c.source} for c in self.sources],
                "acts": self.acts, "text_differs": self.text_differs}


def opportunities(on: str | None) -> frozenset:
    """The timings where an effect's event or named timing can happen (every timing when it needs none)."""
    if on is None:
        return _ALL
    if on in STEP_TIMINGS:
        return frozenset(STEP_TIMINGS[on])
    if on in _ALL:
        return frozenset({on})
    return EVENTS[on][0]


def _own_moment(on: str | None) -> frozenset:
    """The timings where the card's own event or named timing lies (what `acts` shows)."""
    if on is None:
        return frozenset()
    if on in STEP_TIMINGS or on in _ALL:
        return opportunities(on)
    timings, battle, _ = EVENTS[on]
    return timings if battle else frozenset()


def _restricted(eff: dict) -> bool:
    """The effect works only in one player's turn or only from the hand, GY or banishment: never an unconditional yes."""
    where = eff.get("from") or []
    return bool(eff.get("turn")) or bool(where and "field" not in where)


def decide(facts: dict, eff: dict, timing: str) -> tuple[str, str, str, int]:
    """One effect at one timing: (verdict, rule id, 'allows' | 'forbids', weight of a 'no').

    The weight orders the reasons of a 'no' between the card's effects: a rule that bars an effect whose
    moment this is (2-3) says more than "its event is not here" (1) or "nothing is activated" (0). An
    effect restricted to one turn (``turn``) or to a location off the field (``from``) is at best "only if".
    """
    verdict, rule, side, weight = _decide(facts, eff, timing)
    if verdict == "yes" and _restricted(eff):
        verdict = "only-if"
    return verdict, rule, side, weight


def _decide(facts: dict, eff: dict, timing: str) -> tuple[str, str, str, int]:
    kind, on = eff["kind"], eff.get("when")
    if kind == "continuous":
        return "no", "nothing-to-activate", "forbids", 0
    if kind == "ignition" or (kind == "card-activation" and eff.get("speed") == 1):
        return "no", "battle-phase-no-spell-speed-1", "forbids", 2
    if on == "targeted-for-attack" and timing == REPLAY_TIMING:  # a replay's new choice of target (R11, R12)
        return "only-if", "attack-declaration-single-chain", "replay", 0
    if timing not in opportunities(on):
        if on in ATTACK_EVENTS:
            return "no", "attack-declaration-single-chain", "forbids", 1
        rule = "trigger-effects-in-the-battle-phase" if kind in ("trigger", "flip") else "activation-needs-its-condition"
        return "no", rule, "forbids", 1
    ok = "yes" if on is None else "only-if"
    if timing not in DAMAGE_STEP:
        if on == "start-of-battle-phase":
            return ok, "start-step", "allows", 0
        if on == "end-of-battle-phase":
            return ok, "end-step", "allows", 0
        if on in ATTACK_EVENTS:
            return ok, "attack-declaration-single-chain", "allows", 0
        if kind in ("trigger", "flip"):
            return ok, "trigger-effects-in-the-battle-phase", "allows", 0
        return ok, "battle-phase-fast-effects", "allows", 0
    ds, ruling = eff.get("damage_step"), eff.get("ruling")
    if ds in ("forbidden-by-card", "forbidden-by-ruling"):
        return "no", (ruling if ds == "forbidden-by-ruling" and ruling else "damage-step-card-text"), "forbids", 3
    if kind == "card-activation" and facts.get("property") == "counter" and on not in SUMMON_EVENTS:
        return ok, "damage-step-counter-traps", "allows", 0  # (a Counter Trap that answers a Summon: below, R15/R35)
    if eff.get("negates_activation"):
        return ok, "damage-step-negation", "allows", 0
    if on == timing:
        return ok, TIMING_RULE[timing], "allows", 0
    if on in SUMMON_EVENTS and kind in ("quick", "card-activation"):  # what answers a Summon, whatever else it does (R15, R35)
        return "no", "no-summon-responses-in-damage-step", "forbids", 2
    if eff.get("changes_atk_def") and kind in ("quick", "card-activation"):
        if timing in (_START, _BEFORE):
            return ok, "damage-step-atk-def-modifiers", "allows", 0
        return "no", "damage-step-atk-def-modifiers", "forbids", 2
    if timing == _DURING:
        return "no", "during-damage-calculation", "forbids", 2
    if ds in ("allowed-by-card", "allowed-by-ruling"):
        return ok, (ruling if ds == "allowed-by-ruling" and ruling else "damage-step-card-text"), "allows", 0
    if kind == "flip" or (kind == "trigger" and on == "flipped"):
        return ok, "flip-effects-after-damage-calculation", "allows", 0
    if on in EVENTS and EVENTS[on][2]:
        return ok, TIMING_RULE[timing], "allows", 0
    itself = on in SELF_EVENTS and not (on == "this-card-moves" and eff.get("move") in UNMOVED)
    if kind in ("trigger", "flip") and (eff.get("mandatory") or itself or on in STEP_TIMINGS):
        return ok, TIMING_RULE[timing], "allows", 0
    if on in SUMMON_EVENTS:
        return "no", "no-summon-responses-in-damage-step", "forbids", 2
    return "no", "damage-step-what-may-be-activated", "forbids", 2


def localizer(kb: KB):
    """The localizer of the condition renderer: card, series (an archetype's English name) and ruling names."""
    def names(kind: str, value: str, lang: str) -> str | None:
        if kind == "card":
            card = kb.cards.get(value) or next((c for c in kb.cards.values() if c.names.get("en") == value), None)
            return card.name(lang)[0] if card is not None else None
        if kind == "series":
            arch = next((c for c in kb.cards.values() if c.card_type == "archetype" and c.names.get("en") == value), None)
            return arch.name(lang)[0] if arch is not None else None
        ruling = kb.rulings.get(value)
        return ruling.title.get(lang) or ruling.title.get("en") if ruling is not None and ruling.title else None
    return names


def _explain(kb: KB, rule_id: str, side: str) -> tuple[dict, list[Citation]]:
    """The localized reason and the citations of the rule (or ruling) that decides (side "replay": the replay ruling)."""
    if side == "replay":
        replay = kb.rulings.get(REPLAY_RULING)
        if replay is not None and replay.answer is not None:
            return dict(replay.answer.text), list(replay.answer.sources)
        side = "allows"
    rule = kb.rules.get(rule_id)
    if rule is not None:
        text = (rule.allows if side == "allows" else rule.forbids) or (rule.statement.text if rule.statement else {})
        return dict(text), list(rule.statement.sources) if rule.statement else []
    ruling = kb.rulings.get(rule_id)
    if ruling is not None and ruling.answer is not None:
        return dict(ruling.answer.text), list(ruling.answer.sources)
    raise KeyError(f"the rule '{rule_id}' is not in {kb.root}/rules (nor a ruling in {kb.root}/rulings)")


def _card(kb: KB, card_id: str) -> Card:
    card = kb.cards.get(card_id)
    if card is None:
        raise KeyError(f"no card '{card_id}' in {kb.root}/cards")
    if card.facts is None:
        raise ValueError(f"'{card_id}' has no card facts" + (" (an archetype: ask about one of its members)" if card.card_type == "archetype" else ""))
    return card


def answer_card(kb: KB, card: Card, timing: str, names=None, memo: dict | None = None) -> Answer:
    """The best verdict of the card's effects; an "only if" states the condition of every effect that gives it
    ("A, or B"), the effect whose own moment this is first (its rule decides). ``card`` may be a card outside the KB
    (facts derived from its text); ``names`` renders the names its conditions use (default: ``localizer(kb)``).
    ``memo``: a dict kept across calls with the same ``names`` (many cards of a pool share effects): each effect's
    rendered condition and text note are computed once."""
    facts = card.facts
    effects = facts.get("effects", [])
    acts = any(timing in _own_moment(e.get("when")) for e in effects)
    found = []
    for i, eff in enumerate(effects):
        verdict, rule, side, weight = decide(facts, eff, timing)
        key = (RANK[verdict], weight if verdict == "no" else 0)
        found.append((key, timing not in _own_moment(eff.get("when")), i, verdict, rule, side, eff))
    if not found:
        verdict, rule, side, eff, alike = "no", "nothing-to-activate", "forbids", None, []
    else:
        top = max(f[0] for f in found)
        alike = sorted(f for f in found if f[0] == top)  # own moment first, then in the facts' order
        _, _, _, verdict, rule, side, eff = alike[0] if top[0] else next(f for f in found if f[0] == top)
    reason, sources = _explain(kb, rule, side)
    if side == "replay" and REPLAY_RULING in kb.rulings:
        rule = REPLAY_RULING
    names = names or localizer(kb)
    condition = None
    if memo is None:
        if verdict == "only-if":
            condition = conditions.either([conditions.render(f[-1], timing, names) for f in alike])
        differs = conditions.text_differs(eff, names) if eff is not None and verdict != "no" else None
    else:
        if verdict == "only-if":
            condition = conditions.either([_remembered(memo, f[-1], timing, names) for f in alike])
        differs = _remembered(memo, eff, None, names, conditions.text_differs) if eff is not None and verdict != "no" else None
    return Answer(timing, verdict, condition, reason, rule, sources, acts, differs)


def _remembered(memo: dict, eff: dict, timing: str | None, names, how=None):
    """``conditions.render(eff, timing, names)`` (or ``how(eff, names)``), computed once per effect's content (as
    written: the same facts in another key order are rendered again)."""
    import marshal

    key = (marshal.dumps(eff), conditions.timing_read(eff, timing), how is None)
    if key not in memo:
        memo[key] = conditions.render(eff, timing, names) if how is None else how(eff, names)
    return memo[key]


def answer(kb: KB, card_id: str, timing_id: str) -> Answer:
    """May ``card_id`` be activated at ``timing_id``? KeyError for an unknown card or timing, ValueError for a card without facts."""
    if timing_id not in _ALL:
        raise KeyError(f"unknown timing '{timing_id}'; timings are: {', '.join(TIMINGS)}")
    return answer_card(kb, _card(kb, card_id), timing_id)


def row(kb: KB, card_id: str) -> list[Answer]:
    """The card's answers at every timing, in TIMINGS order."""
    card = _card(kb, card_id)
    return [answer_card(kb, card, t) for t in TIMINGS]


def matrix(kb: KB) -> dict[str, list[Answer]]:
    """Every card with facts (archetypes have none) → its answers at the ten timings, in TIMINGS order; cards in id order."""
    return {cid: [answer_card(kb, c, t) for t in TIMINGS] for cid, c in sorted(kb.cards.items()) if c.facts is not None}


def summary(card: Card) -> dict | None:
    """What a card page shows before the answers: card type, property, monster types and Spell Speeds (None without facts)."""
    if card.facts is None:
        return None
    effects = card.facts.get("effects", [])
    return {"card_type": card.card_type, "property": card.facts.get("property"), "monster": list(card.facts.get("monster", [])),
            "spell_speeds": sorted({e["speed"] for e in effects if "speed" in e}),
            "effects": [dict(e) for e in effects]}


# ── facts that contradict each other (reported by the link pass) ─────────────

def fact_problems(card: Card) -> list[tuple]:
    """(path, message, fix, code) for every card fact that contradicts another fact of the card."""
    facts, out = card.facts, []
    if card.card_type == "archetype":
        if facts is not None:
            out.append((("facts",), "an archetype has no card facts (its members have theirs)", "remove `facts:`", "facts-archetype"))
        return out
    if facts is None:  # allowed (the answer leaves the card out); tests/test_activation.py holds kb/ to a full matrix
        return out
    prop, monster = facts.get("property"), facts.get("monster")
    if card.card_type == "monster":
        if prop is not None:
            out.append((("facts", "property"), "a monster has no Spell/Trap property", "remove `property:` and list the monster's types under `monster:`", "facts-card-type"))
        if not monster:
            out.append((("facts",), "a monster needs its types (`monster:`)", "add `monster: [effect]` (or normal, flip, fusion …)", "facts-card-type"))
    else:
        if monster is not None:
            out.append((("facts", "monster"), f"a {card.card_type} has no monster types", "remove `monster:`", "facts-card-type"))
        if prop is None:
            out.append((("facts",), f"a {card.card_type} needs its property", "add `property:` (normal, quick-play, continuous, counter, field, equip or ritual)", "facts-card-type"))
        elif card.card_type == "trap" and prop not in ("normal", "continuous", "counter"):
            out.append((("facts", "property"), f"a Trap cannot be {prop}", "use normal, continuous or counter", "facts-card-type"))
        elif card.card_type == "spell" and prop == "counter":
            out.append((("facts", "property"), "a Spell cannot be counter", "use normal, quick-play, continuous, field, equip or ritual", "facts-card-type"))
    effects = facts.get("effects", [])
    if monster and "normal" in monster and effects:
        out.append((("facts", "effects"), "a Normal Monster has no effects", "set `effects: []`, or fix `monster:`", "facts-normal-monster"))
    if card.card_type in ("spell", "trap") and not any(e.get("kind") == "card-activation" for e in effects):
        out.append((("facts", "effects"), f"a {card.card_type} card is activated, but no effect has kind card-activation",
                    "add `- {kind: card-activation, speed: N}` first", "facts-card-activation"))
    for i, e in enumerate(effects):
        at = ("facts", "effects", i)
        kind, speed = e.get("kind"), e.get("speed")
        if kind == "continuous":
            if speed is not None:
                out.append((at + ("speed",), "a continuous effect is not activated and has no Spell Speed", "remove `speed:`", "facts-continuous-speed"))
            continue
        if speed is None:
            out.append((at, f"a {kind} effect needs its Spell Speed", "add `speed: 1`, `2` or `3`", "facts-speed-missing"))
            continue
        if kind in ("trigger", "flip") and not e.get("when"):
            out.append((at, f"a {kind} effect without an event", "add `when:` with the event or timing it activates at (see the enum in schema/card.schema.json)", "facts-trigger-event"))
        if kind == "flip" and monster is not None and "flip" not in monster:
            out.append((at + ("kind",), "a Flip effect on a monster that is not a Flip monster", "add `flip` to `monster:`, or use kind trigger (`when: flipped`)", "facts-flip-monster"))
        if kind == "ignition" and speed != 1:
            out.append((at + ("speed",), f"an Ignition Effect at Spell Speed {speed}", "set `speed: 1` (Ignition Effects are Spell Speed 1), or use kind quick", "facts-ignition-speed"))
        if kind == "quick" and speed == 1:
            out.append((at + ("speed",), "a Quick Effect at Spell Speed 1", "set `speed: 2` (Quick Effects are Spell Speed 2), or use kind ignition", "facts-quick-speed"))
        if kind in ("trigger", "flip"):
            want = 2 if card.card_type == "trap" else 1
            if speed != want:
                out.append((at + ("speed",), f"a {card.card_type}'s {kind} effect at Spell Speed {speed}",
                            f"set `speed: {want}` (Trigger effects of monsters and Spells are Spell Speed 1; of Traps, 2)", "facts-trigger-speed"))
        if kind in ("ignition", "quick", "flip") and card.card_type != "monster" and not (
                (kind == "quick" and card.card_type == "trap") or (kind == "ignition" and card.card_type == "spell")):
            # a face-up Trap's effect activated at will is Spell Speed 2 (kind quick); a face-up Spell's, Spell Speed 1 (kind ignition)
            out.append((at + ("kind",), f"a {card.card_type} has no {kind} effect",
                        "use card-activation, trigger or continuous" + (", or quick for a face-up Trap's effect activated at will" if card.card_type == "trap" else
                                                                        ", or ignition for a face-up Spell's effect activated at will"), "facts-effect-kind"))
        if kind == "quick" and card.card_type == "trap" and speed != 2:
            out.append((at + ("speed",), f"a Trap's effect at Spell Speed {speed}", "set `speed: 2` (a Trap's effects are Spell Speed 2)", "facts-trap-speed"))
        if kind == "card-activation":
            if card.card_type == "monster":
                out.append((at + ("kind",), "a monster is not activated as a card", "use trigger, quick, ignition, flip or continuous", "facts-effect-kind"))
            elif prop == "counter" and card.card_type == "trap" and speed != 3:
                out.append((at + ("speed",), f"a Counter Trap at Spell Speed {speed}", "set `speed: 3` (Counter Traps are Spell Speed 3)", "facts-counter-speed"))
            elif prop == "quick-play" and speed != 2:
                out.append((at + ("speed",), f"a Quick-Play Spell at Spell Speed {speed}", "set `speed: 2` (Quick-Play Spells are Spell Speed 2)", "facts-quick-play-speed"))
            elif card.card_type == "spell" and prop not in (None, "quick-play") and speed != 1:
                out.append((at + ("speed",), f"a {prop} Spell at Spell Speed {speed}", "set `speed: 1` (only Quick-Play Spells are faster)", "facts-spell-speed"))
            elif card.card_type == "trap" and prop in ("normal", "continuous") and speed != 2:
                out.append((at + ("speed",), f"a {prop} Trap at Spell Speed {speed}", "set `speed: 2` (Normal and Continuous Traps are Spell Speed 2)", "facts-trap-speed"))
        if e.get("ruling") and not e.get("damage_step", "").endswith("-by-ruling"):
            out.append((at + ("ruling",), "a ruling is named, but damage_step does not say it allows or forbids anything",
                        "set `damage_step: allowed-by-ruling` or `forbidden-by-ruling`, or remove `ruling:`", "facts-ruling-unused"))
        if e.get("damage_step", "").endswith("-by-ruling") and not e.get("ruling"):
            out.append((at + ("damage_step",), f"damage_step is {e['damage_step']}, but no ruling is named", "add `ruling:` with the id of the ruling in kb/rulings/", "facts-ruling"))
        if e.get("negates_activation") and e.get("when") is not None and e["when"] not in ("card-activated", "spell-activated", "trap-activated", "monster-effect-activated", "summoned"):
            out.append((at + ("when",), f"an effect that negates an activation, on '{e['when']}'", "set `when:` to the activation it negates (card-activated, spell-activated, trap-activated or monster-effect-activated)", "facts-negation-event"))
    for i, e in enumerate(effects):
        out.extend(_who_problems(card, e, ("facts", "effects", i)))
        move = e.get("move")
        if move is not None and e.get("when") not in MOVE_EVENTS:
            out.append((("facts", "effects", i, "move"), f"`move: {move}` without an event in which a card moves",
                        "set `when: this-card-moves` (this card) or `when: card-moves` (another card), or remove `move:`", "facts-move-event"))
        elif move == "leaves-field" and e.get("when") == "this-card-moves":
            out.append((("facts", "effects", i, "move"), "this card leaving the field has its own event",
                        "use `when: this-card-leaves-field` and remove `move:`", "facts-move-event"))
        if e.get("player") is not None and e.get("when") == "card-moves" and move not in ("drawn", "added-to-hand"):
            out.append((("facts", "effects", i, "player"), f"`player` on a card that moves ({move or 'in any way'}): who controls it is the subject's controller",
                        "move `player:` to `subject: {controller: …}` (only a draw or an addition to the hand has a player of its own)", "facts-player-event"))
    return out


_NO_PLAYER = frozenset({"start-of-battle-phase", "end-of-battle-phase", "flipped", "this-card-destroyed", "this-card-sent-to-graveyard",
                        "this-card-leaves-field", "this-card-summoned", "this-card-moves", "outside-battle-phase"})
"""Events without a player of their own (the facts' `player` would say nothing)."""
_NO_SUBJECT = frozenset({"start-of-battle-phase", "end-of-battle-phase", "damage-taken", "outside-battle-phase"})
"""Events that happen to no card (the facts' `subject` would say nothing)."""
_MONSTER_EVENTS = frozenset({"attack-declared", "direct-attack-declared", "targeted-for-attack", "battled", "battle-damage-inflicted",
                             "battle-damage-taken", "flipped", "destroyed-by-battle", "destroys-by-battle", "monster-destroyed",
                             "monster-destroyed-and-sent-to-graveyard", "monster-sent-to-graveyard", "monster-effect-activated", "summoned"})
"""Events whose subject is a monster (a Spell or Trap subject contradicts them)."""
_THIS_CARD_ONLY = ("face_up",)
_ATTACKER_EVENTS = frozenset({"attack-declared", "direct-attack-declared"})


def _who_problems(card: Card, e: dict, at: tuple) -> list[tuple]:
    """Contradictions between turn, player, subject, from and text_differs and the rest of one effect's facts."""
    out: list[tuple] = []
    kind, on, subject, turn = e.get("kind"), e.get("when"), e.get("subject") or {}, e.get("turn")
    player, where, differs = e.get("player"), e.get("from") or [], e.get("text_differs")
    if kind == "continuous":
        for key in ("turn", "player", "subject", "from"):
            if key in e:
                out.append((at + (key,), f"`{key}` on a continuous effect, which is not activated", f"remove `{key}:` (it applies whenever the card is face-up), or use the effect's real kind", "facts-continuous-activation"))
        return out
    if on is None or on in STEP_TIMINGS or on in _ALL:
        if player is not None:
            out.append((at + ("player",), "`player` without an event: no one performs or undergoes anything", "remove `player:`, or set `when:` to the event it names", "facts-player-event"))
        if subject and on is None:
            out.append((at + ("subject",), "`subject` without an event: nothing happens to that card", "remove `subject:`, or set `when:` to the event it names", "facts-subject-event"))
    else:
        if player is not None and on in _NO_PLAYER:
            out.append((at + ("player",), f"the event '{on}' has no player", "remove `player:` (or choose the event that names the player)", "facts-player-event"))
        if subject and on in _NO_SUBJECT:
            out.append((at + ("subject",), f"the event '{on}' happens to no card", "remove `subject:`", "facts-subject-event"))
        if on in conditions.THIS_CARD_EVENTS and subject.get("card", "this-card") == "this-card" and set(subject) - {"card", *_THIS_CARD_ONLY}:
            extra = ", ".join(sorted(set(subject) - {"card", *_THIS_CARD_ONLY}))
            out.append((at + ("subject",), f"the event '{on}' happens to this card, yet the subject also names {extra}",
                        f"remove {extra} (or name the other card with `card:`{' and use the monster-… event' if on.startswith('this-card-') else ''})", "facts-subject-this-card"))
        elif on.startswith("this-card-") and subject.get("card", "this-card") != "this-card":
            out.append((at + ("subject",), f"the event '{on}' happens to this card: its subject can only be this card (face-up or not)", "remove `subject:` (or keep only `face_up: true`), or use the monster-… event for another card", "facts-subject-this-card"))
        if subject.get("card") in ("spell", "trap", "spell-or-trap") and on in _MONSTER_EVENTS:
            out.append((at + ("subject", "card"), f"a {subject['card']} card as the subject of '{on}', which happens to a monster", "use `card: monster` (or leave it out), or choose the event that fits", "facts-subject-card"))
        if subject.get("card") == "monster" and on in ("spell-activated", "trap-activated"):
            out.append((at + ("subject", "card"), f"a monster as the subject of '{on}'", "remove `card: monster`, or use monster-effect-activated", "facts-subject-card"))
        if on in conditions.CONTROLLED_BY_PLAYER and player is not None:
            owner = "you" if subject.get("card") == "this-card" else subject.get("controller")
            if owner is not None and owner != player:
                out.append((at + ("player",), f"`player: {player}` (the controller of the monster of '{on}'), yet the subject is {'this card' if subject.get('card') == 'this-card' else 'controlled by ' + owner}",
                            "keep one of them: `player:` alone says whose monster it is", "facts-player-subject"))
        if on in _ATTACKER_EVENTS and turn is not None:
            attacker = player or subject.get("controller")
            if subject.get("card") == "this-card" and attacker is None:
                attacker = "you"
            if attacker is not None and (attacker == "you") != (turn == "yours"):
                out.append((at + ("turn",), f"{'your opponent' if attacker == 'opponent' else 'you'} declare(s) the attack, which happens only in {'their' if attacker == 'opponent' else 'your'} turn, yet `turn: {turn}`",
                            "fix `turn:` or the player/controller of the attacking monster (only the turn player declares attacks)", "facts-turn-player"))
    if subject.get("card") == "this-card" and set(subject) - {"card", *_THIS_CARD_ONLY} and on not in conditions.THIS_CARD_EVENTS:
        extra = ", ".join(sorted(set(subject) - {"card", *_THIS_CARD_ONLY}))
        out.append((at + ("subject",), f"the subject is this card, yet it also names {extra}", f"remove {extra} (this card is one card: who controls it and what it is are in its own facts)", "facts-subject-this-card"))
    if subject.get("name") and set(subject) & {"type", "attribute", "series", "monster"}:
        out.append((at + ("subject", "name"), "the subject is a named card, yet it also names a type, attribute, series or kind", "keep `name:` alone (the named card has its own), or remove it", "facts-subject-name"))
    if subject.get("position") and subject.get("card") not in (None, "monster", "this-card"):
        out.append((at + ("subject", "position"), "a battle position for a subject that is not a monster", "remove `position:`, or use `card: monster`", "facts-subject-card"))
    if any(k in subject for k in ("type", "attribute", "monster")) and subject.get("card") not in (None, "monster", "this-card"):
        out.append((at + ("subject",), f"a monster Type, Attribute or kind for a subject that is a {subject.get('card')} card", "use `card: monster` (or leave `card:` out)", "facts-subject-card"))
    series = subject.get("series")
    if series is not None and (series != series.strip() or series.startswith(('"', "“")) or (series == series.lower() and "-" in series)):
        out.append((at + ("subject", "series"), f"'{series}' is not a series name as card text prints it", "write the English series name without quotes, as printed (Elemental HERO, Six Samurai)", "facts-series"))
    if kind == "card-activation" and card.card_type in ("spell", "trap") and set(where) & {"graveyard", "banished"}:
        bad = ", ".join(w for w in where if w in ("graveyard", "banished"))
        out.append((at + ("from",), f"a {card.card_type} card is activated from the field or the hand, not from {bad}", "remove those locations from `from:` (an effect that works from the GY is a trigger, quick or ignition effect of its own)", "facts-from"))
    if differs:
        if differs.get("follows") not in ("tcg", differs.get("from")):
            out.append((at + ("text_differs", "follows"), f"text_differs follows '{differs.get('follows')}', which is not one of the two texts that differ (tcg and {differs.get('from')})",
                        f"set `follows:` to tcg or {differs.get('from')}", "facts-text-differs"))
        if differs.get("from") == "ruling" and not differs.get("ruling"):
            out.append((at + ("text_differs",), "text_differs names a ruling, but not which", "add `ruling:` with the id of the ruling in kb/rulings/", "facts-text-differs"))
    return out
