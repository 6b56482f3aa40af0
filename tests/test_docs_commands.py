"""Every command in a ```sh block of README.md and CONTRIBUTING.md runs and exits as the text says.

Each document is followed from the top, command by command, in its own temporary copy of the project
(the files git tracks or would track, as they are on disk: in CI, a fresh clone), the way a new contributor
types them after a fresh clone:

- network-free: ``HOME``, ``YGORULES_CACHE`` and ``YGORULES_NAMES`` point into the temporary folder;
  ``ygorules`` is the project's ``.venv/bin/ygorules`` on ``PATH``, importing the copy's own code
  (``PYTHONPATH``), so that nothing is written into the real project (``site/``, ``build/``, ``kb/``);
- paths outside the project that the docs name get small stand-ins from ``tests/fixtures``, never the
  real shared data: ``../shared/data/cardnames.tsv`` is ``tests/fixtures/names/pool.tsv``,
  ``~/src/yaml-yugi`` is ``tests/fixtures/names/yaml-yugi`` (both with the two cards of ``EXTRA_CARDS``),
  ``../shared/sources`` holds ``docs/examples/articulo.txt``; ``build/npm`` (the npm packages `make site` installs) is the project's;
- exit codes: a command exits 0 unless its trailing comment says ``# exits N`` (e.g. ``# exits 1: …``);
- ``ygorules site …`` commands run against the small fixture KB ``tests/fixtures/site-kb`` (through
  ``YGORULES_KB``): the real KB's four-language build takes minutes, the fixture's seconds;
- a server (``site serve``) is started on a free port (8000 may be taken), must print its
  ``serving http://…`` line within a time limit, and is stopped;
- not run here: ``make …`` lines (`make site`, `make test`, `make deps`) and ``pytest`` lines: CI runs
  them (``.ci/run``) and this test is itself part of them. ``NOT_RUN`` lists the kinds, and a test
  asserts that nothing else is left out.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from _serving import free_port, serving

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("README.md", "CONTRIBUTING.md")
FIXTURES = ROOT / "tests" / "fixtures"
SITE_KB = FIXTURES / "site-kb"
NOT_RUN = (re.compile(r"^make\b"), re.compile(r"(^|\s)(-m )?pytest\b"))
"""Lines CI runs itself: make targets and pytest runs."""
EXTRA_CARDS = [("97268402", "Effect Veiler", "Monster"), ("67723438", "Emergency Teleport", "Spell"),
               ("14558127", "Ash Blossom & Joyous Spring", "Monster")]
"""Cards the README's card-pool examples look up (by nickname), added to both stand-ins (English names only)."""
EXITS = re.compile(r"\bexits (\d+)\b")
SERVE_TIMEOUT = 300  # seconds for `site serve` to build its language and print its serving line
COMMAND_TIMEOUT = 300


@dataclass
class Command:
    doc: str
    line: int  # 1-based line of the command in the document
    text: str  # the command as a shell runs it (comment removed)
    comment: str
    expected: int

    @property
    def runs(self) -> bool:
        return not any(p.search(self.text) for p in NOT_RUN)

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"


def _split_comment(line: str) -> tuple[str, str]:
    """The command and its trailing ``# comment`` (a # outside quotes, at the start or after a space)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def commands(doc: str) -> list[Command]:
    """Every command line of the ```sh blocks of ``doc``, in order (a trailing backslash continues a line)."""
    lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
    out, in_sh, pending, start = [], False, "", 0
    for n, raw in enumerate(lines, 1):
        if raw.startswith("```"):
            in_sh = raw.strip() == "```sh" if not in_sh else False
            continue
        if not in_sh:
            continue
        if not pending:
            start = n
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        text, comment = _split_comment(pending + raw)
        pending = ""
        if not text.strip():
            continue
        m = EXITS.search(comment)
        out.append(Command(doc, start, text.strip(), comment, int(m.group(1)) if m else 0))
    return out


