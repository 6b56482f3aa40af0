"""Card facts v2 (issue 22): turn, player, subject, from, the new events, the replay, text_differs — what each
field allows and forbids at every timing, the contradictions `check` rejects, and the issue's patterns on the KB."""
import re
import shutil
from pathlib import Path

import pytest
from ygorules.cli import main
from ygorules.core.activation import TIMINGS, answer, fact_problems, row
from ygorules.core.kb import collect, load_kb
from ygorules.core.model import Card

HERE = Path(__file__).resolve().parent
FIX = HERE / "fixtures" / "activation-kb"
REAL = HERE.parent / "kb"
CODE = {"Y": "yes", "O": "only-if", "-": "no"}


@pytest.fixture(scope="module")
def kb():
    return load_kb(FIX)


@pytest.fixture(scope="module")
def real():
    return load_kb(REAL)


# ── per field, per timing: a card the field allows and one it forbids ───────
# (field, card, the verdicts at the ten timings: start, BS start, declaration, after it, DS start, before, during,
#  after damage calculation, DS end, End Step), beside the card without that field where the field changes something
ROWS = [
    ("turn", "opponent-turn-quick", "OOOO-----O"),
    ("(no turn)", "plain-quick", "YYYY-----Y"),
    ("from", "graveyard-quick", "OOOO-----O"),
    ("player+turn", "opponent-spell-negator", "OOOOOOOOOO"),
    ("player", "differs-trap", "--O-------"),
    ("subject", "dinosaur-trap", "OOOO-----O"),
    ("targeted-for-attack (replay)", "replay-target-trigger", "--OO------"),
    ("this-card-leaves-field", "leaves-field-trigger", "OOOOOO-OOO"),
    ("this-card-summoned (optional)", "self-summon-optional", "OOOO-----O"),
    ("this-card-summoned (mandatory)", "self-summon-mandatory", "OOOOOO-OOO"),
    ("ignition", "ignition-and-continuous", "----------"),
    ("two effects", "two-conditions", "OOOOOO-OOO"),
    ("this-card-moves (the card itself: R15)", "self-banished-trigger", "OOOOOO-OOO"),
    ("card-moves (optional)", "card-banished-trigger", "OOOO-----O"),
    ("card-moves (mandatory: R15)", "card-drawn-mandatory", "OOOOOO-OOO"),
]


@pytest.mark.parametrize("field,card,verdicts", ROWS, ids=[r[0] for r in ROWS])
def test_each_field_allows_and_forbids_at_each_timing(kb, field, card, verdicts):
    assert [a.verdict for a in row(kb, card)] == [CODE[c] for c in verdicts]


# (card, timing, rule, condition in English) — the condition is the card's own, never one sentence per event
CONDITIONS = [
    ("opponent-turn-quick", "start-step", "battle-phase-fast-effects", "it is your opponent's turn"),
    ("graveyard-quick", "battle-step.after-declaration", "battle-phase-fast-effects", "this card is in your GY"),
    ("opponent-spell-negator", "damage-step.during-damage-calculation", "damage-step-negation",
     "it is your opponent's turn and your opponent activates a Spell Card"),
    ("differs-trap", "battle-step.attack-declaration", "attack-declaration-single-chain", "an opponent's monster declares an attack"),
    ("dinosaur-trap", "end-step", "battle-phase-fast-effects", "a face-up Dinosaur-Type monster you control is destroyed and sent to the GY"),
    ("replay-target-trigger", "battle-step.attack-declaration", "attack-declaration-single-chain", "this card is chosen as an attack target"),
    ("replay-target-trigger", "battle-step.after-declaration", "replay-when-the-number-of-monsters-changes",
     "a replay makes the attacking monster choose this card as its target again"),
    ("leaves-field-trigger", "damage-step.end", "end-of-damage-step", "this face-up card leaves the field"),
    ("self-summon-mandatory", "damage-step.start", "damage-step-start", "this card is Summoned"),
    ("two-conditions", "damage-step.end", "end-of-damage-step", "this card is destroyed by battle, or this card is Summoned"),
    ("self-banished-trigger", "damage-step.end", "end-of-damage-step", "this card is banished"),
    ("card-banished-trigger", "end-step", "trigger-effects-in-the-battle-phase", "an opponent's monster is banished"),
    ("card-drawn-mandatory", "damage-step.start", "damage-step-start", "your opponent draws a card"),
]


