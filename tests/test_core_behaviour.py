"""Behaviour of the core's small parts that the per-code tests do not pin down: how problems are
printed and exported, the documented exit codes, atomic writes, the id hints, page ranges."""
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from ygorules.core import fsutil
from ygorules.cli import main
from ygorules.core.errors import Problem, YgoError
from ygorules.core.extents import Extent, Extents
from ygorules.core.kb import collect, discover
from ygorules.core.link import closest



@pytest.fixture
def kb(mini_kb):
    return mini_kb


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


# ── what `ygorules check` prints ────────────────────────────────────────────

def test_errors_and_warnings_are_printed_as_path_line_col_message_and_fix(kb, capsys):
    _edit(kb / "cards" / "mirror-force.yaml", "card_type: trap", "card_type: trampa")
    _edit(kb / "rulings" / "test-ruling.yaml", "  it: Un caso\n", "")
    assert main(["check", "--kb", str(kb)]) == 1
    out, err = capsys.readouterr()
    shown = os.path.relpath(kb)
    lines = out.splitlines()
    assert lines[0].startswith(f"{shown}/cards/mirror-force.yaml:4:12: card_type: 'trampa' is not an allowed value → did you mean 'trap'? ")
    assert lines[1] == (f"{shown}/rulings/test-ruling.yaml:4:3: warning: missing it translation of title → "
                        "add `it:` with the text in that language (`ygorules status` lists every gap)")
    assert err.strip() == "FAILED: 12 entries checked, 1 error(s), 1 warning(s)"  # the invalid card is not an entry


def test_a_problem_without_a_fix_has_no_arrow():
    assert Problem("kb/x.yaml", 2, 3, "something is wrong").format() == "kb/x.yaml:2:3: something is wrong"
    assert Problem("kb/x.yaml", 2, 3, "odd", "do this", "warning").format() == "kb/x.yaml:2:3: warning: odd → do this"


