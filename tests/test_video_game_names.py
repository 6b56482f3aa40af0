"""A video game's name for a card, never printed in the text's language, written all in lower case is the words it
is made of unless quoted or called a card (names/translate.py ``_judge``, issue 24): "os duelistas lendários em
níveis diversos" are duelists. Written as a name, it is the card. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7201\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
7202\tGambler of Renown\tApostador de Renombre\tDuelistas Lendários\tGiocatore di Fama\tMonster\t2
"""
META = "id\tcard_type\tprinted_langs\tunofficial_name_langs\n7202\tMonster\ten,es,it\t\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("video-game")
    (tmp / "pool_meta.tsv").write_text(META, encoding="utf-8")  # (never printed in pt: the name is a video game's)
    return small_index(tmp, POOL, "")


def cards(index, text):
    return [(s.text, s.passcodes[0], s.variant) for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"]


def test_the_name_is_a_video_games(index):
    assert [f.variant for f in Translator(index, "pt", "en")._forms("duelistas lendarios")] == ["video-game"]


def test_a_video_games_name_in_lower_case_is_its_words(index):
    got = cards(index, "Temos a Lanterna Orbital no lixeiro e, claro, os duelistas lendários em níveis diversos.")
    assert not any(p == "7202" for _, p, _ in got), got


@pytest.mark.parametrize("text, name", [
    ("Temos a Lanterna Orbital no lixeiro e os Duelistas Lendários em níveis diversos.", "Duelistas Lendários"),
    ("Temos a Lanterna Orbital no lixeiro e a carta duelistas lendários no deck.", "duelistas lendários"),
    ("Temos a Lanterna Orbital no lixeiro e «duelistas lendários» no deck.", "duelistas lendários"),
])
def test_a_video_games_name_written_as_a_name_quoted_or_called_a_card_is_the_card(index, text, name):
    assert (name, "7202", "video-game") in cards(index, text)
