"""ygorules export: the whole linked KB as one JSON document."""
from __future__ import annotations

HELP = "Export the whole linked knowledge base as one JSON document (see README: 'The export format')."
EXAMPLE = "ygorules export -o build/kb.json"


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--pool", action="store_true",
                   help="instead: the activation matrix of every card of the imported pool (card × timing → verdict, condition, "
                        "rule, origin kb or derived, confidence), KB cards first (see README: 'The pool export')")
    p.add_argument("--names", metavar="FILE", help="with --pool: the imported card-pool table (default: the imported one)")


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
    if args.pool:
        return _pool_export(args)
    if args.names:
        raise YgoError("--names goes with --pool", exit_code=2)
    doc = export(load_kb(args.kb))
    text = json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    if args.output:
        from ..core.fsutil import write_atomic
        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _pool_export(args) -> int:
    import io
    import sys

    from ..core.errors import YgoError
    from ..names.facts_store import open_store, store_path
    from ..names.index import load_index
    from ..names.table import default_path, load_table
    from ._pool import export_pool

    table_path = args.names or default_path()
    store = open_store(table_path)
    if store is None:
        raise YgoError(f"{store_path(table_path)}: no card facts of an imported pool → import the yaml-yugi data set first: "
                       "`ygorules names import yaml-yugi DIR` (a table imported from tsv has no card texts)")
    from ..core.kb import collect

    kb, problems = collect(args.kb)  # as `can`: the valid entries still answer, the others are left out (and said)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        print(f"warning: {kb.root} has {len(errors)} error(s) (run `ygorules check`); entries with errors are left out",
              file=sys.stderr)
    table = load_table(table_path)
    index = load_index(kb.root, names=str(table_path), warn=lambda m: None)
    buf = io.StringIO()
    counts = export_pool(kb, store, table, index, buf)
    if args.output:
        from ..core.fsutil import write_atomic
        write_atomic(args.output, buf.getvalue())
        print(f"wrote the answers of {counts['kb']} KB cards and {counts['derived']} derived cards "
              f"({counts['unknown_cards']} with an unknown timing) to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(buf.getvalue())
    return 0
