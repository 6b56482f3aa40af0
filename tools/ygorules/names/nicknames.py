"""Community nicknames, abbreviations, anime and old names of cards: the reviewed data file ``data/nicknames.tsv``.

The file is UTF-8, tab-separated, with a header line; ``#`` lines are comments::

    passcode  en                      text    langs     kind      source  note
    97268402  Effect Veiler           Veiler  es,pt,it,en  nickname

``en`` is the card's official English name (for readers of the file; the passcode identifies the card),
``langs`` the languages whose writers use ``text`` (comma-separated: es, pt, it, en), ``kind`` one of
KINDS, ``source`` and ``note`` optional. The name index reads it for the cards of the KB and of the
imported table (matched by passcode); ``$YGORULES_NICKNAMES`` names another file ("" for none). A series' other
names are rows too, with ``series:`` and the series' English name in the passcode column (``series:Dragon Ruler``):
the index reads them for the imported table's series of that English name (a KB entry of a series takes its other
names as spellings, with their sources).
Only the standard library is imported here.
"""
from __future__ import annotations

import os
import unicodedata
from collections import namedtuple

from ..core.errors import Problem, YgoError
from ..core.locales import LANGS

SERIES = "series:"
"""The passcode column's prefix for a series' row: ``series:Dragon Ruler`` (the series' English name in the name table,
matched as written there)."""
KINDS = ("nickname", "abbreviation", "anime-name", "old-name", "fan-translation", "misspelling")
COLUMNS = ("passcode", "en", "text", "langs", "kind", "source", "note")
REQUIRED = COLUMNS[:5]


class Nickname(namedtuple("Nickname", ("passcode", "text", "langs", "kind", "source"), defaults=(None,))):
    """One row: the card's passcode, the text people write, the languages they write it in, and its kind (and
    source). A named tuple, not a dataclass: the index imports this module on every cold ``lookup``."""

    __slots__ = ()


def default_path() -> str | None:
    """``$YGORULES_NICKNAMES`` ("" or unset-and-missing: none), else ``data/nicknames.tsv`` of the project."""
    env = os.environ.get("YGORULES_NICKNAMES")
    if env is not None:
        return os.path.expanduser(env) or None
    from ..core.resources import path as resource
    path = resource("nicknames.tsv")
    return path if os.path.isfile(path) else None


def stamp(path: str | None) -> str:
    """A string that changes whenever the file does (for cache signatures)."""
    if not path:
        return "-"
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:missing"
    return f"{os.path.realpath(path)}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"


def _err(display: str, no: int, col: int, what: str, fix: str) -> YgoError:
    return YgoError(f"{display}:{no}:{col}: {what} → {fix}", [Problem(display, no, col, what, fix)])


def parse(text: str, display: str) -> list[Nickname]:
    """The rows of a nickname file; a bad row raises YgoError naming file, line, column, what and how to fix it."""
    out: list[Nickname] = []
    header = None
    seen: dict = {}
    for no, line in enumerate(text.split("\n"), 1):
        line = line.rstrip("\r")
        if no == 1:
            line = line.lstrip("\ufeff")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if header is None:
            header = [h.strip().lower() for h in fields]
            missing = [c for c in REQUIRED if c not in header]
            if missing:
                raise _err(display, no, 1, f"the header lacks the column(s) {', '.join(missing)}",
                           "the first line must be: " + "\t".join(COLUMNS) + " (tab-separated)")
            col = {h: i for i, h in enumerate(header)}
            continue
        if len(fields) != len(header):
            raise _err(display, no, len(line) + 1, f"{len(fields)} tab-separated fields, the header has {len(header)}",
                       "give every row one field per column (empty fields for a missing source or note)")

        def at(name: str) -> int:
            return sum(len(x) + 1 for x in fields[:col[name]]) + 1

        passcode = fields[col["passcode"]].strip()
        if passcode.startswith(SERIES):  # a series: its English name after the prefix, spaces as written
            passcode = SERIES + " ".join(passcode[len(SERIES):].split())
        if not (passcode.isdigit() or (passcode.startswith("kdb") and passcode[3:].isdigit())
                or (passcode.startswith(SERIES) and len(passcode) > len(SERIES))):
            raise _err(display, no, at("passcode"), f"'{passcode}' is not a passcode",
                       "write the card's passcode as digits (kdb<Konami id> for a card without one), or series:<the "
                       "series' English name> for a series")
        nick = unicodedata.normalize("NFC", fields[col["text"]].strip())
        if not nick:
            raise _err(display, no, at("text"), "the text is empty", "write the nickname as people write it")
        langs = tuple(l.strip() for l in fields[col["langs"]].split(",") if l.strip())
        bad = [l for l in langs if l not in LANGS]
        if bad or not langs:
            raise _err(display, no, at("langs"), f"unknown language {bad[0] if bad else '(none)'!r}",
                       "list the languages as a comma list of es, pt, it, en")
        kind = fields[col["kind"]].strip()
        if kind not in KINDS:
            raise _err(display, no, at("kind"), f"unknown kind '{kind}'", "use one of " + ", ".join(KINDS))
        key = (passcode, nick.casefold(), langs)
        if key in seen:
            raise _err(display, no, 1, f"the same nickname is on line {seen[key]}", "keep one row per nickname and card")
        seen[key] = no
        source = fields[col["source"]].strip() if "source" in col else ""
        out.append(Nickname(passcode, nick, langs, kind, source or None))
    return out


def load(path: str | None) -> list[Nickname]:
    """The rows of the nickname file at ``path`` ([] for None)."""
    if not path:
        return []
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        raise YgoError(f"{path}: no such nickname file → check $YGORULES_NICKNAMES", exit_code=2) from None
    except OSError as exc:
        raise YgoError(f"{path}: cannot read it ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        no = raw.count(b"\n", 0, exc.start) + 1
        raise _err(path, no, exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1, f"byte 0x{raw[exc.start]:02x} is not UTF-8",
                   "save the file as UTF-8") from None
    return parse(text, path)


def by_passcode(rows: list[Nickname]) -> dict:
    """passcode → its rows."""
    out: dict = {}
    for r in rows:
        out.setdefault(r.passcode, []).append(r)
    return out
