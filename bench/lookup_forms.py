"""Lookup judged on forms of the pool's own names made by rule, and on the project's nicknames held out: no text set is
read.

Usage::

    .venv/bin/python bench/lookup_forms.py --names TABLE [--seed 7] [--cards 600] [--kb KB] [--misses] [--json]

For ``--cards`` cards of two printings or more (by ``--seed``), each named by one of its official names (a random
language) that no other entry has, lookup is asked for forms writers make of it, and it is right when the card comes
first:

- ``typo``: one letter of one word of five letters or more dropped, doubled wrong, changed or swapped with the next;
  ``typo-lower``: the same in lower case; ``typo2``: a second word so misspelt;
- ``typo-number``: a typo as above in the names that carry a number ("Horus … LV6", "Número 39: …");
- ``articles``, ``order``, ``english``, ``inflect``, ``romance``: the fan forms of ``fan_heldout.variants`` (links
  dropped or changed, two words swapped, one word left in English or taken from another language's name, a word's
  gender or number changed), for names in Spanish, Portuguese and Italian;
- ``nickname:KIND``: each row of ``data/nicknames.tsv`` (nickname, abbreviation, misspelling, …) looked up in an index
  built without that file: the names people write, held out; ``series:KIND`` the same for the rows of a series
  (``series:<English name>``), right when the series comes first.

A form that is another entry's name is skipped. ``--misses`` lists the forms whose card was not first.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

LETTERS = "abcdefghilmnoprstuvz"
FAN_KINDS = ("articles", "order", "english", "inflect", "romance")


def typo(word: str, rng: random.Random) -> str:
    """``word`` with one edit inside it (never its first letter): a letter dropped, changed, swapped with the next, or
    one put in.

    >>> sorted({typo("dragon", random.Random(s)) != "dragon" for s in range(20)})
    [True]
    """
    i = rng.randrange(1, len(word) - 1)
    op = rng.choice("dsti")
    if op == "d":
        return word[:i] + word[i + 1:]
    if op == "s":
        return word[:i] + rng.choice([c for c in LETTERS if c != word[i].lower()]) + word[i + 1:]
    if op == "t" and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + rng.choice(LETTERS) + word[i:]


def _misspelt(name: str, rng: random.Random, times: int) -> str | None:
    words = name.split()
    long = [k for k, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
    if len(long) < times:
        return None
    for k in rng.sample(long, times):
        words[k] = typo(words[k], rng)
    return " ".join(words)


def forms(index, cards: int, seed: int) -> list:
    """(kind, form, entry id) of the rule-made forms (the kinds above but the nicknames)."""
    from ygorules.core.fold import normalize
    from ygorules.names import fanmatch
    from fan_heldout import variants

    rng = random.Random(seed)
    m = fanmatch.Matcher(index)

    def best_en(f, efold):
        got = {e: p for e, p in m._table(f) if e in efold}
        if not got:
            return None
        e = max(got, key=got.get)
        return e, got[e]

    pool = sorted((e for e in index.entries() if e.kind == "card" and e.prominence >= 2), key=lambda e: e.id)
    rng.shuffle(pool)
    numbered = [e for e in pool if any(c.isdigit() for c in e.names.get("en") or "")]
    out = []

    def unique(name):
        return len({f.entry.id for f in index.forms_for_key(normalize(name))}) == 1

    for e in pool[:cards]:
        langs = [x for x in ("es", "pt", "it", "en") if e.names.get(x)]
        lang = rng.choice(langs)
        name = e.names[lang]
        if not unique(name):
            continue
        one, two = _misspelt(name, rng, 1), _misspelt(name, rng, 2)
        if one:
            out += [("typo", one, e.id), ("typo-lower", one.lower(), e.id)]
        if two:
            out.append(("typo2", two, e.id))
        romance = [x for x in langs if x != "en"]
        if romance and e.names.get("en"):
            lang = rng.choice(romance)
            if unique(e.names[lang]):
                vs = variants(e.names[lang], lang, e.names["en"], {x: e.names[x] for x in romance}, best_en,
                              random.Random(f"{seed}:{e.id}"), fanmatch.STOP)
                out += [(k, vs[k], e.id) for k in FAN_KINDS if k in vs]
    for e in numbered[:cards // 2]:
        name = e.names.get(rng.choice([x for x in ("es", "pt", "it", "en") if e.names.get(x)]))
        one = _misspelt(name, rng, 1) if unique(name) else None
        if one:
            out.append(("typo-number", one, e.id))
    return [(k, f, i) for k, f, i in out if all(x.entry.id == i for x in index.forms_for_key(normalize(f)))]


def nickname_rows(path: Path) -> list:
    """(kind, text, passcode) of each row of a nicknames file."""
    with open(path, encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        return [(r["kind"], r["text"], r["passcode"]) for r in rows]


def _row_right(e, pc: str) -> bool:
    """Whether entry ``e`` is the one a nickname row names: its card (by passcode), or for a ``series:<English name>`` row
    that series."""
    if pc.startswith("series:"):
        return e.kind == "series" and e.names.get("en") == pc[len("series:"):]
    return pc in e.passcodes


def judge(index, asked: list, right) -> tuple:
    """(kind → [right, n], misses) of lookup's first answer to each (kind, form, want)."""
    tally, misses = {}, []
    for kind, form, want in asked:
        ms = index.lookup(form, None, 5).matches
        ok = bool(ms) and right(ms[0].entry, want)
        t = tally.setdefault(kind, [0, 0])
        t[0] += ok
        t[1] += 1
        if not ok:
            misses.append((kind, form, want, ms[0].entry.id if ms else None))
    return tally, misses


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--names", required=True, help="an imported name table (names.tsv.gz)")
    ap.add_argument("--kb", default=str(ROOT / "kb"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cards", type=int, default=600)
    ap.add_argument("--nicknames", default=str(ROOT / "data" / "nicknames.tsv"))
    ap.add_argument("--misses", action="store_true", help="list the forms whose card was not first")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not Path(args.names).is_file():
        print(f"{args.names}: no such name table → give an imported table (ygorules names import …)", file=sys.stderr)
        return 2
    from ygorules.names import index as names

    index = names.load_index(args.kb, args.names, warn=lambda m: None)
    index.prepare_batch()
    tally, misses = judge(index, forms(index, args.cards, args.seed), lambda e, want: e.id == want)
    rows = nickname_rows(Path(args.nicknames)) if Path(args.nicknames).is_file() else []
    if rows:
        os.environ["YGORULES_NICKNAMES"] = ""  # the index without the file: its rows held out
        bare = names.load_index(args.kb, args.names, warn=lambda m: None)
        more, missed = judge(bare, [(f"{'series' if pc.startswith('series:') else 'nickname'}:{k}", t, pc) for k, t, pc in rows],
                             _row_right)
        tally.update(more)
        misses += missed
    out = {k: {"right": r, "n": n, "ratio": round(r / n, 3)} for k, (r, n) in sorted(tally.items())}
    if args.json:
        print(json.dumps({"figures": out, "misses": misses if args.misses else None}, ensure_ascii=False, indent=1))
        return 0
    for k, f in out.items():
        print(f"{k:26} {f['ratio']:6}  ({f['right']}/{f['n']})")
    for m in misses if args.misses else ():
        print("miss:", *m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
