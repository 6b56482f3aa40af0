"""The fan-translation matcher (``names.fanmatch``) judged on the card pool itself, held out: no text set is read.

Usage::

    .venv/bin/python bench/fan_heldout.py --names TABLE [--folds 5] [--seed 24] [--per-fold 400] [--json]
                                          [--sweep] [--set NAME=VALUE …] [--dump FILE] [--kb KB]

The pool's cards (one per English name) are split into ``--folds`` folds by a fixed seed. For each fold, the word
table is learned on the other folds' aligned names only (``fanmatch.learn``), and the matcher is given every card's
English name to choose from. Each held-out card's official Spanish, Portuguese and Italian names then stand in for "a
translation nobody taught us" (``--per-fold`` cards of each fold, by the same seed; only cards whose English name has
two or more content words, the only ones the matcher can name, and names that are not the English one).

Each such name is tried as it is and in noisy forms that fans write, made by rule (never from a text set):

- ``official``: as printed;
- ``articles``: articles and prepositions dropped, or changed ("de" → "del", "di" → "della", …);
- ``order``: two content words swapped;
- ``english``: one word left in English (the word the held-out table aligns best with a word of the English name);
- ``inflect``: one word's gender or number changed ("-o" ↔ "-a", a plural "-s"/"-es", Italian "-o" → "-i", …);
- ``accents``: accents dropped; ``lower``: lower case;
- ``romance``: one word taken from the card's name in another of the three languages (the one aligned with it);
- ``absent``: the name as printed, with its card taken out of the names to choose from: any answer is wrong.

Printed, per kind and language: n, right (the held-out card), wrong, abstained, recall (right / n) and precision
(right / answered); ``absent`` has no right answer, its wrong answers count against the total precision. ``--sweep``
prints recall and precision over the present kinds, and the absent kind's wrong answers, for a range of MARGIN
values (the ranked candidates are kept, so the sweep does not match again). ``--set NAME=VALUE`` runs with another
value of one of fanmatch's settings (each setting was chosen so); ``--dump`` writes every form, its answer and its
first three candidates. Each fold's learned table is kept in the cache (``YGORULES_CACHE``).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import unicodedata
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

KINDS = ("official", "articles", "order", "english", "inflect", "accents", "lower", "romance", "absent")
ARTICLE_SWAP = {"de": "del", "del": "de", "do": "da", "da": "do", "di": "della", "della": "di", "dei": "degli",
                "la": "el", "el": "la", "o": "a", "a": "o", "il": "lo", "lo": "il", "des": "de", "dos": "das"}
"""How a fan changes a link word (one way)."""
ENDINGS = {"es": (("o", "a"), ("a", "o"), ("os", "as"), ("as", "os")),
           "pt": (("o", "a"), ("a", "o"), ("os", "as"), ("as", "os"), ("ão", "ões")),
           "it": (("o", "a"), ("a", "e"), ("e", "i"), ("o", "i"), ("i", "o"))}
"""Gender and number endings a fan may write otherwise, per language (the first that fits is used; else a plural
``-s``/``-es`` in Spanish and Portuguese)."""


def _strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


def _tokens(name: str) -> list:
    """The name's words with the text between them: [(word, following separator), …] (apostrophes split words)."""
    import re
    out = []
    for m in re.finditer(r"(\w+)(\W*)", name):
        out.append([m.group(1), m.group(2)])
    return out


def _join(toks: list) -> str:
    return "".join(w + sep for w, sep in toks).strip()


def _content_at(toks: list, stop) -> list:
    from ygorules.core.fold import normalize
    return [i for i, (w, _) in enumerate(toks) if normalize(w) not in stop]


