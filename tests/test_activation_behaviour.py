"""The activation answer for cards with several effects (which effect's reason is shown), rulings named
beside a card-text decision, the JSON shape of an answer, and the errors for unknown cards and timings."""
from pathlib import Path

import pytest

from ygorules.core.activation import DAMAGE_STEP, TIMINGS, answer, row
from ygorules.core.kb import load_kb
from ygorules.core.model import Card, Citation

FIX = Path(__file__).parent / "fixtures" / "activation-kb"
START, BEFORE, DURING, AFTER, END = DAMAGE_STEP

CONTINUOUS = {"kind": "continuous"}
IGNITION = {"kind": "ignition", "speed": 1}
QUICK = {"kind": "quick", "speed": 2}
FORBIDDEN_BY_TEXT = {"kind": "quick", "speed": 2, "damage_step": "forbidden-by-card"}
ATK_MODIFIER = {"kind": "quick", "speed": 2, "changes_atk_def": True}
ON_ATTACK = {"kind": "trigger", "speed": 1, "when": "attack-declared"}
ON_DAMAGE = {"kind": "trigger", "speed": 1, "when": "battle-damage-inflicted"}
ON_SUMMON = {"kind": "quick", "speed": 2, "when": "summoned"}


@pytest.fixture(scope="module")
def base():
    return load_kb(FIX)


def _ask(kb, effects, timing, card_type="monster", **facts):
    kb.cards["probe"] = Card(id="probe", kind="card", path=Path("probe.yaml"), data={}, card_type=card_type,
                             facts={"monster": ["effect"], "effects": effects, **facts})
    try:
        a = answer(kb, "probe", timing)
    finally:
        del kb.cards["probe"]
    return a.verdict, a.rule


# Each case puts the effect with the weaker reason first: on a tie the first effect's reason would be shown.
@pytest.mark.parametrize("effects, timing, expected", [
    ([CONTINUOUS, ON_DAMAGE], "start-step", ("no", "trigger-effects-in-the-battle-phase")),
    ([ON_DAMAGE, IGNITION], "start-step", ("no", "battle-phase-no-spell-speed-1")),
    ([IGNITION, FORBIDDEN_BY_TEXT], START, ("no", "damage-step-card-text")),
    ([ON_ATTACK, QUICK], START, ("no", "damage-step-what-may-be-activated")),
    ([ON_DAMAGE, QUICK], START, ("no", "damage-step-what-may-be-activated")),
    ([ATK_MODIFIER, FORBIDDEN_BY_TEXT], DURING, ("no", "damage-step-card-text")),
    ([QUICK, FORBIDDEN_BY_TEXT], DURING, ("no", "damage-step-card-text")),
    ([QUICK, FORBIDDEN_BY_TEXT], START, ("no", "damage-step-card-text")),
    ([ON_SUMMON, FORBIDDEN_BY_TEXT], START, ("no", "damage-step-card-text")),
    ([CONTINUOUS, ON_DAMAGE, QUICK], "battle-step.start", ("yes", "battle-phase-fast-effects")),
    ([ON_DAMAGE, QUICK], AFTER, ("only-if", "after-damage-calculation")),
])
def test_of_several_effects_the_most_permissive_answer_and_then_the_strongest_reason_is_shown(base, effects, timing, expected):
    assert _ask(base, effects, timing) == expected


def test_a_tie_between_reasons_shows_the_first_effects(base):
    assert _ask(base, [ON_DAMAGE, {**ON_DAMAGE, "when": "destroyed-by-battle"}], "start-step") == \
        ("no", "trigger-effects-in-the-battle-phase")
    assert _ask(base, [QUICK, ON_SUMMON], START) == ("no", "damage-step-what-may-be-activated")
    assert _ask(base, [ON_SUMMON, QUICK], START) == ("no", "no-summon-responses-in-damage-step")


def test_a_ruling_decides_only_when_damage_step_says_by_ruling(base):
    named = {"kind": "quick", "speed": 2, "ruling": "test-ruling"}
    assert _ask(base, [{**named, "damage_step": "forbidden-by-card"}], START) == ("no", "damage-step-card-text")
    assert _ask(base, [{**named, "damage_step": "allowed-by-card"}], END) == ("yes", "damage-step-card-text")
    assert _ask(base, [{**named, "damage_step": "forbidden-by-ruling"}], START) == ("no", "test-ruling")
    assert _ask(base, [{**named, "damage_step": "allowed-by-ruling"}], END) == ("yes", "test-ruling")
    unnamed = {"kind": "quick", "speed": 2}
    assert _ask(base, [{**unnamed, "damage_step": "forbidden-by-ruling"}], START) == ("no", "damage-step-card-text")
    assert _ask(base, [{**unnamed, "damage_step": "allowed-by-ruling"}], END) == ("yes", "damage-step-card-text")


