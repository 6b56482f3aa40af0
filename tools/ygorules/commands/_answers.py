"""The answers of ``can``, precomputed: one SQLite store per knowledge base and card-pool table, in the cache folder.

A cold ``ygorules can CARD [TIMING]`` that names a card exactly (its id, or a name or spelling as ``can`` takes it
without "taken as") answers from here without loading the KB model, YAML, JSON Schema, the name index or the
interface catalogs: the store holds, for each card, the complete output in every language (the card's lines, each
timing's lines, and the ``--json`` document in pieces) and the folded names that lead to it. Anything else
(misspellings, unknown names, errors) goes the slow way, which computes the answer and then records it here.

Written by ``ygorules check`` and ``names import`` (every KB card and, with an imported pool that has card facts,
every card of the pool with its exact names: commands/_precompute.py), and by ``can``'s slow path (the card it
answered, and the name it was asked by). Not a subcommand (its name starts with ``_``)::

    meta(key, value)         format, digest, recorded_ns, max_query, timings, complete
    names(key, card)         "i:" + a card id as typed, or "n:" + a folded name → "kb:ID" or "pool:KEY"
    timings(key, ids)        "i:" + a timing or step id, or "n:" + the sorted folded words of a timing's name → ids
    cards(card, blocks)      the card's answer at each timing (in the order of meta's timings): block numbers
    heads(card, lang, head, jhead)  the card's first lines, and the ``--json`` document up to its answers
    blocks(id, lang, text, json)    one answer at one timing as printed, and as an item of ``"answers"``

Cards with the same answer at a timing share its block: the whole pool's 140,000 (card, timing) answers are about
7,000 blocks per language.

**Freshness is exact**: the store is used only when its ``digest`` equals the one computed now from the stat
(path, size, mtime in ns, inode) of every file below the kb folder, of the name table and its facts store, of
every file of the ygorules package, of the interface catalogs and of the nickname list, plus the tool version
and ``FORMAT``; and only when no such file changed within ``YOUNG_NS`` before the store was stamped (an edit
within the same clock tick could otherwise keep its stamp). A missing, foreign, corrupt or stale store is
ignored; the slow path writes a new one (to a temporary file, renamed into place).
"""
from __future__ import annotations

import os

FORMAT = "ygorules can answers v2"
"""Changed whenever what the store holds changes shape or meaning."""
YOUNG_NS = 2_000_000_000
"""A store stamped less than this after one of its files changed is not trusted (the file may change again unseen)."""
SCHEMA = ("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
          "CREATE TABLE meta(key TEXT PRIMARY KEY, value);"
          "CREATE TABLE names(key TEXT PRIMARY KEY, card TEXT NOT NULL);"
          "CREATE TABLE timings(key TEXT PRIMARY KEY, ids TEXT NOT NULL);"
          "CREATE TABLE cards(card TEXT PRIMARY KEY, blocks TEXT NOT NULL);"
          "CREATE TABLE heads(card TEXT NOT NULL, lang TEXT NOT NULL, head TEXT NOT NULL, jhead TEXT NOT NULL, PRIMARY KEY (card, lang));"
          "CREATE TABLE blocks(id INTEGER NOT NULL, lang TEXT NOT NULL, text TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (id, lang));")


# ── names as `can` compares them ──────────────────────────────────────────────

LINKING = frozenset({
    "de", "del", "el", "la", "las", "los", "al", "en", "y",  # es
    "da", "do", "das", "dos", "o", "a", "os", "as", "no", "na", "nos", "nas", "em", "e",  # pt
    "di", "dell", "della", "dello", "delle", "dei", "degli", "il", "lo", "l", "i", "gli", "le", "all", "alla", "allo",
    "nel", "nella", "d",  # it
    "of", "the", "at", "in", "and"})  # en
"""Articles, prepositions and conjunctions: a name written with or without them is the same name."""


def content_words(text: str) -> list[str]:
    """The folded words of a name that carry its meaning (articles and linking words left out).

    >>> content_words("Fuerza de Espejo"), content_words("Fin de la Battle Phase")
    (['fuerza', 'espejo'], ['fin', 'battle', 'phase'])
    """
    from ..core.fold import normalize

    words = normalize(text).split()
    return [w for w in words if w not in LINKING] or words



# ── where, and how fresh ──────────────────────────────────────────────────────

