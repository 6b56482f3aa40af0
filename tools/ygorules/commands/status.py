"""ygorules status: translation coverage per language and kind."""
from __future__ import annotations

HELP = "Show translation coverage per language and kind: what is missing, and what is present but unreviewed."
EXAMPLE = "ygorules status --format markdown > coverage.md"


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                   help="text for a terminal, markdown for a pull-request comment, json for tools (default: text)")


def run(args) -> int:
    import json
    import sys

    from ..core.kb import collect
    from ..reports.status import render_markdown, render_text, report

    kb, problems = collect(args.kb)
    errors = [p for p in problems if p.severity == "error"]
    rep = report(kb)
    if args.format == "json":
        rep = {**rep, "errors": len(errors)}
        sys.stdout.write(json.dumps(rep, ensure_ascii=False, indent=1) + "\n")
    elif args.format == "markdown":
        sys.stdout.write(render_markdown(rep))
    else:
        sys.stdout.write(render_text(rep))
    if errors:
        print(f"note: {len(errors)} error(s) in {kb.root}: entries with errors are not counted; run `ygorules check`",
              file=sys.stderr)
    return 0
