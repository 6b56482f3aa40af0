"""The imported name table of the whole card pool: import (yaml-yugi, TSV), store, load.

The table lives in one gzip-compressed, tab-separated file (default: ``$YGORULES_NAMES``, else
``$XDG_DATA_HOME/ygorules/names.tsv.gz``, i.e. ``~/.local/share/ygorules/names.tsv.gz``)::

    # ygorules name table v4
    passcode  card_type  es  pt  it  en  unofficial  printings  translated
    44095762  trap       Fuerza de Espejo  Força do Espelho  Forza Riflessa  Mirror Force    33
    37092104  monster                                          Monstrous Arms of Atlantis  0  en
    @series   series     Héroe Elemental   Herói do Elemento Eroe Elementale Elemental HERO
    @product  product                                        Generation Force

An empty name field means the card has no name in that language; ``unofficial`` lists the
languages (comma-separated) whose name exists only in a video game, never on a printed card;
``printings`` is the card's number of distinct English (TCG) set numbers, a prominence measure
(empty: unknown); ``translated`` lists the languages whose name is an unofficial translation (of a
card never printed in that language nor in a video game, e.g. an OCG-only card: the data set's
translation, marked by it or by the card's printings), kept so that the card can be found, never
shown as official. A row whose passcode is ``@series`` is an archetype (series) name, not a card; one
whose passcode is ``@product`` is the English name of a product the cards were printed in (a booster
set, a structure deck, a promotion: the yaml-yugi import lists every set name of every card's
printings), not a card. Tables of version 1 (no printings column), 2 (no translated column) and 3 (no
product rows) are still read.
Only the standard library is imported here, so reading the table stays cheap.
"""
from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import Problem, YgoError
from ..core.fold import normalize
from ..core.locales import LANGS

MAGIC = "# ygorules name table v4"
MAGIC_V3 = "# ygorules name table v3"
MAGIC_V2 = "# ygorules name table v2"
MAGIC_V1 = "# ygorules name table v1"
COLUMNS = ("passcode", "card_type", *LANGS, "unofficial", "printings", "translated")
COLUMNS_V2 = COLUMNS[:-1]
COLUMNS_V1 = COLUMNS[:-2]
EN_FIELD = 2 + LANGS.index("en")
"""The field of a row that holds the English name (after passcode and card_type, the names in ``LANGS`` order)."""
SERIES = "@series"
"""The passcode field of a series (archetype) row."""
PRODUCT = "@product"
"""The passcode field of a product (set) row: its English name in the en column, the other fields empty."""
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
    printings: int | None = None  # distinct English set numbers: how prominent the card is (None: unknown)
    translated: dict = field(default_factory=dict)  # lang → an unofficial translation (never printed, nor a game's name)

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
    series: list = field(default_factory=list)  # one dict lang → name (None where unknown) per archetype
    products: list = field(default_factory=list)  # the English names of the products (sets) the cards were printed in

    def by_passcode(self) -> dict:
        """passcode → record."""
        return {c.passcode: c for c in self.cards}

    def find(self, name: str, lang: str | None = None) -> list:
        """Records whose official name (in ``lang``, or any language) equals ``name``, ignoring case, accents and punctuation.

        >>> t = NameTable([CardRecord("44095762", "trap", {"es": "Fuerza de Espejo", "pt": None, "it": None, "en": "Mirror Force"})])
        >>> [c.passcode for c in t.find("fuerza de espejo")]
        ['44095762']
        """
        key = normalize(name)
        langs = (lang,) if lang else LANGS
        return [c for c in self.cards if any(c.names.get(l) and normalize(c.names[l]) == key for l in langs)]


def _order(c: CardRecord):
    return (0, int(c.passcode), "") if c.passcode.isdigit() else (1, 0, c.passcode)


def valid_key(key: str) -> bool:
    """True for a passcode or a data-set identifier such as kdb4998.

    >>> [valid_key(k) for k in ("44095762", "kdb4998", "yugipedia1187488", "x y", "")]
    [True, True, True, False, False]
    """
    return bool(key) and key.isascii() and key.isalnum() and key.islower() == any(ch.isalpha() for ch in key) and key[-1].isdigit()