def locations(kb: str | None, names: str | None) -> tuple[str, str] | None:
    """(kb folder, name table) as ``can`` reads them (``--kb``, ``--names``, else their defaults), or None when the
    table is named in a way that its facts and its index would read differently (a ``~`` left unexpanded)."""
    from ..core.resources import default_kb

    if names is not None and names.startswith("~"):
        return None
    root = kb if kb is not None else default_kb()
    if names is None:  # the rule of names.table.default_path, without importing the table module
        if os.environ.get("YGORULES_NAMES"):
            names = os.path.expanduser(os.environ["YGORULES_NAMES"])
        else:
            base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
            names = os.path.join(base, "ygorules", "names.tsv.gz")
    return root, names


def store_path(root: str, table: str) -> str:
    """The store of the kb folder ``root`` with the name table ``table`` (core.cache's blob of kind ``answers``)."""
    from ..core.cache import blob_path

    return blob_path("answers", os.path.realpath(root) + "\0" + os.path.realpath(table), ".sqlite")


def _tree(folder: str, out: list, cut: int) -> int:
    """Add the stamp of every file below ``folder`` (its path from the ``cut``-th character on; sorted; ``__pycache__``
    and compiled files left out) to ``out``; return the newest mtime."""
    newest = 0
    with os.scandir(folder) as it:
        entries = sorted(it, key=lambda e: e.name)
    for e in entries:
        if e.is_dir(follow_symlinks=False):
            if e.name != "__pycache__":
                newest = max(newest, _tree(e.path, out, cut))
        elif not e.name.endswith((".pyc", ".mo")):
            try:
                st = e.stat()
            except OSError:
                out.append(f"{e.path[cut:]}:gone")
                continue
            out.append(f"{e.path[cut:]}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
            newest = max(newest, st.st_mtime_ns)
    return newest


def _file(path: str, out: list) -> int:
    try:
        st = os.stat(path)
    except OSError:
        out.append(f"{path}:missing")
        return 0
    out.append(f"{path}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
    return st.st_mtime_ns


def fingerprint(root: str, table: str) -> tuple[str, int]:
    """(digest, newest mtime in ns) of everything an answer of ``can`` depends on: the kb folder's files, the name
    table and its facts store, the code, the catalogs, the nickname list, the tool version. OSError when the kb
    folder cannot be read."""
    from .. import __version__
    from ..core import resources
    from ..core.cache import _blake2b
    from ..core.catalog import po_path

    out = [FORMAT, __version__, os.path.realpath(root), os.path.realpath(table)]
    newest = _tree(root, out, len(os.path.join(root, "")))  # paths below the folder: "kb" and "kb/" stamp alike
    newest = max(newest, _tree(resources.PACKAGE, out, 0))
    for path in (table, table + ".facts.sqlite", resources.path("nicknames.tsv"), *(po_path(l) for l in ("es", "pt", "it"))):
        newest = max(newest, _file(path, out))
    return _blake2b("\n".join(out).encode("utf-8", "surrogateescape"), digest_size=16).hexdigest(), newest


def name_key(query: str) -> str:
    """The store's key of a card's name as ``can`` folds it for an exact match."""
    from ..core.fold import normalize

    return "n:" + normalize(query)


def timing_key(query: str) -> str:
    """The store's key of a timing's name: its folded meaningful words, sorted (as ``can`` compares them)."""
    return "n:" + " ".join(sorted(content_words(query)))


# ── reading: the fast path ────────────────────────────────────────────────────

class Probe:
    """The store of one ``can`` run: ``answer()`` prints the answer from it when it can (True), and ``remember``
    records what the slow path computed. Stamps are taken once, before the slow path reads anything."""

    def __init__(self, args):
        import time

        self.args = args
        self.digest = None
        where = locations(args.kb, getattr(args, "names", None))
        if where is None or not os.path.isdir(where[0]):
            return
        self.root, self.table = where
        self.path = store_path(*where)
        self.now = time.time_ns()  # before the stamps: a file changed after this is seen as changed, or as young
        try:
            self.digest, self.newest = fingerprint(*where)
        except OSError:  # a kb folder that cannot be read: the slow path says why
            self.digest = None

    def answer(self) -> bool:
        """Print the answer from a fresh store and return True; False (nothing printed) when the store cannot answer
        this question exactly as the slow path would."""
        if self.digest is None:
            return False
        try:
            text = self._read()
        except Exception:  # a corrupt or foreign store is only a cache miss: the slow path writes a new one
            return False
        if text is None:
            return False
        import sys

        sys.stdout.write(text)
        return True

    def _connect(self, readonly: bool):
        import sqlite3

        from ..core.cache import owned_by_us

        if not owned_by_us(self.path) or any(c in self.path for c in "?#%"):
            return None
        if readonly:
            return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        return sqlite3.connect(self.path, timeout=1)

    def _fresh(self, db) -> dict | None:
        meta = dict(db.execute("SELECT key, value FROM meta"))
        if meta.get("format") != FORMAT or meta.get("digest") != self.digest or self.newest >= meta["recorded_ns"] - YOUNG_NS:
            return None
        return meta

    def complete(self) -> int | None:
        """How many KB cards the store holds when it is fresh and was written whole (``build_kb``), else None."""
        try:
            db = self._connect(readonly=True) if self.digest is not None and os.path.isfile(self.path) else None
            if db is None:
                return None
            try:
                meta = self._fresh(db)
            finally:
                db.close()
        except Exception:  # a corrupt store: written anew
            return None
        return meta.get("complete") if meta is not None else None

    def _read(self) -> str | None:
        db = self._connect(readonly=True)
        if db is None:
            return None
        try:
            meta = self._fresh(db)
            if meta is None:
                return None
            args = self.args
            if len(args.card) > meta["max_query"] or len(args.timing or "") > meta["max_query"]:
                return None  # the slow path says the name is too long
            one = lambda table, key: db.execute(f"SELECT {'card' if table == 'names' else 'ids'} FROM {table} WHERE key = ?",
                                                (key,)).fetchone()
            row = one("names", "i:" + args.card) or one("names", name_key(args.card))
            if row is None or not row[0]:  # not recorded, or an archetype's id: the slow path says what to ask
                return None
            if args.timing is None:
                timings = meta["timings"].split()
            else:
                q = args.timing.strip()
                got = one("timings", "i:" + q) or (None if "." in q else one("timings", timing_key(q)))
                if got is None:
                    return None
                timings = got[0].split()
            got = db.execute("SELECT blocks FROM cards WHERE card = ?", (row[0],)).fetchone()
            head = db.execute("SELECT head, jhead FROM heads WHERE card = ? AND lang = ?", (row[0], args.lang)).fetchone()
            if got is None or head is None:
                return None
            numbers = dict(zip(meta["timings"].split(), got[0].split()))
            wanted = [int(numbers[t]) for t in timings]
            unique = list(dict.fromkeys(wanted))
            blocks = {n: (text, js) for n, text, js in db.execute(
                f"SELECT id, text, json FROM blocks WHERE lang = ? AND id IN ({','.join('?' * len(unique))})",
                (args.lang, *unique))}
            if len(blocks) != len(unique):
                return None
        finally:
            db.close()
        if args.json:
            return head[1] + ",\n".join(blocks[n][1] for n in wanted) + "\n  ]\n}\n"
        return "\n".join([head[0], *(blocks[n][0] for n in wanted)]) + "\n"

    # ── writing ───────────────────────────────────────────────────────────────

    def open_writer(self, seed, fresh: bool = False):
        """The store open for writing: the one in place when it is fresh (and ``fresh`` is not asked), else a new one
        renamed into place, holding ``seed()``: (names rows, timings rows); None when the store is not ours.

        The seed holds every KB id (an archetype's leads to "", no answer: ``can`` says it is not a card), so that an id
        is never taken for a name, and every timing name that ``can`` resolves exactly."""
        import sqlite3

        if not fresh and os.path.isfile(self.path):
            try:
                db = self._connect(readonly=False)
                if db is not None and self._fresh(db) is not None:
                    return db
                if db is not None:
                    db.close()
            except sqlite3.Error:
                pass
        import tempfile

        from ..core.cache import make_folder
        from ..names.index import MAX_QUERY_CHARS

        fd, tmp = tempfile.mkstemp(dir=make_folder(), prefix=".answers-", suffix=".tmp")
        os.close(fd)
        try:
            db = sqlite3.connect(tmp)
            db.executescript(SCHEMA)
            with db:
                from ..core.activation import TIMINGS

                db.executemany("INSERT INTO meta VALUES (?, ?)", [
                    ("format", FORMAT), ("digest", self.digest), ("recorded_ns", self.now),
                    ("max_query", MAX_QUERY_CHARS), ("timings", " ".join(TIMINGS))])
                names, timings = seed()
                db.executemany("INSERT INTO names VALUES (?, ?)", names)
                db.executemany("INSERT INTO timings VALUES (?, ?)", timings)
            db.close()
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return self._connect(readonly=False)


def card_key(card_id: str, derived) -> str:
    """The store's key of a card: "kb:ID" for a KB card, "pool:KEY" for a card of the imported pool."""
    return ("kb:" if derived is None else "pool:") + card_id
