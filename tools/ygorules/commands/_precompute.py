"""The rows of ``can``'s answers store (commands/_answers.py), computed in bulk: every KB card, and every card of the
imported pool with its exact names, so that the first question about any card answers without loading the KB.

Two things keep the whole pool (about 14,000 cards × 10 timings × 4 languages × text and JSON) affordable at import:

- **cards alike share one answer**: an answer depends only on the card's facts (and what the reader left unread), so
  cards with the same facts are answered once (about 8,000 distinct facts in 14,000 cards);
- **an answer is rendered once**: a timing's text and JSON depend only on the Answer, and about 7,000 distinct Answers
  cover the 140,000 (card, timing) pairs of the pool; each is rendered once per language into a numbered *block*,
  and a card's row lists its blocks, in TIMINGS order.

Not a subcommand (its name starts with ``_``).
"""
from __future__ import annotations

import json
import os
from json.encoder import encode_basestring as _text  # what json.dumps writes for a text (ensure_ascii=False; in C)


_HOLE = "\0card\0"
_HOLE_JSON = json.dumps(_HOLE)
"""A card id no card has: the --json head is written once per language and shape, the id put in its place."""


class Rendered:
    """Store rows for a set of cards: ``add`` each card's answers at every timing, then ``rows(lang)``.

    ``first_id``: the first block number to give (a store that already holds blocks continues after its last)."""

    def __init__(self, kb, render, first_id: int = 0, lang: str | None = None):
        self.kb = kb
        self.render = render  # (head_lines, json_head, text_block, json_answer) of commands/can.py
        self.lang = lang  # the run's language (chosen again after rendering in every language)
        self.next = first_id
        self._ids: dict = {}  # an Answer's content → its block number
        self._by_object: dict = {}  # id(Answer) → block number (cards alike share Answer objects)
        self._keep: list = []  # the Answers whose ids are keys above (kept alive so that an id is never reused)
        self.new: list = []  # (block number, Answer) not rendered yet
        self.cards: list = []  # (card key, block numbers)
        self._heads: list = []  # (card key, card, card id, derived)

    def block(self, a) -> int:
        """The block number of Answer ``a`` (a new one when no Answer alike was seen)."""
        n = self._by_object.get(id(a))
        if n is not None:
            return n
        items = lambda d: tuple(d.items()) if d is not None else None  # noqa: E731 (the texts' hashes are cached)
        key = (a.timing, a.verdict, a.rule, a.acts, items(a.reason), items(a.condition), items(a.text_differs),
               tuple((c.source, c.where) for c in a.sources))
        n = self._ids.get(key)
        if n is None:
            n = self._ids[key] = self.next
            self.next += 1
            self.new.append((n, a))
        self._by_object[id(a)] = n
        self._keep.append(a)
        return n

    def add(self, card, card_id: str, derived, answers: list) -> None:
        """One card: its Answer at every timing, in TIMINGS order (``derived``: (stored card, facts store) or None)."""
        from ._answers import card_key

        key = card_key(card_id, derived)
        self.cards.append((key, " ".join(str(self.block(a)) for a in answers)))
        self._heads.append((key, card, card_id, derived))

    def rows(self, lang: str) -> tuple[list, list, list]:
        """(cards rows, heads rows, blocks rows) of what was added, in every language; ``lang``: the run's language,
        chosen again at the end."""
        from ..core import catalog
        from ..core.locales import LANGS
        from ._pool import text_of

        head_lines, json_head, text_block, json_answer = self.render

        heads, blocks = [], []
        try:
            for l in LANGS:
                catalog.use(l)
                kinds: dict = {}  # the kind line and the derived note, by what they depend on
                jheads: dict = {}  # the --json head with the card id left out, by what it depends on
                for key, card, card_id, derived in self._heads:
                    confidence = None if derived is None else derived[0].confidence
                    head = "\n".join(head_lines(card, card_id, confidence, l, kinds))
                    shape = (confidence, None if derived is None else (text_of(derived[0].facts), id(derived[1])))
                    if shape not in jheads:
                        jheads[shape] = json.dumps(json_head(_HOLE, l, derived), ensure_ascii=False, indent=2)[:-2] + ',\n  "answers": [\n'
                    heads.append((key, l, head, jheads[shape].replace(_HOLE_JSON, json.dumps(card_id, ensure_ascii=False), 1)))
                for n, a in self.new:
                    blocks.append((n, l, text_block(self.kb, a, l), "    " + indented(json_answer(a, l), "    ")))
        finally:
            catalog.use(lang)
        return self.cards, heads, blocks