def test_a_flip_effect_outside_the_damage_step_follows_the_trigger_rule(base):
    assert _ask(base, [{"kind": "flip", "speed": 1}], "start-step") == ("yes", "trigger-effects-in-the-battle-phase")
    assert _ask(base, [{"kind": "trigger", "speed": 1}], "end-step") == ("yes", "trigger-effects-in-the-battle-phase")


def test_an_answer_as_json_names_every_field_and_a_citations_place_only_when_it_has_one(base):
    a = answer(base, "attack-trap", "battle-step.attack-declaration")
    a.sources = [Citation("test-article", "L3"), Citation("test-article")]
    assert a.as_dict() == {"timing": "battle-step.attack-declaration", "verdict": "only-if", "condition": a.condition,
                           "reason": a.reason, "rule": "attack-declaration-single-chain",
                           "sources": [{"source": "test-article", "where": "L3"}, {"source": "test-article"}],
                           "acts": True, "text_differs": None}
    assert a.condition["en"] == "a monster declares an attack"
    assert answer(base, "counter-trap", AFTER).as_dict()["acts"] is False


def test_unknown_cards_and_timings_are_named_in_the_error(base):
    with pytest.raises(KeyError) as exc:
        answer(base, "fast-trap", "main-phase")
    assert exc.value.args[0] == f"unknown timing 'main-phase'; timings are: {', '.join(TIMINGS)}"
    with pytest.raises(KeyError) as exc:
        row(base, "no-such-card")
    assert exc.value.args[0] == f"no card 'no-such-card' in {FIX}/cards"
    with pytest.raises(ValueError) as exc:
        answer(base, "test-archetype", START)
    assert str(exc.value) == "'test-archetype' has no card facts (an archetype: ask about one of its members)"


def test_a_trigger_on_being_flipped_follows_the_flip_rule_after_damage_calculation(base):
    assert _ask(base, [{"kind": "trigger", "speed": 1, "when": "flipped"}], AFTER) == \
        ("only-if", "flip-effects-after-damage-calculation")
    assert _ask(base, [{"kind": "trigger", "speed": 1, "when": "battled"}], AFTER) == ("only-if", "after-damage-calculation")


def test_a_rule_without_an_allows_or_forbids_text_gives_its_statement_as_the_reason(base, monkeypatch):
    rule = base.rules["battle-phase-fast-effects"]
    monkeypatch.setattr(rule, "allows", None)
    a = answer(base, "fast-trap", "start-step")
    assert a.rule == "battle-phase-fast-effects" and a.reason == rule.statement.text
    assert [(c.source, c.where) for c in a.sources] == [(c.source, c.where) for c in rule.statement.sources]
    monkeypatch.setattr(rule, "statement", None)
    a = answer(base, "fast-trap", "start-step")
    assert (a.reason, a.sources) == ({}, [])


def test_the_summary_gives_type_property_monster_types_speeds_and_effects(base):
    from ygorules.core.activation import summary
    assert summary(base.cards["two-effects"]) == {
        "card_type": "monster", "property": None, "monster": ["effect"], "spell_speeds": [1],
        "effects": [{"kind": "continuous"}, {"kind": "trigger", "speed": 1, "mandatory": True, "when": "damage-step.end"}]}
    assert summary(base.cards["counter-trap"])["monster"] == []


def _facts_of(card_type, facts):
    from ygorules.core.activation import fact_problems
    return fact_problems(Card(id="x", kind="card", path=Path("x.yaml"), data={}, card_type=card_type, facts=facts))


CA = {"kind": "card-activation", "speed": 2}
NEEDS_PROPERTY = "add `property:` (normal, quick-play, continuous, counter, field, equip or ritual)"


