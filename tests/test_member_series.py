"""A series member found by a nickname names its series too, so the other members may be named by their own word
(translate + names/discourse.member_series, issue 24). The cards, series, nickname and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7001\tTirra, Brightoath Archer\tTirra, Arquera Brightoath\tTirra, Arqueira Brightoath\tTirra, Arciere Brightoath\tMonster\t6
7002\tVessa, Brightoath Healer\tVessa, Sanadora Brightoath\tVessa, Curandeira Brightoath\tVessa, Guaritrice Brightoath\tMonster\t4
7003\tVessa, Gloomveil Witch\tVessa, Bruja Gloomveil\tVessa, Bruxa Gloomveil\tVessa, Strega Gloomveil\tMonster\t4
"""
SERIES = """en\tes\tpt\tit
Brightoath\tBrightoath\tBrightoath\tBrightoath
Gloomveil\tGloomveil\tGloomveil\tGloomveil
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
7001\tTirra, Brightoath Archer\tTirrona\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("members"), POOL, NICKS, SERIES)


@pytest.mark.parametrize("text, lang", [
    ("Abro con Tirrona y después Vessa cura todo.", "es"),
    ("Vessa chega depois, mas a Tirrona é a chave.", "pt"),  # the nickname after the member
])
def test_a_member_found_by_a_nickname_names_its_series(index, text, lang):
    got = card_spans(index, text, lang)
    assert ("Tirrona", "7001") in got and ("Vessa", "7002") in got


def test_without_a_member_or_the_series_the_shared_word_is_no_card(index):
    assert ("Vessa", "7002") not in card_spans(index, "Después Vessa cura todo.", "es")
