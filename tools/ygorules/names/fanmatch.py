"""Literal fan translations of English card names ("Piuma Spolveratrice dell'Arpia", "Soldado de Lustre Negro – Enviado
del Principio"): a run of words translated back to English word by word and matched against the English names.

The word table is learned from the card pool itself: every card has its official name in English and, mostly, in
Spanish, Portuguese and Italian, so ~40,000 aligned name pairs say how each word of a name is translated. IBM model 1
(a few rounds of expectation maximisation over the pairs' content words: articles and prepositions left out) gives
for each Spanish, Portuguese or Italian name word the English words it stands for, with a probability. The three
languages share one table: writers borrow across them ("Lustro", a Portuguese word, in Italian text).

A run matches a card only when the match is complete both ways, but for one word the pool never taught (that is what
keeps "Plumero de Arpía" from becoming Harpie Perfumer: "Plumero" translates to nothing, and "Arpía" alone is too
little to pair):

- every content word of the card's English name is the translation of a different word of the run, and every content
  word of the run translates to a word of the name (order is free: "Lustro Nero" is "Black Luster");
- a run word that is not in the table stands for itself when it is an English name word, else for the table words it
  is another gender or number of (the same ``stem``: "Cupe" for "Cupa", "Dragones" for "Dragon"), else for the table
  word it is a misspelling or an inflection of (a shared stem of STEM letters, or a close ratio: "Spolveratrice" for
  "Spolverino");
- a run word with two strong translations may cover two neighbouring words of the name, one each (DOUBLE: "Adivinadora"
  for Fortune Lady, a word the pool teaches as the two);
- a run word in neither the table nor the English names that is two of their words written as one is read as those
  two (SPLIT: "Cielofulmine" as "cielo fulmine");
- two neighbouring run words may together cover one English compound word of the name, in either order (COMPOUND:
  "Jogo de Bola" for Ballgame, "Luz de Luna" for Moonlight), and so may two with other words between them
  (COMPOUND_APART: "Dragón del Trueno Oscuro" for Thunder Dragondark), or two neighbouring words one English word they
  both translate to (SAME_WORD: "Arco Iris" for Rainbow); a translation covers the English name words of its stem too (EN_STEM: "summon" covers
  Summoning), and more weakly those of its family (EN_KIN: "decode" covers Decoder);
- a run word that translates to nothing at all (a word the pool never taught: a fan's own word, a compound) may stand
  for the one name word no other run word covers, or be one more word, UNKNOWN of them at most, when at least
  PARTIAL_COVER other words pair up and every word that translates does (a word that translates to something the
  name lacks is evidence of another card: "Meno" is not "Plus"), and never as the run's first or last word (a word
  of the sentence the run took in: "Saqué la Barredora…");
- one card wins by MARGIN over every other card so covered (else the run names no card for sure);
- a run with a comma is one name only where the English name has one, or where a link word follows each comma
  ("Zoma, o Espírito" is Zoma the Spirit; "Nuevo Formato, Nuevo Mundo" is a title or two names).

Each setting was chosen on the pool held out (``bench/fan_heldout.py``: the table learned on four fifths of the cards,
the others' official names and rule-made fan forms of them matched against every card; the figures are in
bench/README), never on a text set.

The table, the English content words of each card and their inverted index are built once per name table and kept
in the cache (``core.cache``, keyed on the index parts' signatures and this module's code); nothing learned is
committed data.
"""
from __future__ import annotations

import marshal
import os
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from functools import lru_cache
from itertools import compress

from ..core.fold import normalize
from .discourse import entry_named, positions_of, words_of
from .evidence import INDEFINITE
from .mentions import CAMEL, CARD_WORDS

FAN_VERSION = 7
"""Bump when the cached table's structure changes."""
STOP = frozenset("""
de del la el los las lo un una uno unos unas al y o en con por para sin
do da dos das um uma uns umas ao e ou em no na nos nas com sem pelo pela
di della dello delle dei degli dell d il i gli le l ed a ad in nel nella sul sulla con per tra fra
dal dallo dalla dalle dai dagli dall alla allo alle ai agli all nello nelle nei negli nell sullo sulle sui sugli sull col coi
of the an and to on with s for from at by
""".split())
"""Articles, prepositions and conjunctions of the four languages (and the "s" of a possessive): ignored both ways."""
ENGLISH_LINKS = frozenset("of the a an and to on with s for from at by".split())
"""The link words of English names, which a run in another language does not have."""
ROUNDS = 5
"""Rounds of expectation maximisation."""
MIN_PROB = 0.08
"""A translation kept in the table has at least this probability …"""
TOP = 4
"""… and is one of the TOP likeliest of its word."""
STEM = 6
"""A word not in the table stands for a table word that begins with the same STEM letters (both at least that long)."""
CLOSE = 84.0
"""… or that it fits with a rapidfuzz ratio of CLOSE or more (a typo)."""
WORD_PROB = 0.1
"""A run word covers a name word when it translates to it with at least this probability."""
MARGIN = 0.2
"""The winner's mean translation probability beats every other complete card's by this much."""
MAX_WORDS = 8
"""Runs of more content words than this are not tried."""
EN_STEM = 0.9
"""A run word's translation covers the English name words of its stem too (``en_stem``: "summon" covers
"summoning"), at its probability times this (0: off)."""
COGNATE = 0.8
"""A run word translates to an English name word it is a cognate of (``_cognates``: "distorsion" for Distortion,
"diabolica" for Diabolic) with this probability times the ratio of the fit (0: off) …"""
COGNATE_RATIO = 84.0
"""… the rapidfuzz ratio of the two words written alike (``en_like``, ``skeleton``) being this or more …"""
COGNATE_LONG = 6
"""… for run words of this many letters or more, COGNATE_LONG_RATIO (a ratio over few letters is coarse: "tenki" and
"tenken" fit at 80) …"""
COGNATE_LONG_RATIO = 74.0
COGNATE_LONG_NEW = True
"""… that the table does not translate (a word it does translate fits at COGNATE_RATIO: "contador", counter, is
not Contact; off: every long word)"""
COGNATE_STARTS = True
"""… among the English words that begin as English writes the word's beginning too (``en_starts``; off: only those
of its own first three letters) …"""
COGNATE_LETTERS = 5
"""… for run words of this many letters or more …"""
COGNATE_ALL = True
"""… that translate to nothing else (on: every run word) …"""
COGNATE_ENGLISH = False
"""… and that are no English name word themselves: an English word stands for itself, not for its English cognates
nor its family (``EN_KIN``): "Elemental Dragon", a deck, is not Element Dragon. On: those too."""
DOUBLE = 0.2
"""A run word with two translations of this probability or more (of two English stems) may cover two words of a name,
one each ("Adivinadora" for Fortune Lady, "Bifronte" for Twin-Headed), counted as two run words (0: never)."""
DOUBLE_LETTERS = 4
"""… English words of this many letters or more …"""
DOUBLE_NEXT = True
"""… that are neighbours in the name (off: anywhere in it) …"""
DOUBLE_SURE = 0.9
"""… where no translation of the word is this sure (an English word kept in a name, "Duel", reads itself, not the
words it was printed beside)."""
SAME_WORD = 0.3
"""Two neighbouring run words that both translate to one English word with this probability or more may together
cover it, at the lesser of the two ("Arco Iris" for Rainbow), as a compound does (COMPOUND; 0: never)."""
NUMBER_SUM = True
"""A run word whose translations are the singular and the plural of one English word ("dragoes": dragon 0.53, dragons
0.48) translates to either with their sum (at most 1): the table split one sense between the two numbers the names
print it in."""
EN_KIN = 0.4
"""A run word's translation covers the English name words of its family that ``en_stem`` leaves apart too
(``_english_kin``: "decode" covers Decoder, "charge" Charger), at its probability times this (0: off) …"""
EN_KIN_LETTERS = 6
"""… the two sharing a beginning of this many letters or more …"""
EN_KIN_MORE = 2
"""… and one longer than the other by this many letters at most ("knight" and "knightmare" are no family)."""
COMPOUND = True
"""Two neighbouring run words may together cover one English compound word of a name ("Bola" and "Jogo" Ballgame).
The other value is for ``bench/fan_heldout.py --set`` only."""
COMPOUND_APART = True
"""… and two run words with other words between them too ("Dragón del Trueno Oscuro": "dragon" + "dark" is
Dragondark, of Thunder Dragondark): a fan writes the compound's two halves where the language puts them."""
SPLIT = 3
"""A run word that translates to nothing and is two table or English name words of at least this many letters each
written as one is read as those two words (0: never)."""
UNKNOWN = 1
"""Run words that translate to nothing (a word the pool never taught: a fan's own word, a compound) that a run may
have: each stands for one word of the name that no other run word covers, or is one more word …"""
PARTIAL_COVER = 2
"""… when at least this many other run words pair up with words of the name (and every one of them does); such a
cover scores the pairs' probabilities over all the words, run and name, that take part: sum / (run words + name
words - pairs)."""
UNKNOWN_AT_EDGE = False
"""… and, when this is off, only inside the run: a first or last word may be a word of the sentence the run took in
("Saqué la Barredora…", "… Lúgubre Dorada").
The other value is for ``bench/fan_heldout.py --set`` only."""
MIN_SCORE = 0.4
"""A winner scores at least this: the cover's sum / (run words + name words - pairs), the mean translation probability
over the words that take part. One word the pool never taught standing in for a word of a three-word name caps the
score at 2/4; at 0.4 the two pairs must average 0.8, sure translations (a table word or its inflection scores 0.9-1.0),
while a stand-in beside a weak reading (a possessor's name read as a misspelt name word, 0.4-0.5) falls below it: a
group of people named after its owner, no card. Held-out pool: recall 0.623 → 0.620, the absent kind's wrong answers
73 → 68 (0.5 cost 1.1 points of recall)."""
FAMOUS = 14
"""A card read from a run short of one word of its name (``Matcher.short_of_one``) was printed this many times or more
(the pool's top one in a hundred: Blue-Eyes White Dragon 72, Mystical Space Typhoon 63, Red-Eyes Black Dragon 43, The
Winged Dragon of Ra 14) …"""
FAMOUS_LEAD = 4
"""… and this many times as often as each other card whose name the run so covers (Red-Eyes Black Dragon, 43, before
Red-Eyes Darkness Dragon, 5)."""
COMMA_ARTICLE = True
"""A run with a comma matches a name without one when an article follows each comma ("Zoma, o Espírito"). The other
value is for ``bench/fan_heldout.py --set`` only."""


def content(text: str) -> list[str]:
    """The folded content words of a name or run, in order, each once."""
    return list(dict.fromkeys(w for w in normalize(text).split() if w not in STOP))


