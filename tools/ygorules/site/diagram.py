"""The overview diagram: an inline SVG of the Battle Phase, one row per timing, with a text alternative.

Each row says whether one chain or several may be built at that timing, and what may be activated
there. A timing of the Damage Step lists the categories its own rules allow there (the `category` of
each rule in kb/rules/ that names the timing: Counter Traps everywhere, ATK/DEF changes only up to
before damage calculation, effects naming damage calculation only during it …); the other timings
list the kinds of card that may be activated there (Quick-Play Spells, Traps, Counter Traps, Quick
Effects, Trigger Effects …), derived from the activation answers of the KB's cards. The legend lists
only the chain states the diagram uses. Plain SVG, no script, no font or file from elsewhere: it
works offline.
"""
from __future__ import annotations

from markupsafe import Markup

from ..core.activation import DAMAGE_STEP
from .i18n import N_
from .text import h

CATEGORIES = {  # in display order
    "quick-play": N_("Quick-Play Spells"), "trap": N_("Traps"), "counter": N_("Counter Traps"),
    "quick": N_("Quick Effects"), "trigger": N_("Trigger Effects"), "spell": N_("other Spells"),
}
CHAIN_COLOURS = {"several": ("#d7f0dc", "#14532d", "#16a34a"), "one": ("#fde8c8", "#7c2d12", "#ea580c"),
                 "none": ("#f3d4d4", "#7f1d1d", "#b91c1c")}
"""chains → (badge fill, badge text, row accent)."""

ROW, TOP, WIDTH, STEP_W = 46, 8, 760, 150
LINE_CHARS, STEP_CHARS = 88, 18
"""How many characters fit on a row's second line and in a step's box (11 and 13 px text)."""


def categories(site, timing_id: str) -> list[str]:
    """What may be activated at a timing, by category, from the answers of the KB's cards there."""
    found = set()
    for card_id, answers in site._matrix().items():
        a = next((x for x in answers if x.timing == timing_id), None)
        card = site.kb.cards.get(card_id)
        if a is None or a.verdict == "no" or card is None or not card.facts:
            continue
        prop = card.facts.get("property")
        if card.card_type == "trap":
            found.add("counter" if prop == "counter" else "trap")
        elif card.card_type == "spell":
            found.add("quick-play" if prop == "quick-play" else "spell")
        for eff in card.facts.get("effects", []):
            if card.card_type == "monster" and eff.get("kind") in ("quick", "trigger", "flip"):
                found.add("quick" if eff["kind"] == "quick" else "trigger")
    return [k for k in CATEGORIES if k in found]


def rule_categories(kb, timing_id: str) -> list:
    """The rules whose category may be activated at a timing: those specific to it first (fewest timings),
    then by id."""
    found = [r for r in kb.rules.values() if r.category and timing_id in r.category.get("timings", ())]
    return sorted(found, key=lambda r: (len(r.category["timings"]), r.id))


def what_may_be_activated(site, timing_id: str) -> str:
    """The line that says what may be activated at a timing, in the site's language: at a Damage Step
    timing the categories of its rules (``; ``-separated), elsewhere the kinds of card from the answers."""
    if timing_id in DAMAGE_STEP:
        rules = rule_categories(site.kb, timing_id)
        if rules:
            return "; ".join(r.category["label"].get(site.lang) or r.category["label"]["en"] for r in rules)
    cats = categories(site, timing_id)
    return ", ".join(site.gettext(CATEGORIES[c]) for c in cats) if cats else site.gettext("nothing from the cards here")


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap into lines of at most ``width`` characters (a longer word stays whole).

    >>> wrap("Magias Rápidas, Armadilhas, Efeitos Rápidos", 20)
    ['Magias Rápidas,', 'Armadilhas, Efeitos', 'Rápidos']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text(x, y, text, size=12, weight=400, fill="#1f2937", anchor="start") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" text-anchor="{anchor}" '
            f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">{h(text)}</text>')


