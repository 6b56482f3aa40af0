"""Names a card has only in a video game (Master Duel): recorded by `new card`, kept by every KB card that
says so, and the same as the card pool's (issue 25, "Names from the video game")."""
from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from ygorules.core.kb import load_kb
from ygorules.core.loader import parse
from ygorules.edit.scaffold import GAME_SOURCE, card_template
from ygorules.names.table import CardRecord

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared")) / "data"


def test_a_new_card_records_its_master_duel_names_as_video_game_spellings_citing_the_source():
    record = CardRecord("9267769", "trap", {"es": "Destello", "pt": None, "it": "Granata Accecante", "en": "Flashbang"},
                        {"pt": "Granada de Atordoamento"})
    data = parse(card_template("flashbang", record), "x").data
    assert data["names"]["pt"] is None and data["absent"] == {"pt": "video-game-only"}
    assert data["spellings"] == [{"text": "Granada de Atordoamento", "lang": "pt", "kind": "video-game",
                                  "source": GAME_SOURCE, "where": "card 9267769"}]
    # a kb without that source: the absence only, as before
    assert parse(card_template("flashbang", record, None), "x").data["spellings"] == []
    # never printed and no game name: nothing to record
    plain = CardRecord("7165085", "trap", {"es": "Muñeca Señuelo", "pt": None, "it": None, "en": "Bait Doll"})
    data = parse(card_template("bait-doll", plain), "x").data
    assert data["absent"] == {"pt": "never-printed", "it": "never-printed"} and data["spellings"] == []


def test_the_kb_has_the_source_new_card_cites():
    assert GAME_SOURCE in load_kb(ROOT / "kb").sources


def test_every_card_never_printed_in_a_language_but_named_there_in_the_game_shows_that_name():
    kb = load_kb(ROOT / "kb")
    missing = [(c.id, l) for c in kb.cards.values() for l, why in c.absent.items()
               if why == "video-game-only" and not c.video_game_name(l)]
    assert not missing, f"record the Master Duel name as a spelling of kind video-game: {missing}"


@pytest.mark.shared
@pytest.mark.skipif(not (SHARED_DATA / "cardnames.tsv").is_file(), reason="../shared/data is absent")
def test_the_kb_game_names_are_the_card_pool_names():
    with open(SHARED_DATA / "cardnames.tsv", encoding="utf-8", newline="") as f:
        rows = {r["id"]: r for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)}
    kb = load_kb(ROOT / "kb")
    wrong = [(c.id, l, c.video_game_name(l), rows[str(int(c.passcode))][l]) for c in kb.cards.values() if c.passcode
             for l in c.absent if c.video_game_name(l) and c.video_game_name(l) != rows[str(int(c.passcode))][l]]
    assert not wrong
