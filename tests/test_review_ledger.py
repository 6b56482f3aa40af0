"""Honest review levels: a native review covers the text it read; a change drops the field to self-reviewed."""
import shutil
from pathlib import Path

import pytest

from ygorules.cli import main
from ygorules.core import review
from ygorules.core.kb import collect
from ygorules.reports.status import render_markdown, render_text, report

FIXTURE = Path(__file__).parent / "fixtures" / "mini-kb"
CARD = "cards/mirror-force.yaml"
REVIEW = "review:\n  es: native-reviewed\n  pt: native-reviewed\n  it: self-reviewed\n  en: self-reviewed\n"


@pytest.fixture
def kb_dir(tmp_path):
    """The mini KB, its card reviewed natively in es and pt (self-reviewed in it)."""
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE, root)
    card = root / CARD
    card.write_text(card.read_text(encoding="utf-8").replace("../../../../schema", "../../schema") + REVIEW, encoding="utf-8")
    return root


def _card(root):
    kb, problems = collect(root)
    assert not [p for p in problems if p.severity == "error"], problems
    return kb, kb.cards["mirror-force"]


def _mark(root, lang):
    assert main(["review", "--kb", str(root), "mark", "--lang", lang, str(root / CARD)]) == 0


def _edit_first_text(root, lang, new="Texto cambiado después de la revisión."):
    path = root / CARD
    lines = path.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith(" ") and line.strip().startswith(f"{lang}: ") and "native-reviewed" not in line and i > 12:
            indent = line[:len(line) - len(line.lstrip())]
            lines[i] = f'{indent}{lang}: "{new}"'
            path.write_text("\n".join(lines), encoding="utf-8")
            return
    raise AssertionError(f"no {lang} text to edit in {path}")


def test_without_a_ledger_the_levels_stay_as_written(kb_dir):
    kb, card = _card(kb_dir)
    for lang in ("es", "pt"):
        assert card.review[lang] == "native-reviewed"
        assert lang not in card.review_changed


def test_marked_text_keeps_its_level_and_a_change_drops_exactly_that_field(kb_dir):
    lang = "es"
    _mark(kb_dir, "es")
    _mark(kb_dir, "pt")
    kb, card = _card(kb_dir)
    assert card.review[lang] == "native-reviewed" and not card.review_changed
    _edit_first_text(kb_dir, lang)
    kb, card = _card(kb_dir)
    assert card.review[lang] == "self-reviewed"
    assert len(card.review_changed[lang]) == 1
    field = card.review_changed[lang][0]
    assert review.texts(card.data, lang)[field] == "Texto cambiado después de la revisión."
    assert card.review["pt"] == "native-reviewed"  # another language keeps its level (recorded below)


def test_each_language_has_its_own_record(kb_dir):
    _mark(kb_dir, "es")
    kb, card = _card(kb_dir)
    assert card.review["es"] == "native-reviewed"
    assert card.review["pt"] == "self-reviewed" and card.review_changed["pt"] == ["timings.0.note"]


def test_a_field_added_after_the_review_is_not_covered(kb_dir):
    lang = "es"
    _mark(kb_dir, lang)
    ledger = review.read(kb_dir)
    kb, card = _card(kb_dir)
    some = sorted(k for k in ledger if k[2] == lang)[0]
    del ledger[some]
    review.write(kb_dir, ledger)
    kb, card = _card(kb_dir)
    assert card.review[lang] == "self-reviewed" and card.review_changed[lang] == [some[1]]


def test_status_and_its_renderings_count_the_level_that_holds(kb_dir):
    lang = "es"
    _mark(kb_dir, "es")
    _mark(kb_dir, "pt")
    before = report(collect(kb_dir)[0])
    _edit_first_text(kb_dir, lang)
    after = report(collect(kb_dir)[0])
    assert after["review"][lang]["native-reviewed"] == before["review"][lang]["native-reviewed"] - 1
    assert after["review"][lang]["self-reviewed"] == before["review"][lang]["self-reviewed"] + 1
    (item,) = after["changed_since_review"]
    assert (item["file"], item["lang"], len(item["fields"])) == (CARD, lang, 1)
    assert any(u["id"] == "mirror-force" and lang in u["langs"] for u in after["unreviewed"])
    assert f"{lang}  {CARD}: {item['fields'][0]}" in render_text(after)
    assert f"`{CARD}` ({lang}): `{item['fields'][0]}`" in render_markdown(after)
    assert not before["changed_since_review"]


