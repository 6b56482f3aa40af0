"""The canonical form of kb/ files, written losslessly (or not at all).

Canonical form: keys in the order of ``properties`` in the kind's schema (unknown keys last, in
their order), languages in the order es, pt, it, en, Unicode NFC, 2-space indentation (list items
indented under their key), ``null`` written out, LF line ends, one final newline, and the
``# yaml-language-server: $schema=...`` modeline first. Quotes, flow style (``[a, b]``), block
scalars and comments are kept as written.

Lossless: the output is re-read with the strict loader and must give the same data as the input;
every comment of the input must still be in the output. Otherwise the file is left alone and
``FormatError`` says why.
"""
from __future__ import annotations

import io
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..core.loader import LoadError, decode, parse
from ..core.model import LANGS
from ..core.schema import KINDS, SCHEMA_DIR, resolve as _resolve, schema_for

_SCANNER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C scanner is much faster; marks carry the same index
MODELINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")


class FormatError(Exception):
    """A file that fmt leaves alone: why, as ``path:line:col: what → fix``."""


@dataclass
class Result:
    """What formatting one file gives: the new text and what changed."""

    path: Path
    original: str
    text: str
    changes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """Whether the canonical text differs from the file's bytes as read."""
        return self.text != self.original


def kind_of(path: Path, text: str = "") -> str:
    """The kind of a kb file from where it sits (``kb/<folder>/<id>.yaml``, ``kb/locales.yaml``),
    else from the schema its modeline names.

    >>> kind_of(Path("kb/cards/mirror-force.yaml"))
    'card'
    >>> kind_of(Path("kb/locales.yaml"))
    'locales'
    >>> kind_of(Path("elsewhere/a.yaml"), "# yaml-language-server: $schema=../schema/term.schema.json")
    'term'
    """
    if path.name == "locales.yaml":
        return "locales"
    kind = KINDS.get(path.parent.name)
    m = MODELINE.match(text.split("\n", 1)[0])
    if kind is None and m:
        named = m.group(1).rsplit("/", 1)[-1].removesuffix(".schema.json")
        if named in KINDS.values() or named == "locales":
            kind = named
    if kind is None:
        raise FormatError(f"{path}:1:1: cannot tell the kind of entry from the folder '{path.parent.name}' "
                          f"→ keep kb files in kb/<folder>/ (folders: {', '.join(KINDS)}) or kb/locales.yaml, "
                          "or start the file with its schema's modeline")
    return kind


def modeline(kind: str, path: Path | None = None) -> str:
    """The editor modeline for a file of ``kind``: relative to the project's schema/ when ``path`` is
    inside the project, else as from the usual place in kb/.

    >>> modeline("card")
    '# yaml-language-server: $schema=../../schema/card.schema.json'
    >>> modeline("card", SCHEMA_DIR.parent / "tests" / "fixtures" / "x-kb" / "cards" / "a.yaml")
    '# yaml-language-server: $schema=../../../../schema/card.schema.json'
    """
    rel = "../schema" if kind == "locales" else "../../schema"
    if path is not None:
        folder = Path(os.path.abspath(path)).parent
        if folder.is_relative_to(SCHEMA_DIR.parent):
            rel = Path(os.path.relpath(SCHEMA_DIR, folder)).as_posix()
    return f"# yaml-language-server: $schema={rel}/{kind}.schema.json"


# ---- the schema's key order -------------------------------------------------------------

def _branch(schema: dict, base: str, value) -> tuple[dict | None, str]:
    """The sub-schema that describes ``value``: the schema itself, or the anyOf/oneOf branch of its type."""
    schema, base = _resolve(schema, base)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            for option in schema[key]:
                opt, obase = _resolve(option, base)
                want = opt.get("type")
                if isinstance(value, dict) and (want == "object" or "properties" in opt):
                    return opt, obase
                if isinstance(value, list) and want == "array":
                    return opt, obase
            return None, base
    return schema, base


