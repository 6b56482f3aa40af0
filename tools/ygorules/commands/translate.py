"""ygorules translate: replace the card names and rules terms in a text with their official names in another language."""
from __future__ import annotations

HELP = ("Replace the card names and rules terms of a text (FILE or stdin) with their official names in another "
        "language; everything else stays byte for byte.")
EXAMPLE = "ygorules translate --from es --to en article.txt"

LANGS = ("es", "pt", "it", "en")
MAX_TEXT_BYTES = 64 * 1024 * 1024
"""Largest text translate reads (about a minute of work); it bounds the time one input can take."""


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--names", metavar="FILE", help="the card-pool name table (default: $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz if present)")
    p.add_argument("--from", dest="src", required=True, choices=LANGS, metavar="L", help="the language of the text (es, pt, it, en)")
    p.add_argument("--to", dest="dst", required=True, choices=LANGS, metavar="L", help="the language to write the names in")
    p.add_argument("--annotate", action="store_true", help="keep each name and add its translation after it: Fuerza de Espejo (Mirror Force)")
    p.add_argument("--json", action="store_true", help='print {"text": ..., "spans": [{"start", "end", "text", "id", "kind", "replacement", ...}]}')
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="the text to translate (default: stdin)")


def _read(name: str) -> tuple[str, str]:
    import sys

    from ..errors import Problem, YgoError

    display = "<stdin>" if name == "-" else name
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(MAX_TEXT_BYTES + 1)
        else:
            with open(name, "rb") as f:
                raw = f.read(MAX_TEXT_BYTES + 1)
    except FileNotFoundError:
        raise YgoError(f"{name}: no such file", exit_code=2) from None
    except IsADirectoryError:
        raise YgoError(f"{name}: is a folder; pass a text file", exit_code=2) from None
    except OSError as exc:
        raise YgoError(f"{name}: cannot read it ({exc.strerror})") from None
    if len(raw) > MAX_TEXT_BYTES:
        raise YgoError(f"{display}: the text is larger than {MAX_TEXT_BYTES // (1024 * 1024)} MB → split it and translate the parts")
    try:
        return raw.decode("utf-8"), display
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YgoError(f"{display}: not UTF-8", [Problem(display, line, col, f"byte 0x{raw[exc.start]:02x} is not UTF-8",
                                                         "convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)")]) from None


def run(args) -> int:
    import json
    import sys

    from ..names import load_index
    from ..translate import position, translate

    text, display = _read(args.file)
    index = load_index(args.kb, args.names)
    out, spans = translate(index, text, args.src, args.dst, args.annotate)
    shared: dict = {}  # one warning per name that two entries share, at its first place
    for s in spans:
        if s.alternatives:
            shared.setdefault((s.text, s.id), []).append(s)
    for (name, entry), where in shared.items():
        line, col = position(text, where[0].start)
        more = f" (and {len(where) - 1} more time(s))" if len(where) > 1 else ""
        print(f"{display}:{line}:{col}: warning: {name!r}{more} is also the name of {', '.join(where[0].alternatives)}; "
              f"wrote the {where[0].origin} entry {entry} → check the context", file=sys.stderr)
    if args.json:
        sys.stdout.write(json.dumps({"text": out, "spans": [s.as_dict() for s in spans]}, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(out.encode("utf-8"))
        sys.stdout.buffer.flush()
    return 0
