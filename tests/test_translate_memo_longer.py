"""A word judged once as the start of a longer capitalised name ("um Tirrona Control", a deck) is judged again where
no capitalised word follows it ("o Tirrona."): translate's memo of judgements keys on that too (issue 24). The card,
nickname and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7301\tTirra, Brightoath Archer\tTirra, Arquera Brightoath\tTirra, Arqueira Brightoath\tTirra, Arciere Brightoath\tMonster\t6
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
7301\tTirra, Brightoath Archer\tTirrona\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("memo-longer"), POOL, NICKS)


@pytest.mark.parametrize("text, lang", [
    ("O deck é um Tirrona Control: o cemitério enche para invocar o Tirrona.", "pt"),
    ("Mi mazo es un Tirrona Control; al final invoco a Tirrona.", "es"),
])
def test_the_card_after_a_deck_named_after_it_is_found_as_with_report(index, text, lang):
    from ygorules.names.translate import Translator
    tr = Translator(index, lang, "en")
    plain = [(s.start, s.id) for s in tr.spans(text) if s.kind == "card"]
    reported = [(s.start, s.id) for s in Translator(index, lang, "en").spans(text, report=True) if s.kind == "card"]
    last = text.rindex("Tirrona")
    assert (last, "tirra-brightoath-archer") in plain
    assert plain == reported
