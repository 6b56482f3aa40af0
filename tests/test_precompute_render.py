"""The answers store's rendering (commands/_precompute.py): the --json block of an answer is written by ``indented``,
which must give json.dumps(…, ensure_ascii=False, indent=2) to the letter, padded, for every value an answer holds."""
from __future__ import annotations

import json
import math

import pytest

from ygorules.commands._precompute import indented

VALUES = [
    {"timing": "damage-step.start", "verdict": "only-if", "condition": "si «Dragón» está boca arriba", "reason": "R15",
     "rule": "R15", "sources": [{"source": "rulebook", "where": "p. 34"}, {"source": "faq"}], "acts": True, "text_differs": None},
    {"quotes": "\"q0\" \\ / \n \t \u2028 \x00 \ud800", "empty": {}, "none": [], "deep": [[[]], [{}], [[1, "a"]]]},
    {"int": 3, "big": 10 ** 20, "float": 1.5, "tiny": 2e-300, "zero": -0.0, "nan": math.nan, "inf": -math.inf, "no": False},
    {"tuple": (1, "a"), "numbered keys": {1: "one", 2.5: "x", True: "t", None: "n"}},
    [], {}, "text", 7, None, True,
]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
@pytest.mark.parametrize("pad", ["", "    "])
def test_an_indented_value_is_what_json_writes(value, pad):
    want = "\n".join(pad + line for line in json.dumps(value, ensure_ascii=False, indent=2).split("\n"))
    assert pad + indented(value, pad) == want
