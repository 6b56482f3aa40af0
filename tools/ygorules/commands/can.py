"""ygorules can: may this card be activated at this timing of the Battle Phase, and why."""
from __future__ import annotations

HELP = ("Say whether a card may be activated at a timing of the Battle Phase (yes / no / only if …), with the reason and "
        "the rule that decides; CARD and TIMING may be written in any language; without TIMING, every timing.")
EXAMPLE = 'ygorules can "fuerza de espejo" "inicio del damage step" --lang es'

from ..core.catalog import N_
from ..core.locales import LANGS
from ._answers import LINKING, content_words  # noqa: F401 (re-exported: the words a name is compared by)

VERDICT = {"yes": N_("yes"), "no": N_("no"), "only-if": N_("only if"), "unknown": N_("unknown")}
"""The verdicts as shown (translated through the catalog)."""
KIND = {("monster", None): N_("Monster"), ("spell", None): N_("Spell"), ("trap", None): N_("Trap"),
        ("spell", "normal"): N_("Normal Spell"), ("spell", "quick-play"): N_("Quick-Play Spell"),
        ("spell", "continuous"): N_("Continuous Spell"), ("spell", "field"): N_("Field Spell"),
        ("spell", "equip"): N_("Equip Spell"), ("spell", "ritual"): N_("Ritual Spell"),
        ("trap", "normal"): N_("Normal Trap"), ("trap", "continuous"): N_("Continuous Trap"),
        ("trap", "counter"): N_("Counter Trap")}
"""Card type and Spell/Trap property → the card's kind as one phrase (word order and articles differ per language)."""

# ── telling a misspelling from another name ───────────────────────────────────

def word_budget(word: str) -> int:
    """How many letters of a word may be wrong (missing, extra, changed or two swapped) for it to be a typo of it.

    >>> word_budget("de"), word_budget("espejo"), word_budget("airknight"), word_budget("inyeccion"), word_budget("destruction")
    (0, 1, 1, 1, 2)
    """
    return 0 if len(word) <= 3 else 1 if len(word) <= 9 else 2


