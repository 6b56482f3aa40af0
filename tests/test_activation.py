"""The activation answer: each rule fact allows one fixture card and forbids another; facts that contradict each
other are link errors; every real card has a complete row; the Damage Step answers agree with the evidence."""
import csv
import re
import shutil
from pathlib import Path

import pytest

from ygorules.core.activation import DAMAGE_STEP, RULES, TIMINGS, answer, decide, matrix, row, summary
from ygorules.core.kb import collect, load_kb

HERE = Path(__file__).parent
FIX = HERE / "fixtures" / "activation-kb"
FACTS = HERE / "fixtures" / "activation-facts"
ROOT = HERE.parent
SHARED = ROOT.parent / "shared"

START, BEFORE, DURING, AFTER, END = DAMAGE_STEP


@pytest.fixture(scope="module")
def kb():
    return load_kb(FIX)


# (rule, card, timing, verdict the rule gives); for every rule the answer cites, a card it allows and one it
# forbids: where a rule only ever allows, the second row shows the card it does not cover (another rule says no)
CASES = [
    ("battle-phase-fast-effects", "fast-trap", "start-step", "yes"),
    ("damage-step-what-may-be-activated", "fast-trap", START, "no"),
    ("battle-phase-fast-effects", "plain-quick", "battle-step.after-declaration", "yes"),
    ("battle-phase-no-spell-speed-1", "normal-spell", "start-step", "no"),
    ("battle-phase-no-spell-speed-1", "ignition-monster", "end-step", "no"),
    ("battle-phase-no-spell-speed-1", "normal-spell", "battle-step.attack-declaration", "no"),
    ("trigger-effects-in-the-battle-phase", "destroyed-trigger", "battle-step.start", "only-if"),
    ("trigger-effects-in-the-battle-phase", "battle-damage-trigger", "start-step", "no"),
    ("activation-needs-its-condition", "during-quick", "start-step", "no"),
    ("activation-needs-its-condition", "during-quick", START, "no"),
    ("start-step", "start-of-battle-trigger", "start-step", "only-if"),
    ("trigger-effects-in-the-battle-phase", "start-of-battle-trigger", "battle-step.start", "no"),
    ("attack-declaration-single-chain", "attack-trap", "battle-step.attack-declaration", "only-if"),
    ("attack-declaration-single-chain", "attack-trap", "battle-step.after-declaration", "no"),
    ("attack-declaration-single-chain", "attack-counter-trap", DURING, "no"),
    ("damage-step-counter-traps", "counter-trap", DURING, "only-if"),
    ("damage-step-counter-traps", "counter-trap", END, "only-if"),
    ("damage-step-negation", "negating-monster", DURING, "only-if"),
    ("damage-step-what-may-be-activated", "plain-quick", START, "no"),
    ("damage-step-atk-def-modifiers", "atk-spell", BEFORE, "yes"),
    ("damage-step-atk-def-modifiers", "atk-spell", DURING, "no"),
    ("damage-step-atk-def-modifiers", "atk-spell", END, "no"),
    ("damage-step-card-text", "text-allowed-trap", END, "only-if"),
    ("damage-step-card-text", "text-forbidden-trap", START, "no"),
    ("battle-phase-fast-effects", "text-forbidden-trap", "battle-step.start", "only-if"),
    ("test-ruling", "ruling-forbidden", START, "no"),
    ("test-ruling", "ruling-allowed", AFTER, "yes"),
    ("battle-phase-fast-effects", "ruling-forbidden", "battle-step.start", "yes"),
    ("damage-step-start", "start-trigger", START, "only-if"),
    ("trigger-effects-in-the-battle-phase", "start-trigger", BEFORE, "no"),
    ("before-damage-calculation", "before-trigger", BEFORE, "only-if"),
    ("trigger-effects-in-the-battle-phase", "before-trigger", AFTER, "no"),
    ("during-damage-calculation", "during-quick", DURING, "only-if"),
    ("during-damage-calculation", "mandatory-destroyed-trigger", DURING, "no"),
    ("after-damage-calculation", "battle-damage-trigger", AFTER, "only-if"),
    ("trigger-effects-in-the-battle-phase", "battle-damage-trigger", END, "no"),
    ("flip-effects-after-damage-calculation", "flip-monster", AFTER, "only-if"),
    ("trigger-effects-in-the-battle-phase", "flip-monster", BEFORE, "no"),
    ("end-of-damage-step", "battle-destroyed-trigger", END, "only-if"),
    ("end-of-damage-step", "mandatory-destroyed-trigger", END, "only-if"),
    ("trigger-effects-in-the-battle-phase", "battle-destroyed-trigger", AFTER, "no"),
    ("no-summon-responses-in-damage-step", "summon-trap", START, "no"),
    ("battle-phase-fast-effects", "summon-trap", "battle-step.start", "only-if"),
    ("no-summon-responses-in-damage-step", "summon-optional-trigger", END, "no"),
    ("end-of-damage-step", "summon-mandatory-trigger", END, "only-if"),
    ("damage-step-start", "destroyed-trigger", START, "only-if"),
    ("during-damage-calculation", "destroyed-trigger", DURING, "no"),
    ("end-step", "end-of-battle-trigger", "end-step", "only-if"),
    ("trigger-effects-in-the-battle-phase", "end-of-battle-trigger", "start-step", "no"),
    ("nothing-to-activate", "vanilla", START, "no"),
    ("nothing-to-activate", "continuous-booster", DURING, "no"),
    ("end-of-damage-step", "two-effects", END, "only-if"),
    ("trigger-effects-in-the-battle-phase", "two-effects", START, "no"),
]


