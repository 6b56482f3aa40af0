"""bench/fan_heldout.py: the noisy forms it makes of an official name by rule, and how it counts the answers. The names
are made up."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from ygorules.core.fold import normalize
from ygorules.names import fanmatch

_spec = importlib.util.spec_from_file_location("fan_heldout", Path(__file__).resolve().parents[1] / "bench" / "fan_heldout.py")
fh = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fh)

ALIGNED = {"guerrero": "warrior", "guerreiro": "warrior", "pluma": "quill", "pena": "quill", "lugubre": "gloom"}


def best_en(f, efold):
    e = ALIGNED.get(f)
    return (e, 0.9) if e in efold else None


def forms(name="Guerrero de la Pluma Lúgubre", en="Gloom Quill Warrior", seed=1):
    others = {"es": name, "pt": "Guerreiro da Pena Lúgubre"}
    return fh.variants(name, "es", en, others, best_en, random.Random(seed), fanmatch.STOP)


def words(s):
    return [w for w in normalize(s).split() if w not in fanmatch.STOP]


def test_accents_lower_case_and_absent_are_the_name_otherwise_written():
    got = forms()
    assert got["accents"] == "Guerrero de la Pluma Lugubre"
    assert got["lower"] == "guerrero de la pluma lúgubre"
    assert got["absent"] == got["official"] == "Guerrero de la Pluma Lúgubre"


@pytest.mark.parametrize("seed", range(6))
def test_articles_change_but_the_content_words_stay(seed):
    got = forms(seed=seed)["articles"]
    assert normalize(got) != normalize("Guerrero de la Pluma Lúgubre")
    assert words(got) == ["guerrero", "pluma", "lugubre"]


@pytest.mark.parametrize("seed", range(6))
def test_order_swaps_two_content_words(seed):
    got = words(forms(seed=seed)["order"])
    assert sorted(got) == sorted(["guerrero", "pluma", "lugubre"]) and got != ["guerrero", "pluma", "lugubre"]


def test_one_word_is_left_in_english_and_one_taken_from_another_language():
    got = forms()
    assert sum(1 for a, b in zip(words(got["english"]), words(got["official"])) if a != b) == 1
    assert set(words(got["english"])) & {"warrior", "quill", "gloom"}
    assert words(got["romance"]) == ["guerreiro", "pluma", "lugubre"]  # the Portuguese word aligned with Warrior


@pytest.mark.parametrize("seed", range(6))
def test_one_word_changes_gender_or_number(seed):
    got, official = words(forms(seed=seed)["inflect"]), words(forms(seed=seed)["official"])
    changed = [(a, b) for a, b in zip(got, official) if a != b]
    assert len(changed) == 1
    new, old = changed[0]
    assert fanmatch.stem(new) == fanmatch.stem(old)  # the same word, another ending


def test_a_name_with_no_aligned_word_has_no_english_or_romance_form():
    got = forms(name="Zarpa Brava", en="Gloom Quill Warrior")
    assert "english" not in got and "romance" not in got and "order" in got


def test_the_tally_counts_right_wrong_and_abstained_and_absent_apart():
    records = [("official", "es", "A B", "x", [(0.9, "A B")], "A B"),
               ("official", "pt", "A B", "y", [(0.9, "C D")], "C D"),
               ("official", "it", "A B", "z", [], None),
               ("absent", "es", "A B", "x", [(0.5, "C D")], "C D"),
               ("absent", "pt", "A B", "y", [], None)]
    t = fh.tally(records)
    assert t[("official", "all")] == {"n": 3, "right": 1, "wrong": 1, "abstain": 1}
    assert t[("absent", "all")] == {"n": 2, "right": 0, "wrong": 1, "abstain": 1}
    s = fh.summary(t)
    assert (s["recall"], s["precision_present"], s["precision_all"]) == (0.333, 0.5, 0.333)
    # decided again with another margin: two close candidates are no answer
    close = [("official", "es", "A B", "x", [(0.9, "A B"), (0.85, "C D")], "A B")]
    assert fh.tally(close, 0.1)[("official", "all")]["abstain"] == 1
    assert fh.tally(close, 0.01)[("official", "all")]["right"] == 1