def _reorder(node, schema: dict | None, base: str, changes: set) -> None:
    """Put the keys of every mapping in ``node`` in schema order, recursively, in place."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if schema is not None:
        schema, base = _branch(schema, base, node)
    if isinstance(node, CommentedMap):
        props = (schema or {}).get("properties", {})
        order = list(props)
        if not order and node and set(node) <= set(LANGS):
            order = list(LANGS)
        known = [k for k in order if k in node]
        wanted = known + [k for k in node if k not in props]
        if list(node) != wanted:
            changes.add("language order" if set(node) <= set(LANGS) else "key order")
            for key in wanted:
                node.move_to_end(key)
        for key, value in node.items():
            sub = props.get(key)
            if sub is None and isinstance((schema or {}).get("additionalProperties"), dict):
                sub = schema["additionalProperties"]
            _reorder(value, sub, base, changes)
    elif isinstance(node, CommentedSeq):
        items = (schema or {}).get("items")
        for value in node:
            _reorder(value, items if isinstance(items, dict) else None, base, changes)


# ---- comments, found independently of ruamel.yaml ---------------------------------------

def comments(text: str) -> list[str]:
    """Every comment in YAML ``text`` (without '#', stripped), in file order.

    >>> comments("# head\\na: 1  # one\\nb: 'x # not a comment'\\n")
    ['head', 'one']
    """
    if "#" not in text:
        return []
    covered = bytearray(len(text) + 1)
    try:
        for token in yaml.scan(text, Loader=_SCANNER):
            if isinstance(token, yaml.ScalarToken):
                covered[token.start_mark.index:token.end_mark.index] = b"\1" * (token.end_mark.index - token.start_mark.index)
    except yaml.YAMLError:
        return []
    found = []
    for m in re.finditer(r"(?:^|(?<=[ \t]))#([^\n]*)", text, re.M):
        if not covered[m.start()]:
            found.append(m.group(1).strip())
    return found


# ---- formatting ----------------------------------------------------------------------------

def _yaml():
    from ruamel.yaml import YAML

    y = YAML(typ="rt")
    y.version = None
    y.preserve_quotes = True
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 100_000  # never re-wrap text
    y.representer.add_representer(type(None), lambda r, _d: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    return y


def format_text(original: str, path: Path, kind: str | None = None) -> Result:
    """The canonical form of one file's text, verified lossless, or raise FormatError."""
    kind = kind or kind_of(path, original)
    display = str(path)
    changes: set = set()
    text = original
    if text.startswith("\ufeff"):
        text = text[1:]
        changes.add("byte order mark removed")
    nfc = unicodedata.normalize("NFC", text)
    if nfc != text:
        text = nfc
        changes.add("Unicode NFC")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        changes.add("line ends")
    try:
        before = parse(decode(text.encode("utf-8"), display), display, path).data
    except LoadError as exc:
        p = exc.problem
        raise FormatError(f"{p.format()} (left alone: fix this first, then run `ygorules fmt` again)") from None
    if not isinstance(before, dict):
        raise FormatError(f"{display}:1:1: the file is not a mapping of keys → an entry is `key: value` lines (see `ygorules new`)")
    lines = text.split("\n")
    wanted_modeline = modeline(kind, path)
    first = lines[0] if lines else ""
    m = MODELINE.match(first)
    if m is None:
        text = wanted_modeline + "\n" + text
        changes.add("modeline added")
    elif not m.group(1).endswith(f"/{kind}.schema.json") and m.group(1) != f"{kind}.schema.json":
        text = wanted_modeline + "\n" + "\n".join(lines[1:])
        changes.add("modeline fixed")
    y = _yaml()
    try:
        doc = y.load(text)
    except Exception as exc:  # ruamel.yaml rejects what our loader accepted: leave the file alone
        raise FormatError(f"{display}:1:1: the YAML round-trip parser cannot read this file ({exc.__class__.__name__}) "
                          "→ simplify its layout (plain `key: value` lines) and try again") from None
    _reorder(doc, schema_for(kind), f"{kind}.schema.json", changes)
    buf = io.StringIO()
    y.dump(doc, buf)
    out = buf.getvalue().rstrip("\n") + "\n"
    if not out.startswith(wanted_modeline) and MODELINE.match(out.split("\n", 1)[0]) is None:
        raise FormatError(f"{display}:1:1: the modeline would not stay on the first line → move other comments below it")
    try:
        after = parse(out, display, path).data
    except LoadError as exc:
        raise FormatError(f"{display}:1:1: the formatted text would not load ({exc.problem.message}); the file is left alone "
                          "→ report this as a bug in `ygorules fmt` with the file attached") from None
    if _typed(after) != _typed(before):
        raise FormatError(f"{display}:1:1: formatting would change the data (first difference at {_first_difference(_typed(before), _typed(after))}); "
                          "the file is left alone → report this as a bug in `ygorules fmt` with the file attached")
    lost = _missing(comments(text), comments(out))
    if lost:
        raise FormatError(f"{display}:1:1: formatting would lose the comment '# {lost[0]}'; the file is left alone "
                          "→ move the note into a field (kb files keep notes in fields, not comments)")
    if not original.endswith("\n") or original.endswith("\n\n"):
        changes.add("final newline")
    if out.rstrip("\n") != text.rstrip("\n") and not changes & {"key order", "language order"}:
        changes.add("layout")
    return Result(path, original, out, sorted(changes))


