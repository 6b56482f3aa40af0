"""A capitalised run whose head is written otherwise but whose epithet after a spaced dash is one card's own is that card
(``Translator._own_epithet``, issue 24): "Soldato dell'Oscuro Desiderio – Emissario dell'Inizio" for Glorioso Soldato
Nero - Emissario dell'Inizio. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6301\tGleaming Black Warrior - Herald of the Dawn\tGuerrero Negro Reluciente - Heraldo del Alba\tGuerreiro Negro Reluzente - Arauto da Alvorada\tGuerriero Nero Splendente - Araldo dell'Alba\tMonster\t9
6302\tAshen Knight - Keeper of the Gate\tCaballero Ceniciento - Guardián de la Puerta\tCavaleiro Cinzento - Guardião do Portão\tCavaliere Cinereo - Custode del Cancello\tMonster\t4
6303\tPale Knight - Keeper of the Gate\tCaballero Pálido - Guardián de la Puerta\tCavaleiro Pálido - Guardião do Portão\tCavaliere Pallido - Custode del Cancello\tMonster\t4
6304\tQuorlith Sentinel\tCentinela Quorlith\tSentinela Quorlith\tSentinella Quorlith\tMonster\t6
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("own_epithet"), POOL)


@pytest.mark.parametrize("text, lang, run", [
    ("Il deck gioca Sentinella Quorlith e soprattutto Soldato dell'Ombra – Araldo dell'Alba come boss.", "it",
     "Soldato dell'Ombra – Araldo dell'Alba"),
    ("Mi mazo usa la Centinela Quorlith y el Soldado Oscuro - Heraldo del Alba para cerrar.", "es",
     "Soldado Oscuro - Heraldo del Alba"),
    ("O deck usa Sentinela Quorlith, mas fecha com o Guerreiro das Trevas - Herald of the Dawn no fim.", "pt",
     "Guerreiro das Trevas - Herald of the Dawn"),  # the epithet as the English name has it
])
def test_a_head_written_otherwise_before_a_cards_own_epithet_is_the_card(index, text, lang, run):
    assert (run, "6301") in card_spans(index, text, lang)


@pytest.mark.parametrize("text", [
    "Il deck gioca Sentinella Quorlith e Cavaliere Oscuro – Custode del Cancello come boss.",  # two cards end so
    "Il deck gioca Sentinella Quorlith e Soldato dell'Ombra – Alba come boss.",  # an epithet of one word
])
def test_an_epithet_two_cards_share_or_of_one_word_names_none(index, text):
    assert [c for _, c in card_spans(index, text, "it")] == ["6304"]


def test_without_the_rule_the_run_is_no_card(index, monkeypatch):
    from ygorules.names import partial
    monkeypatch.setattr(partial, "PIECE_WORDS", 99)
    text = "Mi mazo usa la Centinela Quorlith y el Soldado Sombrío - Heraldo del Alba para cerrar."
    # (the epithet alone is the card's short form, index.DASHED_TAIL_WORDS: the head written otherwise is the rule's)
    assert card_spans(index, text, "es") == [("Centinela Quorlith", "6304"), ("Heraldo del Alba", "6301")]
