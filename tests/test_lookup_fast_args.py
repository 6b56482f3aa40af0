"""``lookup``'s command line read without argparse (commands/lookup.py ``fast_args``, used by cli.main): the plain forms
give what argparse gives, anything else is left to argparse."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ygorules import cli
from ygorules.commands import lookup

ROOT = Path(__file__).resolve().parents[1]


def by_argparse(argv):
    """What argparse reads from ``lookup ARGV`` (a dict), or "error" when it refuses it."""
    try:
        ns = cli.parser("lookup").parse_args(["lookup", *argv])
    except SystemExit:
        return "error"
    return {k: v for k, v in vars(ns).items() if k not in ("command", "_module")}


PLAIN = [
    ["Fuerza de Espejo"],
    ["-"],
    [""],
    ["--json", "mago obscuro"],
    ["mago obscuro", "--json"],
    ["--explain", "--json", "--limit", "3", "x"],
    ["--limit", "12", "x", "--limit", "2"],
    ["--from", "es", "--to", "en,pt", "hada"],
    ["--to", " it , es ", "hada"],
    ["--kb", "some/kb", "--names", "t.tsv.gz", "Lily"],
    ["--json", "--json", "x"],
    ["x y", "--from", "pt"],
]
LEFT_TO_ARGPARSE = [
    [],
    ["--json"],
    ["a", "b"],
    ["--js", "x"],
    ["--json=1", "x"],
    ["--limit=3", "x"],
    ["--limit", "0", "x"],
    ["--limit", "-1", "x"],
    ["--limit", "three", "x"],
    ["--limit"],
    ["x", "--limit"],
    ["--from", "fr", "x"],
    ["--to", "en,xx", "x"],
    ["--to", ",", "x"],
    ["--kb", "-", "x"],
    ["--names", "--json", "x"],
    ["-5"],
    ["-x"],
    ["--", "x"],
    ["-h"],
    ["--help"],
    ["--nope", "x"],
    ["- x"],
]


@pytest.mark.parametrize("argv", PLAIN, ids=repr)
def test_a_plain_command_line_is_read_as_argparse_reads_it(argv):
    got = lookup.fast_args(argv)
    assert got is not None and got == by_argparse(argv)


@pytest.mark.parametrize("argv", LEFT_TO_ARGPARSE, ids=repr)
def test_any_other_command_line_is_left_to_argparse(argv, capsys):
    assert lookup.fast_args(argv) is None


def test_every_option_of_lookup_is_read_by_the_fast_path():
    # an option added to ``register`` without a place in fast_args would be left to argparse: a new option must be here too
    p = cli.parser("lookup").commands["lookup"]
    options = {s for a in p._actions for s in a.option_strings if s not in ("-h", "--help")}
    assert options == set(lookup._FLAGS) | set(lookup._VALUED)
    assert set(lookup.fast_args(["x"])) == set(by_argparse(["x"]))


def test_cli_answers_alike_through_either_path(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    kb = ROOT / "tests" / "fixtures" / "names" / "kb"
    argv = ["lookup", "--kb", str(kb), "--to", "en", "--limit", "2", "mirror forse"]
    code = cli.main(argv)
    fast = capsys.readouterr()
    monkeypatch.setattr(lookup, "fast_args", lambda argv: None)
    assert cli.main(argv) == code == 0 and capsys.readouterr() == fast and "Mirror Force" in fast.out


def test_a_cold_exact_lookup_imports_neither_argparse_nor_gettext(tmp_path):
    kb = ROOT / "tests" / "fixtures" / "names" / "kb"
    env = {**os.environ, "YGORULES_CACHE": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT / "tools"), "YGORULES_NAMES": str(tmp_path / "none.tsv.gz")}
    code = ("import sys; from ygorules.cli import main; main(['lookup', '--kb', %r, 'mirror force']); "
            "print('MODULES', ' '.join(m for m in ('argparse', 'gettext', 'locale', 'ygorules.core.conditions') if m in sys.modules))") % str(kb)
    for _ in range(2):  # the first run builds and caches the KB part
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert "Mirror Force" in out and out.splitlines()[-1].split() == ["MODULES"]
