"""Figures of myths that cards are named after (names/myths.py, issue 24): beside a word of myths and no word of the
game, "Zeus" is the god and "los Aesir" the Norse gods; beside words of the game they stay the card and the series.
The cards and nicknames are made up; the figures' names are the myths'."""
from __future__ import annotations

import pytest

from ygorules.names import myths
from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8401\tStormlance Zeus Engine\tMotor Zeus Lanza Tormenta\tMotor Zeus Lança Tempestade\tMotore Zeus Lancia Tempesta\tMonster\t9
8402\tAesir Hallmarker\tMarcador Aesir\tMarcador Aesir\tMarcatore Aesir\tMonster\t5
8403\tAmaterasu\tAmaterasu\tAmaterasu\tAmaterasu\tMonster\t7
8404\tTanngrisnir of the Frost Herd\tTanngrisnir del Rebaño Gélido\tTanngrisnir do Rebanho Gélido\tTanngrisnir del Gregge Gelido\tMonster\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8401\tStormlance Zeus Engine\tZeus\tes,pt,it,en\tnickname\t\t
8404\tTanngrisnir of the Frost Herd\tTanngrisnir\tes,pt,it,en\tnickname\t\t
"""
SERIES = "en\tes\tpt\tit\nAesir\tAesir\tAesir\tAesir\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("myths"), POOL, NICKS, SERIES)


def spans(index, text, lang="es"):
    tr = Translator(index, lang, "en")
    got = [(s.text, s.id) for s in tr.spans(text) if s.kind != "term"]
    return got, [(h.text, why) for h, why in tr.held]


@pytest.mark.parametrize("text, lang", [
    ("Perseo, que acabó con la gorgona, era hijo de Zeus, padre de los dioses, y de Dánae.", "es"),
    ("Na mitologia grega, Zeus governa o Olimpo depois de vencer os titãs.", "pt"),
    ("Secondo il mito, Zeus sconfisse Crono e divenne il re degli dei.", "it"),
])
def test_a_figure_beside_a_word_of_myths_is_the_figure(index, text, lang):
    got, held = spans(index, text, lang)
    assert got == [] and [t for t, why in held if why.startswith(myths.FIGURE)] == ["Zeus"]


def test_a_figure_of_japanese_myths_beside_a_word_of_myths_is_the_figure(index):
    got, held = spans(index, "Nel mito giapponese la dea del sole Amaterasu si nascose in una grotta.", "it")
    assert got == [] and [t for t, why in held if why.startswith(myths.FIGURE)] == ["Amaterasu"]


@pytest.mark.parametrize("text, lang, figure", [
    ("Cuando Metis y Zeus hicieron que Cronos devolviera a sus hermanos, empezó la guerra.", "es", "Zeus"),
    ("Il carro di Thor è trainato dalle capre Tanngrisnir e Tanngnjóstr.", "it", "Tanngrisnir"),
])
def test_a_figure_beside_another_figure_is_the_figure(index, text, lang, figure):
    # (no word of myths: the other figure, Cronos or Thor, says the text tells a myth)
    got, held = spans(index, text, lang)
    assert got == [] and [t for t, why in held if why.startswith(myths.FIGURE)] == [figure], (got, held)


def test_a_series_of_gods_beside_a_word_of_myths_is_the_gods(index):
    got, held = spans(index, "Los dioses de Asgard eran los Aesir, y Odín reinaba sobre todos ellos en la mitología.")
    assert got == [] and any(t == "Aesir" and why.startswith(myths.FIGURE) for t, why in held)


@pytest.mark.parametrize("text", [
    "En mi deck de dioses nórdicos invoco a Zeus en el primer turno y ataco.",  # words of the game near it
    "El dios \"Zeus\" es la carta que más uso.",  # quoted, and a card word
    "Ayer saqué a Zeus del mazo y gané el torneo con él.",  # no word of myths
])
def test_a_figure_that_words_of_the_game_or_quotes_call_a_card_stays_the_card(index, text):
    got, held = spans(index, text)
    assert ("Zeus", "stormlance-zeus-engine") in got, (got, held)