def learn(pairs: list) -> dict:
    """foreign word → ((English word, probability), …) from (foreign words, English words) pairs (IBM model 1).

    Each (foreign, English) word pair that occurs together gets a number; a round of expectation maximisation is then
    sums over lists of numbers, made in C (``sum(map(…))``): ``1/z`` for each (pair, English word), each word pair's
    count as its probability times the sum of the ``1/z`` it occurs under, and each foreign word's total over its word
    pairs. (The sums group the terms otherwise than a per-occurrence loop would; on the pool's 40,000 name pairs the
    table is the same, in about three quarters of the CPU time: 4.4 → 3.3 s.)

    >>> learn([(["dragon", "blanco"], ["white", "dragon"]), (["dragon", "negro"], ["black", "dragon"])])["blanco"]
    (('white', 0.756), ('dragon', 0.244))
    """
    pairs = [(f, e) for f, e in pairs if f and e]
    fe_id: dict = {}
    rows = []  # the word-pair numbers of each (pair, English word)
    for fs, es in pairs:
        for e in es:
            rows.append([fe_id.setdefault((f, e), len(fe_id)) for f in fs])
    n = len(fe_id)
    rows_of: list = [[] for _ in range(n)]  # word pair → the rows it occurs in
    for r, ids in enumerate(rows):
        for i in ids:
            rows_of[i].append(r)
    by_f: dict = defaultdict(list)
    for i, (f, _) in enumerate(fe_id):
        by_f[f].append(i)
    groups = list(by_f.values())  # foreign word → its word pairs
    t = [1.0] * n
    for _ in range(ROUNDS):
        inv = [1.0 / sum(map(t.__getitem__, ids)) for ids in rows]
        count = [p * sum(map(inv.__getitem__, rs)) for p, rs in zip(t, rows_of)]
        for ids in groups:
            total = sum(map(count.__getitem__, ids))
            for i in ids:
                t[i] = count[i] / total
    table: dict = defaultdict(list)
    for (f, e), p in zip(fe_id, t):
        if p >= MIN_PROB:
            table[f].append((e, round(p, 3)))
    return {f: tuple(sorted(v, key=lambda x: -x[1])[:TOP]) for f, v in table.items()}


def pairs_of(named: list) -> list:
    """(foreign content words, English content words) of every official name of (English name, [other names]) cards."""
    out = []
    for en, others in named:
        ew = content(en)
        out += [(content(other), ew) for other in others]
    return out


def build(named: list, table: dict | None = None) -> dict:
    """The cached structure from (English name, {lang: name}) of every card, as strings that a start loads and never
    splits whole (``_words``, ``_Lines``): ``f``, the table (``learn``; each word's "english probability …");
    ``names`` and ``words``, the English names with two or more content words (each once) and their content words, a
    line each, with the lines' offsets (``names_at``, ``words_at``); ``e``, each English content word and the numbers of
    the names that have it; ``vocab``, every table and English word, sorted, by its first three letters. ``table``: a
    word table learned elsewhere (``bench/fan_heldout.py`` learns it on some cards and matches against all of them)."""
    names, words, inv = [], [], defaultdict(list)
    seen = set()
    for en, _ in named:
        ew = content(en)
        if len(ew) >= 2 and en not in seen:
            seen.add(en)
            for w in ew:
                inv[w].append(len(names))
            names.append(en)
            words.append(tuple(ew))
    if table is None:
        table = learn(pairs_of(named))
    vocab: dict = defaultdict(list)
    for w in sorted(set(table).union(inv)):
        vocab[w[:3]].append(w)
    return {"version": FAN_VERSION, "f": _words({f: " ".join(f"{e} {p}" for e, p in v) for f, v in table.items()}),
            "e": _words({e: " ".join(map(str, v)) for e, v in inv.items()}),
            **_lines("names", names), **_lines("words", [" ".join(ws) for ws in words]),
            "vocab": {k: "\n".join(v) for k, v in vocab.items()}}


def _words(values: dict) -> dict:
    """word → value (a string with no line break) as ``_Words`` reads it: ``keys``, {first three letters: (number of
    its first word, "\\nword\\nword\\n")}, the words sorted; ``vals`` and ``vals_at``, the values by number
    (``_lines``). A start loads a few strings and a small dict, and makes no string a word."""
    buckets: dict = defaultdict(list)
    for w in sorted(values):
        buckets[w[:3]].append(w)
    keys, vals = {}, []
    for k, ws in buckets.items():
        keys[k] = (len(vals), "\n" + "\n".join(ws) + "\n")
        vals += [values[w] for w in ws]
    return {"keys": keys, **_lines("vals", vals)}


class _Words:
    """The value of a word in a ``_words`` structure (``get``), or None.

    >>> w = _Words(_words({"dragon": "3 4", "drago": "3", "ojos": "7"}))
    >>> w.get("dragon"), w.get("drago"), w.get("ojos"), w.get("drag"), w.get("rojo")
    ('3 4', '3', '7', None, None)
    """
    __slots__ = ("_keys", "_vals")

    def __init__(self, d: dict):
        self._keys, self._vals = d["keys"], _Lines(d["vals"], d["vals_at"])

    def get(self, w: str):
        got = self._keys.get(w[:3])
        if got is None:
            return None
        first, block = got
        a = block.find("\n" + w + "\n")
        return None if a < 0 else self._vals[first + block.count("\n", 0, a)]


def _lines(name: str, lines: list) -> dict:
    """{name: the lines joined, name_at: the offset of each line and of the end, as ``array("I")`` bytes}."""
    at = array("I", [0])
    for line in lines:
        at.append(at[-1] + len(line) + 1)
    return {name: "\n".join(lines), name + "_at": at.tobytes()}


class _Lines:
    """Line ``i`` of a string by its offsets (``_lines``), without splitting the string (a start pays for no list).

    >>> d = _lines("x", ["ab", "", "c d"])
    >>> _Lines(d["x"], d["x_at"])[1], _Lines(d["x"], d["x_at"])[2]
    ('', 'c d')
    """
    __slots__ = ("_s", "_at")

    def __init__(self, s: str, at: bytes):
        self._s, self._at = s, array("I")
        self._at.frombytes(at)

    def __getitem__(self, i: int) -> str:
        return self._s[self._at[i]:self._at[i + 1] - 1]

    def __len__(self) -> int:
        return len(self._at) - 1


def _parts(index) -> list:
    """The parts the word table is learned from: the imported pool when there is one (the KB's cards are in it), else the
    KB; so the table built right after an import (``prepare``) is the one every index with that pool reads."""
    return [p for p in index.parts if p.origin == "table"] or index.parts


def prepare(index) -> None:
    """Build and cache the word table and the heads of an index of an imported pool's part (``names import`` calls it
    with ``NameIndex([part])``, so that the first translation does not pay for the learning)."""
    model(index)
    heads(index)
    heads(index, "glued")


LANGS = ("es", "pt", "it")


def pool_names(index) -> list:
    """(English name, {language: official name}) of every card of the parts the table is learned from (``_parts``),
    the names that are not the English one."""
    out = []
    for p in _parts(index):
        kinds = p.strings("e_kind") if ("e_kind#" not in p.data and "e_kind@" in p.data) else None
        en, others = p.strings("e_en"), [p.strings("e_" + l) for l in LANGS]
        for i in range(len(p)):
            if (kinds[i] if kinds is not None else p.code("e_kind", i)) != "card" or not en[i]:
                continue
            out.append((en[i], {l: o[i] for l, o in zip(LANGS, others) if o[i] and o[i] != en[i]}))
    return out


def _pool(index) -> list:
    """(English name, [other official names]) of every card of the parts the table is learned from (``_parts``)."""
    return [(en, list(others.values())) for en, others in pool_names(index)]


def _unprinted(index) -> list:
    """(English name, []) of the cards of the parts the table is learned from that have no official name in any language,
    only unofficial translations (Holactie the Creator of Light, printed in Japanese alone), by their English one: their
    heads are read as others' (``build_heads``); the word table never learns from them (``pool_names``)."""
    out = []
    for p in _parts(index):
        for i, names in p.names_by_variant("fan-translation").items():
            e = p.entry(i)
            if e.kind == "card" and names.get("en") and not any(e.names.values()):
                out.append((names["en"], []))
    return out


def _key(index) -> str:
    st = os.stat(__file__)
    return ";".join([str(FAN_VERSION), f"{st.st_size}:{st.st_mtime_ns}"] + [p.data.get("signature", "") for p in _parts(index)])


_LOADED: dict = {}


def model(index) -> dict:
    """The learned structure for an index: from memory, else the cache, else built (and cached)."""
    key = _key(index)
    got = _LOADED.get(key)
    if got is not None:
        return got
    from ..core.cache import read_blob, write_blob
    raw = read_blob("fanmatch", key, ".marshal")
    got = None
    if raw is not None:
        try:
            got = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            got = None
        if not isinstance(got, dict) or got.get("version") != FAN_VERSION:
            got = None
    if got is None:
        got = build(_pool(index))
        got["famous"] = _famous_numbers(index, got)
        write_blob("fanmatch", key, marshal.dumps(got), ".marshal")
    _LOADED.clear()
    _LOADED[key] = got
    return got


def _famous_numbers(index, m: dict) -> list:
    """The numbers, in ``build``'s ``names``, of the English names of the cards printed ``FAMOUS`` times or more (the
    pool's printings)."""
    en = set()
    for p in _parts(index):
        if "e_prom" in p.data:
            names = p.strings("e_en")
            en.update(names[i] for i, n in enumerate(p.ints("e_prom")) if n >= FAMOUS and names[i])
    lines = _Lines(m["names"], m["names_at"])
    return [ni for ni in range(len(lines)) if lines[ni] in en]


