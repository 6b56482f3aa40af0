"""Every effect of every KB card is in its facts: the number of effects in `facts.effects` equals the number of
effects in the card's official English text, counted from the text's structure.

How a text is counted (`count_text_effects`):
- materials (the first line of a Fusion, Synchro, Xyz or Link Monster) and ● choices (part of the effect that offers
  them) are left out;
- each remaining sentence is one effect, except a Summoning condition ("Cannot be Special Summoned", "Must be Fusion
  Summoned", "You can Ritual Summon this card with …"), a restriction on using an effect ("You can only use this effect of
  … once per turn", "… to (activate and to) resolve this effect", "you cannot use …"), the activation condition of an old
  Spell/Trap text ("Activate only …", "You can only activate this card …"), a sentence that goes on with the effect before
  it ("Then, …", "If you do, …", "After that, …", "If you cannot, …", "Also, …", "For the rest of this turn …") and a
  sentence that is all in parentheses (a reminder);
- a Continuous, Field or Equip Spell and a Continuous Trap are activated as cards before any effect applies: one more,
  unless a sentence of the text is the activation itself ("Activate this card by …", "When this card is activated: …").

The card's facts list the activation of a Spell or Trap (kind card-activation) and every effect (continuous ones too;
effects outside the Battle Phase as `when: outside-battle-phase`, Ignition Effects as kind ignition). The texts live in
../shared/evidence/kb-card-texts.tsv (Konami's texts: read here, never copied into the repository); the comparison is
skipped without it. The counter itself is tested on texts written for this file.
"""
from __future__ import annotations

import csv
import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core.kb import collect

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
TEXTS = SHARED / "evidence" / "kb-card-texts.tsv"
needs_texts = pytest.mark.skipif(not TEXTS.is_file(), reason="../shared/evidence/kb-card-texts.tsv is absent")

MATERIAL_KINDS = frozenset({"fusion", "synchro", "xyz", "link"})
ACTIVATED_AS_CARD = frozenset({"continuous", "field", "equip"})  # a card that stays on the field: activating it is one more

_QUOTED = re.compile(r'"[^"]*"')
_PARENS = re.compile(r"\(([^()]*)\)")
_SENTENCE_END = re.compile(r"(?<=\.)\s+")
_SUMMONING_CONDITION = re.compile(r"^(?:this card )?(?:cannot|must|can only) be (?:normal |special |fusion |ritual )?(?:summoned|set)\b"
                                  r"|^you can ritual summon this card\b", re.I)
_RESTRICTION = re.compile(r"\bonce per turn\.$|\bto resolve this effect\b|\byou cannot use\b", re.I)
_OLD_ACTIVATION_CONDITION = re.compile(r"^(?:activate only\b|you can only activate this card\b)", re.I)
_GOES_ON = re.compile(r"^(?:then|if you do|after that|if you cannot|if you call it right|also|for the rest of this turn)\b", re.I)
_ONLY_ONCE_PER_TURN = re.compile(r"^you can only use (?:each|this|1) ", re.I)
_ACTIVATION_SENTENCE = re.compile(r"^(?:activate this card\b|when this card is activated:)", re.I)


def sentences(text: str) -> list[str]:
    """The sentences of a card text, quoted names and parentheses kept whole; a sentence all in parentheses reads '()'."""
    protected: list[str] = []

    def keep(m: re.Match) -> str:
        protected.append(m.group(0))
        return f"\x00{len(protected) - 1}\x00"

    text = _QUOTED.sub(keep, text)
    text = _PARENS.sub(lambda m: "()" if m.group(1).rstrip().endswith(".") else keep(m), text)
    out = []
    for part in _SENTENCE_END.split(text.strip()):
        part = part.strip()
        if part:
            out.append(re.sub(r"\x00(\d+)\x00", lambda m: protected[int(m.group(1))], part))
    return out


def is_effect(sentence: str) -> bool:
    """Whether a sentence starts an effect of its own (see the module's docstring)."""
    s = sentence.strip()
    if s in ("()", "") or (s.startswith("(") and s.endswith(")")):
        return False
    return not (_SUMMONING_CONDITION.search(s) or _RESTRICTION.search(s) or _ONLY_ONCE_PER_TURN.search(s)
                or _OLD_ACTIVATION_CONDITION.search(s) or _GOES_ON.search(s))