@pytest.mark.parametrize("card,timing,rule,condition", CONDITIONS, ids=[f"{c[0]}@{c[1]}" for c in CONDITIONS])
def test_the_answer_states_the_cards_own_condition(kb, card, timing, rule, condition):
    a = answer(kb, card, timing)
    assert (a.verdict, a.rule, a.condition["en"]) == ("only-if", rule, condition)
    assert set(a.condition) == {"es", "pt", "it", "en"}


# (card, timing, rule of the "no")
NOS = [
    ("self-summon-optional", "damage-step.start", "no-summon-responses-in-damage-step"),  # R15, R35: an optional Summon trigger
    ("replay-target-trigger", "damage-step.start", "attack-declaration-single-chain"),  # no replay in the Damage Step (R13)
    ("replay-target-trigger", "battle-step.start", "attack-declaration-single-chain"),
    ("leaves-field-trigger", "damage-step.during-damage-calculation", "during-damage-calculation"),
    ("ignition-and-continuous", "start-step", "battle-phase-no-spell-speed-1"),  # Spell Speed 1, never "nothing to activate"
    ("opponent-turn-quick", "damage-step.start", "damage-step-what-may-be-activated"),
    ("card-banished-trigger", "damage-step.end", "damage-step-what-may-be-activated"),  # another card moving: optional, barred (R15)
]


@pytest.mark.parametrize("card,timing,rule", NOS, ids=[f"{c[0]}@{c[1]}" for c in NOS])
def test_what_the_fields_forbid_names_its_rule(kb, card, timing, rule):
    a = answer(kb, card, timing)
    assert (a.verdict, a.rule, a.condition) == ("no", rule, None)


def test_an_ignition_effect_answers_spell_speed_1_at_every_timing(kb):
    assert {a.rule for a in row(kb, "ignition-and-continuous")} == {"battle-phase-no-spell-speed-1"}
    assert {a.rule for a in row(kb, "vanilla")} == {"nothing-to-activate"}


def test_the_replay_cites_the_rule_when_the_kb_has_no_replay_ruling(tmp_path):
    shutil.copytree(FIX, tmp_path / "kb")
    (tmp_path / "kb" / "rulings" / "replay-when-the-number-of-monsters-changes.yaml").unlink()
    a = answer(load_kb(tmp_path / "kb"), "replay-target-trigger", "battle-step.after-declaration")
    assert (a.verdict, a.rule) == ("only-if", "attack-declaration-single-chain")
    assert a.condition["en"].startswith("a replay makes")


def test_text_differs_is_a_field_of_the_answer_and_of_its_json(kb):
    a = answer(kb, "differs-trap", "battle-step.attack-declaration")
    assert a.text_differs["en"] == "This card's TCG and OCG texts differ; this answer follows the OCG text."
    assert a.as_dict()["text_differs"] == a.text_differs
    assert answer(kb, "differs-trap", "start-step").text_differs is None  # a "no" follows no text
    assert answer(kb, "fast-trap", "start-step").text_differs is None