class Matcher:
    """Matches runs of words against the English names of one index's cards (``match``), with a memo of word
    translations."""

    def __init__(self, index, m: dict | None = None):
        self.index = index  # None: no name is printed (``m``, a ``build`` of one's own, is all there is)
        m = model(index) if m is None else m
        # strings by buckets of words and by line offsets (a load makes no string a word or a name: that was most of it)
        self._f, self._e = _Words(m["f"]), _Words(m["e"])  # word → "english prob …"; English word → "name numbers"
        self.names, self.words = _Lines(m["names"], m["names_at"]), _Lines(m["words"], m["words_at"])
        self._vocab = m["vocab"]  # first three letters → the words, sorted, a line each
        self._trans: dict = {}
        self._split: dict = {}  # word → ``_halves`` (``widened`` asks it of the words after a name found)
        self._forms_of: dict = {}  # English word → ``_english_forms`` (many run words translate to the same word)
        self._numbers: dict = {}  # English word → the numbers of the names that have it, as ints (``_covers``)
        self._id_memo: dict = {}  # word → ``_ids``
        self._bucket_words: dict = {}  # first three letters → the words of ``vocab`` that begin with them
        self._by_cognate: set = set()  # the words whose one reading is as cognates
        self._cognate_buckets: dict = {}  # first three letters → {``skeleton``: English name word} (``_cognates``)
        famous = m.get("famous", ())  # (a table built elsewhere, ``bench/fan_heldout.py``'s: none)
        words = [(ni, self.words[ni].split(" ")) for ni in famous]
        self._famous = ({w for _, ws in words for w in ws}, [(len(ws), frozenset(ws)) for _, ws in words])
        # (every content word of the famous cards' English names; each name's count of content words and its words)

    def _ids(self, e: str) -> str | None:
        """The numbers of the names that have the English word ``e`` ("3 17 …"), or None when no name has it (kept per
        word: a run's words, their translations and their compounds ask the same words again and again)."""
        memo = self._id_memo
        got = memo.get(e, 0)
        if got == 0:
            if len(memo) > 200_000:
                memo.clear()
            got = memo[e] = self._e.get(e)
        return got

    def _table(self, f: str) -> list:
        v = self._f.get(f)
        if not v:
            return []
        it = v.split(" ")
        return [(it[k], float(it[k + 1])) for k in range(0, len(it), 2)]

    def translations(self, w: str) -> dict:
        """English word → probability for a folded run word (see the module doc)."""
        out = self._trans.get(w)
        if out is not None:
            return out
        out = {}
        english = self._ids(w) is not None
        if english:
            out[w] = 1.0
        got = self._table(w)
        if not got and not english and len(w) >= 4:
            merged: dict = {}
            for f in self._inflections(w) or self._near(w):
                for e, p in self._table(f):
                    merged[e] = max(merged.get(e, 0.0), p)
                if self._ids(f) is not None:
                    merged[f] = 1.0
            got = merged.items()
        for e, p in got:
            if p > out.get(e, 0.0):
                out[e] = p
        if COGNATE and (COGNATE_ALL or not out) and len(w) >= COGNATE_LETTERS and (COGNATE_ENGLISH or not english):
            cognates = self._cognates(w, loose=not out or not COGNATE_LONG_NEW)
            if cognates and not out:
                self._by_cognate.add(w)
            for e, r in cognates:
                p = round(COGNATE * r / 100.0, 3)
                if p > out.get(e, 0.0):
                    out[e] = p
        if NUMBER_SUM and len(out) > 1:
            base = dict(out)
            for e, p in base.items():
                for x in en_number(e):
                    q = base.get(x)
                    if q is not None and p + q > out[e]:
                        out[e] = min(1.0, p + q)
        if EN_STEM:
            for e, p in list(out.items()):
                q = p * EN_STEM
                for x in self._english_forms(e):
                    if q > out.get(x, 0.0):
                        out[x] = q
                if EN_KIN and len(e) >= EN_KIN_LETTERS and (COGNATE_ENGLISH or not english or e != w):
                    q = p * EN_KIN
                    for x in self._english_kin(e):
                        if q > out.get(x, 0.0):
                            out[x] = q
        self._trans[w] = out
        return out

    def english_guess(self, piece: str) -> bool:
        """Whether a run (read by ``ranked`` already) is English words but one or more read only as cognates of English
        name words ("Stastrike Blast"): no word of it is translated, so it is no literal translation."""
        run = [w for w in normalize(piece).split() if w not in STOP]
        return any(w in self._by_cognate for w in run) and all(w in self._by_cognate or self._ids(w) is not None for w in run)

    def english_only(self, piece: str) -> bool:
        """Whether every word of a run (but ``STOP`` words) is an English name word as written that the pool's names in
        the other languages never write for another English word ("Spirit World"; not "Re dei Goblin", whose "re" is
        King): English written in the text, no word of it translated, so no literal translation."""
        run = [w for w in normalize(piece).split() if w not in STOP]
        return bool(run) and all(self._ids(w) is not None and all(e == w for e, _ in self._table(w)) for w in run)

    def _cognates(self, w: str, loose: bool = True) -> list:
        """(English name word, ratio) of the English name words that a folded run word, written the English way
        (``en_like``), fits with a rapidfuzz ratio of COGNATE_RATIO (COGNATE_LONG_RATIO) or more, among those that
        begin as it does or as English writes its beginning (``en_starts``: "misterioso" among the "mys…" words too),
        at most 3 ("distorsion" for "distortion"; "verdetto", "verdet", for "verdict" no)."""
        got: dict = {}
        for key in (en_starts(w) if COGNATE_STARTS else (w[:3],)):
            bucket = self._cognate_buckets.get(key)
            if bucket is None:
                block = self._e._keys.get(key)  # (the English name words of those letters, one a line)
                bucket = self._cognate_buckets[key] = {} if not block else {
                    skeleton(x): x for x in block[1].split("\n") if len(x) >= COGNATE_LETTERS - 1}
            got.update(bucket)
        if not got:
            return []
        from rapidfuzz import fuzz, process
        cutoff = COGNATE_LONG_RATIO if loose and len(w) >= COGNATE_LONG else COGNATE_RATIO
        return [(got[k], r) for k, r, _ in process.extract(en_like(w), list(got), scorer=fuzz.ratio,
                                                          score_cutoff=cutoff, limit=3)]

    def _english_forms(self, e: str) -> list:
        """The English name words with the stem of ``e`` (``en_stem``: "summoning" and "summoner" for "summon"), and
        its plural or singular (``en_number``: "hats" for "hat", short words too) and its other spelling (``en_spelling``:
        "sabre" for "saber")."""
        got = self._forms_of.get(e)
        if got is None:
            st = en_stem(e)
            got = [x for x in self._prefixed(st) if x != e and en_stem(x) == st
                   and self._ids(x) is not None] if len(st) >= 4 else []
            got += [x for x in en_number(e) + en_spelling(e) if x not in got and self._ids(x) is not None]
            self._forms_of[e] = got
        return got

    def _english_kin(self, e: str) -> list:
        """The English name words that share with ``e`` a beginning of EN_KIN_LETTERS letters or more that is all of
        the shorter word but for one letter at most, and are at most EN_KIN_MORE letters longer or shorter ("decode" and
        "decoder", "charge" and "charger"): words of one family that ``en_stem`` does not make one."""
        key = "~" + e
        got = self._forms_of.get(key)
        if got is None:
            got = []
            for x in self._e_prefixed(e[:EN_KIN_LETTERS]):
                if x == e:
                    continue
                k = len(os.path.commonprefix((e, x)))
                if k >= min(len(e), len(x)) - 1 and abs(len(e) - len(x)) <= EN_KIN_MORE:
                    got.append(x)
            self._forms_of[key] = got
        return got

    def _e_prefixed(self, prefix: str) -> list:
        """The English name words that begin with ``prefix`` (three letters or more)."""
        block = self._e._keys.get(prefix[:3])
        return [x for x in block[1].split("\n") if x.startswith(prefix)] if block else []

    def _prefixed(self, prefix: str) -> list:
        """The words of ``vocab`` that begin with ``prefix`` (below ``prefix + "\\uffff"``), sorted."""
        end = prefix + "\uffff"
        if len(prefix) >= 3:
            ws = self._bucket_words.get(prefix[:3])
            if ws is None:
                block = self._vocab.get(prefix[:3])
                ws = self._bucket_words[prefix[:3]] = block.split("\n") if block else []
            return ws[bisect_left(ws, prefix):bisect_left(ws, end)]  # (a bucket is sorted: those words are one stretch)
        return sorted(w for k, block in self._vocab.items() if k.startswith(prefix)
                      for w in block.split("\n") if w.startswith(prefix) and w < end)

    def _inflections(self, w: str) -> list:
        """The table and English name words that are ``w`` in another gender or number (the same ``stem``: "nere" for
        "nera", "dragones" for "dragon")."""
        st = stem(w)
        return [f for f in self._prefixed(st) if f != w and stem(f) == st] if len(st) >= 3 else []

    def _near(self, w: str) -> list:
        """The table and English name words a word not in either is a misspelling or an inflection of: those with its
        first STEM letters (both at least STEM long), else those of its first three letters that it fits with a ratio
        of CLOSE or more."""
        if len(w) >= STEM:
            near = self._prefixed(w[:STEM])
            if near:
                return near
        from rapidfuzz import fuzz, process
        return [f for f, _, _ in process.extract(w, self._prefixed(w[:3]), scorer=fuzz.ratio, score_cutoff=CLOSE, limit=3)]

    def ranked(self, piece: str, src: str | None = None) -> list:
        """(score, English name) of every card a run may be a literal translation of, best first (see the module doc;
        ``match`` decides among them). ``src``, the language of the text the run is from, where it is read in one."""
        key = normalize(piece)
        words = key.split()
        if not words or words[0] in STOP:
            return []  # "Il Guerriero…": the run without its article is tried too (at a sentence start)
        if self.index is not None:
            printed = self.index.forms_for_key(key)
            if printed and (src is None or any(f.lang in (src, "en") for f in printed)):
                return []  # a name as printed in the text's language or English: the evidence judges it. Printed in a
                # third language only ("Mago Oscuro", Spanish, in Italian text), the scan never reads it: it is read
                # as the text's own words, a literal translation
        run = [w for w in words if w not in STOP]  # a word written twice must cover two name words
        if not 2 <= len(run) <= MAX_WORDS:
            return []
        if SPLIT:
            run = [x for w in run for x in self._halves(w)]
        trans = [{e: p for e, p in self.translations(w).items() if p >= WORD_PROB} for w in run]
        scored = self._scored(trans)
        if self._by_cognate and not self._by_cognate.isdisjoint(run):
            # a word read only as a cognate may still be a word the pool never taught (a stand-in): both readings
            best = dict((ni, s) for s, ni in scored)
            for s, ni in self._scored([{} if w in self._by_cognate else t for w, t in zip(run, trans)]):
                if s > best.get(ni, -1.0):
                    best[ni] = s
            scored = [(s, ni) for ni, s in best.items()]
        if len(scored) > 1:
            scored = self._one_per_reading(scored, set(words))
        scored.sort(reverse=True)
        return [(s, self.names[ni]) for s, ni in scored]

    def _scored(self, trans: list) -> list:
        """(score, name number) of every name the run words (their translation dicts ``trans``) cover, whole or with
        words that translate to nothing standing in (UNKNOWN, PARTIAL_COVER), two neighbouring words as one compound
        (COMPOUND); none when the words that translate to nothing are too many or at an edge."""
        known = sum(1 for t in trans if t)
        unknown = len(trans) - known
        if unknown > UNKNOWN or (unknown and (known < PARTIAL_COVER or not (UNKNOWN_AT_EDGE or (trans[0] and trans[-1])))):
            return []  # words that translate to nothing: no card is covered
        scored = self._covers(trans, known, unknown)
        if COMPOUND:
            seen = {ni for _, ni in scored}
            for merged in self._compounds(trans):
                if unknown and known - 1 < PARTIAL_COVER:
                    break
                for s, ni in self._covers(merged, known - 1, unknown):
                    if ni not in seen:
                        seen.add(ni)
                        scored.append((s, ni))
        if DOUBLE:
            seen = {ni for _, ni in scored}
            for r, t in enumerate(trans):
                strong = {e: p for e, p in t.items() if p >= DOUBLE and len(e) >= DOUBLE_LETTERS}
                if len(strong) < 2 or len({en_stem(e) for e in strong}) < 2 or max(strong.values()) >= DOUBLE_SURE:
                    continue
                for s, ni in self._covers(trans[:r + 1] + [strong] + trans[r + 1:], known + 1, unknown):
                    if ni not in seen and (not DOUBLE_NEXT or _neighbours(normalize(self.names[ni]).split(), strong)):
                        seen.add(ni)
                        scored.append((s, ni))
        return scored

    def _halves(self, w: str) -> tuple:
        """(w,), or the two words of the table or the English names that a run word not in either is written as one
        of, each of SPLIT letters or more ("Cielofulmine": "cielo", "fulmine"), before a word of the same stem or
        beginning stands for it (``translations``)."""
        if len(w) < 2 * SPLIT or self._table(w) or self._ids(w) is not None or self._inflections(w):
            return (w,)
        for i in range(SPLIT, len(w) - SPLIT + 1):
            a, b = w[:i], w[i:]
            if (self._table(a) or self._ids(a) is not None) and (self._table(b) or self._ids(b) is not None):
                return a, b
        return (w,)

    def _covers(self, trans: list, known: int, unknown: int) -> list:
        """(score, name number) of every name the run words (their translation dicts ``trans``; ``known`` of them
        translate, ``unknown`` do not) cover (see the module doc)."""
        count: Counter = Counter()
        numbers = self._numbers
        for e in set().union(*trans):
            got = numbers.get(e)
            if got is None:
                ids = self._ids(e)
                got = numbers[e] = tuple(map(int, ids.split(" "))) if ids else ()
            count.update(got)
        n = len(trans)
        scored = []
        for ni, c in count.items():
            if c < known:
                continue
            ws = self.words[ni].split(" ")
            m = len(ws)
            if not known <= m <= known + unknown:
                continue
            k, total = _cover(trans, ws)
            if k == known:  # every word that translates pairs with a word of the name
                scored.append((total / (n + m - k), ni))
        return scored

    def _compounds(self, trans: list) -> list:
        """``trans`` with two run words made one, where a translation of each, in either order, makes an English name
        word ("Jogo de Bola": "ball" + "game" is "ballgame"; "Luz de Luna": "moonlight"), at the lesser of their
        probabilities: two neighbouring words, or any two (COMPOUND_APART: "Dragón del Trueno Oscuro", "dragon" +
        "dark"); two neighbouring words that translate to one English word make it (SAME_WORD)."""
        out = []
        n = len(trans)
        for a in range(n - 1):
            for b in range(a + 1, n if COMPOUND_APART else a + 2):
                merged = self._merged(trans[a], trans[b], b == a + 1)
                if merged:
                    out.append(trans[:a] + [merged] + trans[a + 1:b] + trans[b + 1:])
        return out

    def _merged(self, t1: dict, t2: dict, neighbours: bool) -> dict:
        """The English name words two run words' translations (``t1``, ``t2``) make together: a compound of one of each,
        in either order, and, for ``neighbours``, a word both translate to (SAME_WORD); each at the lesser of the two
        probabilities."""
        merged: dict = {}
        for e1, p1 in t1.items():
            for e2, p2 in t2.items():
                for c in (e1 + e2, e2 + e1):
                    if len(c) >= 6 and self._ids(c) is not None and min(p1, p2) > merged.get(c, 0.0):
                        merged[c] = min(p1, p2)
        if SAME_WORD and neighbours:
            for e, p1 in t1.items():
                p2 = t2.get(e)
                if p2 is not None and SAME_WORD <= min(p1, p2) > merged.get(e, 0.0):
                    merged[e] = min(p1, p2)
        return merged

    def _one_per_reading(self, scored: list, tokens: set) -> list:
        """``scored`` with one name of each set of content words: names that differ only in words a run cannot show
        ("Trap Hole" and "D.D. Trap Hole", "Monster Reborn" and a name that says Reborn twice) are one reading, the
        name with the fewest other words the run lacks (English link words aside), then the most it has, then the
        shortest ("Trap Hole" for "Buco Trappola", "D.D. Trap Hole" for "Buco Trappola D.D.")."""
        best: dict = {}
        for s, ni in scored:
            toks = normalize(self.names[ni]).split()
            content_words = self.words[ni]
            cw = set(content_words.split(" "))
            other = [t for t in toks if t not in cw and t not in ENGLISH_LINKS]
            shown = sum(1 for t in other if t in tokens)
            key = (len(other) - shown, -shown, len(toks))
            got = best.get(content_words)
            if got is None or key < got[0]:
                best[content_words] = (key, s, ni)
        return [(s, ni) for _, s, ni in best.values()]

    def match(self, piece: str, src: str | None = None):
        """(English name, score) of the card a run is a literal translation of (``ranked``, then ``decide``), or
        None."""
        ranked = self.ranked(piece, src)
        if ranked and src is not None:
            printed = self.index.forms_for_key(normalize(piece))  # (only in a third language: ``ranked`` read it)
            if printed and any(f.entry.kind == "card" and f.entry.names.get("en") == ranked[0][1] for f in printed):
                return decide(ranked, piece, 0.0)  # the literal translation is the card that the third language
                # prints under these words: two readings agree ("Mago Oscuro": Dark Magician, not The Dark Magicians)
        return decide(ranked, piece)

    def entry(self, piece: str, lang: str):
        """(entry, ``lang``, similarity) of the card a run is a literal translation of (``match``), the KB's card when
        the KB has it, or None."""
        got = self.match(piece, lang)
        if got is None:
            return None
        e = _card(self.index, got[0])
        return None if e is None else (e, lang, round(100.0 * got[1], 1))

    def short_of_one(self, piece: str, lang: str):
        """(entry, ``lang``, similarity) of the famous card a run is a literal translation of with one word of its name
        left out ("Dragon de Ojos Rojos" for Red-Eyes Black Dragon, "Tifón Místico" for Mystical Space Typhoon), or
        None. Every content word of the run (two or more) translates to a different word of the card's English name,
        which has one more content word; no card's name is covered whole (then ``match`` has judged the run); the card
        was printed ``FAMOUS`` times or more, and ``FAMOUS_LEAD`` times as often as each other card so covered (a name
        short of a word says less than a whole one: only the card everybody knows is meant so)."""
        words = normalize(piece).split()
        if not words or words[0] in STOP:
            return None
        run = [w for w in words if w not in STOP]
        if not 2 <= len(run) < MAX_WORDS:
            return None
        trans = [{e: p for e, p in self.translations(w).items() if p >= WORD_PROB} for w in run]
        if not all(trans):
            return None  # (a word that translates to nothing: no reading of this kind)
        vocab, famous = self._famous
        n = len(run) + 1
        if not all(vocab.intersection(t) for t in trans) or not any(
                k == n and all(not ws.isdisjoint(t) for t in trans) for k, ws in famous):
            return None  # (no famous card's name has the words: the cheap test, before every name is counted)
        cards = []
        for score, ni in self._covers(trans, len(run), 1):
            if len(self.words[ni].split(" ")) == len(run):
                return None  # a name covered whole: ``match``'s reading, taken or refused
            if score >= MIN_SCORE:
                e = _card(self.index, self.names[ni])
                if e is not None:
                    cards.append(e)
        if not cards:
            return None
        cards.sort(key=lambda e: -(e.prominence or 0))
        top = cards[0].prominence or 0
        if top < FAMOUS or any(e is not cards[0] and (e.prominence or 0) * FAMOUS_LEAD > top for e in cards[1:]):
            return None
        return cards[0], lang, round(100.0 * len(run) / (len(run) + 1), 1)


