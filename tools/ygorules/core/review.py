"""Honest review levels: what a native speaker reviewed is recorded per field, and a change drops it.

An entry's ``review: {LANG: native-reviewed}`` says that a fluent speaker read its text in LANG and
that every correction was applied. That stays true only for the text they read. The review ledger,
``kb/review-ledger.tsv``, records per file, field and language a digest of the text that was
reviewed (``file  field  lang  digest``, tab-separated, one row per field, sorted). When the model
is built, a language marked native-reviewed in which any field's text no longer has its recorded
digest (changed, added, or never recorded) counts as ``self-reviewed``: `ygorules status`, the
site's page notice and the review page all read the level that results. ``Entry.review_changed``
lists, per language, the fields that made the difference. A kb folder without a ledger (a test
fixture, a new project) keeps the levels its entries write; ours has one.

``ygorules review mark FILE... --lang L`` records the current text of FILE's L fields once a native
review has been applied (and ``ygorules review changed`` lists what drifted); nothing else writes
the ledger.
"""
from __future__ import annotations

import hashlib
import os
import unicodedata
from pathlib import Path

from .link import localized_texts
from .model import LANGS

LEDGER = "review-ledger.tsv"
"""The ledger's file name, directly in the kb folder."""
HEADER = "file\tfield\tlang\tdigest"
NATIVE, SELF = "native-reviewed", "self-reviewed"


class LedgerError(ValueError):
    """A ledger line that cannot be read: its place, what is wrong and how to fix it."""

    def __init__(self, path, line: int, what: str, fix: str):
        super().__init__(f"{path}:{line}: {what} → {fix}")
        self.path, self.line, self.what, self.fix = str(path), line, what, fix


def digest(text: str) -> str:
    """The digest of one text as reviewed: 16 hex digits of SHA-256 over its NFC form (whitespace kept)."""
    return hashlib.sha256(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()[:16]


def field_name(path: tuple) -> str:
    """A field's dotted path, as the ledger and `status` write it (``timings.0.note``)."""
    return ".".join(str(p) for p in path)


def texts(data: dict, lang: str) -> dict[str, str]:
    """Every text of the entry in ``lang``: dotted field → text (localized texts only, not names)."""
    out = {}
    for path, mapping in localized_texts(data):
        value = mapping.get(lang)
        if isinstance(value, str):
            out[field_name(path)] = value
    return out


def read(root: Path) -> dict[tuple[str, str, str], str] | None:
    """The ledger of the kb folder ``root``: (file, field, lang) → digest; None when the folder has none.

    ``file`` is the entry's path relative to the kb folder, with ``/`` (``cards/mirror-force.yaml``).
    """
    path = Path(root) / LEDGER
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LedgerError(path, 1, f"cannot read the review ledger ({exc.strerror})", "check its permissions")
    try:
        lines = raw.decode("utf-8").split("\n")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise LedgerError(path, line, "not UTF-8", "save the ledger as UTF-8 (or rebuild it with `ygorules review mark`)") from None
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != HEADER:
        raise LedgerError(path, 1, f"the first line must be the header {HEADER!r}", "restore it")
    out = {}
    for n, line in enumerate(lines[1:], start=2):
        parts = line.split("\t")
        if len(parts) != 4 or not all(parts):
            raise LedgerError(path, n, f"expected 4 tab-separated columns (file, field, lang, digest), got {len(parts)}", "fix or remove the line")
        file, fld, lang, dig = parts
        if lang not in LANGS:
            raise LedgerError(path, n, f"unknown language {lang!r}", f"use one of {', '.join(LANGS)}")
        if len(dig) != 16 or any(c not in "0123456789abcdef" for c in dig):
            raise LedgerError(path, n, f"{dig!r} is not a digest (16 lower-case hex digits)", "record it again with `ygorules review mark`")
        out[(file, fld, lang)] = dig
    return out


def write(root: Path, ledger: dict[tuple[str, str, str], str]) -> Path:
    """Write the whole ledger, sorted, atomically."""
    from .fsutil import write_atomic

    path = Path(root) / LEDGER
    rows = [HEADER] + ["\t".join((*key, dig)) for key, dig in sorted(ledger.items())]
    write_atomic(path, ("\n".join(rows) + "\n").encode("utf-8"))
    return path


def relative(root: Path, path: Path) -> str:
    """An entry's file as the ledger names it (entry paths are made from the kb folder's path: no need to resolve links)."""
    try:
        return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()
    except ValueError:
        return Path(path).as_posix()


def apply(kb, ledger: dict | None = None) -> None:
    """Lower every native-reviewed language whose text changed since its review to self-reviewed.

    Sets ``entry.review`` to the level that holds and ``entry.review_changed`` to {lang: [fields]}.
    """
    if ledger is None:
        ledger = read(kb.root)
        if ledger is None:  # a kb folder that keeps no ledger: the levels stay as its entries write them
            return
    root = kb.root
    for entry in kb.entries():
        native = [lang for lang, level in entry.review.items() if level == NATIVE]
        if not native:
            continue
        file = relative(root, entry.path)
        found = [(field_name(path), mapping) for path, mapping in localized_texts(entry.data)]  # one walk for every language
        for lang in native:
            fields = sorted(f for f, mapping in found if isinstance(mapping.get(lang), str)
                            and ledger.get((file, f, lang)) != digest(mapping[lang]))
            if fields:
                entry.review[lang] = SELF
                entry.review_changed[lang] = fields


def mark(root: Path, data: dict, file: str, lang: str, ledger: dict) -> int:
    """Record the current text of every ``lang`` field of one entry as reviewed; drop rows of fields it no longer has.

    Returns the number of fields recorded.
    """
    current = texts(data, lang)
    for key in [k for k in ledger if k[0] == file and k[2] == lang and k[1] not in current]:
        del ledger[key]
    for fld, text in current.items():
        ledger[(file, fld, lang)] = digest(text)
    return len(current)