def typo_edits(query: list[str], name: list[str]) -> int | None:
    """The letters to change to turn the query's words into the name's, or None when the query is not a misspelling
    of the name but another name: a word more or a word less ("Winged Kuriboh" is not "Kuriboh"), a word that is
    not a typo of the name's word in its place ("Solemn Warning" is not "Solemn Judgment"), the same words in
    another order ("Mago del Caos Negro" is not "Mago Negro do Caos"), or more wrong letters than one per ten of the
    name (at least one). Two words written as one, or one as two, count as a typo.

    >>> typo_edits(["fuersa", "espejo"], ["fuerza", "espejo"]), typo_edits(["mirrorforce"], ["mirror", "force"])
    (1, 0)
    >>> typo_edits(["solemn", "warning"], ["solemn", "judgment"]), typo_edits(["winged", "kuriboh"], ["kuriboh"])
    (None, None)
    >>> typo_edits(["blue", "eyes", "ultimate", "dragon"], ["blue", "eyes", "white", "dragon"]) is None
    True
    >>> typo_edits(["destino", "final"], ["sinal", "destino"]) is None, typo_edits(["darknight", "parshath"], ["airknight", "parshath"])
    (True, None)
    >>> typo_edits(["final", "destiny"], ["sinal", "destino"]), typo_edits(["sasuke", "samurai", "2"], ["sasuke", "samurai"])
    (None, None)
    """
    from rapidfuzz.distance import OSA

    if len(query) != len(name):  # only the same letters, split or joined differently ("Sasuke Samurai 2" is another card)
        return 0 if abs(len(query) - len(name)) == 1 and "".join(query) == "".join(name) else None
    total = 0
    for q, n in zip(query, name):
        budget = word_budget(n)
        d = OSA.distance(q, n, score_cutoff=budget)
        if d > budget:
            return None
        total += d
    return total if total <= max(1, sum(map(len, name)) // 10) else None  # "Final Destiny" is not "Sinal do Destino"


def closest(query: str, forms) -> list[tuple[int, str, object]]:
    """Of (text, target) pairs, the ones ``query`` is a misspelling of, fewest letters first: (edits, text, target)."""
    words = content_words(query)
    out = []
    for text, target in forms:
        d = typo_edits(words, content_words(text))
        if d is not None:
            out.append((d, text, target))
    return sorted(out, key=lambda x: x[0])


def _winner(found: list) -> tuple | None:
    """The one target with the fewest edits, or None when two different targets tie."""
    if not found:
        return None
    best = [f for f in found if f[0] == found[0][0]]
    targets = {repr(f[2]) for f in best}
    return best[0] if len(targets) == 1 else None


# ── cards ─────────────────────────────────────────────────────────────────────

def own_name(card, query: str) -> bool:
    """True when ``query`` is one of the card's official names (folded: case, accents, punctuation, a leading
    article). Any other recorded spelling (shortened, plural, fan translation …) yields to a card of the imported
    pool whose official name it is: "Man Eater" is a card, not only a short "Man-Eater Bug"."""
    from ..core.fold import normalize

    key = content_words(query)
    return any(content_words(n) == key for n in card.names.values() if n) or normalize(query) in {
        normalize(n) for n in card.names.values() if n}


class Resolved:
    """What a query named: the id(s) and, when the query was a misspelling, the name it was taken as."""

    __slots__ = ("id", "taken_as", "entry")

    def __init__(self, id, taken_as: str | None = None, entry=None):
        self.id, self.taken_as, self.entry = id, taken_as, entry  # entry: the index entry of a card of the imported pool


def card_forms(kb):
    """(text, card id) of every official name and recorded spelling of every KB card, in every language."""
    for cid, c in kb.cards.items():
        for lang in LANGS:
            if c.names.get(lang):
                yield c.names[lang], cid
        for s in c.spellings:
            yield s.text, cid


def display_name(card, lang: str) -> str:
    """The card's name for a reader of ``lang``, marked when it is not its official name there (``shown_name``)."""
    from ..core.catalog import _, shown_name

    name, mark, _in = shown_name(card, lang)
    return f"{name} ({_(mark)})" if mark else name


def _listing(kb, ids, lang: str) -> str:
    from ..core.catalog import card_name

    return ", ".join(f"{card_name(display_name(kb.cards[i], lang))} ({i})" for i in ids)


def resolve_card(kb, index, query: str, lang: str = "en", pool=None) -> Resolved:
    """The KB card ``query`` names: its id, an official name or recorded spelling (exact), or a misspelling of one
    that one card clearly wins ("taken as"); or a card of the imported pool (``Resolved.entry``: its answer comes from
    the facts derived at import), named exactly or misspelt. Otherwise YgoError: ambiguous (the candidates), or
    unknown (the nearest names and how to import the pool).

    ``pool``: a function giving the name index with the imported table (or None), asked only when needed.
    """
    from ..core.catalog import _, quote
    from ..core.errors import YgoError

    if query in kb.cards:
        return Resolved(query)
    result = index.lookup(query, None, 10)
    exact_forms = [m for m in result.all if m.exact and m.entry.kind == "card" and m.entry.id in kb.cards]
    exact = list(dict.fromkeys(m.entry.id for m in exact_forms))
    if len(exact) == 1:
        if own_name(kb.cards[exact[0]], query):
            return Resolved(exact[0])
        pooled = pool() if pool is not None else None  # a shortened or fan name of a KB card that is another card's name
        if pooled is not None:
            named = [m for m in pooled.lookup(query, None, 10).all
                     if m.exact and m.entry.kind == "card" and m.entry.origin != "kb" and m.form.variant in ("official", "accentless")]
            if named:
                return Resolved(named[0].entry.id, entry=named[0].entry)
        return Resolved(exact[0])
    if exact:
        raise YgoError(_("%(query)s names more than one card: %(cards)s → write the whole name of one of them, or its id")
                       % {"query": quote(query), "cards": _listing(kb, exact, lang)})
    found = closest(query, card_forms(kb))
    win = _winner(found)
    pooled = pool() if pool is not None else None
    if pooled is not None:  # a card of the imported pool named exactly is that card, never a KB card's misspelling
        pool_result = pooled.lookup(query, None, 10)
        pool_exact = [m for m in pool_result.all if m.exact and m.entry.kind == "card" and m.entry.origin != "kb"]
        if pool_exact:
            return Resolved(pool_exact[0].entry.id, entry=pool_exact[0].entry)
    if win is not None:
        return Resolved(win[2], taken_as=win[1])
    if found:  # misspellings of two cards, equally close
        ids = list(dict.fromkeys(f[2] for f in found))[:5]
        raise YgoError(_("%(query)s names more than one card: %(cards)s → write the whole name of one of them, or its id")
                       % {"query": quote(query), "cards": _listing(kb, ids, lang)})
    if pooled is not None:
        near = [m for m in pool_result.all if m.entry.kind == "card" and m.entry.origin != "kb"]
        typo = _winner(closest(query, [(m.form.text, m.entry.id) for m in near]))
        if typo is not None:
            return Resolved(typo[2], taken_as=typo[1], entry=next(m.entry for m in near if m.entry.id == typo[2]))
    _unknown(kb, result, query, lang, pooled)


def _no_facts(query: str, entry, lang: str):
    import shlex

    from ..core.catalog import _, card_name
    from ..core.errors import YgoError

    raise YgoError(_("%(name)s is a card of the imported card pool, but the imported table has no card facts (a table "
                     "imported from a tsv file has no card texts) → import the yaml-yugi data set: `ygorules names import "
                     "yaml-yugi DIR`; `ygorules lookup %(query)s` gives its names") % {"name": card_name(entry.name(lang) or entry.id),
                                                                                         "query": shlex.quote(query)})


def _unknown(kb, result, query: str, lang: str, pooled):
    """Raise the error for a name no card has: the nearest names, and how to import the whole pool if it is not."""
    import difflib

    from ..core.catalog import _, card_name, quote
    from ..core.errors import YgoError

    near = list(dict.fromkeys(m.entry.id for m in result.all if m.entry.kind == "card" and m.entry.id in kb.cards))[:5]
    near += [c for c in difflib.get_close_matches(query.lower(), list(kb.cards), n=3, cutoff=0.6) if c not in near]
    names = [f"{card_name(display_name(kb.cards[i], lang))} ({i})" for i in near]
    if pooled is not None:
        names += [card_name(m.entry.name(lang) or m.entry.id) for m in pooled.lookup(query, None, 10).all
                  if m.entry.kind == "card" and m.entry.origin != "kb"][:3]
    message = _("no card of the knowledge base is named %(query)s") % {"query": quote(query)}
    fixes = [_("nearest names: %(names)s") % {"names": ", ".join(names)}] if names else []
    if pooled is None:
        fixes.append(_("to look up any card of the game, import the card pool: `ygorules names import yaml-yugi DIR` "
                       "(a yaml-yugi checkout) or `ygorules names import tsv FILE` (see README.md)"))
    else:
        fixes.append(_("`ygorules lookup` finds names from any spelling"))
    raise YgoError(message + " → " + "; ".join(fixes))


# ── timings ───────────────────────────────────────────────────────────────────

START_WORDS = ("inicio", "comienzo", "principio", "comeco", "inizio", "start", "beginning")
"""The folded words for "start" in es, pt, it and en: "inicio del Damage Step" is the start of the Damage Step."""
END_WORDS = ("fin", "final", "fim", "fine", "end")
"""The folded words for "end": "fin de la Battle Phase" is the End Step."""
ENDS = {"battle-phase": ("start-step", "end-step"), "damage-step": ("damage-step.start", "damage-step.end"),
        "battle-step": ("battle-step.start", None)}
"""The timing at the start and at the end of a phase or step, where it has one of its own."""
TERM_TIMING = {"damage-calculation": "damage-step.during-damage-calculation"}
"""Rules terms that players use for one timing ("cálculo de daño": during damage calculation)."""
COMMUNITY = {"start-step": ("Etapa de Início", "Paso Inicial"),
             "end-step": ("Etapa de Fim", "Paso Final")}
"""Community names of timings that kb/terms does not record yet (they belong in its variants)."""


def timing_forms(kb):
    """(text, timings) for every name of every timing, step and phase in every language: the titles, the names and
    variants of the rules terms naming them, start/end of a phase or step, and community names."""
    from ..core.activation import STEP_TIMINGS, TIMINGS

    def timings_of(mid):
        if mid in TIMINGS:
            return (mid,)
        if mid in STEP_TIMINGS:
            return tuple(STEP_TIMINGS[mid])
        return tuple(TIMINGS) if mid in kb.phases else None

    def names_of(moment, term_id):
        out = [t for t in moment.title.values() if t] if moment is not None else []
        term = kb.terms.get(term_id) if term_id else None
        if term is not None:
            out += [n for n in term.names.values() if n] + [v.text for v in term.variants]
        return list(dict.fromkeys(out))

    out = []
    for table in (kb.phases, kb.steps, kb.substeps):
        for mid, moment in table.items():
            target = timings_of(mid)
            if target is None:
                continue
            names = names_of(moment, moment.term)
            out += [(n, target) for n in names]
            start, end = ENDS.get(mid, (None, None))
            for words, at in ((START_WORDS, start), (END_WORDS, end)):
                if at:
                    out += [(f"{w} {n}", (at,)) for w in words for n in names]
    for term_id, mid in TERM_TIMING.items():
        out += [(n, (mid,)) for n in names_of(None, term_id)]
    for mid, names in COMMUNITY.items():
        out += [(n, (mid,)) for n in names]
    return out


def resolve_timings(kb, query: str | None, lang: str = "en") -> Resolved:
    """The timings ``query`` names (``Resolved.id`` is a list): a timing or step id, or the name of a timing, step or
    phase in any language, exactly or misspelt when one timing clearly wins. Unknown or ambiguous: YgoError with the
    nearest names; never every timing for a name it does not know."""
    import re

    from ..core.activation import STEP_TIMINGS, TIMINGS
    from ..core.catalog import _, quote
    from ..core.errors import YgoError

    if query is None:
        return Resolved(list(TIMINGS))
    q = query.strip()
    if q in TIMINGS:
        return Resolved([q])
    if q in STEP_TIMINGS:
        return Resolved(list(STEP_TIMINGS[q]))
    import difflib
    if re.fullmatch(r"[a-z-]+\.[a-z.-]*", q):  # a mistyped timing id
        close = difflib.get_close_matches(q, list(TIMINGS), n=3, cutoff=0.6)
        raise YgoError(_("no timing of the Battle Phase has the id %(query)s") % {"query": quote(q)} + " → " +
                       (_("nearest timings: %(names)s") % {"names": ", ".join(close)} if close
                        else _("the timings are: %(ids)s") % {"ids": ", ".join(TIMINGS)}))
    forms = timing_forms(kb)
    key = sorted(content_words(q))
    exact = list(dict.fromkeys(t for text, t in forms if sorted(content_words(text)) == key))
    if len(exact) == 1:
        return Resolved(list(exact[0]))
    if not exact:
        win = _winner(closest(q, forms))
        if win is not None:
            t = win[2]
            return Resolved(list(t), taken_as=_title(kb, t[0], lang) if len(t) == 1 else _step_title(kb, t, lang))
    candidates = exact or [t for _d, _t, t in closest(q, forms)]
    if not candidates:  # the nearest names by likeness, one per timing
        from rapidfuzz import fuzz, process
        from ..core.fold import normalize
        texts = [normalize(text) for text, _t in forms]
        for _m, _s, i in process.extract(normalize(q), texts, scorer=fuzz.token_set_ratio, limit=40):
            if forms[i][1] not in candidates and len(forms[i][1]) == 1:
                candidates.append(forms[i][1])
        candidates = candidates[:3]
        what = _("no timing of the Battle Phase is named %(query)s") % {"query": quote(q)}
    else:
        what = _("%(query)s names more than one timing") % {"query": quote(q)}
    shown = ", ".join(f"{quote(_title(kb, t[0], lang) if len(t) == 1 else _step_title(kb, t, lang))} "
                      f"({t[0] if len(t) == 1 else ', '.join(t)})" for t in dict.fromkeys(candidates))
    raise YgoError(what + " → " + (_("nearest timings: %(names)s") % {"names": shown} if shown
                                   else _("the timings are: %(ids)s") % {"ids": ", ".join(TIMINGS)}))


def _step_title(kb, timings, lang: str) -> str:
    step = timings[0].split(".")[0]
    return _title(kb, step, lang)


def _title(kb, timing: str, lang: str) -> str:
    moment = kb.substeps.get(timing) or kb.steps.get(timing) or kb.phases.get(timing)
    return (moment.title.get(lang) or moment.title.get("en")) if moment else timing


# ── the answer ────────────────────────────────────────────────────────────────

def kind_line(card) -> str:
    """The card's kind and Spell Speeds in the chosen language ("Normal Trap, Spell Speed 2")."""
    from ..core.activation import summary
    from ..core.catalog import _

    s = summary(card)
    label = KIND.get((card.card_type, s["property"])) or KIND.get((card.card_type, None))
    kind = _(label) if label else card.card_type
    speeds = s["spell_speeds"]
    return kind + (", " + _("Spell Speed %(speeds)s") % {"speeds": "/".join(map(str, speeds))} if speeds else "")


INTERMIXED = True
"""The timing may come after the options too (``can CARD --lang es TIMING``): see ``cli._parse``."""

def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--lang", choices=LANGS, default="en", metavar="L",
                   help=f"language of the answer and of the messages: {', '.join(LANGS)} (default: en)")
    p.add_argument("--names", metavar="FILE", help="the imported card-pool table (default: the imported one, if any)")
    p.add_argument("--json", action="store_true",
                   help='print {"card": ID, "lang": L, "answers": [{"timing", "verdict", "condition", "reason", "rule", '
                        '"sources", "acts"}], "origin": "kb" | "derived", "confidence"}, with "taken_as": {"query", "name", "id"} when a '
                        'misspelt name was taken; a card of the imported pool answers from the facts derived from its text')
    p.add_argument("card", metavar="CARD", help="a card id (mirror-force) or its name in any language, as you have it")
    p.add_argument("timing", metavar="TIMING", nargs="?",
                   help="a timing id (damage-step.start) or its name in any language (\"antes del cálculo de daño\"); a step gives "
                        "its timings; default: every timing of the Battle Phase")


