"""Benchmark `ygorules check` on a synthetic KB of N cards; prints JSON.

Every figure is CPU time (user + system) of a separate process, the best of --repeat runs, and is
also given as a ratio to the baseline measured in the same run: the libyaml C parser alone
(yaml.load with CSafeLoader) reading the same files. Targets (issue 8): full check <= 1.5x the
baseline; re-check after one file changed <= 0.2x a full check. Issue 16: <= 1.1x and <= 0.05x.

    .venv/bin/python bench/bench_check.py --cards 14000
"""
from __future__ import annotations

import argparse
import json
import os
import time
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen_kb import generate  # noqa: E402

MEASURE = """
import json, resource, sys, time
t = time.perf_counter()
{body}
u = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"cpu": u.ru_utime + u.ru_stime, "wall": time.perf_counter() - t, "rss_mb": u.ru_maxrss / 1024}}), file=sys.stderr)
"""
PARSE = """
import pathlib, yaml
for p in sorted(pathlib.Path(sys.argv[1]).rglob("*.yaml")):
    yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader)
"""
CHECK = """
from ygorules.cli import main
rc = main(["check", "--kb", sys.argv[1], "--format", "json", "--no-answers"] + sys.argv[2:])
"""
# --no-answers: this benchmark measures the validation against the C parser; the answers store that a check
# without errors writes afterwards (the model, every card's answers in four languages) is measured on its own
# (bench/README.md, "Cold can").


def run(body: str, *args: str, env=None) -> dict:
    proc = subprocess.run([sys.executable, "-c", MEASURE.format(body=body), *args], capture_output=True, text=True, env=env)
    if proc.returncode not in (0, 1):
        raise SystemExit(proc.stderr)
    return json.loads(proc.stderr.strip().splitlines()[-1])


def best(runs: list[dict]) -> dict:
    return {"cpu_s": round(min(r["cpu"] for r in runs), 3), "wall_s": round(min(r["wall"] for r in runs), 3),
            "peak_rss_mb": round(max(r["rss_mb"] for r in runs), 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=14000)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        kb = generate(a.cards, Path(tmp) / "kb")
        hour_ago = time.time() - 3600  # files in a real checkout are older than the last check (see cache.py)
        for f in kb.rglob("*.yaml"):
            os.utime(f, (hour_ago, hour_ago))
        env = {**os.environ, "YGORULES_CACHE": str(Path(tmp) / "cache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: modules compiled once, not at every start
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(__file__).resolve().parents[1] / "tools")], env=env)
        files = sum(1 for _ in kb.rglob("*.yaml"))
        parse = best([run(PARSE, str(kb), env=env) for _ in range(a.repeat)])
        full = best([run(CHECK, str(kb), "--no-cache", env=env) for _ in range(a.repeat)])
        run(CHECK, str(kb), env=env)  # fills the cache
        changed = kb / "cards" / "card-00001.yaml"
        original = changed.read_text(encoding="utf-8")
        rechecks = []
        for i in range(a.repeat):  # the content differs from the previous run's each time
            changed.write_text(original + "\n" * ((i + 1) % 2), encoding="utf-8")
            rechecks.append(run(CHECK, str(kb), env=env))
        recheck = best(rechecks)
    print(json.dumps({
        "benchmark": "check", "cards": a.cards, "files": files,
        "baseline_c_parser": parse, "full_check": full, "recheck_one_file_changed": recheck,
        "ratios": {"full_check_vs_c_parser": round(full["cpu_s"] / parse["cpu_s"], 2),
                   "recheck_vs_full_check": round(recheck["cpu_s"] / full["cpu_s"], 3)},
        "targets": {"full_check_vs_c_parser": 1.1, "recheck_vs_full_check": 0.05},
    }, indent=2))


if __name__ == "__main__":
    main()
