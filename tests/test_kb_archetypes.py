"""An archetype the KB describes as an entry of its own (``card_type: archetype``: Gladiator Beast, Crystal Beast, B.E.S.)
is read in text as a series, the kind of name it is, while ``can`` and ``lookup`` keep the KB entry."""
from __future__ import annotations

from pathlib import Path

import pytest

from ygorules.names.index import load_index
from ygorules.names.translate import Translator

KB = Path(__file__).resolve().parents[1] / "kb"


@pytest.fixture(scope="module")
def index():
    return load_index(KB, names=False, warn=lambda m: None)


@pytest.mark.parametrize("text, src, want", [
    ("Perdí contra un mazo de Bestias Gladiadoras.", "es", ("Bestias Gladiadoras", "gladiator-beast")),
    ("Il mazzo Gladiator Beast ha vinto.", "it", ("Gladiator Beast", "gladiator-beast")),
])
def test_an_archetype_of_the_kb_is_read_as_a_series(index, text, src, want):
    spans = Translator(index, src, "en").spans(text)
    assert [(s.text, s.id, s.kind) for s in spans] == [want + ("series",)]


def test_lookup_still_finds_the_kb_entry_as_it_is(index):
    [first, *_] = index.lookup("Gladiator Beast", "en").matches
    assert (first.entry.id, first.entry.kind, first.entry.card_type) == ("gladiator-beast", "card", "archetype")
