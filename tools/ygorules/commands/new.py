"""ygorules new: scaffold an entry that passes check once its blanks are filled.

Before writing, it looks the name up in the knowledge base (every official name, spelling and
term variant, in every language, and close misspellings of them) and refuses a duplicate,
naming the existing file and the name it matched; ``--force`` writes the entry anyway (it never
overwrites an existing file).
"""
from __future__ import annotations

HELP = ("Create a new entry from a template (kinds: card, term, ruling, example, source, substep, unidentified) "
        "and list its blanks; refuses a card or term the KB already holds under any name or a close misspelling; "
        "a card found in the imported name table gets its official names, passcode, type and English id.")
EXAMPLE = 'ygorules new card "Waboku"'

MISSPELLING = 2
"""A name at most this many edits (letters added, dropped, changed or swapped) from a KB name is a misspelling of it
(one edit for names of up to 7 letters)."""


VARIANTS = {"official": "official name", "title": "name", "official-current": "official form",
            "official-older": "older official form", "official-probable": "probable official form",
            "community": "community form"}
"""How a matched form is named in a refusal; other forms are spellings of their kind (fan translation, misspelling …)."""


HINTS = {
    "card": ["facts: a Spell or Trap gives its `property:`, a monster its types (`monster: [effect]`), each effect its "
             "`kind`, `speed` and, if it needs an event or moment, `when:`; leave `facts:` out only for a card whose "
             "activation does not matter in battle (CONTRIBUTING.md, \"A card, step by step\")"],
    "source": ["locator lines or pages: add `extent:` (the line count of the team's copy, or the document's page count)",
               "no address: replace `url: ''` with `no_url:` and the reason (print-only, not-recorded or offline)"],
}
"""What the blanks alone do not say, per kind."""
REVIEW_HINT = ("review: per language, machine-draft (a draft nobody checked), self-reviewed (written to the house style in "
               "docs/style/) or native-reviewed (a fluent speaker's review applied in full)")


def register(p):
    p.add_argument("kind", metavar="KIND", help="card, term, ruling, example, source, substep or unidentified")
    p.add_argument("name", metavar="NAME",
                   help="a name; the id is made from it (ASCII kebab-case). For a card: its official name in any "
                        "language (accents and case do not matter) or its passcode; the id is then its English name's")
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--names", metavar="FILE",
                   help="the name table to look a card up in (default: the one `ygorules names import` stored, if any)")
    p.add_argument("--passcode", metavar="DIGITS", help="for a card: pick this passcode when several cards share the name")
    p.add_argument("--force", action="store_true",
                   help="write the entry even though the KB holds one with this name or a close one, or the name "
                        "table does not know the card (an existing file is never overwritten)")


def _find_card(args):
    """The name-table record for NAME (None when there is no table or no such card), the table, and a note to print."""
    from ..core.errors import Problem, YgoError
    from ..names.table import load_table

    table = load_table(args.names)
    if not table.cards:
        return None, table, ""
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
        return None, table, ""
    if len(found) > 1:
        options = "; ".join(f"{c.passcode} ({c.names.get('en') or next(n for n in c.names.values() if n)})" for c in found[:10])
        same = len({tuple(sorted((k, v or "") for k, v in c.names.items())) for c in found}) == 1
        why = "one card printed with several passcodes (alternative artworks)" if same else "different cards"
        raise YgoError(f"'{name}' names {len(found)} entries of the name table, {why}: {options}",
                       [Problem(str(table.path), 1, 1, f"'{name}' is ambiguous",
                                "add --passcode DIGITS with the passcode printed on your card")], exit_code=2)
    return found[0], table, (f"filled in from the name table {table.path}: passcode {found[0].passcode}, "
                             "official names and card type (check them)")


def _fold(text: str) -> str:
    """Lower case, no accents, one space between words: how two spellings of a name are compared."""
    from ..core.fold import normalize

    return normalize(text)


def _edits(a: str, b: str) -> int:
    """Letters added, dropped, changed or two swapped to turn ``a`` into ``b`` (optimal string alignment)."""
    from rapidfuzz.distance import OSA

    return OSA.distance(a, b)


