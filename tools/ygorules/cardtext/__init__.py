"""Card facts derived from a card's official English text (issue: the activation answer for every card).

This part reads the data of one card of the pool (a yaml-yugi card object: ``card_type``, ``property``,
``monster_type_line``, ``text.en``, ``pendulum_effect.en``) and derives the facts the activation answer
is computed from, in the shape of the KB's ``facts:`` (schema/card.schema.json): card type, property,
monster types and, per effect, its kind, Spell Speed, whether it is mandatory, its event or timing
(``when``), the turn, the player and the subject of its condition, where it is activated from, and
what the Damage Step rules look at (ATK/DEF changes, negation of an activation…).

Modern texts follow Problem-Solving Card Text: a colon ends the activation condition, a semicolon the
cost, "(Quick Effect)" marks a Quick Effect, "You can" an optional effect. Each thing the reader
recognises is one row of a table in :mod:`ygorules.cardtext.patterns`, with its test; what it does
not recognise is never guessed: the effect is marked ``unknown`` with the reason, and the answer
says so. Every effect carries a confidence (``high`` for PSCT clauses read whole, ``medium`` for
older wordings, ``low`` for what was inferred from the card type alone).

It stores facts only, never the text. ``core`` never imports this part; the importer and the
``can`` command use it (docs/ARCHITECTURE.md).

API: ``derive(card) -> Derived``; ``Derived.facts`` (a ``facts:`` dict), ``Derived.unknown``
(reasons), ``Derived.confidence``; ``PATTERNS`` (the table, for the note's per-pattern counts).
"""
from .parse import Derived, derive
from .patterns import PATTERNS

__all__ = ["Derived", "derive", "PATTERNS"]