@pytest.mark.parametrize("rule,card,timing,verdict", CASES, ids=lambda v: str(v))
def test_each_rule_decides_its_case(kb, rule, card, timing, verdict):
    a = answer(kb, card, timing)
    assert (a.rule, a.verdict) == (rule, verdict)
    side = "Allowed" if verdict != "no" else "Forbidden"
    if rule in kb.rules:
        assert a.reason["en"] == f"{side} by {rule}."
        assert [c.source for c in a.sources] == ["test-article"]
    else:  # a ruling: its answer is the reason
        assert a.reason == kb.rulings[rule].answer.text


def test_every_rule_the_function_cites_has_a_case_that_allows_and_one_that_forbids():
    allowed = {r for r, *_, v in CASES if v != "no"}
    forbidden = {r for r, *_, v in CASES if v == "no"}
    allow_only = {"battle-phase-fast-effects", "trigger-effects-in-the-battle-phase", "start-step", "damage-step-counter-traps",
                  "damage-step-negation", "damage-step-start", "before-damage-calculation", "after-damage-calculation",
                  "flip-effects-after-damage-calculation", "end-of-damage-step", "end-step", "damage-step-card-text",
                  "attack-declaration-single-chain", "during-damage-calculation", "damage-step-atk-def-modifiers"}
    forbid_only = {"battle-phase-no-spell-speed-1", "activation-needs-its-condition", "damage-step-what-may-be-activated",
                   "no-summon-responses-in-damage-step", "nothing-to-activate"}
    assert allow_only | forbid_only == set(RULES)
    assert allow_only <= allowed and forbid_only <= forbidden
    # each allow-only rule is next to a card it does not cover at a timing where it allows another: a 'no' there
    for rule in allow_only - forbidden:
        timings = {t for r, _, t, v in CASES if r == rule and v != "no"}
        assert any(v == "no" and t in timings for _, _, t, v in CASES), rule


def test_condition_only_with_only_if_and_localized(kb):
    yes = answer(kb, "fast-trap", "start-step")
    only = answer(kb, "attack-trap", "battle-step.attack-declaration")
    no = answer(kb, "attack-trap", START)
    assert yes.condition is None and no.condition is None
    assert set(only.condition) == {"es", "pt", "it", "en"} and only.condition["en"] == "a monster declares an attack"
    assert only.condition["es"] == "un monstruo declara un ataque"


