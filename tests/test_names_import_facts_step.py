"""The facts step of `names import yaml-yugi` (issue 23, speed): derived in a child process beside the table and its
index where the system can fork, here otherwise; the same store and the same report either way, and the store is
committed only once its table is written. Also the fork runner the import and the answers precompute share."""
from __future__ import annotations

import os
import sqlite3
import sys

import pytest

from _pool_fixtures import CARDS, write_pool
from ygorules.cli import main
from ygorules.commands import _fork
from ygorules.commands._pool import Deriver, what_deriver_reads
from ygorules.names.facts_store import store_path

NO_FORK = pytest.mark.skipif(not hasattr(os, "fork"), reason="the system cannot fork")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "no-default-table.tsv.gz"))


def rows(table) -> tuple[list, dict]:
    """(the store's cards rows, its meta without the time it was written)."""
    db = sqlite3.connect(store_path(table))
    try:
        cards = db.execute("SELECT * FROM cards ORDER BY key").fetchall()
        meta = dict(db.execute("SELECT key, value FROM meta WHERE key != 'written'").fetchall())
    finally:
        db.close()
    return cards, meta


def run_import(capsys, source, table) -> tuple[int, str, str]:
    code = main(["names", "import", "yaml-yugi", str(source), "-o", str(table)])
    got = capsys.readouterr()
    return code, got.out.replace(str(table.parent), "DIR"), got.err.replace(str(table.parent), "DIR")


@NO_FORK
def test_the_facts_derived_in_a_child_are_those_derived_here_with_the_same_report(tmp_path, capsys, monkeypatch):
    src = write_pool(tmp_path / "yaml-yugi")  # the broken file too: reported the same either way
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    pids = tmp_path / "pids"
    call = Deriver.__call__

    def deriving(self, *card):  # where each card's facts are derived
        with open(pids, "a") as f:
            f.write(f"{os.getpid()}\n")
        call(self, *card)
    monkeypatch.setattr(Deriver, "__call__", deriving)
    forked = run_import(capsys, src, tmp_path / "a" / "names.tsv.gz")
    assert {int(p) for p in pids.read_text().split()} - {os.getpid()}  # in a child, beside the table
    pids.unlink()
    monkeypatch.delattr(os, "fork")
    here = run_import(capsys, src, tmp_path / "b" / "names.tsv.gz")
    assert {int(p) for p in pids.read_text().split()} == {os.getpid()}
    assert forked == here
    assert forked[0] == 1 and f"derived the facts of {len(CARDS)} cards" in forked[1]
    assert rows(tmp_path / "a" / "names.tsv.gz") == rows(tmp_path / "b" / "names.tsv.gz")
    assert len(rows(tmp_path / "a" / "names.tsv.gz")[0]) == len(CARDS)


def test_the_facts_step_reads_only_what_it_is_given_of_each_card():
    """What the import hands to the facts step (the card's other languages left behind) derives the same facts."""
    class Writer:
        def __init__(self):
            self.rows = []

        def add(self, *row):
            self.rows.append(row)

    extra = {"text": {"en": "When your opponent activates a Spell Card: Negate the activation.", "ja": "x", "es": "y"},
             "pendulum_effect": {"ja": "z"}, "sets": {"en": [{"set_number": "X-EN001"}]}, "name": {"en": "N"},
             "is_translation_unofficial": {"text": {"en": True}}}
    for passcode, card in [*CARDS.items(), ("1", {**CARDS["90000002"], **extra}), ("2", {"card_type": None, "text": "odd"})]:
        whole, part = Deriver(Writer()), Deriver(Writer())
        whole(passcode, card, "f.json")
        part(passcode, what_deriver_reads(card), "f.json")
        assert whole.writer.rows == part.writer.rows and whole.counts() == part.counts()
        assert (whole.problems, whole.unread, whole.patterns) == (part.problems, part.unread, part.patterns)


