"""A name held back only for want of evidence is the card where the same text reads the same words as that card
elsewhere (names/discourse.py ``_released``, issue 24). The cards and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3001\tHarbor\tPuerto\tPorto\tPorto\tSpell\t6
3002\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t9
"""
FAR = " ".join(["el viaje fue largo y tranquilo"] * 8)  # (no card word near what follows it)


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("released"), POOL)


def found(index, text, src="es"):
    tr = Translator(index, src, "en")
    spans = [(s.start, s.text, s.passcodes[0]) for s in tr.spans(text) if s.kind == "card"]
    return spans, [(h.text, why) for h, why in tr.held]


def test_the_words_alone_are_held_back(index):
    # the premise of the cases below: with no card named, the second sentence alone holds the word back
    spans, held = found(index, f"Fui a casa. {FAR}. Al final el Puerto estaba lleno.")
    assert spans == [] and [h for h, _ in held] == ["Puerto"], (spans, held)


@pytest.mark.parametrize("text, lang", [
    (f"Activé Puerto y robé dos cartas. {FAR}. Al final el Puerto estaba lleno.", "es"),
    (f"Al final el Puerto estaba lleno. {FAR}. Activé Puerto y robé dos cartas.", "es"),  # taken later in the text
    ("Ativei o Porto e comprei duas cartas. " + " ".join(["a viagem foi longa e tranquila"] * 8)
     + ". No fim o Porto estava cheio.", "pt"),
])
def test_a_name_held_for_want_of_evidence_is_the_card_the_text_reads_elsewhere(index, text, lang):
    spans, held = found(index, text, lang)
    assert [p for _, _, p in spans] == ["3001", "3001"], (spans, held)
    assert held == []


def test_other_words_for_the_same_card_release_nothing(index):
    # the card is taken as "Puerto"; its English name, held back elsewhere, is other words: it stays held
    spans, held = found(index, f"Activé Puerto y robé dos cartas. {FAR}. Vivo cerca del Harbor desde hace años.")
    assert [(t, p) for _, t, p in spans] == [("Puerto", "3001")], spans
    assert [h for h, _ in held] == ["Harbor"] and "no card context" in held[0][1], held


def test_a_name_held_for_what_is_around_it_stays_held(index):
    # a deck is no card however the text reads the word elsewhere (evidence holds it back for its context), while
    # the same word held only for want of evidence is released
    spans, held = found(index, f"Activé Puerto y robé dos cartas. {FAR}. Al final el Puerto estaba lleno. {FAR}. "
                               "Gané con un deck de Puerto en el torneo.")
    assert [(t, p) for _, t, p in spans] == [("Puerto", "3001"), ("Puerto", "3001")], (spans, held)
    assert [h for h, _ in held] == ["Puerto"] and "deck" in held[0][1], held
