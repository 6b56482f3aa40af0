"""The imported name table of the whole card pool: import (yaml-yugi, TSV), store, load.

The table lives in one gzip-compressed, tab-separated file (default: ``$YGORULES_NAMES``, else
``$XDG_DATA_HOME/ygorules/names.tsv.gz``, i.e. ``~/.local/share/ygorules/names.tsv.gz``)::

    # ygorules name table v1
    passcode  card_type  es  pt  it  en  unofficial
    44095762  trap       Fuerza de Espejo  Força do Espelho  Forza Riflessa  Mirror Force

An empty name field means the card has no name in that language; ``unofficial`` lists the
languages (comma-separated) whose name exists only in a video game, never on a printed card.
Only the standard library is imported here, so reading the table stays cheap.
"""
from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Problem, YgoError

LANGS = ("es", "pt", "it", "en")  # as model.LANGS; not imported: a warm lookup loads no model module
MAGIC = "# ygorules name table v1"
COLUMNS = ("passcode", "card_type", *LANGS, "unofficial")
CARD_TYPES = {"monster": "monster", "spell": "spell", "trap": "trap"}


@dataclass(slots=True)
class CardRecord:
    """One card of the pool: passcode, type, official name per language (None where there is none).

    ``passcode`` is the printed passcode (digits) when the card has one; cards without one keep
    the data set's identifier (``kdb<Konami id>`` or ``yugipedia<page id>``): see ``has_passcode``.
    """

    passcode: str
    card_type: str | None
    names: dict
    unofficial: dict = field(default_factory=dict)  # lang → a name used only in a video game

    @property
    def has_passcode(self) -> bool:
        """True when ``passcode`` is a real printed passcode (digits only)."""
        return self.passcode.isdigit()

    def name(self, lang: str) -> str | None:
        """The official name in ``lang``, or None."""
        return self.names.get(lang)


@dataclass
class NameTable:
    """A loaded name table: ``cards`` (CardRecord list), where it came from, and a passcode index."""

    cards: list = field(default_factory=list)
    path: Path | None = None
    origin: str = ""

    def by_passcode(self) -> dict:
        """passcode → record."""
        return {c.passcode: c for c in self.cards}

    def find(self, name: str, lang: str | None = None) -> list:
        """Records whose official name (in ``lang``, or any language) equals ``name``, ignoring case and accents.

        >>> t = NameTable([CardRecord("44095762", "trap", {"es": "Fuerza de Espejo", "pt": None, "it": None, "en": "Mirror Force"})])
        >>> [c.passcode for c in t.find("fuerza de espejo")]
        ['44095762']
        """
        key = _fold(name)
        langs = (lang,) if lang else LANGS
        return [c for c in self.cards if any(c.names.get(l) and _fold(c.names[l]) == key for l in langs)]


def _order(c: CardRecord):
    return (0, int(c.passcode), "") if c.passcode.isdigit() else (1, 0, c.passcode)


def valid_key(key: str) -> bool:
    """True for a passcode or a data-set identifier such as kdb4998.

    >>> [valid_key(k) for k in ("44095762", "kdb4998", "yugipedia1187488", "x y", "")]
    [True, True, True, False, False]
    """
    return bool(key) and key.isascii() and key.isalnum() and key.islower() == any(ch.isalpha() for ch in key) and key[-1].isdigit()


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).casefold().split())