def test_marking_again_restores_the_level(kb_dir, capsys):
    lang = "es"
    _mark(kb_dir, "pt")
    _mark(kb_dir, lang)
    _edit_first_text(kb_dir, lang)
    assert main(["review", "--kb", str(kb_dir), "changed"]) == 0
    out = capsys.readouterr().out
    assert f"{lang}  {CARD}  " in out
    _mark(kb_dir, lang)
    kb, card = _card(kb_dir)
    assert card.review[lang] == "native-reviewed"
    assert main(["review", "--kb", str(kb_dir), "changed"]) == 0
    assert "No text changed since its native review." in capsys.readouterr().out


def test_mark_refuses_a_language_the_file_does_not_mark_native_reviewed(kb_dir, capsys):
    assert main(["review", "--kb", str(kb_dir), "mark", "--lang", "it", str(kb_dir / CARD)]) == 1
    err = capsys.readouterr().err
    assert "does not say it: native-reviewed" in err and "→" in err
    assert not (kb_dir / review.LEDGER).exists()


@pytest.mark.parametrize("argv, words", [
    (["mark", "--lang", "es"], "needs the kb files"),
    (["mark"], "needs the language"),
    (["changed", "x.yaml"], "takes no files"),
])
def test_mark_and_changed_usage_errors(kb_dir, capsys, argv, words):
    assert main(["review", "--kb", str(kb_dir), *argv]) == 2
    assert words in capsys.readouterr().err


def test_mark_refuses_a_file_outside_the_kb(kb_dir, tmp_path, capsys):
    other = tmp_path / "elsewhere.yaml"
    other.write_text("id: x\n", encoding="utf-8")
    assert main(["review", "--kb", str(kb_dir), "mark", "--lang", "es", str(other)]) == 1
    assert "is not an entry of" in capsys.readouterr().err


@pytest.mark.parametrize("content, line, words", [
    ("file\tfield\tlang\n", 1, "header"),
    (review.HEADER + "\ncards/a.yaml\ttitle\tes\n", 2, "4 tab-separated columns"),
    (review.HEADER + "\ncards/a.yaml\ttitle\tfr\t0123456789abcdef\n", 2, "unknown language 'fr'"),
    (review.HEADER + "\ncards/a.yaml\ttitle\tes\t0123456789abcdef\ncards/a.yaml\tnote\tes\tXYZ\n", 3, "is not a digest"),
])
def test_a_broken_ledger_is_a_check_error_with_its_line(kb_dir, content, line, words):
    (kb_dir / review.LEDGER).write_text(content, encoding="utf-8")
    kb, problems = collect(kb_dir)
    (p,) = [p for p in problems if p.code == "review-ledger"]
    assert p.line == line and words in p.message and p.fix
    assert p.path.endswith(review.LEDGER)


def test_a_ledger_that_is_not_utf8_names_its_line(kb_dir):
    (kb_dir / review.LEDGER).write_bytes((review.HEADER + "\n").encode() + b"cards/a.yaml\ttitle\tes\t\xff\n")
    with pytest.raises(review.LedgerError) as exc:
        review.read(kb_dir)
    assert exc.value.line == 2 and "UTF-8" in exc.value.what


def test_the_ledger_is_not_a_misplaced_file(kb_dir):
    review.write(kb_dir, {})
    kb, problems = collect(kb_dir)
    assert not [p for p in problems if p.code == "misplaced-file"]


def test_digest_is_of_the_nfc_text_and_sees_every_character():
    assert review.digest("cafe\u0301") == review.digest("café")
    assert review.digest("café") != review.digest("café ")
    assert len(review.digest("x")) == 16


def test_texts_are_the_localized_fields_of_one_language_not_names_or_review():
    data = {"names": {"es": "Fuerza de Espejo"}, "review": {"es": "native-reviewed"},
            "timings": [{"note": {"es": "uno", "en": "one"}}, {"note": {"en": "two"}}], "title": {"es": "t"}}
    assert review.texts(data, "es") == {"timings.0.note": "uno", "title": "t"}


def test_the_real_ledger_reads_and_names_only_existing_files():
    root = Path(__file__).resolve().parents[1] / "kb"
    ledger = review.read(root)
    assert ledger, "kb/review-ledger.tsv records the native reviews applied so far"
    missing = sorted({f for f, _, _ in ledger if not (root / f).is_file()})
    assert not missing, f"ledger rows for files that no longer exist: {missing}"