def variants(name: str, lang: str, en: str, others: dict, best_en, rng: random.Random, stop) -> dict:
    """kind → the noisy form of ``name`` (a card's official name in ``lang``; ``others``: its names in the other
    languages; ``best_en(word)``: the held-out table's likeliest English word of a folded word), where the rule
    applies."""
    from ygorules.core.fold import normalize
    toks = _tokens(name)
    cidx = _content_at(toks, stop)
    out = {"official": name, "accents": _strip_accents(name), "lower": name.lower(), "absent": name}
    # articles and prepositions: dropped when there are some, else changed where a swap is known
    links = [i for i, (w, _) in enumerate(toks) if normalize(w) in stop]
    if links:
        t = [list(x) for x in toks]
        if rng.random() < 0.5:
            t = [x for i, x in enumerate(t) if i not in links or i == 0]
        else:
            for i in links:
                w = normalize(t[i][0])
                if w in ARTICLE_SWAP:
                    t[i][0] = ARTICLE_SWAP[w]
        form = _join(t)
        if normalize(form) != normalize(name):
            out["articles"] = form
    if len(cidx) >= 2:
        a, b = sorted(rng.sample(cidx, 2))
        t = [list(x) for x in toks]
        t[a][0], t[b][0] = t[b][0], t[a][0]
        out["order"] = _join(t)
        # one word left in English: the content word the table aligns best with a word of the English name
        ew = [w for w in en.replace(",", " ").split() if normalize(w) not in stop]
        efold = {normalize(w): w for w in ew}
        best = None
        for i in cidx:
            e = best_en(normalize(toks[i][0]), efold)
            if e is not None and e[0] != normalize(toks[i][0]) and (best is None or e[1] > best[2]):
                best = (i, efold[e[0]], e[1])
        if best is not None:
            t = [list(x) for x in toks]
            t[best[0]][0] = best[1]
            out["english"] = _join(t)
        # a word of another Romance language: the word of the card's name there aligned with the same English word
        for other_lang in [l for l in sorted(others) if l != lang]:
            ot = _tokens(others[other_lang])
            oal = {}
            for j in _content_at(ot, stop):
                e = best_en(normalize(ot[j][0]), efold)
                if e is not None:
                    oal.setdefault(e[0], ot[j][0])
            done = False
            for i in cidx:
                e = best_en(normalize(toks[i][0]), efold)
                if e is not None and e[0] in oal and normalize(oal[e[0]]) != normalize(toks[i][0]):
                    t = [list(x) for x in toks]
                    t[i][0] = oal[e[0]]
                    out["romance"] = _join(t)
                    done = True
                    break
            if done:
                break
    # gender or number of one content word
    cand = [i for i in cidx if len(toks[i][0]) >= 4 and toks[i][0].isalpha()]
    if cand:
        i = rng.choice(cand)
        w = toks[i][0]
        new = None
        for a, b in ENDINGS.get(lang, ()):
            if w.lower().endswith(a):
                new = w[: len(w) - len(a)] + (b.upper() if w.isupper() else b)
                break
        if new is None and lang in ("es", "pt"):
            new = w + ("s" if w[-1].lower() in "aeiou" else "es")
        if new is not None:
            t = [list(x) for x in toks]
            t[i][0] = new
            out["inflect"] = _join(t)
    return out


def _unled(form: str, stop) -> str:
    """The form without its leading articles ("El Fabuloso Kokkator"), as translate tries a run."""
    from ygorules.core.fold import normalize
    toks = _tokens(form)
    k = 0
    while k < len(toks) - 1 and normalize(toks[k][0]) in stop:
        k += 1
    return _join(toks[k:]) if k else form


