"""Every card (issue 23): facts derived at import, `can` for an imported card, `export --pool`.

The pool is tests/_pool_fixtures.py: made-up cards with PSCT-like texts written for these tests.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from _pool_fixtures import BROKEN, CARDS, write_pool
from ygorules import __version__
from ygorules.cli import main
from ygorules.names.facts_store import open_store, store_path

ROOT = Path(__file__).resolve().parents[1]
REAL = str(ROOT / "kb")
SAMPLE = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared")) / "data" / "yaml-yugi-sample"


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "no-default-table.tsv.gz"))


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    """(table path, stdout, stderr, exit code) of one import of the fixture pool, broken file included."""
    import contextlib
    import io

    d = tmp_path_factory.mktemp("pool")
    write_pool(d / "yaml-yugi")
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        mp.setenv("YGORULES_CACHE", str(d / "cache"))
        code = main(["names", "import", "yaml-yugi", str(d / "yaml-yugi"), "-o", str(d / "names.tsv.gz")])
    return d / "names.tsv.gz", out.getvalue(), err.getvalue(), code, d


def can(capsys, *args):
    code = main(["can", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


# ── the import ────────────────────────────────────────────────────────────────

def test_import_writes_the_store_with_its_origin_counts_and_no_text(pool):
    table, out, err, code, d = pool
    store = open_store(table)
    assert store is not None and store.path == store_path(table) == Path(str(table) + ".facts.sqlite")
    assert store.origin() == {"dataset": "yaml-yugi", "commit": None, "method": "derived", "version": __version__}
    counts = json.loads(store.meta["counts"])
    assert counts["cards"] == len(CARDS) == len(store) and counts["with_unknown"] == 2  # Murmur Tortoise, Blank Scroll
    assert f"derived the facts of {len(CARDS)} cards" in out and "2 with a clause not understood (33.3%)" in out
    assert "patterns (cards each decides something for): " in out and "attack-declared 1" in out
    ward = store.get("90000002")
    assert ward.card_type == "trap" and ward.confidence == "high" and ward.unknown == []
    assert ward.facts["effects"][0]["when"] == "attack-declared" and ward.facts["effects"][0]["player"] == "opponent"
    tortoise = store.get("90000003")
    assert tortoise.confidence == "low" and tortoise.unknown == [["event-trigger", "the event of a trigger effect is not recognised"]]
    assert store.get("90000004").unknown == [["no-text", "no English text"]] and store.get("90000004").confidence == "low"
    assert store.get("nope") is None
    raw = store.path.read_bytes()  # facts only: no sentence of any card text, not even the part the reader did not read
    for card in CARDS.values():
        for sentence in (card.get("text") or {}).get("en", "").split(". "):
            assert sentence.encode() not in raw or not sentence
    assert b"tide turns" not in raw and b"moon" not in raw


def test_a_broken_card_file_is_reported_and_the_import_goes_on(pool):
    table, out, err, code, d = pool
    broken = d / "yaml-yugi" / "data" / "cards" / BROKEN
    assert code == 1  # problems found: the table and the store are written all the same
    assert f"{broken}:2:33: Expecting property name enclosed in double quotes → fix or remove the file; the import went on without it" in err
    assert f"wrote {len(CARDS)} cards" in out and "1 card file could not be read (listed above); the other cards were imported" in out
    assert table.is_file() and store_path(table).is_file()
    assert not [p for p in table.parent.iterdir() if p.name.endswith(".tmp")]  # no half file left behind


def test_import_without_broken_files_exits_0_and_lists_what_it_did_not_read(tmp_path, capsys):
    write_pool(tmp_path / "y", broken=False)
    assert main(["names", "import", "yaml-yugi", str(tmp_path / "y"), "-o", str(tmp_path / "n.tsv.gz")]) == 0
    out = capsys.readouterr().out
    assert f"{tmp_path / 'y' / 'data' / 'cards' / '90000003.json'}: a clause not understood: the event of a trigger effect is not recognised" in out
    assert f"{tmp_path / 'y' / 'data' / 'cards' / '90000004.json'}: no facts: no English text" in out


def test_the_commit_of_a_yaml_yugi_checkout_is_recorded(tmp_path, capsys):
    repo = write_pool(tmp_path / "yaml-yugi", broken=False)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    try:
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "add", "."], check=True)
        subprocess.run([*git, "commit", "-qm", "cards"], check=True)
        sha = subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("git is not available")
    for source in (repo, repo / "data" / "cards"):
        assert main(["names", "import", "yaml-yugi", str(source), "-o", str(tmp_path / "n.tsv.gz")]) == 0
        assert open_store(tmp_path / "n.tsv.gz").origin()["commit"] == sha
    inner = tmp_path / "yaml-yugi" / "data" / "cards" / "sub"  # card files inside another checkout: no commit of the data set
    inner.mkdir()
    (inner / "1.json").write_text(json.dumps({"password": 1, "name": {"en": "A"}, "card_type": "Trap", "property": "Normal",
                                              "text": {"en": "Draw 1 card."}}), encoding="utf-8")
    assert main(["names", "import", "yaml-yugi", str(inner), "-o", str(tmp_path / "m.tsv.gz")]) == 0
    assert open_store(tmp_path / "m.tsv.gz").origin()["commit"] is None


def test_a_tsv_import_writes_no_facts_says_so_and_drops_facts_of_the_table_it_replaces(tmp_path, capsys):
    write_pool(tmp_path / "y", broken=False)
    table = tmp_path / "n.tsv.gz"
    assert main(["names", "import", "yaml-yugi", str(tmp_path / "y"), "-o", str(table)]) == 0
    assert store_path(table).is_file()
    (tmp_path / "p.tsv").write_text("id\ten\tes\tpt\tit\n90000002\tLantern Ward\t\t\t\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["names", "import", "tsv", str(tmp_path / "p.tsv"), "-o", str(table)]) == 0
    out = capsys.readouterr().out
    assert "no card facts: a tsv file has no card texts" in out and not store_path(table).exists()
    code, _, err = can(capsys, "Lantern Ward", "--kb", REAL, "--names", str(table))
    assert code == 1 and "the imported table has no card facts" in err


def test_a_damaged_store_is_an_error_naming_the_fix(tmp_path, capsys):
    from ygorules.core.errors import YgoError

    bad = tmp_path / "n.tsv.gz.facts.sqlite"
    bad.write_bytes(b"not a database at all, just some bytes" * 10)
    with pytest.raises(YgoError) as exc:
        open_store(tmp_path / "n.tsv.gz")
    assert "ygorules names import yaml-yugi DIR" in exc.value.problems[0].fix


# ── can ───────────────────────────────────────────────────────────────────────

def test_can_answers_a_pool_card_as_a_kb_card_with_the_derived_line(capsys, pool):
    table = str(pool[0])
    code, out, err = can(capsys, "Lantern Ward", "--kb", REAL, "--names", table)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Lantern Ward (90000002): Normal Trap, Spell Speed 2"
    assert lines[1] == "Derived from the card's official text by the card-text reader; not reviewed (confidence: high)."
    assert "Attack declaration [battle-step.attack-declaration]: only if an opponent's monster declares an attack" in lines
    assert "  Rule: attack-declaration-single-chain; Sources: " in "\n".join(l[:len("  Rule: attack-declaration-single-chain; Sources: ")] for l in lines)
    assert "Start Step [start-step]: no" in lines
    code, out, _ = can(capsys, "Custodia de Farol", "battle-step.attack-declaration", "--kb", REAL, "--names", table, "--lang", "es")
    assert code == 0
    assert out.splitlines()[0] == "Custodia de Farol (90000002): Trampa Normal, Velocidad de Hechizo 2"
    assert out.splitlines()[1] == "Deducido del texto oficial de la carta por el lector de textos de carta; sin revisar (confianza: alta)."
    assert "Declaración de ataque [battle-step.attack-declaration]: solo si " in out and "Regla: attack-declaration-single-chain" in out


@pytest.mark.parametrize("lang, verdict", [("en", "only-if"), ("pt", "only-if")])
def test_can_json_of_a_pool_card_has_origin_and_confidence(capsys, pool, lang, verdict):
    code, out, _ = can(capsys, "Lantern Ward", "battle-step.attack-declaration", "--kb", REAL, "--names", str(pool[0]), "--json",
                       "--lang", lang)
    doc = json.loads(out)
    assert code == 0 and doc["card"] == "90000002" and doc["origin"] == "derived" and doc["confidence"] == "high"
    assert doc["text"] == "official"  # read from the card's official text
    assert doc["derived_from"] == {"dataset": "yaml-yugi", "commit": None, "method": "derived", "version": __version__}
    [a] = doc["answers"]
    assert a["verdict"] == verdict and a["rule"] == "attack-declaration-single-chain"
    from ygorules.core import conditions  # the KB's renderer, on the stored facts
    want = conditions.render(open_store(pool[0]).get("90000002").facts["effects"][0], "battle-step.attack-declaration")[lang]
    assert a["condition"] == want and (lang != "en" or want == "an opponent's monster declares an attack")


def test_a_clause_not_understood_is_an_unknown_verdict_never_a_guess(capsys, pool):
    table = str(pool[0])
    code, out, _ = can(capsys, "Murmur Tortoise", "--kb", REAL, "--names", table, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["confidence"] == "low"
    assert {a["verdict"] for a in doc["answers"]} == {"unknown"}
    assert all(a["rule"] is None and "did not recognise the activation condition of one of this card's Trigger Effects" in a["reason"]
               for a in doc["answers"])
    code, out, _ = can(capsys, "Tortuga Murmullo", "damage-step.end", "--kb", REAL, "--names", table, "--lang", "es")
    assert "Final del Damage Step [damage-step.end]: desconocido" in out and "no reconoció la condición de activación" in out
    assert "Regla:" not in out
    code, out, _ = can(capsys, "Blank Scroll", "--kb", REAL, "--names", table, "--json")  # no text at all: every timing
    doc = json.loads(out)
    assert {a["verdict"] for a in doc["answers"]} == {"unknown"}
    assert "no English text for this card" in doc["answers"][0]["reason"]


def test_an_unknown_effect_does_not_hide_what_the_read_effects_already_allow(capsys, tmp_path):
    """A card whose read effect already says yes at a timing is yes there; unknown only where the unread one could say more."""
    from ygorules.commands import _pool
    from ygorules.core.kb import load_kb
    from ygorules.names.facts_store import Stored

    kb = load_kb(REAL)
    facts = {"monster": ["effect"], "effects": [
        {"kind": "quick", "speed": 2, "confidence": "high"},
        {"kind": "trigger", "speed": 1, "unknown": "event", "mandatory": False, "confidence": "low"}]}
    card = _pool.pool_card(Stored("1", "monster", facts, "low", [["event-trigger", "x"]]))
    got = {a.timing: a.verdict for a in _pool.answers(kb, card, [["event-trigger", "x"]], ("start-step", "damage-step.end"))}
    assert got == {"start-step": "yes", "damage-step.end": "unknown"}


@pytest.mark.parametrize("cause, doubted", [
    ("", True),  # no cause named: a battle may destroy it too, and only a ruling says whether the card answers that there
    (" by a card effect", False),
    (" by battle", False),
])
def test_a_card_activated_on_a_destruction_of_no_named_cause_is_unknown_only_in_the_damage_step(cause, doubted):
    """R15 allows some such cards in the Damage Step by ruling (Chthonian Blast) and not others: there the answer is
    unknown with that reason; outside the Damage Step the card answers as read."""
    from ygorules.cardtext import derive
    from ygorules.commands import _pool
    from ygorules.core.activation import DAMAGE_STEP, TIMINGS
    from ygorules.core.kb import load_kb
    from ygorules.names.facts_store import Stored

    d = derive({"card_type": "Trap", "property": "Normal",
                "text": {"en": f"When a face-up monster you control is destroyed{cause}: Destroy 1 monster on the field."}})
    codes = [list(_pool.classify(r)) for r in d.unknown]
    assert [c for c, _why in codes] == (["damage-step-ruling"] if doubted else [])
    card = _pool.pool_card(Stored("1", "trap", d.facts, d.confidence, codes))
    got = {a.timing: a for a in _pool.answers(load_kb(REAL), card, codes, TIMINGS)}
    for t in TIMINGS:
        if t == "damage-step.during-damage-calculation":
            assert got[t].verdict == "no", t  # no ruling reaches there: the rule of damage calculation decides, as read
        elif t in DAMAGE_STEP and doubted:
            assert got[t].verdict == "unknown" and got[t].rule is None, t
            assert "depends on the card's rulings" in got[t].reason["en"] and "reglas" not in got[t].reason["en"]
        elif t in DAMAGE_STEP and cause == " by a card effect":
            assert got[t].verdict == "no", t
        elif t not in DAMAGE_STEP and cause != " by battle":
            assert got[t].verdict == "only-if", t  # the destruction may happen anywhere in the Battle Step: as read
    if cause == " by battle":
        assert got["damage-step.end"].verdict == "only-if"  # a destruction by battle: an event of the Damage Step (R15)


def test_kb_facts_win_over_derived_ones(capsys, pool):
    code, out, _ = can(capsys, "Mirror Force", "battle-step.attack-declaration", "--kb", REAL, "--names", str(pool[0]), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["card"] == "mirror-force" and doc["origin"] == "kb" and doc["confidence"] is None and doc["text"] is None
    assert doc["answers"][0]["verdict"] == "only-if"  # the KB's facts; the pool file says only "draw 1 card"


def test_a_named_pool_card_in_a_condition_is_given_its_official_name_in_the_language(capsys, pool):
    code, out, _ = can(capsys, "Bell Chime Guard", "battle-step.attack-declaration", "--kb", REAL, "--names", str(pool[0]),
                       "--json", "--lang", "es")
    cond = json.loads(out)["answers"][0]["condition"]
    assert code == 0 and "Duende Pluma del Valle de Ascuas" in cond and "Quill Sprite" not in cond


# ── export --pool ─────────────────────────────────────────────────────────────

def test_export_pool_writes_the_whole_matrix(capsys, pool, tmp_path):
    target = tmp_path / "pool.json"
    assert main(["export", "--pool", "--kb", REAL, "--names", str(pool[0]), "-o", str(target)]) == 0
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["schema_version"] == 1 and len(doc["timings"]) == 10 and doc["languages"] == ["es", "pt", "it", "en"]
    assert doc["origin"]["derived"]["dataset"] == "yaml-yugi"
    cards = doc["cards"]
    assert cards["mirror-force"]["origin"] == "kb" and "44095762" not in cards  # the KB card, once
    ward = cards["90000002"]
    assert ward["origin"] == "derived" and ward["confidence"] == "high" and ward["names"]["es"] == "Custodia de Farol"
    assert [a["timing"] for a in ward["answers"]] == doc["timings"]
    at = ward["answers"][2]
    assert at["verdict"] == "only-if" and at["condition"]["it"] and at["rule"] == "attack-declaration-single-chain"
    reason = doc["reasons"][at["reason"]]
    assert reason["rule"] == at["rule"] and set(reason["text"]) == {"es", "pt", "it", "en"} and reason["sources"]
    assert {a["verdict"] for a in cards["90000003"]["answers"]} == {"unknown"}
    assert doc["counts"] == {"kb": sum(1 for c in cards.values() if c["origin"] == "kb"), "derived": 5, "unknown_cards": 2}
    assert "wrote the answers of" in capsys.readouterr().err


def test_export_pool_without_facts_says_how_to_get_them(capsys, tmp_path):
    assert main(["export", "--pool", "--kb", REAL, "--names", str(tmp_path / "none.tsv.gz")]) == 1
    assert "ygorules names import yaml-yugi DIR" in capsys.readouterr().err


# ── the sample files of the real data set (skipped without ../shared) ─────────

@pytest.mark.shared
@pytest.mark.skipif(not SAMPLE.is_dir(), reason="../shared/data/yaml-yugi-sample is absent")
def test_the_yaml_yugi_sample_imports_with_facts_for_every_card(tmp_path, capsys):
    assert main(["names", "import", "yaml-yugi", str(SAMPLE), "-o", str(tmp_path / "n.tsv.gz")]) == 0
    store = open_store(tmp_path / "n.tsv.gz")
    assert len(store) == len(list(SAMPLE.glob("*.json"))) == 5
    assert all(s.facts.get("effects") is not None and s.confidence in ("high", "medium", "low") for s in store)
    texts = [json.loads(p.read_text(encoding="utf-8")).get("text", {}).get("en") or "" for p in SAMPLE.glob("*.json")]
    raw = store.path.read_bytes()
    assert not any(t[:40].encode() in raw for t in texts if len(t) > 40)


# ── a card printed only in Japanese: its English name is an unofficial translation (kept, marked) ──

def test_an_ocg_only_card_is_kept_by_its_unofficial_translation_found_by_can_and_lookup_never_shown_as_official(tmp_path, capsys):
    cards = tmp_path / "y" / "data" / "cards"
    cards.mkdir(parents=True)
    doc = {"konami_id": 1, "password": 90000011, "name": {"en": "Harbor Wyrm of the Tidal Gate", "ja": "港の竜"},
           "card_type": "Trap", "property": "Normal", "sets": {"ja": [{"set_number": "X-JP001"}]},
           "is_translation_unofficial": {"name": {"en": True}, "text": {"en": True}},
           "text": {"en": "When an opponent's monster declares an attack: Destroy that attacking monster."}}
    (cards / "90000011.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    table = tmp_path / "n.tsv.gz"
    assert main(["names", "import", "yaml-yugi", str(tmp_path / "y"), "-o", str(table)]) == 0
    out, err = capsys.readouterr()
    assert "wrote 1 cards" in out and "unofficial translations (" in err and "en 1, of 1 card with no other name" in err
    assert open_store(table).get("90000011").confidence == "low"  # read from the data set's translation, not an official text
    code, out, err = can(capsys, "Harbor Wyrm of the Tidal Gate", "battle-step.attack-declaration", "--kb", REAL, "--names", str(table), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["card"] == "90000011" and doc["confidence"] == "low" and doc["answers"][0]["verdict"] == "only-if"
    assert doc["origin"] == "derived" and doc["text"] == "unofficial-translation"  # which text the facts were read from
    # the text answer heads the card with that name, marked, in the reader's language; never with its passcode alone
    code, out, err = can(capsys, "Harbor Wyrm of the Tidal Gate", "--kb", REAL, "--names", str(table), "--lang", "es")
    assert code == 0 and out.splitlines()[0].startswith("Harbor Wyrm of the Tidal Gate (traducción no oficial, nunca impresa) (90000011): ")
    assert out.splitlines()[1] == ("Deducido de una traducción no oficial del texto de la carta (la del propio conjunto de datos, para "
                                   "una carta nunca impresa en inglés) por el lector de textos de carta; sin revisar (confianza: baja).")
    for lang, words in (("en", "Derived from an unofficial translation of the card's text"), ("pt", "Deduzido de uma tradução não oficial"),
                        ("it", "Dedotto da una traduzione non ufficiale")):
        code, out, err = can(capsys, "Harbor Wyrm of the Tidal Gate", "--kb", REAL, "--names", str(table), "--lang", lang)
        assert code == 0 and out.splitlines()[1].startswith(words) and "official text" not in out.splitlines()[1]
    assert main(["lookup", "harbor wyrm of the tidal gate", "--kb", REAL, "--names", str(table)]) == 0
    shown = capsys.readouterr().out
    assert "Harbor Wyrm of the Tidal Gate (unofficial translation)" in shown and "(en, fan-translation)" in shown
    assert "en  Harbor Wyrm of the Tidal Gate  (unofficial translation, never printed)" in shown
    assert "es  — (no official name)" in shown
