"""ygorules names: import the name table of the whole card pool, for lookup and translate."""
from __future__ import annotations

HELP = ("Import the names of the whole card pool (a yaml-yugi checkout or a cardnames.tsv file) for lookup and "
        "translate; stored in $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz.")
EXAMPLE = "ygorules names import tsv ../shared/data/cardnames.tsv"


def register(p):
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    imp = sub.add_parser("import", help="build the name table from yaml-yugi or a TSV file",
                         description="Build the card-pool name table. FORMAT is yaml-yugi (SOURCE: a checkout or its "
                                     "data/cards folder) or tsv (SOURCE: a cardnames.tsv-style file).",
                         epilog=f"Example: {EXAMPLE}")
    imp.add_argument("format", choices=("yaml-yugi", "tsv"), metavar="FORMAT", help="yaml-yugi or tsv")
    imp.add_argument("source", metavar="SOURCE", help="the yaml-yugi folder or the TSV file")
    imp.add_argument("-o", "--output", metavar="FILE",
                     help="where to write the table (default: $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz)")
    imp.add_argument("--meta", metavar="FILE", help="tsv only: a cardnames_meta.tsv-style file (default: the one next to SOURCE, if any)")
    imp.add_argument("--info", metavar="FILE",
                     help="tsv only: printings per card (prominence), from a cardinfo.tsv-style file with id and tcg_printings "
                          "columns (default: SOURCE's own printings column, else NAME_info.tsv or cardinfo.tsv next to SOURCE)")
    imp.add_argument("--no-facts", action="store_true",
                     help="yaml-yugi only: import the names alone, without deriving each card's facts from its text")
    imp.add_argument("-v", "--verbose", action="store_true",
                     help="list every card whose text was not (wholly) read, not only the first ones")
    imp.add_argument("--series", metavar="FILE",
                     help="series (archetype) names per language, from a seriesnames.tsv-style file with en, es, pt, it columns "
                          "or yaml-yugi's data/series/list.json (tsv default: NAME_series.tsv or seriesnames.tsv next to SOURCE; yaml-yugi default: the checkout's data/series/list.json)")


