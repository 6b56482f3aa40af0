"""The name index: every name in the KB and the imported card pool, folded for exact and fuzzy lookup.

Two parts make an index: the KB part (official card names, other spellings, term names and
variants, titles of the phase, steps and substeps) and the table part (the imported card pool,
see ``nametable``). Each part is cached through ``core.cache`` (its folder, ownership checks and atomic
writes: ``$YGORULES_CACHE``, else ``$XDG_CACHE_HOME/ygorules``, i.e. ``~/.cache/ygorules``) as one
file of columns (``Columns``: a header, then each column, read on first use), keyed on the size, mtime
and inode of its source files and on the tool version and the code that builds it, so a warm ``lookup``
reads neither YAML nor JSON Schema, and an exact one reads only the few columns it needs. A cache file
that another user owns or may write (or whose folder they may write) is never loaded.

Folding (``fold``/``normalize``) ignores case, accents, punctuation, spacing and typographic
variants: "hada de la inyeccion lily" and "Hada de la Inyección Lily" are the same key.
"""
from __future__ import annotations

import gc
import marshal
import os
import re
import sys
import unicodedata
from array import array
from collections import Counter
from bisect import bisect_left
from itertools import product

from ..core.fold import TOKEN, fold, fold_word, normalize, sep_class, tkey, tkeys_of  # noqa: F401 (also re-exported)
from ..core.locales import LANGS

INDEX_VERSION = 19  # bump when the cached structures change


# ── the index ─────────────────────────────────────────────────────────────────

class Record:
    """A record with slots, compared and shown by its fields as a dataclass is (``dataclasses`` is not imported: with
    inspect, ast and dis it would cost a cold ``lookup`` several milliseconds)."""

    __slots__ = ()
    __hash__ = None  # compared by value and mutable: not hashable, as a dataclass with eq

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return all(getattr(self, f) == getattr(other, f) for f in self.__slots__)
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self.__slots__)})"


class Named(Record):
    """Something the index can find: a card, term, phase, step or substep.

    ``names``: lang → official name (or title) or None; ``origin``: "kb" or "table"; ``concept``: for a step or
    substep, the term that names it (the same thing, not a rival match); ``prominence``: printings (distinct
    English set numbers), what players most likely mean among equals.
    """

    __slots__ = ("id", "kind", "names", "origin", "passcodes", "card_type", "concept", "prominence")

    def __init__(self, id: str, kind: str, names: dict, origin: str, passcodes: tuple = (), card_type: str | None = None,
                 concept: str | None = None, prominence: int = 0):
        self.id, self.kind, self.names, self.origin = id, kind, names, origin
        self.passcodes, self.card_type, self.concept, self.prominence = passcodes, card_type, concept, prominence

    @property
    def passcode(self) -> str | None:
        """The first passcode, if any."""
        return self.passcodes[0] if self.passcodes else None

    def name(self, lang: str) -> str | None:
        """The name to write in ``lang``: official there, else the English official name, else None."""
        return self.names.get(lang) or self.names.get("en")


class Form(Record):
    """One written form of a name: its text, language, variant (official, a spelling kind…) and entry; ``yields``:
    another card's spelling says writers who use this text mean that card."""

    __slots__ = ("text", "lang", "variant", "entry", "source", "yields")

    def __init__(self, text: str, lang: str, variant: str, entry: Named, source: str | None = None, yields: bool = False):
        self.text, self.lang, self.variant, self.entry, self.source, self.yields = text, lang, variant, entry, source, yields


class Match(Record):
    """A lookup result: the entry, how well it matched (0-100) and the form that matched."""

    __slots__ = ("entry", "score", "form", "exact")

    def __init__(self, entry: Named, score: float, form: Form, exact: bool = False):
        self.entry, self.score, self.form, self.exact = entry, score, form, exact

    def as_dict(self) -> dict:
        """The JSON shape fixed by DESIGN.md (plus origin, passcodes, card_type)."""
        e = self.entry
        out = {"id": e.id, "kind": e.kind, "score": round(self.score, 1),
               "matched": {"text": self.form.text, "lang": self.form.lang, "variant": self.form.variant},
               "names": {l: e.names.get(l) for l in LANGS}, "origin": e.origin, "prominence": e.prominence}
        if e.passcodes:
            out["passcodes"] = list(e.passcodes)
        if e.card_type:
            out["card_type"] = e.card_type
        return out


VARIANT_RANK = {"official": 0, "title": 1, "official-current": 1, "accentless": 2, "variant": 2, "english-name": 2,
                "no-article": 2, "official-older": 3, "old-official": 3, "official-probable": 3, "video-game": 4,
                "nickname": 5, "abbreviation": 5, "anime-name": 5, "old-name": 5, "fan-translation": 5, "misspelling": 5,
                "short-form": 6, "series-member": 6}


def form_rank(f: Form) -> tuple:
    """Sort key: KB before table, a form that yields to another card's spelling last among equals (see
    ``collides_with``), official before other spellings, cards before terms before moments."""
    return (f.entry.origin != "kb", f.yields, VARIANT_RANK.get(f.variant, 5), {"card": 0, "term": 1}.get(f.entry.kind, 2))


def _ints(values) -> bytes:
    return array("i", values).tobytes()


def _strings(data: dict, name: str, values) -> None:
    """Store a string column as one newline-joined text (``name``) and the start of each item (``name@``)."""
    values = [(v or "").replace("\n", " ") for v in values]
    pos, at = [], 0
    for v in values:
        pos.append(at)
        at += len(v) + 1
    pos.append(at)
    data[name], data[name + "@"] = "\n".join(values), _ints(pos)


def _codes(data: dict, name: str, values) -> None:
    """Store a column of few distinct strings as their list (``name#``) and one byte per item (``name``)."""
    values = [v or "" for v in values]
    vocab = sorted(set(values) | {""})
    if len(vocab) > 255:
        _strings(data, name, values)
        return
    code = {v: i for i, v in enumerate(vocab)}
    data[name + "#"], data[name] = vocab, bytes(code[v] for v in values)


def _csr(data: dict, prefix: str, mapping: dict, vals_name: str = "") -> None:
    """Store a dict str → list[int] as sorted keys, offsets and values: compact, and read without parsing."""
    keys = sorted(mapping)
    off, vals = [0], []
    for k in keys:
        vals.extend(mapping[k])
        off.append(len(vals))
    _strings(data, f"{prefix}_keys", keys)
    data[f"{prefix}_off"], data[vals_name or f"{prefix}_vals"] = _ints(off), _ints(vals)


class Strs:
    """A read-only sequence of the strings of a column, sliced out of its text on demand (bisect works on it)."""

    __slots__ = ("text", "pos")

    def __init__(self, text: str, pos: array):
        self.text, self.pos = text, pos

    def __len__(self) -> int:
        return len(self.pos) - 1

    def __getitem__(self, i: int) -> str:
        return self.text[self.pos[i]:self.pos[i + 1] - 1]

    def find(self, key: str) -> int:
        """The index of ``key`` in the (sorted) column, else -1."""
        i = bisect_left(self, key)
        return i if i < len(self.pos) - 1 and self[i] == key else -1


class RawStrs:
    """``Strs`` over a column still in its UTF-8 bytes as the cache file stores it (``Columns``): an item is decoded
    when it is asked for, so opening a column of 15,000 names costs one read and no decoding; ``find`` bisects the
    bytes themselves (UTF-8 keeps the order of the code points)."""

    __slots__ = ("raw", "pos", "columns", "name")

    def __init__(self, raw: bytes, pos: array, columns: "Columns", name: str):
        self.raw, self.pos, self.columns, self.name = raw, pos, columns, name

    def __len__(self) -> int:
        return len(self.pos) - 1

    def __getitem__(self, i: int) -> str:
        try:
            return self.raw[self.pos[i]:self.pos[i + 1] - 1].decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:  # a damaged file: the part is built again, and the item read from the new columns
            return self.columns.repair_text(self.name)[i]

    def find(self, key: str) -> int:
        """The index of ``key`` in the (sorted) column, else -1 (compared as bytes: nothing is decoded)."""
        k = key.encode("utf-8", "surrogatepass")
        raw, pos = self.raw, self.pos
        lo, hi = 0, len(pos) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if raw[pos[mid]:pos[mid + 1] - 1] < k:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < len(pos) - 1 and raw[pos[lo]:pos[lo + 1] - 1] == k else -1


def _find(keys, key: str) -> int:
    """The index of ``key`` in a sorted column (``Strs``, ``RawStrs`` or a list), else -1."""
    if type(keys) is list:
        i = bisect_left(keys, key)
        return i if i < len(keys) and keys[i] == key else -1
    return keys.find(key)


class Lists:
    """A read-only mapping str → ints stored as sorted keys, offsets and values (``_csr``, made by ``pack``): opened
    without parsing anything, looked up by bisection (``get``), or read whole (``items``)."""

    __slots__ = ("data", "keys", "off", "vals")

    def __init__(self, data: dict):
        self.data = data
        self.keys = Strs(data["m_keys"], _array(data["m_keys@"]))
        self.off, self.vals = _array(data["m_off"]), _array(data["m_vals"])

    @staticmethod
    def pack(mapping: dict) -> dict:
        """The stored form of a dict str → list of ints."""
        data: dict = {}
        _csr(data, "m", mapping)
        return data

    def get(self, key: str, default=()):
        """The ints of ``key`` (an array), else ``default``."""
        keys = self.keys
        i = bisect_left(keys, key)
        if i < len(keys) and keys[i] == key:
            return self.vals[self.off[i]:self.off[i + 1]]
        return default

    def items(self):
        """(key, ints) of every key, in sorted order."""
        off, vals = self.off, self.vals
        keys = self.data["m_keys"].split("\n") if len(self.keys) else []
        return [(k, vals[off[n]:off[n + 1]]) for n, k in enumerate(keys)]


def _array(raw: bytes) -> array:
    out = array("i")
    out.frombytes(raw)
    return out


