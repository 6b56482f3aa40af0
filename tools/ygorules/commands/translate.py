"""ygorules translate: replace the card names and rules terms in a text with their official names in another language."""
from __future__ import annotations

HELP = ("Replace the card names, series names and rules terms of a text (FILE or stdin) with their official names in "
        "another language; everything else stays byte for byte. Exit codes: 0 done, 1 bad input (not UTF-8, binary, "
        "over the size limit), 2 usage.")
EXAMPLE = "ygorules translate --from es --to en --report article.txt"

import itertools
import os

from ..core.locales import LANGS
MAX_TEXT_BYTES = 64 * 1024 * 1024
"""Largest text translate reads (about half a minute of work); it bounds the time one input can take."""
CHUNK_BYTES = 128 * 1024
"""The text is read and translated in pieces of about this size, cut at a paragraph break: memory stays bounded,
and the pieces of a large text are shared out among --jobs processes. Each cut loses what the paragraphs before it
tell of the paragraph after it (on the 1.07 MB benchmark text, 4 of 17,489 spans: pieces of 1 MB lose none, 256 kB 2,
64 kB 9)."""
MAX_AUTO_JOBS = 8
"""--jobs auto uses at most this many workers: each holds its own memos and its own copy of the pages it writes
(about 25 MB more a worker on the 1 MB benchmark text)."""
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
                        "text, words after carta/card, a capitalised word of card names that no language uses every day) with its "
                        "best candidates and their scores")
    p.add_argument("--jobs", type=_jobs, default="auto", metavar="N",
                   help=f"translate a text of several pieces (about {CHUNK_BYTES // 1024} kB each, cut at paragraph breaks) in N "
                        "processes (default: auto, the cores this process may use, at most "
                        f"{MAX_AUTO_JOBS}; 1: in this process); the output does not depend on N")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="the text to translate (default: stdin)")


class Reader:
    """Reads a text in pieces cut at paragraph breaks (else line breaks, else spaces), decoding UTF-8 with the
    position of the first bad byte, refusing binary data and texts over MAX_TEXT_BYTES."""

    def __init__(self, name: str):
        import sys

        from ..core.errors import YgoError

        self.display = "<stdin>" if name == "-" else name
        self.size = None  # bytes, when known before reading (a file)
        try:
            if name == "-":
                self.f = sys.stdin.buffer
            else:
                if os.path.isdir(name):
                    raise YgoError(f"{name}: is a folder; pass a text file", exit_code=2)
                self.f = open(name, "rb")
                self.size = os.fstat(self.f.fileno()).st_size
                if self.size > MAX_TEXT_BYTES:
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
            if len(block) < CHUNK_BYTES:  # the end (a buffered read gives less than asked only there): one piece
                if data:
                    yield self._decode(data)
                return
            cut = data.rfind(b"\n\n")
            if cut < 0:
                cut = data.rfind(b"\n")
            if cut < 0:
                cut = data.rfind(b" ")
            if cut < 0:
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


def _jobs(value: str):
    """The --jobs value: ``auto`` or a whole number of processes from 1."""
    if value == "auto":
        return value
    if value.isdigit() and int(value) >= 1:
        return int(value)
    import argparse
    raise argparse.ArgumentTypeError(f"{value!r} is not a number of processes (1, 2, …) or auto")