def head_lines(card, card_id: str, confidence: str | None, lang: str, memo: dict | None = None) -> list[str]:
    """The answer's first lines in the chosen language: the card and its kind, and for a derived card the note saying
    so (``confidence``: the derived facts' confidence; None for a KB card). ``memo``: a dict kept across cards of one
    language, where the kind line and the note are computed once per kind, confidence and text read."""
    from ..core.catalog import _

    if memo is None:
        kind = kind_line(card)
    else:
        shape = ("kind", card.card_type, (card.facts or {}).get("property"),
                 tuple(sorted({e["speed"] for e in (card.facts or {}).get("effects", []) if "speed" in e})))
        if shape not in memo:
            memo[shape] = kind_line(card)
        kind = memo[shape]
    lines = [f"{display_name(card, lang)} ({card_id}): {kind}"]
    if confidence is not None:
        from ._pool import CONFIDENCE, derived_note, text_of

        text = "note", confidence, text_of(card.facts)
        note = memo.get(text) if memo is not None else None
        if note is None:
            note = _(derived_note(card.facts)) % {"confidence": _(CONFIDENCE.get(confidence, confidence))}
            if memo is not None:
                memo[text] = note
        lines.append(note)
    return lines


def text_block(kb, a, lang: str) -> str:
    """One timing's answer as printed, in the chosen language: the verdict and condition, the reason, the rule."""
    from ..core import catalog
    from ..core.catalog import _

    verdict = _(VERDICT[a.verdict])
    if a.condition:
        verdict += " " + (a.condition.get(lang) or a.condition.get("en"))
    lines = [f"{_title(kb, a.timing, lang)} [{a.timing}]: {verdict}",
             "  " + _("Reason: %(reason)s") % {"reason": a.reason.get(lang) or a.reason.get("en")}]
    if a.text_differs:
        lines.append(f"  {a.text_differs.get(lang) or a.text_differs.get('en')}")
    cites = ", ".join(c.source + (f" ({catalog.locator(c.where)})" if c.where else "") for c in a.sources)
    if a.rule is not None:  # an unknown verdict has no rule: nothing decided it
        lines.append("  " + (_("Rule: %(rule)s; Sources: %(sources)s") % {"rule": a.rule, "sources": cites} if cites
                             else _("Rule: %(rule)s") % {"rule": a.rule}))
    return "\n".join(lines)