def imported_once(tmp_path, capsys, monkeypatch, fork: bool):
    """(source, table) after a first import with its facts; then, unless ``fork``, the system cannot fork."""
    if fork and not hasattr(os, "fork"):
        pytest.skip("the system cannot fork")
    src = write_pool(tmp_path / "yaml-yugi", broken=False)
    table = tmp_path / "names.tsv.gz"
    assert run_import(capsys, src, table)[0] == 0 and store_path(table).is_file()
    if not fork:
        monkeypatch.delattr(os, "fork")
    return src, table


@pytest.mark.parametrize("fork", [True, False], ids=["child", "here"])
def test_a_facts_step_that_fails_is_said_in_one_line_and_the_table_is_imported_without_stale_facts(tmp_path, capsys, monkeypatch, fork):
    src, table = imported_once(tmp_path, capsys, monkeypatch, fork)
    write_pool(src)  # and a broken card file: both are said

    def add(self, *row):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr("ygorules.names.facts_store.FactsWriter.add", add)
    code, out, err = run_import(capsys, src, table)
    assert code == 1
    assert "error: the card facts were not derived (database or disk is full)" in err.splitlines()
    assert "Traceback" not in err
    assert f"wrote {len(CARDS)} cards" in out and "the card facts were not derived (said above)" in out
    assert "1 card file could not be read (listed above); the other cards were imported" in out
    assert f"removed DIR/names.tsv.gz.facts.sqlite: its facts were derived for the table this import replaced" in out
    assert table.is_file() and not store_path(table).exists()  # a whole table, and no facts of the one it replaced
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("fork", [True, False], ids=["child", "here"])
def test_no_facts_are_committed_when_the_table_cannot_be_written(tmp_path, capsys, monkeypatch, fork):
    src, table = imported_once(tmp_path, capsys, monkeypatch, fork)
    before = store_path(table).read_bytes()

    def write_table(*_args):
        raise PermissionError(13, "Permission denied", str(table))
    monkeypatch.setattr("ygorules.names.table.write_table", write_table)
    code, out, err = run_import(capsys, src, table)
    assert code == 1 and f"ygorules names: DIR/names.tsv.gz: Permission denied" in err
    assert store_path(table).read_bytes() == before  # the old table's facts, untouched
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# ── the fork runner ───────────────────────────────────────────────────────────

@NO_FORK
def test_a_child_gives_back_what_its_work_returned(capsys):
    child = _fork.start(lambda: {"cards": [1, 2], "pid": os.getpid()})
    ok, got = child.join()
    assert ok and got["cards"] == [1, 2] and got["pid"] != os.getpid()
    assert capsys.readouterr().err == ""


@NO_FORK
@pytest.mark.parametrize("failed, said", [
    (lambda why: f"warning: not done ({why})", "warning: not done (no such table: x)\n"),
    (None, ""),
])
def test_a_child_that_fails_is_said_in_one_line_by_the_parent(capsys, failed, said):
    def work():
        raise sqlite3.OperationalError("no such table: x")
    assert _fork.start(work, failed).join() == (False, None)
    assert capsys.readouterr().err == said


@NO_FORK
def test_a_child_that_dies_is_said_with_its_status(capsys):
    child = _fork.start(lambda: os._exit(3), lambda why: f"warning: not done ({why})")
    assert child.join() == (False, None)
    assert capsys.readouterr().err == "warning: not done (the process ended with status 768)\n"


@NO_FORK
def test_a_child_leaves_without_the_parents_exit_handlers_and_prints_nothing_twice(tmp_path):
    import subprocess
    import textwrap

    script = textwrap.dedent("""
        import atexit, sys
        from ygorules.commands import _fork
        atexit.register(lambda: print("exit handler"))
        sys.stdout.write("before ")
        print(_fork.start(lambda: 42).join())
    """)
    got = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert got.stdout == "before (True, 42)\nexit handler\n" and got.stderr == ""


def test_without_fork_nothing_is_started(monkeypatch):
    monkeypatch.delattr(os, "fork", raising=False)
    assert _fork.start(lambda: 1) is None
