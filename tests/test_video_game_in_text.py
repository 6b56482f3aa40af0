"""A card of the video games only (never printed: Forbidden Memories' "Mon Larvas") named in English inside es/pt/it
text is that card, as in English text; with no official name in any language, the text keeps its name. The cards are
made up."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7201\tMon Varvas\tLunes Varvas\tVarvas Mon\tVarva Mon\tMonster\t0
7202\tOrbit Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t6
"""
META = "id\tcard_type\tprinted_langs\tunofficial_name_langs\n7201\tMonster\t\t\n7202\tSpell\ten,es,pt,it\t\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("video-game")
    (tmp / "pool_meta.tsv").write_text(META, encoding="utf-8")
    return small_index(tmp, POOL, "")


@pytest.mark.parametrize("text, lang", [
    ("No Forbidden Memories eu fundia Mon Varvas com a Lanterna Orbital.", "pt"),
    ("En Forbidden Memories fusionaba Mon Varvas con la Linterna Orbital.", "es"),
    ("In Forbidden Memories fondevo Mon Varvas con la Lanterna Orbitale.", "it"),
    ("In Forbidden Memories I fused Mon Varvas with Orbit Lantern.", "en"),
])
def test_a_video_game_cards_english_name_is_that_card_and_stays_as_written(index, text, lang):
    from ygorules.names.translate import Translator
    for dst in ("en", "es", "pt", "it"):
        got = [(s.text, s.passcodes[0], s.variant, s.replacement) for s in Translator(index, lang, dst).spans(text)
               if s.kind == "card" and s.passcodes[0] == "7201"]
        assert got == [("Mon Varvas", "7201", "video-game", "Mon Varvas")], (dst, got)
