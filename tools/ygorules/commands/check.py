"""ygorules check: run every pass over kb/ and report all problems."""
from __future__ import annotations

HELP = "Check kb/: strict YAML, schemas, cross references; list every problem with file:line:col and its fix."
EXAMPLE = "ygorules check --strict-terms --format json"


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    p.add_argument("--strict-terms", action="store_true",
                   help="fail on a form the glossary avoids (kb/terms variants with avoid: true) in prose of its language")
    p.add_argument("--no-cache", action="store_true", help="ignore the check cache (unchanged files are otherwise not parsed again)")
    p.add_argument("--no-answers", action="store_true",
                   help="do not precompute the answers of `ygorules can` for every KB card (written after a check without "
                        "errors, so that a cold `can` of an exact name answers without loading the KB)")


def run(args) -> int:
    import json
    import sys

    from ..core import terms_lint
    from ..core.kb import collect

    kb, problems = collect(args.kb, cache=not args.no_cache, need_model=False)
    if args.strict_terms:
        problems = [p.with_severity("error") if p.code == terms_lint.CODE else p for p in problems]
    problems = sorted(problems)
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    count = kb.checked
    if args.format == "json":
        json.dump({"ok": not errors, "entries": count, "errors": len(errors), "warnings": len(warnings),
                   "problems": [p.as_dict() for p in problems]}, sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        for p in problems:
            print(p.format())
        status = "ok" if not errors else "FAILED"
        print(f"{status}: {count} entries checked, {len(errors)} error(s), {len(warnings)} warning(s)",
              file=sys.stderr if errors else sys.stdout)
    if not errors and not args.no_answers:
        from .can import build_kb

        build_kb(str(kb.root))
    return 1 if errors else 0