def json_answer(a, lang: str) -> dict:
    """One timing's answer in the ``--json`` document: its fields, with the texts in the chosen language."""
    d = a.as_dict()
    d["condition"] = a.condition.get(lang) if a.condition else None
    d["reason"] = a.reason.get(lang) or a.reason.get("en")
    d["text_differs"] = (a.text_differs.get(lang) or a.text_differs.get("en")) if a.text_differs else None
    return d


def json_head(card_id: str, lang: str, derived) -> dict:
    """The ``--json`` document's keys before the answers (``derived``: (stored card, facts store), or None for a KB card);
    ``text``, for a derived card, says which text its facts were read from (``official``, or ``unofficial-translation``
    for a card known only by the data set's own translation), null for a KB card (reviewed facts)."""
    from ._pool import text_of

    doc = {"card": card_id, "lang": lang, "origin": "kb" if derived is None else "derived",
           "confidence": None if derived is None else derived[0].confidence,
           "text": None if derived is None else text_of(derived[0].facts)}
    if derived is not None:
        doc["derived_from"] = derived[1].origin()
    return doc


def run(args) -> int:
    from . import _answers

    probe = _answers.Probe(args)
    if probe.answer():  # an exact name or id whose answer the store holds, fresh: no KB, index or YAML loaded
        return 0
    import json
    import sys

    from ..core import catalog
    from ..core.catalog import _, ngettext, quote
    from ..core.errors import YgoError
    from ..core.kb import collect
    from ..names.index import load_index
    from . import _pool

    lang = args.lang
    catalog.use(lang)
    import os

    from ..core.kb import default_kb
    from ..names.index import MAX_QUERY_CHARS
    root = args.kb if args.kb is not None else str(default_kb())
    if not os.path.isdir(root):  # the errors of the layers below, said here in the chosen language
        raise YgoError(_("%(kb)s: no such knowledge-base folder (pass --kb DIR)") % {"kb": root}, exit_code=2)
    for q in (args.card, args.timing or ""):
        if len(q) > MAX_QUERY_CHARS:
            raise YgoError(_("the name is %(n)d characters long; the limit is %(limit)d (the longest card name has about "
                             "100) → ask about one name at a time") % {"n": len(q), "limit": MAX_QUERY_CHARS})
    kb, problems = collect(args.kb)
    errors = [p for p in problems if p.severity == "error"]
    if errors:  # the valid entries still answer; a broken card or rule shows up below as unknown
        print(ngettext("warning: %(kb)s has %(n)d error (run `ygorules check`); entries with errors are left out",
                               "warning: %(kb)s has %(n)d errors (run `ygorules check`); entries with errors are left out",
                               len(errors)) % {"kb": kb.root, "n": len(errors)}, file=sys.stderr)
    index = load_index(kb.root, names=False, warn=lambda m: None)

    loaded = []

    def pool():
        if not loaded:
            loaded.append(load_index(kb.root, names=getattr(args, "names", None), warn=lambda m: None))
        return loaded[0] if loaded[0].has_table else None

    card_q = resolve_card(kb, index, args.card, lang, pool)
    card_id = card_q.id
    derived = None  # (the stored card, the store) of a card of the imported pool
    if card_q.entry is None:  # a KB card: its reviewed facts (they always win over derived ones)
        card = kb.cards[card_id]
        if card.facts is None:
            members = _listing(kb, card.members, lang) if card.members else _("none in the knowledge base")
            raise YgoError(_("%(card)s is an archetype, not a card → ask about one of its members: %(members)s")
                           % {"card": catalog.card_name(display_name(card, lang)), "members": members})
    else:
        from ..names.facts_store import open_store
        from ..names.table import default_path

        store = open_store(getattr(args, "names", None) or default_path())
        stored = store.get(card_q.entry.passcode) if store is not None and card_q.entry.passcode else None
        if stored is None:
            _no_facts(args.card, card_q.entry, lang)
        card, card_id, derived = _pool.pool_card(stored, card_q.entry, pool()), stored.key, (stored, store)
    timing_q = resolve_timings(kb, args.timing, lang)
    names = None if derived is None else _pool.pool_names(kb, pool())
    try:
        answers = card_answers(kb, card, derived, timing_q.id, names)
    except KeyError as exc:  # a rule the answer cites is missing or broken
        raise YgoError(_("%(problem)s → run `ygorules check` and fix kb/rules/") % {"problem": exc.args[0]}) from None
    if not errors:  # remember the answer (every timing, every language) for the next run
        remember(probe, kb, args.card if card_q.taken_as is None else None, card, card_id, derived, names)
    if args.json:
        doc = json_head(card_id, lang, derived)
        if card_q.taken_as:
            doc["taken_as"] = {"query": args.card, "name": card_q.taken_as, "id": card_id}
        if timing_q.taken_as:
            doc["timing_taken_as"] = {"query": args.timing, "name": timing_q.taken_as, "timings": timing_q.id}
        doc["answers"] = [json_answer(a, lang) for a in answers]
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    lines = []
    for q, taken, shown in ((args.card, card_q.taken_as, catalog.card_name), (args.timing, timing_q.taken_as, quote)):
        if taken:
            lines.append(_("taken as %(name)s (you wrote %(query)s)") % {"name": shown(taken), "query": quote(q)})
    lines += head_lines(card, card_id, None if derived is None else derived[0].confidence, lang)
    lines += [text_block(kb, a, lang) for a in answers]
    print("\n".join(lines))
    return 0


