"""The derived card facts of the imported pool: one SQLite file next to the name table (``<table>.facts.sqlite``).

``ygorules names import yaml-yugi`` writes it (the facts the card-text reader derived from each card's official
English text); ``can`` and ``export --pool`` read one card by its key (passcode, or the data set's identifier such
as ``kdb4998``) without loading the others. It holds facts only, never card text::

    meta(key, value)   format, dataset, commit, method, version, written, counts (JSON), patterns (JSON)
    cards(key, card_type, facts, confidence, unknown)   facts: the KB's ``facts:`` shape as JSON;
                                                          unknown: JSON list of [code, reason] pairs

The file is written to a temporary file in the same folder and renamed into place: a reader sees the old store
or the new one, never half of one. Only the standard library is imported here.
"""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from ..core.errors import Problem, YgoError

FORMAT = "ygorules card facts v1"
SUFFIX = ".facts.sqlite"


def store_path(table_path: Path | str) -> Path:
    """Where the facts of the name table at ``table_path`` are stored: the same name plus ``.facts.sqlite``."""
    return Path(str(table_path) + SUFFIX)


class Stored:
    """One card's stored facts: ``key``, ``card_type``, ``facts`` (dict), ``confidence``, ``unknown`` ([code, reason] pairs)."""

    __slots__ = ("key", "card_type", "facts", "confidence", "unknown")

    def __init__(self, key: str, card_type: str, facts: dict, confidence: str, unknown: list):
        self.key, self.card_type, self.facts, self.confidence, self.unknown = key, card_type, facts, confidence, unknown


class FactsWriter:
    """Write a store: ``add`` each card, then ``commit(meta)`` renames it into place; ``abort`` (or an exception in a
    ``with`` block) leaves the old store as it was."""

    def __init__(self, path: Path | str):
        import tempfile

        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name[:60]}.", suffix=".tmp")
        os.close(fd)
        self.tmp = Path(tmp)
        self.db = sqlite3.connect(self.tmp)
        self.db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                              "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
                              "CREATE TABLE cards(key TEXT PRIMARY KEY, card_type TEXT, facts TEXT, confidence TEXT, unknown TEXT);")
        self.count = 0

    def add(self, key: str, card_type: str, facts: dict, confidence: str, unknown: list) -> None:
        self.db.execute("INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?, ?)",
                        (key, card_type, json.dumps(facts, separators=(",", ":"), ensure_ascii=False), confidence,
                         json.dumps(unknown, separators=(",", ":"), ensure_ascii=False) if unknown else None))
        self.count += 1

    def commit(self, meta: dict) -> Path:
        meta = {"format": FORMAT, **meta}
        self.db.executemany("INSERT INTO meta VALUES (?, ?)",
                            [(k, v if isinstance(v, str) or v is None else json.dumps(v, ensure_ascii=False)) for k, v in meta.items()])
        self.db.commit()
        self.db.execute("VACUUM")
        self.db.close()
        from ..core.fsutil import umask

        mode = 0o666 & ~umask()  # the usual mode of a new file, not the temporary file's 0600
        os.chmod(self.tmp, mode)
        os.replace(self.tmp, self.path)
        return self.path

    def abort(self) -> None:
        try:
            self.db.close()
        finally:
            self.tmp.unlink(missing_ok=True)

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind is not None:
            self.abort()


class FactsStore:
    """A store opened for reading: ``get(key)`` one card, ``meta`` (dict), ``keys()``, ``__len__``."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            rows = self.db.execute("SELECT key, value FROM meta").fetchall()
        except sqlite3.DatabaseError as exc:
            raise YgoError(f"{self.path}: not a card-facts store ({exc})",
                           [Problem(str(self.path), 1, 1, "the file is not a readable card-facts store",
                                    "import the card pool again with `ygorules names import yaml-yugi DIR`")]) from None
        self.meta = {k: v for k, v in rows}
        if self.meta.get("format") != FORMAT:
            raise YgoError(f"{self.path}: not a card-facts store of this version",
                           [Problem(str(self.path), 1, 1, f"format {self.meta.get('format')!r}, expected {FORMAT!r}",
                                    "import the card pool again with `ygorules names import yaml-yugi DIR`")])

    def origin(self) -> dict:
        """Where the facts come from: dataset, commit, method, version."""
        return {k: self.meta.get(k) for k in ("dataset", "commit", "method", "version")}

    def get(self, key: str) -> Stored | None:
        row = self.db.execute("SELECT key, card_type, facts, confidence, unknown FROM cards WHERE key = ?", (key,)).fetchone()
        return _stored(row) if row else None

    def __iter__(self):
        """Every card, in key order."""
        for row in self.db.execute("SELECT key, card_type, facts, confidence, unknown FROM cards ORDER BY key"):
            yield _stored(row)

    def __len__(self) -> int:
        return self.db.execute("SELECT count(*) FROM cards").fetchone()[0]

    def close(self) -> None:
        self.db.close()


def _stored(row) -> Stored:
    return Stored(row[0], row[1], json.loads(row[2]), row[3], json.loads(row[4]) if row[4] else [])


def open_store(table_path: Path | str | None) -> FactsStore | None:
    """The store next to the name table at ``table_path``, or None when there is none."""
    if table_path is None:
        return None
    path = store_path(table_path)
    return FactsStore(path) if path.is_file() else None
