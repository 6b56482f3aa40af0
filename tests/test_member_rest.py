"""A card named by its name without its series (issue 24): the long rest of a name between two series, and the forms the
table derives from the whole pool for a card the KB holds. Card and series names are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

# 44095762 is the passcode of the fixture KB's Mirror Force: the KB card holds the table's row
POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
3001\tLunar Choir Astral Veil of Embers\tVelo Astral de las Brasas CORO Lunar\tVéu Astral das Brasas CORO Lunar\tVelo Astrale della Brace CORO Lunare\tMonster\t4
3002\tAstral Veil Warden\tGuardián Velo Astral\tGuardião Véu Astral\tGuardiano Velo Astrale\tMonster\t3
3003\tLunar Choir Herald\tHeraldo CORO Lunar\tArauto CORO Lunar\tAraldo CORO Lunare\tMonster\t3
44095762\tVellichor, Mirror of the Ramparts\tVellichor, Espejo de las Murallas\tVellichor, Espelho das Muralhas\tVellichor, Specchio dei Bastioni\tTrap\t9
"""
SERIES = """en\tes\tpt\tit
Astral Veil\tVelo Astral\tVéu Astral\tVelo Astrale
Lunar Choir\tCORO Lunar\tCORO Lunar\tCORO Lunare
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("member-rest"), POOL, series=SERIES)


def spans(index, text, src):
    return [(s.text, s.id) for s in Translator(index, src, "en").spans(text)]


def test_the_long_rest_of_a_name_between_two_series_is_the_card_with_no_series_named(index):
    # "Velo Astrale" opens the name and "CORO Lunare" ends it: the rest without the series at the end is the card's
    assert spans(index, 'Evoco il "Velo Astrale della Brace" in attacco.', "it") == \
        [("Velo Astrale della Brace", "lunar-choir-astral-veil-of-embers")]
    assert spans(index, "Invoco el Velo Astral de las Brasas en ataque.", "es") == \
        [("Velo Astral de las Brasas", "lunar-choir-astral-veil-of-embers")]


def test_a_short_rest_still_needs_its_series_named(index):
    assert spans(index, "Gioco Araldo e poi passo.", "it") == []
    assert ("Araldo", "lunar-choir-herald") in spans(index, "Nel mazzo CORO Lunare gioco Araldo e poi passo.", "it")


def test_a_short_form_the_table_derives_for_a_card_the_kb_holds_is_the_kb_cards(index):
    # the table's Vellichor row is hidden by the KB's Mirror Force (same passcode): its short form is the KB card's
    assert spans(index, "Activo Vellichor en la fase de batalla.", "es") == [("Vellichor", "mirror-force")]
    result = index.lookup("Vellichor", "es")
    assert result.matches and result.matches[0].entry.id == "mirror-force" and result.matches[0].entry.origin == "kb"
