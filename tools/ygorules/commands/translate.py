"""ygorules translate: replace the card names and rules terms in a text with their official names in another language."""
from __future__ import annotations

HELP = ("Replace the card names, series names and rules terms of a text (FILE or stdin) with their official names in "
        "another language; everything else stays byte for byte. Exit codes: 0 done, 1 bad input (not UTF-8, binary, "
        "over the size limit), 2 usage.")
EXAMPLE = "ygorules translate --from es --to en --report article.txt"

from ..core.locales import LANGS
MAX_TEXT_BYTES = 64 * 1024 * 1024
"""Largest text translate reads (about half a minute of work); it bounds the time one input can take."""
CHUNK_BYTES = 1024 * 1024
"""The text is read and translated in pieces of about this size, cut at a paragraph break: memory stays bounded."""
MAX_REPORT = 500
"""At most this many unresolved spans are listed by --report (the count of the others is given)."""


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--names", metavar="FILE", help="the card-pool name table (default: $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz if present)")
    p.add_argument("--from", dest="src", choices=LANGS, metavar="L",
                   help="the language of the text (es, pt, it, en; default: detected from the text, and said on stderr)")
    p.add_argument("--to", dest="dst", required=True, choices=LANGS, metavar="L", help="the language to write the names in")
    p.add_argument("--annotate", action="store_true", help="keep each name and add its translation after it: Fuerza de Espejo (Mirror Force)")
    p.add_argument("--json", action="store_true",
                   help='print {"text": ..., "spans": [{"start", "end", "text", "id", "kind", "replacement", ...}]} (and "report" with --report)')
    p.add_argument("--report", action="store_true",
                   help="list on stderr (in the JSON with --json) every name-like span left unresolved (capitalised words, quoted "
                        "text, words after carta/card) with its best candidates and their scores")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="the text to translate (default: stdin)")


class Reader:
    """Reads a text in pieces cut at paragraph breaks (else line breaks, else spaces), decoding UTF-8 with the
    position of the first bad byte, refusing binary data and texts over MAX_TEXT_BYTES."""

    def __init__(self, name: str):
        import sys

        from ..core.errors import YgoError

        self.display = "<stdin>" if name == "-" else name
        try:
            if name == "-":
                self.f = sys.stdin.buffer
            else:
                import os
                if os.path.isdir(name):
                    raise YgoError(f"{name}: is a folder; pass a text file", exit_code=2)
                self.f = open(name, "rb")
                if os.fstat(self.f.fileno()).st_size > MAX_TEXT_BYTES:
                    self._too_big()
        except FileNotFoundError:
            raise YgoError(f"{name}: no such file", exit_code=2) from None
        except IsADirectoryError:
            raise YgoError(f"{name}: is a folder; pass a text file", exit_code=2) from None
        except PermissionError as exc:
            raise YgoError(f"{name}: cannot read it ({exc.strerror})") from None
        self.total = 0
        self.lines = 0  # line breaks before the current piece
        self.col_carry = 0  # bytes of the current line read in earlier pieces

    def _too_big(self):
        from ..core.errors import YgoError
        raise YgoError(f"{self.display}: the text is larger than {MAX_TEXT_BYTES // (1024 * 1024)} MB → split it and translate the parts")

    def pieces(self):
        """Decoded pieces of the text, in order."""
        rest = b""
        while True:
            try:
                block = self.f.read(CHUNK_BYTES)
            except OSError as exc:
                from ..core.errors import YgoError
                raise YgoError(f"{self.display}: cannot read it ({exc.strerror})") from None
            if block:
                self.total += len(block)
                if self.total > MAX_TEXT_BYTES:
                    self._too_big()
            data = rest + block
            if not block:
                if data:
                    yield self._decode(data)
                return
            cut = data.rfind(b"\n\n")
            if cut < 0:
                cut = data.rfind(b"\n")
            if cut < 0:
                cut = data.rfind(b" ")
            if cut < 0 or len(data) < CHUNK_BYTES // 2:
                rest = data
                continue
            piece, rest = data[:cut + 1], data[cut + 1:]
            yield self._decode(piece)

    def _decode(self, raw: bytes) -> str:
        from ..core.errors import Problem, YgoError

        if b"\x00" in raw:
            at = raw.index(b"\x00")
            line, col = self._where(raw, at)
            raise YgoError(f"{self.display}: binary data, not a text",
                           [Problem(self.display, line, col, "a NUL byte: this looks like a binary file",
                                    "pass a UTF-8 text file")])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line, col = self._where(raw, exc.start)
            raise YgoError(f"{self.display}: not UTF-8", [Problem(self.display, line, col, f"byte 0x{raw[exc.start]:02x} is not UTF-8",
                                                                  "convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)")]) from None
        n = raw.count(b"\n")
        self.col_carry = len(raw) - (raw.rfind(b"\n") + 1) if n else self.col_carry + len(raw)
        self.lines += n
        return text

    def _where(self, raw: bytes, at: int) -> tuple[int, int]:
        line = self.lines + raw.count(b"\n", 0, at) + 1
        nl = raw.rfind(b"\n", 0, at)
        col = at - nl if nl >= 0 else at + 1 + self.col_carry
        return line, col