def card_answers(kb, card, derived, timings, names=None) -> list:
    """The card's Answer at each timing: a KB card's from its reviewed facts, a derived card's (``derived``: (stored
    card, facts store)) from the facts derived at import, with ``names`` the conditions' localizer."""
    if derived is None:
        from ..core.activation import answer

        return [answer(kb, card.id, t) for t in timings]
    from . import _pool

    return _pool.answers(kb, card, derived[0].unknown, timings, names)


# ── the answers store (commands/_answers.py) ──────────────────────────────────

def remember(probe, kb, query: str | None, card, card_id: str, derived, names) -> None:
    """Record in the answers store (``probe``: the run's ``_answers.Probe``) a card's answers in every language (when
    not recorded yet) and, when ``query`` named it exactly (no "taken as"), that the query leads to it. A store that
    cannot be written only costs time."""
    if probe.digest is None:
        return
    import sqlite3

    from . import _answers

    try:
        db = probe.open_writer(lambda: seed(kb))
        if db is None:
            return
        try:
            with db:
                key = _answers.card_key(card_id, derived)
                if query is not None:
                    k = "i:" + query if query in kb.cards else _answers.name_key(query)
                    if k != "n:":
                        db.execute("INSERT OR REPLACE INTO names VALUES (?, ?)", (k, key))
                if db.execute("SELECT 1 FROM cards WHERE card = ?", (key,)).fetchone() is None:
                    from ..core.activation import TIMINGS

                    try:
                        every = card_answers(kb, card, derived, TIMINGS, names)
                    except KeyError:  # a rule that another timing needs is missing: asked there, `can` says so
                        return
                    write_rows(db, kb, lambda out: out.add(card, card_id, derived, every), probe.args.lang)
        finally:
            db.close()
    except (sqlite3.Error, OSError):
        return


def seed(kb) -> tuple[list, list]:
    """What every answers store of ``kb`` holds from the start: (key, card) of every KB id (an archetype's id leads to
    "": no answer), and (key, timing ids) of every timing id, step id and name of a timing that ``can`` resolves
    exactly."""
    from ..core.activation import STEP_TIMINGS, TIMINGS
    from ._answers import card_key

    ids = [("i:" + cid, card_key(cid, None) if c.facts is not None else "") for cid, c in kb.cards.items()]

    rows = {"i:" + t: t for t in TIMINGS}
    rows.update({"i:" + s: " ".join(ts) for s, ts in STEP_TIMINGS.items() if "i:" + s not in rows})
    named: dict = {}
    for text, target in timing_forms(kb):
        words = " ".join(sorted(content_words(text)))
        if words:
            named.setdefault(words, {})[target] = None
    rows.update({"n:" + words: " ".join(next(iter(targets))) for words, targets in named.items() if len(targets) == 1})
    return ids, list(rows.items())


RENDER = (head_lines, json_head, text_block, json_answer)
"""How an answer is printed, for commands/_precompute.py (which renders many cards at once)."""


def write_rows(db, kb, fill, lang: str) -> None:
    """Add to the open store ``db`` the answers that ``fill`` puts in a ``_precompute.Rendered`` (its blocks numbered
    after the store's last), in every language; ``lang``: the run's language."""
    from ._precompute import Rendered, insert_rows

    last = db.execute("SELECT max(id) FROM blocks").fetchone()[0]
    out = Rendered(kb, RENDER, 0 if last is None else last + 1)
    fill(out)
    insert_rows(db, out.rows(lang))