def workers(jobs, size: int | None) -> int:
    """How many processes translate the pieces: ``jobs``, or for ``auto`` the cores this process may run on (at most
    MAX_AUTO_JOBS); never more than the text has pieces (``size``: its bytes, when known); 1 (no worker: the pieces are
    translated in this process) where processes cannot be forked.

    >>> workers(3, 10 * CHUNK_BYTES) if _can_fork() else 3
    3
    >>> workers(4, CHUNK_BYTES)
    1
    """
    if jobs == "auto":
        try:
            jobs = min(len(os.sched_getaffinity(0)), MAX_AUTO_JOBS)
        except AttributeError:  # (not on every platform)
            jobs = min(os.cpu_count() or 1, MAX_AUTO_JOBS)
    if size is not None:
        jobs = min(jobs, -(-size // CHUNK_BYTES))
    return jobs if jobs > 1 and _can_fork() else 1


def _can_fork() -> bool:
    import multiprocessing
    return "fork" in multiprocessing.get_all_start_methods()


def _piece(tr, text: str, base: int, line_base: int, room: int, opts: tuple) -> tuple:
    """One piece translated: its output (bytes, or a str with --json), its spans as JSON lines (with --json), the names
    it shares with other entries ({(name, entry): [line, column, alternatives, origin, count]}), its report entries
    (at most ``room``) and the count of the others. Offsets and lines are the whole text's (``base`` characters and
    ``line_base`` line breaks come before the piece); columns are the piece's."""
    import gc
    import json

    from ..names import unknown
    from ..names.mentions import protected, unresolved
    from ..names.translate import position, render

    annotate, as_json, report, dst = opts
    index = tr.index
    spans = tr.spans(text, report=report)
    # what the index, the translator's memos and this piece's spans made is kept and acyclic: moved out of the
    # collector's reach, so that the next collection does not walk it all (about 60,000 containers a MB of text)
    gc.freeze()
    rendered = render(text, spans, annotate)
    shared: dict = {}
    for s in spans:
        if s.alternatives:
            key = (s.text, s.id)
            if key not in shared:
                line, col = position(text, s.start)
                shared[key] = [line + line_base, col, s.alternatives, s.origin, 0]
            shared[key][4] += 1
    entries: list = []
    more = 0
    if report:
        rejected = sorted(tr.rejected, key=lambda c: c.start)
        taken = [(s.start, s.end) for s in spans] + [(s.start, s.end) for s, _ in tr.held]
        kept = protected(text)
        found = unresolved(text, taken, kept)
        lone = unknown.words(tr, sorted(taken + kept + [(a, b) for a, b, _ in found]))  # (single capitalised words of
        # card names: "Ouroboros é Dark", three cards)
        for a, b, why in sorted(found + [(a, b, unknown.WHY) for a, b in lone]):
            if len(entries) >= room:
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
                        cands.append({"id": m.entry.id, "name": m.entry.name(dst), "score": round(m.score, 1),
                                      "matched": m.form.text, "lookup": True})
            except Exception:  # pragma: no cover - lookup refuses nothing under 300 characters
                pass
            entries.append({"start": a + base, "end": b + base, "line": line + line_base, "column": col, "text": piece,
                            "why": why, "candidates": cands})
        for s, why in tr.held:  # a card name the words around it make a deck, a product or a word (names.evidence)
            if len(entries) >= room:
                more += 1
                continue
            line, col = position(text, s.start)
            entries.append({"start": s.start + base, "end": s.end + base, "line": line + line_base, "column": col,
                            "text": s.text, "why": "held back: " + why,
                            "candidates": [{"id": x, "held": True} for x in [s.id, *s.alternatives]]})
    lines = None
    if as_json:
        lines = []
        for s in spans:
            d = s.as_dict()
            d["start"] += base
            d["end"] += base
            lines.append(json.dumps(d, ensure_ascii=False))
    return (rendered if as_json else rendered.encode("utf-8")), lines, shared, entries, more


class Output:
    """Writes the pieces' results in order, as they come, and what is said once at the end (the shared names'
    warnings, the JSON's text and report, the report on stderr)."""

    def __init__(self, args, display: str, out, err):
        self.args, self.display, self.out, self.err = args, display, out, err
        self.shared: dict = {}  # one warning per name that two entries share, at its first place
        self.report: list = []
        self.more = 0
        self.first = True
        if args.json:
            import tempfile

            self.text_buf = tempfile.TemporaryFile("w+", encoding="utf-8")
            out.write('{"spans": [')

    def flush(self) -> None:
        """Write out what the streams and the JSON's text hold (before a fork: no copy of it may be written again)."""
        self.out.flush()
        self.err.flush()
        if self.args.json:
            self.text_buf.flush()

    def room(self) -> int:
        """How many more entries the report lists."""
        return MAX_REPORT - len(self.report)

    def add(self, result: tuple) -> None:
        """Write one piece's result (see ``_piece``); the pieces come in the text's order."""
        rendered, lines, shared, entries, more = result
        for key, place in shared.items():
            if key in self.shared:
                self.shared[key][4] += place[4]
            else:
                self.shared[key] = place
        taken = entries[:self.room()]
        self.report += taken
        self.more += len(entries) - len(taken) + more
        if self.args.json:
            if lines:
                self.out.write(("\n  " if self.first else ",\n  ") + ",\n  ".join(lines))
                self.first = False
            self.text_buf.write(rendered)
        else:
            self.out.flush()
            self.out.buffer.write(rendered)

    def finish(self) -> None:
        """The warnings, and the end of the JSON or the report."""
        import json

        args, display, out, err = self.args, self.display, self.out, self.err
        for (name, entry), (line, col, alts, origin, count) in self.shared.items():
            again = f" (and {count - 1} more time(s))" if count > 1 else ""
            print(f"{display}:{line}:{col}: warning: {name!r}{again} is also the name of {', '.join(alts)}; "
                  f"wrote the {origin} entry {entry} → check the context", file=err)
        report, more = self.report, self.more
        if args.json:
            out.write("\n ],\n \"text\": \"")
            self.text_buf.seek(0)
            while True:
                block = self.text_buf.read(1 << 20)
                if not block:
                    break
                out.write(json.dumps(block, ensure_ascii=False)[1:-1])
            out.write("\"")
            if args.report:
                out.write(",\n \"report\": " + json.dumps({"unresolved": report, "more": more}, ensure_ascii=False, indent=1))
            out.write("\n}\n")
            out.flush()
        elif args.report:
            print(f"{display}: {len(report) + more} unresolved name-like span(s)", file=err)
            for r in report:
                best = "; ".join(f"{c['id']} (held back)" if c.get("held") else
                                 f"{c['id']} {c['score']}" + (" (evidence)" if "evidence" in c else " (lookup)") for c in r["candidates"]) or "no candidate"
                print(f"{display}:{r['line']}:{r['column']}: {r['text']!r} ({r['why']}): {best}", file=err)
            if more:
                print(f"{display}: … and {more} more", file=err)


def run(args) -> int:
    import sys

    from ..core.errors import YgoError
    from ..names.index import load_index
    from ..names.translate import Translator

    reader = Reader(args.file)
    output = Output(args, reader.display, sys.stdout, sys.stderr)
    pieces = reader.pieces()
    first = next(pieces, None)
    if first is not None:
        src = _warn_language(args.src, first, reader.display, sys.stderr)
        tr = Translator(load_index(args.kb, args.names), src, args.dst)
        opts = (args.annotate, args.json, args.report, args.dst)
        jobs = workers(args.jobs, reader.size)
        second, error = None, None
        if jobs > 1:
            try:
                second = next(pieces, None)
            except YgoError as exc:  # (bad bytes in the second piece: the first is written before the error)
                error = exc
        if second is not None:
            # every piece, the first too, is shared out among workers forked now: no core waits while this process
            # translates the first piece alone (on text that seldom says a thing twice, most of the work is there)
            _in_workers(tr, opts, itertools.chain([first, second], pieces), jobs, output, 0, 0)
        else:
            base = line_base = 0  # (with workers asked for, ``pieces`` is spent already: a second piece is read above)
            for text in itertools.chain([first], pieces):
                output.add(_piece(tr, text, base, line_base, output.room(), opts))
                base += len(text)
                line_base += text.count("\n")
            if error is not None:
                raise error
    output.finish()
    return 0


_task = None
"""What each worker process translates with (the translator and the options), set before they are forked."""


def _in_workers(tr, opts: tuple, pieces, jobs: int, output: Output, base: int, line_base: int) -> None:
    """Translate the pieces (after ``base`` characters and ``line_base`` line breaks) in ``jobs`` processes forked from
    this one (which has the index loaded), writing their results in order; a worker's error is raised here as it is
    without workers, and on any way out (an error, Ctrl-C, SIGTERM, a closed pipe) the workers are stopped."""
    import collections
    import gc
    import multiprocessing
    import signal
    import threading
    from concurrent.futures import ProcessPoolExecutor

    from ..core.errors import YgoError

    global _task
    _task = (tr, opts)
    output.flush()  # (a forked worker flushes the streams it was given when it ends: nothing may be left in them)
    gc.freeze()  # the index and the translator: no collection in a worker touches (and so copies) their pages
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start,
                               initargs=(os.getpid(),))
    pending: collections.deque = collections.deque()
    error = None
    done = False
    main = threading.current_thread() is threading.main_thread()
    if main:  # SIGTERM ends this process through the finally below, which stops the workers
        term = signal.signal(signal.SIGTERM, _terminated)
    try:
        for i in itertools.count():
            try:
                text = next(pieces, None)
            except YgoError as exc:  # the reader's (bad bytes): the pieces before them are written first, as in one process
                text, error = None, exc
            if text is None:
                break
            if i == 0 and main:
                # the workers are forked at the first task. Ctrl-C (the terminal sends it to them too) and SIGTERM
                # are for this process, which stops them: held back meanwhile (not lost), then in each worker
                # ignored and the default (_worker_start)
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
                try:
                    pending.append(pool.submit(_work, text, base, line_base, output.room()))
                finally:
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
            else:
                pending.append(pool.submit(_work, text, base, line_base, output.room()))
            base += len(text)
            line_base += text.count("\n")
            while len(pending) >= 2 * jobs:  # the pieces in flight bound the memory
                output.add(_result(pending.popleft()))
        while pending:
            output.add(_result(pending.popleft()))
        done = True
    finally:
        if not done:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        _task = None
        if main:
            signal.signal(signal.SIGTERM, term)
    if error is not None:
        raise error


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


def _worker_start(parent: int) -> None:
    """A worker's start: Ctrl-C is for the parent (it stops the workers); on Linux the worker ends when the parent
    does, however it ends (else a parent killed with SIGKILL would leave it waiting for work forever)."""
    import signal
    import sys

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (not the parent's handler: a worker stops at once)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.getppid() != parent:  # the parent ended before that
        os._exit(1)


def _work(text: str, base: int, line_base: int, room: int) -> tuple:
    """A worker's task: one piece (``_piece``), or the error it raised as plain values (a YgoError does not pickle
    whole)."""
    from ..core.errors import YgoError

    tr, opts = _task
    try:
        return True, _piece(tr, text, base, line_base, room, opts)
    except YgoError as exc:
        return False, (str(exc), [(p.path, p.line, p.col, p.message, p.fix, p.severity, p.code) for p in exc.problems],
                       exc.exit_code)


def _result(future) -> tuple:
    """A piece's result from a worker, or the error it raised; a worker that died is said as a YgoError."""
    from concurrent.futures.process import BrokenProcessPool

    from ..core.errors import Problem, YgoError

    try:
        ok, value = future.result()
    except BrokenProcessPool:
        raise YgoError("a process translating a piece of the text stopped before it was done (out of memory? killed?) "
                       "→ try again, or with --jobs 1") from None
    if ok:
        return value
    message, problems, code = value
    raise YgoError(message, [Problem(*p) for p in problems], code)
