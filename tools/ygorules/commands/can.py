"""ygorules can: may this card be activated at this timing of the Battle Phase, and why."""
from __future__ import annotations

HELP = ("Say whether a card may be activated at a timing of the Battle Phase (yes / no / only if …), with the reason and "
        "the rule that decides; CARD and TIMING may be written in any language; without TIMING, every timing.")
EXAMPLE = 'ygorules can "fuerza de espejo" "inicio del damage step" --lang es'

from ..core.locales import LANGS

VERDICT = {"es": {"yes": "sí", "no": "no", "only-if": "solo si"}, "pt": {"yes": "sim", "no": "não", "only-if": "só se"},
           "it": {"yes": "sì", "no": "no", "only-if": "solo se"}, "en": {"yes": "yes", "no": "no", "only-if": "only if"}}
LABEL = {"es": ("Razón", "Regla", "Fuentes", "Velocidad de Hechizo"), "pt": ("Motivo", "Regra", "Fontes", "Spell Speed"),
         "it": ("Motivo", "Regola", "Fonti", "Spell Speed"), "en": ("Reason", "Rule", "Sources", "Spell Speed")}
KIND = {"es": {"monster": "Monstruo", "spell": "Carta Mágica", "trap": "Carta de Trampa"},
        "pt": {"monster": "Monstro", "spell": "Magia", "trap": "Armadilha"},
        "it": {"monster": "Mostro", "spell": "Magia", "trap": "Trappola"},
        "en": {"monster": "Monster", "spell": "Spell", "trap": "Trap"}}
PROPERTY = {"es": {"normal": "Normal", "quick-play": "de Juego Rápido", "continuous": "Continua", "counter": "de Contraefecto",
                   "field": "de Campo", "equip": "de Equipo", "ritual": "de Ritual"},
            "pt": {"normal": "Normal", "quick-play": "Rápida", "continuous": "Contínua", "counter": "de Resposta",
                   "field": "de Campo", "equip": "de Equipamento", "ritual": "de Ritual"},
            "it": {"normal": "Normale", "quick-play": "Rapida", "continuous": "Continua", "counter": "Contro-",
                   "field": "Terreno", "equip": "Equipaggiamento", "ritual": "Rituale"},
            "en": {"normal": "Normal", "quick-play": "Quick-Play", "continuous": "Continuous", "counter": "Counter",
                   "field": "Field", "equip": "Equip", "ritual": "Ritual"}}
CUTOFF = 85.0
"""The lowest fuzzy score at which a name is taken without asking (exact names are always taken)."""
TIE = 1.0
"""Two fuzzy matches this close are a tie: the command asks instead of choosing."""


def register(p):
    p.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    p.add_argument("--lang", choices=LANGS, default="en", metavar="L", help=f"language of the answer: {', '.join(LANGS)} (default: en)")
    p.add_argument("--json", action="store_true",
                   help='print {"card": ID, "answers": [{"timing", "verdict", "condition", "reason", "rule", "sources", "acts"}]}')
    p.add_argument("card", metavar="CARD", help="a card id (mirror-force) or its name in any language, as you have it")
    p.add_argument("timing", metavar="TIMING", nargs="?",
                   help="a timing id (damage-step.start) or its name in any language (\"antes del cálculo de daño\"); a step gives "
                        "its timings; default: every timing of the Battle Phase")


def resolve_card(kb, index, query: str) -> str:
    """The id of the KB card ``query`` names (an id or a name in any language); YgoError with suggestions if none."""
    from ..core.errors import YgoError

    if query in kb.cards:
        return query
    result = index.lookup(query, None, 10)
    cards = [m for m in result.all if m.entry.kind == "card" and m.entry.id in kb.cards]
    if cards and cards[0].exact and not (len(cards) > 1 and cards[1].exact and cards[1].entry.id != cards[0].entry.id):
        return cards[0].entry.id
    if cards and not cards[0].exact and cards[0].score >= CUTOFF and not (len(cards) > 1 and cards[0].score - cards[1].score <= TIE):
        return cards[0].entry.id
    import difflib
    close = [c for c in difflib.get_close_matches(query.lower(), list(kb.cards), n=3, cutoff=0.6) if c not in {m.entry.id for m in cards}]
    ids = list(dict.fromkeys([m.entry.id for m in cards[:5]] + close))
    hint = ("did you mean " + " or ".join(f"'{kb.cards[i].name('en')[0]}' ({i})" for i in ids) + "?") if ids \
        else "`ygorules lookup` finds names from any spelling"
    what = "more than one card fits" if len(cards) > 1 and cards[0].score >= CUTOFF else f"no card in {kb.root} is named"
    raise YgoError(f"{what} {query!r} → {hint}")