def _typed(data):
    """Data with every scalar tagged by its type, so that 1, 1.0 and true compare unequal."""
    if isinstance(data, dict):
        return {k: _typed(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_typed(v) for v in data]
    return (type(data).__name__, data)


def _missing(before: list[str], after: list[str]) -> list[str]:
    rest = list(after)
    lost = []
    for c in before:
        if c in rest:
            rest.remove(c)
        elif not MODELINE.match(f"# {c}"):
            lost.append(c)
    return lost


def _first_difference(a, b, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b or a[key] != b[key]:
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}.{i}")
        if len(a) != len(b):
            return f"{path} (length)"
    return path or "(the entry)"


def format_file(path: Path) -> Result:
    """Read one file and return its canonical form (FormatError when it must be left alone)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FormatError(f"{path}:1:1: cannot read the file ({exc.strerror}) → check that it exists") from None
    try:
        original = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError(f"{path}:1:1: the file is not UTF-8 → save it as UTF-8 in your editor, then run `ygorules fmt` again") from None
    return format_text(original, path)


class CanonicalCache:
    """Content hashes of files already found canonical, so that re-running fmt skips them.

    A file is skipped only when its exact bytes, the modeline its place calls for, and the
    code and schemas that define the canonical form are all unchanged. Stored next to the
    check cache (:mod:`ygorules.core.cache`); a cache that cannot be read, is not safe to read,
    or cannot be written is ignored.
    """

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.known: set = set()
        self.added: set = set()
        if not enabled:
            return
        from ..core.cache import read_blob

        self.tool = self.fingerprint()
        raw = read_blob("fmt", self.tool)
        try:
            self.known = set(raw.decode("ascii").split()) if raw is not None else set()
        except UnicodeDecodeError:
            self.known = set()

    @staticmethod
    def fingerprint() -> str:
        """A hash of what the canonical form depends on: this module, the loader, the schemas, ruamel.yaml."""
        import ruamel.yaml

        from ..core.cache import digest_files, schema_files

        here = Path(__file__).parent
        return digest_files([here / "fmt.py", here.parent / "core" / "loader.py", *schema_files()], ruamel.yaml.__version__)

    def key(self, path: Path) -> str | None:
        """The cache key of a file as it is now, or None when it cannot be read."""
        import hashlib

        try:
            raw = path.read_bytes()
            kind = kind_of(path, raw[:300].decode("utf-8", "replace"))
        except (OSError, FormatError):
            return None
        return hashlib.blake2b(raw + b"\0" + modeline(kind, path).encode(), digest_size=16).hexdigest()

    def save(self) -> None:
        """Remember the files found canonical in this run."""
        if not self.enabled or not self.added:
            return
        from ..core.cache import write_blob

        write_blob("fmt", self.tool, ("\n".join(sorted(self.known | self.added)) + "\n").encode("ascii"))


def check_one(path: Path) -> tuple[Path, "Result | None", str | None]:
    """Format one file in memory: (path, result, None) or (path, None, why it is left alone)."""
    try:
        return path, format_file(path), None
    except FormatError as exc:
        return path, None, str(exc)


def format_many(paths: list[Path]):
    """check_one() for every path, in order; in parallel processes when there are many files."""
    if len(paths) < 16 or (os.cpu_count() or 1) < 2:
        yield from map(check_one, paths)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:
        yield from pool.map(check_one, paths, chunksize=8)


def files_under(paths: list[Path]) -> list[Path]:
    """Every .yaml file named or found (recursively, by the kb walker: hidden names skipped) under the folders named, sorted, once each."""
    from ..core.walk import yaml_files

    out = []
    for p in paths:
        if p.is_dir():
            out.extend(map(Path, yaml_files(p)))
        else:
            out.append(p)
    seen, unique = set(), []
    for f in out:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique
