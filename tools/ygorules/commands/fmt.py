"""ygorules fmt: rewrite kb/ files in their canonical form, losslessly."""
from __future__ import annotations

HELP = ("Rewrite kb/ files in canonical form (schema key order, languages es/pt/it/en, NFC, 2-space indent, "
        "modeline, final newline); --check only lists the files that would change.")
EXAMPLE = "ygorules fmt --check"


def register(p):
    p.add_argument("--check", action="store_true",
                   help="change nothing; list the files that would change and exit 1 if there are any")
    p.add_argument("--no-cache", action="store_true",
                   help="look at every file again, even those found canonical before with the same content")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="files or folders to format (default: every .yaml file in kb/)")


def run(args) -> int:
    import sys
    from pathlib import Path

    from ..core.errors import YgoError
    from ..edit.fmt import CanonicalCache, files_under, format_many
    from ..core.fsutil import write_atomic
    from ..core.kb import default_kb

    targets = [Path(f) for f in args.files] or [default_kb()]
    for t in targets:
        if not t.exists():
            raise YgoError(f"{t}: no such file or folder", exit_code=2)
    files = files_under(targets)
    cache = CanonicalCache(enabled=not args.no_cache)
    keys = {path: cache.key(path) for path in files}
    todo = [path for path in files if keys[path] is None or keys[path] not in cache.known]
    changed, failed = [], 0
    for path, result, error in format_many(todo):
        if error:
            print(error, file=sys.stderr)
            failed += 1
            continue
        if not result.changed:
            if keys[path]:
                cache.added.add(keys[path])
            continue
        changed.append(path)
        what = ", ".join(result.changes)
        if args.check:
            print(f"would reformat {path} ({what})")
        else:
            write_atomic(path, result.text)
            print(f"reformatted {path} ({what})")
    cache.save()
    n = len(files)
    if args.check:
        if changed:
            print(f"{len(changed)} of {n} file(s) would be reformatted → run `ygorules fmt` (without --check) to fix them",
                  file=sys.stderr)
        elif not failed:
            print(f"{n} file(s) already formatted")
    else:
        print(f"{len(changed)} file(s) reformatted, {n - len(changed) - failed} already formatted"
              + (f", {failed} left alone" if failed else ""))
    if failed:
        print(f"{failed} file(s) could not be formatted and were left alone (see above)", file=sys.stderr)
    return 1 if failed or (args.check and changed) else 0
