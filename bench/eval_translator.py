"""Evaluation of translate and lookup on annotated real-style texts: recall and precision by kind and language.

Usage::

    .venv/bin/python bench/eval_translator.py [--fast] [--names TABLE] [--cardnames FILE] [--json] [--sweep]
                                              [--threshold X] [--misses]
    .venv/bin/python bench/eval_translator.py --dev [FOLDER] [--names TABLE] [--misses]

The evaluation set is a folder (``bench/eval``, or ``tests/eval`` with ``--fast``) holding:

- ``texts/*.txt``: es, pt and it texts (forum posts, deck lists, reports, wiki-like paragraphs); a file
  named ``<lang>-control-*.txt`` has no card name at all;
- ``mentions.tsv``: ``file, mention, occurrence, target, kind, lang``: each annotated mention (the exact
  substring, its 1-based occurrence among that substring's occurrences in the file), its target (a
  passcode, or ``series:<English series name>``), its kind (official, english, nickname, misspelling,
  series) and the text's language;
- with ``--fast``: ``pool.tsv``, the name table to use (the TSV import format; ``pool_info.tsv`` and
  ``pool_series.tsv`` next to it are read as ``names import tsv`` reads them).

The full set uses the whole card pool: ``--names`` (an imported table) or ``--cardnames`` (default
``../shared/data/cardnames.tsv``, imported into a temporary table). The project's ``kb/`` is the KB part.

``--dev`` scores the development set of real texts instead (``../shared/evaluation/translator``, read at run
time and never copied: ``answer_key.tsv`` with code-point offsets into each whole file, the header line
``# source: URL`` left out of the translation), as its README says: a mention is found when a card replacement
with its card covers at least half of it (one replacement credits one mention); precision counts card
replacements only (one on a ``not-a-card`` mention or on no mention is wrong; series replacements are counted
apart); lookup first on each distinct (mention, language, card). Kinds there: official, english, fan, misspelled.

Printed: recall (annotated mentions found with the right card or series) and precision (card and series
replacements that are right; in control texts every card replacement is wrong) by kind and language;
``lookup``'s first-place rate on the distinct mentions; card replacements in control texts.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))


class EvalError(Exception):
    """A problem in the evaluation set (file and line)."""


def _tsv(path: Path, need: set):
    """(line number, row dict) of a tab-separated file with a header line that has the columns ``need``; blank and
    ``#`` lines skipped."""
    with open(path, encoding="utf-8", newline="") as f:
        lines = [l.rstrip("\r\n") for l in f]
    header = None
    for no, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = [c.strip() for c in cells]
            if not need <= set(header):
                raise EvalError(f"{path}:{no}: the header lacks {sorted(need - set(header))}")
            continue
        if len(cells) != len(header):
            raise EvalError(f"{path}:{no}: {len(cells)} fields, the header has {len(header)}")
        yield no, dict(zip(header, cells))


def read_mentions(folder: Path) -> list[dict]:
    """The annotated mentions, each with its character offsets in its file."""
    path = folder / "mentions.tsv"
    texts: dict = {}
    out = []
    for no, row in _tsv(path, {"file", "mention", "occurrence", "target", "kind", "lang"}):
        name = row["file"]
        if name not in texts:
            p = folder / "texts" / name
            if not p.is_file():
                p = folder / name
            if not p.is_file():
                raise EvalError(f"{path}:{no}: no text file {name}")
            texts[name] = read_text(p)
        text = texts[name]
        occ = int(row["occurrence"] or 1)
        at = -1
        for _ in range(occ):
            at = text.find(row["mention"], at + 1)
            if at < 0:
                raise EvalError(f"{path}:{no}: {row['mention']!r} does not occur {occ} time(s) in {name}")
        row.update(start=at, end=at + len(row["mention"]), line=no)
        out.append(row)
    return out


def read_text(path: Path) -> str:
    """A text file as it is, its line ends included ("\\r\\n" stays two characters): ``ygorules translate`` reads a
    file so, and an answer key's offsets count them."""
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def text_files(folder: Path) -> dict:
    """file name → (language, text, is control)."""
    out = {}
    for p in sorted((folder / "texts").glob("*.txt")):
        lang = p.name.split("-", 1)[0].split("_", 1)[0]
        out[p.name] = (lang, read_text(p), "-control" in p.name)
    return out


def _target_of(span) -> set:
    if span.kind == "series":
        return set()
    return set(span.passcodes)


def _hits(span, target: str, index) -> bool:
    if target.startswith("series:"):
        return span.kind == "series" and _series_en(index, span.id) == target[7:].strip()
    return span.kind == "card" and target in span.passcodes


_series_cache: dict = {}


def _series_en(index, sid: str) -> str | None:
    if sid not in _series_cache:
        _series_cache[sid] = next((e.names.get("en") for e in index.entries() if e.id == sid), None)
    return _series_cache[sid]


def _overlaps(span, mention: dict) -> bool:
    """Whether a replacement and an annotated mention share a character."""
    return span.start < mention["end"] and mention["start"] < span.end


def _covers_half(span, mention: dict) -> bool:
    """Whether a replacement covers at least half of an annotated mention."""
    return min(span.end, mention["end"]) - max(span.start, mention["start"]) >= (mention["end"] - mention["start"]) / 2


def _score(spans: list, ann: list, rec: dict, prec: dict, hit, rec_keys, prec_keys, *, covers=_overlaps,
           one_each: bool = False) -> tuple[list, list]:
    """Count one text into ``rec`` and ``prec`` (key → [right, all]); the mentions not found and the (replacement,
    mentions it overlaps) counted wrong, in text order.

    A mention is found when a replacement that ``covers`` it ``hit``s it (``hit(span, mention)``); with ``one_each``
    a replacement credits one mention only (the first it is found for). It counts under ``rec_keys(mention)``, and
    not at all when that is empty. Every replacement counts under ``prec_keys(span, overlapped mentions)``, right
    when it hits one of the mentions it overlaps."""
    lost, bad = [], []
    used: set = set()
    for m in ann:
        keys = rec_keys(m)
        if not keys:
            continue
        ok = False
        for k, s in enumerate(spans):
            if k not in used and covers(s, m) and hit(s, m):
                if one_each:
                    used.add(k)
                ok = True
                break
        for key in keys:
            rec[key][0] += ok
            rec[key][1] += 1
        if not ok:
            lost.append(m)
    for s in spans:
        over = [m for m in ann if _overlaps(s, m)]
        ok = any(hit(s, m) for m in over)
        for key in prec_keys(s, over):
            prec[key][0] += ok
            prec[key][1] += 1
        if not ok:
            bad.append((s, over))
    return lost, bad


def evaluate(index, folder: Path, threshold: float | None = None, misses: bool = False) -> dict:
    """Run translate over every text and lookup over every distinct mention; the figures as a dict."""
    from ygorules.names.translate import Translator

    mentions = read_mentions(folder)
    files = text_files(folder)
    by_file = defaultdict(list)
    for m in mentions:
        by_file[m["file"]].append(m)
    rec = defaultdict(lambda: [0, 0])  # key → [found, total]
    prec = defaultdict(lambda: [0, 0])  # key → [right, replacements]
    control = 0
    missed, wrong = [], []
    for name, (lang, text, is_control) in files.items():
        tr = Translator(index, lang, "en" if lang != "en" else "es", threshold)
        spans = [s for s in tr.spans(text) if s.kind in ("card", "series")]
        ann = by_file.get(name, [])
        if is_control:
            control += len(spans)
        lost, bad = _score(spans, ann, rec, prec, lambda s, m: _hits(s, m["target"], index),
                           lambda m: ("all", "kind:" + m["kind"], "lang:" + m["lang"]),
                           lambda s, over: ("all", "lang:" + lang, "variant:" + s.variant,
                                            "kind:" + (over[0]["kind"] if over else "(none)")))
        if misses:
            for m in lost:
                got = [f"{s.text}→{s.id}" for s in spans if _overlaps(s, m)]
                missed.append(f"{name}:{m['line']} {m['mention']!r} ({m['kind']}) → {m['target']} got {got}")
            for s, over in bad:
                wrong.append(f"{name}: {s.text!r} → {s.id} ({s.variant}, score {s.score:.2f})"
                             + (f" annotated {over[0]['target']}" if over else " not annotated"))
    # lookup on distinct mentions
    first = [0, 0]
    lookups = []
    for key in sorted({(m["mention"], m["target"]) for m in mentions}):
        res = index.lookup(key[0], None, 5)
        top = res.matches[0] if res.matches else None
        ok = False
        if top is not None:
            if key[1].startswith("series:"):
                ok = top.entry.kind == "series" and top.entry.names.get("en") == key[1][7:].strip()
            else:
                ok = key[1] in top.entry.passcodes
        first[0] += ok
        first[1] += 1
        if not ok and misses:
            lookups.append(f"lookup {key[0]!r} → {top.entry.id if top else None}, expected {key[1]}")

    return _figures(rec, prec, first, (missed, wrong, lookups) if misses else None,
                    control_replacements=control, texts=len(files), mentions=len(mentions))


def _figures(rec: dict, prec: dict, first: list, lists: tuple | None, **more) -> dict:
    """The figures as a dict: recall and precision per key, lookup first, ``more``, and the lists of misses when kept."""
    def ratio(pair):
        return round(pair[0] / pair[1], 3) if pair[1] else None

    out = {
        "recall": {k: {"ratio": ratio(v), "found": v[0], "total": v[1]} for k, v in sorted(rec.items())},
        "precision": {k: {"ratio": ratio(v), "right": v[0], "replacements": v[1]} for k, v in sorted(prec.items())},
        "lookup_first": {"ratio": ratio(first), "right": first[0], "distinct": first[1]},
        **more,
    }
    if lists is not None:
        out["missed"], out["wrong"], out["lookup_missed"] = lists
    return out


def read_dev(folder: Path) -> tuple[dict, list[dict]]:
    """The development set: file → (language, text), and its annotated rows (``answer_key.tsv``), each with its
    offsets checked against its text."""
    key = folder / "answer_key.tsv"
    if not key.is_file():
        raise EvalError(f"{key}: no answer key (is the development set at {folder}?)")
    files: dict = {}
    rows = []
    for no, row in _tsv(key, {"file", "lang", "start", "end", "mention", "passcode", "en_name", "kind"}):
        name = row["file"]
        if name not in files:
            p = folder / "texts" / name
            if not p.is_file():
                raise EvalError(f"{key}:{no}: no text file {name}")
            files[name] = (row["lang"], read_text(p))
        text = files[name][1]
        row.update(start=int(row["start"]), end=int(row["end"]), line=no)
        if text[row["start"]:row["end"]] != row["mention"]:
            raise EvalError(f"{key}:{no}: {row['mention']!r} is not at {row['start']}-{row['end']} of {name}")
        rows.append(row)
    return files, rows


DEV_KINDS = ("official", "english", "fan", "misspelled")


def evaluate_dev(index, folder: Path, threshold: float | None = None, misses: bool = False) -> dict:
    """The development set's figures (see the module doc), by language and kind."""
    from ygorules.names.translate import Translator

    files, rows = read_dev(folder)
    by_file = defaultdict(list)
    for r in rows:
        by_file[r["file"]].append(r)
    rec = defaultdict(lambda: [0, 0])
    prec = defaultdict(lambda: [0, 0])
    series = [0, 0]  # series replacements: on an annotated not-a-card archetype with that English name / all
    missed, wrong = [], []

    def right(s, r) -> bool:
        return r["passcode"] in s.passcodes or s.replacement == r["en_name"]

    for name, (lang, text) in sorted(files.items()):
        cut = text.find("\n") + 1 if text.startswith("#") else 0  # the header line is not translated
        tr = Translator(index, lang, "en", threshold)
        spans = []
        for s in tr.spans(text[cut:]):
            s.start, s.end = s.start + cut, s.end + cut
            spans.append(s)
        cards = [s for s in spans if s.kind == "card"]
        ann = by_file.get(name, [])
        lost, bad = _score(cards, ann, rec, prec, lambda s, r: r["kind"] in DEV_KINDS and right(s, r),
                           lambda r: ("all", "kind:" + r["kind"], "lang:" + lang, f"{lang}:{r['kind']}")
                           if r["kind"] in DEV_KINDS else (),
                           lambda s, over: ("all", "lang:" + lang, "kind:" + (over[0]["kind"] if over else "(none)")),
                           covers=_covers_half, one_each=True)
        for s in spans:
            if s.kind == "series":
                series[1] += 1
                series[0] += any(r["kind"] == "not-a-card" and r["en_name"] and s.replacement.lower() == r["en_name"].lower()
                                 for r in ann if _overlaps(s, r))
        if misses:
            for r in lost:
                got = [f"{s.text}→{s.id}" for s in spans if _overlaps(s, r)]
                missed.append(f"{name}:{r['start']} {r['mention']!r} ({r['kind']}) → {r['en_name']} got {got}")
            for s, over in bad:
                wrong.append(f"{name}:{s.start} {s.text!r} → {s.id} ({s.variant}, score {s.score:.2f})"
                             + (f" annotated {over[0]['kind']} {over[0]['en_name']!r}" if over else " not annotated"))
    first = [0, 0]
    lookups = []
    for mention, lang, pc, en in sorted({(r["mention"], r["lang"], r["passcode"], r["en_name"]) for r in rows
                                         if r["kind"] in DEV_KINDS}):
        res = index.lookup(mention, None, 5)
        top = res.matches[0] if res.matches else None
        ok = top is not None and top.entry.kind == "card" and (pc in top.entry.passcodes or top.entry.names.get("en") == en)
        first[0] += ok
        first[1] += 1
        if not ok and misses:
            lookups.append(f"lookup {mention!r} ({lang}) → {top.entry.id if top else None}, expected {en}")

    return _figures(rec, prec, first, (missed, wrong, lookups) if misses else None, control_replacements=0,
                    series_replacements={"on_an_archetype": series[0], "all": series[1]}, texts=len(files), mentions=len(rows))


