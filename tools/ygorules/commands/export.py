"""ygorules export: the whole linked KB as one JSON document."""
from __future__ import annotations

HELP = "Export the whole linked knowledge base as one JSON document (see README: 'The export format')."
EXAMPLE = "ygorules export -o build/kb.json"


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run(args) -> int:
    import json
    import sys

    from pathlib import Path

    from ..core.errors import YgoError
    from ..reports.export import export
    from ..core.kb import load_kb

    if args.output:
        out = Path(args.output)
        if out.is_dir():
            raise YgoError(f"{out} is a folder: give a file name, e.g. {out / 'kb.json'}")
        if not out.parent.is_dir():
            raise YgoError(f"{out.parent}: no such folder; create it first (mkdir -p {out.parent}) or write elsewhere")
    doc = export(load_kb(args.kb))
    text = json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    if args.output:
        from ..core.fsutil import write_atomic
        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0
