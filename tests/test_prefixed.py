"""A series member written as its series, a dash and its head (names/prefixed.py, issue 24): "Blackwing - Shura" is
Blackwing - Shura the Blue Flame, "Blackwing - Blizzard" is no longer the card Blizzard. The cards are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7301\tDuskwing - Vell the Night Rider\tAlaocaso - Vell el Jinete Nocturno\tAsocaso - Vell o Cavaleiro Noturno\tAlatramonto - Vell il Cavaliere Notturno\tMonster\t6
7302\tDuskwing - Brume the Far East\tAlaocaso - Bruma del Lejano Este\tAsocaso - Bruma do Extremo Leste\tAlatramonto - Bruma del Lontano Est\tMonster\t6
7303\tBrume\tBrume\tBrume\tBrume\tSpell\t9
7304\tNight Rider Lance\tLanza del Jinete Nocturno\tLança do Cavaleiro Noturno\tLancia del Cavaliere Notturno\tSpell\t6
"""
SERIES = """en\tes\tpt\tit
Duskwing\tAlaocaso\tAsocaso\tAlatramonto
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("prefixed"), POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n",
                       SERIES)


@pytest.mark.parametrize("text, lang", [
    ("O deck usa Duskwing - Vell e Duskwing - Brume no fim.", "pt"),
    ("Il mazzo usa Duskwing – Vell e Duskwing – Brume alla fine.", "it"),  # an en dash
])
def test_a_series_a_dash_and_a_head_are_the_member_of_that_name(index, text, lang):
    spans, _ = found(index, text, lang)
    assert spans == [("Duskwing - Vell", "7301"), ("Duskwing - Brume", "7302")] or \
        spans == [("Duskwing – Vell", "7301"), ("Duskwing – Brume", "7302")], spans


def test_a_head_that_begins_no_member_of_the_series_is_left_as_it_was(index):
    spans, _ = found(index, "O deck usa Duskwing - Zorn e Brume.", "pt")
    assert ("Brume", "7303") in spans and not any(t.startswith("Duskwing - ") for t, _ in spans), spans


def test_a_whole_name_is_read_as_printed(index):
    spans, _ = found(index, "O deck usa Duskwing - Vell the Night Rider.", "pt")
    assert spans == [("Duskwing - Vell the Night Rider", "7301")], spans


SPACED_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7311\tEmberwatch Corvane\tCorvane de la Vigía de Ascuas\tCorvane da Vigia das Brasas\tCorvane della Vedetta delle Braci\tMonster\t6
7312\tEmberwatch Stormhelm\tStormhelm de la Vigía de Ascuas\tStormhelm da Vigia das Brasas\tStormhelm della Vedetta delle Braci\tMonster\t6
7313\tNight Gate\tPuerta Nocturna\tPortão Noturno\tPorta Notturna\tSpell\t9
"""
SPACED_SERIES = """en\tes\tpt\tit
Emberwatch\tVigía de Ascuas\tVigia das Brasas\tVedetta delle Braci
"""


@pytest.fixture(scope="module")
def spaced_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("spaced"), SPACED_POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n",
                       SPACED_SERIES)


def test_a_series_name_and_a_member_found_right_after_it_are_the_member(spaced_index):
    text = "Mi mazo de la Vigía de Ascuas usa tres Vigía de Ascuas Corvane y dos Vigía de Ascuas Stormhelm."
    spans, _ = found(spaced_index, text, "es")
    assert spans == [("Vigía de Ascuas Corvane", "7311"), ("Vigía de Ascuas Stormhelm", "7312")], spans


def test_a_series_name_before_a_card_of_no_member_stays_apart(spaced_index):
    from ygorules.names.translate import Translator
    text = "Mi mazo de la Vigía de Ascuas usa tres Vigía de Ascuas Puerta Nocturna en la partida."
    spans = [(s.text, s.kind) for s in Translator(spaced_index, "es", "en").spans(text) if s.kind in ("card", "series")]
    assert ("Puerta Nocturna", "card") in spans and ("Vigía de Ascuas", "series") in spans, spans
