"""bench/lookup_forms.py: the misspellings it makes by rule, the nickname rows it reads, and how it counts lookup's
answers. The names are made up."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))  # (lookup_forms imports fan_heldout, its neighbour)
_spec = importlib.util.spec_from_file_location("lookup_forms", BENCH / "lookup_forms.py")
lf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lf)


@pytest.mark.parametrize("seed", range(40))
def test_a_typo_changes_the_word_by_one_edit_and_keeps_its_first_letter(seed):
    from rapidfuzz.distance import OSA
    got = lf.typo("lantern", random.Random(seed))
    assert got != "lantern" and got[0] == "l" and OSA.distance(got, "lantern") == 1


def test_a_name_is_misspelt_only_in_words_of_five_letters_or_more():
    rng = random.Random(3)
    got = lf._misspelt("Ox of the Lantern", rng, 1)
    assert got.split()[:3] == ["Ox", "of", "the"] and got.split()[3] != "Lantern"
    assert lf._misspelt("Ox of the Lantern", rng, 2) is None  # one long word only


def test_nickname_rows_skip_comments_and_keep_kind_text_and_passcode(tmp_path):
    f = tmp_path / "nicks.tsv"
    f.write_text("passcode\ten\ttext\tlangs\tkind\tsource\tnote\n# a comment\n"
                 "123\tGloom Lantern\tGloomy\tes\tnickname\t\t\n", encoding="utf-8")
    assert lf.nickname_rows(f) == [("nickname", "Gloomy", "123")]


class _Index:
    def __init__(self, answers):
        self.answers = answers

    def lookup(self, form, lang, limit):
        e = self.answers.get(form)
        return type("R", (), {"matches": [type("M", (), {"entry": e})()] if e else []})()


def test_judge_counts_the_first_answer_per_kind_and_lists_the_misses():
    a, b = (type("E", (), {"id": i})() for i in ("a", "b"))
    tally, misses = lf.judge(_Index({"x": a, "y": b}), [("typo", "x", "a"), ("typo", "y", "a"), ("order", "z", "a")],
                             lambda e, want: e.id == want)
    assert tally == {"typo": [1, 2], "order": [0, 1]}
    assert misses == [("typo", "y", "a", "b"), ("order", "z", "a", None)]


def test_a_row_is_right_for_its_card_and_a_series_row_for_its_series_only():
    card = type("E", (), {"kind": "card", "passcodes": ("123",), "names": {"en": "Gloom Lantern"}})()
    series = type("E", (), {"kind": "series", "passcodes": (), "names": {"en": "Gloom"}})()
    assert lf._row_right(card, "123") and not lf._row_right(series, "123")
    assert lf._row_right(series, "series:Gloom") and not lf._row_right(card, "series:Gloom")
    assert not lf._row_right(series, "series:Gloom Lantern")  # another series' name
