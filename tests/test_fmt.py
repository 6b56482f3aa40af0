import shutil
import unicodedata
from pathlib import Path

import pytest

from ygorules.edit import fmt
from ygorules.cli import main
from ygorules.core.loader import load_file

FIXTURE = Path(__file__).parent / "fixtures" / "contrib-kb"
MODELINE = "# yaml-language-server: $schema=../../schema/card.schema.json\n"

SHUFFLED = """\
passcode: '44095762'  # printed on the card
card_type: trap
id: mirror-force
names:
    pt: Força do Espelho
    es: Fuerza de Espejo
    it: ~
    en: Mirror Force
absent: {it: never-printed}
timings:
- sources: [rulebook-es-battle-phase]
  note: {en: It is activated., es: Se activa.}
  substep: damage-step.before-damage-calculation
  role: activates"""

CANONICAL = MODELINE + """\
id: mirror-force
passcode: '44095762'  # printed on the card
card_type: trap
names:
  es: Fuerza de Espejo
  pt: Força do Espelho
  it: null
  en: Mirror Force
absent: {it: never-printed}
timings:
  - substep: damage-step.before-damage-calculation
    role: activates
    note: {es: Se activa., en: It is activated.}
    sources: [rulebook-es-battle-phase]
"""


@pytest.fixture
def kb(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE, root)
    return root


def _card(kb, text, name="mirror-force.yaml"):
    path = kb / "cards" / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_fixture_kb_is_already_canonical(kb):
    assert main(["fmt", "--check", str(kb)]) == 0


def test_fmt_puts_keys_in_schema_order_and_languages_in_order(kb):
    path = _card(kb, SHUFFLED)
    result = fmt.format_file(path)
    assert result.text == CANONICAL
    assert result.changes == ["final newline", "key order", "language order", "modeline added"]


def test_fmt_keeps_every_value_and_comment(kb):
    path = _card(kb, SHUFFLED)
    assert main(["fmt", str(path)]) == 0
    out = path.read_text(encoding="utf-8")
    assert "# printed on the card" in out
    assert load_file(path).data == fmt.parse(SHUFFLED, "x").data


def test_fmt_is_idempotent(kb):
    path = _card(kb, SHUFFLED)
    main(["fmt", str(path)])
    once = path.read_bytes()
    assert main(["fmt", "--check", str(path)]) == 0
    main(["fmt", str(path)])
    assert path.read_bytes() == once


def test_fmt_check_lists_the_file_and_changes_nothing(kb, capsys):
    path = _card(kb, SHUFFLED)
    assert main(["fmt", "--check", str(kb)]) == 1
    out = capsys.readouterr()
    assert f"would reformat {path} (final newline, key order, language order, modeline added)" in out.out
    assert "run `ygorules fmt` (without --check)" in out.err
    assert path.read_text(encoding="utf-8") == SHUFFLED


def test_fmt_normalizes_unicode_to_nfc(kb):
    decomposed = unicodedata.normalize("NFD", CANONICAL)
    assert decomposed != CANONICAL
    path = _card(kb, decomposed)
    result = fmt.format_file(path)
    assert result.text == CANONICAL and result.changes == ["Unicode NFC"]


def test_fmt_removes_a_byte_order_mark(kb):
    path = _card(kb, "\ufeff" + CANONICAL)
    result = fmt.format_file(path)
    assert result.text == CANONICAL and result.changes == ["byte order mark removed"]


def test_fmt_writes_unix_line_ends(kb):
    path = _card(kb, CANONICAL.replace("\n", "\r\n"))
    result = fmt.format_file(path)
    assert result.text == CANONICAL and result.changes == ["line ends"]


def test_fmt_reindents_to_two_spaces_and_writes_null(kb):
    path = _card(kb, CANONICAL.replace("  it: null", "  it:").replace("\n  ", "\n    "))
    result = fmt.format_file(path)
    assert result.text == CANONICAL and result.changes == ["layout"]


def test_fmt_fixes_a_modeline_that_names_another_schema(kb):
    path = _card(kb, CANONICAL.replace("card.schema.json", "term.schema.json"))
    result = fmt.format_file(path)
    assert result.text == CANONICAL and result.changes == ["modeline fixed"]


def test_fmt_orders_the_locales_file_and_gives_it_its_modeline(kb):
    path = kb / "locales.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.split("\n", 1)[1].replace("    name: Español\n    english_name: Spanish", "    english_name: Spanish\n    name: Español"), encoding="utf-8")
    rest = text.split("\n", 1)[1]
    assert fmt.format_file(path).text == fmt.modeline("locales") + "\n" + rest
    assert fmt.modeline("locales") == "# yaml-language-server: $schema=../schema/locales.schema.json"


