"""ygorules new: scaffold an entry that passes check once its blanks are filled."""
from __future__ import annotations

HELP = "Create a new entry from a template (kinds: card, term, ruling, example, source, substep, unidentified) and list its blanks."
EXAMPLE = 'ygorules new card "Mirror Force"'


def register(p):
    p.add_argument("kind", metavar="KIND", help="card, term, ruling, example, source, substep or unidentified")
    p.add_argument("name", metavar="NAME", help="a name; the id is made from it (ASCII kebab-case)")
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")


def run(args) -> int:
    import difflib

    from ..errors import YgoError
    from ..fsutil import write_atomic
    from ..kb import default_kb
    from ..scaffold import TEMPLATES, blanks, slug
    from ..schema import FOLDERS

    if args.kind not in TEMPLATES:
        close = difflib.get_close_matches(args.kind, list(TEMPLATES), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise YgoError(f"unknown kind '{args.kind}'{hint}; kinds: {', '.join(TEMPLATES)}", exit_code=2)
    entry_id = slug(args.name, dotted=args.kind == "substep")
    if args.kind == "substep" and "." not in entry_id:
        raise YgoError("a substep name is its step id, a dot and a name, e.g. damage-step.before-damage-calculation", exit_code=2)
    if not entry_id or (args.kind != "substep" and "." in entry_id):
        raise YgoError(f"cannot make an id from '{args.name}': use letters and digits", exit_code=2)
    root = default_kb() if args.kb is None else __import__("pathlib").Path(args.kb)
    path = root / FOLDERS[args.kind] / f"{entry_id}.yaml"
    if path.exists():
        raise YgoError(f"{path} already exists; edit it instead", exit_code=1)
    text = "# yaml-language-server: $schema=../../schema/{}.schema.json\n".format(args.kind) + TEMPLATES[args.kind](entry_id)
    write_atomic(path, text)
    print(f"created {path}")
    print("fill in these blanks, then run `ygorules check`:")
    for b in blanks(text):
        print(f"  - {b}")
    return 0