def test_acts_marks_the_cards_own_moment(kb):
    acts = {t: a.acts for t, a in zip(TIMINGS, row(kb, "continuous-booster"))}
    assert [t for t, v in acts.items() if v] == list(DAMAGE_STEP)
    assert [a.timing for a in row(kb, "battle-damage-trigger") if a.acts] == [AFTER]
    assert not any(a.acts for a in row(kb, "counter-trap"))  # "a card is activated" is not a battle moment of its own


def test_matrix_has_every_card_with_facts_and_leaves_archetypes_out(kb):
    m = matrix(kb)
    assert "test-archetype" not in m
    assert set(m) == {c for c, card in kb.cards.items() if card.facts is not None}
    assert all([a.timing for a in answers] == list(TIMINGS) for answers in m.values())


def test_unknown_card_timing_and_archetype_are_errors(kb):
    with pytest.raises(KeyError):
        answer(kb, "no-such-card", START)
    with pytest.raises(KeyError):
        answer(kb, "fast-trap", "main-phase")
    with pytest.raises(ValueError, match="archetype"):
        answer(kb, "test-archetype", START)


def test_a_missing_rule_is_reported_not_guessed(tmp_path):
    shutil.copytree(FIX, tmp_path / "kb")
    (tmp_path / "kb" / "rules" / "end-step.yaml").unlink()
    kb = load_kb(tmp_path / "kb")
    with pytest.raises(KeyError, match="end-step"):
        answer(kb, "end-of-battle-trigger", "end-step")


def test_summary_gives_type_property_and_spell_speeds(kb):
    assert summary(kb.cards["counter-trap"])["property"] == "counter"
    assert summary(kb.cards["two-effects"])["spell_speeds"] == [1]
    assert summary(kb.cards["test-archetype"]) is None


# ── facts that contradict each other ─────────────────────────────────────────

@pytest.mark.parametrize("path", sorted(FACTS.glob("*.yaml")), ids=lambda p: p.stem)
def test_contradicting_facts_are_link_errors_with_line_and_fix(tmp_path, path):
    shutil.copytree(FIX, tmp_path / "kb")
    shutil.copy(path, tmp_path / "kb" / "cards" / path.name)
    _, problems = collect(tmp_path / "kb")
    mine = [p for p in problems if p.path.endswith(path.name)]
    assert [p.code for p in mine] == [path.stem], [p.format() for p in mine]
    assert mine[0].severity == "error" and mine[0].line > 4 and mine[0].fix


def test_the_fixture_kb_itself_is_clean():
    _, problems = collect(FIX)
    assert problems == []


# ── the real knowledge base ──────────────────────────────────────────────────

@pytest.fixture(scope="module")
def real():
    return load_kb(ROOT / "kb")


def test_every_real_card_has_a_complete_row(real):
    cards = [c for c in real.cards.values() if c.card_type != "archetype"]
    assert len(cards) >= 150
    m = matrix(real)
    assert set(m) == {c.id for c in cards}
    for cid, answers in m.items():
        assert [a.timing for a in answers] == list(TIMINGS), cid
        for a in answers:
            assert a.verdict in ("yes", "no", "only-if"), cid
            assert set(a.reason) == {"es", "pt", "it", "en"} and all(a.reason.values()), (cid, a.timing)
            assert a.rule in real.rules or a.rule in real.rulings, (cid, a.rule)
            assert a.sources, (cid, a.timing)
            assert (a.condition is not None) == (a.verdict == "only-if"), (cid, a.timing)


def test_every_real_rule_cites_a_current_source_and_has_its_reasons(real):
    assert set(RULES) <= set(real.rules)
    for rule in real.rules.values():
        assert rule.statement.status == "current" and rule.statement.sources, rule.id
        assert rule.allows or rule.forbids, rule.id