def stem(w: str) -> str:
    """A folded word without its gender and number ending: a plural "-s"/"-es" (Portuguese "-oes"/"-aes" as "-ao"),
    then one final vowel ("negros", "negra", "negre" → "negr"; "dragones", "dragoni", "dragon" → "dragon"; "dragoes", "dragao" → "draga").

    >>> stem("dragoes"), stem("dragao"), stem("nere"), stem("dragones")
    ('draga', 'draga', 'ner', 'dragon')
    """
    if w.endswith(("oes", "aes")) and len(w) > 5:
        w = w[:-3] + "ao"
    elif w.endswith("es") and len(w) > 5:
        w = w[:-2]
    elif w.endswith("s") and len(w) > 4:
        w = w[:-1]
    if w[-1:] in ("a", "e", "i", "o", "u") and len(w) > 3:
        w = w[:-1]
    return w


EN_SUFFIXES = ("ings", "ing", "ers", "er", "ed", "es", "s", "ions", "ion", "ry", "y")


@lru_cache(maxsize=1 << 16)
def en_stem(w: str) -> str:
    """An English word without up to two endings of EN_SUFFIXES (each leaving four letters or more): "summoning",
    "summoners", "summons" → "summon"; "heraldry" → "herald".

    >>> en_stem("summoning"), en_stem("summoners"), en_stem("heraldry"), en_stem("power")
    ('summon', 'summon', 'herald', 'power')
    """
    for _ in range(2):
        for suf in EN_SUFFIXES:
            if w.endswith(suf) and len(w) - len(suf) >= 4:
                w = w[: -len(suf)]
                break
        else:
            break
    return w


def en_number(w: str) -> tuple:
    """The English plural or singular forms ``w`` may have ("hat" → "hats"; "hats" → "hat"; "box" → "boxes";
    "fairy" → "fairies"; "fairies" → "fairy"), for the words ``en_stem`` leaves alone (three letters) or stems past
    their number; the caller keeps those that are words of the English names.

    >>> en_number("hat"), en_number("hats"), en_number("box"), en_number("boxes"), en_number("fairies"), en_number("fairy")
    (('hats',), ('hat',), ('boxes',), ('boxe', 'box'), ('fairy',), ('fairies',))
    """
    if w.endswith("ies") and len(w) > 4:
        return (w[:-3] + "y",)
    if w.endswith("es") and len(w) > 4:
        return w[:-1], w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return (w[:-1],)
    if w.endswith(("s", "x", "z", "ch", "sh")):
        return (w + "es",)
    if w.endswith("y") and len(w) > 3 and w[-2] not in "aeiou":
        return (w[:-1] + "ies",)
    return (w + "s",)


