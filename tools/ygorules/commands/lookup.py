"""ygorules lookup: find a card, term or timing from any spelling and show its names in every language."""
from __future__ import annotations

from ..core.locales import LANGS

HELP = ("Look a card, term or timing up from any spelling (no accents, typos, partial, old or fan names) and show its "
        f"official names in {', '.join(LANGS)}; QUERY - reads one query per line and writes JSON Lines.")
EXAMPLE = 'ygorules lookup --to en "hada de la inyeccion lily"'


def _lang_list(value: str) -> tuple[list[str], list[str]]:
    """(the languages of a comma-separated list, the unknown ones)."""
    out = [v.strip() for v in value.split(",") if v.strip()]
    return out, [v for v in out if v not in LANGS]


def _langs(value: str) -> list[str]:
    import argparse

    out, bad = _lang_list(value)
    if bad or not out:
        raise argparse.ArgumentTypeError(f"unknown language {bad[0] if bad else value!r}; use {', '.join(LANGS)} (comma-separated)")
    return out


def _is_limit(value: str) -> bool:
    return value.isdigit() and int(value) >= 1


def _limit(value: str) -> int:
    import argparse

    if not _is_limit(value):
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of 1 or more")
    return int(value)


_FLAGS = {"--json": "json", "--explain": "explain"}
_VALUED = {"--kb": "kb", "--names": "names", "--from": "src", "--to": "dst", "--limit": "limit"}


def fast_args(argv: list[str]) -> dict | None:
    """The arguments (``register``'s destinations and their values) of a lookup written in the plain way: options named
    in full, each value a separate argument that does not begin with "-", and one query; None for anything else (an
    abbreviated or unknown option, ``--opt=value``, ``--help``, a query that begins with "-" other than "-" itself, a
    value that ``register`` would refuse), which argparse then reads and, where it is wrong, explains. The CLI reads the
    plain forms with this (``cli.main``): building argparse's parser, and importing argparse and gettext, would be
    about a fifth of a cold lookup."""
    out = {"kb": None, "names": None, "src": None, "dst": None, "limit": 5, "json": False, "explain": False}
    query = None
    i, n = 0, len(argv)
    while i < n:
        a = argv[i]
        if a in _FLAGS:
            out[_FLAGS[a]] = True
        elif a in _VALUED:
            if i + 1 == n or argv[i + 1].startswith("-"):
                return None
            i += 1
            dest, value = _VALUED[a], argv[i]
            if dest == "src" and value not in LANGS:
                return None
            if dest == "dst":
                value, bad = _lang_list(value)
                if bad or not value:
                    return None
            if dest == "limit":
                if not _is_limit(value):
                    return None
                value = int(value)
            out[dest] = value
        elif a == "-" or not a.startswith("-"):
            if query is not None:
                return None
            query = a
        else:
            return None
        i += 1
    if query is None:
        return None
    out["query"] = query
    return out


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--names", metavar="FILE", help="the card-pool name table (default: $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz if present)")
    p.add_argument("--from", dest="src", choices=LANGS, metavar="L", help=f"only match names in this language ({', '.join(LANGS)}; default: any)")
    p.add_argument("--to", dest="dst", type=_langs, metavar="L", help="show the names in these languages only (comma-separated; default: all four)")
    p.add_argument("--limit", type=_limit, default=5, metavar="N",
                   help="show at most N matches (default 5; entries tied for first place are always all shown)")
    p.add_argument("--json", action="store_true", help="print JSON (the shape DESIGN.md fixes)")
    p.add_argument("--explain", action="store_true",
                   help="say why the first match ranks first (exact or fuzzy, KB or imported, printings against its rivals)")
    p.add_argument("query", metavar="QUERY", help="a name as you have it, or - to read one query per line from stdin (JSON Lines out)")


def _as_dict(result, dst) -> dict:
    out = result.as_dict()
    if dst:
        for m, d in zip(result.matches, out["matches"]):
            d["to"] = {l: m.entry.names.get(l) for l in dst}
    return out


def _text(result, dst, has_table: bool, game_names=lambda entry, variant="video-game": {}) -> str:
    langs = dst or list(LANGS)
    if not result.matches:
        hint = "" if has_table else " (only kb/ was searched: import the card pool with `ygorules names import`)"
        return f"no match for {result.query!r}{hint}"
    lines = []
    if result.ambiguous:
        lines.append(f"{result.tied} entries fit {result.query!r} equally well (scores within 1 point): ambiguous; "
                     "listed official names first, then the most printed card first:")
    for n, m in enumerate(result.matches, 1):
        e, f = m.entry, m.form
        games = game_names(e) if not all(e.names.get(l) for l in langs) else {}
        fans = game_names(e, "fan-translation") if not all(e.names.get(l) or games.get(l) for l in langs) else {}
        head = (e.names.get(langs[0]) or e.names.get("en") or next((v for v in e.names.values() if v), None)
                or games.get(langs[0]) or games.get("en")
                or (f"{fans.get(langs[0]) or fans.get('en')} (unofficial translation)" if fans.get(langs[0]) or fans.get("en") else None) or e.id)
        how = "exact" if m.exact else "fuzzy"
        where = "kb" if e.origin == "kb" else "card pool"
        extra = f", passcode {', '.join(e.passcodes)}" if e.passcodes else ""
        lines.append(f"{n}. {head}  [{e.kind} {e.id}, {where}{extra}]")
        lines.append(f"   {how} {m.score:.1f}: matched {f.text!r} ({f.lang}, {f.variant})")
        for l in langs:
            shown = e.names.get(l) or (f"{games[l]}  (video game only, never printed)" if l in games else
                                       f"{fans[l]}  (unofficial translation, never printed)" if l in fans else "— (no official name)")
            lines.append(f"   {l}  {shown}")
    return "\n".join(lines)


def run(args) -> int:
    import sys

    from ..core.errors import YgoError
    from ..names.index import load_index

    if not args.query.strip():
        raise YgoError("the query is empty: give a name, e.g. ygorules lookup \"fuerza de espejo\" (or - to read one per line)", exit_code=2)
    index = load_index(args.kb, args.names)
    if args.query == "-":
        import json

        index.prepare_batch()
        out = sys.stdout
        for no, raw in enumerate(sys.stdin.buffer, 1):
            try:
                line = raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as exc:
                raise YgoError(f"<stdin>:{no}:{exc.start + 1}: the line is not UTF-8 → send UTF-8 text") from None
            try:
                result = index.lookup(line, args.src, args.limit)
                answer = _as_dict(result, args.dst)
                if args.explain:
                    answer["explain"] = result.explain()
            except YgoError as exc:  # one bad line does not stop the batch
                answer = {"query": line[:80], "matches": [], "error": f"<stdin>:{no}: {exc}"}
            out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
        return 0
    result = index.lookup(args.query, args.src, args.limit)
    if args.json:
        import json

        doc = _as_dict(result, args.dst)
        if args.explain:
            doc["explain"] = result.explain()
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        print(_text(result, args.dst, index.has_table, index.game_names))
        if args.explain:
            print("\n".join(result.explain()))
    return 0 if result.matches else 1