def default_path() -> Path:
    """Where the table is stored when no path is given: $YGORULES_NAMES, else $XDG_DATA_HOME/ygorules/names.tsv.gz."""
    if os.environ.get("YGORULES_NAMES"):
        return Path(os.environ["YGORULES_NAMES"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "ygorules" / "names.tsv.gz"


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    value = unicodedata.normalize("NFC", value.strip()).translate({9: " ", 10: " ", 13: " "})  # a tab or line break would split the table's row
    return value or None


def _cell(value: str) -> str:
    if "\t" in value or "\n" in value or "\r" in value:
        raise ValueError(value)
    return value


def dumps(table: NameTable) -> str:
    """The table as the text of a table file."""
    lines = [MAGIC, "\t".join(COLUMNS)]
    for c in sorted(table.cards, key=_order):
        row = [c.passcode, c.card_type or "", *[c.names.get(l) or c.unofficial.get(l) or c.translated.get(l) or "" for l in LANGS],
               ",".join(l for l in LANGS if l in c.unofficial)]
        row.append("" if c.printings is None else str(c.printings))
        row.append(",".join(l for l in LANGS if l in c.translated and l not in c.unofficial and not c.names.get(l)))
        lines.append("\t".join(_cell(v) for v in row))
    for names in sorted(table.series, key=lambda n: n.get("en") or next((v for v in n.values() if v), "")):
        lines.append("\t".join(_cell(v) for v in (SERIES, "series", *[names.get(l) or "" for l in LANGS], "", "", "")))
    for name in sorted(set(table.products)):
        lines.append("\t".join(_cell(v) for v in (PRODUCT, "product", *["" if l != "en" else name for l in LANGS], "", "", "")))
    return "\n".join(lines) + "\n"


def write_table(table: NameTable, path: Path | str | None = None) -> Path:
    """Store ``table`` (gzip if the name ends in .gz) atomically; return the path written."""
    import gzip

    from ..core.fsutil import write_atomic

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
    first = lines[0].rstrip("\r") if lines else ""
    v1, v2 = first == MAGIC_V1, first == MAGIC_V2
    columns = COLUMNS_V1 if v1 else COLUMNS_V2 if v2 else COLUMNS
    if not lines or (first not in (MAGIC, MAGIC_V3) and not v1 and not v2):
        raise YgoError(f"{display}: not a ygorules name table",
                       [Problem(display, 1, 1, f"the first line is not '{MAGIC}'",
                                "create the table with `ygorules names import yaml-yugi DIR` or `ygorules names import tsv FILE`")])
    if len(lines) < 2 or lines[1].rstrip("\r").split("\t") != list(columns):
        raise YgoError(f"{display}: unexpected columns",
                       [Problem(display, 2, 1, "the header is not " + " ".join(columns), "import the table again")])
    cards, series, products = [], [], []
    for no, line in enumerate(lines[2:], start=3):
        line = line.rstrip("\r")
        if not line:
            continue
        f = line.split("\t")
        printings = f[7] if len(f) >= 8 and not v1 else ""
        if len(f) != len(columns) or not (valid_key(f[0]) or f[0] == SERIES or (f[0] == PRODUCT and f[EN_FIELD])) \
                or not (printings == "" or printings.isdigit()):
            col = 1 if len(f) == len(columns) else len(line) + 1
            raise YgoError(f"{display}: damaged row", [Problem(display, no, col, f"expected {len(columns)} tab-separated fields starting with a passcode",
                                                                "import the table again")])
        names = {l: f[2 + i] or None for i, l in enumerate(LANGS)}
        if f[0] == SERIES:
            series.append(names)
            continue
        if f[0] == PRODUCT:
            products.append(f[EN_FIELD])
            continue
        unofficial, translated = {}, {}
        for l in f[6].split(",") if f[6] else ():
            if names.get(l):
                unofficial[l] = names[l]
                names[l] = None
        for l in f[8].split(",") if len(f) == 9 and f[8] else ():
            if names.get(l):
                translated[l] = names[l]
                names[l] = None
        cards.append(CardRecord(f[0], f[1] or None, names, unofficial, int(printings) if printings else None, translated))
    return NameTable(cards, series=series, products=products)


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


def game_note(cards: list) -> list[str]:
    """A note counting, per language, the names kept as video-game names (never printed in that language).

    >>> game_note([CardRecord("1", None, {"pt": None, "en": "A"}, {"pt": "B"}), CardRecord("2", None, {"en": "C"})])
    ['video-game names (never printed in that language, shown marked as such): pt 1']
    >>> game_note([])
    []
    """
    counts = {l: sum(1 for c in cards if c.unofficial.get(l)) for l in LANGS}
    shown = ", ".join(f"{l} {n}" for l, n in counts.items() if n)
    return [f"video-game names (never printed in that language, shown marked as such): {shown}"] if shown else []


def translation_note(cards: list) -> list[str]:
    """A note counting, per language, the names kept as unofficial translations (and the cards known by those alone).

    >>> translation_note([CardRecord("1", None, {"en": None}, {}, None, {"en": "A"}), CardRecord("2", None, {"en": "C"})])
    ['unofficial translations (never printed in that language nor in a video game; found by lookup and can, never shown as official): en 1, of 1 card with no other name']
    >>> translation_note([])
    []
    """
    counts = {l: sum(1 for c in cards if c.translated.get(l)) for l in LANGS}
    shown = ", ".join(f"{l} {n}" for l, n in counts.items() if n)
    if not shown:
        return []
    alone = sum(1 for c in cards if c.translated and not any(c.names.values()) and not c.unofficial)
    return [f"unofficial translations (never printed in that language nor in a video game; found by lookup and can, never shown as official): "
            f"{shown}, of {alone} card{'s' if alone != 1 else ''} with no other name"]


def import_yaml_yugi(folder: Path | str, series_file: Path | str | None = None, each=None,
                     bad: list | None = None) -> tuple[NameTable, list[str]]:
    """Read a yaml-yugi checkout (``data/cards/*.json``) or a folder of its card files; return (table, notes).

    A card with printings (``sets``) but none in a language keeps its name in that language as a video-game
    name (``CardRecord.unofficial``), not as an official one, when the card is in Master Duel
    (``master_duel_rarity``); of a card that is not, such a name is an unofficial translation
    (``CardRecord.translated``: found by lookup and can, never shown as official), as is any name the data set
    marks ``is_translation_unofficial``; the tsv importer does the same with ``printed_langs`` and ``in_master_duel``.

    Each card's printings are its distinct English set numbers (``sets.en``); its ``series`` become the
    table's series (English names; ``series_file``, a seriesnames.tsv-style file, adds the other languages).

    ``each(passcode, doc, file)`` is called for every card the table keeps, with its whole card object (the facts
    step reads the text there, in the same pass). ``bad``: a list that receives a Problem for each card file
    that is not valid JSON, not UTF-8 or not a card object, which is then left out; without it such a file
    is an error (YgoError).
    """
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
    cards, seen, skipped, series_en, products = [], {}, 0, set(), set()
    for path in files:
        display = str(path)
        try:
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise YgoError(f"{display}: not valid JSON", [Problem(display, exc.lineno, exc.colno, exc.msg, "fix or remove the file")]) from None
            except UnicodeDecodeError:
                raise YgoError(f"{display}: not UTF-8", [Problem(display, 1, 1, "the file is not UTF-8", "fix or remove the file")]) from None
            if not isinstance(doc, dict) or not isinstance(doc.get("name"), dict):
                raise YgoError(f"{display}: not a yaml-yugi card", [Problem(display, 1, 1, "expected an object with a 'name' object",
                                                                           "pass a yaml-yugi checkout (data/cards/*.json)")])
        except YgoError as exc:
            if bad is None:
                raise
            bad.extend(exc.problems)
            continue
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
        sets = doc.get("sets") if isinstance(doc.get("sets"), dict) else {}
        numbers = {s.get("set_number") for s in sets.get("en") or () if isinstance(s, dict) and s.get("set_number")}
        for printed in sets.values():  # (the data set gives every region's set names in English)
            if isinstance(printed, list):
                products.update(_clean(x["set_name"]) for x in printed
                                if isinstance(x, dict) and isinstance(x.get("set_name"), str) and _clean(x["set_name"]))
        marked = doc.get("is_translation_unofficial") if isinstance(doc.get("is_translation_unofficial"), dict) else {}
        marked = marked.get("name") if isinstance(marked.get("name"), dict) else {}
        vg, translated = {}, {}
        if any(sets.values()):  # printed somewhere: a name in a language it was never printed in is Master Duel's,
            vg = {l: names[l] for l in LANGS if names[l] and not sets.get(l)}  # if the card is in that game; else neither
            if not doc.get("master_duel_rarity"):  # printed nor a game's: an unofficial translation (as the tsv import, see there)
                vg, translated = {}, vg
        translated |= {l: names[l] for l in LANGS if names[l] and marked.get(l) is True and l not in vg}  # the data set says so
        for l in (*vg, *translated):
            names[l] = None
        cards.append(CardRecord(passcode, _card_type(doc.get("card_type"), display, 1, 1), names, vg, printings=len(numbers),
                                translated=translated))
        if each is not None:
            each(passcode, doc, display)
        for name in doc.get("series") or ():
            if isinstance(name, str) and name.strip():
                series_en.add(_clean(name))
    notes = [f"read {len(files) - len(bad or ())} card files from {cards_dir}"]
    if skipped:
        notes.append(f"skipped {skipped} without an identifier or a name in es/pt/it/en")
    notes += game_note(cards) + translation_note(cards)
    series = series_from_cards(series_en, cards)
    if series_file is None:  # a checkout carries the series' names per language: data/series/list.json
        series_file = next((p for p in (folder / "data" / "series" / "list.json", cards_dir.parent / "series" / "list.json")
                            if p.is_file()), None)
    if series_file is not None:
        series = merge_series(series, read_series(Path(series_file)))
        notes.append(f"series names per language from {series_file}")
    if series:
        notes.append(f"{len(series)} series (archetype) names")
    if products:
        notes.append(f"{len(products)} product (set) names")
    return NameTable(cards, None, str(folder), series, sorted(products)), notes


def read_series(path: Path) -> list[dict]:
    """A seriesnames.tsv-style file (header ``en es pt it``, one archetype per row), or yaml-yugi's
    ``data/series/list.json`` (a list of objects with a name per language): one dict lang → name per series."""
    display = str(path)
    if path.suffix.lower() == ".json":
        return _read_series_json(path)
    rows = _read_tsv(path)
    header = [h.strip().lower() for h in rows[0]] if rows else []
    if "en" not in header:
        raise YgoError(f"{display}: not a series-name table", [Problem(display, 1, 1, f"the header is {header[:6]}",
                                                                        "the first line must name the columns: en, es, pt, it (tab-separated)")])
    col = {h: i for i, h in enumerate(header)}
    out = []
    for no, r in enumerate(rows[1:], start=2):
        if r == [""] or (r and r[0].startswith("#")):
            continue
        if len(r) != len(header):
            raise YgoError(f"{display}: damaged row", [Problem(display, no, 1, f"{len(r)} tab-separated fields, the header has {len(header)}",
                                                                "give every row one field per column (empty where there is no name)")])
        names = {l: _clean(r[col[l]]) if l in col else None for l in LANGS}
        if not names["en"]:
            raise YgoError(f"{display}: series without an English name", [Problem(display, no, 1, "the en field is empty",
                                                                                   "write the series' English name: it identifies the series")])
        out.append(names)
    return out


def _read_series_json(path: Path) -> list[dict]:
    """yaml-yugi's series list: ``[{"en": …, "es": …, "pt": …, "it": …, other languages…}, …]``.

    A series without an English name cannot be matched with the cards' series (which are English): it is
    left out. Anything but a list of objects is an error naming the file.
    """
    import json

    display = str(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise YgoError(f"{display}: not valid JSON", [Problem(display, exc.lineno, exc.colno, exc.msg,
                                                              "fix the file, or pass a seriesnames.tsv-style table with --series")]) from None
    except UnicodeDecodeError:
        raise YgoError(f"{display}: not UTF-8", [Problem(display, 1, 1, "the file is not UTF-8", "fix the file")]) from None
    if not isinstance(doc, list) or not all(isinstance(item, dict) for item in doc):
        raise YgoError(f"{display}: not a series list", [Problem(display, 1, 1, "expected a list of objects, one per series",
                                                                  "pass yaml-yugi's data/series/list.json or a seriesnames.tsv-style table")])
    out = []
    for item in doc:
        names = {l: _clean(item.get(l)) if isinstance(item.get(l), str) else None for l in LANGS}
        if names["en"]:
            out.append(names)
    return out


def merge_series(base: list[dict], more: list[dict]) -> list[dict]:
    """Series of ``base`` completed with the names of ``more`` (same English name), plus the series only ``more`` has."""
    by_en = {n["en"]: dict(n) for n in base}
    for n in more:
        cur = by_en.setdefault(n["en"], {l: None for l in LANGS})
        for l in LANGS:
            cur[l] = n.get(l) or cur.get(l)
    return [by_en[k] for k in sorted(by_en)]


def series_from_cards(series_en: set, cards: list) -> list[dict]:
    """Series known only by their English name: an archetype named after a card (Dark Magician) takes that
    card's official names; the others keep their English name only."""
    by_en = {c.names.get("en"): c for c in cards if c.names.get("en")}
    out = []
    for en in sorted(series_en):
        c = by_en.get(en)
        out.append({l: (c.names.get(l) if c else None) for l in LANGS} | {"en": en})
    return out


def read_series_of_cards(path: Path) -> set:
    """The English series names of a cardinfo.tsv-style file (``series_en``, ``|``-joined), or an empty set."""
    rows = _read_tsv(path)
    header = [h.strip().lower() for h in rows[0]] if rows else []
    if "series_en" not in header:
        return set()
    i = header.index("series_en")
    return {n.strip() for r in rows[1:] if len(r) == len(header) for n in r[i].split("|") if n.strip()}


def read_printings(path: Path) -> dict:
    """passcode → number of printings, from a cardinfo.tsv-style file (``id`` and ``tcg_printings`` or ``printings``)."""
    display = str(path)
    rows = _read_tsv(path)
    header = [h.strip().lower() for h in rows[0]] if rows else []
    pcol = "tcg_printings" if "tcg_printings" in header else "printings" if "printings" in header else None
    if "id" not in header or pcol is None:
        raise YgoError(f"{display}: not a card-info table", [Problem(display, 1, 1, f"the header is {header[:6]}",
                                                                      "pass a file with an id column and a tcg_printings (or printings) column")])
    ci, cp = header.index("id"), header.index(pcol)
    out = {}
    for no, r in enumerate(rows[1:], start=2):
        if r == [""]:
            continue
        if len(r) != len(header):
            raise YgoError(f"{display}: damaged row", [Problem(display, no, 1, f"{len(r)} fields, the header has {len(header)}", "fix the row")])
        out[r[ci].strip()] = _printings(r[cp], display, no, sum(len(x) + 1 for x in r[:cp]) + 1)
    return out


def _printings(value: str, display: str, no: int, col: int) -> int | None:
    value = value.strip()
    if not value:
        return None
    if not value.isdigit():
        raise YgoError(f"{display}: bad number of printings", [Problem(display, no, col, f"'{value}' is not a whole number",
                                                                        "write the number of printings as digits, or leave it empty")])
    return int(value)


def _read_tsv(path: Path) -> list[list[str]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise YgoError(f"{path}: no such file", [Problem(str(path), 1, 1, "the file does not exist", "check the path")], exit_code=2) from None
    except UnicodeDecodeError as exc:
        raise YgoError(f"{path}: not UTF-8", [Problem(str(path), 1, 1, f"byte {exc.start} is not UTF-8", "save the file as UTF-8")]) from None
    return [line.rstrip("\r").split("\t") for line in text.split("\n")]


def _beside(path: Path, *names: str) -> Path | None:
    return next((m for m in (path.parent / n for n in names) if m.is_file() and m != path), None)


def import_tsv(path: Path | str, meta: Path | str | None = None, info: Path | str | None = None,
               series: Path | str | None = None) -> tuple[NameTable, list[str]]:
    """Read a cardnames.tsv-style file (header ``id en es pt it``, optional ``card_type``); return (table, notes).

    Card types and video-game-only names come from ``meta`` (a cardnames_meta.tsv-style file with
    ``id, card_type, printed_langs, unofficial_name_langs`` and optionally ``in_master_duel``: a name in a
    language the card was not printed in, or listed as unofficial, is kept as a video-game name; but with an
    ``in_master_duel`` column, such a name of a card that is not in Master Duel is neither printed nor a game's
    (a wiki's translation, as a rule) and is kept as an unofficial translation, ``CardRecord.translated``); by default ``NAME_meta.tsv`` (for a table NAME.tsv) or ``cardnames_meta.tsv`` next to ``path`` when present.

    Printings (prominence) come from a ``printings`` column of ``path`` itself, else from ``info`` (a
    cardinfo.tsv-style file: ``id`` and ``tcg_printings``), by default ``NAME_info.tsv`` or ``cardinfo.tsv``
    next to ``path``. Series names come from ``series`` (a seriesnames.tsv-style file: ``en es pt it``),
    by default ``NAME_series.tsv`` or ``seriesnames.tsv`` next to ``path``.
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
    types, unofficial, wiki = {}, {}, {}
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
            if "in_master_duel" in mc and r[mc["in_master_duel"]].strip().lower() != "yes":
                # not in Master Duel: such a name is neither printed nor a game's (a wiki's translation, as a rule)
                wiki[pid], vg = vg, set()
            unofficial[pid] = vg
        notes.append(f"card types and video-game-only names from {meta}")
    printings: dict = {}
    if "printings" not in col:
        if info is None:
            info = _beside(path, f"{path.stem}_info.tsv", "cardinfo.tsv")
        if info is not None:
            printings = read_printings(Path(info))
            notes.append(f"printings (prominence) from {info}")
    if series is None:
        series = _beside(path, f"{path.stem}_series.tsv", "seriesnames.tsv")
    cards, seen, nameless = [], {}, 0
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
        translated = {l: names[l] for l in wiki.get(passcode, ()) if names.get(l)}
        for l in (*vg, *translated):
            names[l] = None
        if not any(names.values()) and not vg and not translated:
            nameless += 1
            continue
        if "printings" in col:
            pr = _printings(r[col["printings"]], display, no, sum(len(x) + 1 for x in r[:col["printings"]]) + 1)
        else:
            pr = printings.get(passcode)
        cards.append(CardRecord(passcode, ctype, names, vg, pr, translated))
    notes.insert(0, f"read {len(cards) + nameless} cards from {display}")
    notes += game_note(cards) + translation_note(cards)
    series_rows = read_series(Path(series)) if series is not None else []
    if series_rows:
        notes.append(f"{len(series_rows)} series (archetype) names from {series}")
    if info is not None:  # archetypes the cards belong to that the series file lacks
        known = {r["en"] for r in series_rows}
        extra = series_from_cards(read_series_of_cards(Path(info)) - known, cards)
        if extra:
            series_rows = merge_series(series_rows, extra)
            notes.append(f"{len(extra)} more series from the cards' series in {info} (names from a card of the same name)")
    return NameTable(cards, None, display, series_rows), notes