def _is_misspelling(query: str, text: str) -> bool:
    a, b = _fold(query), _fold(text)
    if not a or not b or a == b:
        return a == b and bool(a)
    allowed = 1 if min(len(a), len(b)) <= 7 else MISSPELLING
    return _edits(a, b) <= allowed


def _line_of(path, text: str) -> tuple[int, int]:
    """The line and column where ``text`` first appears in the file (1, 1 when it does not)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 1, 1
    for i, line in enumerate(lines, 1):
        col = line.find(text)
        if col >= 0:
            return i, col + 1
    return 1, 1


def _existing(index, kinds: tuple, queries: list[str], fuzzy: bool = True):
    """The first KB entry of one of ``kinds`` that one of ``queries`` names exactly or (``fuzzy``) misspells:
    (match, query, exact), or None."""
    for query in queries:
        if not query or not query.strip():
            continue
        for m in index.lookup(query, limit=10).matches:
            if m.entry.origin != "kb" or m.entry.kind not in kinds:
                continue
            if m.exact or _fold(m.form.text) == _fold(query):
                return m, query, True
            if fuzzy and _is_misspelling(query, m.form.text):
                return m, query, False
    return None


def _refuse_duplicate(found, root, folder: str, what: str):
    from ..core.errors import Problem, YgoError

    m, query, exact = found
    path = root / folder / f"{m.entry.id}.yaml"
    line, col = _line_of(path, m.form.text)
    variant = VARIANTS.get(m.form.variant) or f"spelling ({m.form.variant.replace('-', ' ')})"
    how = (f"'{query}' is the {m.form.lang} {variant} '{m.form.text}'" if exact
           else f"'{query}' is close to the {m.form.lang} {variant} '{m.form.text}' (a misspelling?)")
    raise YgoError(f"the KB already holds this {what}: {path} ({how})",
                   [Problem(str(path), line, col, f"{how} of the {what} '{m.entry.id}'",
                            "edit this file instead (add a spelling or variant there), or add --force if yours is another "
                            f"{what}")], exit_code=1)


def _table_suggestions(index, name: str) -> str:
    close = []
    for m in index.lookup(name, limit=5).matches:
        if m.entry.origin == "table" and m.entry.kind == "card":
            en, name = m.entry.names.get("en"), m.entry.names.get(m.form.lang) or m.form.text
            close.append(f"'{name}'" + (f" ({en})" if en and en != name else ""))
    return f"; closest names in the table: {', '.join(close[:3])}" if close else ""


def run(args) -> int:
    import difflib
    import sys
    from pathlib import Path

    from ..core.errors import Problem, YgoError
    from ..core.fsutil import write_atomic
    from ..core.kb import default_kb
    from ..core.model import FOLDERS
    from ..core.ids import slug
    from ..edit.scaffold import GAME_SOURCE, TEMPLATES, blanks, card_template

    if args.kind not in TEMPLATES:
        close = difflib.get_close_matches(args.kind, list(TEMPLATES), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise YgoError(f"unknown kind '{args.kind}'{hint}; kinds: {', '.join(TEMPLATES)}", exit_code=2)
    if (args.names or args.passcode) and args.kind != "card":
        raise YgoError("--names and --passcode are for `ygorules new card` only", exit_code=2)
    if not args.name.strip():
        raise YgoError("the name is empty: give the entry's name, e.g. ygorules new card \"Magic Cylinder\"", exit_code=2)
    if not slug(args.name, dotted=args.kind == "substep").strip(".") and not (args.kind == "card" and args.name.strip().isdigit()):
        raise YgoError(f"cannot make an id from '{args.name}': use letters and digits", exit_code=2)
    if args.kind == "card" and args.name.strip().isdigit() and not args.names and not args.passcode:
        from ..names.table import default_path
        if not default_path().is_file():
            raise YgoError(f"'{args.name}' looks like a passcode, and only a name table can tell which card it is",
                           [Problem("<command line>", 1, 1, "no name table is imported",
                                    "give the card's name instead, or import a table with `ygorules names import`")], exit_code=2)
    root = Path(default_kb()) if args.kb is None else Path(args.kb)
    if not root.is_dir():
        raise YgoError(f"{root}: no such knowledge-base folder",
                       [Problem(str(root), 1, 1, "the folder does not exist", "run from the project folder or pass --kb DIR")])

    record, table, note = _find_card(args) if args.kind == "card" else (None, None, "")
    warnings = []
    if args.kind in ("card", "term"):
        from ..names.index import load_index

        index = load_index(root, names=(args.names if args.kind == "card" and args.names else
                                        (None if args.kind == "card" else False)), warn=lambda m: None)
        queries = [args.name]
        if record:
            queries += [n for n in record.names.values() if n]
        # a card the table names exactly is that card: only its exact names count, never a similar card's
        found = _existing(index, (args.kind,), queries, fuzzy=record is None)
        if found and not args.force:
            _refuse_duplicate(found, root, FOLDERS[args.kind], args.kind)
        if found:
            warnings.append(f"--force: written although the KB holds '{found[1]}' as {found[0].entry.id}")
        if args.kind == "card" and table is not None and table.cards and record is None and not args.passcode:
            if not args.name.strip().isdigit() and not args.force:
                raise YgoError(f"no card named '{args.name}' in the name table {table.path}{_table_suggestions(index, args.name)}",
                               [Problem(str(table.path), 1, 1, f"'{args.name}' is no official name of a card in the table",
                                        "check the spelling, give the passcode, or add --force for a card the table lacks "
                                        "(its id is then made from the name you gave)")], exit_code=1)
    if args.kind == "card" and table is not None and table.cards and record is None and (args.passcode or args.name.strip().isdigit()):
        raise YgoError(f"no card with passcode {args.passcode or args.name.strip()} in the name table {table.path}",
                       [Problem(str(table.path), 1, 1, "no such passcode", "check the digits printed on the card")])

    english = record.names.get("en") if record else None
    entry_id = slug(english or args.name, dotted=args.kind == "substep")
    if args.kind == "substep" and "." not in entry_id:
        raise YgoError("a substep name is its step id, a dot and a name, e.g. damage-step.before-damage-calculation", exit_code=2)
    if not entry_id or (args.kind != "substep" and "." in entry_id):
        raise YgoError(f"cannot make an id from '{args.name}': use letters and digits", exit_code=2)
    if args.kind == "card" and not english:
        where = ("the card has no English name in the table" if record else
                 "no name table is imported" if table is None or not table.cards else "the name table does not know the card")
        warnings.append(f"the id '{entry_id}' comes from the name you gave ({where}); ids are slugs of the official "
                        f"English name: if '{args.name}' is not that name, rename the file to <english-name>.yaml and "
                        "change its `id:` to match (nothing refers to a new card yet)")
    path = root / FOLDERS[args.kind] / f"{entry_id}.yaml"
    if path.exists():
        raise YgoError(f"{path} already exists (id '{entry_id}')",
                       [Problem(str(path), 1, 1, f"an entry with the id '{entry_id}' exists",
                                "edit it instead, or choose another name (--force never overwrites a file)")], exit_code=1)
    if args.kind == "card":  # a name only Master Duel has is recorded when the kb has the source that says so
        game = GAME_SOURCE if (root / FOLDERS["source"] / f"{GAME_SOURCE}.yaml").is_file() else None
        body = card_template(entry_id, record, game)
    else:
        body = TEMPLATES[args.kind](entry_id)
    text = "# yaml-language-server: $schema=../../schema/{}.schema.json\n".format(args.kind) + body
    write_atomic(path, text)
    print(f"created {path}")
    if args.kind == "card" and not note:
        note = ("no name table found, so the names are left blank (import one with `ygorules names import tsv FILE`)"
                if table is None or not table.cards else
                f"'{args.name}' is not in the name table {table.path}, so the names are left blank")
    if note:
        print(note)
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    print("fill in these blanks, then run `ygorules check`:")
    for b in blanks(text):
        print(f"  - {b}")
    for hint in [*HINTS.get(args.kind, []), REVIEW_HINT]:
        print(f"note: {hint}")
    return 0
