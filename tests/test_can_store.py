"""The precomputed answers of `can` (commands/_answers.py): the same bytes as the slow path, never stale, never a traceback.

Each test works on a copy of a KB whose files are aged an hour (the store does not trust a file changed within two
seconds of its stamp), with a cache folder and a name table location of its own.
"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from _pool_fixtures import CARDS, write_pool
from ygorules.cli import main
from ygorules.commands import _answers
from ygorules.core.activation import DAMAGE_STEP, TIMINGS
from ygorules.core.locales import LANGS

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "kb"
FIX = ROOT / "tests" / "fixtures" / "activation-kb"


def aged(src: Path, dest: Path) -> str:
    """A copy of the kb folder ``src`` at ``dest`` whose files were last changed an hour ago."""
    shutil.copytree(src, dest)
    old = time.time() - 3600
    for folder, _dirs, files in os.walk(dest):
        for name in files:
            os.utime(os.path.join(folder, name), (old, old))
    return str(dest)


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "no-table.tsv.gz"))


def can(capsys, *args):
    code = main(["can", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def loaded_once(monkeypatch):
    """Load each KB and name index once for the rest of the test (the slow path's answers are the same)."""
    from ygorules.core import kb as kb_module
    from ygorules.names import index as index_module

    memo: dict = {}
    real_collect, real_load = kb_module.collect, index_module.load_index

    def collect(root=None, **kw):
        key = ("kb", str(root), tuple(sorted(kw.items())))
        if key not in memo:
            memo[key] = real_collect(root, **kw)
        return memo[key]

    def load_index(kb=None, names=None, **kw):
        key = ("ix", str(kb), str(names))
        if key not in memo:
            memo[key] = real_load(kb, names, **kw)
        return memo[key]
    monkeypatch.setattr(kb_module, "collect", collect)
    monkeypatch.setattr(index_module, "load_index", load_index)


def Slow(monkeypatch):
    """The slow path only (the store neither read nor written), with the KB and the name index loaded once."""
    from ygorules.commands import can as can_module

    loaded_once(monkeypatch)
    monkeypatch.setattr(_answers.Probe, "answer", lambda self: False)
    monkeypatch.setattr(can_module, "remember", lambda *a, **k: None)


def fast_only(monkeypatch):
    """Make the slow path fail loudly: what answers after this came from the store."""
    from ygorules.core import kb as kb_module

    def boom(*a, **k):
        raise AssertionError("the slow path ran")
    monkeypatch.setattr(kb_module, "collect", boom)


def questions(kb_ids, extra_timings=()):
    for cid in kb_ids:
        for lang in LANGS:
            for timing in (None, *extra_timings):
                for as_json in (False, True):
                    yield cid, lang, timing, as_json


def ask(capsys, kb, card, lang, timing, as_json, *more):
    args = [card, *([timing] if timing else []), "--kb", kb, "--lang", lang, *more, *(["--json"] if as_json else [])]
    return can(capsys, *args)


# ── byte-identical answers ─────────────────────────────────────────────────────

def test_every_kb_card_answers_the_same_bytes_from_the_store(tmp_path, capsys, monkeypatch):
    kb = aged(REAL, tmp_path / "kb")
    from ygorules.commands.can import build_kb
    from ygorules.core.kb import collect

    model, problems = collect(kb)
    assert not [p for p in problems if p.severity == "error"]
    ids = sorted(c for c, card in model.cards.items() if card.facts is not None)
    assert len(ids) > 100
    assert build_kb(kb) == len(ids)
    with monkeypatch.context() as m:
        Slow(m)
        slow = {q: ask(capsys, kb, *q) for q in questions(ids, ("damage-step",))}
        sample = ids[:: max(1, len(ids) // 6)]
        slow_each = {(c, l, t, j): ask(capsys, kb, c, l, t, j) for c in sample for l in LANGS for t in TIMINGS for j in (False, True)}
    fast_only(monkeypatch)
    for q, expected in slow.items():
        assert expected[0] == 0, q
        assert ask(capsys, kb, *q) == expected, q
    for q, expected in slow_each.items():
        assert ask(capsys, kb, *q) == expected, q
    doc = json.loads(ask(capsys, kb, "mirror-force", "es", "damage-step", True)[1])
    assert [a["timing"] for a in doc["answers"]] == list(DAMAGE_STEP)


def test_names_and_timing_names_as_can_takes_them_exactly_answer_from_the_store(tmp_path, capsys, monkeypatch):
    kb = aged(REAL, tmp_path / "kb")
    from ygorules.commands.can import build_kb

    build_kb(kb)
    asked = [("fuerza de espejo", "inicio del damage step", "es"), ("FUERZA DE ESPEJO!", "Inicio del Damage Step", "es"),
             ("Honesto", "Etapa de Dano", "pt"), ("honest", "antes del cálculo de daño", "en"), ("Mirror Force", "damage-step.start", "it")]
    with monkeypatch.context() as m:
        Slow(m)
        slow = [ask(capsys, kb, c, l, t, j) for c, t, l in asked for j in (False, True)]
    fast_only(monkeypatch)
    assert [ask(capsys, kb, c, l, t, j) for c, t, l in asked for j in (False, True)] == slow


def test_a_misspelling_an_unknown_name_or_timing_take_the_slow_path_with_its_output(tmp_path, capsys):
    kb = aged(REAL, tmp_path / "kb")
    from ygorules.commands.can import build_kb

    build_kb(kb)
    code, out, _ = can(capsys, "fuersa de espejo", "--kb", kb)
    assert code == 0 and out.startswith("taken as ")
    code, _, err = can(capsys, "mirror-force", "damage-step.strat", "--kb", kb)
    assert code != 0 and "nearest timings" in err
    code, _, err = can(capsys, "no such card at all", "--kb", kb)
    assert code != 0 and "no card of the knowledge base is named" in err
    code, _, err = can(capsys, "x" * 400, "--kb", kb)
    assert code != 0 and "the limit is" in err


def test_an_archetype_id_is_never_taken_for_a_name_of_another_card(tmp_path, capsys):
    import sqlite3

    kb = aged(REAL, tmp_path / "kb")
    from ygorules.commands.can import build_kb

    build_kb(kb)
    path = _answers.store_path(kb, os.environ["YGORULES_NAMES"])
    with sqlite3.connect(path) as db:  # a name that folds like the archetype's id, leading to another card
        db.execute("INSERT OR REPLACE INTO names VALUES ('n:crystal beast', 'kb:mirror-force')")
    db.close()
    code, _, err = can(capsys, "crystal-beast", "--kb", kb)
    assert code != 0 and "archetype" in err


def test_a_pool_card_answers_the_same_bytes_from_the_store_once_asked(tmp_path, capsys, monkeypatch):
    kb = aged(REAL, tmp_path / "kb")
    write_pool(tmp_path / "yaml-yugi")
    table = str(tmp_path / "names.tsv.gz")
    assert main(["names", "import", "yaml-yugi", str(tmp_path / "yaml-yugi"), "-o", table]) == 1  # one broken file
    capsys.readouterr()
    from ygorules.core.resources import default_kb

    assert os.path.isfile(_answers.store_path(default_kb(), table))  # the import wrote the KB cards' answers for it
    old = time.time() - 3600
    for f in (table, table + ".facts.sqlite"):
        os.utime(f, (old, old))
    names = [(n, lang) for card in CARDS.values() for lang, n in card["name"].items() if n != "Mirror Force"]
    with monkeypatch.context() as m:
        Slow(m)
        slow = {(n, l, t, j): ask(capsys, kb, n, l, t, j, "--names", table)
                for n, _l in names for l in LANGS for t in (None, "damage-step.start") for j in (False, True)}
    with monkeypatch.context() as m:
        loaded_once(m)
        for (n, l, t, j), expected in slow.items():  # the first question of each: the slow path, which records it
            assert ask(capsys, kb, n, l, t, j, "--names", table) == expected
    fast_only(monkeypatch)
    for (n, l, t, j), expected in slow.items():
        if expected[0] == 0:
            assert ask(capsys, kb, n, l, t, j, "--names", table) == expected, (n, l, t, j)
    assert any(e[0] == 0 and "Derived from" in e[1] for e in slow.values())


def test_a_pool_card_answers_from_the_store_the_first_time_it_is_asked(tmp_path, capsys, monkeypatch):
    """With card facts imported, the store holds every card of the pool and its exact names before any question."""
    kb = aged(REAL, tmp_path / "kb")
    write_pool(tmp_path / "yaml-yugi")
    table = str(tmp_path / "names.tsv.gz")
    assert main(["names", "import", "yaml-yugi", str(tmp_path / "yaml-yugi"), "-o", table]) == 1  # one broken file
    old = time.time() - 3600
    for f in (table, table + ".facts.sqlite"):
        os.utime(f, (old, old))
    monkeypatch.setenv("YGORULES_NAMES", table)
    assert main(["check", "--kb", kb]) == 0  # check writes the KB's answers and the pool's
    capsys.readouterr()
    asked = [(n, l, t, j) for card in CARDS.values() for n in card["name"].values() if n != "Mirror Force"
             for l in LANGS for t in (None, "damage-step.start") for j in (False, True)]
    with monkeypatch.context() as m:
        Slow(m)
        slow = {q: ask(capsys, kb, *q, "--names", table) for q in asked}
    with monkeypatch.context() as m:
        fast_only(m)
        for q, expected in slow.items():
            if expected[0] == 0:
                assert ask(capsys, kb, *q, "--names", table) == expected, q
    answered = {q[0] for q, e in slow.items() if e[0] == 0}
    assert {"Lantern Ward", "Custodia de Farol", "Murmur Tortoise", "Quill Sprite of the Ember Vale"} <= answered
    assert any("Derived from" in e[1] for e in slow.values())


# ── never stale, never a traceback ─────────────────────────────────────────────

def test_an_edited_card_file_answers_from_its_new_facts(tmp_path, capsys, monkeypatch):
    kb = aged(FIX, tmp_path / "kb")
    assert main(["check", "--kb", kb]) == 0
    capsys.readouterr()
    with monkeypatch.context() as m:
        fast_only(m)
        before = can(capsys, "attack-trap", "damage-step.start", "--kb", kb)
    assert before[0] == 0 and "attack-trap" in before[1]
    card = Path(kb) / "cards" / "attack-trap.yaml"
    text = card.read_text(encoding="utf-8")
    name = before[1].split(" (attack-trap)")[0]
    assert f"\n  en: {name}\n" in text
    card.write_text(text.replace(f"\n  en: {name}\n", f"\n  en: {name} Renamed\n"), encoding="utf-8")
    old = time.time() - 1800
    os.utime(card, (old, old))
    after = can(capsys, "attack-trap", "damage-step.start", "--kb", kb)
    assert after[0] == 0 and after[1].startswith(name + " Renamed (attack-trap)")
    with monkeypatch.context() as m:  # the slow path wrote the store anew: the next answer comes from it
        fast_only(m)
        assert can(capsys, "attack-trap", "damage-step.start", "--kb", kb) == after


def test_a_file_changed_just_now_is_not_trusted_to_keep_its_stamp(tmp_path, capsys, monkeypatch):
    kb = aged(FIX, tmp_path / "kb")
    (Path(kb) / "cards" / "attack-trap.yaml").touch()
    assert main(["check", "--kb", kb]) == 0  # the store is stamped with the file as it is now
    capsys.readouterr()
    calls = []
    from ygorules.core import kb as kb_module

    real = kb_module.collect
    monkeypatch.setattr(kb_module, "collect", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert can(capsys, "attack-trap", "--kb", kb)[0] == 0
    assert calls, "a store stamped within two seconds of a change answered"


@pytest.mark.parametrize("damage", ["garbage", "foreign", "empty"])
def test_a_corrupt_or_foreign_store_is_ignored_and_written_anew(tmp_path, capsys, monkeypatch, damage):
    import sqlite3

    kb = aged(FIX, tmp_path / "kb")
    assert main(["check", "--kb", kb]) == 0
    capsys.readouterr()
    expected = can(capsys, "attack-trap", "--kb", kb, "--json")
    path = _answers.store_path(kb, os.environ["YGORULES_NAMES"])
    assert os.path.isfile(path)
    if damage == "garbage":
        Path(path).write_bytes(b"SQLite format 3\0" + b"\x07" * 3000)
    elif damage == "foreign":
        with sqlite3.connect(path) as db:
            db.execute("UPDATE meta SET value = 'ygorules can answers v0' WHERE key = 'format'")
        db.close()
    else:
        Path(path).write_bytes(b"")
    assert can(capsys, "attack-trap", "--kb", kb, "--json") == expected
    with monkeypatch.context() as m:
        fast_only(m)
        assert can(capsys, "attack-trap", "--kb", kb, "--json") == expected


def test_the_same_folder_written_another_way_is_the_same_store(tmp_path):
    kb = aged(FIX, tmp_path / "kb")
    table = os.environ["YGORULES_NAMES"]
    assert _answers.fingerprint(kb, table) == _answers.fingerprint(kb + "/", table)
    assert _answers.store_path(kb, table) == _answers.store_path(kb + "/", table)


def test_check_writes_the_store_unless_told_not_to(tmp_path, capsys):
    kb = aged(FIX, tmp_path / "kb")
    path = _answers.store_path(kb, os.environ["YGORULES_NAMES"])
    assert main(["check", "--kb", kb, "--no-answers"]) == 0
    assert not os.path.exists(path)
    assert main(["check", "--kb", kb]) == 0
    assert os.path.isfile(path)
    capsys.readouterr()


# ── what the fast path loads ───────────────────────────────────────────────────

def test_the_fast_path_loads_no_kb_model_yaml_schema_index_nor_catalog(tmp_path, capsys):
    kb = aged(REAL, tmp_path / "kb")
    assert main(["check", "--kb", kb]) == 0
    capsys.readouterr()
    probe = ("import sys\nfrom ygorules.cli import main\ncode = main(sys.argv[1:])\n"
             "print('MODULES', sorted(m for m in sys.modules if m.startswith(('ygorules', 'yaml', 'jsonschema', 'json', 'babel', 'rapidfuzz'))))\n"
             "sys.exit(code)")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    done = subprocess.run([sys.executable, "-c", probe, "can", "fuerza de espejo", "damage-step.start", "--kb", kb, "--lang", "es"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    out, _, mods = done.stdout.rpartition("MODULES ")
    assert out.startswith("Fuerza de Espejo (mirror-force): Trampa Normal")
    loaded = eval(mods)
    for heavy in ("ygorules.core.kb", "ygorules.core.model", "ygorules.core.activation", "ygorules.names.index",
                  "ygorules.cardtext", "yaml", "jsonschema", "json", "babel", "rapidfuzz"):
        assert heavy not in loaded, heavy


def test_a_rule_missing_from_the_kb_is_said_by_can_never_a_traceback_of_check(tmp_path, capsys):
    kb = aged(FIX, tmp_path / "kb")
    (Path(kb) / "rules" / "attack-declaration-single-chain.yaml").unlink()
    code = main(["check", "--kb", kb])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    if code == 0:  # the check does not know which rules the answers need: the store leaves the card out
        got = can(capsys, "attack-trap", "damage-step.start", "--kb", kb)
        assert got[0] != 0 and "fix kb/rules/" in got[2]
        assert can(capsys, "attack-trap", "damage-step.start", "--kb", kb) == got