_ROMANCE_ENDINGS = (
    ("zioni", "tions"), ("zione", "tion"), ("ciones", "tions"), ("cion", "tion"), ("coes", "tions"), ("cao", "tion"),
    ("sioni", "sions"), ("sione", "sion"), ("siones", "sions"), ("soes", "sions"), ("sao", "sion"),
    ("idades", "ities"), ("idade", "ity"), ("idad", "ity"), ("ita", "ity"), ("mente", "ly"),
    ("icos", "ics"), ("icas", "ics"), ("ici", "ics"), ("iche", "ics"), ("ico", "ic"), ("ica", "ic"),
    ("osos", "ous"), ("osas", "ous"), ("oso", "ous"), ("osa", "ous"), ("osi", "ous"), ("ose", "ous"),
    ("istas", "ists"), ("isti", "ists"), ("ista", "ist"), ("ivos", "ives"), ("ivas", "ives"), ("ivo", "ive"),
    ("iva", "ive"), ("ivi", "ives"), ("adores", "ators"), ("atori", "ators"), ("atore", "ator"), ("ador", "ator"),
    ("adora", "ator"), ("arios", "aries"), ("ario", "ary"), ("aria", "ary"), ("entes", "ents"), ("enti", "ents"),
    ("ente", "ent"), ("antes", "ants"), ("anti", "ants"), ("ante", "ant"), ("ia", "y"))
"""The endings of Spanish, Portuguese and Italian words (folded) and the English endings of their cognates."""


_EN_STARTS = (("f", "ph"), ("t", "th"), ("r", "rh"), ("c", "ch"), ("c", "k"), ("qu", "ch"), ("i", "y"))
"""How English may write a letter or two at a Romance word's beginning (its first two letters)."""


def en_starts(w: str) -> tuple:
    """The first three letters of a folded Romance word and those its English cognate may begin with (``_EN_STARTS``
    at its first or second letter; Spanish and Portuguese "es" before a consonant dropped).

    >>> en_starts("misterioso"), en_starts("fantasma"), en_starts("espiritu")
    (('mis', 'mys'), ('fan', 'pha'), ('esp', 'spi'))
    """
    out = [w[:3]]
    for k in (0, 1):
        for a, b in _EN_STARTS:
            if w.startswith(a, k):
                out.append((w[:k] + b + w[k + len(a):])[:3])
    if w.startswith("es") and w[2:3] not in ("", "a", "e", "i", "o", "u"):
        out.append(w[1:4])
    return tuple(dict.fromkeys(out))


def skeleton(w: str) -> str:
    """A folded word with the spellings English and the Romance languages write one sound with made one: "ph" as "f",
    "th" as "t", "ch" and "qu" and "k" as "c", "y" as "i", a doubled letter once.

    >>> skeleton("phantasmal"), skeleton("orchestrator"), skeleton("orquestrator"), skeleton("verdetto")
    ('fantasmal', 'orcestrator', 'orcestrator', 'verdeto')
    """
    for a, b in (("ph", "f"), ("th", "t"), ("ch", "c"), ("qu", "c"), ("k", "c"), ("y", "i")):
        w = w.replace(a, b)
    return "".join(c for i, c in enumerate(w) if i == 0 or c != w[i - 1])


def en_like(w: str) -> str:
    """A folded Spanish, Portuguese or Italian word written the way its English cognate would be (its ending as
    ``_ROMANCE_ENDINGS`` maps it, else without its final vowel), as a ``skeleton``.

    >>> en_like("distorsion"), en_like("vanita"), en_like("diabolica"), en_like("orquestrador"), en_like("decreto")
    ('distorsion', 'vaniti', 'diabolic', 'orcestrator', 'decret')
    """
    for a, b in _ROMANCE_ENDINGS:
        if w.endswith(a) and len(w) > len(a) + 2:
            return skeleton(w[: -len(a)] + b)
    if w[-1:] in ("a", "e", "i", "o") and len(w) > 4:
        w = w[:-1]
    return skeleton(w)


def en_spelling(w: str) -> tuple:
    """The other spelling of an English word between the American and British ways ("saber" ↔ "sabre", "armor" ↔
    "armour", "color" ↔ "colour"): card names use both ("Lightsworn Sabre", "Saber Vault"); the caller keeps those that
    are words of the English names.

    >>> en_spelling("saber"), en_spelling("sabre"), en_spelling("armor"), en_spelling("armour"), en_spelling("dog")
    (('sabre',), ('saber',), ('armour',), ('armor',), ())
    """
    if len(w) < 4:
        return ()
    if w.endswith("our"):
        return (w[:-3] + "or",)
    if w.endswith("or"):
        return (w[:-2] + "our",)
    if w.endswith("er"):
        return (w[:-2] + "re",)
    if w.endswith("re"):
        return (w[:-2] + "er",)
    return ()


def decide(ranked: list, piece: str, margin: float | None = None):
    """(English name, score) of the first of a run's ``ranked`` cards when it scores MIN_SCORE or more and beats the
    next by ``margin`` (default MARGIN), else None; None too for a run with a comma where the name has none ("Nuevo Formato, Nuevo Mundo": a title,
    or two names), unless each comma is followed by an article, not an indefinite one ("Zoma, o Espírito" for Zoma the
    Spirit; not "Buco Nero, un Drago") and COMMA_ARTICLE is on."""
    if not ranked:
        return None
    best, name = ranked[0]
    if best < MIN_SCORE:
        return None
    if len(ranked) > 1 and ranked[1][0] > best - (MARGIN if margin is None else margin):
        return None
    if "," in piece and "," not in name:
        if not COMMA_ARTICLE:
            return None
        for after in piece.split(",")[1:]:
            ws = normalize(after).split()
            if not ws or ws[0] not in STOP or ws[0] in INDEFINITE:
                return None  # ("Buco Nero, un Drago qualsiasi": an indefinite article begins another noun phrase)
    return name, best


def _neighbours(tokens: list, words: dict) -> bool:
    """Whether two of ``words`` are next to each other in a name's folded ``tokens`` ("fortune lady" in "fortune lady
    water", not "willow" and "calligrapher" in "willow with calligrapher").

    >>> _neighbours("fortune lady water".split(), {"fortune": 0.5, "lady": 0.5}), _neighbours("a b c".split(), {"a": 1, "c": 1})
    (True, False)
    """
    return any(a in words and b in words and a != b for a, b in zip(tokens, tokens[1:]))


def _cover(trans: list, ws: list) -> tuple:
    """(pairs, sum of their probabilities) of a one-to-one cover of as many name words ``ws`` as can be by the run
    words (their translation dicts ``trans``; augmenting paths, each run word trying its likelier words first)."""
    n = len(ws)
    owner = [-1] * n  # name word → run word

    def place(r: int, seen: set) -> bool:
        for j in sorted(range(n), key=lambda j: -trans[r].get(ws[j], 0.0)):
            if ws[j] in trans[r] and j not in seen:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = r
                    return True
        return False

    k = 0
    for r in range(len(trans)):
        if trans[r] and place(r, set()):
            k += 1
    return k, sum(trans[owner[j]][ws[j]] for j in range(n) if owner[j] >= 0)


# ── a card's own name followed by its epithet, written loosely ("Felis, lightsworm archer") ─────────────────────

EPITHET_WORDS = 6
"""An epithet is read for at most this many words after the comma."""
EPITHET_TYPO = 85.0
"""An epithet word written with a typo fits a word of the card's epithet with a rapidfuzz ratio of this or more."""


GLUED_LETTERS = 7
"""A name of two or three words written as one word ("Feralimp") is read when it has this many letters or more …"""
GLUED_ZIPF = 1.0
"""… and the word is rarer than this in the text's language and in English ("Sunrise" is a word): asked of wordfreq
when the table is built, so that a text never loads wordfreq's word lists (a tenth of a second a process)."""


def build_heads(named: list) -> dict:
    """``heads``: first folded word of a head → "head words<TAB>English name" lines, for every card whose English name
    is a head, a comma and an epithet ("Raiden, Hand of the Lightsworn": head "raiden") or a head, "the" and an epithet
    ("Caius the Shadow Monarch", written "Caius, el monarca…" in Spanish text); ``glued``: the folded words of
    each card's two- or three-word name in any language written as one → its English name (one card's only), as
    ``_words`` (30,000 names: a dict of them cost a start far more than reading the few a text may have), as "English
    name<TAB>languages" where the word is an everyday one (Zipf GLUED_ZIPF or more) of some of es, pt, it ("es it"),
    and not at all where it is one of English."""
    out: dict = defaultdict(list)
    glued: dict = {}
    for en, others in named:
        head, comma, rest = en.partition(",")
        if not comma and " the " in en:  # "Caius the Shadow Monarch": a head and its epithet with no comma
            head, comma, rest = en.partition(" the ")
        hw = normalize(head).split()
        if comma and rest.strip() and 1 <= len(hw) <= 3 and hw[0] not in STOP:  # not "A"/"Lo": every other sentence
            out[hw[0]].append(" ".join(hw) + "\t" + en)
        for name in (en, *others):
            ws = normalize(name).split()
            g = "".join(ws)
            if 2 <= len(ws) <= 3 and len(g) >= GLUED_LETTERS and g.isalpha():
                glued[g] = en if glued.get(g, en) == en else ""
    from .mentions import zipf_of
    zipf = {lang: zipf_of(lang) for lang in ("en", *LANGS)}
    kept = {}
    for g, en in glued.items():
        if en and zipf["en"](g) < GLUED_ZIPF:
            langs = " ".join(lang for lang in LANGS if zipf[lang](g) >= GLUED_ZIPF)
            kept[g] = en + "\t" + langs if langs else en
    return {"version": FAN_VERSION, "heads": {k: "\n".join(sorted(set(v))) for k, v in out.items()},
            "glued": _words(kept)}