def _learned(train: list, k: int, tag: str) -> dict:
    """``fanmatch.learn`` on a fold's training cards, kept in the cache (``core.cache``) by seed, fold, the learning's
    settings and the learning's code, so that a sweep of the matching's settings learns each fold once."""
    import hashlib
    import inspect
    import marshal
    from ygorules.core.cache import read_blob, write_blob
    from ygorules.names import fanmatch
    code = "".join(inspect.getsource(f) for f in (fanmatch.learn, fanmatch.content, fanmatch.pairs_of))
    code = hashlib.sha1((code + " ".join(sorted(fanmatch.STOP))).encode()).hexdigest()
    key = f"heldout;{tag};{k};{fanmatch.ROUNDS};{fanmatch.MIN_PROB};{fanmatch.TOP};{code}"
    raw = read_blob("fanheldout", key, ".marshal")
    if raw is not None:
        try:
            return marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            pass
    table = fanmatch.learn(fanmatch.pairs_of(train))
    write_blob("fanheldout", key, marshal.dumps(table), ".marshal")
    return table


def run(named: list, folds: int, seed: int, per_fold: int, log=print) -> list:
    """One record per (card, language, kind): (kind, lang, English name, form, ranked candidates or None when the
    run was not tried, the ``match`` answer)."""
    from ygorules.names import fanmatch
    rng = random.Random(seed)
    by_en: dict = {}
    for en, others in named:
        by_en.setdefault(en, others)
    cards = sorted(by_en)
    rng.shuffle(cards)
    fold_of = {en: k % folds for k, en in enumerate(cards)}
    stop = fanmatch.STOP
    records = []
    for k in range(folds):
        t0 = time.perf_counter()
        train = [(en, list(o.values())) for en, o in by_en.items() if fold_of[en] != k]
        table = _learned(train, k, f"{seed}:{folds}:{len(cards)}")
        t1 = time.perf_counter()
        every = [(en, []) for en in cards]
        m_all = fanmatch.Matcher(None, fanmatch.build(every, table=table))
        m_absent = fanmatch.Matcher(None, fanmatch.build([(en, []) for en in cards if fold_of[en] != k], table=table))
        held = [en for en in cards if fold_of[en] == k and len(fanmatch.content(en)) >= 2 and by_en[en]]
        held = sorted(held)
        krng = random.Random(f"{seed}:{k}")
        krng.shuffle(held)
        held = held[:per_fold]

        def best_en(f, efold, _m=m_all):
            got = {e: p for e, p in _m._table(f) if e in efold}
            if not got:
                return None
            e = max(got, key=got.get)
            return e, got[e]

        for en in held:
            others = by_en[en]
            for lang in fanmatch.LANGS:
                name = others.get(lang)
                if not name:
                    continue
                vrng = random.Random(f"{seed}:{en}:{lang}")
                for kind, form in variants(name, lang, en, others, best_en, vrng, stop).items():
                    form = _unled(form, stop)
                    m = m_absent if kind == "absent" else m_all
                    ranked = m.ranked(form)
                    got = m.match(form)
                    records.append((kind, lang, en, form, ranked[:3], got[0] if got else None))
        log(f"fold {k}: learned in {t1 - t0:.1f} s, {len(held)} cards matched in {time.perf_counter() - t1:.1f} s")
    return records


def tally(records: list, margin: float | None = None) -> dict:
    """(kind, lang) → counts of n, right, wrong, abstained (``margin``: decide again from the ranked candidates with
    this MARGIN instead of taking ``match``'s answer)."""
    out: dict = defaultdict(lambda: {"n": 0, "right": 0, "wrong": 0, "abstain": 0})
    for kind, lang, en, form, ranked, got in records:
        if margin is not None:
            from ygorules.names import fanmatch
            got = fanmatch.decide(ranked, form, margin)
            got = got and got[0]
        for key in {(kind, lang), (kind, "all"), ("present" if kind != "absent" else "absent", "all")}:
            c = out[key]
            c["n"] += 1
            if got is None:
                c["abstain"] += 1
            elif got == en and kind != "absent":
                c["right"] += 1
            else:
                c["wrong"] += 1
    return out


def figures(c: dict) -> dict:
    answered = c["right"] + c["wrong"]
    return {**c, "recall": round(c["right"] / c["n"], 3) if c["n"] else None,
            "precision": round(c["right"] / answered, 3) if answered else None,
            "abstain_rate": round(c["abstain"] / c["n"], 3) if c["n"] else None}