def count_text_effects(text: str, card_type: str, facts: dict) -> int:
    """How many effects (with the card's activation, for a Spell or Trap that stays on the field) a card text has."""
    monster = set(facts.get("monster") or ())
    if "normal" in monster:
        return 0
    lines = [line.strip() for line in text.split(" / ")]
    if monster & MATERIAL_KINDS and len(lines) > 1:
        lines = lines[1:]
    lines = [line for line in lines if not line.startswith("●")]
    effects = [s for line in lines for s in sentences(line) if is_effect(s)]
    count = len(effects)
    if card_type in ("spell", "trap") and facts.get("property") in ACTIVATED_AS_CARD \
            and not any(_ACTIVATION_SENTENCE.search(s) for s in effects):
        count += 1
    return count


# Cards whose text the structural count reads differently from the effects their facts rightly list, each with why.
EXCEPTIONS = {
    "brain-jacker": "'Take control of the equipped monster.' is the rest of its Flip Effect, in a sentence of its own",
    "gozen-match": "its two sentences are one Continuous Effect (one Attribute each; the others are sent to the GY)",
    "rivalry-of-warlords": "its two sentences are one Continuous Effect (one Type each; the others are sent to the GY)",
    "jinzo": "'cannot be activated' and 'negate all Trap effects' are one Continuous Effect (one effect in the OCG text)",
    "spell-canceller": "'cannot be activated' and 'negate all Spell effects' are one Continuous Effect (as Jinzo's)",
    "limiter-removal": "its End Phase destruction is the rest of the same effect (a delayed part), in a sentence of its own",
    "tualatin": "its 'If Summoned this way' trigger and the Summon lock that sentence leaves follow only its own Special "
                "Summon at the end of the Damage Step; listed as 'this card is Summoned' it would answer 'only if' at "
                "timings where that Summon cannot happen, so the facts keep the Special Summon from the hand alone",
    "yubel": "its battle immunity and the battle damage it spares you are two sentences of one effect (① of the OCG text)",
    "yubel-terror-incarnate": "as Yubel's: battle immunity and no battle damage are one effect (① of the OCG text)",
    "dummy-golem": "its Flip Effect is told in two sentences (the opponent selects a monster; control is switched)",
}


# Cards of the activation-audit sample, whose facts branch `facts` keeps (issue 22), that still lack an effect of their
# text: left out of the comparison until that branch adds it (the test below fails once they agree, to drop them here).
PENDING = {
    "seismic-shockwave": "lacks its Continuous self-destruction (3rd Standby Phase) and its 'destroys itself' trigger; "
                         "with them it has 3 effects, and the count reads 4 ('Those Zones cannot be used.' goes on with "
                         "its activation): move it to EXCEPTIONS then",
}


@lru_cache(maxsize=1)
def real_kb():
    kb, _ = collect(ROOT / "kb")
    return kb


@lru_cache(maxsize=1)
def english_texts() -> dict[str, str]:
    with open(TEXTS, encoding="utf-8") as f:
        return {row["passcode"].lstrip("0"): row["text"] for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
                if row["lang"] == "en"}


def comparison() -> list[tuple[str, int, int]]:
    """(card id, effects in its facts, effects in its English text) for every KB card with facts and a text."""
    texts, rows = english_texts(), []
    for cid, card in sorted(real_kb().cards.items()):
        text = texts.get((card.passcode or "").lstrip("0"))
        if card.facts is None or text is None:
            continue
        rows.append((cid, len(card.facts.get("effects", [])), count_text_effects(text, card.card_type, card.facts)))
    return rows


@pytest.mark.shared
@needs_texts
def test_every_card_lists_as_many_effects_as_its_official_text():
    rows = comparison()
    assert len(rows) >= 150, f"only {len(rows)} KB cards matched a text in {TEXTS}"
    wrong = [f"{cid}: facts {n_facts}, text {n_text}" for cid, n_facts, n_text in rows
             if n_facts != n_text and cid not in EXCEPTIONS and cid not in PENDING]
    assert wrong == []


@pytest.mark.shared
@needs_texts
def test_every_exception_still_differs():
    """An exception (or a pending card) that now agrees is stale: remove it."""
    rows = {cid: (n_facts, n_text) for cid, n_facts, n_text in comparison()}
    stale = [cid for cid in (*EXCEPTIONS, *PENDING) if cid not in rows or rows[cid][0] == rows[cid][1]]
    assert stale == []


