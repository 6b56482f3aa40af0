"""The check cache: the per-file passes (load and schema) keyed on each file's stat, then content.

A re-check after one file changed parses and validates only that file, and reads no other: a file
whose size, modification time and inode are those recorded is taken from the cache without being
read (unless it was modified within two seconds of the run that recorded it, when the clock may
not have ticked: then its content hash decides). The link pass always runs over everything. The cache is invalidated as a whole when the schemas or the code of the
per-file passes change. Location: $YGORULES_CACHE, else $XDG_CACHE_HOME/ygorules, else
~/.cache/ygorules; one file per kb folder. A cache that cannot be read or written is ignored.
"""
from __future__ import annotations

import hashlib
import os
import marshal
import time
from functools import lru_cache
from pathlib import Path

from .errors import Problem
from .fsutil import write_atomic

_CODE = ("loader.py", "schema.py", "errors.py", "cache.py", "model.py", "build.py", "link.py", "kb.py", "terms_lint.py", "extents.py", "activation.py")


def cache_dir() -> Path:
    """Where check caches live."""
    if os.environ.get("YGORULES_CACHE"):
        return Path(os.environ["YGORULES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ygorules"


@lru_cache(maxsize=None)
def fingerprint() -> str:
    """A hash of everything the per-file passes depend on: schemas and code."""
    from .schema import SCHEMA_DIR
    from .. import __version__
    h = hashlib.sha256(__version__.encode())
    here = Path(__file__).parent
    for path in [*(here / n for n in _CODE), *sorted(SCHEMA_DIR.glob("*.json"))]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def folder_key(folder: Path) -> str:
    """A key of the content of every entry file in a kb/ folder: it changes whenever one of them changes."""
    h = hashlib.blake2b(digest_size=8)
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        h.update(path.name.encode())
        try:
            h.update(path.read_bytes())
        except OSError:
            pass
    return h.hexdigest()


class CheckCache:
    """Per-file results by path, valid while the file's content hash and the fingerprint match."""

    def __init__(self, root: Path, enabled: bool = True):
        self.enabled = enabled
        key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]
        self.path = cache_dir() / f"check-{key}.marshal"
        self.old: dict = {}
        self.new: dict = {}
        self.recorded_ns = 0  # when the cache read was written: stamps of files modified just before it are not trusted
        if enabled:
            try:
                with open(self.path, "rb") as f:
                    stored = marshal.load(f)
                if stored.get("fingerprint") == fingerprint():
                    self.old = stored["files"]
                    self.recorded_ns = stored["recorded_ns"]
            except Exception:  # a missing, stale or corrupt cache is simply rebuilt
                self.old = {}

    @staticmethod
    def digest(raw: bytes) -> str:
        return hashlib.blake2b(raw, digest_size=16).hexdigest()

    def get_stamp(self, rel: str, stamp: str, mtime_ns: int):
        """The stored results of a file whose stat ``stamp`` (size, mtime, inode, context) is the recorded one, or None."""
        hit = self.old.get(rel)
        if hit and hit[5] == stamp and mtime_ns < self.recorded_ns - 2_000_000_000:
            self.new[rel] = hit
            return hit[1], hit[2], hit[3], [Problem(*p) for p in hit[4]]
        return None

    def get(self, rel: str, digest: str, stamp: str = ""):
        """The stored (id, data or None, reference pairs, problems) of a file whose content hash is ``digest``, or None.

        A hit records the file's new ``stamp``, so that the next run need not read it.
        """
        hit = self.old.get(rel)
        if hit and hit[0] == digest:
            self.new[rel] = (*hit[:5], stamp)
            return hit[1], hit[2], hit[3], [Problem(*p) for p in hit[4]]
        return None

    def put(self, rel: str, digest: str, stamp: str, entry_id, data, refs, problems) -> None:
        """Remember one file's results (plain data only: the cache is written with marshal)."""
        self.new[rel] = (digest, entry_id, data, refs, [(p.path, p.line, p.col, p.message, p.fix, p.severity, p.code) for p in problems], stamp)

    def save(self) -> None:
        """Write the cache if anything changed; never fail the check because of it."""
        if not self.enabled or self.new == self.old:
            return
        try:
            write_atomic(self.path, marshal.dumps({"fingerprint": fingerprint(), "recorded_ns": time.time_ns(), "files": self.new}))
        except OSError:
            pass