def test_fmt_leaves_a_file_the_strict_loader_rejects_alone(kb, capsys):
    bad = CANONICAL.replace("card_type: trap", "card_type: trap\nofficial: yes")
    path = _card(kb, bad)
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:5:11: 'yes' is a boolean in YAML 1.1" in err and "left alone" in err
    assert path.read_text(encoding="utf-8") == bad


@pytest.mark.parametrize("text, comment", [
    ("id: a\nk: [a, # inside a flow list\n  b]\n", "inside a flow list"),
    ("id:\n  # before a value\n  a\n", "before a value"),
])
def test_fmt_refuses_to_lose_a_comment(kb, text, comment, capsys):
    path = _card(kb, text, "a.yaml")
    assert main(["fmt", str(path)]) == 1
    assert f"would lose the comment '# {comment}'" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text


def test_fmt_refuses_output_whose_data_differs(kb, monkeypatch):
    path = _card(kb, SHUFFLED)
    real = fmt._reorder

    def corrupting(node, schema, base, changes):
        real(node, schema, base, changes)
        if isinstance(node, dict) and "card_type" in node:
            node["card_type"] = "spell"

    monkeypatch.setattr(fmt, "_reorder", corrupting)
    with pytest.raises(fmt.FormatError, match="would change the data .first difference at card_type."):
        fmt.format_file(path)


def test_fmt_refuses_a_value_that_changes_type(kb, monkeypatch):
    path = _card(kb, "id: a\norder: 1\n", "a.yaml")
    real = fmt._reorder

    def retyping(node, schema, base, changes):
        real(node, schema, base, changes)
        if isinstance(node, dict) and "order" in node:
            node["order"] = True

    monkeypatch.setattr(fmt, "_reorder", retyping)
    with pytest.raises(fmt.FormatError, match="first difference at order"):
        fmt.format_file(path)


def test_fmt_rejects_a_file_outside_the_kind_folders(tmp_path):
    path = tmp_path / "stray.yaml"
    path.write_text("id: a\n", encoding="utf-8")
    with pytest.raises(fmt.FormatError, match="cannot tell the kind of entry"):
        fmt.format_file(path)


def test_fmt_reports_a_non_utf8_file(kb, capsys):
    path = kb / "cards" / "latin.yaml"
    path.write_bytes("id: a\nt: Poción\n".encode("latin-1"))
    assert main(["fmt", "--check", str(path)]) == 1
    assert "not UTF-8" in capsys.readouterr().err


def test_fmt_without_files_formats_the_kb_of_the_working_folder(kb, monkeypatch, capsys):
    monkeypatch.chdir(kb.parent)
    monkeypatch.delenv("YGORULES_KB", raising=False)
    _card(kb, SHUFFLED)
    assert main(["fmt", "--check"]) == 1
    assert "would reformat kb/cards/mirror-force.yaml" in capsys.readouterr().out


def test_fmt_of_a_missing_path_is_a_usage_error(tmp_path, capsys):
    assert main(["fmt", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_fmt_check_skips_files_found_canonical_before_until_they_change(kb, monkeypatch):
    seen = []
    real = fmt.format_many
    monkeypatch.setattr(fmt, "format_many", lambda paths: (seen.append(list(paths)), real(paths))[1])
    assert main(["fmt", "--check", str(kb)]) == 0
    assert len(seen[-1]) == len(list(kb.rglob("*.yaml")))
    assert main(["fmt", "--check", str(kb)]) == 0
    assert seen[-1] == []
    card = kb / "cards" / "honest.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("en: Activated", "en: It is activated"), encoding="utf-8")
    assert main(["fmt", "--check", str(kb)]) == 0
    assert seen[-1] == [card]
    assert main(["fmt", "--check", "--no-cache", str(kb)]) == 0
    assert len(seen[-1]) == len(list(kb.rglob("*.yaml")))


def test_fmt_check_never_caches_a_file_that_would_change(kb):
    path = _card(kb, SHUFFLED)
    assert main(["fmt", "--check", str(path)]) == 1
    assert main(["fmt", "--check", str(path)]) == 1


def test_comments_ignores_hashes_inside_text():
    assert fmt.comments("a: 'x # y'\nb: \"#z\"\nc: d#e  # real\n") == ["real"]


REAL_KB = sorted((Path(__file__).resolve().parents[1] / "kb").rglob("*.yaml"))


def test_fmt_formats_every_real_kb_file_losslessly_and_stably():
    results = list(fmt.format_many(REAL_KB))  # in memory: the real kb/ is never written
    assert [error for _, _, error in results if error] == []
    for path, result, _ in results:
        if result.changed:
            again = fmt.format_text(result.text, path)
            assert again.text == result.text, path
