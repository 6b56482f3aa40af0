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
