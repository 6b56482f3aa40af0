"""Benchmark the site build on synthetic KBs of 150, 600 and 2,400 cards; prints JSON.

For each size, what `ygorules site build` does, language after language (all four by default):
our own Markdown generation (ygorules.site.build.generate, in this process) and the MkDocs build
of the same pages (run_mkdocs, a separate process per language), each as CPU time, plus ms per
page and peak memory. Ratios measured in the same run (issue 8 targets): our generation at most
10% of MkDocs' time; four times the cards at most 4.5x the time.

    .venv/bin/python bench/bench_site.py --sizes 150 600 2400
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen_kb import generate as generate_kb  # noqa: E402


def cpu_self() -> float:
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def cpu_children() -> float:
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def measure(cards: int, langs: list[str], tmp: Path) -> dict:
    from ygorules.core.kb import load_kb
    from ygorules.site import build as site_build
    from ygorules.site import i18n

    kb_dir = generate_kb(cards, tmp / f"kb{cards}")
    build_dir = tmp / f"build{cards}"
    kb = load_kb(kb_dir)
    i18n.compile_all(build_dir / "locale")
    report = site_build.status_report(kb)
    gen_cpu = gen_wall = mk_cpu = mk_wall = 0.0
    pages = 0
    for lang in langs:
        c0, w0 = cpu_self(), time.perf_counter()
        n, _ = site_build.generate(kb, lang, build_dir, report)
        gen_cpu, gen_wall, pages = gen_cpu + cpu_self() - c0, gen_wall + time.perf_counter() - w0, pages + n
        c0, w0 = cpu_children(), time.perf_counter()
        site_build.run_mkdocs(build_dir / "mkdocs" / f"{lang}.yml", tmp / f"site{cards}" / lang)
        mk_cpu, mk_wall = mk_cpu + cpu_children() - c0, mk_wall + time.perf_counter() - w0
    return {"cards": cards, "pages": pages, "generate_cpu_s": round(gen_cpu, 3), "mkdocs_cpu_s": round(mk_cpu, 3),
            "generate_wall_s": round(gen_wall, 3), "mkdocs_wall_s": round(mk_wall, 3),
            "ms_per_page": round(1000 * (gen_cpu + mk_cpu) / pages, 2),
            "generate_vs_mkdocs": round(gen_cpu / mk_cpu, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[150, 600, 2400])
    ap.add_argument("--lang", action="append", help="a language to build (repeatable; default: es, pt, it, en)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        runs = [measure(n, a.lang or ["es", "pt", "it", "en"], Path(tmp)) for n in a.sizes]
    scaling = []
    for small, big in zip(runs, runs[1:]):
        t_small = small["generate_cpu_s"] + small["mkdocs_cpu_s"]
        t_big = big["generate_cpu_s"] + big["mkdocs_cpu_s"]
        scaling.append({"from_cards": small["cards"], "to_cards": big["cards"], "cards_ratio": round(big["cards"] / small["cards"], 2),
                        "time_ratio": round(t_big / t_small, 2)})
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"benchmark": "site", "languages": a.lang or ["es", "pt", "it", "en"], "runs": runs, "scaling": scaling,
                      "peak_rss_mb": {"generation_process": round(peak, 1), "mkdocs_process": round(peak_children, 1)},
                      "targets": {"generate_vs_mkdocs": 0.10, "time_ratio_for_4x_cards": 4.5}}, indent=2))


if __name__ == "__main__":
    main()
