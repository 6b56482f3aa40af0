"""bench/matrix_diff.py: how many activation answers moved between two exports, by pattern."""
import importlib.util
import json
from pathlib import Path

import pytest
from ygorules.core.activation import TIMINGS

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("matrix_diff", ROOT / "bench" / "matrix_diff.py")
matrix_diff = importlib.util.module_from_spec(spec)
spec.loader.exec_module(matrix_diff)


def _a(timing, verdict, condition=None, rule="r"):
    return {"timing": timing, "verdict": verdict, "condition": {"en": condition, "es": condition} if condition else None,
            "reason": {"en": "x"}, "rule": rule, "sources": [], "acts": False}


def _export(tmp_path, name, cards):
    doc = {"schema_version": 1, "activation": {"timings": list(TIMINGS), "cards": cards}}
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


@pytest.fixture()
def files(tmp_path):
    t0, t1, t2, t3 = TIMINGS[:4]
    before = _export(tmp_path, "before.json", {
        "a": [_a(t0, "yes"), _a(t1, "no"), _a(t2, "only-if", "a monster declares an attack"), _a(t3, "no", rule="r1")],
        "gone": [_a(t0, "yes")]})
    after = _export(tmp_path, "after.json", {
        "a": [_a(t0, "only-if", "it is your opponent's turn"), _a(t1, "only-if", "this card is Summoned"),
              _a(t2, "only-if", "an opponent's monster declares an attack"), _a(t3, "no", rule="r2")],
        "new": [_a(t0, "no")]})
    return before, after


def test_counts_each_pattern(files, capsys):
    assert matrix_diff.main(list(files)) == 0
    out = capsys.readouterr().out
    lines = dict(line.rsplit(None, 1) for line in out.splitlines() if not line.startswith("cards only"))
    assert {k.strip(): int(v) for k, v in lines.items()} == {
        "yes→only if": 1, "no→only if": 1, "only if→only if (condition)": 1, "same verdict (rule)": 1, "answers compared": 4}
    assert "cards only before: 1 gone" in out and "cards only after: 1 new" in out


def test_lists_the_rows_of_one_pattern_and_prints_json(files, capsys):
    assert matrix_diff.main([*files, "--list", "yes→only if"]) == 0
    assert capsys.readouterr().out == f"a\t{TIMINGS[0]}\tyes [r]\t→\tonly if it is your opponent's turn [r]\n"
    assert matrix_diff.main([*files, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["patterns"]["no→only if"] == 1 and doc["total"] == 4 and "unchanged" not in doc["rows"]
    assert matrix_diff.main([*files, "--list", "no→yes"]) == 1
    assert "patterns:" in capsys.readouterr().err


def test_a_file_that_is_not_an_export_is_a_clear_error(tmp_path, files):
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        matrix_diff.main([str(bad), files[1]])
    assert "no activation matrix" in str(exc.value) and "ygorules export" in str(exc.value)
    with pytest.raises(SystemExit) as exc:
        matrix_diff.main([str(tmp_path / "missing.json"), files[1]])
    assert "cannot read it as JSON" in str(exc.value)