class Part:
    """One cached part of the index (the KB or the table), stored as columns that are split on first use."""

    def __init__(self, data, cache: tuple | None = None):
        self.data = data  # a dict (a part just built) or ``Columns`` (read from the cache file on first use)
        self.cache = cache  # (kind, source) of the cache file ``data`` is read from; None: built in this process
        self.origin = data["origin"]
        self.problems = data.get("problems", 0)
        self.hidden: set = set()  # entry indexes another part wins over
        self.lender = None  # the KB part, whose cards take this part's derived forms of the entries it hides (``LENT``)
        self._owners: dict = {}
        self.prom_override: dict = {}  # entry index → printings taken from another part
        self.prom_from = None  # the part whose cards with the same passcodes give this part's printings
        self._cols: dict = {}
        self._entries: dict = {}
        self._forms: dict = {}
        self._tdict = None
        self._derived: dict = {}
        self._coded: dict = {}
        self.cached = False  # set by ``_open_part``: the part is kept in the cache, and so are its derived tables

    def _raw(self, name: str):
        return self.data[name]

    def col(self, name: str):
        """A string column (items are sliced out, or decoded, on access: nothing is parsed up front)."""
        out = self._cols.get(name)
        if out is None:
            data = self.data
            raw = data.text_bytes(name) if type(data) is Columns else None
            if raw is not None:
                out = RawStrs(raw, self.ints(name + "@b" if name + "@b" in data else name + "@"), data, name)
            else:
                out = Strs(self._raw(name), self.ints(name + "@"))
            self._cols[name] = out
        return out

    def key_length(self):
        """A function: lookup key index → its length."""
        if "k_len" not in self._cols:
            pos = self.ints("k_keys@")
            self._cols["k_len"] = [pos[i + 1] - pos[i] for i in range(len(pos) - 1)]
        return self._cols["k_len"].__getitem__

    def materialize(self, *columns: str) -> None:
        """Turn string columns into lists: slower to open, faster to search (for many queries in one process)."""
        for name in columns:
            self._cols[name] = self.strings(name)

    def code(self, name: str, i: int) -> str | None:
        """Item ``i`` of a column of codes (or of strings, when it had too many distinct values); None for empty."""
        got = self._coded.get(name)
        if got is None:
            got = self._coded[name] = self._coder(name)
        raw, vocab = got
        return vocab[raw[i]] if vocab is not None else raw[i] or None

    def _coder(self, name: str) -> tuple:
        """(the codes, their values with None for empty) of a column of codes; (its strings, None) for one of strings."""
        if name + "#" in self.data or name + "@" not in self.data:
            raw = self._raw(name)
            if isinstance(raw, bytes):
                return raw, [v or None for v in self.data[name + "#"]]
        return self.col(name), None

    def codes(self, name: str) -> list:
        """Every item of a column of codes (or of strings), as ``code`` gives it (None for empty): for passes over every item."""
        raw = self._raw(name)
        if name + "#" in self.data and isinstance(raw, bytes):
            vocab = [v or None for v in self.data[name + "#"]]
            return [vocab[b] for b in raw]
        return [v or None for v in self.strings(name)]

    def derived(self, kind: str, stamp: str, build, lists: tuple = ()) -> dict:
        """A table made from this part alone by ``build(part)`` (a dict of marshal's types; its items named in ``lists``
        dicts str → list of ints, kept and given as ``Lists``), once per process; for a part kept in the cache
        (``cached``), kept beside it, under its signature and ``stamp`` (the version and code of what builds it): a table
        whose part or code changed is never read, and one that cannot be read is built again."""
        got = self._derived.get(kind)
        if got is not None and got[0] == stamp:
            return got[1]
        key = f"{kind};{stamp};{self.data.get('signature', '')}"
        table = None
        if self.cached:
            from ..core.cache import read_blob
            raw = read_blob("derived", key, ".marshal")
            if raw is not None:
                enabled = gc.isenabled()
                gc.disable()  # (marshal builds many containers: the cyclic collector would only slow it down)
                try:
                    stored = marshal.loads(raw)
                except (EOFError, ValueError, TypeError):
                    stored = None
                finally:
                    if enabled:
                        gc.enable()
                if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key and isinstance(stored[1], dict):
                    table = stored[1]
        if table is None:
            table = build(self)
            for name in lists:
                table[name] = Lists.pack(table[name])
            if self.cached:
                from ..core.cache import write_blob
                write_blob("derived", key, marshal.dumps((key, table)), ".marshal")
        table = {**table, **{name: Lists(table[name]) for name in lists}}
        self._derived[kind] = (stamp, table)
        return table

    def derived_lists(self, kind: str, stamp: str, build) -> "Lists":
        """``derived`` for a table that is one dict str → list of ints (``build(part)``), as ``Lists``: a large one opens
        at once and is read only where asked."""
        return self.derived(kind, stamp, lambda p: {"m": build(p)}, ("m",))["m"]

    def strings(self, name: str) -> list:
        """A string column as a list (split once; for passes over every item)."""
        key = name + "[]"
        out = self._cols.get(key)
        if out is None:
            raw = self._raw(name)
            out = self._cols[key] = raw.split("\n") if len(self.col(name)) else []
        return out

    def ints(self, name: str) -> array:
        """An integer column."""
        out = self._cols.get(name)
        if out is None:
            out = self._cols[name] = array("i")
            out.frombytes(self._raw(name))
        return out

    def __len__(self) -> int:
        return self.data["count"]

    def entry(self, i: int) -> Named:
        """Entry ``i`` (built once)."""
        e = self._entries.get(i)
        if e is None:
            pc = self.col("e_passcodes")[i]
            e = self._entries[i] = Named(self.col("e_id")[i], self.code("e_kind", i),
                                         {l: self.col("e_" + l)[i] or None for l in LANGS}, self.origin,
                                         tuple(pc.split(",")) if pc else (), self.code("e_type", i),
                                         self.code("e_concept", i), self.prom_of(i))
        return e

    def prom_of(self, i: int) -> int:
        """Entry ``i``'s printings (for a KB card: those of the imported card with its passcode)."""
        if i in self.prom_override:
            return self.prom_override[i]
        if self.prom_from is not None:
            pcs = self.col("e_passcodes")[i]
            p = self.prom_from
            hit = [j for pc in pcs.split(",") if pc for j in p._range("p_keys", "p_off", "p_vals", pc)]
            out = self.prom_override[i] = max((p.prom_of(j) for j in hit), default=0)
            return out
        return self.ints("e_prom")[i] if "e_prom" in self.data else 0

    def form(self, fi: int) -> Form:
        """Form ``fi`` (built once)."""
        f = self._forms.get(fi)
        if f is None:
            ei = self.ints("f_entry")[fi]
            e = self.entry(ei)
            lang, variant = self.code("f_lang", fi), self.code("f_variant", fi)
            # an official name is stored once, in its entry; the form's own text is empty then
            text = self.col("f_text")[fi] or e.names[lang]
            if self.lender is not None and variant in LENT and ei in self.hidden:
                e = self._kb_owner(fi) or e  # a short form the table derived for a card the KB holds: the KB card's
            f = self._forms[fi] = Form(text, lang, variant, e, self.code("f_source", fi), self.code("f_yields", fi) == "1")
        return f

    def names_by_variant(self, variant: str) -> dict:
        """entry index → {lang: text} of its forms of ``variant`` in the languages where the entry has no official
        name (the first such form per language, in LANGS order): ``NameIndex.game_names`` for every entry, in one pass."""
        out: dict = {}
        owner = self.ints("f_entry")
        for fi in range(len(owner)):
            if self.code("f_variant", fi) == variant:
                f = self.form(fi)
                if not f.entry.names.get(f.lang):
                    out.setdefault(owner[fi], {}).setdefault(f.lang, f.text)
        return {i: {l: got[l] for l in LANGS if l in got} for i, got in out.items()}

    def visible(self, fi: int) -> bool:
        """False when the form's entry is hidden by a KB entry, unless the form is one the table derives from the whole
        pool (``LENT``): it is then the KB card's (``form``)."""
        return not self.hidden or self.ints("f_entry")[fi] not in self.hidden or (
            self.lender is not None and self.code("f_variant", fi) in LENT and self._kb_owner(fi) is not None)

    def _kb_owner(self, fi: int):
        """The KB card that holds the passcode of form ``fi``'s hidden entry (``lender``, the KB part), or None."""
        i = self.ints("f_entry")[fi]
        got = self._owners.get(i, False)
        if got is False:
            kb, pcs = self.lender, self.col("e_passcodes")[i]
            hit = next((j for pc in pcs.split(",") if pc for j in kb._range("p_keys", "p_off", "p_vals", pc)), None)
            got = self._owners[i] = None if hit is None else kb.entry(hit)
        return got

    def _range(self, keys_col: str, off_col: str, vals_col: str, key: str) -> list[int]:
        i = _find(self.col(keys_col), key)
        if i >= 0:
            off = self.ints(off_col)
            return list(self.ints(vals_col)[off[i]:off[i + 1]])
        return []

    def key_forms(self, key: str) -> list[int]:
        """Indexes of the forms whose lookup key is ``key``."""
        return self._range("k_keys", "k_off", "k_forms", key)

    def tkey_forms(self, tk: str) -> list[int] | None:
        """Indexes of the forms whose translate key is ``tk`` (None when there are none)."""
        if self._tdict is None:
            keys = self.strings("t_keys")
            self._tdict = dict(zip(keys, range(len(keys))))
        i = self._tdict.get(tk)
        if i is None:
            return None
        off = self.ints("t_off")
        return list(self.ints("t_forms")[off[i]:off[i + 1]])


    @staticmethod
    def build(origin: str, signature: str, named: list, problems: int = 0, namesakes=()) -> dict:
        """The cacheable columns of a part from (Named, [(text, lang, variant, source)...]) pairs; ``namesakes``: the
        passcodes of the cards named as a product is (``namesakes``)."""
        e_cols = {c: [] for c in ("e_id", "e_kind", "e_es", "e_pt", "e_it", "e_en", "e_passcodes", "e_type", "e_concept")}
        e_prom = []
        f_cols = {c: [] for c in ("f_text", "f_lang", "f_variant", "f_source", "f_yields")}
        f_entry, keys, tkeys, prefixes, tlangs = [], {}, {}, {}, {}
        for e, fs in named:
            idx = len(e_cols["e_id"])
            for c, v in (("e_id", e.id), ("e_kind", e.kind), ("e_passcodes", ",".join(e.passcodes)), ("e_type", e.card_type),
                         ("e_concept", e.concept)):
                e_cols[c].append(v)
            e_prom.append(e.prominence or 0)
            for l in LANGS:
                e_cols["e_" + l].append(e.names.get(l))
            seen = set()
            for text, lang, variant, src, *rest in fs:
                text = " ".join(text.split("\n")) if text else text
                if not text or (text, lang) in seen:
                    continue
                seen.add((text, lang))
                key = normalize(text)
                if not key:
                    continue
                fi = len(f_entry)
                f_entry.append(idx)
                stored = "" if text == e.names.get(lang) else text
                for c, v in (("f_text", stored), ("f_lang", lang), ("f_variant", variant), ("f_source", src),
                             ("f_yields", "1" if rest and rest[0] else "")):
                    f_cols[c].append(v)
                if variant != "series-member":  # a form read only in text that names its series: never a lookup's match
                    keys.setdefault(key, []).append(fi)
                tks = tkeys_of(text)
                tkeys.setdefault(tks[-1], []).append(fi)
                tlangs[tks[-1]] = tlangs.get(tks[-1], 0) | (1 << LANGS.index(lang))
                prefixes.setdefault(lang, set()).update(tks[:-1])
        words: dict = {}
        klist = sorted(keys)
        for ki, k in enumerate(klist):
            for w in set(k.split()):
                words.setdefault(w, []).append(ki)
        dels: dict = {}
        wlist = sorted(words)
        for wi, w in enumerate(wlist):
            if len(w) >= 4:
                for d in _deletes(w):
                    dels.setdefault(d, []).append(wi)
        data = {"version": INDEX_VERSION, "origin": origin, "signature": signature, "problems": problems,
                "count": len(e_cols["e_id"]), "f_entry": _ints(f_entry), "e_prom": _ints(e_prom)}
        _strings(data, "namesakes", sorted(namesakes))
        for c, v in {**e_cols, **f_cols}.items():
            (_codes if c in ("e_kind", "e_type", "e_concept", "f_lang", "f_variant", "f_source", "f_yields") else _strings)(data, c, v)
        passcodes: dict = {}
        for i, pcs in enumerate(e_cols["e_passcodes"]):
            for pc in pcs.split(",") if pcs else ():
                passcodes.setdefault(pc, []).append(i)
        for prefix, mapping, vals in (("k", keys, "k_forms"), ("t", tkeys, "t_forms"), ("w", words, ""), ("d", dels, ""),
                                      ("p", passcodes, "")):
            _csr(data, prefix, mapping, vals)
        data["t_langs"] = bytes(tlangs[k] for k in sorted(tkeys))  # the languages of each translate key, as bits
        for lang in LANGS:  # the first words of the names of each language: worth reading on in a text
            _strings(data, f"t_pre_{lang}", sorted(prefixes.get(lang, set())))
        # how common each word of a name is in ordinary language (wordfreq's Zipf scale × 10, per language)
        zmask: dict = {}  # word → the languages of the translate keys it is a word of, as bits (a translator's typo vocabulary)
        for k in tkeys:
            for w in TOKEN.findall(k):
                zmask[w] = zmask.get(w, 0) | tlangs[k]
        zwords = sorted(zmask)
        _strings(data, "z_words", zwords)
        data["z_mask"] = bytes(zmask[w] for w in zwords)
        spelled: dict = {}  # folded word → its accented spellings
        for e, fs in named:
            for text, *_ in fs:
                for w in TOKEN.findall(text or ""):
                    lw = w.lower()
                    if not lw.isascii():
                        spelled.setdefault(fold_word(w), set()).add(unicodedata.normalize("NFC", lw))
        from .mentions import KNOWN_WORDS, common_words, zipf_table
        if origin == "kb":  # once per index (the KB part is always there)
            # (words of the Latin script only, "ð" too: one word in Greek letters or one emoji would make each stored
            # string four bytes a character in memory, about 9 MB more a process)
            def latin(ws):
                return {w for w in map(fold_word, ws) if w and max(map(ord, w)) < 256}
            everyday = latin(common_words())
            data["z_common"] = "\n".join(sorted(everyday))
            data["z_known"] = "\n".join(sorted(latin(common_words(KNOWN_WORDS)) - everyday))
        for lang, col in zipf_table(zwords, spelled).items():
            data[f"z_{lang}"] = col
        return data


def _deletes(word: str) -> set:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


TIE_MARGIN = 1.0
"""Matches of the same kind (exact or fuzzy, KB or table) within this many points of the best one tie with it."""
KB_BONUS = 5.0
"""Fuzzy scores of KB entries get this many points more than imported ones: the KB wins close calls (a KB name with
fewer words than the query, which a word of the query is missing from, makes no close call: "Control Ataque" is no
more the term ATK, "Ataque", than the card Control de Ataque; ``_content_words``)."""
FUZZY_CUTOFF = 60.0
MAX_CANDIDATES = 250
MAX_QUERY_CHARS = 300
"""Longest query lookup accepts; fuzzy matching costs time in proportion to the query's length."""
SHORTLIST = 40
KEEP = 12
COMMON_WORD = 1500  # a word in more keys than this only narrows the search when it is all the query has