def heads(index, which: str = "heads") -> dict:
    """``build_heads`` for an index, its ``which`` table alone ("heads" or "glued", in ``{"version": …, which: table}``):
    from memory, else the cache, else built (and cached): each a small blob of its own, so that a text with no loose
    epithet never loads the word table, and one with no word that may be a glued name never loads the glued names (30,000
    of them in the whole pool: most of the blob's load)."""
    key = "heads;" + _key(index)
    got = _LOADED.get(which + key)
    if got is None:
        from ..core.cache import read_blob, write_blob
        raw = read_blob("fan" + which, key, ".marshal")
        try:
            got = marshal.loads(raw) if raw is not None else None
        except (EOFError, ValueError, TypeError):
            got = None
        if not isinstance(got, dict) or got.get("version") != FAN_VERSION or which not in got:
            built = build_heads(_pool(index) + _unprinted(index))
            for part in ("heads", "glued"):
                one = {"version": built["version"], part: built[part]}
                write_blob("fan" + part, key, marshal.dumps(one), ".marshal")
                _LOADED[part + key] = one
            got = _LOADED[which + key]
        _LOADED[which + key] = got
    return got


def _fits(w: str, target: list) -> bool:
    if w in target:
        return True
    if len(w) < 5:
        return False
    from rapidfuzz import fuzz
    return any(fuzz.ratio(w, t) >= EPITHET_TYPO for t in target)


def epithets(tr, text: str, out: list) -> list:
    """Spans of a translator's text (``tr``: its word arrays of the current text) with each "Head, epithet" written
    loosely read as the card: a capitalised head of a card's name ("Raiden" of "Raiden, Hand of the Lightsworn"), a
    comma, then words of which at least one, and at least as many as the others, are words of the card's epithet in
    English or the text's language (one typo allowed: "lightsworm"; where only as many, none of the others an everyday
    word of the text's language: "aquele, Exódia, era único" is no epithet), up to a punctuation mark, a line break or a
    conjunction (``_OR_AND``). The span ends at the last such word, or at the last of the capitalised words right after
    it (``_title_tail``: "Blaster, Elemental Dragon of Calderas" whole); a name found
    inside it (the head alone as a short form) gives way, one that goes on past it keeps its place. Two cards whose
    epithets fit equally well: neither."""
    H = heads(tr.index)["heads"]
    words, raw, seps, starts, ends, blocked = tr._words, tr._raw, tr._seps, tr._starts, tr._ends, tr._blocked
    n = len(words)
    add = []
    found_at = None  # (the starts of the names found, once a tail asks)
    memo = tr.__dict__.setdefault("_epithet_memo", {})  # the same head and words after it: the same answer
    if len(memo) > 100_000:
        memo.clear()
    for i in positions_of(tr, H):
        if not raw[i][:1].isupper() or blocked[i] or (add and add[-1][1] > starts[i]):
            continue
        k1 = min(n, i + EPITHET_WORDS + 4)
        mk = (tuple(raw[i:k1]), tuple(seps[i + 1:k1]), tuple(blocked[i:k1]))
        got = memo.get(mk, 0)
        if got == 0:
            got = memo[mk] = _epithet(tr, H, words, seps, blocked, i, n)
        if got is not None:
            last = i + got[0]
            tail = _title_tail(raw, words, seps, blocked, last, min(n, i + EPITHET_WORDS + 2))
            if tail > last:
                if found_at is None:
                    found_at = [s.start for s in out]
                k = bisect_left(found_at, ends[last])  # a name found after the fitting words ends the tail before it
                if k < len(found_at) and found_at[k] < ends[tail]:  # ("Tirra, Brightoath Sniper Gloom Wyvern")
                    tail = max(last, bisect_right(ends, found_at[k]) - 1)
            add.append((starts[i], ends[tail], got[1]))
    if not add:
        return out
    Span = tr.span_class
    drop, new = set(), []
    for a, b, e in add:
        inside = _overlapping(out, a, b)
        if any(out[k].start < a or out[k].end > b or (out[k].start == a and out[k].end == b) for k in inside):
            continue  # a name found is this one already, or goes on past it
        drop.update(inside)
        lang, variant = tr.src, "approximate"
        written = normalize(text[a:b])
        for lg in (tr.src, "en"):  # a card's own name with its quotes left out ('Talvor, El Silencioso' for Talvor,
            if e.names.get(lg) and normalize(e.names[lg]) == written:  # "El Silencioso"): the name, as written
                lang, variant = lg, "official" if lg == tr.src else "english"
                break
        new.append(Span(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], lang, variant, e.origin, [],
                        tr.threshold, 100.0, e.passcodes))
    return sorted([s for k, s in enumerate(out) if k not in drop] + new, key=lambda s: s.start)


def _title_tail(raw: list, words: list, seps: list, blocked: list, last: int, limit: int) -> int:
    """The last word of an epithet written loosely whose fitting words end at word ``last``: the capitalised words
    right after them are the writer's epithet too, up to a punctuation mark, a line break, a conjunction or a word in
    lower case (a linking word between two capitalised ones goes on: "Blaster, Elemental Dragon of Calderas", "Raiden,
    Lightsworn Assailant"); never past word ``limit`` - 1 (``epithets`` cuts it before a name found in it)."""
    k = last + 1
    while k < limit and not blocked[k] and not seps[k].strip(" \t") and words[k] not in _OR_AND:
        if raw[k][:1].isupper():
            last = k
        elif not (words[k] in STOP and k + 1 < limit and raw[k + 1][:1].isupper() and not seps[k + 1].strip(" \t")):
            break
        k += 1
    return last


def _overlapping(spans: list, a: int, b: int) -> list:
    """Indexes of the spans (sorted by start, never overlapping each other) that overlap ``a:b``."""
    lo, hi = 0, len(spans)  # the first span that starts at ``a`` or after (a bisection on the spans' starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if spans[mid].start < a:
            lo = mid + 1
        else:
            hi = mid
    k = lo
    if k and spans[k - 1].end > a:
        k -= 1
    out = []
    while k < len(spans) and spans[k].start < b:
        out.append(k)
        k += 1
    return out


def _epithet(tr, H: dict, words: list, seps: list, blocked: list, i: int, n: int):
    """(last word of the epithet - i, entry) of the card whose head is at word ``i`` and whose epithet the words after
    the comma fit (see ``epithets``), or None."""
    best, tie = None, False
    for line in H[words[i]].split("\n"):
        hw, en = line.split("\t")
        hw = hw.split(" ")
        j = i + len(hw)
        if j >= n or words[i:j] != hw or seps[j].strip() != "," or "\n" in seps[j]:
            continue
        entry = _card(tr.index, en)
        if entry is None:
            continue
        target, english = _epithet_words(entry, en, hw, tr.src)
        got, last = 0, -1
        fit = {}
        for k in range(j, min(n, j + EPITHET_WORDS)):
            if k > j and (seps[k].strip(" \t") not in ("", "'", "\u2019") or blocked[k]):
                break  # punctuation or a line break ends the epithet (an elision's apostrophe does not: "dell'Alba")
            if words[k] in _OR_AND and (words[k] != "o" or tr.src != "pt"):
                break  # … and so does a conjunction: "Wulf, bestia luminosa o el Sable Luminoso" is two cards
            if words[k] not in STOP:
                fit[k] = _fits(words[k], target) or translates(tr.matcher(), words[k], english)
                if fit[k]:
                    got, last = got + 1, k
        if last < 0:
            continue
        miss = sum(1 for k in range(j, last + 1) if words[k] not in STOP and not fit[k])
        if got < miss or (got == miss and any(not fit[k] and tr.freq.get(words[k]) >= EPITHET_EVERYDAY
                                              for k in range(j, last + 1) if k in fit)):
            continue  # (as many words that fit as words that do not: those may not be everyday words of the text's
            # language, a verb of the sentence, "aquele, Exódia, era único e tal"; "Castel, the avian skyblaster" is one)
        if best is None or got > best[0]:
            best, tie = (got, last, entry), []
        elif got == best[0] and entry is not best[2]:
            tie.append((got, last, entry))
    if best is None:
        return None
    if tie:  # two cards' epithets fit equally well: neither, unless one is printed twice as often as each other
        # ("Caius, el monarca…": Caius the Shadow Monarch, not Caius the Mega Monarch)
        fits = sorted([best, *tie], key=lambda b: -(b[2].prominence or 0))
        if (fits[0][2].prominence or 0) < 2 * (fits[1][2].prominence or 0):
            return None
        best = fits[0]
    return best[1] - i, best[2]


EPITHET_EVERYDAY = 4.5
"""An epithet written loosely that half fits may have no word that does not fit this common (Zipf) in the text's
language (``_epithet``)."""
EPITHET_PROB = 0.5
"""How sure the fan model must be that a word of an epithet written loosely translates a word of the card's English
epithet ("Holactie, il Creatore di Luce": "luce" is "light")."""


def translates(m, w: str, english: set) -> bool:
    """Whether the folded word ``w`` translates, by the fan model (Matcher ``m``), to one of the ``english`` words
    (``EPITHET_PROB``)."""
    if not english or len(w) < 3:
        return False
    return any(p >= EPITHET_PROB for e, p in m.translations(w).items() if e in english)


def _epithet_words(entry, en: str, hw: list, src: str | None) -> tuple:
    """(words, English words) of a card's epithet after its head ``hw`` (folded words), a fan writing it loosely may
    use: after the comma of its English name and of its name in the text's language ``src`` (every language where
    ``src`` is None); for a name with no comma ("Caius the Shadow Monarch") the words after the head in each of its
    names, as a fan writes them from any ("Zephrane, o grifo das ascuas": "Grifo de Ascuas" is the Spanish), and in its
    English name ``en`` where that is no printed one (Holactie the Creator of Light)."""
    target = []
    if "," in en:
        for name in (en, *([entry.names.get(src)] if src else entry.names.values())):
            if name and "," in name:
                target += content(name.partition(",")[2])
        return target, set(content(en.partition(",")[2]))
    english = set()
    for name in (en, *entry.names.values()):
        folded = normalize(name or "").split()
        if folded[:len(hw)] == hw:
            target += [w for w in folded[len(hw):] if w not in STOP]
            if name is en:
                english.update(w for w in folded[len(hw):] if w not in STOP)
    return target, english


HALF_LEAD = 2
"""A lookup query "Head, epithet" whose epithet fits no card of the head whole names the one it fits half or more of, the
best, where that one was printed this many times as often as each other card it fits as well (``read_epithet``)."""


