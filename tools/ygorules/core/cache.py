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
    """Write a cache file atomically, mode 0600 (its folder created 0700 if missing); False when that fails.

    The file is replaced, never rewritten in place, so a file that another user owns or may write
    is not kept: the new one is ours and private.
    """
    from .fsutil import write_atomic  # only on a cache miss: a warm start never pays for it
    try:
        folder = os.path.dirname(path)
        if not os.path.isdir(folder):
            make_folder(os.path.relpath(folder, cache_folder()) if folder != cache_folder() else "")
        write_atomic(path, data, mode=0o600)
        return True
    except (OSError, ValueError):
        return False


def code_stamp(path: str) -> str:
    """The size, mtime and inode of a code file (a stat, no read): a cache built by that code is keyed on it.

    >>> code_stamp("/no/such/file")
    'missing'
    """
    try:
        st = os.stat(path)
    except OSError:
        return "missing"
    return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"


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
    """The check's per-file results, valid while the file and everything they depend on are unchanged.

    A re-check after one file changed parses and validates only that file, and reads no other: a
    file whose size, modification time and inode are those recorded is taken from the cache without
    being read (unless it was modified within two seconds of the run that recorded it, when the
    clock may not have ticked: then its content hash decides). The results depend on more than the
    file: the whole cache is dropped when the fingerprint (code and schemas) or the ``context`` (the
    glossary's and the sources' keys, where problems are shown) changes. A file's dangling-reference
    problems depend on which entry files exist: they are reused only while the list of files
    (``files_key``) is the recorded one; otherwise the link pass checks every entry's references
    again, read from a second blob (``check.refs-…``) that is loaded only then.

    Each record (``old``/``new``, by the file's displayed path) is a list: [stat stamp, content
    digest, entry id or None, data (small kinds only) or None, problems, link problems, references
    key]. The main blob holds, in file order, what a re-check of the same list of files needs
    (:meth:`snapshot`): every file's stamp (packed: :func:`pack_stamps`), whether it is a valid
    entry, and the records that have problems or data. The records themselves are kept in
    ``SHARDS`` parts (``check.part-…``, by a hash of the path), each stamped with the fingerprint and
    context it was written under and read only when one of its files changed, so that a re-check
    reads and rewrites only a small part. A cache that cannot be read or written is ignored.
    """

    STAMP, DIGEST, ID, DATA, PROBLEMS, LINK, REFS_KEY = range(7)
    SHARDS = 64

    def __init__(self, root, enabled: bool = True, context: str | None = None):
        from .errors import Problem
        self._problem = Problem
        self.enabled = enabled
        key = self.key = os.path.realpath(os.fspath(root))
        self.path = blob_path("check", key, ".marshal")
        self.refs_path = blob_path("check.refs", key, ".marshal")
        self.header: dict = {}
        self._old: dict | None = None
        self._shards: dict = {}  # shard number → its records, as read
        self.new: dict = {}
        self.dirty = False
        self.files_key = None  # the list of entry files when the cache was recorded
        self.recorded_ns = 0  # when the cache read was written: stamps of files modified just before it are not trusted
        self._refs: dict | None = None  # the references blob, read on first need
        self._refs_dirty = False
        self.locales = None  # [stamp, problems, languages] of kb/locales.yaml
        if enabled:
            raw = read_file(self.path)
            if raw is not None:
                import marshal
                try:
                    stored = marshal.loads(raw)
                    if stored.get("fingerprint") == fingerprint() and (context is None or stored["context"] == context):
                        self.header = stored
                        self.recorded_ns = stored["recorded_ns"]
                        self.files_key = stored["files_key"]
                except Exception:  # a stale or corrupt cache is simply rebuilt
                    self.header = {}
        self.context = context

    @property
    def old(self) -> dict:
        """The recorded results of every file, by displayed path (read on first use)."""
        if self._old is None:
            self._old = {}
            if self.header:
                for n in range(self.SHARDS):
                    self._old.update(self._shard(n))
        return self._old

    def _shard_of(self, rel: str) -> int:
        return _blake2b(rel.encode("utf-8", "surrogateescape"), digest_size=2).digest()[0] % self.SHARDS

    def _shard_path(self, n: int) -> str:
        return blob_path("check.part", f"{self.key}\0{n}", ".marshal")

    def _shard(self, n: int) -> dict:
        if n not in self._shards:
            import marshal
            self._shards[n] = {}
            raw = read_file(self._shard_path(n))
            try:
                stored = marshal.loads(raw) if raw is not None else {}
                if stored.get("fingerprint") == fingerprint() and stored.get("context") == self.header["context"]:
                    self._shards[n] = stored["records"]
            except Exception:  # a missing or corrupt part: its files are checked again
                pass
        return self._shards[n]

    def _write_shard(self, n: int) -> None:
        import marshal
        write_file(self._shard_path(n), marshal.dumps({"fingerprint": fingerprint(), "context": self.context, "records": self._shards[n]}))

    def record(self, rel: str):
        """The recorded results of one file, or None (reads only the part of the records that holds it)."""
        if self._old is not None:
            return self._old.get(rel)
        if not self.header:
            return None
        return self._shard(self._shard_of(rel)).get(rel)

    def snapshot(self, files_key: str):
        """(stamps, valid, quick) of the recorded run when it checked the same list of files (with no id twice), else None.

        ``stamps`` packs every file's stat stamp (:func:`pack_stamps`), ``valid[i]`` is 1 when the
        i-th file is a valid entry, and ``quick`` maps i to the record of each file with problems,
        link problems or data.
        """
        if not self.header or files_key != self.files_key or not self.header["unique"]:
            return None
        return self.header["stamps"], self.header["valid"], self.header["quick"]

    @staticmethod
    def digest(raw: bytes) -> str:
        """The content hash of a file's bytes."""
        return _blake2b(raw, digest_size=16).hexdigest()

    @staticmethod
    def key_of(items) -> str:
        """A key of a sequence of strings (a file's references)."""
        return _blake2b(repr(items).encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()

    def problems(self, stored) -> list:
        """Problems from their stored form."""
        return [self._problem(*p) for p in stored] if stored else []

    @staticmethod
    def stored(problems) -> list | None:
        """The stored form of problems (plain data only: the cache is written with marshal)."""
        return [(p.path, p.line, p.col, p.message, p.fix, p.severity, p.code) for p in problems] or None

    def by_stamp(self, rel: str, stamp: tuple):
        """The record of a file whose stat ``stamp`` (size, mtime, inode) is the recorded one and old enough, or None."""
        rec = self.record(rel)
        if rec is not None and rec[0] == stamp and stamp[1] < self.recorded_ns - 2_000_000_000:
            self.new[rel] = rec
            return rec
        return None

    def by_digest(self, rel: str, digest: str, stamp: tuple):
        """The record of a file whose content hash is ``digest``, or None; a hit records the file's new ``stamp``."""
        rec = self.record(rel)
        if rec is not None and rec[1] == digest:
            rec = self.new[rel] = [stamp, *rec[1:]]
            self.dirty = True
            return rec
        return None

    def locales_hit(self, stamp):
        """(problems, languages) recorded for kb/locales.yaml when its ``stamp`` is the recorded one and old enough, or None."""
        rec = self.header.get("locales")
        if stamp is not None and rec is not None and rec[0] == stamp and stamp[1] < self.recorded_ns - 2_000_000_000:
            self.locales = rec
            return rec[1], rec[2]
        return None

    def put_locales(self, stamp, problems, languages) -> None:
        """Record the results of kb/locales.yaml."""
        self.locales = [stamp, problems, languages]
        self.dirty = True

    def put(self, rel: str, stamp: tuple, digest: str, entry_id, data, problems, refs) -> list:
        """Record one file's results (its link problems are set on the returned record by the link pass)."""
        if not self.enabled:  # nothing will be written: spare the keys
            return [stamp, digest, entry_id, data, None, None, None]
        refs_key = self.key_of(refs) if refs else None
        old = self.record(rel)
        if refs and (old is None or old[6] != refs_key):
            self.refs()[rel] = refs
            self._refs_dirty = True
        rec = self.new[rel] = [stamp, digest, entry_id, data, self.stored(problems), None, refs_key]
        self.dirty = True
        return rec

    def refs(self) -> dict:
        """The references blob: every entry file's (referenced id, kind) pairs by path (checked against each record's key)."""
        if self._refs is None:
            self._refs = {}
            raw = read_file(self.refs_path) if self.enabled else None
            if raw is not None:
                import marshal
                try:
                    stored = marshal.loads(raw)
                    if stored.get("fingerprint") == fingerprint():
                        self._refs = stored["refs"]
                except Exception:
                    self._refs = {}
        return self._refs

    def refs_of(self, rel: str, rec: list):
        """The reference pairs of a file taken from the cache, or None when the stored ones are not its own."""
        if rec[6] is None:
            return []
        refs = self.refs().get(rel)
        if refs is not None and self.key_of(refs) == rec[6]:
            return refs
        return None

    def _write(self, files_key: str, stamps: bytes, valid: bytes, quick: dict, unique: bool) -> None:
        import marshal
        import time
        if self._refs_dirty:
            write_file(self.refs_path, marshal.dumps({"fingerprint": fingerprint(), "refs": self.refs()}))
        write_file(self.path, marshal.dumps({
            "fingerprint": fingerprint(), "context": self.context, "files_key": files_key, "recorded_ns": time.time_ns(),
            "stamps": stamps, "valid": valid, "quick": quick, "unique": unique, "locales": self.locales}))

    @staticmethod
    def _quick(rec) -> bool:
        return bool(rec[4] or rec[5] or rec[3] is not None)

    def save(self, files_key: str, displays: list) -> None:
        """Write the cache of a run that went through the records of every file (``displays``, in file order)."""
        if not self.enabled:
            return
        if not (self.dirty or self._refs_dirty or files_key != self.files_key or len(self.new) != len(self.old)):
            return
        recs = [self.new.get(d) for d in displays]
        stamps = pack_stamps([r[0] if r is not None else None for r in recs])
        valid = bytes(r is not None and r[2] is not None for r in recs)
        quick = {i: r for i, r in enumerate(recs) if r is not None and self._quick(r)}
        self._shards = {n: {} for n in range(self.SHARDS)}
        for rel, rec in self.new.items():
            self._shards[self._shard_of(rel)][rel] = rec
        for n in range(self.SHARDS):
            self._write_shard(n)
        self._write(files_key, stamps, valid, quick, len(set(displays)) == len(displays))

    def save_changes(self, files_key: str, changed: dict) -> None:
        """Write the cache of a re-check of the recorded list of files: ``changed`` maps i to (display, record or None)."""
        if not self.enabled or not (changed or self.dirty):
            return
        from array import array
        header = self.header
        stamps, valid, quick = array("Q"), bytearray(header["valid"]), dict(header["quick"])
        stamps.frombytes(header["stamps"])
        touched = set()
        for i, (display, rec) in changed.items():
            stamps[3 * i:3 * i + 3] = array("Q", _packed(rec[0] if rec is not None else None))
            valid[i] = rec is not None and rec[2] is not None
            quick.pop(i, None)
            n = self._shard_of(display)
            shard = self._shard(n)
            touched.add(n)
            if rec is not None:
                if self._quick(rec):
                    quick[i] = rec
                shard[display] = rec
            else:
                shard.pop(display, None)
        for n in touched:
            self._write_shard(n)
        self._write(files_key, stamps.tobytes(), bytes(valid), quick, True)


_MASK = (1 << 64) - 1


def _packed(stamp) -> tuple:
    """A stamp as three unsigned 64-bit numbers; (0, 0, 0), which no file has (inode 0), for none."""
    if stamp is None:
        return 0, 0, 0
    return stamp[0] & _MASK, stamp[1] & _MASK, stamp[2] & _MASK


def pack_stamps(stamps) -> bytes:
    """Stat stamps (size, mtime in ns, inode), or None for a file that could not be read, packed in one bytes object.

    >>> from array import array
    >>> list(array("Q", pack_stamps([(3, 5, 7), None])))
    [3, 5, 7, 0, 0, 0]
    """
    from array import array
    return array("Q", [v for stamp in stamps for v in _packed(stamp)]).tobytes()


def stat_stamps(paths) -> tuple[bytes, list]:
    """The packed stamps (:func:`pack_stamps`) of files as they are now, and the indexes of those that cannot be read."""
    from array import array
    flat, failed, stat = [], [], os.stat
    for i, path in enumerate(paths):
        try:
            st = stat(path)
        except OSError:
            failed.append(i)
            flat += (0, 0, 0)
            continue
        flat += (st.st_size, st.st_mtime_ns & _MASK, st.st_ino & _MASK)
    return array("Q", flat).tobytes(), failed


def changed_stamps(now: bytes, recorded: bytes, limit: int) -> list:
    """The indexes of the files whose packed stamp differs from the recorded one, or whose mtime is not before ``limit``.

    >>> changed_stamps(pack_stamps([(1, 5, 9), (2, 5, 9), (3, 50, 9)]), pack_stamps([(1, 5, 9), (2, 6, 9), (3, 50, 9)]), 10)
    [1, 2]
    """
    from array import array
    out = set()
    if now != recorded:
        step = 24 * 256  # 256 files at a time, compared as bytes
        a, b = memoryview(now), memoryview(recorded)
        for off in range(0, max(len(now), len(recorded)), step):
            if a[off:off + step] != b[off:off + step]:
                first = off // 24
                x, y = array("Q"), array("Q")
                x.frombytes(a[off:off + step])
                y.frombytes(b[off:off + step])
                for j in range(len(x) // 3):
                    if x[3 * j:3 * j + 3] != y[3 * j:3 * j + 3]:
                        out.add(first + j)
    mtimes = array("Q")
    mtimes.frombytes(now)
    mtimes = mtimes[1::3]
    if mtimes and max(mtimes) >= limit:  # (a negative mtime reads as a huge one: checked again, never trusted)
        out.update(i for i, m in enumerate(mtimes) if m >= limit)
    return sorted(out)


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
