"""The one cache module: where every cache of ygorules lives, when a cached file may be loaded, what
caches are keyed on, and how they are written. Every cache in the project goes through it.

- **Where**: ``$YGORULES_CACHE``, else ``$XDG_CACHE_HOME/ygorules``, else ``~/.cache/ygorules``
  (:func:`cache_folder`); created with mode 0700.
- **Safe to load**: nothing is read from a file or folder that another user owns or that the group
  or the world may write (:func:`owned_by_us`): caches hold compiled templates and marshalled data.
- **Keys**: :func:`digest_files` hashes code and schema files; :func:`fingerprint` is the check's
  (the tool version, the code of the per-file passes and the schemas).
- **Blobs**: :func:`read_blob` / :func:`write_blob` store bytes by (kind, key), written atomically
  (:func:`ygorules.core.fsutil.write_atomic`); a blob that is missing, unsafe or unwritable is None
  or False, never an error: a cache only ever costs or saves time.

The check cache (:class:`CheckCache`) is built on these. This module imports only ``os``, ``stat``
and blake2 at first: the cold start of ``ygorules lookup`` reads its index through it.
"""
from __future__ import annotations

import os
import stat

try:  # hashlib.blake2b itself, without hashlib's loading of OpenSSL (3 ms of a cold start)
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover - a Python without the built-in module
    from hashlib import blake2b as _blake2b

_CODE = ("loader.py", "schema.py", "errors.py", "cache.py", "model.py", "build.py", "link.py", "kb.py", "walk.py", "terms_lint.py", "extents.py", "activation.py")
"""The core modules whose code decides a file's check results (the check cache's fingerprint)."""


def cache_folder() -> str:
    """Where caches live (not created): $YGORULES_CACHE, else $XDG_CACHE_HOME/ygorules, else ~/.cache/ygorules.

    >>> os.environ["YGORULES_CACHE"] = "/tmp/c"; cache_folder()
    '/tmp/c'
    >>> del os.environ["YGORULES_CACHE"]; os.environ["XDG_CACHE_HOME"] = "/tmp/x"; cache_folder()
    '/tmp/x/ygorules'
    >>> del os.environ["XDG_CACHE_HOME"]
    """
    if os.environ.get("YGORULES_CACHE"):
        return os.path.expanduser(os.environ["YGORULES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ygorules")


def cache_dir():
    """:func:`cache_folder` as a ``pathlib.Path`` (for callers that work with paths)."""
    from pathlib import Path
    return Path(cache_folder())


def make_folder(sub: str = "") -> str:
    """The cache folder (or its subfolder ``sub``), created with mode 0700 if missing; OSError if it cannot be.

    >>> import tempfile; base = tempfile.mkdtemp(); os.environ["YGORULES_CACHE"] = base + "/c"
    >>> oct(os.stat(make_folder("jinja")).st_mode & 0o777), oct(os.stat(base + "/c").st_mode & 0o777)
    ('0o700', '0o700')
    >>> del os.environ["YGORULES_CACHE"]
    """
    root = cache_folder()
    folder = os.path.join(root, sub) if sub else root
    if not os.path.isdir(folder):
        if not os.path.isdir(root):
            os.makedirs(root, mode=0o700, exist_ok=True)
        if folder != root:
            os.makedirs(folder, mode=0o700, exist_ok=True)
    return folder


def owned_by_us(path, top=None) -> bool:
    """True when ``path`` and every folder above it up to ``top`` belong to this user and no one else may write them.

    ``top`` defaults to the cache folder when ``path`` is inside it, else to the folder two levels
    above ``path``. Anything missing or unreadable counts as not ours: a cache is never loaded from it.

    >>> owned_by_us("/nonexistent/x")
    False
    >>> import tempfile; d = tempfile.mkdtemp(); f = os.path.join(d, "x"); open(f, "w").close()
    >>> owned_by_us(f, top=d)
    True
    >>> os.chmod(d, 0o777); owned_by_us(f, top=d)
    False
    """
    path = os.path.abspath(os.fspath(path))
    if top is None:
        root = os.path.abspath(cache_folder())
        top = root if path.startswith(root + os.sep) else os.path.dirname(os.path.dirname(path))
    else:
        top = os.path.abspath(os.fspath(top))
    uid = os.getuid()
    try:
        while True:
            st = os.stat(path)
            if st.st_uid != uid or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return False
            if path == top:
                return True
            parent = os.path.dirname(path)
            if parent == path:  # went past the root without meeting ``top``: ``top`` is not above ``path``
                return False
            path = parent
    except OSError:
        return False


def blob_path(kind: str, key: str, ext: str = "") -> str:
    """The file of the blob (kind, key) in the cache folder: the kind, a hash of the key, then ``ext``.

    >>> os.environ["YGORULES_CACHE"] = "/c"; blob_path("check", "/work/kb", ".marshal")
    '/c/check-feeda1f9a8bbfdea.marshal'
    >>> del os.environ["YGORULES_CACHE"]
    """
    return os.path.join(cache_folder(), f"{kind}-{_blake2b(key.encode('utf-8', 'surrogateescape'), digest_size=8).hexdigest()}{ext}")


def read_blob(kind: str, key: str, ext: str = "") -> bytes | None:
    """The bytes stored as (kind, key), or None when there are none or they are not :func:`owned_by_us`.

    >>> import tempfile; os.environ["YGORULES_CACHE"] = tempfile.mkdtemp()
    >>> read_blob("demo", "k") is None, write_blob("demo", "k", b"data"), read_blob("demo", "k")
    (True, True, b'data')
    >>> os.chmod(blob_path("demo", "k"), 0o666); read_blob("demo", "k") is None
    True
    >>> del os.environ["YGORULES_CACHE"]
    """
    return read_file(blob_path(kind, key, ext))


def read_file(path: str) -> bytes | None:
    """The bytes of a cache file, or None when it is missing, unreadable or not :func:`owned_by_us`."""
    if not owned_by_us(path):
        return None
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def write_blob(kind: str, key: str, data: bytes, ext: str = "") -> bool:
    """Store ``data`` as (kind, key), atomically; False (and nothing written) when the cache folder cannot be."""
    return write_file(blob_path(kind, key, ext), data)


def write_file(path: str, data: bytes) -> bool:
    """Write a cache file atomically (its folder created 0700 if missing); False when that fails."""
    from .fsutil import write_atomic  # only on a cache miss: a warm start never pays for it
    try:
        folder = os.path.dirname(path)
        if not os.path.isdir(folder):
            make_folder(os.path.relpath(folder, cache_folder()) if folder != cache_folder() else "")
        write_atomic(path, data)
        return True
    except (OSError, ValueError):
        return False


def digest_files(paths, *extra: str) -> str:
    """A short hash of the names and bytes of ``paths`` (in the order given) and of the strings ``extra``.

    A file that cannot be read counts as empty. It is what a cache is keyed on when it depends on code.

    >>> digest_files([], "1.0") == digest_files([], "1.0") != digest_files([], "1.1")
    True
    """
    h = _blake2b(digest_size=8)
    for text in extra:
        h.update(text.encode() + b"\0")
    for path in paths:
        path = os.fspath(path)
        h.update(os.path.basename(path).encode() + b"\0")
        try:
            with open(path, "rb") as f:
                h.update(f.read())
        except OSError:
            pass
        h.update(b"\0")
    return h.hexdigest()


def schema_files() -> list[str]:
    """The schema files (sorted) that a cache of validated results depends on."""
    from .schema import SCHEMA_DIR
    folder = os.fspath(SCHEMA_DIR)
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".json")]