def _content_words(key: str) -> int:
    """How many words of a folded key are no article, preposition or conjunction (``fanmatch.STOP``).

    >>> _content_words("control de ataque"), _content_words("ataque")
    (2, 1)
    """
    from .fanmatch import STOP  # (imported on a query's first fuzzy search, as lookup's other steps import it)
    return sum(w not in STOP for w in key.split())


def score(query: str, key: str) -> float:
    """How well a folded key fits a folded query (0-100): typos, reordered, dropped or extra words, partial names.

    >>> score("force mirror", "mirror force") > score("force mirror", "dark mirror force")
    True
    >>> score("hada inyeccion lily", "hada de la inyeccion lily") > score("hada inyeccion lily", "lily")
    True
    """
    return scores(query, [key])[0]


def scores(query: str, keys: list) -> list[float]:
    """``score`` of many keys at once (each rapidfuzz measure runs once over all keys, in C)."""
    n = len(keys)
    if not n:
        return []  # (before the import: an exact lookup whose KB search finds no key to score never loads rapidfuzz)
    from rapidfuzz import fuzz, process

    def measure(scorer):
        out = [0.0] * n
        for _, s, i in process.extract(query, keys, scorer=scorer, limit=None):
            out[i] = s
        return out

    ratio, tsort, tset, part = (measure(s) for s in (fuzz.ratio, fuzz.token_sort_ratio, fuzz.token_set_ratio, fuzz.partial_ratio))
    lq = len(query)
    out = []
    for i, k in enumerate(keys):
        lk = len(k)
        short = min(lq, lk) / max(lq, lk, 1)
        best = max(ratio[i], tsort[i] * 0.98)  # typos; reordered words
        if best < 95:  # dropped or extra words: the fewer, the better
            best = max(best, tset[i] * (0.95 - 0.05 * (1 - short)))
        if best < 85 and 4 <= lq < lk:  # a misspelt part of a longer name
            best = max(best, part[i] * (0.85 - 0.05 * (1 - short)))
        out.append(best)
    return out


LENT = frozenset({"short-form", "series-member"})
"""The forms a table part derives from the whole pool (a card's short form, the rest of its name without its series):
for a card the KB holds, the KB card's forms (the KB's own forms come from the KB alone)."""


class Hidden:
    """The entries of a table part that a KB card holds (one of their passcodes is a KB card's), as a set asked with
    ``in``: an entry's passcodes are read when it is asked about, so a lookup that meets a few imported entries does not
    look up every KB passcode in the part; once ``FULL_AFTER`` entries were asked, the whole set is made and becomes the
    part's ``hidden`` (a set of ints: ``in`` in C for the many asks of ``translate`` or a batch)."""

    __slots__ = ("part", "passcodes", "asked", "full")
    FULL_AFTER = 256

    def __init__(self, part: "Part", passcodes: set):
        self.part, self.passcodes = part, passcodes
        self.asked: dict = {}
        self.full: set | None = None

    def __bool__(self) -> bool:
        return bool(self.passcodes)

    def __contains__(self, i) -> bool:
        full = self.full
        if full is not None:
            return i in full
        got = self.asked.get(i)
        if got is None:
            if len(self.asked) >= self.FULL_AFTER:
                return i in self.whole()
            pcs = self.part.col("e_passcodes")[i]
            got = self.asked[i] = bool(pcs) and not self.passcodes.isdisjoint(pcs.split(","))
        return got

    def whole(self) -> set:
        """Every hidden entry (and, from now on, the part's ``hidden``: later asks are a set's, in C)."""
        if self.full is None:
            p = self.part
            self.full = {i for pc in self.passcodes for i in p._range("p_keys", "p_off", "p_vals", pc)}
            if p.hidden is self:
                p.hidden = self.full
        return self.full


