"""Strict YAML loading: one loader for every file in kb/, with file, line and column for each value.

It reads YAML the way a YAML 1.2 editor does, and rejects whatever YAML 1.1 (PyYAML) and
YAML 1.2 would read differently, so that an editor and our tools never disagree on a file
we accept. It works on parser events and never constructs objects from tags.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import Problem

try:  # the libyaml C parser is about 8x faster; the rules below are the same either way
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_FILE_BYTES = 1_000_000
"""Largest file accepted, in bytes (a card entry is about 2 KB)."""
MAX_DEPTH = 24
"""Deepest nesting of mappings and sequences accepted."""

Path_ = tuple  # a path into a document: keys and list indexes

# YAML 1.2 core schema resolution for plain scalars.
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_SPECIAL_FLOAT = re.compile(r"^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
# Plain scalars that YAML 1.1 reads differently from YAML 1.2.
_YAML11_BOOL = re.compile(r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
_YAML11_NUMBER = re.compile(r"^[-+]?(?:0[0-9_]+|0b[01_]+|0x[0-9a-fA-F_]+|0o[0-7]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[0-9][0-9_]*_[0-9_]*(?:\.[0-9_]*)?)$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?$")


@dataclass
class Document:
    """A loaded YAML file: its data and where each value and key starts (1-based line, column).

    Positions are recorded lazily: a clean file is parsed once, fast; the first call to
    ``where()`` parses it again, recording every position (only files with problems need that).
    """

    path: Path
    display: str
    data: object
    positions: dict | None = None
    key_positions: dict | None = None
    text: str | None = field(default=None, repr=False)

    def where(self, path: Path_, key: bool = False) -> tuple[int, int]:
        """Line and column of the value (or its key) at ``path``, or of its nearest ancestor."""
        if self.positions is None:
            text = self.text if self.text is not None else decode(Path(self.path).read_bytes(), self.display)
            tracked = parse(text, self.display, self.path, track=True)
            self.positions, self.key_positions = tracked.positions, tracked.key_positions
        table = self.key_positions if key else self.positions
        p = tuple(path)
        while p:
            if p in table:
                return table[p]
            if key and p in self.positions:
                return self.positions[p]
            p = p[:-1]
        return self.positions.get((), (1, 1))


class LoadError(Exception):
    """A file that cannot be loaded; carries the one problem that stopped it."""

    def __init__(self, problem: Problem):
        super().__init__(problem.format())
        self.problem = problem


def _pos(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


def _fail(display: str, line: int, col: int, message: str, fix: str, code: str):
    raise LoadError(Problem(display, line, col, message, fix, "error", code))


def decode(raw: bytes, display: str) -> str:
    """Decode bytes as UTF-8 NFC text without tabs or control characters, or raise LoadError."""
    if not raw.strip():
        _fail(display, 1, 1, "the file is empty", "write an entry (`ygorules new KIND NAME` makes one) or delete the file", "empty-file")
    if b"\0" in raw[:8192]:
        _fail(display, 1, 1, "this is a binary file, not YAML text", "keep only UTF-8 YAML files in kb/", "binary-file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8")
        line, col = _pos(good, len(good))
        enc = "Latin-1 or Windows-1252" if raw[exc.start] >= 0x80 else "another encoding"
        _fail(display, line, col, f"byte 0x{raw[exc.start]:02x} is not UTF-8 (the file looks like {enc})",
              "save the file as UTF-8 in your editor (VS Code: 'Save with Encoding' → UTF-8)", "not-utf8")
    if text.startswith("\ufeff"):
        _fail(display, 1, 1, "the file starts with a byte order mark", "save it as UTF-8 without BOM", "bom")
    tab = text.find("\t")
    if tab >= 0:
        line, col = _pos(text, tab)
        _fail(display, line, col, "a tab character", "indent and separate with spaces only", "tab")
    bad = re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text)
    if bad:
        line, col = _pos(text, bad.start())
        _fail(display, line, col, f"control character U+{ord(bad.group()):04X}", "delete it", "control-char")
    if not unicodedata.is_normalized("NFC", text):
        for i, ch in enumerate(text):
            seg = text[max(0, i - 1): i + 2]
            if not unicodedata.is_normalized("NFC", ch) or not unicodedata.is_normalized("NFC", seg):
                line, col = _pos(text, i)
                _fail(display, line, col, "text is not in Unicode NFC form (a letter and its accent are stored apart)",
                      "run `ygorules fmt` on the file, or retype the accented letter", "not-nfc")
    return text


def _scalar(value: str, plain: bool, mark, display: str):
    if not plain:
        return value
    line, col = mark.line + 1, mark.column + 1
    if _YAML11_BOOL.match(value):
        _fail(display, line, col, f"'{value}' is a boolean in YAML 1.1 but a string in YAML 1.2",
              f"write true or false for a yes/no value, or quote it ('{value}') for text", "yaml11-bool")
    if _YAML11_NUMBER.match(value):
        _fail(display, line, col, f"'{value}' is read as a different number by different YAML versions",
              f"quote it ('{value}') if it is text, or write a plain decimal number", "ambiguous-number")
    if _NULL.match(value):
        return None
    if value in _BOOL:
        return _BOOL[value]
    if _INT.match(value):
        return int(value)
    if _FLOAT.match(value) or _SPECIAL_FLOAT.match(value):
        if _SPECIAL_FLOAT.match(value):
            _fail(display, line, col, f"'{value}' is not a usable number", "quote it if it is text", "special-float")
        if "e" in value or "E" in value or value.startswith(".") or value.endswith("."):
            _fail(display, line, col, f"'{value}' is read as a number by some YAML parsers and as text by others",
                  f"quote it ('{value}') if it is text, or write a plain decimal such as 1.5", "ambiguous-number")
        return float(value)
    if value.startswith("<<") and value.strip() == "<<":
        _fail(display, line, col, "merge keys (<<) are not allowed", "write the keys out in full", "merge-key")
    return value  # dates and everything else stay strings, as in YAML 1.2


class _Retry(Exception):
    """Raised by the fast parse at anything unusual: the tracking parse then says exactly what."""


_ScalarEvent, _MappingStart, _MappingEnd = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.MappingEndEvent
_SequenceStart, _SequenceEnd = yaml.SequenceStartEvent, yaml.SequenceEndEvent
_SKIP = (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)
_SPECIAL_WORDS = frozenset("y Y yes Yes YES n N no No NO on On ON off Off OFF true True TRUE false False FALSE null Null NULL".split())


class _Mark:
    line = column = 0


_NOMARK = _Mark()


def parse(text: str, display: str, path: Path | None = None, track: bool = False) -> Document:
    """Parse YAML text into plain data (dict, list, str, int, float, bool, None).

    The fast parse records no positions and hands anything unusual to the tracking parse
    (``track=True``), which records every position and reports the exact problem.
    """
    if not track:
        try:
            data = _parse_fast(text)
            return Document(path or Path(display), display, data, text=text)
        except (_Retry, LoadError, yaml.YAMLError, RecursionError):
            pass
    return _parse_tracking(text, display, path)


def _parse_fast(text: str):
    stack: list = []  # frames: [container, pending_key] ; pending_key is _NOKEY when a key is expected
    root = None
    depth_limit = MAX_DEPTH
    documents = 0
    loader = _Loader(text)
    try:
        return _events_to_data(loader, stack, root, depth_limit, documents)
    finally:
        loader.dispose()


def _events_to_data(loader, stack, root, depth_limit, documents):
    get_event = loader.get_event
    while True:
        ev = get_event()
        cls = ev.__class__
        if cls is _ScalarEvent:
            if ev.anchor is not None or ev.tag is not None:
                raise _Retry
            value = ev.value
            # a plain scalar that starts with a letter and is no special word is text in YAML 1.1 and 1.2
            # alike; anything else goes through _scalar()
            if ev.implicit[0] and not (value[:1].isalpha() and value not in _SPECIAL_WORDS):
                value = _scalar(value, True, _NOMARK, "")
            if stack:
                frame = stack[-1]
                container = frame[0]
                if container.__class__ is dict:
                    key = frame[1]
                    if key is _NOKEY:
                        if value.__class__ is not str or value in container:
                            raise _Retry
                        frame[1] = value
                    else:
                        container[key] = value
                        frame[1] = _NOKEY
                else:
                    container.append(value)
            else:
                root = value
        elif cls is _MappingStart or cls is _SequenceStart:
            if ev.anchor is not None or ev.tag is not None or len(stack) >= depth_limit:
                raise _Retry
            if stack and stack[-1][0].__class__ is dict and stack[-1][1] is _NOKEY:
                raise _Retry  # a complex key
            stack.append([{} if cls is _MappingStart else [], _NOKEY])
        elif cls is _MappingEnd or cls is _SequenceEnd:
            value = stack.pop()[0]
            if stack:
                frame = stack[-1]
                container = frame[0]
                if container.__class__ is dict:
                    container[frame[1]] = value
                    frame[1] = _NOKEY
                else:
                    container.append(value)
            else:
                root = value
        elif cls is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Retry
        elif cls is yaml.StreamEndEvent:
            return root
        elif cls in _SKIP:
            continue
        else:  # an alias
            raise _Retry


def _parse_tracking(text: str, display: str, path: Path | None) -> Document:
    doc = Document(path or Path(display), display, None, {}, {}, text)
    positions, key_positions = doc.positions, doc.key_positions
    stack: list = []  # frames: [container, path, pending_key, key_lines]
    root = None
    documents = 0
    try:
        for ev in yaml.parse(text, Loader=_Loader):
            kind = type(ev).__name__
            if kind in ("StreamStartEvent", "StreamEndEvent", "DocumentEndEvent"):
                continue
            mark = ev.start_mark
            line, col = mark.line + 1, mark.column + 1
            if kind == "DocumentStartEvent":
                documents += 1
                if documents > 1:
                    _fail(display, line, col, "a second YAML document (---) in the file", "keep one entry per file", "multi-document")
                continue
            if kind == "AliasEvent":
                _fail(display, line, col, f"an alias (*{ev.anchor})", "write the value out in full: anchors and aliases are not allowed", "alias")
            if getattr(ev, "anchor", None):
                _fail(display, line, col, f"an anchor (&{ev.anchor})", "remove it: anchors and aliases are not allowed", "anchor")
            if getattr(ev, "tag", None):
                _fail(display, line, col, f"a YAML tag ({ev.tag})", "remove the tag: values are plain text, numbers, true/false or null", "tag")
            if kind in ("MappingEndEvent", "SequenceEndEvent"):
                value, vpath = stack.pop()[:2]
                _attach(stack, value, vpath, display)
                if not stack:
                    root = value
                continue
            if stack and isinstance(stack[-1][0], dict) and stack[-1][2] is _NOKEY:
                # this node is a key
                if kind != "ScalarEvent":
                    _fail(display, line, col, "a key that is a list or mapping", "use a plain text key", "complex-key")
                key = _scalar(ev.value, ev.implicit[0], mark, display)
                if not isinstance(key, str):
                    _fail(display, line, col, f"the key {ev.value!r} is not text", "use a text key such as a field name", "non-string-key")
                frame = stack[-1]
                if key in frame[0] or key in frame[3]:
                    first = frame[3][key]
                    _fail(display, line, col, f"duplicate key '{key}' (first at line {first[0]})",
                          f"keep one '{key}': merge the two or delete one (lines {first[0]} and {line})", "duplicate-key")
                frame[3][key] = (line, col)
                frame[2] = key
                key_positions[frame[1] + (key,)] = (line, col)
                continue
            vpath = _child_path(stack)
            positions[vpath] = (line, col)
            if len(stack) >= MAX_DEPTH and kind != "ScalarEvent":
                _fail(display, line, col, f"nesting deeper than {MAX_DEPTH} levels", "flatten the entry: no kind of entry needs this depth", "too-deep")
            if kind == "ScalarEvent":
                value = _scalar(ev.value, ev.implicit[0], mark, display)
                _attach(stack, value, vpath, display)
                if not stack:
                    root = value
            elif kind == "MappingStartEvent":
                stack.append([{}, vpath, _NOKEY, {}])
            elif kind == "SequenceStartEvent":
                stack.append([[], vpath, None, None])
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        line, col = (m.line + 1, m.column + 1) if m else (1, 1)
        what = exc.problem or "invalid YAML"
        ctx = f" ({exc.context})" if exc.context else ""
        _fail(display, line, col, f"YAML syntax error: {what}{ctx}",
              "check the indentation and quoting on this line and the one before; quote text containing ': ' or starting with a special character", "yaml-syntax")
    except yaml.YAMLError as exc:  # pragma: no cover - libyaml reader errors without a mark
        _fail(display, 1, 1, f"YAML error: {exc}", "check the file's syntax", "yaml-syntax")
    except RecursionError:  # pragma: no cover - depth is limited above
        _fail(display, 1, 1, "the file nests too deeply", "flatten the entry", "too-deep")
    doc.data = root
    return doc


_NOKEY = object()


def _child_path(stack) -> tuple:
    if not stack:
        return ()
    container, cpath, key = stack[-1][:3]
    if isinstance(container, dict):
        return cpath + (key,)
    return cpath + (len(container),)


def _attach(stack, value, vpath, display):
    if not stack:
        return
    frame = stack[-1]
    if isinstance(frame[0], dict):
        frame[0][frame[2]] = value
        frame[2] = _NOKEY
    else:
        frame[0].append(value)


def load_file(path: Path, display: str | None = None) -> Document:
    """Read and parse one YAML file strictly, or raise LoadError with its one problem."""
    display = display or str(path)
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            _fail(display, 1, 1, f"the file is {size / 1e6:.1f} MB; the limit is {MAX_FILE_BYTES / 1e6:.0f} MB",
                  "split it into one entry per file; an entry is a few kilobytes", "too-large")
        raw = path.read_bytes()
    except OSError as exc:
        _fail(display, 1, 1, f"cannot read the file ({exc.strerror})", "check that it exists and is readable", "unreadable")
    return load_bytes(raw, display, path)


def load_bytes(raw: bytes, display: str, path: Path | None = None) -> Document:
    """Parse bytes that came from ``display`` strictly, or raise LoadError."""
    if len(raw) > MAX_FILE_BYTES:
        _fail(display, 1, 1, f"the input is {len(raw) / 1e6:.1f} MB; the limit is {MAX_FILE_BYTES / 1e6:.0f} MB",
              "split it into one entry per file", "too-large")
    return parse(decode(raw, display), display, path)
