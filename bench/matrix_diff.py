"""How many activation answers moved between two exports, by pattern (yes→only if, no→only if …).

    .venv/bin/ygorules export -o before.json          # on one branch or commit
    .venv/bin/ygorules export -o after.json           # on the other
    .venv/bin/python bench/matrix_diff.py before.json after.json [--lang en] [--list PATTERN] [--json]

Reads the ``activation`` part of two ``ygorules export`` documents (reports/export.py: ``{"timings": [...],
"cards": {card_id: [answer, ...]}}``) and compares the answers of every (card, timing) that both have.
Patterns: ``A→B`` where the verdict changed; ``only if→only if (condition)`` where only the condition's text
changed (in ``--lang``); ``same verdict (rule)`` where only the deciding rule changed; ``unchanged``. Cards that
only one export has are counted apart. ``--list PATTERN`` prints the rows of one pattern; ``--json`` prints
everything as JSON. Exit 0; 1 with a message for a file that is not an export.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

VERDICT = {"yes": "yes", "no": "no", "only-if": "only if"}


def _activation(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{path}: cannot read it as JSON ({exc}) → give the file `ygorules export -o FILE` wrote")
    act = doc.get("activation") if isinstance(doc, dict) else None
    if not isinstance(act, dict) or not isinstance(act.get("cards"), dict):
        raise SystemExit(f"{path}: no activation matrix → give the file `ygorules export -o FILE` wrote")
    return {cid: {a["timing"]: a for a in answers} for cid, answers in act["cards"].items()}


def pattern(old: dict, new: dict, lang: str) -> str:
    """The pattern of one answer's change."""
    if old["verdict"] != new["verdict"]:
        return f"{VERDICT[old['verdict']]}→{VERDICT[new['verdict']]}"
    before = (old.get("condition") or {}).get(lang)
    after = (new.get("condition") or {}).get(lang)
    if before != after:
        return f"{VERDICT[new['verdict']]}→{VERDICT[new['verdict']]} (condition)"
    if old.get("rule") != new.get("rule"):
        return "same verdict (rule)"
    return "unchanged"


def compare(before: dict, after: dict, lang: str = "en") -> dict:
    """{"patterns": Counter, "rows": {pattern: [(card, timing, old, new)]}, "only_before": [...], "only_after": [...]}"""
    counts: Counter = Counter()
    rows: dict = {}
    for cid in sorted(set(before) & set(after)):
        for timing in sorted(set(before[cid]) & set(after[cid])):
            old, new = before[cid][timing], after[cid][timing]
            p = pattern(old, new, lang)
            counts[p] += 1
            rows.setdefault(p, []).append((cid, timing, old, new))
    return {"patterns": counts, "rows": rows, "only_before": sorted(set(before) - set(after)),
            "only_after": sorted(set(after) - set(before))}


def _describe(a: dict, lang: str) -> str:
    cond = (a.get("condition") or {}).get(lang)
    return VERDICT[a["verdict"]] + (f" {cond}" if cond else "") + f" [{a.get('rule')}]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--lang", default="en", choices=("es", "pt", "it", "en"), help="the language of the conditions compared and listed")
    ap.add_argument("--list", metavar="PATTERN", help="print the rows of this pattern (as printed, e.g. 'yes→only if')")
    ap.add_argument("--json", action="store_true", help="print the counts and every changed row as JSON")
    args = ap.parse_args(argv)
    result = compare(_activation(args.before), _activation(args.after), args.lang)
    counts = result["patterns"]
    if args.json:
        print(json.dumps({"patterns": dict(counts.most_common()), "total": sum(counts.values()),
                          "only_before": result["only_before"], "only_after": result["only_after"],
                          "rows": {p: [{"card": c, "timing": t, "before": _describe(o, args.lang), "after": _describe(n, args.lang)}
                                       for c, t, o, n in rs] for p, rs in result["rows"].items() if p != "unchanged"}},
                         ensure_ascii=False, indent=2))
        return 0
    if args.list:
        rows = result["rows"].get(args.list)
        if rows is None:
            print(f"no row has the pattern '{args.list}'; patterns: {', '.join(counts)}", file=sys.stderr)
            return 1
        for c, t, o, n in rows:
            print(f"{c}\t{t}\t{_describe(o, args.lang)}\t→\t{_describe(n, args.lang)}")
        return 0
    total = sum(counts.values())
    width = max(map(len, counts), default=0)
    for p, n in sorted(counts.items(), key=lambda kv: (kv[0] == "unchanged", -kv[1], kv[0])):
        print(f"{p:<{width}}  {n:5d}")
    print(f"{'answers compared':<{width}}  {total:5d}")
    if result["only_before"] or result["only_after"]:
        print(f"cards only before: {len(result['only_before'])} {' '.join(result['only_before'])}".rstrip())
        print(f"cards only after: {len(result['only_after'])} {' '.join(result['only_after'])}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