@pytest.mark.parametrize("card_type, facts, expected", [
    ("archetype", {"effects": []}, [
        (("facts",), "an archetype has no card facts (its members have theirs)", "remove `facts:`", "facts-archetype")]),
    ("archetype", None, []),
    ("monster", None, []),
    ("monster", {"property": "normal", "effects": []}, [
        (("facts", "property"), "a monster has no Spell/Trap property",
         "remove `property:` and list the monster's types under `monster:`", "facts-card-type"),
        (("facts",), "a monster needs its types (`monster:`)", "add `monster: [effect]` (or normal, flip, fusion …)",
         "facts-card-type")]),
    ("spell", {"monster": ["effect"], "effects": [{**CA, "speed": 1}]}, [
        (("facts", "monster"), "a spell has no monster types", "remove `monster:`", "facts-card-type"),
        (("facts",), "a spell needs its property", NEEDS_PROPERTY, "facts-card-type")]),
    ("trap", {"effects": [CA]}, [(("facts",), "a trap needs its property", NEEDS_PROPERTY, "facts-card-type")]),
    ("trap", {"property": "quick-play", "effects": [CA]}, [
        (("facts", "property"), "a Trap cannot be quick-play", "use normal, continuous or counter", "facts-card-type")]),
    ("spell", {"property": "counter", "effects": [{**CA, "speed": 3}]}, [
        (("facts", "property"), "a Spell cannot be counter", "use normal, quick-play, continuous, field, equip or ritual",
         "facts-card-type"),
        (("facts", "effects", 0, "speed"), "a counter Spell at Spell Speed 3", "set `speed: 1` (only Quick-Play Spells are faster)",
         "facts-spell-speed")]),
    ("spell", {"property": "counter", "effects": [{**CA, "speed": 1}]}, [  # a Spell is no Counter Trap, at any speed
        (("facts", "property"), "a Spell cannot be counter", "use normal, quick-play, continuous, field, equip or ritual",
         "facts-card-type")]),
    ("monster", {"monster": ["normal"], "effects": [{"kind": "continuous"}]}, [
        (("facts", "effects"), "a Normal Monster has no effects", "set `effects: []`, or fix `monster:`", "facts-normal-monster")]),
    ("spell", {"property": "normal", "effects": []}, [
        (("facts", "effects"), "a spell card is activated, but no effect has kind card-activation",
         "add `- {kind: card-activation, speed: N}` first", "facts-card-activation")]),
    ("monster", {"monster": ["effect"], "effects": [{"kind": "continuous", "speed": 1}, {"kind": "quick"},
                                                    {"kind": "trigger", "speed": 1}, {"kind": "flip", "speed": 1, "when": "flipped"}]}, [
        (("facts", "effects", 0, "speed"), "a continuous effect is not activated and has no Spell Speed", "remove `speed:`",
         "facts-continuous-speed"),
        (("facts", "effects", 1), "a quick effect needs its Spell Speed", "add `speed: 1`, `2` or `3`", "facts-speed-missing"),
        (("facts", "effects", 2), "a trigger effect without an event",
         "add `when:` with the event or timing it activates at (see the enum in schema/card.schema.json)", "facts-trigger-event"),
        (("facts", "effects", 3, "kind"), "a Flip effect on a monster that is not a Flip monster",
         "add `flip` to `monster:`, or use kind trigger (`when: flipped`)", "facts-flip-monster")]),
    ("monster", {"monster": ["effect"], "effects": [{"kind": "ignition", "speed": 2}, {"kind": "quick", "speed": 1},
                                                    {"kind": "trigger", "speed": 2, "when": "summoned"}, {**CA, "speed": 1}]}, [
        (("facts", "effects", 0, "speed"), "an Ignition Effect at Spell Speed 2",
         "set `speed: 1` (Ignition Effects are Spell Speed 1), or use kind quick", "facts-ignition-speed"),
        (("facts", "effects", 1, "speed"), "a Quick Effect at Spell Speed 1",
         "set `speed: 2` (Quick Effects are Spell Speed 2), or use kind ignition", "facts-quick-speed"),
        (("facts", "effects", 2, "speed"), "a monster's trigger effect at Spell Speed 2",
         "set `speed: 1` (Trigger effects of monsters and Spells are Spell Speed 1; of Traps, 2)", "facts-trigger-speed"),
        (("facts", "effects", 3, "kind"), "a monster is not activated as a card", "use trigger, quick, ignition, flip or continuous",
         "facts-effect-kind")]),
    ("trap", {"property": "normal", "effects": [{**CA, "speed": 1}, {"kind": "trigger", "speed": 1, "when": "summoned"},
                                                {"kind": "quick", "speed": 3}, {"kind": "ignition", "speed": 1}]}, [
        (("facts", "effects", 0, "speed"), "a normal Trap at Spell Speed 1",
         "set `speed: 2` (Normal and Continuous Traps are Spell Speed 2)", "facts-trap-speed"),
        (("facts", "effects", 1, "speed"), "a trap's trigger effect at Spell Speed 1",
         "set `speed: 2` (Trigger effects of monsters and Spells are Spell Speed 1; of Traps, 2)", "facts-trigger-speed"),
        (("facts", "effects", 2, "speed"), "a Trap's effect at Spell Speed 3", "set `speed: 2` (a Trap's effects are Spell Speed 2)",
         "facts-trap-speed"),
        (("facts", "effects", 3, "kind"), "a trap has no ignition effect",
         "use card-activation, trigger or continuous, or quick for a face-up Trap's effect activated at will", "facts-effect-kind")]),
    ("trap", {"property": "counter", "effects": [CA]}, [
        (("facts", "effects", 0, "speed"), "a Counter Trap at Spell Speed 2", "set `speed: 3` (Counter Traps are Spell Speed 3)",
         "facts-counter-speed")]),
    ("spell", {"property": "quick-play", "effects": [{**CA, "speed": 1}]}, [
        (("facts", "effects", 0, "speed"), "a Quick-Play Spell at Spell Speed 1",
         "set `speed: 2` (Quick-Play Spells are Spell Speed 2)", "facts-quick-play-speed")]),
    ("spell", {"property": "field", "effects": [CA]}, [
        (("facts", "effects", 0, "speed"), "a field Spell at Spell Speed 2", "set `speed: 1` (only Quick-Play Spells are faster)",
         "facts-spell-speed")]),
    ("trap", {"property": "continuous", "effects": [{**CA, "speed": 3}]}, [
        (("facts", "effects", 0, "speed"), "a continuous Trap at Spell Speed 3",
         "set `speed: 2` (Normal and Continuous Traps are Spell Speed 2)", "facts-trap-speed")]),
    ("trap", {"property": "normal", "effects": [{**CA, "ruling": "r"}, {**CA, "damage_step": "allowed-by-ruling"},
                                                {**CA, "negates_activation": True, "when": "attack-declared"},
                                                {**CA, "negates_activation": True, "when": "summoned"},
                                                {**CA, "negates_activation": True}]}, [
        (("facts", "effects", 0, "ruling"), "a ruling is named, but damage_step does not say it allows or forbids anything",
         "set `damage_step: allowed-by-ruling` or `forbidden-by-ruling`, or remove `ruling:`", "facts-ruling-unused"),
        (("facts", "effects", 1, "damage_step"), "damage_step is allowed-by-ruling, but no ruling is named",
         "add `ruling:` with the id of the ruling in kb/rulings/", "facts-ruling"),
        (("facts", "effects", 2, "when"), "an effect that negates an activation, on 'attack-declared'",
         "set `when:` to the activation it negates (card-activated, spell-activated, trap-activated or monster-effect-activated)",
         "facts-negation-event")]),
    ("trap", {"property": "normal", "effects": [{**CA, "ruling": "r", "damage_step": "forbidden-by-ruling"},
                                                {**CA, "negates_activation": True, "when": "trap-activated"}]}, []),
    ("monster", {"monster": ["effect", "flip"], "effects": [{"kind": "flip", "speed": 1, "when": "flipped"},
                                                            {"kind": "ignition", "speed": 1}, {"kind": "quick", "speed": 3}]}, []),
])
def test_facts_that_contradict_each_other_are_named_with_their_place_and_fix(card_type, facts, expected):
    assert _facts_of(card_type, facts) == expected


