"""Where a name found ends and begins in the text (translate._closing, issue 24): a card found from the inside of its
written name takes in the quote its name opens with, the series written before the word it was found by, and the
rest of its name written after that word, so that the replacement writes no mark or word twice. Names are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from ygorules.names.translate import Translator, translate

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8001\t"Q" Spore Engine\tMotor de Esporas "Q"\tMotor de Esporos "Q"\tMotore di Spore "Q"\tSpell\t9
8002\tXX-Blade Faultrick\tXX-Hoja Faultrick\tXX-Lâmina Faultrick\tXX-Lama Faultrick\tMonster\t9
8003\tRank-Down-Spell Zorvan's Force\tHechizo-Rango-Abajo Fuerza de Zorvan\tMagia-Rank-Baixo Força de Zorvan\tMagia-Rango-Giù Forza di Zorvan\tSpell\t9
8004\tPlain Warden\tGuardián Llano\tGuardião Plano\tGuardiano Piano\tMonster\t9
"""
SERIES = """en\tes\tpt\tit
X-Blade\tX-Hoja\tX-Lâmina\tX-Lama
Rank-Down-Spell\tHechizo-Rango-Abajo\tMagia-Rank-Baixo\tMagia-Rango-Giù
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8002\tXX-Blade Faultrick\tFaultrick\tes,pt,it,en\tnickname\t\t
8003\tRank-Down-Spell Zorvan's Force\tZorvan\tes,pt,it,en\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("closing"), POOL, NICKS, SERIES)


@pytest.mark.parametrize("text, dst, want", [
    ('Mi carta favorita es «"Q" Spore Engine» desde siempre.', "es", 'Mi carta favorita es «Motor de Esporas "Q"» desde siempre.'),
    ('Mi carta favorita es «"Q" Spore Engine» desde siempre.', "en", 'Mi carta favorita es «"Q" Spore Engine» desde siempre.'),
    ("Uso dos copias de X-Blade Faultrick en el mazo.", "en", "Uso dos copias de XX-Blade Faultrick en el mazo."),
    ("Uso dos copias de X-Blade Faultrick en el mazo.", "it", "Uso dos copias de XX-Lama Faultrick en el mazo."),
    ("Activo la Rank-Down-Spell Zorvan' Force y gano.", "en", "Activo la Rank-Down-Spell Zorvan's Force y gano."),
    ("Activo la Rank-Down-Spell Zorvan Force y gano.", "it", "Activo la Magia-Rango-Giù Forza di Zorvan y gano."),
])
def test_a_card_found_inside_its_written_name_takes_the_rest_of_it_in(index, text, dst, want):
    assert translate(index, text, "es", dst)[0] == want


def test_a_series_before_a_card_whose_name_does_not_hold_it_stays_a_series(index):
    spans = Translator(index, "es", "en").spans("Juego X-Blade Faultrick y Rank-Down-Spell Guardián Llano.")
    assert [(s.text, s.kind) for s in spans][-2:] == [("Rank-Down-Spell", "series"), ("Guardián Llano", "card")]