def indented(value, pad: str = "") -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` with ``pad`` before every line but the first, written
    without the standard library's indenting encoder (a Python generator per value: the pool renders about 29,000
    answers): the same text, value by value.

    >>> print(indented({"a": [1, {"b": None}], "c": {}, "d": []}, ".."))
    {
    ..  "a": [
    ..    1,
    ..    {
    ..      "b": null
    ..    }
    ..  ],
    ..  "c": {},
    ..  "d": []
    ..}
    """
    if isinstance(value, str):
        return _text(value)
    if value is None or value is True or value is False:
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        if not value:
            return "{}"
        inner = pad + "  "
        return "{\n" + ",\n".join(inner + _text(k) + ": " + indented(v, inner) for k, v in value.items()) + "\n" + pad + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = pad + "  "
        return "[\n" + ",\n".join(inner + indented(v, inner) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + pad)  # numbers; anything else as json does


def insert_rows(db, rows: tuple) -> None:
    """Write ``Rendered.rows``' (cards, heads, blocks) into the store ``db`` (a row already there is replaced)."""
    cards, heads, blocks = rows
    db.executemany("INSERT OR REPLACE INTO cards VALUES (?, ?)", cards)
    db.executemany("INSERT OR REPLACE INTO heads VALUES (?, ?, ?, ?)", heads)
    db.executemany("INSERT OR REPLACE INTO blocks VALUES (?, ?, ?, ?)", blocks)


# ── the imported pool ─────────────────────────────────────────────────────────

def pool(kb, kb_index, pooled, store, out: Rendered, helpers: list | None = None) -> list[tuple]:
    """Add to ``out`` the answers of every card of the imported pool that has stored facts, and return the names rows
    (``"n:" + folded name`` → ``"pool:KEY"``) of every exact name that ``can`` takes as that card without "taken as":
    a name no KB card has, which names one card of the pool only (a name shared by two cards, or one the KB also uses,
    is left to ``can``'s slow path, which records it when asked).

    ``kb_index``: the KB's name index (``load_index(root, names=False)``); ``pooled``: the index with the imported
    table; ``store``: its facts store. The answers are those of ``can``'s slow path (``_pool.answers``), computed once
    per distinct set of facts. ``helpers``: where the system can fork and has a second processor, a list that receives
    ``Helper`` processes answering a share of the cards into stores of their own (``Helper.merge`` adds them)."""
    from . import _pool

    facts = {s.key: s for s in store}
    kb_keys = kb_card_keys(kb, kb_index)
    table = next((p for p in pooled.parts if p.origin == "table"), None)
    if table is None:
        return []
    done: dict = {}  # stored key → (entry index, stored card), in the table's order
    for i in range(len(table)):
        if i in table.hidden:
            continue
        entry = table.entry(i)
        if entry.kind != "card" or not entry.passcode:
            continue
        stored = facts.get(entry.passcode)
        if stored is not None and stored.key not in done:
            done[stored.key] = (i, stored)
    alike: dict = {}  # the facts and unread clauses, as JSON → the cards that have them
    for i, stored in done.values():
        alike.setdefault(json.dumps([stored.facts, stored.unknown], sort_keys=True), []).append((i, stored))
    groups = list(alike.values())
    mine = groups
    if helpers is not None and len(groups) > 1:  # about half of the cards each, cards alike together
        if hasattr(os, "fork") and (os.cpu_count() or 1) > 1:
            half, count, cut = len(done) // 2, 0, 0
            while cut < len(groups) and count < half:
                count += len(groups[cut])
                cut += 1
            helper = Helper.start(lambda sub: _answer_groups(kb, pooled, table, store, groups[cut:], sub), out)
            if helper is not None:
                helpers.append(helper)
                mine = groups[:cut]
    _answer_groups(kb, pooled, table, store, mine, out)
    rows = []
    keys, off, forms = table.strings("k_keys"), table.ints("k_off"), table.ints("k_forms")
    owner = table.ints("f_entry")
    for ki, k in enumerate(keys):
        if not k or k in kb_keys:
            continue
        entries = {owner[fi] for fi in forms[off[ki]:off[ki + 1]] if owner[fi] not in table.hidden}
        cards = [e for e in entries if table.code("e_kind", e) == "card"]
        if len(cards) != 1:
            continue
        entry = table.entry(cards[0])
        stored = facts.get(entry.passcode) if entry.passcode else None
        if stored is not None and stored.key in done:
            rows.append(("n:" + k, "pool:" + stored.key))
    return rows


def _answer_groups(kb, pooled, table, store, groups: list, out: Rendered) -> None:
    """Add to ``out`` the answers of each group of cards alike ([(entry index, stored card)]), computed once a group."""
    from ..core.activation import TIMINGS
    from . import _pool

    names = _pool.pool_names(kb, pooled)
    game = {variant: table.names_by_variant(variant) for variant in ("video-game", "fan-translation")}
    memo: dict = {}  # effects' conditions, rendered once (activation.answer_card)
    for group in groups:
        answers = None
        for i, stored in group:
            card = _pool.pool_card(stored, table.entry(i), game_names={v: g.get(i, {}) for v, g in game.items()})
            if answers is None:
                try:
                    answers = _pool.answers(kb, card, stored.unknown, TIMINGS, names, memo)
                except KeyError:  # a rule that a timing needs is missing: `can` says so when asked
                    break
            out.add(card, stored.key, (stored, store), answers)


class Helper:
    """A forked process that answers a share of the cards into a store file of its own (the tables ``cards``,
    ``heads`` and ``blocks`` of commands/_answers.py, its blocks numbered from ``FIRST_ID``)."""

    FIRST_ID = 1 << 30

    def __init__(self, child, path: str):
        self.child, self.path = child, path  # a _fork.Child

    @classmethod
    def start(cls, fill, like: Rendered):
        """Fork a process that runs ``fill`` on a Rendered ``like`` the given one and writes its rows; None when it
        could not be started."""
        import tempfile

        from ..core.cache import make_folder
        from . import _fork

        try:
            fd, path = tempfile.mkstemp(dir=make_folder(), prefix=".answers-share-", suffix=".tmp")
        except OSError:
            return None
        os.close(fd)

        def share():  # the helper: answer and write
            import sqlite3

            from ._answers import SCHEMA

            out = Rendered(like.kb, like.render, cls.FIRST_ID, like.lang)
            fill(out)
            cards, heads, blocks = out.rows(like.lang)
            db = sqlite3.connect(path)
            db.executescript(SCHEMA)
            with db:
                insert_rows(db, (cards, heads, blocks))
            db.close()

        child = _fork.start(share)
        if child is None:
            os.unlink(path)
            return None
        return cls(child, path)

    def merge(self, db) -> bool:
        """Wait for the helper and copy its rows into the open store ``db`` (None: only wait); False (nothing copied)
        when it failed."""
        try:
            ok, _ = self.child.join()
            if not ok or db is None:
                return False
            db.execute("ATTACH DATABASE ? AS share", (self.path,))
            try:
                with db:
                    for table in ("cards", "heads", "blocks"):
                        db.execute(f"INSERT OR REPLACE INTO {table} SELECT * FROM share.{table}")
            finally:
                db.execute("DETACH DATABASE share")
            return True
        finally:
            try:
                os.unlink(self.path)
            except OSError:
                pass


def kb_card_keys(kb, kb_index) -> set:
    """The folded names that lead ``can`` to a KB card (or to a choice between KB cards): every lookup key of the KB
    index with a form of a KB card."""
    out = set()
    for p in kb_index.parts:
        if p.origin != "kb":
            continue
        keys, off, forms = p.strings("k_keys"), p.ints("k_off"), p.ints("k_forms")
        owner = p.ints("f_entry")
        for ki, k in enumerate(keys):
            for fi in forms[off[ki]:off[ki + 1]]:
                e = p.entry(owner[fi])
                if e.kind == "card" and e.id in kb.cards:
                    out.add(k)
                    break
    return out