def read_epithet(index, query: str):
    """(card entry, its English name) of the card a lookup query written "Head, epithet" loosely names, or None:
    ``epithets``' reading of a text, for a query (the head one of a card's, every content word of the epithet the card's
    own, one typo allowed, or its literal translation); two cards that fit equally: none. Where no card's epithet fits
    whole, the card whose epithet the most of the words fit, half of them or more, printed ``HALF_LEAD`` times as often
    as each other card they fit as well."""
    head, comma, tail = query.partition(",")
    hw, tw = normalize(head).split(), [w for w in normalize(tail).split() if w not in STOP]
    if not comma or not hw or not tw or len(tw) > EPITHET_WORDS:
        return None
    lines = heads(index)["heads"].get(hw[0])
    if not lines:
        return None
    m = _matcher(index)
    found, half = {}, []
    for line in lines.split("\n"):
        words, en = line.split("\t")
        if words.split(" ") != hw:
            continue
        entry = _card(index, en)
        if entry is None:
            continue
        target, english = _epithet_words(entry, en, hw, None)
        fit = sum(1 for w in tw if _fits(w, target) or translates(m, w, english))
        if fit == len(tw):
            found[entry.id] = (entry, en)
        elif 2 * fit >= len(tw) and fit >= 1:
            half.append((fit, entry.prominence or 0, entry, en))
    if found:
        return next(iter(found.values())) if len(found) == 1 else None
    # no card's epithet fits whole: the card of the head whose epithet the most words fit, half of them at least
    # ("Caius, el monarca oscuro": Caius the Shadow Monarch, printed far more than Caius the Mega Monarch), where it
    # was printed HALF_LEAD times as often as each other card they fit as well
    half.sort(key=lambda x: (-x[0], -x[1]))
    if not half or any(f == half[0][0] and p * HALF_LEAD > half[0][1] for f, p, _, _ in half[1:]):
        return None
    return half[0][2], half[0][3]


def _card(index, en: str):
    """The card entry with the English name ``en`` (the KB's when the KB has it), or None. Where the name is more than
    one card's (Black Luster Soldier printed, and again as a video-game card with no printing), the KB's card, else the
    one printed more than each other: the card an English name in text stands for, as a lookup ranks it."""
    cards = {f.entry.id: f.entry for f in index.forms_for_key(normalize(en), "en") if f.entry.kind == "card"}
    if len(cards) <= 1:
        return next(iter(cards.values()), None)
    kb = [e for e in cards.values() if e.origin == "kb"]
    if len(kb) == 1:
        return kb[0]
    top = sorted(cards.values(), key=lambda e: e.prominence or 0, reverse=True)
    return top[0] if (top[0].prominence or 0) > (top[1].prominence or 0) else None


def loose(tr, text: str, out: list) -> list:
    """``epithets``, then ``glued``, then ``widened``, then ``grown``: the names written loosely that a translator's
    pass did not find, or found only in part."""
    return grown(tr, text, widened(tr, text, glued(tr, text, epithets(tr, text, out))))


# ── a card found by a part of its name, the rest translated around it ("Monstro Reborn") ─────────────────────────

WIDEN_AFTER = EPITHET_WORDS
"""Words read after a card's name found (a comma right after the name, then link words and words of its name): as many
as an epithet is read for …"""
WIDEN_BEFORE = 2
"""… and capitalised words read before it: a translated start of one or two words ("Monstro", "Cavaliere Grifo")
before the English word kept (a Romance name puts its head noun first, so the words before the kept one are few)."""
_WIDEN_STOPS = frozenset(".;:!?()[]{}\"“”«»|/+=")
FULL_NAMES = frozenset("""official title official-current accentless variant english-name no-article official-older
old-official official-probable video-game""".split())
"""The variants of a whole name (those ``index.VARIANT_RANK`` ranks before the nicknames; a test keeps the two in step):
a name found as one of them already says all of the card's name, so only the others (a nickname, an abbreviation, a
short form, a series member, a run read whole by a pass) are widened. (The matcher would refuse the words of a whole
name read twice anyway; the gate spares the look-ups: most names found in a text are whole.)"""
APPOSED = frozenset("el la o a il lo the".split())
"""The articles that, right after a card's name, begin its epithet in apposition as a comma does, written in lower case
as often as not ("Obelisk el atormentador", "Slifer o dragão do céu")."""
_OR_AND = frozenset("y e ed and or ou o".split())
"""The conjunctions of the four languages: two names joined by one are a list ("Lonefire ou Blossom": the card twice),
never one name; "o" is the Portuguese article too, so it joins only in the other languages."""


def widened(tr, text: str, out: list) -> list:
    """Spans with each card found by a part of its name (a head, a nickname: "Reborn", "Slifer"; not one of FULL_NAMES)
    widened over the words around it that translate the rest of that card's name ("Monstro Reborn", "Slifer, o Dragão
    do Céu" for Slifer the Sky Dragon): the longest piece, the found name and its neighbours, that ``Matcher.match``
    reads as a literal translation of the same card. The card does not change; a name found inside the piece (the
    translated epithet read as a card of its own: "Dragão do Céu", Sky Dragon) gives way to it.

    The words tried are few: after the name, up to WIDEN_AFTER words of its line with no punctuation but one comma right
    after the name, and no conjunction (``_OR_AND``), capitalised words unless that comma or an article (``APPOSED``)
    is there (an epithet in apposition may be written in lower case: "Metaion, the lordtime", "Obelisk el
    atormentador"); before it, up to WIDEN_BEFORE capitalised words;
    the piece is tried only where it ends (and begins) on a word that translates to a word of the card's English name
    the found name does not show."""
    cards = [k for k, s in enumerate(out) if s.kind == "card" and s.variant not in FULL_NAMES]
    if not cards:
        return out
    words, raw, seps, starts, ends, blocked = tr._words, tr._raw, tr._seps, tr._starts, tr._ends, tr._blocked
    n = len(words)
    memo, en_memo, _ = _memos(tr)
    m = None
    add = []
    for k in cards:
        s = out[k]
        w0 = bisect_left(starts, s.start)
        w1 = bisect_left(ends, s.end)
        if w0 >= n or w1 >= n or starts[w0] != s.start or ends[w1] != s.end:
            continue  # the name found does not begin and end on word bounds
        comma = w1 + 1 < n and ("," in seps[w1 + 1] or (words[w1 + 1] in APPOSED and not seps[w1 + 1].strip(" ")))
        after = []  # the words after the name that may be words of it: capitalised, or after a comma or an article
        # right after it
        for j in _line_after(tr, w1, WIDEN_AFTER):
            if words[j] in STOP:
                continue
            if not (comma or raw[j][:1].isupper()):
                break  # a lower-case word with no comma before: the sentence goes on
            after.append(j)
        before = []  # the capitalised words right before it
        for j in range(w0 - 1, max(-1, w0 - 1 - WIDEN_BEFORE), -1):
            if seps[j + 1].strip(" ") or blocked[j] or not raw[j][:1].isupper() or words[j] in _OR_AND:
                break
            if words[j] not in STOP:
                before.append(j)
        if not after and not before:
            continue
        ek = (s.text, s.id)
        target = en_memo.get(ek, 0)
        if target == 0:
            target = en_memo[ek] = _english_words(tr.index, s)
        if not target:
            continue
        shown = set(words[w0:w1 + 1])
        if m is None:
            m = tr.matcher()
        rights = [w1] + [j for j in after if words[j] not in shown and _covers_some(m, words[j], target)]
        lefts = [w0] + [j for j in before if words[j] not in shown and _covers_some(m, words[j], target)]
        if len(rights) == 1 and len(lefts) == 1:
            continue
        got = None
        for a_w, b_w in sorted(((a, b) for a in lefts for b in rights if (a, b) != (w0, w1)),
                               key=lambda ab: ab[0] - ab[1]):
            # a name that begins with its own article ("La Jinn") is matched without it (a run never begins with one)
            piece = text[starts[a_w + 1 if a_w == w0 and words[w0] in STOP else a_w]:ends[b_w]]
            r = memo.get(piece, 0)
            if r == 0:
                r = memo[piece] = m.match(piece, tr.src)
            if r is not None:
                e = _card(tr.index, r[0])
                if e is not None and e.id == s.id:
                    got = (starts[a_w], ends[b_w], e, r[1])
                    break
        if got is not None:
            add.append((k, got))
    return _taking(tr, text, out, [got for _, got in add])


GROW_AFTER = 3
"""Words read after a card's name found for a longer card's name that holds it (``grown``): "com Asas", ", o Feroz"."""


def grown(tr, text: str, out: list) -> list:
    """Spans with each card found (``Kuriboh``, ``Cavaleiro Gaia``) grown over the words after it where they, with the
    name found, are a literal translation (``Matcher.match``) of another card whose English name holds every content
    word the name found shows of its card's ("Kuriboh com Asas" for Winged Kuriboh, "Cavaleiro Gaia, o Feroz" for Gaia The Fierce
    Knight, not Gaia Knight, the Force of Earth): the longest mention wins.

    The words tried are up to GROW_AFTER after the name, on its line, with no punctuation but one comma right after the
    name and no conjunction (``_OR_AND``), ending on a capitalised word that translates to a word those longer names
    have and the found one lacks (``_longer_words``: a gate before any match is tried)."""
    cards = [k for k, s in enumerate(out) if s.kind == "card"]
    if not cards:
        return out
    words, raw, starts, ends = tr._words, tr._raw, tr._starts, tr._ends
    n = len(words)
    memo, en_memo, longer = _memos(tr)
    m = None
    add = []
    for k in cards:
        s = out[k]
        w1 = bisect_left(ends, s.end)
        if w1 + 1 >= n or ends[w1] != s.end:
            continue
        after = list(_line_after(tr, w1, GROW_AFTER))
        if not any(raw[j][:1].isupper() and words[j] not in STOP for j in after):
            continue  # the longer name's words are written as a name's, capitalised ("com Asas"): most names are
            # followed by the sentence, whose words are never asked for their translations
        ek = (s.text, s.id)
        target = en_memo.get(ek, 0)
        if target == 0:
            target = en_memo[ek] = _english_words(tr.index, s)
        if not target:
            continue
        if m is None:
            m = tr.matcher()
        got = longer.get(ek)  # the card's English words the name found shows ("Cavaleiro Gaia": gaia, knight), and the
        # other words of the longer names that hold them
        if got is None:
            w0 = bisect_left(starts, s.start)
            said = [words[i] for i in range(w0, w1 + 1) if words[i] not in STOP]
            shown = frozenset(e for e in target if any(w == e or e in m.translations(w) for w in said))
            got = longer[ek] = (shown, _longer_words(m, shown) if shown else frozenset())
        shown, extra = got
        if not extra:
            continue
        ends_on = [j for j in after if raw[j][:1].isupper() and words[j] not in STOP
                   and not extra.isdisjoint(m.translations(words[j]))]
        got = None
        for j in reversed(ends_on):  # the longest piece first
            piece = text[s.start:ends[j]]
            r = memo.get(piece, 0)
            if r == 0:
                r = memo[piece] = m.match(piece, tr.src)
            if r is not None:
                e = _card(tr.index, r[0])
                if e is not None and e.id != s.id and shown <= set(content(e.names.get("en") or "")):
                    got = (s.start, ends[j], e, r[1])
                    break
        if got is not None:
            add.append(got)
    return _taking(tr, text, out, add)