def build_kb(root: str, names: str | None = None, pool_too: bool = True) -> int | None:
    """Write a new store for the kb folder ``root`` (and the name table ``names``, default: the default one) with
    the answers of every KB card and every exact name of a KB card (a spelling that may be the official name of a
    card of the pool is left to ``can``), and, when the table has card facts (``pool_too``), the answers of every card
    of the pool and its exact names (commands/_precompute.py); return how many KB cards, or None when the store was not
    written (the KB has errors, or the cache folder cannot be written)."""
    import sqlite3
    from types import SimpleNamespace

    from ..core.catalog import current
    from ..core.errors import YgoError
    from ..core.fold import normalize
    from ..names.index import load_index
    from ._answers import Probe, card_key

    probe = Probe(SimpleNamespace(kb=root, names=names, lang=current()))
    if probe.digest is None:
        return None
    done = probe.complete()
    if done is not None:  # nothing changed since the store was written whole
        return done
    from ..core.kb import collect

    kb, problems = collect(root, cache=True)
    if any(p.severity == "error" for p in problems):
        return None
    index = load_index(root, names=False, warn=lambda m: None)

    class NeedsPool(Exception):
        """A name whose card depends on the imported pool: recorded when ``can`` is first asked it, not here."""

    def pool():
        raise NeedsPool

    from ..core.activation import TIMINGS, answer

    cards, answered = {}, []
    for cid, c in kb.cards.items():
        if c.facts is None:
            continue
        try:
            every = [answer(kb, cid, t) for t in TIMINGS]
        except KeyError:  # a rule it needs is missing: `can` says so when asked
            continue
        cards[cid] = c
        answered.append((c, cid, None, every))
    from ._precompute import Rendered, insert_rows

    out = Rendered(kb, RENDER, lang=probe.args.lang)
    for c, cid, derived, every in answered:
        out.add(c, cid, derived, every)
    keys = {}
    part = index.parts[0]
    folded = part.col("k_keys")
    for ki in range(len(folded)):
        forms = index.key_forms_of(part, ki)
        if not any(f.entry.kind == "card" for f in forms):
            continue
        text = next((f.text for f in forms if normalize(f.text) == folded[ki] and f.text not in kb.cards), None)
        if text is None or not folded[ki]:
            continue
        try:
            got = resolve_card(kb, index, text, "en", pool)
        except (YgoError, NeedsPool):  # more than one card, or another card's name in the pool: the slow path decides
            continue
        if got.taken_as is None and got.entry is None and got.id in cards:
            keys["n:" + folded[ki]] = card_key(got.id, None)
    pooled = _pooled(root, probe.table) if pool_too else None
    helpers: list = []  # processes answering a share of the pool (commands/_precompute.py)
    if pooled is not None:  # every card of the imported pool, and its exact names (after the KB's: those win)
        from . import _precompute

        for k, v in _precompute.pool(kb, index, *pooled, out, helpers):
            keys.setdefault(k, v)
    rows = out.rows(probe.args.lang)
    try:
        db = probe.open_writer(lambda: seed(kb), fresh=True)
        if db is None:
            return None
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO names VALUES (?, ?)", list(keys.items()))
                insert_rows(db, rows)
                db.execute("INSERT OR REPLACE INTO meta VALUES ('complete', ?)", (len(cards),))
            while helpers:  # (a share that failed is only answered later, by `can`'s slow path)
                helpers.pop().merge(db)
        finally:
            db.close()
    except (sqlite3.Error, OSError):
        return None
    finally:
        while helpers:  # the store was not written: the shares are waited for and dropped
            helpers.pop().merge(None)
    return len(cards)


def _pooled(root: str, table: str):
    """(the name index with the imported ``table``, its facts store), or None when the table has no card facts (or
    cannot be read: ``can`` says why when asked)."""
    from ..core.errors import YgoError
    from ..names.facts_store import open_store
    from ..names.index import load_index

    try:
        store = open_store(table)
        if store is None:
            return None
        index = load_index(root, names=table, warn=lambda m: None)
    except YgoError:
        return None
    return (index, store) if index.has_table else None
