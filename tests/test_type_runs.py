"""Monster Types joined in running text ("Dragons e Thunders", the Types a farm route asks for) are no card's name
read reordered or translated (names/translate.py ``_fan_run`` and ``_closest``, issue 24)."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from ygorules.names.evidence import a_type
from ygorules.names.translate import Translator

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tThunder Dragon Quorn\tDragón Trueno Quorn\tDragão Trovão Quorn\tDrago Tuono Quorn\tMonster\t9
"""


@pytest.fixture(scope="module")
def translator(tmp_path_factory):
    return Translator(small_index(tmp_path_factory.mktemp("type-runs"), POOL, ""), "pt", "en")


@pytest.mark.parametrize("word, want", [("dragon", True), ("dragons", True), ("thunder", True), ("spellcaster", True),
                                        ("quorn", False), ("kuriboh", False)])
def test_a_type_or_its_plural_is_a_type(word, want):
    assert a_type(word) is want


@pytest.mark.parametrize("run, want", [("Dragons e Thunders", False), ("Dragons and Thunders", False),
                                       ("Dragon Thunder", True),  # (no joining word: the Types are not asked for)
                                       ("Dragons e Quorn", True)])
def test_a_run_of_types_is_never_a_literal_translation(translator, monkeypatch, run, want):
    entry = translator.index.lookup("Thunder Dragon Quorn").matches[0].entry
    monkeypatch.setattr(translator, "_fan", lambda piece: (entry, "en", 100.0))  # (the matcher's reading, whatever it is)
    assert (translator._fan_run(run) is not None) is want
