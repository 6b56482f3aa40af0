"""The answers of every card for the site's lookup page: the KB's cards, then every card of the imported pool.

The command layer builds the :class:`ygorules.site.answers.Source` that ``site build`` writes into each language's
``lookup/answers.js`` (the site part imports no names part, see docs/ARCHITECTURE.md). Each answer is computed by
the code that answers ``ygorules can`` and ``export --pool``: ``core.activation.matrix`` for a KB card, and for a
card of the pool ``_pool.answers`` over the facts derived at import, with the names of its conditions from the
imported table (``_pool.pool_names``). Not a subcommand (its name starts with ``_``).
"""
from __future__ import annotations


def pool_source(table_path):
    """The Source of every KB card and every card of the pool stored beside the table at ``table_path``; None when
    no facts were imported there (the site then answers for the KB's cards alone)."""
    from ..names.facts_store import open_store

    store = open_store(table_path) if table_path is not None else None
    if store is None:
        return None
    from ..site.answers import Source
    from . import _pool

    def cards(kb):
        import json

        from ..core.activation import TIMINGS
        from ..names.index import load_index
        from ..site.answers import kb_cards

        kb_passcodes = set()
        for cid, card, answers, confidence in kb_cards(kb):
            if card.passcode:
                kb_passcodes.add(str(card.passcode))
            yield cid, card, answers, confidence
        if not kb.rules:
            return
        names = _pool.pool_names(kb, load_index(kb.root, names=str(table_path), warn=lambda m: None))
        done: dict = {}  # an answer depends on the card's type, facts and unread clauses alone: cards alike share it
        memo: dict = {}  # and effects alike share their rendered conditions (activation.answer_card)
        for stored in store:
            if stored.key in kb_passcodes:
                continue  # the KB's reviewed facts win, as in `can` and `export --pool`
            card = _pool.pool_card(stored)
            same = json.dumps([stored.card_type, stored.facts, stored.unknown], sort_keys=True, ensure_ascii=False)
            if same not in done:  # about 7,800 distinct of the 14,085 cards of the pool
                done[same] = _pool.answers(kb, card, stored.unknown, TIMINGS, names, memo)
            origin = "translated" if _pool.text_of(stored.facts) == _pool.TRANSLATED else stored.confidence or "low"
            yield stored.key, card, done[same], origin

    return Source(cards, note=_pool.DERIVED_NOTE, translated_note=_pool.TRANSLATED_NOTE, levels=dict(_pool.CONFIDENCE),
                  origin=store.origin())
