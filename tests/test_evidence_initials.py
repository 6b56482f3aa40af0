"""Initials written with dots ("D.A.D.") end no sentence, and between a deck word and a name they are part of the deck's
name (names/translate.py ``_sentence_start``, names/evidence.py ``_deck``; issue 24): "(deck D.A.D. Teleport)" is a
deck, as "(deck Teleport)" is. The cards, players and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tQuorport\tQuorport\tQuorport\tQuorport\tSpell\t9
8302\tVexmora Lantern\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("initials"), POOL)


def found(index, text, src="it"):
    tr = Translator(index, src, "en")
    return [(s.text, s.why) for s in tr.spans(text, report=True) if s.kind == "card"], [(s.text, why) for s, why in tr.held]


@pytest.mark.parametrize("text", [
    "1° Classificato: Marco Rossi (deck D.A.D. Quorport)\n",
    "Ha vinto con il mazzo V.X. Quorport in finale.\n",
    "Gioco un baralho Q.V.L. Quorport.\n",
])
def test_initials_between_a_deck_word_and_a_name_make_it_the_deck(index, text):
    spans, held = found(index, text)
    assert spans == [] and any(t == "Quorport" and "a deck" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text", [
    "Ho attivato il D.A.D. Quorport ieri.\n",  # no deck word before the initials
    "Ha vinto con il mazzo. Quorport è forte.\n",  # a sentence's own full stop, no initials
    "Ha vinto con il mazzo D. Quorport.\n",  # one letter is no initials
])
def test_a_name_after_initials_with_no_deck_word_stays_a_card(index, text):
    spans, _ = found(index, text)
    assert [t for t, _ in spans] == ["Quorport"], spans


def test_a_name_after_initials_is_not_at_a_sentence_start(index):
    (text, why), = found(index, "Ho attivato il D.A.D. Quorport ieri.\n")[0]
    assert any("away from the start of a sentence" in w for w in why), why
    (text, why), = found(index, "Ho vinto. Quorport è forte.\n")[0]
    assert any("at the start of a sentence" in w and "away" not in w for w in why), why