def _warn_language(src: str | None, text: str, display: str, stderr) -> str:
    from ..core.errors import YgoError
    from ..names.mentions import detect_language

    guess, shares = detect_language(text)
    if src is None:
        if guess is None:
            raise YgoError(f"{display}: cannot tell the text's language (too few words) → pass --from es|pt|it|en", exit_code=2)
        print(f"{display}: the text looks {guess} ({', '.join(f'{l} {v:.0%}' for l, v in shares.items())}); "
              f"translating from {guess} (pass --from to choose)", file=stderr)
        return guess
    if guess is not None and guess != src and shares.get(guess, 0) >= 2 * max(shares.get(src, 0), 0.01):
        print(f"{display}: warning: --from {src}, but the text looks {guess} "
              f"({', '.join(f'{l} {v:.0%}' for l, v in shares.items())}) → check --from", file=stderr)
    return src


def run(args) -> int:
    import gc
    import json
    import sys

    from ..names.mentions import protected, unresolved
    from ..names.index import load_index
    from ..names.translate import Translator, position, render

    reader = Reader(args.file)
    display = reader.display
    index = None
    tr = None
    base = 0  # characters before the current piece
    line_base = 0
    shared: dict = {}  # one warning per name that two entries share, at its first place
    report: list = []
    more = 0
    out = sys.stdout
    if args.json:
        import tempfile

        text_buf = tempfile.TemporaryFile("w+", encoding="utf-8")
        out.write('{"spans": [')
        first = True
    for text in reader.pieces():
        if tr is None:
            src = _warn_language(args.src, text, display, sys.stderr)
            index = load_index(args.kb, args.names)
            tr = Translator(index, src, args.dst)
        spans = tr.spans(text, report=args.report)
        # what the index, the translator's memos and this piece's spans made is kept and acyclic: moved out of the
        # collector's reach, so that the next collection does not walk it all (about 60,000 containers a MB of text)
        gc.freeze()
        rendered = render(text, spans, args.annotate)
        for s in spans:
            if s.alternatives:
                key = (s.text, s.id)
                if key not in shared:
                    line, col = position(text, s.start)
                    shared[key] = [line + line_base, col, s.alternatives, s.origin, 0]
                shared[key][4] += 1
        if args.report:
            rejected = sorted(tr.rejected, key=lambda c: c.start)
            taken = [(s.start, s.end) for s in spans] + [(s.start, s.end) for s, _ in tr.held]
            for a, b, why in unresolved(text, taken, protected(text)):
                if len(report) >= MAX_REPORT:
                    more += 1
                    continue
                line, col = position(text, a)
                piece = text[a:b]
                cands = []
                for c in rejected:
                    if c.start < b and a < c.end:
                        cands.append({"id": c.id, "text": c.text, "score": round(c.score, 2), "similarity": round(c.similarity, 1),
                                      "evidence": c.why, "why_not": f"evidence {c.score:.2f} < {tr.threshold}"})
                try:
                    res = index.lookup(piece[:300], None, 3)
                    for m in res.matches[:3]:
                        if not any(x["id"] == m.entry.id for x in cands):
                            cands.append({"id": m.entry.id, "name": m.entry.name(args.dst), "score": round(m.score, 1),
                                          "matched": m.form.text, "lookup": True})
                except Exception:  # pragma: no cover - lookup refuses nothing under 300 characters
                    pass
                report.append({"start": a + base, "end": b + base, "line": line + line_base, "column": col, "text": piece,
                               "why": why, "candidates": cands})
            for s, why in tr.held:  # a card name the words around it make a deck, a product or a word (names.evidence)
                if len(report) >= MAX_REPORT:
                    more += 1
                    continue
                line, col = position(text, s.start)
                report.append({"start": s.start + base, "end": s.end + base, "line": line + line_base, "column": col,
                               "text": s.text, "why": "held back: " + why,
                               "candidates": [{"id": x, "held": True} for x in [s.id, *s.alternatives]]})
        if args.json:
            for s in spans:
                d = s.as_dict()
                d["start"] += base
                d["end"] += base
                out.write(("\n  " if first else ",\n  ") + json.dumps(d, ensure_ascii=False))
                first = False
            text_buf.write(rendered)
        else:
            out.flush()
            out.buffer.write(rendered.encode("utf-8"))
        base += len(text)
        line_base += text.count("\n")
    for (name, entry), (line, col, alts, origin, count) in shared.items():
        again = f" (and {count - 1} more time(s))" if count > 1 else ""
        print(f"{display}:{line}:{col}: warning: {name!r}{again} is also the name of {', '.join(alts)}; "
              f"wrote the {origin} entry {entry} → check the context", file=sys.stderr)
    if args.json:
        out.write("\n ],\n \"text\": \"")
        text_buf.seek(0)
        while True:
            block = text_buf.read(1 << 20)
            if not block:
                break
            out.write(json.dumps(block, ensure_ascii=False)[1:-1])
        out.write("\"")
        if args.report:
            out.write(",\n \"report\": " + json.dumps({"unresolved": report, "more": more}, ensure_ascii=False, indent=1))
        out.write("\n}\n")
        out.flush()
    elif args.report:
        print(f"{display}: {len(report) + more} unresolved name-like span(s)", file=sys.stderr)
        for r in report:
            best = "; ".join(f"{c['id']} (held back)" if c.get("held") else
                             f"{c['id']} {c['score']}" + (" (evidence)" if "evidence" in c else " (lookup)") for c in r["candidates"]) or "no candidate"
            print(f"{display}:{r['line']}:{r['column']}: {r['text']!r} ({r['why']}): {best}", file=sys.stderr)
        if more:
            print(f"{display}: … and {more} more", file=sys.stderr)
    return 0