def _memos(tr) -> tuple:
    """The memos ``widened`` and ``grown`` keep on a translator, emptied together when they grow large: piece → its
    ``Matcher.match``; (span text, id) → the card's English content words; (span text, id) → (the English words the
    span shows, the other words of the longer names that hold them)."""
    d = tr.__dict__
    memos = d.get("_widen_memos")
    if memos is None or len(memos[0]) > 100_000:
        memos = d["_widen_memos"] = ({}, {}, {})
    return memos


def _taking(tr, text: str, out: list, add: list) -> list:
    """``out`` with each piece of ``add`` ((start, end, entry, score), in the text's order) made a span of its card in
    place of the names found inside it, unless a name found goes on past it or an earlier piece took its words."""
    if not add:
        return out
    Span = tr.span_class
    drop, new = set(), []
    for a, b, e, score in add:
        inside = _overlapping(out, a, b)
        if any(out[j].start < a or out[j].end > b for j in inside) or (new and new[-1].end > a):
            continue  # a name found goes on past the piece, or an earlier piece took these words
        drop.update(inside)
        new.append(Span(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "approximate", e.origin, [],
                        tr.threshold, round(100.0 * score, 1), e.passcodes))
    if not new:
        return out
    return sorted([s for j, s in enumerate(out) if j not in drop] + new, key=lambda s: s.start)


def _longer_words(m: "Matcher", target: frozenset) -> frozenset:
    """The English content words that the names holding every word of ``target`` (a card's English content words) have
    besides them: what a word after the card's name must translate to for a longer name to be read (``grown``)."""
    ids = None
    for e in target:
        got = m._ids(e)
        if not got:
            return frozenset()
        these = set(got.split(" "))
        ids = these if ids is None else ids & these
        if not ids:
            return frozenset()
    return frozenset(w for ni in ids for w in m.words[int(ni)].split(" ") if w not in target)


def _line_after(tr, w1: int, limit: int):
    """The words after word ``w1`` (a name's last) that may go on it, up to ``limit``: on its line, with no punctuation
    but one comma right after the name (``_WIDEN_STOPS``), up to a conjunction (``_OR_AND``; "o" is the Portuguese
    article too, so it ends nothing there)."""
    words, seps, blocked = tr._words, tr._seps, tr._blocked
    for j in range(w1 + 1, min(len(words), w1 + 1 + limit)):
        sep = seps[j]
        if "\n" in sep or blocked[j] or not _WIDEN_STOPS.isdisjoint(sep) or ("," in sep and j != w1 + 1):
            return
        if words[j] in _OR_AND and (words[j] != "o" or tr.src != "pt"):
            return
        yield j


def _covers_some(m: "Matcher", w: str, target: frozenset) -> bool:
    """Whether the folded word ``w`` translates to a word of ``target`` (a card's English content words), or is two
    words written as one of which one does ("lordtime": "lord" and "time" for Timelord, ``Matcher._halves``)."""
    if not target.isdisjoint(m.translations(w)):
        return True
    halves = m._split.get(w)
    if halves is None:
        halves = m._split[w] = m._halves(w)
    return len(halves) == 2 and any(e in target or any(e in x for x in target)
                                    for h in halves for e in (h, *m.translations(h)))


def _english_words(index, span) -> frozenset:
    """The content words of the English name of a card span's card (its entry found through the span's text, else,
    for a form the index does not store, a series member by its own word or a name with a typo, through the name the
    span is rendered as), or an empty set when neither finds an entry of that id."""
    e = entry_named(index, (span.text, span.replacement), span.id)
    en = e.names.get("en") if e is not None else None
    return frozenset(content(en)) if en else frozenset()


GLUED_WALK_WORDS = 5000
"""A text of this many words or fewer is walked for a word that may be a glued name before the glued names are loaded
(a speed gate, never a change of output); a longer text nearly always has one, so the walk (about 1 ms on 250 kB) is
skipped and the names loaded."""


def _may_be_glued(out: list, words: list, raw: list, starts: list, ends: list, blocked: list) -> bool:
    """Whether a word may be a glued name (``glued``): capitalised, of GLUED_LETTERS letters or more, and outside the
    spans found (``out``: sorted, never overlapping each other; walked once beside the words)."""
    k, n = 0, len(out)
    for i in compress(range(len(words)), map(GLUED_LETTERS.__le__, map(len, words))):
        if not raw[i][:1].isupper() or blocked[i] or not words[i].isalpha():
            continue
        a = starts[i]
        while k < n and out[k].end <= a:
            k += 1
        if k == n or out[k].start >= ends[i]:
            return True
    return False


def _glued_name_of_code(text: str, words: list, starts: list, ends: list, i: int) -> bool:
    """Whether word ``i``, with a capital inside it ("AgujeroOscuro"), is a card's name that code holds as a value: in
    quotes ('new AgujeroNegro("AgujeroOscuro", …)') or after a word for card ("// carta AgujeroOscuro"). Elsewhere such
    a word is a name of the code itself, a class or a variable ("import MirrorForce, Cilindro"; "class MirrorForce")."""
    a, b = starts[i], ends[i]
    if a and b < len(text) and text[a - 1] in "\"'" and text[b] == text[a - 1]:
        return True
    return i > 0 and words[i - 1] in CARD_WORDS


def glued(tr, text: str, out: list) -> list:
    """Spans with each capitalised word that is a card's two- or three-word name written as one ("Feralimp" for Feral
    Imp; GLUED_LETTERS and GLUED_ZIPF, see ``build_heads``) read as the card, where no name was found. A word with a
    capital inside it is read only as a value (``_glued_name_of_code``)."""
    words, raw, starts, ends, blocked = tr._words, tr._raw, tr._starts, tr._ends, tr._blocked
    if len(words) <= GLUED_WALK_WORDS and not _may_be_glued(out, words, raw, starts, ends, blocked):
        return out  # (no word that may be a glued name outside the names found: the glued names are not loaded)
    G = _Words(heads(tr.index, "glued")["glued"])
    buckets = G._keys  # (a bucket's words asked inline: a call a word of the text cost more than the lookups)
    names = {}  # the text's words that are glued names → the English name (each distinct word of the length looked up once)
    for w in words_of(tr):
        if len(w) >= GLUED_LETTERS:
            got = buckets.get(w[:3])
            if got is not None and "\n" + w + "\n" in got[1]:
                names[w] = G.get(w)
    hits = [i for i in positions_of(tr, names) if raw[i][:1].isupper() and not blocked[i]
            and (not CAMEL.fullmatch(raw[i]) or _glued_name_of_code(text, words, starts, ends, i))]
    if not hits:
        return out
    Span = tr.span_class
    spans = list(out)
    for i in hits:
        a, b, w = starts[i], ends[i], words[i]
        en, _, ordinary = names[w].partition("\t")  # (the languages where the word is an everyday one: build_heads)
        if _overlapping(out, a, b) or tr.src in ordinary.split():
            continue
        e = _card(tr.index, en)
        if e is not None:
            spans.append(Span(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], tr.src, "approximate", e.origin, [],
                              tr.threshold, 100.0, e.passcodes))
    return sorted(spans, key=lambda s: s.start)


FAN_LOOKUP_WORDS = 2
"""A lookup query of this many content words or more, with no exact match, is tried as a literal translation: two
already, for the names fans write half in one language and half in another ("Fluffal Coelho", "Pergaminho
Witchcrafter"), whose fuzzy match is the series or the card of the one word they share (on the pool's own names made
fan-like by ``bench/fan_heldout.variants``, lookup first went from 0.93 to 0.975 with two instead of three)."""
FAN_LOOKUP_BELOW = 93.0
"""... when its best fuzzy match scores below this, or is a series or a shorter name's card (the fuzzy score of a long
fan translation against the name it translates is low: its words are other words)."""
FAN_LOOKUP_SCORE = 97.0
"""The score a literal translation's card gets in lookup: above every fuzzy match, below an exact or plural one."""
FAN_SHORT_SCORE = 96.0
"""… and a famous card's name translated short of one word (``Matcher.short_of_one``): below a whole translation."""
_matchers: dict = {}


def _matcher(index) -> Matcher:
    """The fan matcher of an index for lookup (made once per index and kept)."""
    m = _matchers.get(id(index))
    if m is None or m.index is not index:
        m = _matchers[id(index)] = Matcher(index)
    return m


def rerank(index, key: str, matches: list, match_type, forms, query: str | None = None) -> list:
    """``lookup``'s matches of a folded query with no exact match, with the card the query is a literal translation of
    (``Matcher.match``) first, where the query has two content words or more and its best fuzzy match is weak (the
    limits above): "Piuma Spolveratrice dell'Arpia" is Harpie's Feather Duster, not the Harpie series its one shared
    word finds.
    ``match_type``: index's Match; ``forms``: index.forms_for_key (passed in: index does not import this module at
    load time)."""
    words = [w for w in key.split() if w not in STOP]
    if len(words) < FAN_LOOKUP_WORDS:
        return matches
    if query is not None and "," in query:  # "Holactie, il Creatore di Luce": a head and its epithet written loosely
        got = read_epithet(index, query)
        if got is not None:
            e, en = got
            form = next((f for f in forms(normalize(en), "en") if f.entry is e), None)
            if form is not None:
                return [match_type(e, FAN_LOOKUP_SCORE, form)] + [x for x in matches if x.entry is not e]
    if matches:
        top = matches[0]
        if top.score >= FAN_LOOKUP_BELOW and top.entry.kind == "card" and sum(
                w not in STOP for w in normalize(top.form.text).split()) >= len(words):  # (content words both: "o Dragão dos
            # Céus" of Judgment is shorter than "Slifer o Dragão dos Céus")
            return matches
    m = _matcher(index)
    got = m.match(key)
    if got is None:  # a famous card's name translated with one word left out ("tifones místicos": Mystical Space
        short = m.short_of_one(key, "")  # Typhoon), below a whole translation's score
        if short is None:
            return matches
        e = short[0]
        form = next((f for f in forms(normalize(e.names["en"]), "en") if f.entry is e), None) if e.names.get("en") else None
        return [match_type(e, FAN_SHORT_SCORE, form)] + [x for x in matches if x.entry is not e] if form else matches
    e = _card(index, got[0])
    if e is None:
        return matches
    form = next((f for f in forms(normalize(got[0]), "en") if f.entry is e), None)
    if form is None:
        return matches
    return [match_type(e, FAN_LOOKUP_SCORE, form)] + [x for x in matches if x.entry is not e]