def run(args) -> int:
    import sys
    from pathlib import Path

    from ..core.errors import YgoError
    from ..names.table import import_tsv, import_yaml_yugi, write_table

    if args.action != "import":
        raise YgoError("say what to do: ygorules names import yaml-yugi DIR | tsv FILE [-o FILE]", exit_code=2)
    if args.format == "yaml-yugi":
        if args.meta or args.info:
            raise YgoError("--meta and --info are for the tsv format only (yaml-yugi cards carry their types and sets)", exit_code=2)
        from ..names.table import default_path

        out = Path(args.output) if args.output else default_path()
        bad: list = []
        cards: list | None = None if args.no_facts else []  # (key, what the facts step reads of the card, file)
        each = None
        if cards is not None:
            from ._pool import what_deriver_reads

            each = lambda key, doc, file: cards.append((key, what_deriver_reads(doc), file))  # noqa: E731
        table, notes = import_yaml_yugi(args.source, args.series, each=each, bad=bad)
        if not table.cards:
            raise YgoError(f"{args.source}: no cards with a name in es, pt, it or en; nothing was written", bad)
        facts = _Facts(cards, out, args.source) if cards is not None else None
        cards = None  # the facts step has them (in its own process, where the system can fork)
        try:
            replaced = _keep_old_table(args.output)
            path = write_table(table, args.output)
        except BaseException:
            if facts is not None:
                facts.abort()  # the store is committed only after its table
            raise
        if facts is None:
            _drop_stale_facts(path)
        else:
            facts.table_written()
    else:
        if args.no_facts:
            raise YgoError("--no-facts is for the yaml-yugi format only (a tsv file has no card texts)", exit_code=2)
        table, notes = import_tsv(args.source, args.meta, args.info, args.series)
        bad, facts = [], None
        if not table.cards:
            raise YgoError(f"{args.source}: no cards with a name in es, pt, it or en; nothing was written")
        replaced = _keep_old_table(args.output)
        path = write_table(table, args.output)
        _drop_stale_facts(path)
    for note in notes:
        print(note, file=sys.stderr)
    for p in bad:  # the import went on without these files
        print(f"{p.path}:{p.line}:{p.col}: {p.message} → {p.fix}; the import went on without it", file=sys.stderr)
    part = None
    try:  # build the index cache now, so that the first lookup is fast
        from ..names.index import table_part
        part = table_part(path)
    except YgoError as exc:  # pragma: no cover - the table was just written
        print(f"warning: could not index the table: {exc}", file=sys.stderr)
    deriver = facts_path = None
    if facts is not None:
        deriver, facts_path = facts.finish()
        if deriver is None:  # said why in one line; facts of the replaced table would answer for other cards
            _drop_stale_facts(path)
    # then, side by side where the system can fork: the answers of `can` with this table (every KB card and, with
    # card facts, every card of the pool: commands/_precompute.py) and translate's learned word table (names.fanmatch)
    child = _answers_start(path)
    try:
        if part is not None:
            from ..names import abbreviated, acronyms, fanmatch, numbers, pieces, variants
            from ..names.index import NameIndex
            fanmatch.prepare(NameIndex([part]))
            for module in (numbers, pieces, acronyms, variants, abbreviated):  # the translator's and lookup's tables of the pool, kept with it
                module.prepare(part)
    finally:
        _answers_finish(child)
    held = [f"{len(table.cards)} cards"] + [f"{len(table.series)} series"] * bool(table.series) \
        + [f"{len(table.products)} products"] * bool(table.products)
    print(f"wrote {', '.join(held[:-1]) + ' and ' if len(held) > 1 else ''}{held[-1]} to {path}")
    if replaced:
        print(f"it replaces a table of {replaced[0]}; the old one is kept as {replaced[1]}")
    if deriver is not None:
        _report_facts(deriver, facts_path, args.verbose)
    elif args.format == "tsv":
        print("no card facts: a tsv file has no card texts (import yaml-yugi for `can` on every card)")
    failed = facts is not None and deriver is None
    if failed:
        print("the card facts were not derived (said above); import again for `can` on every card")
    if bad:
        print(f"{len(bad)} card file{'s' if len(bad) != 1 else ''} could not be read (listed above); the other cards were imported")
    return 1 if failed or bad else 0


def _answers_start(path):
    """Start writing the answers store of `can` for the default KB with the table at ``path``: in a child process
    when the system can fork (a _fork.Child), else now (None)."""
    from . import _fork

    child = _fork.start(lambda: _write_answers(path),
                        failed=lambda why: f"warning: the answers of `ygorules can` were not precomputed ({why}); "
                                           "`can` computes them when asked")
    if child is None:
        _write_answers(path)
    return child


def _answers_finish(child) -> None:
    """Wait for the child that writes the answers store (None: it was written already)."""
    if child is not None:
        child.join()


class _Facts:
    """The facts step of a yaml-yugi import: derive each card's facts (``cards``: [(key, what the reader reads of
    the card, file)], in the table's order) into the store next to the table at ``out``. Where the system can fork,
    a child derives them while this process writes the table and indexes it; either way, the store is committed
    only once the table is written (``table_written``), and never when writing it failed (``abort``)."""

    def __init__(self, cards: list, out, source):
        import os

        from ..names.facts_store import store_path
        from . import _fork

        self.source, self.store, self.path = source, store_path(out), None
        self.gate = os.pipe() if hasattr(os, "fork") else None  # a byte through it: the table is written
        self.child = None
        if self.gate is not None:
            self.child = _fork.start(lambda: self._child(cards),
                                     failed=lambda why: f"error: the card facts were not derived ({why})")
            if self.child is not None:
                os.close(self.gate[0])
                return
            for fd in self.gate:
                os.close(fd)
            self.gate = None
        try:  # no second process: derive here, now (a failure is said as the child's would be)
            self.deriver = self._derive(cards)
        except Exception as exc:  # noqa: BLE001 - said in one line; the table is imported all the same
            import sys

            print(f"error: the card facts were not derived ({str(exc) or type(exc).__name__})", file=sys.stderr)
            self.deriver = None

    def _derive(self, cards):
        from ..names.facts_store import FactsWriter
        from ._pool import Deriver

        deriver = Deriver(FactsWriter(self.store))
        with deriver.writer:  # an exception leaves no store behind
            for card in cards:
                deriver(*card)
        return deriver

    def _child(self, cards):
        """In the child: derive, wait for the table, commit; give back what the report needs (None: no table)."""
        import os

        os.close(self.gate[1])
        deriver = self._derive(cards)
        if os.read(self.gate[0], 1) != b"1":  # the table was not written: neither is the store
            deriver.writer.abort()
            return None
        with deriver.writer:
            path = _commit_facts(deriver.writer, deriver, self.source)
        deriver.writer = None
        return deriver, path

    def table_written(self) -> None:
        import os

        if self.child is None:
            if self.deriver is not None:
                with self.deriver.writer:
                    self.path = _commit_facts(self.deriver.writer, self.deriver, self.source)
            return
        try:
            os.write(self.gate[1], b"1")
        except OSError:  # the child is gone already: ``finish`` says why
            pass
        os.close(self.gate[1])

    def abort(self) -> None:
        import os

        if self.child is None:
            if self.deriver is not None:
                self.deriver.writer.abort()
            return
        os.close(self.gate[1])
        self.child.join()

    def finish(self):
        """(the Deriver with its counts, the store's path), or (None, None) when the child failed (it said why)."""
        if self.child is None:
            return (self.deriver, self.path) if self.deriver is not None else (None, None)
        ok, got = self.child.join()
        return got if ok and got is not None else (None, None)