def test_more_facts_that_contradict_each_other():
    assert [p[1] for p in _facts_of("monster", {"monster": ["effect", "flip"], "effects": [
        {"kind": "flip", "speed": 1}, {"kind": "flip", "speed": 2, "when": "flipped"}]})] == [
        "a flip effect without an event", "a monster's flip effect at Spell Speed 2"]
    assert [p[1] for p in _facts_of("spell", {"property": "normal", "effects": [
        {**CA, "speed": 1}, {"kind": "quick", "speed": 2}, {"kind": "ignition", "speed": 1}]})] == ["a spell has no quick effect"]
    assert [p[1] for p in _facts_of("trap", {"property": "normal", "effects": [
        CA, {"kind": "flip", "speed": 2, "when": "flipped"}]})] == ["a trap has no flip effect"]
    assert _facts_of("trap", {"property": "counter", "effects": [
        {**CA, "speed": 3, "negates_activation": True, "when": w}
        for w in ("card-activated", "spell-activated", "trap-activated", "monster-effect-activated", "summoned")]}) == []


def test_an_atk_modifying_quick_effect_before_damage_calculation_and_a_card_without_facts(base):
    assert _ask(base, [ATK_MODIFIER], BEFORE) == ("yes", "damage-step-atk-def-modifiers")
    base.cards["bare"] = Card(id="bare", kind="card", path=Path("bare.yaml"), data={}, card_type="monster", facts=None)
    try:
        with pytest.raises(ValueError) as exc:
            answer(base, "bare", START)
    finally:
        del base.cards["bare"]
    assert str(exc.value) == "'bare' has no card facts"


def test_the_summary_gives_a_spell_or_traps_property(base):
    from ygorules.core.activation import summary
    assert summary(base.cards["counter-trap"])["property"] == "counter"