class NameIndex:
    """The KB part and the table part, queried together; KB entries win over imported ones."""

    def __init__(self, parts: list[Part]):
        self.parts = parts
        kb_passcodes = {pc for p in parts if p.origin == "kb" for pcs in p.strings("e_passcodes") if pcs for pc in pcs.split(",")}
        for p in parts:
            if p.origin == "table" and kb_passcodes:
                # an imported card that the KB also holds is hidden: the KB entry wins
                p.hidden = Hidden(p, kb_passcodes)
                p.lender = next(k for k in parts if k.origin == "kb")
                for k in parts:  # a KB card is as prominent as the imported card with its passcode (asked when needed)
                    if k.origin == "kb":
                        k.prom_from = p
        self.problems = sum(p.problems for p in parts)
        self._namesakes = None  # the passcodes of the cards named as a product is (``namesake``), read when first asked
        self._everyday = None  # the four languages' everyday words (``everyday_words``), read on a text's first stem

    def everyday_words(self):
        """The four languages' everyday words (``z_common``, stored in one of the parts), read once."""
        if self._everyday is None:
            from .mentions import _stored_words
            self._everyday = _stored_words(self.parts, "z_common")
        return self._everyday

    def namesake(self, passcodes) -> bool:
        """Whether a card of these passcodes has the name of a product it or others were printed in (``namesakes``:
        "Generation Force", "Lord of the Tachyon Galaxy"); known only from a table that lists the products (the
        yaml-yugi import)."""
        got = self._namesakes
        if got is None:
            got = self._namesakes = frozenset(pc for p in self.parts if "namesakes" in p.data for pc in p.strings("namesakes") if pc)
        return bool(got) and not got.isdisjoint(passcodes)

    def prepare_batch(self) -> None:
        """Get ready for many queries: search lists instead of slicing columns on each access."""
        for p in self.parts:
            p.materialize("k_keys", "w_keys", "d_keys")

    @property
    def has_table(self) -> bool:
        """True when an imported card-pool table is part of the index."""
        return any(p.origin == "table" for p in self.parts)

    def game_names(self, entry: Named, variant: str = "video-game") -> dict:
        """lang → the entry's name from a video game (Master Duel) in a language it was never printed in:
        the ``video-game`` forms of an imported card, or a KB card's spellings of kind video-game; only
        for languages without an official name. ``variant="fan-translation"``: its unofficial translations
        instead (a card printed only in Japanese, known here by the data set's English translation).
        One scan of the entry's part: meant for a few results."""
        for p in self.parts:
            i = next((k for k, e in p._entries.items() if e is entry), None)
            if i is None:
                continue
            out = {}
            for fi, owner in enumerate(p.ints("f_entry")):
                if owner == i and p.code("f_variant", fi) == variant:
                    f = p.form(fi)
                    if not entry.names.get(f.lang):
                        out.setdefault(f.lang, f.text)
            return {l: out[l] for l in LANGS if l in out}
        return {}

    def forms_for_key(self, key: str, lang: str | None = None) -> list[Form]:
        """Every visible form whose lookup key is ``key`` (in ``lang`` when given)."""
        out = []
        for p in self.parts:
            for fi in p.key_forms(key):
                if p.visible(fi):
                    f = p.form(fi)
                    if lang is None or f.lang == lang:
                        out.append(f)
        return out

    def entries(self):
        """Every visible entry."""
        for p in self.parts:
            for i in range(len(p)):
                if i not in p.hidden:
                    yield p.entry(i)

    def lookup(self, query: str, lang: str | None = None, limit: int = 5, in_text: bool = False) -> "Result":
        """Find the entries a query names: exact (folded) matches first, else fuzzy ones, best first. ``in_text``: the
        query is words of a text (a list's item), not a name someone looked up: an everyday word of it is itself, and
        finds no longer name by its stem ("Controlar" is no Controlador misspelt; a user's "Moltiplica" is
        Moltiplicare).

        A query longer than MAX_QUERY_CHARS raises YgoError: it bounds the time one query can take.
        """
        if len(query) > MAX_QUERY_CHARS:
            from ..core.errors import YgoError
            raise YgoError(f"the query is {len(query)} characters long; the limit is {MAX_QUERY_CHARS} "
                           "(the longest card name has about 100) → look up one name at a time")
        key = normalize(query)
        if not key:
            return Result(query, [], limit)
        matches = _best_per_entry([Match(f.entry, 100.0, f, True) for f in self.forms_for_key(key, lang)])
        spelled = spelled_number(query) if not matches and query.lstrip()[:1] in ("N", "n", "#") else []
        if spelled:  # "N39 Utopia", "No. 39": the query with a Number's word spelled out is what is looked for
            matches = _best_per_entry([Match(f.entry, NUMBER_SCORE, f, False) for k in spelled
                                       for f in self.forms_for_key(k, lang) if f.entry.kind == "card"])
            key = spelled[0]
        spelled_whole = bool(spelled) and bool(matches)  # (a whole name so spelled: nothing below reads the query better)
        singulars = singular_keys(key) if not matches else []
        named = key if matches else None  # the key an exact name or its plural was found by
        for alt in singulars:  # "Kizanes", "Honestas": a plural of a name is that name (the first singular that is one)
            matches = _best_per_entry([Match(f.entry, PLURAL_SCORE, f, False) for f in self.forms_for_key(alt, lang)])
            if matches:
                named = alt
                break
        if not any(m.entry.origin == "kb" for m in matches):
            # with no exact KB hit, a partial or misspelt KB name still shows next to an imported exact one
            seen = {id(m.entry) for m in matches}
            fuzzy = self.fuzzy(key, lang, kb_only=bool(matches), in_text=in_text)
            for alt in singulars if not matches and not fuzzy else ():  # nothing near the plural: near a singular
                fuzzy = self.fuzzy(alt, lang, in_text=in_text)
                if fuzzy:
                    break
            matches += [m for m in fuzzy if id(m.entry) not in seen]
        if not matches:  # "Slipher": a sound written with other letters, two edits away, too far for the fuzzy search
            for alt in respellings(key):
                matches = _best_per_entry([Match(f.entry, RESPELT_SCORE, f, False) for f in self.forms_for_key(alt, lang)]) \
                    or self.fuzzy(alt, lang, in_text=in_text)
                if matches:
                    break
        matches.sort(key=lambda m: (-m.score, m.entry.origin != "kb", not m.exact, form_rank(m.form), m.entry.id))
        if matches and not matches[0].exact:
            from . import partial
            matches = partial.covering(key, matches, Match, TIE_MARGIN)
        if not matches or (not matches[0].exact and matches[0].score < PLURAL_SCORE and not spelled_whole):
            from . import abbreviated, acronyms, fanmatch, partial  # (a query with no exact match may be an acronym, a literal
            # translation, a name without its series or its last words, a name written without its spaces, or half in one
            # language and half in another)
            matches = partial.piece(self, query, lang, matches, Match, TIE_MARGIN)
            matches = partial.head(self, query, lang, matches, Match, TIE_MARGIN)
            matches = partial.part(self, query, key, lang, matches, Match, TIE_MARGIN)
            matches = partial.skeleton(self, key, lang, matches, Match, TIE_MARGIN)  # ("Dragão da Água": de Água)
            matches = partial.joined(self, key, lang, matches, Match, TIE_MARGIN, query)
            matches = acronyms.shortened(self, key, acronyms.rerank(self, query, matches, Match), Match)
            matches = abbreviated.rerank(self, query, lang, matches, Match)  # ("AOJ Catastor": a series' abbreviation)
            matches = partial.mixed(self, key, lang, matches, Match, TIE_MARGIN)
            matches = partial.printed(key, matches, Match, TIE_MARGIN)  # (the words in a much more printed name too)
            matches = fanmatch.rerank(self, key, matches, Match, self.forms_for_key, query)
            matches = partial.base(key, matches, Match, TIE_MARGIN)  # (the card a longer name is made on: Toon X, X)
            matches = partial.over_series_word(key, matches, Match, TIE_MARGIN)  # (not one word alone: a series)
        if named is not None and " " not in named and matches and matches[0].entry.kind == "card" and (
                matches[0].exact or matches[0].score == PLURAL_SCORE):
            from . import partial  # ("Tifone": Mystical Space Typhoon, whose name it begins, before the rare Typhoon)
            matches = partial.famous(self, named, lang, matches, Match)
        if matches and not matches[0].exact and any(c.isdigit() for c in key):  # (a KB look-alike's fuzzy 99.9 too)
            from . import partial
            matches = partial.numbers(key, matches, Match, TIE_MARGIN)
        return Result(query, matches, limit)

    def sharing(self, words: list, miss: int = 1) -> list:
        """(lookup key, part, key index) of the keys that have all the folded ``words`` but ``miss`` of them (as they are:
        no typo), and at least two; a word in more than COMMON_WORD keys ("de", "of") is not counted either way (cheap:
        a few posting lists, no fuzzy search)."""
        out = []
        for p in self.parts:  # (the word list split once: bisect then runs in C)
            keys, woff, wvals = p.strings("w_keys"), p.ints("w_off"), p.ints("w_vals")
            lists = []  # the words' posting lists: each sorted, a key once (``build``)
            need = 0
            for w in dict.fromkeys(words):
                i = bisect_left(keys, w)
                if i < len(keys) and keys[i] == w:
                    if woff[i + 1] - woff[i] > COMMON_WORD:
                        continue
                    lists.append(wvals[woff[i]:woff[i + 1]])
                need += 1
            least = max(2, need - miss)
            if least > len(lists):
                continue
            # a key in ``least`` lists or more is in one of any len(lists) - least + 1 of them: only the keys of the
            # shortest ones are counted (a set test in C over each list: counting every key of the long lists took
            # twice as long), in the order a count of every list would give them (the first list
            # that has the key, then the key: the lists are sorted)
            cands = set().union(*sorted(lists, key=len)[:len(lists) - least + 1])
            if not cands:
                continue
            count: Counter = Counter()
            first: dict = {}
            for j, lst in enumerate(lists):
                hit = cands.intersection(lst)
                count.update(hit)
                for ki in hit:
                    if ki not in first:
                        first[ki] = j
            kk = p.col("k_keys")
            out += [(kk[ki], p, ki) for ki in sorted([ki for ki, c in count.items() if c >= least], key=lambda ki: (first[ki], ki))]
        return out

    def key_forms_of(self, p: "Part", ki: int) -> list[Form]:
        """The visible forms of key ``ki`` of part ``p``."""
        off, kforms = p.ints("k_off"), p.ints("k_forms")
        return [p.form(fi) for fi in kforms[off[ki]:off[ki + 1]] if p.visible(fi)]

    def fuzzy(self, key: str, lang: str | None = None, kb_only: bool = False, in_text: bool = False) -> list[Match]:
        """Fuzzy matches of a folded key, one per entry, each with its best form.

        ``kb_only``: only KB names that contain every word of the query (the query is a part of them); ``in_text``: as
        ``lookup``'s.
        """
        out = []
        need = None if kb_only else _content_words(key)  # (kb_only: the KB keys hold every word of the query)
        for p in self.parts:
            if kb_only and p.origin != "kb":
                continue
            cands = _candidates(p, key, whole=kb_only, everyday=self.everyday_words() if in_text else None)
            keys = p.col("k_keys")
            off, kforms = p.ints("k_off"), p.ints("k_forms")
            ckeys = [keys[ki] for ki in cands]
            if len(ckeys) > SHORTLIST:  # two cheap measures in C pick the few keys worth the full score
                from rapidfuzz import fuzz, process
                pick = {i for scorer in (fuzz.token_set_ratio, fuzz.ratio)
                        for _, _, i in process.extract(key, ckeys, scorer=scorer, limit=SHORTLIST // 2)}
                cands, ckeys = [cands[i] for i in pick], [ckeys[i] for i in pick]
            scored = sorted(((s, ki) for ki, s in zip(cands, scores(key, ckeys)) if s >= FUZZY_CUTOFF), reverse=True)
            if len(scored) > KEEP:  # only the best keys become matches (and every key tied with the last one kept)
                scored = [x for x in scored if x[0] >= scored[KEEP - 1][0]]
            for s, ki in scored:
                if p.origin == "kb" and (need is None or _content_words(keys[ki]) >= need):
                    s = min(99.9, s + KB_BONUS)
                for fi in kforms[off[ki]:off[ki + 1]]:
                    if p.visible(fi):
                        f = p.form(fi)
                        if lang is None or f.lang == lang:
                            out.append(Match(f.entry, s, f))
        return _best_per_entry(out)


PLURAL_SCORE = 99.0
"""The score of an exact match of a query's singular ("Kizanes" for "Kizan"): below a match of the query as written."""
RESPELT_SCORE = 97.0
"""The score of an exact match of a query with a sound written otherwise (``respellings``: "Slipher" for Slifer): below
a plural's, about a fuzzy match's one typo away."""
SOUNDS = (("ph", "f"), ("f", "ph"))
"""Letters that write the same sound, as people misspell a name they heard ("Slipher", "Falanx"): each pair's first
written as its second."""


def respellings(key: str) -> list[str]:
    """The lookup key with one sound of ``SOUNDS`` written the other way throughout, for each such sound it has.

    >>> respellings("slipher")
    ['slifer']
    >>> respellings("tifon")
    ['tiphon']
    """
    return [key.replace(a, b) for a, b in SOUNDS if a in key and not (a == "f" and "ph" in key)]


NUMBER_WRITTEN = r"(?:[Nn](?:[º°]|[Oo]\.?|[Rr]\.?|\.)?[ \t]?|#[ \t]?)(C|S|F|iC|CiC)?(\d{1,3})(?!\w)(?:[ \t]*:)?"
"""A Number's word written short, and its number: "N39", "No. 39", "Nº C39:", "n°39", "#39" (``numbers.written`` reads
it in text)."""
_NUMBER_QUERY = re.compile(NUMBER_WRITTEN + r"\s*(.*)", re.S)
NUMBER_SCORE = 98.0
"""The score of the card a query written with a Number's word abbreviated names ("N39 Utopia"): below an exact match,
above an abbreviation's (``abbreviated.LOOKUP_SCORE``) and a fuzzy one."""


def spelled_number(query: str) -> list:
    """The keys of a query written with a Number's word abbreviated, the word spelled out in English and in the other
    three languages ("N39 Utopia": "number 39 utopia", "numero 39 utopia"); [] for any other query."""
    m = _NUMBER_QUERY.fullmatch(query.strip())
    if m is None:
        return []
    number = (m.group(1) or "") + m.group(2)
    return [normalize(f"{word} {number} {m.group(3)}") for word in ("Number", "Número")]


SINGULAR_KEYS = 12
"""A plural query's singular keys tried at most (each plural word's singulars, in every combination)."""


def singular_keys(key: str) -> list[str]:
    """The folded keys a plural query may stand for: each word in -s (or, in Italian, -i) by each rule that fits it,
    every combination of the words' readings (up to ``SINGULAR_KEYS``), the first rules first: without -es, without
    -s, -ies → -y (an English plural), -as → -o (a feminine plural of a masculine name), Portuguese -ões/-ães → -ão,
    -ais → -al, -eis → -el, Spanish -ces → -z, -i → -o / -e, -chi/-ghi → -co/-go.

    >>> singular_keys("kizanes"), singular_keys("honestas"), singular_keys("draghi sovrani")
    (['kizan', 'kizane'], ['honesta', 'honesto'], ['drago sovrano', 'drago sovrane', 'draghe sovrano', 'draghe sovrane'])
    >>> singular_keys("dragoes brancos")[:3], singular_keys("dragones blancos")[0]
    (['drago branco', 'dragoe branco', 'dragao branco'], 'dragon blanco')
    """
    words = key.split()
    if not any(w[-1:] in "si" and len(w) > 3 for w in words):
        return []
    options = []
    for w in words:
        got = [x for x in (rule(w) if len(w) > 3 else None for rule in _SINGULAR_RULES) if x]
        options.append(list(dict.fromkeys(got)) or [w])
    out = []
    for alt in product(*options):
        k = " ".join(alt)
        if k != key and k not in out:
            out.append(k)
            if len(out) == SINGULAR_KEYS:
                break
    return out


_SINGULAR_RULES = (
    lambda w: w[:-2] if w.endswith("es") else None,
    lambda w: w[:-1] if w.endswith("s") else None,
    lambda w: w[:-3] + "y" if w.endswith("ies") and len(w) > 4 else None,
    lambda w: w[:-2] + "o" if w.endswith("as") else None,
    lambda w: w[:-3] + "ao" if w.endswith(("oes", "aes")) else None,
    lambda w: w[:-3] + "al" if w.endswith("ais") else None,
    lambda w: w[:-3] + "el" if w.endswith("eis") else None,
    lambda w: w[:-3] + "z" if w.endswith("ces") else None,
    lambda w: w[:-3] + w[-3] + "o" if w.endswith(("chi", "ghi")) else w[:-1] + "o" if w.endswith("i") else None,
    lambda w: w[:-1] + "e" if w.endswith("i") else None,
)
"""How a word in the plural may have been made from its singular (``singular_keys``), the likelier first."""


def _lookup_csr(p: Part, prefix: str, key: str) -> list[int]:
    return p._range(f"{prefix}_keys", f"{prefix}_off", f"{prefix}_vals", key)


STEM_FROM = 6
"""A query word of this many letters or more (in a text's words, no everyday word of the languages) also finds the
words that begin with it less its last two letters …"""
STEM_WORDS = 40
"""… unless more words than this begin so (a stem that common says nothing)."""


def _common_word(everyday, w: str) -> bool:
    """Whether a folded word is one of ``everyday`` (``NameIndex.everyday_words``; None: no word is)."""
    return everyday is not None and w in everyday


def _similar_words(p: Part, w: str, everyday=None) -> set[int]:
    """Indexes of the words of ``p`` equal to ``w`` or one typo away (a letter missing, extra, wrong or swapped), and
    for a long word those that begin with it less its last two letters (``STEM_FROM``), unless it is one of
    ``everyday`` (given for words of a text)."""
    words = p.col("w_keys")
    out = set()
    i = bisect_left(words, w)
    if i < len(words) and words[i] == w:
        out.add(i)
    if len(w) >= 4:
        out.update(_lookup_csr(p, "d", w))  # the query lacks a letter
        for d in _deletes(w):
            j = bisect_left(words, d)
            if len(d) >= 3 and j < len(words) and words[j] == d:
                out.add(j)  # the query has a letter too many
            out.update(_lookup_csr(p, "d", d))  # a letter wrong, or two swapped
    if len(w) >= STEM_FROM and not _common_word(everyday, w):  # a longer word's end misspelt or cut
        stem = w[:len(w) - 2]  # ("Obelisse" for Obelisk; in a text, not a word of the languages: "Controlar")
        j = bisect_left(words, stem)
        k = bisect_left(words, stem + "\uffff", j, min(len(words), j + STEM_WORDS + 1))
        if k - j <= STEM_WORDS:
            out.update(range(j, k))
    return out


def query_words(key: str) -> list[str]:
    """The words of a folded query that find its candidate keys: each word once, and a number written apart from the
    letters before it joined to them too (a code's "EM 1" for "EM1").

    >>> query_words("tg em 1")
    ['tg', 'em', '1', 'em1']
    """
    words = key.split()
    return list(dict.fromkeys(words + [a + b for a, b in zip(words, words[1:]) if b.isdigit() and a.isalpha()]))


def _candidates(p: Part, key: str, whole: bool = False, everyday=None) -> list[int]:
    """Keys of ``p`` that share words (or near words) with the query, most shared first, at most MAX_CANDIDATES.

    With ``whole``, only keys that contain every word of the query as it is (a name the query is part of).
    ``everyday``: for words of a text, the everyday words (``_similar_words`` asks them of a long word); None for a
    name looked up.
    """
    woff, wvals = p.ints("w_off"), p.ints("w_vals")
    if whole:
        words = p.col("w_keys")
        hits = None
        for w in dict.fromkeys(key.split()):
            i = bisect_left(words, w)
            found = set(wvals[woff[i]:woff[i + 1]]) if i < len(words) and words[i] == w else set()
            hits = found if hits is None else hits & found
            if not hits:
                return []
        return list(hits)[:MAX_CANDIDATES]
    sims = [_similar_words(p, w, everyday) for w in query_words(key)]
    sizes = [sum(woff[v + 1] - woff[v] for v in vs) for vs in sims]
    informative = [vs for vs, n in zip(sims, sizes) if 0 < n <= COMMON_WORD] or [vs for vs, n in zip(sims, sizes) if n]
    cover: Counter = Counter()
    for vs in informative:
        hit: set = set()
        for v in vs:
            hit.update(wvals[woff[v]:woff[v + 1]])
        cover.update(hit)
    if len(cover) <= MAX_CANDIDATES:
        return list(cover)
    groups: dict = {}
    for ki, n in cover.items():
        groups.setdefault(n, []).append(ki)
    out: list = []
    length = p.key_length()
    for n in sorted(groups, reverse=True):  # the keys sharing the most words first; the shortest among equals
        group = groups[n]
        if len(out) + len(group) > MAX_CANDIDATES:
            group = sorted(group, key=length)[:MAX_CANDIDATES - len(out)]
        out.extend(group)
        if len(out) >= MAX_CANDIDATES:
            break
    return out


def _best_per_entry(matches: list[Match]) -> list[Match]:
    best: dict = {}
    for m in matches:
        cur = best.get(id(m.entry))
        if cur is None or (-m.score, form_rank(m.form)) < (-cur.score, form_rank(cur.form)):
            best[id(m.entry)] = m
    return list(best.values())


class Result:
    """The matches of one query, best first, cut to ``limit`` but never between equally good entries."""

    def __init__(self, query: str, matches: list[Match], limit: int = 5):
        self.query = query
        self.all = matches
        top = []
        for m in matches:  # the leading run of matches as good as the best (a point apart is noise, not evidence)
            best = matches[0]
            if m.entry.origin != best.entry.origin or m.exact != best.exact or best.score - m.score > TIE_MARGIN:
                break
            top.append(m)
        concepts = {m.entry.concept or m.entry.id for m in top}  # a step and the term naming it are one thing
        self.tied = len(top) if len(concepts) > 1 else 0
        if self.tied:  # scores within TIE_MARGIN are equal: an official name first, a card before a series, the most printed
            top.sort(key=lambda m: (form_rank(m.form)[:2], m.entry.kind == "series", VARIANT_RANK.get(m.form.variant, 5) > 3, -m.entry.prominence,
                                    -m.score, form_rank(m.form), m.entry.id))
            matches = top + matches[len(top):]
            self.all = matches
        self.matches = matches[:max(limit, min(len(top), 20))]

    def explain(self) -> list[str]:
        """Why the first match ranks first, in a few lines."""
        if not self.matches:
            return [f"nothing fits {self.query!r}"]
        m = self.matches[0]
        e, f = m.entry, m.form
        out = [f"{e.id} ranks first:",
               f"  {'an exact' if m.exact else 'a fuzzy'} match ({m.score:.1f}) of {f.text!r} ({f.lang}, {f.variant})"]
        if e.origin == "kb":
            out.append("  it is in the knowledge base (KB entries win over imported ones)")
        out.append(f"  prominence: {e.prominence} printing(s)")
        if self.tied > 1:
            others = ", ".join(f"{x.entry.id} ({x.entry.prominence}, {x.form.variant})" for x in self.matches[1:self.tied])
            out.append(f"  {self.tied} entries fit equally well; ranked by official form, then printings: {others}")
        elif len(self.matches) > 1:
            r = self.matches[1]
            out.append(f"  the runner-up, {r.entry.id}, fits less well ({'exact' if r.exact else 'fuzzy'} {r.score:.1f}, "
                       f"{r.form.variant}{', imported' if r.entry.origin != 'kb' and e.origin == 'kb' else ''})")
        return out

    @property
    def ambiguous(self) -> bool:
        """True when two or more entries fit the query equally well (within TIE_MARGIN, and neither is preferred
        as KB over table or as exact over fuzzy)."""
        return self.tied > 1

    def as_dict(self) -> dict:
        """The JSON object of one query (DESIGN.md), plus ``ambiguous``."""
        return {"query": self.query, "matches": [m.as_dict() for m in self.matches], "ambiguous": self.ambiguous}


# ── building the parts ────────────────────────────────────────────────────────

ARTICLES = {"es": ("el", "la", "los", "las"), "pt": ("o", "a", "os", "as"), "it": ("il", "lo", "la", "i", "gli", "le", "l"),
            "en": ("the",)}
"""Leading articles a name may lose in running text ("del Dragón Alado de Ra", "do Dragão…", "dell'…")."""


_EPITHET_ARTICLES = {"es": ("el", "la"), "pt": ("o", "a"), "it": ("il", "lo", "la"), "en": ("the",)}
"""The singular articles between a given name and its epithet ("Slifer il Drago del Cielo", "Gaia The Fierce Knight"),
which writers leave out ("Slyfer drago del cielo"): ``_extra_forms``."""

_NUMBER_COLON = r"^(\S+ [A-Z]?\d+):(?= )"
"""The colon after a Number's number ("Número 88: Marioneta…", "Number C39: Utopia Ray"), which writers leave out.
(This and the other patterns used only where a part is built are kept as text, compiled by ``re`` on first use: a
cold ``lookup`` compiles none of them.)"""


def _extra_forms(names: dict, forms: list) -> list:
    """Forms without a leading article (variant ``no-article``) for the names that start with one, or with one between a
    given name and its epithet (``_EPITHET_ARTICLES``), and without the colon
    after a Number's number ("Número 88 Marioneta Trucada de Leo", issue 24; the same variant: a small part left out);
    a name's count of things spelt as a word (variant ``variant``: "Idolo dai Mille Occhi", ``_COUNT``) and a LV
    monster's level set apart from its number (the same variant: "Silent Magician LV 4", "LV.4", ``_LEVEL``), and a
    one-word name's number glued to it without its sign ("Jinzo7" for Jinzo #7, ``_NUMBERED``)."""
    out = []
    for text, lang, variant, *_ in list(forms):
        if variant not in ("official", "title"):
            continue
        words = list(TOKEN.finditer(text))
        if len(words) >= 3 and fold(words[0].group()) in ARTICLES.get(lang, ()):
            out.append((text[words[1].start():], lang, "no-article", None))
        if len(words) >= 3 and fold(words[1].group()) in _EPITHET_ARTICLES.get(lang, ()) and words[1].start() > 0 \
                and text[words[0].end():words[1].start()] == " " and text[words[1].end():words[2].start()] == " ":
            out.append((text[:words[0].end()] + text[words[1].end():], lang, "no-article", None))  # "Slifer Drago del
            # Cielo" for Slifer il Drago del Cielo: a given name and its epithet, the article between left out
        if len(words) >= 3 and ":" in text:
            bare = re.sub(_NUMBER_COLON, r"\1", text)
            if bare != text:
                out.append((bare, lang, "no-article", None))
        if "LV" in text:  # "Silent Magician Lv 4", "Armed Dragon LV.7", "Mago Silente Lv. 8": a level's number apart
            for spaced in (re.sub(_LEVEL, r"LV \1", text), re.sub(_LEVEL, r"LV.\1", text)):
                if spaced != text:
                    out.append((spaced, lang, "variant", None))
        numbered = re.match(_NUMBERED, text) if "#" in text or "º" in text or "°" in text else None
        if numbered and " " not in numbered.group(1):  # "Jinzo7": a one-word name's number glued to it, its sign left out
            # (written apart, "Luster Dragon 2", the number is read where the text reads it: ``numbers``, not "2,5")
            out.append(("".join(numbered.groups()), lang, "variant", None))
        if any(ch.isdigit() for ch in text):  # "Limite dei 1000 Occhi" → "Limite dei Mille Occhi"
            spelt = re.sub(_COUNT, lambda m, l=lang: m.group(1) + _COUNT_WORDS[l].get(int(m.group(2)), m.group(2)) + m.group(3),
                           text, flags=re.I)
            if spelt != text:
                out.append((spelt, lang, "variant", None))
            grouped = re.sub(_THOUSANDS, _group, text)  # "Limite dei 1.000 Occhi", and "30000" for "30.000"
            if grouped != text:
                out.append((grouped, lang, "variant", None))
    return out


_THOUSANDS = r"(?<![\w.,])(\d{1,3}(?:[.,]\d{3})+|\d{2,4}00)(?![\w.,]?\d)"
"""A round number of a thousand or more in a name, written with a separator of thousands ("Tartaruga di 30.000 Anni") or
without ("Limite dei 1000 Occhi"): writers write it the other way (``_group``). (Not a year or a model number, "2019",
"mod 9696": never grouped.)"""


def _group(m) -> str:
    """A number of ``_THOUSANDS`` the other way: its digits alone where the name groups them, else grouped by threes with
    a dot ("1000" → "1.000": the key reads "1,000" and "1 000" alike)."""
    n = m.group(1)
    if not n.isdigit():
        return re.sub(r"[.,]", "", n)
    return f"{int(n):,}".replace(",", ".")


_NUMBERED = r"^(\S.*?[^\W\d_])\s*(?:#|[Nn][º°]\s*)(\d+)$"
"""A name that ends with a number after a sign ("Jinzo #7", "Jinzo Nº 7", "Luster Dragon #2"), which writers leave out."""
_LEVEL = r"\bLV(\d+)\b"
"""The level of a LV monster as its name prints it ("Silent Magician LV4"), which writers set apart from its number."""
_COUNT = r"(\b(?:de|del|dei|dai|delle|degli|da|das|dos|do|con|com|of|with) )(\d{1,4})( \w)"
"""A count of things in a name, after a preposition and before the things ("El Cazador con 7 Armas", "Limite dei 1000
Occhi", "Lacooda de 3 Jorobas"): not a model number or a level ("Karakuri mod 96", "Nivel 7", "Dama Arpía 1"). Compiled
when a table is indexed, never on a cold lookup."""
_COUNT_WORDS = {
    "es": {2: "Dos", 3: "Tres", 4: "Cuatro", 5: "Cinco", 6: "Seis", 7: "Siete", 8: "Ocho", 9: "Nueve", 10: "Diez", 100: "Cien",
           1000: "Mil"},
    "pt": {2: "Dois", 3: "Três", 4: "Quatro", 5: "Cinco", 6: "Seis", 7: "Sete", 8: "Oito", 9: "Nove", 10: "Dez", 100: "Cem",
           1000: "Mil"},
    "it": {2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette", 8: "Otto", 9: "Nove", 10: "Dieci", 100: "Cento",
           1000: "Mille"},
    "en": {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten", 100: "Hundred",
           1000: "Thousand"},
}
"""The counts that names hold written as words, in each language (a name's form with the count spelt out: how writers
often give it, "Idolo dai Mille Occhi")."""


SERIES_ROW = "series:"
"""The passcode column's prefix of a series' row in the nickname file (``nicknames.SERIES``: the index does not import
that module on a cold lookup)."""


def _nickname_forms(nicks: list) -> list:
    return [(n.text, l, n.kind, n.source) for n in nicks for l in n.langs]


def kb_named(kb, nicks: dict | None = None) -> list:
    """(Named, forms) for every card, term, phase, step and substep of a loaded KB (``nicks``: passcode → nicknames)."""
    nicks = nicks or {}
    out = []
    # a spelling with collides_with says: writers who use this text mean this card, not the other one,
    # whose unofficial form of the same text then ranks below it (its official name never does)
    meant = {(normalize(s.text), s.lang, s.collides_with) for c in kb.cards.values() for s in c.spellings if s.collides_with}
    for c in kb.cards.values():
        e = Named(c.id, "card", {l: c.names.get(l) for l in LANGS}, "kb", (c.passcode,) if c.passcode else (), c.card_type)
        forms = [(c.names[l], l, "official", None) for l in LANGS if c.names.get(l)]
        forms += [(s.text, s.lang, s.kind, s.source, (normalize(s.text), s.lang, c.id) in meant) for s in c.spellings]
        forms += _extra_forms(e.names, forms) + _nickname_forms(nicks.get(c.passcode, ()))
        out.append((e, forms))
    for t in kb.terms.values():
        e = Named(t.id, "term", {l: t.names.get(l) for l in LANGS}, "kb")
        forms = [(t.names[l], l, "official", None) for l in LANGS if t.names.get(l)]
        forms += [(v.text, v.lang, v.status, v.sources[0].source if v.sources else None) for v in t.variants]
        out.append((e, forms))
    for kind, table in (("phase", kb.phases), ("step", kb.steps), ("substep", kb.substeps)):
        for m in table.values():
            e = Named(m.id, kind, {l: m.title.get(l) for l in LANGS}, "kb", concept=m.term)
            out.append((e, [(m.title[l], l, "title", None) for l in LANGS if m.title.get(l)]))
    return out


def namesakes(table) -> set:
    """The passcodes of the cards of a name table whose English name is a product's (``table.products``), as the folded
    names compare: "Generation Force" is a card and the booster set it was first printed in."""
    products = {normalize(n) for n in table.products}
    return {c.passcode for c in table.cards if c.names.get("en") and normalize(c.names["en"]) in products} if products else set()


def table_named(table, nicks: dict | None = None) -> list:
    """(Named, forms) for every card and series of an imported name table; cards with the same names in every
    language are one entry. ``nicks`` (passcode → nicknames) adds the nicknames (a series', under ``series:`` and its
English name); distinctive short forms
    of long names are added where they fit one prominent card only (``short_forms``)."""
    from ..core.ids import slug

    nicks = nicks or {}
    groups: dict = {}
    for c in table.cards:
        sig = (tuple(c.names.get(l) for l in LANGS), tuple(sorted(c.unofficial.items())), tuple(sorted(c.translated.items())), c.card_type)
        groups.setdefault(sig, []).append(c)
    out, used = [], set()
    for cards in groups.values():
        c = cards[0]
        base = slug(c.names.get("en") or c.unofficial.get("en") or next((n for n in c.names.values() if n), "") or c.translated.get("en")
                    or c.passcode) or c.passcode
        cid = base if base not in used else f"{base}-{c.passcode}"
        used.add(cid)
        prom = max((x.printings or 0) for x in cards)
        e = Named(cid, "card", {l: c.names.get(l) for l in LANGS}, "table", tuple(x.passcode for x in cards), c.card_type,
                  prominence=prom)
        forms = [(c.names[l], l, "official", None) for l in LANGS if c.names.get(l)]
        forms += [(n, l, "video-game", None) for l, n in c.unofficial.items()]
        forms += [(n, l, "fan-translation", None) for l, n in c.translated.items()]  # findable, never official
        forms += _extra_forms(e.names, forms)
        for x in cards:
            forms += _nickname_forms(nicks.get(x.passcode, ()))
        out.append((e, forms))
    series_keys = {normalize(n) for names in table.series for n in names.values() if n}
    for (e, forms), short in zip(out, short_forms(out, series_keys)):
        forms += short
    ncards = len(out)
    for names in table.series:
        en = names.get("en") or next(v for v in names.values() if v)
        sid = "series-" + (slug(en) or str(len(used)))
        while sid in used:
            sid += "-x"
        used.add(sid)
        e = Named(sid, "series", {l: names.get(l) for l in LANGS}, "table")
        forms = [(names[l], l, "official", None) for l in LANGS if names.get(l)]
        forms += _nickname_forms(nicks.get(SERIES_ROW + en, ()))  # (its other names: "Elemental Dragons")
        for text, lang, *_ in list(forms):  # "Luminoso/a", "Mago(a) Negro(a)": both genders
            if re.search(_GENDER, text):
                forms += [(re.sub(_GENDER, lambda m, k=k: m.group(1) + m.group(k), text), lang, "variant", None) for k in (2, 3)]
            elif re.search(_ENDING, text):  # "Rey(es) de Fuego", "Bestia/s Nórdica/s", "Encantador/a": with and without
                forms += [(re.sub(_ENDING, lambda m, k=k: m.group(1) + (m.group(2) or m.group(3) if k else ""), text),
                           lang, "variant", None) for k in (0, 1)]
        have = {f[0] for f in forms}
        for text, lang, *_ in list(forms):  # "Drago del/di Tuono", "do Coveiro", "Señor Dragón de los/las"
            for alt in series_variants(text):
                if " " not in alt and alt not in text.split("/") and _everyday(alt, lang):
                    continue  # "The Dragon of" is no series "Dragon": a one-word remainder must be a name, not a word
                if alt not in have:
                    have.add(alt)
                    forms.append((alt, lang, "variant", None))
        out.append((e, forms))
    nick_keys = {normalize(t) for _, forms in out[:ncards] for t, _, v, *_ in forms if v in _NICK_VARIANTS}
    for (e, forms), more in zip(out, member_forms(out[:ncards], out[ncards:], series_keys | nick_keys)):
        forms += more
    return out


_ALTERNATIVE = r"(?<![\w/])(\w{2,})/(\w{2,})(?![\w/])"
"""Two words offered as alternatives in a series name: "del/di", "los/las" (not a gender ending: Luminoso/a)."""
_LINKING = {"de", "del", "la", "las", "los", "el", "do", "da", "dos", "das", "di", "della", "dello", "delle", "dei", "degli",
            "il", "lo", "gli", "of", "the"}
"""Articles and linking words that begin or end a series name only because it is part of card names ("do Coveiro")."""


def _everyday(word: str, lang: str) -> bool:
    """Whether ``word`` is an everyday word of ``lang`` (wordfreq Zipf 3.5 or more; False without wordfreq)."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # pragma: no cover - wordfreq is a dependency
        return False
    return zipf_frequency(word, lang) >= 3.5


def series_variants(text: str) -> list[str]:
    """The other ways a series name is written in running text: each of two alternative words, and without the
    linking words at its start or end (the series name as a name of its own).

    >>> series_variants("Drago del/di Tuono")
    ['Drago del Tuono', 'Drago di Tuono']
    >>> series_variants("Señor Dragón de los/las")
    ['Señor Dragón']
    >>> series_variants("do Coveiro")
    ['Coveiro']
    >>> series_variants("Gravekeeper's")
    ['Gravekeeper']
    """
    texts = [text]
    m = re.search(_ALTERNATIVE, text)
    if m:
        texts = [text[:m.start()] + m.group(k) + text[m.end():] for k in (1, 2)]
    out = []
    for t in texts:
        words = t.split()
        a, b = 0, len(words)
        while a < b and words[a].lower() in _LINKING:
            a += 1
        while b > a and words[b - 1].lower() in _LINKING:
            b -= 1
        for v in (t, " ".join(words[a:b])):
            if v != text and v not in out and any(len(w) >= 4 for w in v.split()) and v.split()[-1].lower() not in _LINKING:
                out.append(v)
    for v in list(out) + [text]:  # an English possessive series name without its "'s": "Decks como o Gravekeeper"
        bare = re.sub(r"['’]s$", "", v)
        if bare != v and bare not in out and len(bare) >= 4:
            out.append(bare)
    return out


_GENDER = r"(\w+?)([oaei])\s*(?:/|\()\s*([oaei])\)?(?!\w)"
"""A word written with both genders: Luminoso/a, Negro(a) (compiled when a table is indexed: 4 ms of a cold start)."""

_ENDING = r"(\w{3,}?)(?:/(\w)|\((\w{1,2})\))(?!\w)"
"""An ending written as optional in a series name: a plural ("Rey(es)", "Bestia/s"), a feminine added to a word that
does not end in a vowel ("Encantador/a"); one letter after a slash ("los/las" are two words: ``_ALTERNATIVE``)."""

SHORT_MIN_PRINTINGS = 3
"""A short form names a card only if the card has at least this many printings…"""
SHORT_LEAD = 2.0
"""…and this many times the printings of any other card the short form could stand for."""


ARCHETYPE_CARDS = 3
"""A word that begins or ends the names of this many cards or more is an archetype's word, no card's short form."""


def _dash_head(name: str | None) -> str | None:
    """The folded part of a name before its " - " ("chaos emperor dragon"), or None."""
    return normalize(name.split(" - ", 1)[0]) if name and " - " in name else None


def _begins_series(word: str, series_words: set) -> bool:
    """Whether a folded word begins with a one-word series name of three letters or more: "qliphort" with "qli"."""
    return any(word[:n] in series_words for n in range(3, len(word) + 1))


_NUMBER_PREFIX = re.compile(r"^[^\W\d]+ [^:,]*\d[^:,]*: +")
"""The "Number 41: " before a numbered monster's own name: its head is the name after it."""
_EN_EPITHET = re.compile(r"(.+?) the (\w.*)$")
"""An English name of a head and its epithet after "the" with no comma ("Zoma the Spirit")."""

_EN_OF_THE = re.compile(r"([^\W\d_][\w'-]*) of the \w")
"""An English name of a one-word head and an epithet after "of the" ("Sanga of the Thunder", "Kazejin"'s brother)."""

DASHED_TAIL_WORDS = 2
"""The piece of a name after its " - " with this many words or more, not counting articles and linking words, is a
short form of it ("Shura the Blue Flame" of "Blackwing - Shura the Blue Flame", "Widow Anchor" of "Sky Striker Mecha -
Widow Anchor"): writers drop the series and its dash."""
EPITHET_WORDS = 4
"""An epithet after a name's comma of this many words or more is a short form of the name ("Mad King of Dark World",
"Dragon Ruler of Infernos"): long enough to be no phrase of running text."""


def short_forms(named: list, taken: set = frozenset()) -> list:
    """Per (Named, forms): the automatic short forms of its names (variant ``short-form``).

    A short form is the part of a name before its comma ("Brionac" for "Brionac, Dragon of the Ice Barrier") or, of
    ``EPITHET_WORDS`` words or more, after it ("Mad King of Dark World" for "Brron, Mad King of Dark World"), the two
    or three words before its " - " where no other name begins with them ("Chaos Emperor Dragon" for "Chaos Emperor
    Dragon - Envoy of the End"; not "Sky Striker Ace"), the piece after it of ``DASHED_TAIL_WORDS`` words or more
    ("Shura the Blue Flame" of "Blackwing - Shura the Blue Flame"), or the first or last word of a name of three or more
    words when that word is long (6+ letters) and is not an ordinary word in any language. It is kept only when it fits
    one card clearly more printed than every other card it could stand for, and is no card's full name and no series
    name (``taken``).

    A first or last word is no short form where it is the word of an archetype or a Type (issue 24: "contro un
    Qliphort", "monstros do tipo Spellcaster"): the first or last word of ``ARCHETYPE_CARDS`` cards or more, a word
    that begins with a one-word series name ("Qliphort" of the Qli, "Onomatopea" of the Onomat), a monster Type
    (``core/conditions.yaml``), or, in another language, a word the English name lacks where the English name
    begins or ends with a series and its other words are all English ("Exormanas" of "Exosisters Magnifica", not
    "Ophion" of "Evilswarm Ophion").
    """
    from .mentions import zipf_table

    cands: dict = {}  # folded short text → {entry index: {lang: text}}
    dashed: set = set()  # the folded heads before " - ": a short form only of one card alone
    epithets: set = set()  # the folded epithets after a comma: likewise ("Dragon of the Ice Barrier" ends several names)
    en_heads = Counter(h for e, _ in named for h in (_dash_head(e.names.get("en")),) if h)
    full = set()
    edge: dict = {}  # a folded first or last word of a name → the entries whose names begin or end with it
    series_words = {k for k in taken if " " not in k and len(k) >= 3}
    unprinted: set = set()  # the entries known by unofficial translations alone (no TCG printing: prominence 0)
    from ..core.conditions import type_words
    types = type_words()
    for i, (e, forms) in enumerate(named):
        en = [fold_word(w) for w in TOKEN.findall(e.names.get("en") or "")]
        en_series = len(en) >= 2 and any(w in taken or w[:-1] in taken for w in (en[0], en[-1]))
        known = ("official", "video-game")
        if not any(f[2] in known for f in forms):  # a card known only by an unofficial translation (Holactie the Creator
            # of Light, printed in Japanese alone) is shortened from it as others are from their printed names
            known = (*known, "fan-translation")
            unprinted.add(i)
        for text, lang, variant, *_ in forms:
            if variant not in known:
                continue
            full.add(normalize(text))
            words = TOKEN.findall(text)
            picks = []
            text = _NUMBER_PREFIX.sub("", text)  # "Bagooska, el Tapir…" of "Número 41: Bagooska, el Tapir…"
            if lang == "en" and "," not in text:
                m = _EN_EPITHET.match(text)  # "Bagooska" of "Bagooska the Terribly Tired Tapir", as a comma's head
                if m and 1 <= len(TOKEN.findall(m.group(1))) <= 2 and len(TOKEN.findall(m.group(2))) >= 2:
                    picks.append(m.group(1))
                m = _EN_OF_THE.match(text)  # "Sanga" of "Sanga of the Thunder": a one-word head before "of the"
                if m and len(TOKEN.findall(m.group(1))) == 1:
                    picks.append(m.group(1))
            if "," in text:
                head, tail = (x.strip() for x in text.split(",", 1))
                if 1 <= len(TOKEN.findall(head)) <= 2 and len(TOKEN.findall(text)) - len(TOKEN.findall(head)) >= 2:
                    picks.append(head)
                if len(TOKEN.findall(tail)) >= EPITHET_WORDS and "," not in tail:
                    picks.append(tail)  # "Mad King of Dark World" of "Brron, Mad King of Dark World": the epithet alone
                    epithets.add(normalize(tail))
            elif " - " in text:
                head, tail = (x.strip() for x in text.split(" - ", 1))
                if en_heads.get(_dash_head(e.names.get("en"))) == 1 and 2 <= len(TOKEN.findall(head)) <= 3 \
                        and len(TOKEN.findall(text)) - len(TOKEN.findall(head)) >= 2:  # "Chaos Emperor Dragon" of
                    # "Chaos Emperor Dragon - Envoy of the End", where no other English name begins so
                    picks.append(head)
                    dashed.add(normalize(head))
                if len([w for w in TOKEN.findall(fold(tail)) if w not in _EDGE_WORDS]) >= DASHED_TAIL_WORDS:
                    picks.append(tail)  # "Shura the Blue Flame" of "Blackwing - Shura the Blue Flame": the member's
                    # own name after its series and dash (not "El Mago" of "Arcana Force I - El Mago": one word)
            if len(words) >= 2:
                for w in (words[0], words[-1]):
                    k = fold_word(w)
                    edge.setdefault(k, set()).add(i)
                    if len(w) < 6 or k in types or _begins_series(k, series_words):
                        continue
                    if lang != "en" and en_series and k not in en and all(fold_word(x) in en for x in words if x != w):
                        continue  # "Exormanas Magnifica" of "Exosisters Magnifica": the word that is not English is the series'
                    picks.append(w)
            for t in picks:
                cands.setdefault(normalize(t), {}).setdefault(i, {}).setdefault(lang, t)
    single = sorted({k for k in cands if " " not in k})
    spelled = {k: {t.lower() for by_lang in cands[k].values() for t in by_lang.values()} for k in single}  # "mágicas"
    common = {w for lang, col in zipf_table(single, spelled).items() for w, z in zip(single, col) if z >= 25}
    out = [[] for _ in named]
    for key, hits in cands.items():
        if key in full or key in common or key in taken or len(key) < 4 or len(edge.get(key, ())) >= ARCHETYPE_CARDS:
            continue
        if (key in dashed or key in epithets) and len(hits) > 1:
            continue  # "Sky Striker Ace" heads several cards' names, "Dragon of the Ice Barrier" ends several: a series'
            # words, no card's short form
        ranked = sorted(hits, key=lambda i: -named[i][0].prominence)
        best = named[ranked[0]][0].prominence
        second = named[ranked[1]][0].prominence if len(ranked) > 1 else 0
        if (best >= SHORT_MIN_PRINTINGS or (len(ranked) == 1 and ranked[0] in unprinted)) and best >= SHORT_LEAD * second:
            # one form per language whose name gives it ("Garoth" from the Spanish, Italian and English names)
            out[ranked[0]] += [(text, lang, "short-form", None) for lang, text in hits[ranked[0]].items()]
    return out


def _within(cards: list, others: list, ci: int) -> bool:
    """Whether a card of ``others`` (by index in ``cards``), printed as often as card ``ci`` or more, has an official
    name that card ``ci``'s official name in the same language holds whole: ``ci`` is a later version of it
    ("Inferno of the Sacred Beasts - Uria, Lord of Searing Flames" of "Uria, Lord of Searing Flames")."""
    e = cards[ci][0]
    for o in others:
        other = cards[o][0]
        if o != ci and other.prominence >= e.prominence and any(
                n and e.names.get(lang) and normalize(n) in normalize(e.names[lang]) for lang, n in other.names.items()):
            return True
    return False


_PIECES = r"\s*[,:–—]\s*|\s+-\s+"
"""What splits a card name into pieces: "Lyla, Lightsworn Sorceress", "Destiny HERO - Defender", "Number 16: Shock Master"."""
_EDGE_WORDS = {"the", "of", "el", "la", "los", "las", "de", "del", "o", "a", "os", "as", "do", "da", "il", "lo", "le", "i", "gli",
               "di", "della", "dello", "dei", "l", "with", "con", "com", "and", "y", "e", "ed", "to", "al", "ao"}
"""Linking words and articles left at the edge of a name once its series is taken out ("Elemental HERO The Shining";
"Contract with Exodia": "Contrato com", a word that ends on "com", is no member's name)."""
_NICK_VARIANTS = {"nickname", "abbreviation", "anime-name", "old-name", "fan-translation", "misspelling"}
MECHANIC_SERIES = {"xyz", "synchro", "fusion", "ritual", "pendulum", "link", "tuner", "token", "counter"}
"""Series named after a game mechanic or object: cards with the word in their name belong to no deck that a writer
names by it, so their other words are not members' names ("Universe" is not Xyz Universe in a text about Xyz)."""
MEMBER_WORD_LETTERS = 6
"""A word of a long remainder ("Ame no Habakiri no") stands for the card alone when it has this many letters or more."""


def member_forms(cards: list, series: list, taken: set = frozenset()) -> list:
    """Per (Named, forms) of ``cards``: the forms (variant ``series-member``, source: the series id) by which writers
    name a member of a series once the series is named nearby: the piece of its name without the series ("Lyla" of
    "Lyla, Lightsworn Sorceress", "Defender" of "Destiny HERO - Defender", "Kusanagi" of "Mitsurugi no Mikoto,
    Kusanagi"), the rest of a name that is the series and one or two words ("Rat" of "Wind-Up Rat"; but no everyday
    word: "Shining" of "Elemental HERO The Shining" is none), or a long rare word of a longer rest ("Habakiri"); a
    longer rest, of three words or more, is a form too, which ``translate`` reads with no series named ("Uomo Alato
    della Fiamma").

    Only series whose name is no everyday word and no game mechanic (``MECHANIC_SERIES``) are used (a one-word
    series "Dragon" names no deck); a form that is a series name or another card's nickname (``taken``), or the
    name of a card printed as often or more ("Stardust Dragon" of "Stardust Dragon/Assault Mode") or the short form
    of such a card whose whole name the member's holds ("Uria" of a later Uria card), is none; a
    form that several members of a series share (or members of several series) names the most printed one when it has
    twice the printings of each other one, else none. ``translate`` reads these forms only where the series is named in
    the text.
    """
    from .mentions import zipf_table

    by_words: dict = {}  # the folded words of a series name → series ids
    for e, forms in series:
        for text, *_ in forms:
            words = tuple(normalize(text).split())
            if words and not any(w.isdigit() for w in words):
                by_words.setdefault(words, set()).add(e.id)
    single = sorted({w[0] for w in by_words if len(w) == 1})
    everyday = {w for col in zipf_table(single).values() for w, z in zip(single, col) if z >= 35}
    by_words = {w: ids for w, ids in by_words.items() if len(w) > 1 or (w[0] not in everyday and w[0] not in MECHANIC_SERIES)}
    longest = max((len(w) for w in by_words), default=0)
    found: dict = {}  # (series id, folded form) → {card index: {lang: text}}
    rare_cands: set = set()
    per_card = []
    for ci, (e, forms) in enumerate(cards):
        mine = []
        for text, lang, variant, *_ in forms:
            if variant != "official":
                continue
            for piece in _member_pieces(text, by_words, longest):
                mine.append((piece, lang))
        per_card.append(mine)
        for (sid, t, rare), lang in mine:
            found.setdefault((sid, normalize(t)), {}).setdefault(ci, {}).setdefault(lang, t)
            if rare:
                rare_cands.add(normalize(t))
    full: dict = {}  # a card's official name (folded) → the most printings of a card with that name
    heads: dict = {}  # a card's short form (folded) → the indexes of the cards it stands for
    for ci, (e, forms) in enumerate(cards):
        for text, _, variant, *_ in forms:
            if variant == "official":
                k = normalize(text)
                full[k] = max(full.get(k, 0), e.prominence)
            elif variant == "short-form":
                heads.setdefault(normalize(text), []).append(ci)
    rare_list = sorted(rare_cands)
    common = {w for col in zipf_table(rare_list).values() for w, z in zip(rare_list, col) if z >= 25}
    out = [[] for _ in cards]
    for (sid, key), sub in _sub_series_hits(found, by_words).items():  # a sub-series' members are the series' too
        found[(sid, key)] = {**sub, **found[(sid, key)]}
    for (sid, key), hits in found.items():
        if key in common or key in taken or len(key) < 3 or key in _EDGE_WORDS or key.isdigit():
            continue
        ranked = sorted(hits, key=lambda i: -cards[i][0].prominence)
        if len(ranked) > 1 and cards[ranked[0]][0].prominence < SHORT_LEAD * max(1, cards[ranked[1]][0].prominence):
            continue
        if full.get(key, -1) >= cards[ranked[0]][0].prominence:
            continue  # "Stardust Dragon" (of "Stardust Dragon/Assault Mode") is the more printed card of that name
        if key in heads and _within(cards, heads[key], ranked[0]):
            continue  # "Uria" is Uria, Lord of Searing Flames, whose whole name the newer member card's name holds
        out[ranked[0]] += [(t, lang, "series-member", sid) for lang, t in hits[ranked[0]].items()]
    return out


def _sub_series_hits(found: dict, by_words: dict) -> dict:
    """(series id, form) → the cards of ``found`` that have that form as members of a sub-series of that series: one
    whose name begins with the series' name, word for word ("Fire King Avatar" of "Fire King"). A card's name is read
    for its longest series only, so "Garunix" is Fire King High Avatar Garunix's form as a Fire King, and Fire King
    Avatar Garunix's as a Fire King Avatar; both are Fire Kings, and the Fire King series names neither by it."""
    parents: dict = {}  # series id → the series whose names its names begin with
    for words, ids in by_words.items():
        for n in range(1, len(words)):
            for parent in by_words.get(words[:n], ()):
                for sid in ids:
                    if sid != parent:
                        parents.setdefault(sid, set()).add(parent)
    out: dict = {}
    for (sid, key), hits in found.items():
        for parent in parents.get(sid, ()):
            if (parent, key) in found:
                out.setdefault((parent, key), {}).update(hits)
    return out


def _trimmed(toks: list) -> list:
    """The word matches ``toks`` without the linking words and articles at either edge (``_EDGE_WORDS``)."""
    a, b = 0, len(toks)
    while a < b and fold_word(toks[a].group()) in _EDGE_WORDS:
        a += 1
    while b > a and fold_word(toks[b - 1].group()) in _EDGE_WORDS:
        b -= 1
    return toks[a:b]


def _member_pieces(text: str, by_words: dict, longest: int) -> list:
    """((series id, piece, is a single rare-word candidate), ...) for one card name (see ``member_forms``)."""
    words = [fold_word(w) for w in TOKEN.findall(text)]
    hit = None
    for size in range(min(longest, len(words) - 1), 0, -1):
        for k in range(len(words) - size + 1):
            ids = by_words.get(tuple(words[k:k + size]))
            if ids:
                hit = (tuple(words[k:k + size]), ids)
                break
        if hit:
            break
    if hit is None:
        return []
    sw, ids = hit
    pieces = [p for p in re.split(_PIECES, text) if TOKEN.search(p)]
    out = []

    def has_series(p):
        pw = [fold_word(w) for w in TOKEN.findall(p)]
        return any(tuple(pw[k:k + len(sw)]) == sw for k in range(len(pw) - len(sw) + 1))

    if len(pieces) > 1:
        rest = [p for p in pieces if not has_series(p)]
        if len(rest) == len(pieces) - 1:
            out += [(p.strip(), False) for p in rest if 1 <= len(TOKEN.findall(p)) <= 2]
    else:
        toks = list(TOKEN.finditer(text))
        pw = [fold_word(m.group()) for m in toks]
        k = next(k for k in range(len(pw) - len(sw) + 1) if tuple(pw[k:k + len(sw)]) == sw)
        if k == 0 or k + len(sw) == len(pw):  # the series at one end: the rest is the member's own name
            keep = _trimmed(toks[len(sw):] if k == 0 else toks[:k])
            if 1 <= len(keep) <= 2:
                out.append((text[keep[0].start():keep[-1].end()], False))
            elif keep:
                out += [(m.group(), True) for m in keep if len(m.group()) >= MEMBER_WORD_LETTERS]
                out.append((text[keep[0].start():keep[-1].end()], False))  # and the whole rest, of three words or more
                # ("Uomo Alato della Fiamma" of "Uomo Alato della Fiamma EROE Elementale"), read with no series named
        got = [(sid, t, rare) for t, rare in out for sid in sorted(ids)]
        # another series at the other end: the rest without it, where it is three words or more ("Uomo Alato" opens the
        # name above, "EROE Elementale" ends it)
        for size in range(min(longest, len(pw) - 3), 0, -1):
            for k2 in (0, len(pw) - size):
                other = by_words.get(tuple(pw[k2:k2 + size]))
                if not other or tuple(pw[k2:k2 + size]) == sw:
                    continue
                keep = _trimmed(toks[size:] if k2 == 0 else toks[:k2])
                if len(keep) >= 3:
                    got += [(sid, text[keep[0].start():keep[-1].end()], False) for sid in sorted(other)]
        return got
    return [(sid, t, rare) for t, rare in out for sid in sorted(ids)]


# ── locations and caching ─────────────────────────────────────────────────────

def default_kb() -> str:
    """The kb/ to use when none is given (``resources.default_kb``: the validator's rule, without importing it)."""
    from ..core.resources import default_kb as rule
    return rule()


def default_names() -> str:
    """The name table's default location (the rule of ``nametable.default_path``, without importing it)."""
    if os.environ.get("YGORULES_NAMES"):
        return os.path.expanduser(os.environ["YGORULES_NAMES"])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "ygorules", "names.tsv.gz")


_CODE = ("names/index.py", "names/table.py", "names/mentions.py", "names/nicknames.py", "core/fold.py", "core/locales.py")
"""The code a cached part is built by (besides the tool version and INDEX_VERSION): a change to any of it rebuilds."""
_TEMPLATES = ("core", "conditions.yaml")
"""Where ``core.conditions.TEMPLATES`` is, below the package."""


def _code_key() -> str:
    """The key of what builds a part: the tool version, INDEX_VERSION, and the path, size, mtime and inode of the code
    (``_CODE``), of the condition templates whose monster Types are no short form (``core.conditions.TEMPLATES``,
    ``conditions.type_words``) and of the nickname list (a stat each: a cold ``lookup`` reads none of them). The templates'
    module is not imported for it: its ``TEMPLATES`` when it is loaded (a test may point it elsewhere), else where that
    is (``_TEMPLATES``)."""
    from .. import __version__
    from . import nicknames
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = [__version__, str(INDEX_VERSION)]
    conditions = sys.modules.get(__name__.rsplit(".", 2)[0] + ".core.conditions")
    templates = conditions.TEMPLATES if conditions is not None else os.path.join(here, *_TEMPLATES)
    for path in [os.path.join(here, f) for f in _CODE] + [templates]:
        try:
            st = os.stat(path)
            out.append(f"{path}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
        except OSError:
            out.append(f"{path}:missing")
    out.append(nicknames.stamp(nicknames.default_path()))
    return ";".join(out)


def _nicks() -> dict:
    from . import nicknames
    return nicknames.by_passcode(nicknames.load(nicknames.default_path()))


def kb_signature(root) -> str:
    """The key of the KB part: the code key, the kb folder, and every kb file's path, size, mtime and inode (core.walk's
    files, the ones the check reads): it changes whenever a file does."""
    from ..core.walk import ENTRY_SUFFIX, walk
    root = os.fspath(root)
    out = [f"{_code_key()};{os.path.realpath(root)}"]
    cut = len(root)
    for _, it in walk(root):
        if it.name.endswith(ENTRY_SUFFIX) and not it.is_dir():
            st = it.stat()
            out.append(f"{it.path[cut:]}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")  # the path below root
    return "\n".join(out)


MAGIC = b"ygoidx\x00\x02"
"""The first bytes of a part's cache file (the layout's own version; INDEX_VERSION, in the header, is the columns')."""
_PRELUDE = len(MAGIC) + 4  # the magic, then the header's length (4 bytes, little-endian)
_INLINE = 2048
"""A column whose marshalled value is shorter than this is kept in the header (a code column's list of values)."""


def _part_file(kind: str, source: str) -> str:
    """The cache file of a part (core.cache's blob of ``kind`` for the source file or folder)."""
    from ..core.cache import blob_path
    return blob_path(kind, os.path.realpath(source), ".index")


class Columns:
    """The columns of a part as its cache file holds them, each read (one ``os.pread`` of its region) on first use.

    The file (``_write_cache``) is ``MAGIC``, the header's length, the header (marshal: the part's head values, the
    small columns, and where each other column lies, with its kind: ``b`` bytes, ``s`` a text column stored as UTF-8,
    ``m`` marshal), then the columns one after another. An exact lookup reads its key column, their forms' offsets
    and the few rows it prints: not the 6 MB of the whole pool. A text column is decoded whole only where a caller
    asks for all of it (``Part.strings``); ``Part.col`` decodes one item at a time (``RawStrs``), for a column that
    is not plain ASCII through its byte offsets (``name@b``, written beside the character offsets ``name@``).

    The file stays open: a cache file replaced by another process (``write_file`` renames a new one in place) is
    not seen by this one, which goes on reading the version it opened. A column that cannot be read or decoded
    (a damaged file) builds the part again (``rebuild``), writes it anew, and answers from the new columns.
    """

    __slots__ = ("values", "spans", "fd", "rebuild", "texts", "read")

    def __init__(self, values: dict, spans: dict, fd: int, rebuild):
        self.values = values  # the head values and every column read so far
        self.spans = spans  # column → (kind, start, length) in the file, for the columns not read yet
        self.fd = fd
        self.rebuild = rebuild  # () → the part's columns as a dict, built again and written to the cache
        self.texts: dict = {}  # text column → its UTF-8 bytes, as read
        self.read: set = set()  # the columns read from the file so far

    def __del__(self, _close=os.close):
        # (os.close bound when the class is made: at the interpreter's exit the module's globals may be gone first)
        if self.fd is not None:
            try:
                _close(self.fd)
            except OSError:
                pass

    def __contains__(self, name: str) -> bool:
        return name in self.values or name in self.spans

    def get(self, name: str, default=None):
        return self[name] if name in self else default

    def __getitem__(self, name: str):
        try:
            return self.values[name]
        except KeyError:
            pass
        kind, start, length = self.spans[name]  # (KeyError: the part has no such column)
        try:
            raw = self.texts.get(name) or self._read(start, length)
            value = raw.decode("utf-8", "surrogatepass") if kind == "s" else raw if kind == "b" else _loads(raw)
        except (OSError, EOFError, ValueError, TypeError):  # (UnicodeDecodeError is a ValueError)
            return self._repair()[name]
        self.values[name] = value
        self.read.add(name)
        return value

    def read_columns(self) -> set:
        """The columns read from the file so far (whole or, for a text column, as bytes; not those kept in the header)."""
        return set(self.read)

    def text_bytes(self, name: str) -> bytes | None:
        """The UTF-8 bytes of a text column still in the file (None when it is in memory as a ``str``)."""
        raw = self.texts.get(name)
        if raw is None:
            span = self.spans.get(name)
            if span is None or span[0] != "s" or name in self.values:
                return None
            try:
                raw = self.texts[name] = self._read(span[1], span[2])
                self.read.add(name)
            except OSError:
                self._repair()
                return None
        return raw

    def _read(self, start: int, length: int) -> bytes:
        raw = _pread(self.fd, length, start)
        if len(raw) != length:
            raise EOFError("a column goes past the end of the file")
        return raw

    def repair_text(self, name: str) -> Strs:
        """A text column from the part built again (its file was found damaged while it was read)."""
        values = self._repair()
        return Strs(values[name], _array(values[name + "@"]))

    def _repair(self) -> dict:
        if self.rebuild is not None:
            self.values, self.spans, self.texts = self.rebuild(), {}, {}
            self.rebuild = None
        return self.values


def _pread(fd: int, length: int, at: int) -> bytes:
    """``length`` bytes of the file ``fd`` from ``at`` (fewer only at its end): ``os.pread``, or a seek and reads where
    the system has no pread."""
    chunks, got = [], 0
    while got < length:
        if _HAS_PREAD:
            chunk = os.pread(fd, length - got, at + got)
        else:
            os.lseek(fd, at + got, os.SEEK_SET)
            chunk = os.read(fd, length - got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


_HAS_PREAD = hasattr(os, "pread")


def _loads(raw: bytes):
    enabled = gc.isenabled()
    gc.disable()  # marshal builds many containers: the cyclic collector would only slow it down
    try:
        return marshal.loads(raw)
    finally:
        if enabled:
            gc.enable()


def _read_cache(path: str, signature: str, rebuild=None) -> Columns | None:
    """The columns stored in ``path`` when they are this INDEX_VERSION's for ``signature``, opened (only the header is
    read); None when the file is missing, stale, truncated or damaged, or not safe to load (another user owns it or may
    write it or its folder: core.cache.owned_by_us)."""
    from ..core.cache import owned_by_us
    if not owned_by_us(path):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        first = _pread(fd, 65536, 0)
        if first[:len(MAGIC)] != MAGIC or len(first) < _PRELUDE:
            raise ValueError("not a cache file of this layout")
        size = int.from_bytes(first[len(MAGIC):_PRELUDE], "little")
        raw = first[_PRELUDE:_PRELUDE + size] if len(first) >= _PRELUDE + size else _pread(fd, size, _PRELUDE)
        head = _loads(raw)
        if not (isinstance(head, dict) and head.get("version") == INDEX_VERSION and head.get("signature") == signature):
            raise ValueError("another version's or another source's columns")
        spans, base, end = head.pop("spans"), _PRELUDE + size, _PRELUDE + size + head.pop("size")
        if os.fstat(fd).st_size != end or not all(base <= base + a and base + a + n <= end for _, a, n in spans.values()):
            raise ValueError("truncated or damaged")
        spans = {k: (kind, base + a, n) for k, (kind, a, n) in spans.items()}
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        os.close(fd)
        return None
    return Columns(head, spans, fd, rebuild)


def _write_cache(kind: str, source: str, data: dict) -> bool:
    """Write a part's columns as one file (see ``Columns``), atomically; a cache folder that cannot be written only
    costs speed (False)."""
    from ..core.cache import write_file  # 0600, replacing any file others may write
    head = {k: v for k, v in data.items() if k[1:2] != "_"}
    spans, blobs, at = {}, [], 0
    for name, value in data.items():
        if name[1:2] != "_":
            continue
        if type(value) is str:
            blob, how = value.encode("utf-8", "surrogatepass"), "s"
            if not value.isascii() and name + "@" in data:  # byte offsets, to decode one item at a time
                count = len(data[name + "@"]) // 4 - 1
                lengths = [len(v.encode("utf-8", "surrogatepass")) + 1 for v in value.split("\n")] if count else []
                pos = [0]
                for n in lengths:
                    pos.append(pos[-1] + n)
                extra = _ints(pos)
                spans[name + "@b"] = ("b", at, len(extra))
                blobs.append(extra)
                at += len(extra)
        elif type(value) is bytes:
            blob, how = value, "b"
        else:
            blob, how = marshal.dumps(value), "m"
            if len(blob) < _INLINE:
                head[name] = value
                continue
        spans[name] = (how, at, len(blob))
        blobs.append(blob)
        at += len(blob)
    header = marshal.dumps({**head, "spans": spans, "size": at})
    return write_file(_part_file(kind, source), b"".join([MAGIC, len(header).to_bytes(4, "little"), header, *blobs]))


def _open_part(kind: str, source: str, signature: str, build, use_cache: bool) -> Part:
    path = _part_file(kind, source)

    def rebuild() -> dict:
        data = build()
        _write_cache(kind, source, data)
        return data

    data = _read_cache(path, signature, rebuild) if use_cache else None
    if data is None:
        data = build()
        if use_cache:
            _write_cache(kind, source, data)
        part = Part(data)
    else:
        part = Part(data, (kind, source))
    part.cached = use_cache
    return part


def kb_part(root, use_cache: bool = True) -> Part:
    """The KB part of the index (from the cache when the kb files are unchanged)."""
    root = str(root)
    if not os.path.isdir(root):
        from ..core.errors import YgoError
        raise YgoError(f"{root}: no such knowledge-base folder (pass --kb DIR)", exit_code=2)
    sig = kb_signature(root)

    def build():
        from ..core.kb import collect  # the validating loader: only on a cache miss
        kb, problems = collect(root)
        return Part.build("kb", sig, kb_named(kb, _nicks()), sum(1 for p in problems if p.severity == "error"))

    return _open_part("kb", root, sig, build, use_cache)


def table_part(path=None, use_cache: bool = True) -> Part | None:
    """The table part (None when no table was given and none is at the default location)."""
    explicit = path is not None
    path = os.path.expanduser(str(path)) if explicit else default_names()
    if not os.path.isfile(path):
        if explicit:
            from . import table as nametable
            nametable.load_table(path)  # raises the documented error
        return None
    st = os.stat(path)
    sig = f"{_code_key()};{os.path.realpath(path)};{st.st_size};{st.st_mtime_ns};{st.st_ino}"

    def build():
        from . import table as nametable
        table = nametable.load_table(path)
        return Part.build("table", sig, table_named(table, _nicks()), namesakes=namesakes(table))

    return _open_part("table", path, sig, build, use_cache)


def load_index(kb=None, names=None, use_cache: bool = True,
               warn=None) -> NameIndex:
    """The name index of a kb folder (default: ``default_kb()``) and a name table (default location if present;
    ``names=False``: no table).

    Entries of a kb with errors are indexed where valid; ``warn`` (default: print to stderr) is told once.
    """
    root = str(kb) if kb is not None else default_kb()
    parts = [kb_part(root, use_cache)]
    t = table_part(names, use_cache) if names is not False else None
    if t is not None:
        parts.append(t)
    index = NameIndex(parts)
    if index.problems:
        (warn or (lambda m: print(m, file=sys.stderr)))(
            f"warning: {root} has {index.problems} error(s) (run `ygorules check`); names in the broken entries are not indexed")
    return index