def _write_answers(path) -> None:
    import os

    from ..core.errors import YgoError
    from ..core.resources import default_kb
    from .can import build_kb

    try:
        if os.path.isdir(default_kb()):
            build_kb(default_kb(), str(path))
    except YgoError:  # a KB that cannot be read: `can` says why when asked
        pass


def _commit_facts(writer, deriver, source):
    import time

    from .. import __version__
    from ._pool import DATASET, METHOD, dataset_commit

    return writer.commit({"dataset": DATASET, "commit": dataset_commit(source), "method": METHOD,
                          "version": __version__, "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                          "counts": deriver.counts(), "patterns": dict(sorted(deriver.patterns.items()))})


def _drop_stale_facts(table_path):
    """A table imported from tsv has no facts: facts derived for an earlier table there would answer for other cards."""
    from ..names.facts_store import store_path

    old = store_path(table_path)
    if old.is_file():
        old.unlink()
        print(f"removed {old}: its facts were derived for the table this import replaced")


SHOWN = 10
"""How many cards of each kind of trouble the import lists without --verbose."""


def _report_facts(d, path, verbose: bool) -> None:
    rate = 100.0 * d.with_unknown / d.cards if d.cards else 0.0
    source = (f"their text ({d.cards - d.translated} official, {d.translated} the data set's unofficial translation of a "
              f"card never printed in English)" if d.translated else "their official text")
    print(f"derived the facts of {d.cards} cards from {source} ({path}): "
          f"{d.cards - d.with_unknown} read whole, {d.with_unknown} with a clause not understood ({rate:.1f}%), "
          f"confidence high {d.confidence.get('high', 0)}, medium {d.confidence.get('medium', 0)}, low {d.confidence.get('low', 0)}")
    if d.patterns:
        top = sorted(d.patterns.items(), key=lambda kv: (-kv[1], kv[0]))
        print("patterns (cards each decides something for): " + ", ".join(f"{n} {c}" for n, c in top))
    for what, rows in (("no facts", d.problems), ("a clause not understood", d.unread)):
        for file, why in rows if verbose else rows[:SHOWN]:
            print(f"{file}: {what}: {why}")
        if not verbose and len(rows) > SHOWN:
            print(f"… and {len(rows) - SHOWN} more with {what} (--verbose lists them all)")


def _keep_old_table(output):
    """Copy the table about to be replaced to NAME.bak; return (what it held, the backup's path), or None."""
    import shutil
    from pathlib import Path

    from ..core.errors import YgoError
    from ..names.table import default_path, load_table

    path = Path(output) if output else default_path()
    if not path.is_file():
        return None
    try:
        old = load_table(path)
        held = f"{len(old.cards)} cards" + (f" and {len(old.series)} series" if old.series else "")
    except YgoError:
        held = "an unreadable file"
    backup = path.with_name(path.name + ".bak")
    shutil.copy2(path, backup)
    return held, backup
