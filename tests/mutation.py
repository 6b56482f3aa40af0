"""`make mutation`: mutation testing of the core with mutmut, and the score per module (tests/MUTATION.md).

mutmut imports the code it mutates from ``src/`` (or the top folder); ours lives in tools/ygorules.
So the run happens in build/mutation/, a fresh copy with the package at src/ygorules, the tests and
the schemas. What is mutated and which tests run is configured in one place: [tool.mutmut] in
pyproject.toml. Arguments are mutant-name patterns passed to ``mutmut run`` (e.g.
``'ygorules.core.link.*'``) to run part of the core; ``--score`` only prints the score of the last run.

Score: killed / (killed + survived + no tests), per module and in all; a mutant no test reaches
counts as a survivor. Timeouts and suspicious results are shown apart and not counted.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "mutation"
PACKAGE = ROOT / "tools" / "ygorules"
COPIED = ("tests", "schema", "pyproject.toml")
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 36: "timeout",
          -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", None: "not checked"}


def stage() -> None:
    """A fresh build/mutation/ with src/ygorules, the tests, the schemas and pyproject.toml."""
    shutil.rmtree(WORK, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "artifacts", "*.pyc")
    shutil.copytree(PACKAGE, WORK / "src" / "ygorules", ignore=ignore)
    for name in COPIED:
        src = ROOT / name
        (shutil.copytree(src, WORK / name, ignore=ignore) if src.is_dir() else shutil.copy2(src, WORK / name))


def score(work: Path = WORK) -> dict[str, Counter]:
    """Results of the last run by module: {module file: Counter(status)}."""
    out: dict[str, Counter] = {}
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].values()
        out[meta.name[: -len(".meta")]] = Counter(STATUS.get(c, "suspicious") for c in codes)
    return out


def report(results: dict[str, Counter]) -> str:
    """One line per module and a total: killed, survived, no tests, the score, and what is left out.

    >>> print(report({"a.py": Counter(killed=9, survived=1), "b.py": Counter({"not checked": 4})}))
    a.py          killed    9  survived    1  no tests    0  score  90.0%  (timeout 0, suspicious 0, not checked 0)
    all           killed    9  survived    1  no tests    0  score  90.0%  (timeout 0, suspicious 0, not checked 4)
    """
    lines, total = [], Counter()
    for name, c in results.items():
        total.update(c)
        if c["killed"] + c["survived"] + c["no tests"]:
            lines.append(_line(name, c))
    lines.append(_line("all", total))
    return "\n".join(lines)


def _line(name: str, c: Counter) -> str:
    counted = c["killed"] + c["survived"] + c["no tests"]
    pct = f"{100 * c['killed'] / counted:5.1f}%" if counted else "    -"
    return (f"{name:<13} killed {c['killed']:4}  survived {c['survived']:4}  no tests {c['no tests']:4}  score {pct}  "
            f"(timeout {c['timeout']}, suspicious {c['suspicious']}, not checked {c['not checked']})")


def main(argv: list[str]) -> int:
    if argv[:1] != ["--score"]:
        stage()
        env = {**os.environ, "YGORULES_CACHE": tempfile.mkdtemp(prefix="ygorules-mutation-")}
        mutmut = Path(sys.executable).with_name("mutmut")
        code = subprocess.call([str(mutmut), "run", "--max-children", os.environ.get("MUTMUT_CHILDREN", "2"), *argv],
                               cwd=WORK, env=env)
        if code not in (0, 1):
            return code
    print(report(score()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
