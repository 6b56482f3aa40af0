import csv
import os
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core.kb import collect
from ygorules.core.model import LANGS

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"
CARD_FILES = sorted((KB_DIR / "cards").glob("*.yaml"))
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"
ARTICLES = SHARED / "sources"

needs_shared = pytest.mark.skipif(not (DATA / "cardnames.tsv").is_file(), reason="../shared/data is absent")


@lru_cache(maxsize=1)
def real_kb():
    return collect(KB_DIR)


def card(path):
    kb, _ = real_kb()
    entry = kb.cards.get(path.stem)
    assert entry is not None, f"{path.relative_to(ROOT)} did not load; run `ygorules check` to see why"
    return entry


@lru_cache(maxsize=1)
def cardnames():
    with open(DATA / "cardnames.tsv", encoding="utf-8") as f:
        rows = {r["id"]: r for r in csv.DictReader(f, delimiter="\t")}
    with open(DATA / "cardnames_meta.tsv", encoding="utf-8") as f:
        meta = {r["id"]: r for r in csv.DictReader(f, delimiter="\t")}
    return rows, meta


def expected_names(row, meta):
    """The printed name per language from cardnames.tsv: None where the language was never printed
    or the name is only a video game's, with the reason the card entry must give under `absent`."""
    printed = set(meta["printed_langs"].split(","))
    unofficial = set(filter(None, meta["unofficial_name_langs"].split(",")))
    names, absent = {}, {}
    for lang in LANGS:
        name = row[lang] or None
        if name and lang in printed and lang not in unofficial:
            names[lang] = name
        else:
            names[lang] = None
            absent[lang] = "video-game-only" if name else "never-printed"
    return names, absent


def name_differences(entry, rows, meta):
    """Every way a card's official names or absence reasons differ from cardnames.tsv."""
    key = str(int(entry.passcode))
    if key not in rows:
        return [f"passcode {entry.passcode} is not in cardnames.tsv"]
    names, absent = expected_names(rows[key], meta[key])
    diffs = [f"names.{l}: {entry.names.get(l)!r} != {names[l]!r}" for l in LANGS if entry.names.get(l) != names[l]]
    diffs += [f"absent.{l}: {entry.absent.get(l)!r} != {absent[l]!r}" for l in absent if entry.absent.get(l) != absent[l]]
    return diffs


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.stem)
def test_card_other_spellings_have_existing_sources_and_are_not_official(path):
    kb, _ = real_kb()
    entry = card(path)
    for sp in entry.spellings:
        assert sp.source in kb.sources, f"{path.name}: spelling {sp.text!r} cites unknown source {sp.source}"
        assert sp.text != entry.names.get(sp.lang), f"{path.name}: {sp.text!r} is the official {sp.lang} name"
        if sp.collides_with:
            assert sp.collides_with in kb.cards, f"{path.name}: collides_with {sp.collides_with} is not a card"
            other = kb.cards[sp.collides_with]
            known = set(other.names.values()) | {o.text for o in other.spellings}
            assert sp.text in known, f"{path.name}: {sp.text!r} is neither a name nor a spelling of {other.id}"


def test_card_ids_are_ascii_slugs_of_the_english_name():
    kb, _ = real_kb()
    for entry in kb.cards.values():
        if entry.card_type != "archetype" and entry.names.get("en"):
            ascii_name = unicodedata.normalize("NFKD", entry.names["en"]).encode("ascii", "ignore").decode()
            words = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
            assert entry.id == words, f"kb/cards/{entry.id}.yaml: id should be {words!r}"


def test_name_differences_reports_a_wrong_name_and_a_wrong_absence():
    rows = {"79575620": {"id": "79575620", "en": "Injection Fairy Lily", "es": "Hada de la Inyección Lily",
                         "pt": "Lily, a Fada Enfermeira", "it": "Lily Iniezione Fatata"}}
    meta = {"79575620": {"printed_langs": "en,es,it", "unofficial_name_langs": ""}}

    class Entry:
        passcode = "79575620"
        names = {"es": "Hada de la Inyeccion Lily", "pt": None, "it": "Lily Iniezione Fatata", "en": "Injection Fairy Lily"}
        absent = {"pt": "never-printed"}

    assert name_differences(Entry, rows, meta) == [
        "names.es: 'Hada de la Inyeccion Lily' != 'Hada de la Inyección Lily'",
        "absent.pt: 'never-printed' != 'video-game-only'",
    ]


@pytest.mark.shared
@needs_shared
def test_official_card_names_match_cardnames_tsv():
    kb, _ = real_kb()
    rows, meta = cardnames()
    diffs = [f"kb/cards/{c.id}.yaml: {d}" for c in kb.cards.values() if c.card_type != "archetype"
             for d in name_differences(c, rows, meta)]
    assert diffs == []


@pytest.mark.shared
@needs_shared
def test_archetype_names_match_seriesnames_tsv():
    kb, _ = real_kb()
    with open(DATA / "seriesnames.tsv", encoding="utf-8") as f:
        series = {r["en"]: r for r in csv.DictReader(f, delimiter="\t")}
    for c in kb.cards.values():
        if c.card_type == "archetype":
            row = series.get(c.names.get("en"))
            assert row is not None, f"kb/cards/{c.id}.yaml: {c.names.get('en')!r} is not in seriesnames.tsv"
            assert {l: c.names.get(l) for l in LANGS} == {l: row[l] or None for l in LANGS}, f"kb/cards/{c.id}.yaml"


@pytest.mark.shared
@pytest.mark.skipif(not ARTICLES.is_dir(), reason="../shared/sources is absent")
def test_every_spelling_is_written_at_the_line_it_cites():
    kb, _ = real_kb()
    files = {s.id: ARTICLES / s.file for s in kb.sources.values() if s.file}
    wrong = []
    for c in kb.cards.values():
        for sp in c.spellings:
            m = re.fullmatch(r"L(\d+)", sp.where or "")
            if sp.source not in files or not m:
                continue
            lines = files[sp.source].read_text(encoding="utf-8").split("\n")
            line = int(m.group(1))
            if not (0 < line <= len(lines) and sp.text in lines[line - 1]):
                wrong.append(f"kb/cards/{c.id}.yaml: {sp.text!r} is not on {sp.where} of {sp.source}")
    assert wrong == []