def summary(t: dict) -> dict:
    pres, absn = t[("present", "all")], t[("absent", "all")]
    wrong = pres["wrong"] + absn["wrong"]
    return {"recall": round(pres["right"] / pres["n"], 3), "precision_present":
            round(pres["right"] / max(1, pres["right"] + pres["wrong"]), 3),
            "precision_all": round(pres["right"] / max(1, pres["right"] + wrong), 3),
            "absent_wrong": absn["wrong"], "absent_n": absn["n"]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--names", required=True, help="an imported name table (names.tsv.gz)")
    ap.add_argument("--kb", default=str(ROOT / "kb"))
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--per-fold", type=int, default=400)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--sweep", action="store_true", help="recall and precision for a range of MARGIN values")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a fanmatch setting for this run (UNKNOWN=0, WORD_PROB=0.15 …): to choose it on the held-out folds")
    ap.add_argument("--dump", help="write every record (kind, lang, English, form, candidates, answer) to this TSV")
    args = ap.parse_args(argv)
    if not Path(args.names).is_file():
        print(f"{args.names}: no such name table → give an imported table (ygorules names import …)", file=sys.stderr)
        return 2
    from ygorules.names import fanmatch
    from ygorules.names import index as names
    for setting in args.set:
        name, _, value = setting.partition("=")
        old = getattr(fanmatch, name, None)
        if not isinstance(old, (int, float, bool)) or not value:
            print(f"--set {setting}: no number setting {name!r} in fanmatch → e.g. --set UNKNOWN=0", file=sys.stderr)
            return 2
        try:
            new = (value.lower() in ("1", "true", "yes")) if isinstance(old, bool) else type(old)(value)
        except ValueError:
            print(f"--set {setting}: {name} takes a {type(old).__name__} → e.g. --set {name}={old}", file=sys.stderr)
            return 2
        setattr(fanmatch, name, new)
    index = names.load_index(args.kb, args.names, warn=lambda m: None)
    named = fanmatch.pool_names(index)
    log = (lambda m: print(m, file=sys.stderr)) if args.json else print
    records = run(named, args.folds, args.seed, args.per_fold, log)
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for kind, lang, en, form, ranked, got in records:
                cands = " | ".join(f"{n} {s:.3f}" for s, n in ranked)
                f.write(f"{kind}\t{lang}\t{en}\t{form}\t{got or ''}\t{cands}\n")
    t = tally(records)
    out = {"settings": args.set, "summary": summary(t), "by": {f"{k}/{l}": figures(c) for (k, l), c in sorted(t.items())}}
    if args.sweep:
        out["sweep"] = {m: summary(tally(records, m)) for m in (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    s = out["summary"]
    print(f"\nheld-out pool: recall {s['recall']}, precision {s['precision_present']} (present kinds), "
          f"{s['precision_all']} (with the absent kind's {s['absent_wrong']}/{s['absent_n']} wrong answers)")
    print(f"{'kind':9} {'lang':4} {'n':>5} {'right':>5} {'wrong':>5} {'abst':>5} {'recall':>7} {'prec':>6}")
    for kind in KINDS:
        for lang in ("all", *fanmatch.LANGS):
            c = t.get((kind, lang))
            if not c:
                continue
            f = figures(c)
            print(f"{kind:9} {lang:4} {f['n']:5} {f['right']:5} {f['wrong']:5} {f['abstain']:5} "
                  f"{f['recall'] if f['recall'] is not None else '-':>7} "
                  f"{f['precision'] if f['precision'] is not None else '-':>6}")
    if args.sweep:
        print("\nMARGIN sweep (present kinds; absent wrong answers):")
        for m, s in out["sweep"].items():
            print(f"  {m:4}: recall {s['recall']}, precision {s['precision_present']} / {s['precision_all']}, "
                  f"absent wrong {s['absent_wrong']}/{s['absent_n']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