_memo: dict = {}


def fingerprint() -> str:
    """The check cache's key of the tool: its version, the code of the per-file passes, the schemas.

    Computed once per process (``fingerprint.cache_clear()`` forgets it).
    """
    if "check" not in _memo:
        from .. import __version__
        here = os.path.dirname(os.path.abspath(__file__))
        _memo["check"] = digest_files([*(os.path.join(here, n) for n in _CODE), *schema_files()], __version__)
    return _memo["check"]


fingerprint.cache_clear = _memo.clear  # type: ignore[attr-defined]


class CheckCache:
    """The check's per-file results by path, valid while the file's stamp or content hash and the fingerprint match.

    A re-check after one file changed parses and validates only that file, and reads no other: a file
    whose size, modification time and inode are those recorded is taken from the cache without being
    read (unless it was modified within two seconds of the run that recorded it, when the clock may
    not have ticked: then its content hash decides). The whole cache is dropped when the fingerprint
    changes. One blob per kb folder; a cache that cannot be read or written is ignored.
    """

    def __init__(self, root, enabled: bool = True):
        from .errors import Problem
        self._problem = Problem
        self.enabled = enabled
        self.path = blob_path("check", os.path.realpath(os.fspath(root)), ".marshal")
        self.old: dict = {}
        self.new: dict = {}
        self.recorded_ns = 0  # when the cache read was written: stamps of files modified just before it are not trusted
        if enabled:
            raw = read_file(self.path)
            if raw is not None:
                import marshal
                try:
                    stored = marshal.loads(raw)
                    if stored.get("fingerprint") == fingerprint():
                        self.old = stored["files"]
                        self.recorded_ns = stored["recorded_ns"]
                except Exception:  # a stale or corrupt cache is simply rebuilt
                    self.old = {}

    @staticmethod
    def digest(raw: bytes) -> str:
        """The content hash of a file's bytes."""
        return _blake2b(raw, digest_size=16).hexdigest()

    def get_stamp(self, rel: str, stamp: str, mtime_ns: int):
        """The stored results of a file whose stat ``stamp`` (size, mtime, inode, context) is the recorded one, or None."""
        hit = self.old.get(rel)
        if hit and hit[5] == stamp and mtime_ns < self.recorded_ns - 2_000_000_000:
            self.new[rel] = hit
            return hit[1], hit[2], hit[3], [self._problem(*p) for p in hit[4]]
        return None

    def get(self, rel: str, digest: str, stamp: str = ""):
        """The stored (id, data or None, reference pairs, problems) of a file whose content hash is ``digest``, or None.

        A hit records the file's new ``stamp``, so that the next run need not read it.
        """
        hit = self.old.get(rel)
        if hit and hit[0] == digest:
            self.new[rel] = (*hit[:5], stamp)
            return hit[1], hit[2], hit[3], [self._problem(*p) for p in hit[4]]
        return None

    def put(self, rel: str, digest: str, stamp: str, entry_id, data, refs, problems) -> None:
        """Remember one file's results (plain data only: the cache is written with marshal)."""
        self.new[rel] = (digest, entry_id, data, refs, [(p.path, p.line, p.col, p.message, p.fix, p.severity, p.code) for p in problems], stamp)

    def save(self) -> None:
        """Write the cache if anything changed; never fail the check because of it."""
        if not self.enabled or self.new == self.old:
            return
        import marshal
        import time
        write_file(self.path, marshal.dumps({"fingerprint": fingerprint(), "recorded_ns": time.time_ns(), "files": self.new}))


def folder_key(folder) -> str:
    """A key of the content of every entry file in a kb/ folder: it changes whenever one of them changes."""
    from .walk import entry_files
    h = _blake2b(digest_size=8)
    for path in entry_files(folder):
        h.update(os.path.basename(path).encode())
        try:
            with open(path, "rb") as f:
                h.update(f.read())
        except OSError:
            pass
    return h.hexdigest()