def test_the_real_answers_at_the_issue_examples(real):
    assert answer(real, "mirror-force", START).verdict == "no"
    assert answer(real, "mirror-force", "battle-step.attack-declaration").verdict == "only-if"
    honest = [a.verdict for a in row(real, "honest")[4:9]]
    assert honest == ["only-if", "only-if", "no", "no", "no"]
    assert answer(real, "injection-fairy-lily", DURING).verdict == "only-if"
    assert answer(real, "solemn-judgment", DURING).rule == "damage-step-counter-traps"
    assert answer(real, "necro-gardna", START).rule == "necro-gardna-not-in-the-damage-step"


# ── agreement with the evidence (../shared) ──────────────────────────────────

ONLY = {"only-start-of-damage-step": START, "only-before-damage-calculation": BEFORE, "only-during-damage-calculation": DURING,
        "only-after-damage-calculation": AFTER, "only-end-of-damage-step": END}


def expected_agrees(value: str, timings_current: str, allowed: set) -> bool:
    """Whether the Damage Step timings a card is allowed at (verdict yes or only-if) fit kb-card-facts.tsv's damage_step value."""
    if value == "until-before-damage-calculation":
        return allowed == {START, BEFORE}
    if value == "any-window":
        return allowed == set(DAMAGE_STEP)
    if value in ONLY:
        return allowed == {ONLY[value]}
    if value == "on-event":  # the window where its event happens (the first timing the evidence names) must be open
        first = re.search(r"damage-step\.[a-z-]+", timings_current)
        return bool(first) and first.group(0) in allowed
    return not allowed  # no, no-activation, n/a


_OWN_MOVE = frozenset({"this-card-summoned", "this-card-destroyed", "this-card-leaves-field"})


@pytest.mark.shared
def test_damage_step_answers_agree_with_the_card_facts_evidence(real):
    path = SHARED / "evidence" / "kb-card-facts.tsv"
    if not path.exists():
        pytest.skip("needs ../shared/evidence")
    rows = {r["passcode"]: r for r in csv.DictReader(path.open(encoding="utf-8"), delimiter="\t")}
    m = matrix(real)
    agree, disagree = 0, []
    m = {cid: a for cid, a in m.items() if real.cards[cid].passcode.lstrip("0") in rows}  # cards the judged evidence covers
    for cid, answers in m.items():
        card = real.cards[cid]
        r = rows[card.passcode.lstrip("0")]
        # The evidence's damage_step is about the card's battle effect; the Trigger Effects of its own Summon,
        # destruction or leaving the field (Des Mosquito, Giant Kozaky, Yubel …) open windows it does not cover,
        # unless that trigger is the battle effect it describes (on-event: Infernal Dragon).
        effects = [e for e in card.facts.get("effects", []) if r["damage_step"] == "on-event" or e.get("when") not in _OWN_MOVE]
        allowed = {t for t in DAMAGE_STEP if any(decide(card.facts, e, t)[0] != "no" for e in effects)}
        if expected_agrees(r["damage_step"], r["timings_current"], allowed):
            agree += 1
        else:
            disagree.append(cid)
    print(f"agreement {agree}/{len(m)} = {100 * agree / len(m):.1f}%; disagreements: {disagree}")
    assert agree / len(m) >= 0.98, disagree


def test_export_carries_the_matrix(tmp_path):
    import json

    from ygorules.cli import main

    out = tmp_path / "kb.json"
    assert main(["export", "--kb", str(FIX), "-o", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["activation"]["timings"] == list(TIMINGS)
    cards = doc["activation"]["cards"]
    assert "test-archetype" not in cards and len(cards) == len(doc["cards"]) - 1
    a = cards["atk-spell"][6]
    assert (a["timing"], a["verdict"], a["rule"]) == (DURING, "no", "damage-step-atk-def-modifiers")
    assert a["reason"]["es"] == "Prohibido por damage-step-atk-def-modifiers." and a["sources"] == [{"source": "test-article", "where": "L7"}]
    assert set(doc["rules"]) == set(RULES)
