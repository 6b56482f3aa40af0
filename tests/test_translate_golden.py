"""Translate's whole output on a fixed corpus is what it was: every span (place, card, form, replacement, score,
alternatives), the candidates ``--report`` rejects, and the rendered text, compared line by line with a stored
record (tests/fixtures/translate-golden/golden.tsv).

The corpus: the texts of tests/eval (the team's own) and tests/fixtures/translate-golden/*-corpus.txt (written for
this test: typos, plurals, series members, capitalised runs, protected ranges, quotes, lower-case terms), each
read in its language (and the Spanish ones also as English) into two target languages, with one translator kept
across all the texts as a long stream is. The index: the fixture KB of tests/fixtures/names, the pool of tests/eval and
the fixture nickname file, so the record changes only when translate does.

A speed-up must leave this record as it is. A change of behaviour changes it on purpose: look at the diff the
failure prints, then write the record anew with ``YGORULES_GOLDEN=update .venv/bin/python -m pytest -q
tests/test_translate_golden.py`` and commit it with the change.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from ygorules.names import index as names
from ygorules.names import table as nametable
from ygorules.names.translate import Translator, render

from _names_fixtures import KB, NICKNAMES

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT / "tests" / "eval"
HERE = ROOT / "tests" / "fixtures" / "translate-golden"
GOLDEN = HERE / "golden.tsv"
TARGETS = {"es": ("en", "it"), "pt": ("en", "es"), "it": ("en", "es"), "en": ("es", "pt")}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("golden")
    table = tmp / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(EVAL / "pool.tsv")[0], table)  # (its pool_series.tsv is read too)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", str(NICKNAMES))
        mp.setenv("YGORULES_CACHE", str(tmp / "cache"))
        return names.load_index(KB, table, use_cache=False, warn=lambda m: None)


def corpus() -> list[Path]:
    return sorted((EVAL / "texts").glob("*.txt")) + sorted(HERE.glob("*-corpus.txt"))


def _cell(x) -> str:
    return str(x).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def record(index) -> list[str]:
    """The lines of the record: one per span, per rejected candidate and per rendered text."""
    out = ["file\tsrc\tdst\twhat\tstart\tend\ttext\tid\tkind\tvariant\tlang\treplacement\tscore\tsimilarity\talternatives"]
    for path in corpus():
        text = path.read_text(encoding="utf-8")
        lang = path.name[:2]
        for src in dict.fromkeys((lang, "en" if lang == "es" else lang)):
            for dst in TARGETS[src]:
                tr = Translator(index, src, dst)
                for report in (False, True):
                    spans = tr.spans(text, report=report)
                    head = (path.name, src, dst)
                    for s in spans:
                        d = s.as_dict()
                        out.append("\t".join(map(_cell, (*head, "report-span" if report else "span", s.start, s.end, s.text, s.id,
                                                         s.kind, s.variant, s.lang, s.replacement, d["score"], d["similarity"],
                                                         ",".join(map(str, s.alternatives))))))
                    if report:
                        for c in tr.rejected:
                            out.append("\t".join(map(_cell, (*head, "rejected", c.start, c.end, c.text, c.id, "", "", "", "",
                                                             round(c.score, 2), round(c.similarity, 1), ""))))
                    for annotate in (False, True):
                        digest = hashlib.sha1(render(text, spans, annotate).encode("utf-8")).hexdigest()[:16]
                        out.append("\t".join((*head, "rendered-annotated" if annotate else "rendered", "", "", digest)) + "\t" * 8)
    stream = Translator(index, "es", "en")  # one translator for every text in turn: its memos carry over
    for path in corpus():
        for s in stream.spans(path.read_text(encoding="utf-8")):
            out.append("\t".join(map(_cell, (path.name, "es", "en", "stream", s.start, s.end, s.text, s.id, s.kind, s.variant,
                                             s.lang, s.replacement, s.as_dict()["score"], s.as_dict()["similarity"],
                                             ",".join(map(str, s.alternatives))))))
    return out


def test_translate_output_on_the_corpus_is_the_recorded_one(index):
    got = record(index)
    if os.environ.get("YGORULES_GOLDEN") == "update":
        GOLDEN.write_text("\n".join(got) + "\n", encoding="utf-8")
    assert GOLDEN.is_file(), f"{GOLDEN}: missing → write it with YGORULES_GOLDEN=update (see the module doc)"
    want = GOLDEN.read_text(encoding="utf-8").splitlines()
    if got != want:
        import difflib
        diff = list(difflib.unified_diff(want, got, "recorded", "now", n=0, lineterm=""))
        pytest.fail(f"{len(diff)} diff lines (first 40):\n" + "\n".join(diff[:40]))


def test_the_record_covers_every_kind_of_finding(index):
    """The corpus exercises what a speed-up could break: typos, plurals, series, terms, capitalised runs, report."""
    rows = [line.split("\t") for line in GOLDEN.read_text(encoding="utf-8").splitlines()[1:]]
    variants = {r[9] for r in rows if r[3] == "span"}
    kinds = {r[8] for r in rows if r[3] == "span"}
    assert {"official", "approximate", "series-member", "short-form"} <= variants, variants
    assert any(r[3] == "span" and r[1] != "en" and r[10] == "en" for r in rows)  # an English name in Romance text
    assert {"card", "series", "term"} <= kinds, kinds
    assert any(r[3] == "rejected" for r in rows)
    assert any(r[3] == "span" and float(r[13]) < 100 for r in rows)  # a typo matched approximately
    assert any(r[3] == "stream" for r in rows)