def build_index(args, tmp: Path):
    """The name index for the evaluation: the project's kb/ and the chosen table."""
    from ygorules.names import index as names
    from ygorules.names import table as nametable

    if args.fast:
        table = tmp / "pool.tsv.gz"
        nametable.write_table(nametable.import_tsv(args.folder / "pool.tsv")[0], table)
    elif args.names:
        table = Path(args.names)
    else:
        table = tmp / "pool.tsv.gz"
        nametable.write_table(nametable.import_tsv(Path(args.cardnames))[0], table)
    return names.load_index(args.kb, table, warn=lambda m: None)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dev", nargs="?", const=str(SHARED / "evaluation" / "translator"), type=Path,
                    help="score the development set of real texts (default folder: ../shared/evaluation/translator)")
    ap.add_argument("--fast", action="store_true", help="the fast subset in tests/eval (with its own small pool)")
    ap.add_argument("--folder", type=Path, help="the evaluation folder (default: bench/eval, or tests/eval with --fast)")
    ap.add_argument("--names", help="an imported name table (ygorules names import …) for the full set")
    ap.add_argument("--cardnames", default=str(SHARED / "data" / "cardnames.tsv"), help="a cardnames.tsv to import when --names is not given")
    ap.add_argument("--kb", default=str(ROOT / "kb"), help="the KB part (default: the project's kb/)")
    ap.add_argument("--threshold", type=float, help="the acceptance score (default: mentions.ACCEPT)")
    ap.add_argument("--sweep", action="store_true", help="recall and precision for a range of thresholds")
    ap.add_argument("--misses", action="store_true", help="list missed mentions, wrong replacements and lookup misses")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    args.folder = args.folder or (ROOT / ("tests/eval" if args.fast else "bench/eval"))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("YGORULES_CACHE", str(Path(tmp) / "cache"))
        try:
            index = build_index(args, Path(tmp))
            if args.sweep:
                rows = []
                for t in [x / 2 for x in range(0, 12)]:
                    r = evaluate(index, args.folder, t)
                    rows.append({"threshold": t, "recall": r["recall"]["all"]["ratio"], "precision": r["precision"]["all"]["ratio"],
                                 "control": r["control_replacements"]})
                print(json.dumps(rows, indent=1))
                return 0
            res = (evaluate_dev(index, args.dev, args.threshold, args.misses) if args.dev
                   else evaluate(index, args.folder, args.threshold, args.misses))
        except EvalError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return 0
    print(f"{res['texts']} texts, {res['mentions']} annotated mentions ({args.dev or args.folder})")
    for title, key, a, b in (("recall", "recall", "found", "total"), ("precision", "precision", "right", "replacements")):
        print(f"\n{title}:")
        for k, v in res[key].items():
            print(f"  {k:28} {v['ratio'] if v['ratio'] is not None else '-':>6}  ({v[a]}/{v[b]})")
    lf = res["lookup_first"]
    print(f"\nlookup puts the right card first (distinct mentions): {lf['ratio']} ({lf['right']}/{lf['distinct']})")
    if "series_replacements" in res:
        sr = res["series_replacements"]
        print(f"series replacements: {sr['all']} ({sr['on_an_archetype']} on an annotated archetype of that name)")
    else:
        print(f"card replacements in control texts: {res['control_replacements']}")
    for k in ("missed", "wrong", "lookup_missed"):
        for line in res.get(k, []):
            print(f"{k}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