def default_path() -> Path:
    """Where the table is stored when no path is given: $YGORULES_NAMES, else $XDG_DATA_HOME/ygorules/names.tsv.gz."""
    if os.environ.get("YGORULES_NAMES"):
        return Path(os.environ["YGORULES_NAMES"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "ygorules" / "names.tsv.gz"


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    value = unicodedata.normalize("NFC", value.strip())
    return value or None


def _cell(value: str) -> str:
    if "\t" in value or "\n" in value or "\r" in value:
        raise ValueError(value)
    return value


def dumps(table: NameTable) -> str:
    """The table as the text of a table file."""
    lines = [MAGIC, "\t".join(COLUMNS)]
    for c in sorted(table.cards, key=_order):
        row = [c.passcode, c.card_type or "", *[c.names.get(l) or c.unofficial.get(l) or "" for l in LANGS],
               ",".join(l for l in LANGS if l in c.unofficial)]
        lines.append("\t".join(_cell(v) for v in row))
    return "\n".join(lines) + "\n"


def write_table(table: NameTable, path: Path | str | None = None) -> Path:
    """Store ``table`` (gzip if the name ends in .gz) atomically; return the path written."""
    import gzip

    from .fsutil import write_atomic

    path = Path(path) if path is not None else default_path()
    data = dumps(table).encode("utf-8")
    if path.suffix == ".gz":
        data = gzip.compress(data, compresslevel=6, mtime=0)
    write_atomic(path, data)
    return path


def read_text(path: Path) -> str:
    """The decoded text of a table file (gzip detected by its magic bytes)."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        import gzip

        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise YgoError(f"{path}: damaged gzip file ({exc})",
                           [Problem(str(path), 1, 1, "the file is not a readable gzip file",
                                    "import it again with `ygorules names import`")]) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YgoError(f"{path}: not UTF-8", [Problem(str(path), 1, 1, f"byte {exc.start} is not UTF-8",
                                                      "save the file as UTF-8")]) from None


def parse(text: str, display: str) -> NameTable:
    """Parse the text of a table file; errors name file:line:col."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r") != MAGIC:
        raise YgoError(f"{display}: not a ygorules name table",
                       [Problem(display, 1, 1, f"the first line is not '{MAGIC}'",
                                "create the table with `ygorules names import yaml-yugi DIR` or `ygorules names import tsv FILE`")])
    if len(lines) < 2 or lines[1].rstrip("\r").split("\t") != list(COLUMNS):
        raise YgoError(f"{display}: unexpected columns",
                       [Problem(display, 2, 1, "the header is not " + " ".join(COLUMNS), "import the table again")])
    cards = []
    for no, line in enumerate(lines[2:], start=3):
        line = line.rstrip("\r")
        if not line:
            continue
        f = line.split("\t")
        if len(f) != len(COLUMNS) or not valid_key(f[0]):
            col = 1 if len(f) == len(COLUMNS) else len(line) + 1
            raise YgoError(f"{display}: damaged row", [Problem(display, no, col, f"expected {len(COLUMNS)} tab-separated fields starting with a passcode",
                                                                "import the table again")])
        names = {l: f[2 + i] or None for i, l in enumerate(LANGS)}
        unofficial = {}
        for l in f[6].split(",") if f[6] else ():
            if names.get(l):
                unofficial[l] = names[l]
                names[l] = None
        cards.append(CardRecord(f[0], f[1] or None, names, unofficial))
    return NameTable(cards)


def load_table(path: Path | str | None = None) -> NameTable:
    """Load the name table at ``path`` (default: ``default_path()``).

    With no path and no table at the default location, returns an empty table (``cards == []``,
    ``path is None``); an explicit path that does not exist is an error.
    """
    explicit = path is not None
    path = Path(path).expanduser() if explicit else default_path()
    if not path.is_file():
        if explicit:
            raise YgoError(f"{path}: no such name table",
                           [Problem(str(path), 1, 1, "the file does not exist",
                                    "create it with `ygorules names import tsv FILE -o PATH` or check --names")])
        return NameTable([], None, "")
    table = parse(read_text(path), str(path))
    table.path = path
    table.origin = str(path)
    return table


# ── importers ──────────────────────────────────────────────────────────────────

def _card_type(value, display, line, col) -> str | None:
    if value in (None, ""):
        return None
    key = str(value).strip().lower()
    if key not in CARD_TYPES:
        raise YgoError(f"{display}: unknown card type", [Problem(display, line, col, f"card type '{value}' is not Monster, Spell or Trap",
                                                                 "fix the value or leave the field empty")])
    return CARD_TYPES[key]


def import_yaml_yugi(folder: Path | str) -> tuple[NameTable, list[str]]:
    """Read a yaml-yugi checkout (``data/cards/*.json``) or a folder of its card files; return (table, notes)."""
    import json

    folder = Path(folder)
    if not folder.is_dir():
        raise YgoError(f"{folder}: no such folder", [Problem(str(folder), 1, 1, "not a folder",
                                                              "pass a yaml-yugi checkout or its data/cards folder")], exit_code=2)
    cards_dir = folder / "data" / "cards"
    if not cards_dir.is_dir():
        cards_dir = folder
    files = sorted(cards_dir.glob("*.json"))
    if not files:
        raise YgoError(f"{folder}: no card files", [Problem(str(folder), 1, 1, "found no *.json card files here or under data/cards/",
                                                             "pass the root of a yaml-yugi checkout")])
    cards, seen, skipped = [], {}, 0
    for path in files:
        display = str(path)
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise YgoError(f"{display}: not valid JSON", [Problem(display, exc.lineno, exc.colno, exc.msg, "fix or remove the file")]) from None
        except UnicodeDecodeError:
            raise YgoError(f"{display}: not UTF-8", [Problem(display, 1, 1, "the file is not UTF-8", "fix or remove the file")]) from None
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), dict):
            raise YgoError(f"{display}: not a yaml-yugi card", [Problem(display, 1, 1, "expected an object with a 'name' object",
                                                                       "pass a yaml-yugi checkout (data/cards/*.json)")])
        password = doc.get("password")
        if password is not None and str(password).isdigit():
            passcode = str(password)
        elif doc.get("konami_id") is not None:
            passcode = f"kdb{doc['konami_id']}"  # the convention of cardnames.tsv for cards without a passcode
        elif doc.get("yugipedia_page_id") is not None:
            passcode = f"yugipedia{doc['yugipedia_page_id']}"
        else:
            skipped += 1
            continue
        if passcode in seen:
            raise YgoError(f"{display}: duplicate passcode", [Problem(display, 1, 1, f"passcode {passcode} also in {seen[passcode]}",
                                                                     "remove one of the two files")])
        seen[passcode] = display
        names = {l: _clean(doc["name"].get(l)) if isinstance(doc["name"].get(l), str) else None for l in LANGS}
        if not any(names.values()):
            skipped += 1
            continue
        cards.append(CardRecord(passcode, _card_type(doc.get("card_type"), display, 1, 1), names))
    notes = [f"read {len(files)} card files from {cards_dir}"]
    if skipped:
        notes.append(f"skipped {skipped} without an identifier or a name in es/pt/it/en")
    return NameTable(cards, None, str(folder)), notes


