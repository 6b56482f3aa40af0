"""One behavioural test per error code of the link pass and of the per-file checks.

Each folder of tests/fixtures/link/ holds a ``case.yaml``: a recipe that, applied to a copy of
tests/fixtures/mini-kb (a clean KB), makes exactly one violation, and the problem the check must
report for it (code, file, line, severity, and where it matters the fix). The folder's name is the
code (a suffix after a dot names the variant). A recipe may ``copy`` a file (with one change),
``edit`` files (replace one text by another) and ``delete`` files. Every ``old`` text of a recipe must occur exactly
once, so a recipe cannot silently stop applying when mini-kb changes.
"""
import os
import shutil
from pathlib import Path

import pytest
import yaml

from ygorules.core import kb as kb_module
from ygorules.cli import main
from ygorules.core.kb import collect

HERE = Path(__file__).parent
MINI = HERE / "fixtures" / "mini-kb"
CASES = sorted((HERE / "fixtures" / "link").glob("*/case.yaml"))


def _apply(recipe: dict, root: Path) -> None:
    for name in recipe.get("delete", []):
        (root / name).unlink()
    for step in recipe.get("copy", []):
        target = root / step["to"]
        target.parent.mkdir(parents=True, exist_ok=True)
        text = (root / step["from"]).read_text(encoding="utf-8")
        if "old" in step:
            assert text.count(step["old"]) == 1, step
            text = text.replace(step["old"], step["new"])
        target.write_text(text, encoding="utf-8")
    for step in recipe.get("edit", []):
        path = root / step["file"]
        text = path.read_text(encoding="utf-8")
        assert text.count(step["old"]) == 1, (step, text)
        path.write_text(text.replace(step["old"], step["new"]), encoding="utf-8")


@pytest.fixture
def make_kb(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))

    def make(case: Path | None = None) -> tuple[Path, dict]:
        root = tmp_path / "kb"
        shutil.copytree(MINI, root)
        recipe = yaml.safe_load(case.read_text(encoding="utf-8")) if case else {}
        _apply(recipe, root)
        return root, recipe.get("expect", {})

    return make


def test_the_base_kb_is_clean(make_kb):
    root, _ = make_kb()
    assert collect(root)[1] == []


def test_every_code_has_a_case():
    codes = {case.parent.name.split(".")[0] for case in CASES}
    assert codes >= {"dangling-reference", "order", "orphan-substep", "substep-step", "link", "id-filename", "unknown-folder",
                     "nested-folder", "not-yaml", "misplaced-file", "absent-reason", "name-not-variant", "duplicate-spelling",
                     "spelling-is-official", "archetype-passcode", "passcode", "duplicate-case", "history-until", "source-url",
                     "source-extent", "citation-extent", "locales-order", "avoided-term", "missing-translation"}


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.parent.name)
def test_one_violation_gives_exactly_its_problem(make_kb, case, capsys):
    root, want = make_kb(case)
    assert want["code"] == case.parent.name.split(".")[0]
    problems = collect(root)[1]
    assert [(p.code, p.severity) for p in problems] == [(want["code"], want["severity"])], [p.format() for p in problems]
    problem = problems[0]
    assert problem.path == f"{os.path.relpath(root)}/{want['file']}"
    assert problem.line == want["line"], problem.format()
    assert problem.col == want.get("col", problem.col) >= 1 and problem.message and problem.fix
    if "message" in want:
        assert problem.message == want["message"]
    if "fix" in want:
        assert problem.fix.startswith(want["fix"]), problem.fix
    # the same through the command line (the cache's answers are tested in test_check_cache_and_fast_path.py)
    code = main(["check", "--kb", str(root)])
    out, err = capsys.readouterr()
    assert code == (1 if want["severity"] == "error" else 0)
    assert f"{want['file']}:{want['line']}:" in out


def test_a_warning_fails_the_check_only_with_strict_terms(make_kb, capsys):
    root, _ = make_kb(HERE / "fixtures" / "link" / "avoided-term" / "case.yaml")
    assert main(["check", "--kb", str(root)]) == 0
    assert main(["check", "--kb", str(root), "--strict-terms"]) == 1
    assert "error(s)" in capsys.readouterr().err


def test_a_second_entry_with_the_same_id_is_reported(make_kb, monkeypatch):
    """On a case-insensitive file system two files can give one id; simulate it by listing a file twice."""
    root, _ = make_kb()
    real = kb_module.discover

    def twice(r):
        files, problems = real(r)
        card = next(f for f in files if f[0] == "card")
        return files + [card], problems

    monkeypatch.setattr(kb_module, "discover", twice)
    problems = collect(root)[1]
    assert [(p.code, p.severity, Path(p.path).name) for p in problems] == [("duplicate-id", "error", "mirror-force.yaml")]


def test_a_missing_kb_folder_is_a_usage_error(tmp_path, capsys):
    assert main(["check", "--kb", str(tmp_path / "nowhere")]) == 2
    assert "no such knowledge-base folder" in capsys.readouterr().err
