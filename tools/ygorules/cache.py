"""The check cache: the per-file passes (load and schema) keyed on each file's content.

A re-check after one file changed parses and validates only that file; the link pass always
runs over everything. The cache is invalidated as a whole when the schemas or the code of the
per-file passes change. Location: $YGORULES_CACHE, else $XDG_CACHE_HOME/ygorules, else
~/.cache/ygorules; one file per kb folder. A cache that cannot be read or written is ignored.
"""
from __future__ import annotations

import hashlib
import os
import marshal
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
    h = hashlib.sha256()
    here = Path(__file__).parent
    for path in [*(here / n for n in _CODE), *sorted(SCHEMA_DIR.glob("*.json"))]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


class CheckCache:
    """Per-file results by path, valid while the file's content hash and the fingerprint match."""

    def __init__(self, root: Path, enabled: bool = True):
        self.enabled = enabled
        key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]
        self.path = cache_dir() / f"check-{key}.marshal"
        self.old: dict = {}
        self.new: dict = {}
        if enabled:
            try:
                with open(self.path, "rb") as f:
                    stored = marshal.load(f)
                if stored.get("fingerprint") == fingerprint():
                    self.old = stored["files"]
            except Exception:  # a missing, stale or corrupt cache is simply rebuilt
                self.old = {}

    @staticmethod
    def digest(raw: bytes) -> str:
        return hashlib.blake2b(raw, digest_size=16).hexdigest()

    def get(self, rel: str, digest: str):
        """The stored (id, data or None, reference pairs, problems) of a file whose content hash is ``digest``, or None."""
        hit = self.old.get(rel)
        if hit and hit[0] == digest:
            self.new[rel] = hit
            return hit[1], hit[2], hit[3], [Problem(*p) for p in hit[4]]
        return None

    def put(self, rel: str, digest: str, entry_id, data, refs, problems) -> None:
        """Remember one file's results (plain data only: the cache is written with marshal)."""
        self.new[rel] = (digest, entry_id, data, refs, [(p.path, p.line, p.col, p.message, p.fix, p.severity, p.code) for p in problems])

    def save(self) -> None:
        """Write the cache if anything changed; never fail the check because of it."""
        if not self.enabled or self.new.keys() == self.old.keys() and all(self.new[k][0] == self.old[k][0] for k in self.new):
            return
        try:
            write_atomic(self.path, marshal.dumps({"fingerprint": fingerprint(), "files": self.new}))
        except OSError:
            pass