def _read_tsv(path: Path) -> list[list[str]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise YgoError(f"{path}: no such file", [Problem(str(path), 1, 1, "the file does not exist", "check the path")], exit_code=2) from None
    except UnicodeDecodeError as exc:
        raise YgoError(f"{path}: not UTF-8", [Problem(str(path), 1, 1, f"byte {exc.start} is not UTF-8", "save the file as UTF-8")]) from None
    return [line.rstrip("\r").split("\t") for line in text.split("\n")]


def import_tsv(path: Path | str, meta: Path | str | None = None) -> tuple[NameTable, list[str]]:
    """Read a cardnames.tsv-style file (header ``id en es pt it``, optional ``card_type``); return (table, notes).

    Card types and video-game-only names come from ``meta`` (a cardnames_meta.tsv-style file with
    ``id, card_type, printed_langs, unofficial_name_langs``: a name in a language
    the card was not printed in, or listed as unofficial, is kept as a video-game name); by default ``NAME_meta.tsv`` (for a table NAME.tsv) or ``cardnames_meta.tsv`` next to ``path`` when present.
    """
    path = Path(path)
    display = str(path)
    rows = _read_tsv(path)
    header = [h.strip().lower() for h in rows[0]] if rows else []
    key = "id" if "id" in header else "passcode" if "passcode" in header else None
    if key is None or not any(l in header for l in LANGS):
        raise YgoError(f"{display}: not a card-name table", [Problem(display, 1, 1, f"the header is {header[:6]}",
                                                                      "the first line must name the columns: id, en, es, pt, it (tab-separated)")])
    col = {h: i for i, h in enumerate(header)}
    notes = []
    types, unofficial = {}, {}
    if meta is None:  # NAME_meta.tsv (or cardnames_meta.tsv) next to the table, when there is one
        meta = next((m for m in (path.parent / f"{path.stem}_meta.tsv", path.parent / "cardnames_meta.tsv")
                     if m.is_file() and m != path), None)
    if meta is not None:
        mrows = _read_tsv(Path(meta))
        mh = [h.strip().lower() for h in mrows[0]]
        if "id" not in mh:
            raise YgoError(f"{meta}: not a card metadata table", [Problem(str(meta), 1, 1, "no 'id' column", "pass a cardnames_meta.tsv-style file")])
        mc = {h: i for i, h in enumerate(mh)}
        for no, r in enumerate(mrows[1:], start=2):
            if r == [""]:
                continue
            if len(r) != len(mh):
                raise YgoError(f"{meta}: damaged row", [Problem(str(meta), no, 1, f"{len(r)} fields, the header has {len(mh)}", "fix the row")])
            pid = r[mc["id"]].strip()
            if "card_type" in mc:
                types[pid] = _card_type(r[mc["card_type"]], str(meta), no, 1)
            vg = set()
            if "printed_langs" in mc:  # a name in a language the card was never printed in is a video-game name
                vg |= {l for l in LANGS if l not in r[mc["printed_langs"]].split(",")}
            if "unofficial_name_langs" in mc:
                vg |= {l for l in r[mc["unofficial_name_langs"]].split(",") if l in LANGS}
            unofficial[pid] = vg
        notes.append(f"card types and video-game-only names from {meta}")
    cards, seen = [], {}
    for no, r in enumerate(rows[1:], start=2):
        if r == [""]:
            continue
        if len(r) != len(header):
            raise YgoError(f"{display}: damaged row", [Problem(display, no, 1, f"{len(r)} tab-separated fields, the header has {len(header)}",
                                                                "give every row one field per column (empty where there is no name)")])
        passcode = r[col[key]].strip()
        if not valid_key(passcode):
            pos = sum(len(x) + 1 for x in r[:col[key]]) + 1
            raise YgoError(f"{display}: bad passcode", [Problem(display, no, pos, f"'{passcode}' is not a passcode",
                                                                 "write the passcode as digits (or kdb<Konami id> for a card without one)")])
        if passcode in seen:
            raise YgoError(f"{display}: duplicate passcode", [Problem(display, no, 1, f"passcode {passcode} is also on line {seen[passcode]}",
                                                                       "keep one row per card")])
        seen[passcode] = no
        names = {l: _clean(r[col[l]]) if l in col else None for l in LANGS}
        ctype = _card_type(r[col["card_type"]], display, no, 1) if "card_type" in col else types.get(passcode)
        vg = {l: names[l] for l in unofficial.get(passcode, ()) if names.get(l)}
        for l in vg:
            names[l] = None
        cards.append(CardRecord(passcode, ctype, names, vg))
    notes.insert(0, f"read {len(cards)} cards from {display}")
    return NameTable(cards, None, display), notes
