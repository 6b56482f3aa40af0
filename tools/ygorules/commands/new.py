"""ygorules new: scaffold an entry that passes check once its blanks are filled."""
from __future__ import annotations

HELP = ("Create a new entry from a template (kinds: card, term, ruling, example, source, substep, unidentified) "
        "and list its blanks; a card found in the imported name table gets its official names, passcode and type.")
EXAMPLE = 'ygorules new card "Fuerza de Espejo"'


def register(p):
    p.add_argument("kind", metavar="KIND", help="card, term, ruling, example, source, substep or unidentified")
    p.add_argument("name", metavar="NAME",
                   help="a name; the id is made from it (ASCII kebab-case). For a card: its official name in any "
                        "language (accents and case do not matter) or its passcode; the id is then its English name's")
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--names", metavar="FILE",
                   help="the name table to look a card up in (default: the one `ygorules names import` stored, if any)")
    p.add_argument("--passcode", metavar="DIGITS", help="for a card: pick this passcode when several cards share the name")


def _find_card(args):
    """The name-table record for NAME (None when there is no table or no such card), and a note to print."""
    from ..errors import Problem, YgoError
    from ..nametable import load_table

    table = load_table(args.names)
    if not table.cards:
        return None, "no name table found, so the names are left blank (import one with `ygorules names import tsv FILE`)"
    name = args.name.strip()
    if args.passcode:
        found = [c for c in table.cards if c.passcode == args.passcode]
    elif name.isdigit():
        found = [c for c in table.cards if c.passcode == name.lstrip("0") or c.passcode == name]
    else:
        found = table.find(name)
        exact = [c for c in found if name in c.names.values()]
        found = exact or found
        if args.passcode is None and len(found) > 1:
            found = [c for c in found if c.has_passcode] or found
    if not found:
        return None, f"no card named '{name}' in the name table {table.path}, so the names are left blank (check the spelling, or give the passcode)"
    if len(found) > 1:
        options = "; ".join(f"{c.passcode} ({c.names.get('en') or next(n for n in c.names.values() if n)})" for c in found[:10])
        same = len({tuple(sorted((k, v or "") for k, v in c.names.items())) for c in found}) == 1
        why = "one card printed with several passcodes (alternative artworks)" if same else "different cards"
        raise YgoError(f"'{name}' names {len(found)} entries of the name table, {why}: {options}",
                       [Problem(str(table.path), 1, 1, f"'{name}' is ambiguous",
                                "add --passcode DIGITS with the passcode printed on your card")], exit_code=2)
    return found[0], f"filled in from the name table {table.path}: passcode {found[0].passcode}, official names and card type (check them)"


def run(args) -> int:
    import difflib
    from pathlib import Path

    from ..errors import YgoError
    from ..fsutil import write_atomic
    from ..kb import default_kb
    from ..scaffold import TEMPLATES, blanks, card_template, slug
    from ..model import FOLDERS

    if args.kind not in TEMPLATES:
        close = difflib.get_close_matches(args.kind, list(TEMPLATES), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise YgoError(f"unknown kind '{args.kind}'{hint}; kinds: {', '.join(TEMPLATES)}", exit_code=2)
    if (args.names or args.passcode) and args.kind != "card":
        raise YgoError("--names and --passcode are for `ygorules new card` only", exit_code=2)
    record, note = _find_card(args) if args.kind == "card" else (None, "")
    entry_id = slug(record.names["en"] if record and record.names.get("en") else args.name, dotted=args.kind == "substep")
    if args.kind == "substep" and "." not in entry_id:
        raise YgoError("a substep name is its step id, a dot and a name, e.g. damage-step.before-damage-calculation", exit_code=2)
    if not entry_id or (args.kind != "substep" and "." in entry_id):
        raise YgoError(f"cannot make an id from '{args.name}': use letters and digits", exit_code=2)
    root = default_kb() if args.kb is None else Path(args.kb)
    path = root / FOLDERS[args.kind] / f"{entry_id}.yaml"
    if path.exists():
        raise YgoError(f"{path} already exists; edit it instead", exit_code=1)
    body = card_template(entry_id, record) if args.kind == "card" else TEMPLATES[args.kind](entry_id)
    text = "# yaml-language-server: $schema=../../schema/{}.schema.json\n".format(args.kind) + body
    write_atomic(path, text)
    print(f"created {path}")
    if note:
        print(note)
    print("fill in these blanks, then run `ygorules check`:")
    for b in blanks(text):
        print(f"  - {b}")
    return 0