def test_can_prints_which_text_it_follows(capsys):
    assert main(["can", "differs-trap", "battle-step.attack-declaration", "--kb", str(FIX), "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert "  Il testo TCG e il testo OCG di questa carta sono diversi; questa risposta segue il testo OCG." in out


# ── contradictions check rejects ────────────────────────────────────────────

def _codes(card_type, effect, prop=None):
    facts = {"effects": [effect]}
    if card_type == "monster":
        facts["monster"] = ["effect"]
    else:
        facts["property"] = prop or "normal"
        if effect.get("kind") != "card-activation":
            facts["effects"].insert(0, {"kind": "card-activation", "speed": 2 if card_type == "trap" else 1})
    card = Card("x", "card", Path("x.yaml"), {}, card_type=card_type, facts=facts)
    return [p[3] for p in fact_problems(card)]


Q = {"kind": "quick", "speed": 2}
T = {"kind": "trigger", "speed": 1}
TRAP = {"kind": "card-activation", "speed": 2}
# (field, card type, effect, codes): for each field one effect it allows ([]) and the ones it forbids
FACT_CASES = [
    ("turn", "monster", {**Q, "turn": "opponents"}, []),
    ("turn", "monster", {"kind": "continuous", "turn": "opponents"}, ["facts-continuous-activation"]),
    ("turn", "trap", {**TRAP, "when": "attack-declared", "player": "opponent", "turn": "opponents"}, []),
    ("turn", "trap", {**TRAP, "when": "attack-declared", "player": "opponent", "turn": "yours"}, ["facts-turn-player"]),
    ("turn", "monster", {**T, "when": "attack-declared", "subject": {"card": "this-card"}, "turn": "opponents"}, ["facts-turn-player"]),
    ("player", "trap", {**TRAP, "when": "damage-taken", "player": "you"}, []),
    ("player", "monster", {**Q, "player": "you"}, ["facts-player-event"]),
    ("player", "monster", {**T, "when": "this-card-summoned", "player": "you"}, ["facts-player-event"]),
    ("player", "monster", {**T, "when": "start-of-battle-phase", "player": "opponent"}, ["facts-player-event"]),
    ("player", "trap", {**TRAP, "when": "attack-declared", "player": "you", "subject": {"controller": "opponent"}}, ["facts-player-subject"]),
    ("player", "monster", {"kind": "continuous", "player": "you"}, ["facts-continuous-activation"]),
    ("subject", "trap", {**TRAP, "when": "monster-destroyed", "subject": {"face_up": True, "type": "dinosaur", "controller": "you"}}, []),
    ("subject", "monster", {**T, "when": "this-card-leaves-field", "subject": {"face_up": True}}, []),
    ("subject", "monster", {**T, "when": "this-card-destroyed", "subject": {"card": "this-card", "controller": "you"}}, ["facts-subject-this-card"]),
    ("subject", "monster", {**T, "when": "this-card-destroyed", "subject": {"card": "monster"}}, ["facts-subject-this-card"]),
    ("subject", "monster", {**T, "when": "flipped", "subject": {"controller": "you"}}, ["facts-subject-this-card"]),
    ("subject", "trap", {**TRAP, "when": "summoned", "subject": {"card": "this-card", "type": "fiend"}}, ["facts-subject-this-card"]),
    ("subject", "monster", {**Q, "subject": {"card": "monster"}}, ["facts-subject-event"]),
    ("subject", "monster", {**T, "when": "start-of-battle-phase", "subject": {"card": "monster"}}, ["facts-subject-event"]),
    ("subject", "trap", {**TRAP, "when": "attack-declared", "subject": {"card": "spell"}}, ["facts-subject-card"]),
    ("subject", "monster", {**Q, "when": "spell-activated", "subject": {"card": "monster"}}, ["facts-subject-card"]),
    ("subject", "trap", {**TRAP, "when": "card-activated", "subject": {"card": "trap", "attribute": "dark"}}, ["facts-subject-card"]),
    ("subject", "trap", {**TRAP, "when": "card-activated", "subject": {"card": "spell", "position": "attack"}}, ["facts-subject-card"]),
    ("subject", "trap", {**TRAP, "when": "monster-destroyed", "subject": {"name": "terrorking-archfiend", "controller": "you"}}, []),
    ("subject", "trap", {**TRAP, "when": "monster-destroyed", "subject": {"name": "terrorking-archfiend", "type": "fiend"}}, ["facts-subject-name"]),
    ("subject", "trap", {**TRAP, "when": "summoned", "subject": {"series": "Six Samurai"}}, []),
    ("subject", "trap", {**TRAP, "when": "summoned", "subject": {"series": "six-samurai"}}, ["facts-series"]),
    ("subject", "trap", {**TRAP, "when": "summoned", "subject": {"series": "“Six Samurai”"}}, ["facts-series"]),
    ("move", "monster", {**T, "when": "this-card-moves", "move": "banished"}, []),
    ("move", "monster", {**T, "when": "card-moves", "move": "drawn", "player": "you"}, []),
    ("move", "monster", {**T, "when": "monster-destroyed", "move": "banished"}, ["facts-move-event"]),
    ("move", "monster", {**T, "when": "this-card-moves", "move": "leaves-field"}, ["facts-move-event"]),
    ("move", "monster", {**T, "when": "card-moves", "move": "banished", "player": "you"}, ["facts-player-event"]),
    ("move", "monster", {**T, "when": "this-card-moves", "player": "you"}, ["facts-player-event"]),
    ("move", "monster", {**T, "when": "this-card-moves", "subject": {"card": "monster"}}, ["facts-subject-this-card"]),
    ("from", "monster", {**Q, "from": ["hand"]}, []),
    ("from", "monster", {**Q, "from": ["graveyard"]}, []),
    ("from", "trap", {**TRAP, "from": ["hand"]}, []),
    ("from", "trap", {**TRAP, "from": ["graveyard"]}, ["facts-from"]),
    ("from", "spell", {"kind": "card-activation", "speed": 1, "from": ["banished"]}, ["facts-from"]),
    ("text_differs", "monster", {**Q, "text_differs": {"from": "ocg", "follows": "ocg"}}, []),
    ("text_differs", "monster", {**Q, "text_differs": {"from": "ocg", "follows": "tcg"}}, []),
    ("text_differs", "monster", {**Q, "text_differs": {"from": "ruling", "follows": "ruling", "ruling": "r"}}, []),
    ("text_differs", "monster", {**Q, "text_differs": {"from": "ruling", "follows": "ruling"}}, ["facts-text-differs"]),
    ("text_differs", "monster", {**Q, "text_differs": {"from": "ocg", "follows": "ruling", "ruling": "r"}}, ["facts-text-differs"]),
    ("kind", "trap", {"kind": "quick", "speed": 2, "turn": "opponents"}, []),
    ("kind", "spell", {"kind": "ignition", "speed": 1}, []),
    ("kind", "spell", {"kind": "quick", "speed": 2}, ["facts-effect-kind"]),
]


@pytest.mark.parametrize("field,card_type,effect,codes", FACT_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(FACT_CASES)])
def test_check_rejects_facts_that_contradict_each_other(field, card_type, effect, codes):
    assert _codes(card_type, effect) == codes


NEW_CODES = ["facts-continuous-activation", "facts-player-event", "facts-subject-event", "facts-subject-this-card",
             "facts-subject-card", "facts-player-subject", "facts-turn-player", "facts-subject-name", "facts-series",
             "facts-from", "facts-text-differs"]


@pytest.mark.parametrize("code", NEW_CODES)
def test_each_new_contradiction_is_a_link_error_with_its_line_and_fix(tmp_path, code):
    case = next(c for c in FACT_CASES if c[3] == [code])
    _, card_type, effect, _ = case
    import yaml
    facts = {"effects": [effect]}
    if card_type == "monster":
        facts = {"monster": ["effect"], **facts}
    else:
        facts = {"property": "normal", "effects": ([] if effect["kind"] == "card-activation" else
                                                   [{"kind": "card-activation", "speed": 2 if card_type == "trap" else 1}]) + [effect]}
    shutil.copytree(FIX, tmp_path / "kb")
    doc = {"id": "bad-facts", "passcode": "1999", "card_type": card_type, "facts": facts,
           "names": {"es": "Malo", "pt": "Mau", "it": "Cattivo", "en": "Bad"}}
    (tmp_path / "kb" / "cards" / "bad-facts.yaml").write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    _, problems = collect(tmp_path / "kb")
    mine = [p for p in problems if p.path.endswith("bad-facts.yaml")]
    assert [p.code for p in mine] == [code], [p.format() for p in mine]
    assert mine[0].severity == "error" and mine[0].line > 4 and mine[0].fix


def test_a_text_differs_ruling_must_exist(tmp_path):
    shutil.copytree(FIX, tmp_path / "kb")
    path = tmp_path / "kb" / "cards" / "differs-trap.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{from: ocg, follows: ocg}", "{from: ruling, follows: ruling, ruling: no-such-ruling}"),
                    encoding="utf-8")
    _, problems = collect(tmp_path / "kb")
    assert any("no-such-ruling" in p.message for p in problems if p.path.endswith("differs-trap.yaml"))


