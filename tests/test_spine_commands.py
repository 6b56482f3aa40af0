"""check, export and new on a small complete knowledge base."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ygorules.cli import main
from ygorules.core.errors import YgoError
from ygorules.reports.export import SCHEMA_VERSION
from ygorules.core.kb import collect, load_kb

MINI = Path(__file__).parent / "fixtures" / "mini-kb"


@pytest.fixture
def kb_copy(tmp_path):
    shutil.copytree(MINI, tmp_path / "kb")
    return tmp_path / "kb"


def test_mini_kb_is_clean_and_linked():
    kb = load_kb(MINI)
    assert kb.warnings == []
    assert [c.id for c, _ in kb.cards_at("damage-step.start")] == ["mirror-force"]
    assert [r.id for r in kb.rulings_about("card", "mirror-force")] == ["test-ruling"]
    assert [e.id for e in kb.examples_about("substep", "damage-step.start")] == ["test-example"]
    assert kb.cards["mirror-force"].name("it") == ("Forza Riflessa", "it")


def test_check_exits_0_on_a_clean_kb(capsys):
    assert main(["check", "--kb", str(MINI)]) == 0
    assert "0 error(s)" in capsys.readouterr().out


def test_check_collects_every_problem_not_just_the_first(kb_copy):
    ruling = kb_copy / "rulings" / "test-ruling.yaml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("[mirror-force]", "[mirror-forse]").replace("[damage-step]", "[damage-stp]"), encoding="utf-8")
    card = kb_copy / "cards" / "mirror-force.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("card_type: trap", "card_type: trampa"), encoding="utf-8")
    _, problems = collect(kb_copy)
    codes = sorted(p.code for p in problems if p.severity == "error")
    assert codes == ["dangling-reference", "dangling-reference", "schema-enum"]
    fixes = {p.message: p.fix for p in problems}
    assert fixes["unknown term 'damage-stp'"] == "did you mean 'damage-step'?"


def test_missing_translation_is_a_warning_not_a_failure(kb_copy, capsys):
    ruling = kb_copy / "rulings" / "test-ruling.yaml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("  it: Si può?\n", ""), encoding="utf-8")
    assert main(["check", "--kb", str(kb_copy)]) == 0
    out = capsys.readouterr().out
    assert "warning: missing it translation of question" in out


def test_orders_must_be_contiguous_and_substeps_listed(kb_copy):
    sub = kb_copy / "substeps" / "damage-step.end.yaml"
    sub.write_text(sub.read_text(encoding="utf-8").replace("order: 2", "order: 3"), encoding="utf-8")
    step = kb_copy / "steps" / "damage-step.yaml"
    step.write_text(step.read_text(encoding="utf-8").replace("substeps: [damage-step.start, damage-step.end]", "substeps: [damage-step.start]"), encoding="utf-8")
    _, problems = collect(kb_copy)
    assert sorted(p.code for p in problems) == ["orphan-substep"]
    step.write_text(step.read_text(encoding="utf-8").replace("substeps: [damage-step.start]", "substeps: [damage-step.start, damage-step.end]"), encoding="utf-8")
    _, problems = collect(kb_copy)
    assert [p.code for p in problems] == ["order"]


def test_unknown_folder_and_misplaced_file_are_reported(kb_copy):
    (kb_copy / "card").mkdir()
    (kb_copy / "notes.yaml").write_text("a: b\n", encoding="utf-8")
    _, problems = collect(kb_copy)
    assert sorted((p.code, p.fix) for p in problems)[0] == ("misplaced-file", "move it into the folder of its kind (sources, phases, steps, substeps, schemes, cards, terms, rulings, examples, unidentified, damage, rules)")
    assert ("unknown-folder", "did you mean 'cards'?") in [(p.code, p.fix) for p in problems]


def test_load_kb_raises_the_documented_error(kb_copy):
    (kb_copy / "cards" / "mirror-force.yaml").write_text("id: mirror-force\n", encoding="utf-8")
    with pytest.raises(YgoError) as info:
        load_kb(kb_copy)
    assert info.value.problems and info.value.exit_code == 1


def test_export_is_one_json_document_with_schema_version(tmp_path):
    out = tmp_path / "kb.json"
    assert main(["export", "--kb", str(MINI), "-o", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["schema_version"] == SCHEMA_VERSION
    assert doc["cards"]["mirror-force"]["names"]["pt"] == "Força do Espelho"
    assert doc["links"]["substeps"]["damage-step.start"]["cards"] == [{"id": "mirror-force", "role": "cannot-activate"}]
    assert doc["links"]["cards"]["mirror-force"] == {"rulings": ["test-ruling"], "examples": ["test-example"]}
    assert doc["languages"] == ["es", "pt", "it", "en"]


@pytest.mark.parametrize("kind, name", [("ruling", "Honest in the Damage Step"), ("term", "Chain Link"),
                                        ("example", "Lily and Rising Energy"), ("source", "Rulebook 9.1 pt"),
                                        ("substep", "damage-step.Middle"), ("unidentified", "Carta Rara")])
def test_new_entry_fails_check_until_its_blanks_are_filled(kb_copy, kind, name):
    proc = subprocess.run([sys.executable, "-m", "ygorules", "new", kind, name, "--kb", str(kb_copy)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "fill in these blanks" in proc.stdout
    blanks = [l.strip()[2:] for l in proc.stdout.splitlines() if l.startswith("  - ")]
    assert blanks
    _, problems = collect(kb_copy)
    errors = [p for p in problems if p.severity == "error"]
    assert errors and all(p.path.endswith(".yaml") for p in errors)


def test_new_refuses_to_overwrite_and_unknown_kinds(kb_copy, capsys):
    assert main(["new", "card", "Mirror Force", "--kb", str(kb_copy)]) == 1
    assert main(["new", "crad", "X", "--kb", str(kb_copy)]) == 2
    assert "did you mean 'card'" in capsys.readouterr().err


def test_every_command_has_help_with_an_example():
    from ygorules.cli import _command_names
    import importlib
    for name in _command_names():
        mod = importlib.import_module(f"ygorules.commands.{name}")
        assert mod.HELP.strip() and mod.EXAMPLE.startswith("ygorules "), name
        proc = subprocess.run([sys.executable, "-m", "ygorules", name, "--help"], capture_output=True, text=True)
        assert proc.returncode == 0 and "Example: ygorules" in proc.stdout, name
