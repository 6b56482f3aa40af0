"""The translator on the fast evaluation subset (tests/eval): recall and precision must stay above the targets.

The full set is in bench/eval (run ``bench/eval_translator.py``); this subset has its own small name table
(tests/eval/pool.tsv), so the test reads nothing outside the repository.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT / "tests" / "eval"

pytestmark = pytest.mark.skipif(not (EVAL / "mentions.tsv").is_file(), reason="tests/eval is not there")


def _load_eval():
    """bench/eval_translator.py as a module."""
    spec = importlib.util.spec_from_file_location("eval_translator", ROOT / "bench" / "eval_translator.py")
    ev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ev)
    return ev


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    ev = _load_eval()
    from ygorules.names import index as names
    from ygorules.names import table as nametable

    tmp = tmp_path_factory.mktemp("eval")
    with pytest.MonkeyPatch.context() as mp:  # the environment as it was once the index is built
        mp.setenv("YGORULES_CACHE", str(tmp / "cache"))
        mp.delenv("YGORULES_NICKNAMES", raising=False)  # the project's data/nicknames.tsv
        table = tmp / "pool.tsv.gz"
        nametable.write_table(nametable.import_tsv(EVAL / "pool.tsv")[0], table)
        index = names.load_index(ROOT / "kb", table, use_cache=False, warn=lambda m: None)
        return {**ev.evaluate(index, EVAL), "_module": ev, "_index": index}


def test_recall_on_the_fast_subset_is_at_least_0_90(result):
    assert result["recall"]["all"]["ratio"] >= 0.90, result["recall"]


def test_precision_on_the_fast_subset_is_at_least_0_97(result):
    assert result["precision"]["all"]["ratio"] >= 0.97, result["precision"]


def test_control_texts_get_no_card_replacement(result):
    assert result["control_replacements"] == 0


def test_lookup_puts_the_right_card_first_for_most_mentions(result):
    assert result["lookup_first"]["ratio"] >= 0.90, result["lookup_first"]


def _dev_set(folder: Path, rows: list) -> None:
    """A development set in the shared set's format: texts with a header line, an answer key with offsets."""
    (folder / "texts").mkdir(parents=True)
    texts = {"es_a.txt": "# source: http://example.org/a\nJugué Fuerza de Espejo y Raigeki contra los Ojos Azules; "
                         "luego Fuersa de Espejo.\n"}
    for name, text in texts.items():
        (folder / "texts" / name).write_text(text, encoding="utf-8")
    lines = ["file\tlang\tstart\tend\tmention\tpasscode\ten_name\tkind\tnote"]
    for name, mention, occ, pc, en, kind in rows:
        text, at = texts[name], -1
        for _ in range(occ):
            at = text.index(mention, at + 1)
        lines.append(f"{name}\tes\t{at}\t{at + len(mention)}\t{mention}\t{pc}\t{en}\t{kind}\t")
    (folder / "answer_key.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_development_set_format_is_scored_by_its_rules(tmp_path, result):
    ev = result["_module"]
    _dev_set(tmp_path, [("es_a.txt", "Fuerza de Espejo", 1, "44095762", "Mirror Force", "official"),
                        ("es_a.txt", "Raigeki", 1, "12580477", "Raigeki", "official"),
                        ("es_a.txt", "Ojos Azules", 1, "", "Blue-Eyes", "not-a-card"),
                        ("es_a.txt", "Fuersa de Espejo", 1, "44095762", "Mirror Force", "misspelled"),
                        ("es_a.txt", "source", 1, "", "", "unknown")])
    got = ev.evaluate_dev(result["_index"], tmp_path, misses=True)
    assert got["recall"]["kind:official"] == {"ratio": 1.0, "found": 2, "total": 2}
    assert got["recall"]["all"]["total"] == 3  # unknown and not-a-card rows are not scored for recall
    assert got["lookup_first"]["distinct"] == 3
    assert got["series_replacements"]["all"] == got["series_replacements"]["on_an_archetype"]  # the archetype as a series
    assert not [w for w in got["wrong"] if "source" in w]  # the header line is never translated


def test_a_development_row_whose_offsets_miss_its_mention_is_an_error(tmp_path, result):
    ev = result["_module"]
    _dev_set(tmp_path, [("es_a.txt", "Raigeki", 1, "12580477", "Raigeki", "official")])
    key = tmp_path / "answer_key.tsv"
    key.write_text(key.read_text(encoding="utf-8").replace("Raigeki\t1", "Raigekk\t1", 1), encoding="utf-8")
    with pytest.raises(ev.EvalError, match=r"answer_key.tsv:2: 'Raigekk' is not at"):
        ev.read_dev(tmp_path)


def test_a_text_with_windows_line_ends_is_read_as_it_is(tmp_path, result):
    # the offsets of a key made on the file count each "\r\n" as two characters, as `ygorules translate` reads it
    ev = result["_module"]
    (tmp_path / "texts").mkdir()
    text = "# source: http://example.org/b\r\nLinea uno.\r\nJugué Raigeki ayer.\r\n"
    (tmp_path / "texts" / "es_b.txt").write_bytes(text.encode("utf-8"))
    at = text.index("Raigeki")
    (tmp_path / "answer_key.tsv").write_text("file\tlang\tstart\tend\tmention\tpasscode\ten_name\tkind\tnote\n"
                                              f"es_b.txt\tes\t{at}\t{at + 7}\tRaigeki\t12580477\tRaigeki\tofficial\t\n",
                                              encoding="utf-8")
    files, rows = ev.read_dev(tmp_path)
    assert files["es_b.txt"][1] == text and rows[0]["start"] == at


class _Span:
    def __init__(self, start, end, target):
        self.start, self.end, self.target = start, end, target


def _m(start, end, target, kind="official"):
    return {"start": start, "end": end, "target": target, "kind": kind}


@pytest.mark.parametrize("spans, ann, options, found, right, lost, bad", [
    # a replacement that shares one character with the mention finds it (the own set's rule)
    ([(8, 12, "A")], [_m(0, 9, "A")], {}, (1, 1), (1, 1), [], []),
    # ... but not under the development set's rule: it covers less than half of it
    ([(8, 12, "A")], [_m(0, 9, "A")], {"covers": "half"}, (0, 1), (1, 1), [0], []),
    # the wrong card over a mention: missed, and a wrong replacement
    ([(0, 5, "B")], [_m(0, 5, "A")], {}, (0, 1), (0, 1), [0], [0]),
    # a replacement over two mentions of the same card credits both, or only the first with one_each
    ([(0, 10, "A")], [_m(0, 4, "A"), _m(5, 10, "A")], {}, (2, 2), (1, 1), [], []),
    ([(0, 10, "A")], [_m(0, 4, "A"), _m(5, 10, "A")], {"covers": "half", "one_each": True}, (1, 2), (1, 1), [1], []),
    # a mention whose keys are empty is not scored for recall, but still annotates the replacement over it
    ([(0, 5, "A")], [_m(0, 5, "A", "skip")], {}, (0, 0), (1, 1), [], []),
    # a replacement on no mention is wrong, under "(none)"
    ([(20, 25, "A")], [_m(0, 5, "A")], {}, (0, 1), (0, 1), [0], [0]),
])
def test_one_scorer_counts_recall_and_precision_by_its_rules(spans, ann, options, found, right, lost, bad):
    from collections import defaultdict

    ev = _load_eval()
    spans = [_Span(*s) for s in spans]
    rec, prec = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    if options.get("covers") == "half":
        options = {**options, "covers": ev._covers_half}
    got_lost, got_bad = ev._score(spans, ann, rec, prec, lambda s, m: s.target == m["target"],
                                  lambda m: () if m["kind"] == "skip" else ("all", "kind:" + m["kind"]),
                                  lambda s, over: ("all", "kind:" + (over[0]["kind"] if over else "(none)")),
                                  **options)
    assert tuple(rec["all"]) == found
    assert tuple(prec["all"]) == right
    assert got_lost == [ann[i] for i in lost]
    assert [s for s, _ in got_bad] == [spans[i] for i in bad]
    if bad and not [m for m in ann if ev._overlaps(spans[bad[0]], m)]:
        assert prec["kind:(none)"] == [0, 1]
