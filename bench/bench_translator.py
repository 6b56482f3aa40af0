"""Benchmark of the translator (lookup and translate) with the whole card pool imported; prints JSON.

Usage: .venv/bin/python bench/bench_translator.py [--cardnames FILE] [--sources DIR] [--runs N]

Every time is also given as a ratio to baselines measured in the same run: ``python -c pass``
(process start) and a fixed pure-Python loop (machine speed), so figures from different machines
and loads can be compared. The targets (issues 5 and 13): cold lookup ≤ 4× ``python -c pass``, batch
lookup ≥ 1,000 mixed queries/s, translate ≥ 2 MB/s with the whole pool loaded (the text: the five
articles and the forum-style texts of bench/eval, repeated to about 1 MB), as a user runs it (``--jobs auto``:
the cores this process may use) and in one process (``--jobs 1``). ``translate.once`` is the same texts once (about
90 kB, one piece, one process): a text that does not repeat itself, whose every judgement is made afresh, as in an
article a reader translates; the repeated text's figure is the best case, memos answering most of its names.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
PY = sys.executable


def run(argv, env, stdin: bytes | None = None) -> None:
    """Run a child process once (a warm-up: fills caches, compiles bytecode)."""
    subprocess.run(argv, env=env, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   stdin=None if stdin is not None else subprocess.DEVNULL)


def once(argv, env, stdin: bytes | None = None) -> tuple[float, int]:
    """Wall time and peak memory (KiB) of one run of a child process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if stdin is not None:
        p.stdin.write(stdin)
        p.stdin.close()
    _, _, usage = os.wait4(p.pid, 0)
    return time.perf_counter() - t0, usage.ru_maxrss


def timed(argv, env, runs: int, stdin: bytes | None = None) -> tuple[float, int, float]:
    """Median wall time and peak memory over ``runs`` runs (after a warm-up run), and the median time of
    ``python -c pass`` run right before each of them: the baseline tracks the machine's load as it changes."""
    run(argv, env, stdin)
    times, bases, peak = [], [], 0
    for _ in range(runs):
        bases.append(once([PY, "-c", "pass"], env)[0])
        dt, mem = once(argv, env, stdin)
        times.append(dt)
        peak = max(peak, mem)
    return statistics.median(times), peak, statistics.median(bases)


def tree_memory(argv, env) -> tuple[float, float] | tuple[None, None]:
    """Memory (MiB) of one run of a child process and its children (translate's workers), sampled every 20 ms from
    /proc (Linux; None elsewhere): the largest sum of their proportional set sizes (pages they share count once in
    all), and the largest peak resident set of one of them (``VmHWM``: ``ru_maxrss`` of a child started from this
    process counts this process's own peak, which the table loaded in process makes about 180 MB)."""
    if not Path("/proc/self/smaps_rollup").exists():
        return None, None
    p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pss = hwm = 0
    while p.poll() is None:
        pids = [p.pid]
        try:
            pids += Path(f"/proc/{p.pid}/task/{p.pid}/children").read_text().split()
        except OSError:
            pass
        total = 0
        for pid in pids:
            try:
                total += sum(int(line.split()[1]) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
                             if line.startswith("Pss:"))
                hwm = max([hwm] + [int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                                   if line.startswith("VmHWM:")])
            except (OSError, ValueError):
                pass
        pss = max(pss, total)
        time.sleep(0.02)
    return round(pss / 1024, 1), round(hwm / 1024, 1)


def cpu_loop() -> float:
    """A fixed amount of pure-Python work: the machine-speed baseline."""
    t0 = time.perf_counter()
    d = {}
    for i in range(300_000):
        d[str(i)] = i
    sum(d.values())
    return time.perf_counter() - t0


def strip_accents(s: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch))


def typo(s: str, rng: random.Random) -> str:
    letters = [i for i, ch in enumerate(s) if ch.isalpha()]
    if len(letters) < 5:
        return s
    i = rng.choice(letters[1:-1])
    how = rng.choice(("drop", "swap", "double", "replace"))
    if how == "drop":
        return s[:i] + s[i + 1:]
    if how == "swap":
        return s[:i] + s[i + 1] + s[i] + s[i + 2:] if i + 1 < len(s) else s
    if how == "double":
        return s[:i] + s[i] + s[i:]
    return s[:i] + rng.choice("aeiourstln") + s[i + 1:]


