"""Cold `ygorules can` against `python -c pass`: whole processes, in turn, the ratio pair by pair (issue 23: <= 4 x).

    .venv/bin/python bench/bench_can.py [--names TABLE] [--runs 10] [QUESTION ...]

Each QUESTION is the arguments of one `can` as one shell-like string (default: a KB card at one timing, and with
--names a card of the pool at every timing and a Spanish name with --json). The store of precomputed answers is
written first (`ygorules check`, then one run of each question: a card of the pool is added the first time it is
asked); then each question and `python -c pass` run in turn, A B A B ..., and each pair gives a ratio of wall and of
CPU time (user + system, from the kernel's accounting of the finished child), so that a change of load shows in
both. Prints JSON: per question, the median, min and max of each ratio and of A's wall time. The modules are
compiled once, as installed (this environment sets PYTHONDONTWRITEBYTECODE). Uses the caller's YGORULES_CACHE.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd: list[str], env: dict) -> tuple[float, float, int]:
    """(wall s, CPU s, exit code) of one whole process, its output thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    code = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env).returncode
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), code


def spread(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3), "max": round(max(values), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--names", metavar="TABLE", help="an imported name table with its facts (YGORULES_NAMES for the runs)")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("questions", nargs="*", metavar="QUESTION")
    a = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if a.names:
        env["YGORULES_NAMES"] = a.names
    questions = a.questions or (["mirror-force damage-step.start"] +
                                (['"Ash Blossom & Joyous Spring"', '"flor de ceniza" --lang es --json'] if a.names else []))
    exe = str(Path(sys.executable).parent / "ygorules")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tools")], env=env, stdout=subprocess.DEVNULL)
    subprocess.run([exe, "check"], env=env, stdout=subprocess.DEVNULL, cwd=ROOT)
    base = [sys.executable, "-c", "pass"]
    out = {"benchmark": "cold can", "runs": a.runs, "load_average": os.getloadavg(), "questions": {}}
    for q in questions:
        cmd = [exe, "can", *shlex.split(q)]
        timed(cmd, env), timed(base, env)  # warm-up: the store gets the card
        walls, cpus, own, codes = [], [], [], set()
        for _ in range(a.runs):
            aw, ac, code = timed(cmd, env)
            bw, bc, _code = timed(base, env)
            walls.append(aw / bw)
            cpus.append(ac / bc if bc else float("inf"))
            own.append(aw)
            codes.add(code)
        out["questions"][q] = {"wall_x_pass": spread(walls), "cpu_x_pass": spread(cpus), "wall_s": spread(own),
                               "exit_codes": sorted(codes)}
    out["load_average_after"] = os.getloadavg()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
