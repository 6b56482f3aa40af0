"""The translator on the fast evaluation subset (tests/eval): recall and precision must stay above the targets.

The full set is in bench/eval (run ``bench/eval_translator.py``); this subset has its own small name table
(tests/eval/pool.tsv), so the test reads nothing outside the repository.
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT / "tests" / "eval"

pytestmark = pytest.mark.skipif(not (EVAL / "mentions.tsv").is_file(), reason="tests/eval is not there")


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("eval_translator", ROOT / "bench" / "eval_translator.py")
    ev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ev)
    from ygorules.names import index as names
    from ygorules.names import table as nametable

    tmp = tmp_path_factory.mktemp("eval")
    old = {k: os.environ.get(k) for k in ("YGORULES_CACHE", "YGORULES_NICKNAMES")}
    os.environ["YGORULES_CACHE"] = str(tmp / "cache")
    os.environ.pop("YGORULES_NICKNAMES", None)  # the project's data/nicknames.tsv
    try:
        table = tmp / "pool.tsv.gz"
        nametable.write_table(nametable.import_tsv(EVAL / "pool.tsv")[0], table)
        index = names.load_index(ROOT / "kb", table, use_cache=False, warn=lambda m: None)
        return ev.evaluate(index, EVAL)
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_recall_on_the_fast_subset_is_at_least_0_90(result):
    assert result["recall"]["all"]["ratio"] >= 0.90, result["recall"]


def test_precision_on_the_fast_subset_is_at_least_0_97(result):
    assert result["precision"]["all"]["ratio"] >= 0.97, result["precision"]


def test_control_texts_get_no_card_replacement(result):
    assert result["control_replacements"] == 0


def test_lookup_puts_the_right_card_first_for_most_mentions(result):
    assert result["lookup_first"]["ratio"] >= 0.90, result["lookup_first"]
