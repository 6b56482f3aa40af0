"""Agreement of the facts derived from card text with the simulator's view of the Damage Step.

Usage::

    .venv/bin/python bench/engine_agreement.py YAML_YUGI_DIR [--engine FILE] [--json] [--show CATEGORY] [--sample N]

For every card of the yaml-yugi checkout (``data/cards/*.json``) that ``engine_timings.tsv`` (default
``../shared/data/engine_timings.tsv``) covers, the card's facts are derived from its text
(:mod:`ygorules.cardtext`) and the activation answer (:mod:`ygorules.core.activation`) is asked at the five
Damage Step timings. The card's category is then, as the table's ``damage_step`` column defines it:
``damage-calculation`` (an effect that is not a trigger may be activated during damage calculation),
``yes`` (one may be activated in the Damage Step, not during damage calculation), ``trigger`` (only
Trigger effects act in the Damage Step) or ``no``. Printed: the agreement, the confusion table, the
unknown rate (cards with a clause the reader could not read), and how many cards each pattern decides.

The simulator's data is not a ruling: a disagreement is a place to look, not an error by itself.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))

from ygorules.cardtext import derive  # noqa: E402
from ygorules.core.activation import DAMAGE_STEP, decide  # noqa: E402

_DURING = DAMAGE_STEP[2]
CATEGORIES = ("damage-calculation", "yes", "trigger", "no")


BATTLE_EVENTS = frozenset({"battled", "battle-damage-inflicted", "battle-damage-taken", "flipped", "destroyed-by-battle",
                           "destroys-by-battle"})
"""Trigger events tied to a battle: the table's ``trigger`` class (its README: a Damage Step event, a Flip effect,
a destruction by battle). Triggers on other events that the rules also allow in the Damage Step (mandatory effects,
the card itself moving, e.g. Sangan's) are not flagged by the table, so they are counted apart (``other``)."""


def category(facts: dict) -> tuple[str, bool]:
    """(the engine table's damage_step category of a card, whether another trigger may act in the Damage Step), from
    the activation answer on its facts; effects the reader could not read are left out."""
    during = anywhere = trig = other = False
    for eff in facts.get("effects", []):
        kind = eff.get("kind")
        if kind == "continuous" or eff.get("unknown"):
            continue
        for t in DAMAGE_STEP:
            verdict = decide(facts, eff, t)[0]
            if verdict == "no":
                continue
            if kind in ("trigger", "flip"):
                on = eff.get("when") or ""
                if kind == "flip" or on in BATTLE_EVENTS or on.startswith("damage-step"):
                    trig = True
                else:
                    other = True
            else:
                anywhere = True
                during |= t == _DURING
    return ("damage-calculation" if during else "yes" if anywhere else "trigger" if trig else "no"), other


def load(folder: Path) -> dict[str, dict]:
    """passcode → card object of a yaml-yugi checkout."""
    cards_dir = folder / "data" / "cards" if (folder / "data" / "cards").is_dir() else folder
    out = {}
    for path in sorted(cards_dir.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("password") is not None:
            out[str(doc["password"])] = doc
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="a yaml-yugi checkout (or its data/cards folder)")
    ap.add_argument("--engine", type=Path, default=SHARED / "data" / "engine_timings.tsv")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--show", metavar="PAIR", help="list the cards of one cell, e.g. 'no>trigger' (engine>ours)")
    ap.add_argument("--sample", type=int, default=0, help="with --show: a random sample of N cards (seed 1)")
    args = ap.parse_args()
    if not args.engine.is_file():
        print(f"{args.engine}: no such file (pass --engine FILE)", file=sys.stderr)
        return 2
    with open(args.engine, encoding="utf-8", newline="") as f:
        engine = {r["id"]: r for r in csv.DictReader(f, delimiter="\t")}
    cards = load(args.folder)
    confusion: Counter = Counter()
    cells: dict = defaultdict(list)
    unknown_cards = others = 0
    patterns: Counter = Counter()
    for pid, row in engine.items():
        card = cards.get(pid)
        if card is None:
            continue
        d = derive(card)
        if d.unknown:
            unknown_cards += 1
        for name in set(d.patterns):
            patterns[name] += 1
        ours, other = category(d.facts)
        confusion[(row["damage_step"], ours)] += 1
        others += other
        cells[f"{row['damage_step']}>{ours}"].append(pid)
    total = sum(confusion.values())
    agree = sum(v for (a, b), v in confusion.items() if a == b)
    figures = {"cards": total, "agree": agree, "agreement": round(agree / total, 4) if total else None,
               "unknown_cards": unknown_cards, "other_damage_step_triggers": others, "unknown_rate": round(unknown_cards / total, 4) if total else None,
               "confusion": {f"{a}>{b}": v for (a, b), v in sorted(confusion.items())},
               "patterns": dict(patterns.most_common())}
    if args.show:
        ids = cells.get(args.show, [])
        if args.sample:
            random.Random(1).shuffle(ids)
            ids = ids[:args.sample]
        for pid in ids:
            c = cards[pid]
            print(pid, c["name"]["en"], "|", engine[pid]["effects"], "|", json.dumps(derive(c).facts["effects"])[:400])
        return 0
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"cards {total}; agreement {agree}/{total} = {figures['agreement']:.4f}; cards with an unread clause "
          f"{unknown_cards} ({figures['unknown_rate']:.2%})")
    print("engine \\ ours   " + "".join(f"{c:>20}" for c in CATEGORIES))
    for a in CATEGORIES:
        print(f"{a:<16}" + "".join(f"{confusion[(a, b)]:>20}" for b in CATEGORIES))
    print(f"cards with another trigger the rules allow in the Damage Step (not a battle event; not in the table's classes): {others}")
    print("cards per pattern: " + ", ".join(f"{k} {v}" for k, v in patterns.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
