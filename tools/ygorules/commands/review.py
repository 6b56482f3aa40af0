"""ygorules review: record what a native speaker reviewed, and list what changed since."""
from __future__ import annotations

HELP = ("Record the text a native speaker reviewed (mark), or list the fields changed since their review (changed); "
        "a changed field counts as self-reviewed in `status` and on the site.")
EXAMPLE = "ygorules review mark --lang es kb/cards/mirror-force.yaml"


def register(p):
    import argparse

    from ..core.locales import LANGS

    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    mark = sub.add_parser("mark", help="record FILEs' current text in LANG as reviewed by a native speaker",
                          description="Record FILEs' current text in LANG as the text a native speaker reviewed "
                                      "(once every correction is applied and the file says `review: {LANG: native-reviewed}`).")
    mark.add_argument("--lang", choices=[l for l in LANGS if l != "en"], metavar="L", help="the language reviewed (required)")
    mark.add_argument("files", metavar="FILE", nargs="*", help="the kb files whose review was applied in full")
    changed = sub.add_parser("changed", help="list the fields whose text changed since its native review",
                             description="List the fields whose text changed since its native review (they count as self-reviewed).")
    changed.add_argument("--lang", choices=[l for l in LANGS if l != "en"], metavar="L", help="one language (default: every one)")
    changed.add_argument("files", metavar="FILE", nargs="*", help=argparse.SUPPRESS)  # refused with a clear error in run()


def run(args) -> int:
    import sys
    from pathlib import Path

    from ..core import review
    from ..core.errors import YgoError
    from ..core.kb import collect

    kb, problems = collect(args.kb)
    if args.action == "changed":
        if args.files:
            raise YgoError("`review changed` takes no files → run it without them (add --lang L for one language)", exit_code=2)
        rows = []
        for entry in sorted(kb.entries(), key=lambda e: str(e.path)):
            for lang, fields in sorted(entry.review_changed.items()):
                if args.lang in (None, lang):
                    rows.extend(f"{lang}  {review.relative(kb.root, entry.path)}  {f}" for f in fields)
        print("\n".join(rows) if rows else "No text changed since its native review.")
        if rows:
            print(f"{len(rows)} field(s) changed since their native review count as self-reviewed; once a native speaker "
                  "has read them again: `ygorules review mark --lang L FILE`", file=sys.stderr)
        return 0
    if not args.lang:
        raise YgoError("`review mark` needs the language that was reviewed → add --lang es, pt or it", exit_code=2)
    if not args.files:
        raise YgoError("`review mark` needs the kb files whose review was applied → name them, e.g. kb/cards/mirror-force.yaml", exit_code=2)
    broken = {p.path for p in problems if p.severity == "error"}
    by_path = {entry.path.resolve(): entry for entry in kb.entries()}
    chosen = []
    for name in args.files:
        path = Path(name)
        entry = by_path.get(path.resolve())
        if entry is None:
            why = "it has errors (run `ygorules check`)" if any(Path(b).resolve() == path.resolve() for b in broken) \
                else f"it is not an entry of {kb.root}"
            raise YgoError(f"{name}: cannot mark it as reviewed: {why} → name a valid kb file")
        if entry.data.get("review", {}).get(args.lang) != review.NATIVE:
            raise YgoError(f"{name}: its `review:` does not say {args.lang}: native-reviewed → set it in the file once the "
                           "native speaker's corrections are applied, then mark it")
        chosen.append(entry)
    ledger = review.read(kb.root) or {}
    count = sum(review.mark(kb.root, e.data, review.relative(kb.root, e.path), args.lang, ledger) for e in chosen)
    path = review.write(kb.root, ledger)
    print(f"recorded {count} field(s) of {len(chosen)} file(s) in {args.lang} as native-reviewed in {path}")
    return 0