def render(site, page, chains_labels: dict) -> Markup:
    """The figure: the SVG and, after it, the same content as a list of links (the text alternative)."""
    _ = site.gettext
    rows, used, alt = [], [], []
    y = TOP
    steps_svg = []
    for step in site.kb.ordered_steps():
        subs = site.kb.ordered_substeps(step.id) or [step]
        top = y
        for t in subs:
            chains = t.chains or "none"
            if chains not in used:
                used.append(chains)
            what = what_may_be_activated(site, t.id)
            fill, ink, accent = CHAIN_COLOURS.get(chains, CHAIN_COLOURS["none"])
            badge = _(chains_labels[chains])
            lines = wrap(_("May be activated: %(what)s") % {"what": what}, LINE_CHARS)
            height = ROW + 14 * (len(lines) - 1)
            rows.append(
                f'<g class="ygo-timing ygo-timing--{h(chains)}" data-timing="{h(t.id)}">'
                f'<rect x="{STEP_W + 6}" y="{y}" width="{WIDTH - STEP_W - 8}" height="{height - 6}" rx="5" fill="#f8fafc" stroke="#cbd5e1"/>'
                f'<rect x="{STEP_W + 6}" y="{y}" width="6" height="{height - 6}" rx="2" fill="{accent}"/>'
                + _text(STEP_W + 20, y + 17, site.title(t), 13, 700)
                + "".join(_text(STEP_W + 20, y + 33 + 14 * i, line, 11, 400, "#334155") for i, line in enumerate(lines))
                + f'<rect x="{WIDTH - 132}" y="{y + 4}" width="124" height="18" rx="9" fill="{fill}"/>'
                + _text(WIDTH - 70, y + 17, badge, 11, 700, ink, "middle") + "</g>")
            alt.append(f'<li><a href="{page.href(_path(t))}">{h(site.title(t))}</a>: {h(badge)}; '
                       f'{h(_("May be activated: %(what)s") % {"what": what})}</li>')
            y += height
        steps_svg.append(
            f'<g class="ygo-step{" ygo-step--damage" if step.id == "damage-step" else ""}" data-step="{h(step.id)}">'
            f'<rect x="2" y="{top}" width="{STEP_W - 2}" height="{y - top - 6}" rx="6" fill="#e8eaf6" stroke="#3f51b5" stroke-width="2"/>'
            + "".join(_text(10, top + 20 + 16 * i, line, 13, 700, "#1a237e") for i, line in enumerate(wrap(site.title(step), STEP_CHARS)))
            + "</g>")
    legend_y = y + 14
    legend, x = [], 4
    for chains in ("several", "one", "none"):
        if chains not in used:
            continue
        fill, ink, _accent = CHAIN_COLOURS[chains]
        label = _(chains_labels[chains])
        legend.append(f'<rect x="{x}" y="{legend_y - 13}" width="124" height="20" rx="10" fill="{fill}"/>'
                      + _text(x + 62, legend_y + 1, label, 11, 700, ink, "middle"))
        x += 136
    height = legend_y + 16
    title = _("The timings of the Battle Phase: how many chains, and what may be activated")
    svg = (f'<svg class="ygo-diagram__svg" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
           f'aria-labelledby="ygo-diagram-title" aria-describedby="ygo-diagram-text" xmlns="http://www.w3.org/2000/svg">'
           f'<title id="ygo-diagram-title">{h(title)}</title>' + "".join(steps_svg) + "".join(rows) + "".join(legend) + "</svg>")
    return Markup(f'<figure class="ygo-diagram" data-search-exclude>{svg}'
                  f'<figcaption><ol id="ygo-diagram-text" class="ygo-diagram__text">{"".join(alt)}</ol></figcaption></figure>')


def _path(entry) -> str:
    from .paths import page_path
    return page_path(entry.kind, entry.id)