def test_json_output_lists_every_field_of_every_problem(kb, capsys):
    _edit(kb / "steps" / "damage-step.yaml", "where: L1", "where: L401")
    assert main(["check", "--kb", str(kb), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert {k: report[k] for k in ("ok", "entries", "errors", "warnings")} == {"ok": False, "entries": 13, "errors": 1, "warnings": 0}
    assert report["problems"] == [{
        "path": f"{os.path.relpath(kb)}/steps/damage-step.yaml", "line": 18, "col": 14, "severity": "error",
        "code": "citation-extent", "message": "line 401 is beyond the 400 lines of source 'test-article'",
        "fix": "cite lines 1 to 400 (kb/sources/test-article.yaml records the extent)"}]


def test_a_clean_kb_prints_ok_on_stdout(kb, capsys):
    assert main(["check", "--kb", str(kb)]) == 0
    assert capsys.readouterr().out.strip() == "ok: 13 entries checked, 0 error(s), 0 warning(s)"


def test_documented_errors_exit_1_unless_they_say_otherwise():
    assert YgoError("bad input").exit_code == 1 and YgoError("bad input").problems == []
    assert YgoError("usage", exit_code=2).exit_code == 2


# ── discovery ───────────────────────────────────────────────────────────────

def test_hidden_files_and_the_folder_readme_are_not_entries(kb):
    (kb / "README.md").write_text("about this folder\n", encoding="utf-8")
    (kb / ".git").mkdir()
    (kb / "cards" / ".mirror-force.yaml.swp").write_text("editor state", encoding="utf-8")
    (kb / "cards" / ".drafts").mkdir()
    files, problems = discover(kb)
    assert problems == [] and len(files) == 13  # the 13 entries of mini-kb (locales.yaml is not one)
    assert collect(kb)[1] == []


# ── atomic writes ───────────────────────────────────────────────────────────

def test_an_atomic_write_creates_missing_folders(tmp_path):
    fsutil.write_atomic(tmp_path / "a" / "b" / "c.txt", "déjà")
    assert (tmp_path / "a" / "b" / "c.txt").read_bytes() == "déjà".encode("utf-8")


def test_the_temporary_file_is_hidden_and_beside_the_target(tmp_path, monkeypatch):
    """Renaming within one folder is atomic; a dot name keeps a concurrent `ygorules check` from seeing it."""
    seen = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst: seen.append((Path(src), Path(dst))) or real(src, dst))
    target = tmp_path / "cards" / "x.yaml"
    fsutil.write_atomic(target, "id: x\n")
    (src, dst), = seen
    assert src.parent == target.parent and src.name.startswith(".x.yaml.") and dst == target


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "t.txt"
    target.write_text("old", encoding="utf-8")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        fsutil.write_atomic(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["t.txt"] and target.read_text(encoding="utf-8") == "old"


def test_the_umask_is_read_without_being_changed():
    old = os.umask(0o027)
    try:
        assert fsutil.umask() == 0o027
        assert fsutil.umask() == 0o027
    finally:
        os.umask(old)


def test_a_new_file_follows_a_strict_umask(tmp_path):
    old = os.umask(0o077)
    try:
        fsutil.write_atomic(tmp_path / "private.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "private.txt").stat().st_mode) == 0o600


# ── hints and ranges ────────────────────────────────────────────────────────

def test_an_unknown_id_gets_up_to_three_close_ids_joined_by_or():
    options = ["damage-step.start", "damage-step.end", "damage-step.star", "damage-step.stars", "end-step"]
    assert closest("damage-step.stat", options) == "did you mean 'damage-step.start' or 'damage-step.star' or 'damage-step.stars'?"
    assert closest("mirror-force", []) == "no existing id is close; create the entry first (`ygorules new`) or fix the id"
    assert closest("xyz", ["damage-step"]).startswith("no existing id is close")


def test_page_ranges_with_an_en_dash_are_checked_like_hyphens():
    e = Extents("k", Path("."), {"book": Extent("pages", 60)})
    assert e.problem("book", "pp. 36–34") == ("the range 'pp. 36–34' runs backwards", "write the smaller page first")
    assert e.problem("book", "pp. 34–36") is None
    assert e.problem("book", "pp. 34–61")[0] == "page 61 is beyond the 60 pages of source 'book'"


# ── which kb/, and the rest of the passes ───────────────────────────────────

def test_the_kb_is_ygorules_kb_then_the_local_kb_then_the_projects(tmp_path, monkeypatch):
    from ygorules.core import kb as kb_module
    monkeypatch.setenv("YGORULES_KB", str(tmp_path / "elsewhere"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kb").mkdir()
    assert kb_module.default_kb() == tmp_path / "elsewhere"
    monkeypatch.delenv("YGORULES_KB")
    assert kb_module.default_kb() == Path("kb")
    (tmp_path / "kb").rmdir()
    assert kb_module.default_kb() == kb_module.PROJECT_KB


def test_layout_problems_name_the_fix(kb):
    (kb / "zzz").mkdir()
    (kb / "zzz" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    (kb / "cards" / "extra.YAML").write_text("id: extra\n", encoding="utf-8")
    (kb / "cards" / "extra.txt").write_text("id: extra\n", encoding="utf-8")
    fixes = {(Path(p.path).name, p.code): p.fix for p in discover(kb)[1]}
    assert fixes == {("zzz", "unknown-folder"): "folders are: sources, phases, steps, substeps, schemes, cards, terms, rulings, "
                                                 "examples, unidentified, damage, rules",
                     ("extra.YAML", "not-yaml"): "rename it to extra.yaml",
                     ("extra.txt", "not-yaml"): "keep only .yaml entries here"}


def test_load_kb_raises_on_errors_only_and_lists_them_sorted(kb):
    from ygorules.core.kb import load_kb
    _edit(kb / "rulings" / "test-ruling.yaml", "  it: Un caso\n", "")  # a warning only
    loaded = load_kb(kb)
    assert [p.code for p in loaded.warnings] == ["missing-translation"] and loaded.checked == 13
    assert set(loaded.cards) == {"mirror-force"} and set(loaded.substeps) == {"damage-step.start", "damage-step.end"}
    _edit(kb / "steps" / "damage-step.yaml", "order: 2", "order: 3")
    _edit(kb / "cards" / "mirror-force.yaml", "card_type: trap", "card_type: trampa")
    with pytest.raises(YgoError) as exc:
        load_kb(kb)
    assert [(Path(p.path).name, p.code) for p in exc.value.problems] == [("mirror-force.yaml", "schema-enum"), ("damage-step.yaml", "order")]
    assert str(exc.value).startswith("2 problem(s) in ")


def test_steps_cached_without_their_files_being_read_still_take_part_in_the_link_pass(kb):
    """check does not rebuild unchanged entries, but keeps the phase, steps and substeps: the order checks need them."""
    past = __import__("time").time() - 60
    for f in kb.rglob("*.yaml"):
        os.utime(f, (past, past))
    assert collect(kb, cache=True, need_model=False)[1] == []
    kb2, _ = collect(kb, cache=True, need_model=False)
    assert set(kb2.steps) == {"start-step", "damage-step"} and kb2.cards == {}
    _edit(kb / "phases" / "battle-phase.yaml", "steps: [start-step, damage-step]", "steps: [damage-step, start-step]")
    problems = collect(kb, cache=True, need_model=False)[1]
    assert sorted((Path(p.path).name, p.code, p.line) for p in problems) == [("damage-step.yaml", "order", 4), ("start-step.yaml", "order", 4)]


def test_a_broken_or_invalid_locales_file_is_reported(kb):
    locales = kb / "locales.yaml"
    locales.write_text("languages: [\n", encoding="utf-8")
    assert [(Path(p.path).name, p.code, p.line) for p in collect(kb)[1]] == [("locales.yaml", "yaml-syntax", 2)]
    locales.write_text("languages:\n  - code: es\n", encoding="utf-8")
    assert sorted((Path(p.path).name, p.code) for p in collect(kb)[1]) == [("locales.yaml", "schema-min-items"), ("locales.yaml", "schema-required")]


# ── where the check cache lives ─────────────────────────────────────────────

def test_the_cache_folder_is_ygorules_cache_then_xdg_then_home(tmp_path, monkeypatch):
    from ygorules.core.cache import cache_folder

    def cache_dir():
        return Path(cache_folder())
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("YGORULES_CACHE")
    assert cache_dir() == tmp_path / "xdg" / "ygorules"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == tmp_path / "home" / ".cache" / "ygorules"


def test_each_kb_folder_keeps_its_own_cache(kb, tmp_path, monkeypatch):
    """Checking another kb/ in between does not throw away the first one's cache."""
    other = tmp_path / "other"
    shutil.copytree(kb, other)
    past = __import__("time").time() - 60
    for f in [*kb.rglob("*.yaml"), *other.rglob("*.yaml")]:
        os.utime(f, (past, past))
    collect(kb, cache=True, need_model=False)
    collect(other, cache=True, need_model=False)
    assert len(list((tmp_path / "cache").glob("check-*.marshal"))) == 2
    read = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or real(self))
    assert collect(kb, cache=True, need_model=False)[1] == []
    assert not [p for p in read if p.parent.name in ("cards", "rulings", "steps")], read


def test_a_text_missing_several_languages_names_them_all(kb):
    _edit(kb / "rulings" / "test-ruling.yaml", "  pt: Um caso\n  it: Un caso\n", "")
    problems = collect(kb)[1]
    assert [(p.code, p.message) for p in problems] == [("missing-translation", "missing pt, it translation of title")]


def test_an_earlier_rule_with_until_is_clean(kb):
    _edit(kb / "rulings" / "test-ruling.yaml", "  sources: [test-article]\n",
          "  sources: [test-article]\n  status: history\n  until:\n    when: '2014'\n    sources: [test-article]\n")
    assert collect(kb)[1] == []


def test_an_archetype_without_a_passcode_and_a_card_with_two_spellings_are_clean(kb):
    _edit(kb / "cards" / "mirror-force.yaml", "    where: L3\n",
          "    where: L3\n  - text: Fuerza del Espejo\n    lang: es\n    kind: misspelling\n    source: test-article\n    where: L4\n")
    assert collect(kb)[1] == []
    _edit(kb / "cards" / "mirror-force.yaml", "passcode: '44095762'\ncard_type: trap", "passcode: null\ncard_type: archetype")
    assert [p.format() for p in collect(kb)[1]] == []


def test_a_source_with_a_url_only_is_clean(kb):
    _edit(kb / "sources" / "test-article.yaml", "no_url: not-recorded\n", "url: https://example.org/article\n")
    assert collect(kb)[1] == []


def test_broken_source_files_do_not_stop_the_citation_checks(kb):
    """Extents are read from every readable source: a broken one before it (by name) changes nothing."""
    (kb / "sources" / "a-broken.yaml").write_text("id: [a-broken\n", encoding="utf-8")
    (kb / "sources" / "a-no-locator.yaml").write_text("id: a-no-locator\n", encoding="utf-8")
    _edit(kb / "steps" / "damage-step.yaml", "where: L1", "where: L401")
    problems = collect(kb)[1]
    assert ("damage-step.yaml", "citation-extent", 18) in [(Path(p.path).name, p.code, p.line) for p in problems]
    assert {Path(p.path).name for p in problems} == {"a-broken.yaml", "a-no-locator.yaml", "damage-step.yaml"}


def test_lists_of_lines_are_not_ranges_and_every_range_is_checked():
    e = Extents("k", Path("."), {"art": Extent("lines", 100)})
    assert e.problem("art", "L20, L12") is None  # two lines, in any order
    assert e.problem("art", "L5-L5") is None  # a one-line range
    assert e.problem("art", "L1-L5, L9-L7") == ("the range 'L1-L5, L9-L7' runs backwards", "write the smaller line first")


def test_the_longest_avoided_form_is_the_one_reported_and_a_broken_term_file_is_skipped(kb):
    """Two avoided forms where one contains the other: the message names the longer one; a broken term file before it changes nothing."""
    _edit(kb / "terms" / "damage-step.yaml", "    status: community\n    sources: [test-article]\n",
          "    status: community\n    sources: [test-article]\n    avoid: true\n"
          "  - text: Paso\n    lang: es\n    status: community\n    sources: [test-article]\n    avoid: true\n")
    (kb / "terms" / "a-broken.yaml").write_text("id: [a-broken\n", encoding="utf-8")
    _edit(kb / "rulings" / "test-ruling.yaml", "  es: ¿Se puede?", "  es: ¿Se puede en el paso de daño?")
    hits = [p.message for p in collect(kb)[1] if p.code == "avoided-term" and p.path.endswith("test-ruling.yaml")]
    assert hits == ["'paso de daño' in question.es (character 17) is a form the glossary avoids in es"]