def partial(s: str, rng: random.Random) -> str:
    words = s.split()
    if len(words) < 3:
        return s
    del words[rng.randrange(len(words))]
    return " ".join(words)


def queries(table, n: int, seed: int = 5) -> dict:
    """Mixed queries from the card pool: exact, without accents, with one typo, with a word dropped."""
    rng = random.Random(seed)
    pool = [name for c in table.cards for name in c.names.values() if name]
    rng.shuffle(pool)
    per = n // 4
    return {"exact": pool[:per],
            "accentless": [strip_accents(s).lower() for s in pool[per:2 * per]],
            "typo": [typo(s, rng) for s in pool[2 * per:3 * per]],
            "partial": [partial(s, rng) for s in pool[3 * per:4 * per]]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cardnames", type=Path, default=SHARED / "data" / "cardnames.tsv")
    ap.add_argument("--sources", type=Path, default=SHARED / "sources")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--queries", type=int, default=4000)
    args = ap.parse_args()
    if not args.cardnames.is_file():
        print(f"{args.cardnames}: not found (pass --cardnames)", file=sys.stderr)
        return 2

    sys.path.insert(0, str(ROOT / "tools"))
    from ygorules.names import index as names
    from ygorules.names import table as nametable
    from ygorules.commands.translate import workers
    from ygorules.names.translate import translate

    load_start = [round(x, 2) for x in os.getloadavg()]  # 1, 5 and 15 minutes: the figures mean little under load
    work = Path(tempfile.mkdtemp(prefix="ygorules-bench-"))
    kb = work / "kb"  # a snapshot: others editing kb/ must not turn a measured run into a cache rebuild
    shutil.copytree(ROOT / "kb", kb)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # a user's Python caches bytecode
    env.update(YGORULES_CACHE=str(work / "cache"), YGORULES_NAMES=str(work / "names.tsv.gz"), PYTHONPATH=str(ROOT / "tools"),
               YGORULES_KB=str(kb))
    os.environ.update(YGORULES_CACHE=env["YGORULES_CACHE"], YGORULES_NAMES=env["YGORULES_NAMES"], YGORULES_KB=str(kb))
    cli = [PY, "-m", "ygorules"]

    t0 = time.perf_counter()
    subprocess.run([*cli, "names", "import", "tsv", str(args.cardnames)], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import_s = time.perf_counter() - t0
    table = nametable.load_table(env["YGORULES_NAMES"])
    subprocess.run([*cli, "lookup", "x"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fill the kb cache

    base_cpu = statistics.median(cpu_loop() for _ in range(5))
    exact_s, exact_mem, pass_exact = timed([*cli, "lookup", "Fuerza de Espejo"], env, args.runs)
    fuzzy_s, fuzzy_mem, pass_fuzzy = timed([*cli, "lookup", "hada inyecion lily"], env, args.runs)
    json_s, _, pass_json = timed([*cli, "lookup", "--json", "mago obscuro"], env, args.runs)
    base_pass = statistics.median([pass_exact, pass_fuzzy, pass_json])

    qs = queries(table, args.queries)
    flat = [q for group in qs.values() for q in group]
    random.Random(7).shuffle(flat)
    batch_in = ("\n".join(flat) + "\n").encode("utf-8")
    batch_s, batch_mem, pass_batch = timed([*cli, "lookup", "-"], env, 3, batch_in)

    index = names.load_index()
    index.prepare_batch()
    per_kind = {}
    for kind, group in qs.items():
        t = time.perf_counter()
        hits = 0
        for q in group:
            hits += bool(index.lookup(q).matches)
        per_kind[kind] = {"queries": len(group), "per_s": round(len(group) / (time.perf_counter() - t)), "answered": hits}
    # how often the card a query was made from comes first (or ties for first)
    rng_check = random.Random(11)
    first_ok = {}
    for kind, group in qs.items():
        ok = 0
        sample = rng_check.sample(range(len(group)), min(300, len(group)))
        pool = [name for c in table.cards for name in c.names.values() if name]
        rng = random.Random(5)
        rng.shuffle(pool)
        offset = list(qs).index(kind) * (args.queries // 4)
        for i in sample:
            want = names.normalize(pool[offset + i])
            r = index.lookup(group[i])
            top = r.matches[:max(1, r.tied)]  # the best match, or every match lookup reports as tied with it
            ok += any(want in {names.normalize(n) for n in m.entry.names.values() if n} or names.normalize(m.form.text) == want for m in top)
        first_ok[kind] = round(ok / len(sample), 3)

    texts = [p.read_text(encoding="utf-8") for p in sorted(args.sources.glob("00[0-4]_*.txt"))] if args.sources.is_dir() else []
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "bench" / "eval" / "texts").glob("es-*.txt"))]
    once = "\n".join(texts) + "\n" if texts else ""  # (each text once: the speed of text that does not repeat itself)
    text = ""
    while texts and len(text.encode("utf-8")) < 1_000_000:
        text += once
    mb = len(text.encode("utf-8")) / 1e6
    tr_in_s = None
    if text:
        t = time.perf_counter()
        translate(index, text, "es", "en")
        tr_in_s = time.perf_counter() - t
        src = work / "text.txt"
        src.write_text(text, encoding="utf-8")
        tr_argv = [*cli, "translate", "--from", "es", "--to", "en", str(src)]
        tr_s, _, pass_tr = timed(tr_argv, env, 3)  # --jobs auto: the cores this process may use
        one_s, _, pass_one = timed([*tr_argv[:-1], "--jobs", "1", str(src)], env, 3)
        tr_pss, tr_rss = tree_memory(tr_argv, env)
        one_pss, one_rss = tree_memory([*tr_argv[:-1], "--jobs", "1", str(src)], env)
        distinct = work / "once.txt"
        distinct.write_text(once, encoding="utf-8")
        once_s, _, _ = timed([*tr_argv[:-1], str(distinct)], env, 3)
    report = {
        "load_average": {"start": load_start, "end": [round(x, 2) for x in os.getloadavg()]},  # as `uptime` shows it
        "table": {"cards": len(table.cards), "import_s": round(import_s, 2)},
        "baseline": {"python_c_pass_s": round(base_pass, 4), "cpu_loop_s": round(base_cpu, 4)},
        "cold_lookup": {
            "exact_s": round(exact_s, 4), "exact_x_pass": round(exact_s / pass_exact, 2),
            "fuzzy_s": round(fuzzy_s, 4), "fuzzy_x_pass": round(fuzzy_s / pass_fuzzy, 2),
            "json_s": round(json_s, 4), "json_x_pass": round(json_s / pass_json, 2),
            "target_x_pass": 4, "meets": exact_s / pass_exact <= 4,
            "peak_rss_mib": round(max(exact_mem, fuzzy_mem) / 1024, 1)},
        "batch_lookup": {
            "queries": len(flat), "process_s": round(batch_s, 3),
            "per_s": round(len(flat) / batch_s), "target_per_s": 1000, "meets": len(flat) / batch_s >= 1000,
            "s_per_1000_x_pass": round(batch_s / len(flat) * 1000 / pass_batch, 2),
            "s_per_1000_x_cpu_loop": round(batch_s / len(flat) * 1000 / base_cpu, 2),
            "in_process_by_kind": per_kind, "expected_card_first": first_ok,
            "peak_rss_mib": round(batch_mem / 1024, 1)},
    }
    if text:
        report["translate"] = {
            "mb": round(mb, 3), "process_s": round(tr_s, 3), "mb_per_s": round(mb / tr_s, 2),
            "in_process_mb_per_s": round(mb / tr_in_s, 2), "target_mb_per_s": 2.0, "meets": mb / tr_s >= 2.0,
            "s_per_mb_x_pass": round(tr_s / mb / pass_tr, 2), "s_per_mb_x_cpu_loop": round(tr_s / mb / base_cpu, 2),
            "peak_rss_mib": tr_rss, "peak_pss_sum_mib": tr_pss,
            "jobs": workers("auto", len(text.encode("utf-8"))),
            "jobs_1": {"process_s": round(one_s, 3), "mb_per_s": round(mb / one_s, 2), "s_per_mb_x_pass": round(one_s / mb / pass_one, 2),
                       "peak_rss_mib": one_rss, "peak_pss_sum_mib": one_pss},
            # the texts once, not repeated: no judgement is met again, as in an article a reader translates (one piece)
            "once": {"mb": round(len(once.encode("utf-8")) / 1e6, 3), "process_s": round(once_s, 3),
                     "mb_per_s": round(len(once.encode("utf-8")) / 1e6 / once_s, 2)}}
    print(json.dumps(report, indent=2))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