# ── the counter, on texts written for this file ──────────────────────────────

MONSTER = {"monster": ["effect"]}


@pytest.mark.parametrize("text, card_type, facts, expected", [
    ("A plain beast of the plains.", "monster", {"monster": ["normal"]}, 0),
    ("If this card attacks, it gains 100 ATK during the Damage Step only.", "monster", MONSTER, 1),
    ("Cannot be Special Summoned. If this card battles, draw 1 card.", "monster", MONSTER, 1),
    ("This card cannot be Normal Summoned or Set. This card can only be Special Summoned by banishing 1 card. "
     "When this card is destroyed: Draw 1 card.", "monster", MONSTER, 1),
    ("You can Ritual Summon this card with \"Some Ritual\". You can Tribute this card; draw 1 card.", "monster", MONSTER, 1),
    ("If this card is sent to the GY: Draw 1 card. You can only use this effect of \"Some Card\" once per turn.", "monster", MONSTER, 1),
    ("During your Main Phase: You can draw 1 card. This card must be face-up on the field to activate and to resolve this "
     "effect. Before damage calculation: Gain 100 LP.", "monster", MONSTER, 2),
    ("At the end of the Damage Step: Destroy 1 card. If you cannot, destroy this card.", "monster", MONSTER, 1),
    ("Before damage calculation: Inflict 100 damage. If you do, after damage calculation: Destroy this card.", "monster", MONSTER, 1),
    ("When this card is flipped face-up, it gains 100 ATK. (If attacked, this resolves after damage calculation.)", "monster", MONSTER, 1),
    ("If it is your opponent's turn (min. 2 monsters): You can draw 1 card. Gains 100 ATK.", "monster", MONSTER, 2),
    ("Some Monster + \"Other Monster\" / Must be Fusion Summoned. Gains 100 ATK.", "monster", {"monster": ["fusion", "effect"]}, 1),
    ("When this card inflicts battle damage: You can activate 1 of these effects; / ● Draw 1 card. / ● Gain 100 LP.",
     "monster", MONSTER, 1),
    ("FLIP: Draw 1 card. / If you draw this card: Special Summon it. All your monsters become Insect monsters.", "monster", MONSTER, 3),
    ("Cannot be Normal Summoned (but can be Normal Set). At the start of the Damage Step: Destroy that monster.", "monster", MONSTER, 1),
    ("Target 1 face-up monster; it gains 100 ATK until the end of this turn.", "spell", {"property": "quick-play"}, 1),
    ("Negate 1 attack. You must control a face-up \"Some HERO\" monster to resolve this effect.", "trap", {"property": "normal"}, 1),
    ("You can only activate this card when you take damage. Inflict 100 damage. Also, inflict 100 more.", "trap", {"property": "normal"}, 1),
    ("Activate only after damage calculation. It is now the End Phase of this turn.", "trap", {"property": "normal"}, 1),
    ("All monsters lose 100 ATK.", "trap", {"property": "continuous"}, 2),
    ("Activate this card by targeting 1 monster; Special Summon it. When this card leaves the field, destroy that monster.",
     "trap", {"property": "continuous"}, 2),
    ("When this card is activated: You can add 1 card to your hand. Cards sent to the GY are banished instead.",
     "trap", {"property": "continuous"}, 2),
    ("The equipped monster gains 100 ATK. If it would be destroyed, return this card to the hand instead. Then, draw 1 card. "
     "After that, gain 100 LP. During the turn this card is returned, you cannot use \"Some Claw\".", "spell", {"property": "equip"}, 3),
    ("When an opponent's monster declares an attack: Change it to Defense Position. For the rest of this turn, it cannot attack.",
     "trap", {"property": "normal"}, 1),
    ("You can Special Summon \"B.E.S. Some Core\" by returning this card. You cannot use this effect during the same turn. "
     "In addition, it gains 100 ATK.", "monster", {"monster": ["fusion", "effect"]}, 2),
])
def test_count_text_effects(text, card_type, facts, expected):
    assert count_text_effects(text, card_type, facts) == expected


def test_quoted_names_and_parentheses_do_not_end_a_sentence():
    assert sentences('Special Summon "B.E.S. Big Core" (min. 2). Draw 1 card.') == [
        'Special Summon "B.E.S. Big Core" (min. 2).', "Draw 1 card."]
