"""A count of copies right before a name speaks of cards, as deck lists and reports write them (translate ``COPIES``;
issue 24): "3 vortex, 2 qst" is three copies of one card and two of another, in lower case too, though a name in
capitals is otherwise read only in capitals ("qst" alone is no QST). A count before a word of the rules counts what the
word names ("1 ataque por turno" is one attack, not ATK). The cards, nicknames and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tQuasar Storm Tempest\tTempestad Tormenta Quásar\tTempestade Tormenta Quasar\tTempesta Tormenta Quasar\tSpell\t9
8202\tVortexian the Rumbling Engine\tVortexian la Máquina Retumbante\tVortexian a Máquina Retumbante\tVortexian la Macchina Rombante\tMonster\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8201\tQuasar Storm Tempest\tQST\tes,pt,it,en\tabbreviation\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("copies"), POOL, NICKS)


@pytest.mark.parametrize("text", [
    "il mazzo rispecchia il metagame: 3 vortexian, 2 qst e tanti tributi.",
    "il mazzo rispecchia il metagame: 3x vortexian, x2 qst e tanti tributi.",
    "il mazzo rispecchia il metagame: vortexian x3, qst (x2) e tanti tributi.",  # the count after the name
    "il mazzo rispecchia il metagame: vortexian in 3x, qst 2x e tanti tributi.",
])
def test_a_lower_case_name_after_a_count_of_copies_is_the_card(index, text):
    assert [p for _, p in card_spans(index, text, "it")] == ["8202", "8201"]


@pytest.mark.parametrize("text", [
    "il mazzo rispecchia il metagame: vortexian e qst, e tanti tributi.",  # no count: the words as written
    "il mazzo rispecchia il metagame: 30 qst, e tanti tributi.",  # no count of copies a deck holds
    "il mazzo rispecchia il metagame: vortexian x30, qst 2xl e tanti tributi.",  # no count of copies after them
])
def test_a_lower_case_name_with_no_count_of_copies_is_not_read(index, text):
    assert card_spans(index, text, "it") == []


def test_a_count_before_a_word_of_the_rules_is_no_evidence_for_it(index):
    text = ("Con Vortexian la Máquina Retumbante en juego, a los jugadores se les permite 1 ataque por cada monstruo en el "
            "campo.")  # (a card named near it: a weak reading near a name found is otherwise taken)
    assert [s for s in Translator(index, "es", "en").spans(text) if s.id == "atk"] == []


@pytest.mark.parametrize("text", [
    "il mazzo rispecchia il metagame: 3x vortexian, X2 qst e tanti tributi.",  # a capitalised count
    "Il mazzo: X3 Vortexian e X2 QST.",  # no longer name's first word
])
def test_a_capitalised_count_of_copies_opens_no_longer_name(index, text):
    assert [p for _, p in card_spans(index, text, "it")] == ["8202", "8201"]


SERIES_POOL = POOL + "8203\tVortexian Gear\tEngranaje Vortexian\tEngrenagem Vortexian\tIngranaggio Vortexian\tSpell\t2\n"
SERIES = "en\tes\tpt\tit\nVortexian\tVortexian\tVortexian\tVortexian\n"


def test_a_count_of_copies_beside_a_word_of_decks_counts_a_card_not_its_series(tmp_path):
    index = small_index(tmp_path, SERIES_POOL.replace("Vortexian the Rumbling Engine\tVortexian la Máquina Retumbante\t"
                                                      "Vortexian a Máquina Retumbante\tVortexian la Macchina Rombante",
                                                      "Vortexian\tVortexian\tVortexian\tVortexian"), NICKS, SERIES)
    assert [(t, p) for t, p in card_spans(index, "Il mazzo: 3x Vortexian e 2x QST.", "it")] == [("Vortexian", "8202"),
                                                                                               ("QST", "8201")]


INITIALS_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8221\tReturn from the Distant Realm\tRegreso del Reino Lejano\tRetorno do Reino Distante\tRitorno dal Regno Lontano\tTrap\t9
8222\tQuasar Storm Tempest\tTempestad Tormenta Quásar\tTempestade Tormenta Quasar\tTempesta Tormenta Quasar\tSpell\t9
"""
INITIALS_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8221\tReturn from the Distant Realm\tRFDR\tes,pt,it,en\tabbreviation\t\t
8222\tQuasar Storm Tempest\tQST\tes,pt,it,en\tabbreviation\t\t
"""


@pytest.mark.parametrize("text, want", [
    ("il deck gioca Tempesta Tormenta Quasar e i rfdr con il quale si chiudono le partite.", ["8222", "8221"]),
    ("si chiudono le partite con i rfdr, e basta.", []),  # no card named near them: initials alone stay unread
    ("il deck gioca Tempesta Tormenta Quasar e i qst del side.", ["8222"]),  # three letters: too often a word
])
def test_initials_of_four_letters_in_lower_case_are_a_card_beside_other_cards(tmp_path, text, want):
    index = small_index(tmp_path, INITIALS_POOL, INITIALS_NICKS)
    assert [p for _, p in card_spans(index, text, "it")] == want
