"""Initials in capitals after a card named in full are that card, over another card's nickname in the same capitals
(names/discourse.py ``_initials``, issue 24): "Triple Tactics Thrust … a TTT" is Thrust, though players call Triple
Tactics Talent "TTT". The cards, nicknames and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6201\tGrim Lantern Order\tOrden de la Linterna Sombría\tOrdem da Lanterna Sombria\tOrdine della Lanterna Cupa\tTrap\t3
6202\tGilded Lyre Overture\tObertura de la Lira Dorada\tAbertura da Lira Dourada\tOuverture della Lira Dorata\tSpell\t9
6203\tQuiet Brass Warden\tGuardián de Latón Silencioso\tGuardião de Latão Silencioso\tGuardiano d'Ottone Quieto\tMonster\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
6202\tGilded Lyre Overture\tGLO\tes,pt,it,en\tabbreviation\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("initials"), POOL, nicknames=NICKS)


def test_a_nickname_in_capitals_alone_is_its_card(index):
    got = card_spans(index, "Invoco Quiet Brass Warden y después activo GLO en la Battle Phase.", "es")
    assert ("GLO", "6202") in got, got


@pytest.mark.parametrize("text, lang", [
    ("Chega também Grim Lantern Order, uma armadilha nova. No entanto, a GLO também serve ao primeiro jogador.", "pt"),
    ("Uso Orden de la Linterna Sombría en el side. La GLO para un ataque cada turno.", "es"),  # initials of the English
])
def test_the_initials_of_a_card_named_in_full_are_it_over_another_cards_nickname(index, text, lang):
    got = card_spans(index, text, lang)
    assert ("GLO", "6201") in got and ("GLO", "6202") not in got, got


@pytest.mark.parametrize("text", [
    "GLO en la mano; luego invoco Grim Lantern Order.",  # written before the name: the nickname stays
    "Juego Grim Lantern Order y Gilded Lyre Overture. GLO gana siempre.",  # the initials of both cards named: the nickname's
])
def test_initials_before_the_name_or_shared_by_two_cards_named_stay_the_nickname(index, text):
    got = card_spans(index, text, "es")
    assert ("GLO", "6202") in got, got


@pytest.mark.parametrize("text, lang", [
    ("Começo com Grim Lantern Order (GrLO não: GLO) e depois ataco.", "pt"),  # in capitals
    ("Começo o jogo com Zyr of the Ashen Court (ZotAC) na mão. O ZotAC resolve.", "pt"),  # the small words in lower case
])
def test_initials_with_the_small_words_in_lower_case_are_the_card_named_in_full(initials_index, text, lang):
    got = card_spans(initials_index, text, lang)
    assert any(t in ("GLO", "ZotAC") for t, _ in got), got


@pytest.mark.parametrize("text", [
    "Começo o jogo com Zyr of the Ashen Court. Depois o Zotac resolve.",  # one capital: a word, no initials
    "Começo o jogo com Zyr of the Ashen Court. Depois o ZoTac resolve.",  # two capitals
])
def test_a_word_with_fewer_than_three_capitals_is_no_initials(initials_index, text):
    assert [t for t, _ in card_spans(initials_index, text, "pt")] == ["Zyr of the Ashen Court"]


@pytest.fixture(scope="module")
def initials_index(tmp_path_factory):
    pool = POOL + "6204\tZyr of the Ashen Court\tZyr de la Corte Cenicienta\tZyr da Corte Cinzenta\tZyr della Corte Cinerea\tMonster\t3\n"
    return small_index(tmp_path_factory.mktemp("initials-mixed"), pool, nicknames=NICKS)