def _copy_project(dest: Path) -> Path:
    """The tracked files of the project as they are on disk (what a fresh clone holds, plus uncommitted edits)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True).stdout
        files = [f for f in listed.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()
                 and not {".venv", "build", "site", ".git", "node_modules"} & set(p.relative_to(ROOT).parts)]
    for f in files:
        src = ROOT / f
        if src.is_file():
            target = dest / f
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


@pytest.fixture
def world(tmp_path):
    """A temporary project copy and its surroundings: (project, environment)."""
    project = _copy_project(tmp_path / "ygorules")
    (project / ".venv").symlink_to(ROOT / ".venv")
    if (ROOT / "build" / "npm" / "node_modules").is_dir():
        (project / "build").mkdir(exist_ok=True)
        (project / "build" / "npm").symlink_to(ROOT / "build" / "npm")
    shared = tmp_path / "shared"
    (shared / "data").mkdir(parents=True)
    pool = (FIXTURES / "names" / "pool.tsv").read_text(encoding="utf-8").rstrip("\n") + "\n"
    pool += "".join(f"{passcode}\t{en}\t\t\t\n" for passcode, en, _ in EXTRA_CARDS)
    (shared / "data" / "cardnames.tsv").write_text(pool, encoding="utf-8")
    (shared / "sources").mkdir()
    shutil.copy(ROOT / "docs" / "examples" / "articulo.txt", shared / "sources" / "articulo.txt")
    home = tmp_path / "home"
    (home / "src").mkdir(parents=True)
    shutil.copytree(FIXTURES / "names" / "yaml-yugi", home / "src" / "yaml-yugi")
    for passcode, en, card_type in EXTRA_CARDS:
        (home / "src" / "yaml-yugi" / "data" / "cards" / f"{passcode}.json").write_text(
            json.dumps({"password": int(passcode), "name": {"en": en}, "card_type": card_type}), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("YGORULES_", "XDG_", "VIRTUAL_ENV", "PYTEST"))}
    env.update(HOME=str(home), YGORULES_CACHE=str(tmp_path / "cache"), YGORULES_NAMES=str(tmp_path / "names.tsv.gz"),
               PYTHONPATH=str(project / "tools"), PATH=f"{project / '.venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    return project, env


def _serve(cmd: Command, project: Path, env: dict) -> tuple[int, str]:
    """Start the server, wait for its serving line, stop it; 0 when the line came in time and the preview answers."""
    text = cmd.text if "--port" in cmd.text else f"{cmd.text} --port {free_port()}"
    with serving(["bash", "-c", f"exec {text}"], env, SERVE_TIMEOUT, cwd=project) as (url, seen):
        if url is None:
            return 1, seen + "\n(no serving line in time)"
        with urllib.request.urlopen(url, timeout=30) as page:  # the preview answers
            body = page.read().decode("utf-8", "replace")
        return (0 if page.status == 200 and "<html" in body else 1), seen


def _run(cmd: Command, project: Path, env: dict) -> tuple[int, str]:
    if " site " in f" {cmd.text} ":
        env = {**env, "YGORULES_KB": str(SITE_KB)}
    if re.search(r"\bsite serve\b", cmd.text):
        return _serve(cmd, project, env)
    proc = subprocess.run(["bash", "-c", cmd.text], cwd=project, env=env, capture_output=True, text=True,
                          timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout[-3000:] + proc.stderr[-3000:]


@pytest.mark.parametrize("doc", DOCS)
def test_every_documented_command_exits_as_the_text_says(world, doc):
    project, env = world
    ran, failed, took = 0, [], []
    for cmd in commands(doc):
        if not cmd.runs:
            continue
        started = time.monotonic()
        code, output = _run(cmd, project, env)
        took.append((time.monotonic() - started, cmd.text))
        ran += 1
        if code != cmd.expected:
            failed.append(f"{cmd}\n  exited {code}, the text says {cmd.expected} (make it work from a fresh clone, in the "
                          f"document's order; a command that fails on purpose says `# exits N`)\n  "
                          + output.strip().replace("\n", "\n  "))
        assert "Traceback (most recent call last)" not in output, f"{cmd}: traceback\n{output}"
    slowest = ", ".join(f"{t:.0f} s `{c}`" for t, c in sorted(took, reverse=True)[:3])
    print(f"{doc}: {ran} commands run in {sum(t for t, _ in took):.0f} s; slowest: {slowest}")
    assert ran >= 10
    assert failed == [], "\n\n".join(failed)


def test_only_make_and_pytest_lines_are_left_to_ci():
    skipped = [str(c) for doc in DOCS for c in commands(doc) if not c.runs]
    for line in skipped:
        text = line.split(": ", 1)[1]
        assert text.startswith("make ") or re.search(r"(^|\s)(-m )?pytest\b", text), line
    # the ones CI runs: the two commands of the README and the developer's test commands
    assert any(s.endswith(": make site") for s in skipped) and any(s.endswith(": make test") for s in skipped)


def test_an_exit_code_comment_is_read_and_a_hash_in_quotes_is_not_a_comment(tmp_path, monkeypatch):
    doc = tmp_path / "DOC.md"
    doc.write_text("text\n```sh\nygorules check   # exits 1: a blank\nprintf '#x' | wc -c\nmake test\n"
                   "ygorules lookup \\\n  lily\n```\n```\nnot a shell block\n```\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    got = [(c.line, c.text, c.expected, c.runs) for c in commands("DOC.md")]
    assert got == [(3, "ygorules check", 1, True), (4, "printf '#x' | wc -c", 0, True), (5, "make test", 0, False),
                   (6, "ygorules lookup    lily", 0, True)]


def test_the_docs_use_the_exit_code_convention_for_every_failing_example():
    expected = [c for doc in DOCS for c in commands(doc) if c.expected]
    assert expected, "the docs show no command that fails on purpose (a duplicate `new card`, a check with blanks)"
    assert all(c.expected in (1, 2) for c in expected)
