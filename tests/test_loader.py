"""The strict loader: what it accepts, what it rejects (with line and column), and that it never builds objects from tags."""
import pytest

from ygorules.core.loader import MAX_DEPTH, LoadError, load_bytes, parse


def _code(text: str) -> tuple[str, int, int]:
    with pytest.raises(LoadError) as info:
        load_bytes(text.encode("utf-8") if isinstance(text, str) else text, "t.yaml")
    p = info.value.problem
    return p.code, p.line, p.col


@pytest.mark.parametrize("text, code, line, col", [
    ("a: yes\n", "yaml11-bool", 1, 4),
    ("a: Off\n", "yaml11-bool", 1, 4),
    ("no: 1\n", "yaml11-bool", 1, 1),
    ("a: 0123\n", "ambiguous-number", 1, 4),
    ("a: 1_000\n", "ambiguous-number", 1, 4),
    ("a: 1:20\n", "ambiguous-number", 1, 4),
    ("a: 0x1F\n", "ambiguous-number", 1, 4),
    ("a: .inf\n", "special-float", 1, 4),
    ("a: 1e3\n", "ambiguous-number", 1, 4),
    ("a: .5\n", "ambiguous-number", 1, 4),
    ("a: 1\nb:\n  c: 2\n  c: 3\n", "duplicate-key", 4, 3),
    ("a: &x 1\n", "anchor", 1, 4),
    ("a: !!str 1\n", "tag", 1, 4),
    ("a: !custom x\n", "tag", 1, 4),
    ("<<: {a: 1}\n", "merge-key", 1, 1),
    ("a: 1\n---\na: 2\n", "multi-document", 2, 1),
    ("a:\n\t- b\n", "tab", 2, 1),
    ("a: b\x07\n", "control-char", 1, 5),
    ("\ufeffa: 1\n", "bom", 1, 1),
    ("a: \"unclosed\n", "yaml-syntax", 2, 1),
    ("? [a]\n: 1\n", "complex-key", 1, 3),
    ("1: a\n", "non-string-key", 1, 1),
    ("a: Cafe\u0301\n", "not-nfc", 1, 7),
    ("   \n", "empty-file", 1, 1),
])
def test_rejects_with_position(text, code, line, col):
    assert _code(text) == (code, line, col)


def test_rejects_latin1_at_the_first_bad_byte():
    assert _code("a: ok\nb: Força\n".encode("latin-1")) == ("not-utf8", 2, 7)


def test_rejects_deep_nesting():
    assert _code("a: " + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "\n")[0] == "too-deep"


def test_duplicate_key_names_both_lines():
    with pytest.raises(LoadError) as info:
        load_bytes(b"id: x\nname: a\nother: 1\nname: b\n", "t.yaml")
    assert "first at line 2" in info.value.problem.message and "lines 2 and 4" in info.value.problem.fix


@pytest.mark.parametrize("text, value", [
    ("a: true\n", True), ("a: false\n", False), ("a: null\n", None), ("a: ~\n", None), ("a:\n", None),
    ("a: 12\n", 12), ("a: -3\n", -3), ("a: 1.5\n", 1.5), ("a: 1.10\n", 1.1), ("a: '1.10'\n", "1.10"),
    ("a: 2009-05-01\n", "2009-05-01"), ("a: '44095762'\n", "44095762"), ("a: 'no'\n", "no"),
    ("a: \"yes\"\n", "yes"), ("a: Fuerza de Espejo\n", "Fuerza de Espejo"), ("a: |\n  two\n  lines\n", "two\nlines\n"),
    ("a: 0\n", 0), ("a: NULL\n", None), ("a: \"tab\\there\"\n", "tab\there"),
])
def test_scalars_read_as_yaml_1_2_does(text, value):
    assert parse(text, "t").data == {"a": value}


def test_positions_of_values_and_keys():
    doc = parse("id: x\nnames:\n  es: Uno\nlist:\n  - a\n  - {b: c}\n", "t")
    assert doc.where(("names", "es")) == (3, 7)
    assert doc.where(("names", "es"), key=True) == (3, 3)
    assert doc.where(("list", 1, "b")) == (6, 9)
    assert doc.where(("names", "missing")) == (3, 3)  # falls back to the nearest ancestor


def test_never_constructs_python_objects(tmp_path):
    marker = tmp_path / "pwned"
    text = f"a: !!python/object/apply:os.system ['touch {marker}']\n"
    with pytest.raises(LoadError):
        parse(text, "t")
    assert not marker.exists()


# ── which files are read: the one walker over kb/ ───────────────────────────

def test_check_and_fmt_list_the_files_of_kb_through_the_same_walker(mini_kb):
    """Hidden names are skipped at every depth by both; a .yml file is a problem for the check and never formatted."""
    from pathlib import Path

    from ygorules.core.kb import discover
    from ygorules.edit.fmt import files_under
    (mini_kb / "cards" / ".draft.yaml").write_text("id: draft\n", encoding="utf-8")
    (mini_kb / ".git").mkdir()
    (mini_kb / ".git" / "x.yaml").write_text("a: 1\n", encoding="utf-8")
    (mini_kb / "cards" / "extra.yml").write_text("id: extra\n", encoding="utf-8")
    files, problems = discover(mini_kb)
    checked = [Path(p) for _, p in files]
    formatted = files_under([mini_kb])
    assert formatted == sorted(formatted, key=lambda p: p.relative_to(mini_kb).parts)
    assert [p for p in formatted if p.name != "locales.yaml"] == checked
    assert not [p for p in formatted if any(part.startswith(".") for part in p.relative_to(mini_kb).parts)]
    assert [(Path(p.path).name, p.code, p.fix) for p in problems] == [("extra.yml", "not-yaml", "rename it to extra.yaml")]