def test_every_new_code_is_tested_both_ways():
    for code in NEW_CODES:
        assert any(c[3] == [code] for c in FACT_CASES), code
    for field in {c[0] for c in FACT_CASES}:
        assert any(c[0] == field and c[3] == [] for c in FACT_CASES), field


# ── the patterns on the KB itself ───────────────────────────────────

OPPONENT_TURN = {"en": "only if it is your opponent's turn", "es": "solo si es el turno de tu adversario",
                 "pt": "só se for o turno do seu oponente", "it": "solo se è il turno del tuo avversario"}


@pytest.mark.parametrize("lang", ["es", "pt", "it", "en"])
def test_can_necro_gardna_start_step_says_only_in_the_opponents_turn(capsys, lang):
    assert main(["can", "necro-gardna", "start-step", "--kb", str(REAL), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\[start-step\]: " + re.escape(OPPONENT_TURN[lang]) + r"\b", out), out


def test_pattern_no_turn_no_player(real):
    for card in ("necro-gardna", "hero-barrier"):
        for timing in ("start-step", "battle-step.start", "battle-step.after-declaration", "end-step"):
            a = answer(real, card, timing)
            assert a.verdict == "only-if" and a.condition["en"].startswith("it is your opponent's turn"), (card, timing)
    for card in ("negate-attack", "magic-cylinder", "dimensional-prison"):
        assert answer(real, card, "battle-step.attack-declaration").condition["en"] == "an opponent's monster declares an attack"
    assert "your opponent activates a Spell Card" in answer(real, "maryokutai", "damage-step.start").condition["en"]
    assert answer(real, "herald-of-orange-light", "damage-step.during-damage-calculation").condition["en"].startswith("your opponent activates")
    assert answer(real, "numinous-healer", "damage-step.end").condition["en"] == "you take damage"
    assert answer(real, "michizure", "battle-step.attack-declaration").condition["en"] == "a monster is sent from the field to your GY"


def test_pattern_one_sentence_per_event_is_gone(real):
    blast = answer(real, "chthonian-blast", "damage-step.end").condition["en"]
    quake = answer(real, "seismic-shockwave", "battle-step.start").condition["en"]
    assert blast == "a face-up monster you control is destroyed and sent to the GY"
    assert quake == "a face-up Dinosaur-Type monster you control is destroyed and sent to the GY"
    reptile = answer(real, "damage-reptile", "damage-step.after-damage-calculation").condition["en"]
    assert reptile == "you take battle damage from a battle involving a Reptile-Type monster"


def test_pattern_missing_effects_now_answer(real):
    assert answer(real, "yubel", "battle-step.attack-declaration").condition["en"] == "this card is destroyed"
    end = answer(real, "yubel-terror-incarnate", "damage-step.end")
    assert end.verdict == "only-if" and "this face-up card leaves the field" in end.condition["en"]
    for card in ("apprentice-magician", "disciple-of-the-forbidden-spell"):
        assert answer(real, card, "battle-step.after-declaration").condition["en"] == "this card is Summoned"


def test_pattern_targeted_for_an_attack_after_a_replay(real):
    a = answer(real, "krebons", "battle-step.after-declaration")
    assert a.verdict == "only-if" and a.condition["en"].startswith("a replay makes the attacking monster choose")
    assert answer(real, "krebons", "damage-step.start").verdict == "no"


def test_pattern_the_negating_card_is_the_one_asked_about(real):
    # es round-2 review: «se activa una carta o un efecto que puede negar» read as if the activated card negated
    a = answer(real, "solemn-judgment", "battle-step.start")
    assert a.condition["es"] == "se activa una carta o un efecto que esta carta puede negar"
    assert a.condition["it"] == "viene attivata una carta o un effetto che questa carta può annullare"


@pytest.mark.parametrize("facts, eff", [
    ({"property": "counter"}, {"kind": "card-activation", "speed": 3, "when": "summoned", "negates_activation": False}),
    ({"monster": ["effect"]}, {"kind": "quick", "speed": 2, "when": "summoned", "player": "opponent", "changes_atk_def": True}),
    ({"property": "normal"}, {"kind": "card-activation", "speed": 2, "when": "summoned", "changes_atk_def": True}),
])
def test_what_answers_a_summon_is_not_activated_in_the_damage_step_whatever_else_it_does(facts, eff):
    from ygorules.core.activation import DAMAGE_STEP, TIMINGS, decide
    for t in DAMAGE_STEP:
        assert decide(facts, eff, t)[:2] == ("no", "no-summon-responses-in-damage-step"), t
    assert decide(facts, eff, TIMINGS[1])[0] == "only-if"  # outside the Damage Step it answers the Summon as before


def test_a_counter_trap_that_answers_an_activation_still_works_in_the_damage_step():
    from ygorules.core.activation import DAMAGE_STEP, decide
    eff = {"kind": "card-activation", "speed": 3, "when": "card-activated", "negates_activation": True}
    assert all(decide({"property": "counter"}, eff, t)[0] == "only-if" for t in DAMAGE_STEP)
