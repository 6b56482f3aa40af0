"""ygorules can: good and bad input, in every language, as text and JSON."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ygorules.core.activation import DAMAGE_STEP, TIMINGS
from ygorules.cli import main

HERE = Path(__file__).parent
FIX = str(HERE / "fixtures" / "activation-kb")
REAL = str(HERE.parent / "kb")


def run(capsys, *args):
    code = main(["can", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_issue_example_answers_in_spanish_with_its_reason(capsys):
    code, out, _ = run(capsys, "fuerza de espejo", "inicio del damage step", "--lang", "es", "--kb", REAL)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Fuerza de Espejo (mirror-force): Trampa Normal, Velocidad de Hechizo 2"
    assert lines[1] == "Comienzo del Damage Step [damage-step.start]: no"
    assert lines[2].startswith("  Razón: ") and "declaración de ataque" in lines[2]
    assert lines[3].startswith("  Regla: attack-declaration-single-chain; Fuentes: ")


def test_timing_names_in_any_language_reach_the_same_timing(capsys):
    for timing in ("antes del cálculo de daño", "before damage calculation", "damage-step.before-damage-calculation"):
        code, out, _ = run(capsys, "honest", timing, "--kb", REAL, "--json")
        assert code == 0, timing
        assert [a["timing"] for a in json.loads(out)["answers"]] == ["damage-step.before-damage-calculation"], timing


def test_a_step_name_gives_its_timings_and_the_answer_is_in_the_chosen_language(capsys):
    code, out, _ = run(capsys, "Honesto", "Etapa de Dano", "--lang", "pt", "--kb", REAL, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["card"] == "honest"
    assert [a["timing"] for a in doc["answers"]] == list(DAMAGE_STEP)
    assert [a["verdict"] for a in doc["answers"]] == ["only-if", "only-if", "no", "no", "no"]
    assert "cálculo de dano" in doc["answers"][2]["reason"]


def test_json_row_has_the_documented_keys_for_every_timing(capsys):
    code, out, _ = run(capsys, "attack-trap", "--kb", FIX, "--json", "--lang", "it")
    assert code == 0
    doc = json.loads(out)
    assert doc["card"] == "attack-trap"
    assert [a["timing"] for a in doc["answers"]] == list(TIMINGS)
    for a in doc["answers"]:
        assert {"timing", "verdict", "condition", "reason", "rule", "sources"} <= set(a)
        assert a["sources"] == [{"source": "test-article", "where": "L7"}]
    declaration = doc["answers"][2]
    assert (declaration["verdict"], declaration["rule"]) == ("only-if", "attack-declaration-single-chain")
    assert declaration["reason"] == "Consentito da attack-declaration-single-chain." and declaration["condition"] == "un mostro dichiara un attacco"


def test_text_row_by_card_name_in_another_language(capsys):
    code, out, _ = run(capsys, "counter trap pt", "--kb", FIX, "--lang", "pt")
    assert code == 0
    assert out.splitlines()[0] == "Counter Trap PT (counter-trap): Armadilha de Resposta, Spell Speed 3"
    assert sum(1 for line in out.splitlines() if line.startswith("  Motivo: ")) == 10
    assert "só se só se" not in out  # the condition follows "só se" once
    assert "só se um card ou efeito for ativado" in out


def test_unknown_card_exits_1_with_the_nearest_names(capsys):
    code, out, err = run(capsys, "trapp", "--kb", FIX)
    assert code == 1 and out == ""
    assert "nearest names:" in err and "(attack-trap)" in err and "(fast-trap)" in err
    code, out, err = run(capsys, "atack trap", "--kb", FIX)  # a misspelling of one name: taken, and said so
    assert code == 0 and out.splitlines()[0] == "taken as “Attack Trap” (you wrote “atack trap”)"
    code, out, err = run(capsys, "atack trapp", "--kb", FIX)  # two wrong letters in an 11-letter name: not taken
    assert code == 1 and out == "" and "(attack-trap)" in err
    code, out, err = run(capsys, "atack trapp x", "--kb", FIX)  # a word more is another name, not a typo
    assert code == 1 and out == "" and "(attack-trap)" in err


def test_ambiguous_card_names_both(capsys):
    code, _, err = run(capsys, "mirror", "--kb", REAL)
    assert code == 1
    assert "(mirror-force)" in err and "(mirror-wall)" in err


def test_unknown_timing_exits_1_with_suggestions(capsys):
    code, out, err = run(capsys, "fast-trap", "damage-step.strat", "--kb", FIX)
    assert code == 1 and out == ""
    assert "no timing of the Battle Phase" in err and "nearest timings: damage-step.start" in err
    code, out, err = run(capsys, "fast-trap", "main phase", "--kb", FIX)
    assert code == 1 and "no timing of the Battle Phase is named “main phase”" in err and "nearest timings:" in err


def test_an_archetype_is_not_a_card(capsys):
    code, _, err = run(capsys, "test-archetype", "--kb", FIX)
    assert code == 1 and "archetype" in err and "fast-trap" in err


def test_bad_arguments_and_help(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["can", "fast-trap", "--lang", "fr", "--kb", FIX])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        main(["can", "--help"])
    assert 'Example: ygorules can "fuerza de espejo"' in capsys.readouterr().out


def test_no_traceback_for_bad_input():
    exe = Path(sys.executable).with_name("ygorules")
    for args in (["no such card at all"], ["fast-trap", "nowhere at all"], ["fast-trap", "--kb", "/nonexistent"]):
        p = subprocess.run([str(exe), "can", *args] + ([] if "--kb" in args else ["--kb", FIX]), capture_output=True, text=True)
        assert p.returncode in (1, 2), args
        assert "Traceback" not in p.stderr and p.stderr.strip(), args


@pytest.mark.parametrize("args", [
    ("fuerza de espejo", "--lang", "es", "inicio del damage step"),
    ("--lang", "es", "fuerza de espejo", "inicio del damage step"),
    ("fuerza de espejo", "--json", "--lang", "es", "inicio del damage step"),
])
def test_the_timing_may_come_after_the_options(capsys, args):
    want_json = "--json" in args
    expected = run(capsys, "fuerza de espejo", "inicio del damage step", "--lang", "es", "--kb", REAL,
                   *(["--json"] if want_json else []))
    assert expected[0] == 0
    assert run(capsys, *args, "--kb", REAL) == expected


def test_a_third_positional_is_still_refused(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["can", "mirror-force", "--lang", "es", "damage-step.start", "extra"])
    assert exc.value.code == 2
    assert "unrecognized arguments: extra" in capsys.readouterr().err