def resolve_timings(kb, index, query: str | None) -> list[str]:
    """The timing ids ``query`` names: a timing id or a step id, or the title of a step or timing or a rules term naming one."""
    from ..core.activation import STEP_TIMINGS, TIMINGS
    from ..core.errors import YgoError

    if query is None:
        return list(TIMINGS)
    q = query.strip()
    if q in TIMINGS:
        return [q]
    if q in STEP_TIMINGS:
        return list(STEP_TIMINGS[q])
    import difflib
    import re
    if re.fullmatch(r"[a-z-]+\.[a-z.-]*", q):  # a mistyped timing id
        close = difflib.get_close_matches(q, list(TIMINGS), n=3, cutoff=0.6)
        hint = ("did you mean " + " or ".join(f"'{c}'" for c in close) + "?") if close else f"timings are: {', '.join(TIMINGS)}"
        raise YgoError(f"no timing of the Battle Phase has the id {query!r} → {hint}")
    named = {}  # term id → moment id
    for table in (kb.phases, kb.steps, kb.substeps):
        for mid, moment in table.items():
            if moment.term:
                named.setdefault(moment.term, mid)

    def moment_of(m):
        e = m.entry
        if e.kind in ("substep", "step", "phase"):
            return e.id
        if e.kind == "term":
            return named.get(e.id)
        return None

    result = index.lookup(q, None, 10)
    found = [(m, moment_of(m)) for m in result.all if moment_of(m)]
    if found and (found[0][0].exact or found[0][0].score >= CUTOFF):
        mid = found[0][1]
        if mid in TIMINGS:
            return [mid]
        if mid in STEP_TIMINGS:
            return list(STEP_TIMINGS[mid])
        if mid in kb.phases:
            return list(TIMINGS)
    close = difflib.get_close_matches(q.lower(), list(TIMINGS), n=3, cutoff=0.5)
    shown = [f"'{m.form.text}' ({mid})" for m, mid in found[:3]] + [f"'{c}'" for c in close if c not in {mid for _, mid in found[:3]}]
    hint = ("did you mean " + " or ".join(shown) + "?") if shown else f"timings are: {', '.join(TIMINGS)}"
    raise YgoError(f"no timing of the Battle Phase is named {query!r} → {hint}")


def _title(kb, timing: str, lang: str) -> str:
    moment = kb.substeps.get(timing) or kb.steps.get(timing)
    return (moment.title.get(lang) or moment.title.get("en")) if moment else timing


def _kind_line(card, lang: str) -> str:
    from ..core.activation import summary

    s = summary(card)
    kind = KIND[lang].get(card.card_type, card.card_type)
    if s["property"]:
        prop = PROPERTY[lang][s["property"]]
        if lang == "en":
            kind = f"{prop} {kind}"
        elif lang == "it" and s["property"] == "counter":
            kind = "Contro-Trappola"
        else:
            kind = f"{kind} {prop}"
    speeds = s["spell_speeds"]
    return kind + (f", {LABEL[lang][3]} {'/'.join(map(str, speeds))}" if speeds else "")


def run(args) -> int:
    import json

    from ..core.activation import answer
    from ..core.errors import YgoError
    from ..core.kb import collect
    from ..names.index import load_index

    import sys

    kb, problems = collect(args.kb)
    errors = [p for p in problems if p.severity == "error"]
    if errors:  # the valid entries still answer; a broken card or rule shows up below as unknown
        print(f"warning: {kb.root} has {len(errors)} error(s) (run `ygorules check`); entries with errors are left out", file=sys.stderr)
    index = load_index(kb.root, names=False, warn=lambda m: None)
    card_id = resolve_card(kb, index, args.card)
    card = kb.cards[card_id]
    if card.facts is None:
        members = ", ".join(card.members) or "none in the KB"
        raise YgoError(f"'{card_id}' is an archetype, not a card → ask about one of its members: {members}")
    timings = resolve_timings(kb, index, args.timing)
    try:
        answers = [answer(kb, card_id, t) for t in timings]
    except KeyError as exc:  # a rule the answer cites is missing or broken
        raise YgoError(f"{exc.args[0]} → run `ygorules check` and fix kb/rules/") from None
    lang = args.lang
    if args.json:
        out = []
        for a in answers:
            d = a.as_dict()
            d["condition"] = a.condition.get(lang) if a.condition else None
            d["reason"] = a.reason.get(lang) or a.reason.get("en")
            d["text_differs"] = (a.text_differs.get(lang) or a.text_differs.get("en")) if a.text_differs else None
            out.append(d)
        print(json.dumps({"card": card_id, "lang": lang, "answers": out}, ensure_ascii=False, indent=2))
        return 0
    name, _ = card.name(lang)
    reason_l, rule_l, sources_l, _ = LABEL[lang]
    lines = [f"{name} ({card_id}): {_kind_line(card, lang)}"]
    for a in answers:
        verdict = VERDICT[lang][a.verdict]
        if a.condition:
            verdict += " " + (a.condition.get(lang) or a.condition.get("en"))
        lines.append(f"{_title(kb, a.timing, lang)} [{a.timing}]: {verdict}")
        lines.append(f"  {reason_l}: {a.reason.get(lang) or a.reason.get('en')}")
        if a.text_differs:
            lines.append(f"  {a.text_differs.get(lang) or a.text_differs.get('en')}")
        cites = ", ".join(c.source + (f" ({c.where})" if c.where else "") for c in a.sources)
        lines.append(f"  {rule_l}: {a.rule}" + (f"; {sources_l}: {cites}" if cites else ""))
    print("\n".join(lines))
    return 0
