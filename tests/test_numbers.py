"""A Number card named without its number (names/numbers.py, issue 24): "Tidewheel Oracle" for "Number 61: Tidewheel
Oracle". The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6001\tNumber 61: Tidewheel Oracle\tNúmero 61: Oráculo Rueda de Marea\tNúmero 61: Oráculo Roda da Maré\tNumero 61: Oracolo Ruota di Marea\tMonster\t4
6002\tNumber C61: Tidewheel Oracle Abyss\tNúmero C61: Oráculo Rueda de Marea Abismal\tNúmero C61: Oráculo Roda da Maré Abissal\tNumero C61: Oracolo Ruota di Marea Abissale\tMonster\t2
6003\tGlimmer Harrow\tGrada Destellante\tGrade Cintilante\tErpice Scintillante\tSpell\t5
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("numbers"), POOL)


@pytest.mark.parametrize("text, lang, want", [
    ("El rival sacó Tidewheel Oracle en su primer turno.", "es", ("Tidewheel Oracle", "6001")),
    ("Depois ele invocou o Oráculo Roda da Maré e passou.", "pt", ("Oráculo Roda da Maré", "6001")),
    ("Poi evoca Oracolo Ruota di Marea Abissale sopra l'altro.", "it", ("Oracolo Ruota di Marea Abissale", "6002")),
])
def test_a_number_named_without_its_number_is_the_card(index, text, lang, want):
    assert want in card_spans(index, text, lang)


@pytest.mark.parametrize("text, lang", [
    ("El torneo Tidewheel Oracle Cup fue ayer.", "es"),  # the start of a longer capitalised name
    ("Ganó el Gran Tidewheel Oracle del año.", "es"),  # the end of one
    ("Il tidewheel oracle non c'entra.", "it"),  # in lower case
])
def test_the_rest_of_a_numbers_name_inside_a_longer_name_or_in_lower_case_is_not_the_card(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, sorts", [
    ("Activé Grada Destellante y pasé el turno.", "es", 0),  # no rest of a Number's name: the names found are not sorted
    ("El rival sacó Tidewheel Oracle en su primer turno.", "es", 1),  # one rest: sorted once, where it is read
    ("Tidewheel Oracle y luego Tidewheel Oracle otra vez.", "es", 1),  # two: still once
])
def test_the_names_found_are_sorted_only_where_a_rest_of_a_numbers_name_is_read(index, text, lang, sorts, monkeypatch):
    from ygorules.names import numbers

    calls = []
    taken_of = numbers.taken_of
    monkeypatch.setattr(numbers, "taken_of", lambda tr, spans: calls.append(1) or taken_of(tr, spans))
    card_spans(index, text, lang)
    assert len(calls) == sorts
