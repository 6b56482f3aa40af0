"""The page generator: the KB rendered as Markdown pages of one language, from Jinja2 templates.

Every page has the same path in every language (``cards/<id>.md`` → ``<lang>/cards/<id>/``).
Text from YAML is escaped on output (``text.md_escape``, or ``text.h`` inside raw HTML); the
templates only ever mark our own Markup as safe.
"""
from __future__ import annotations

import html
import json
import os
import posixpath
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from ..core.cache import cache_folder, read_file, write_file
from ..core.errors import YgoError
from ..core.fold import fold
from ..core.locales import NAMES
from ..core.model import FOLDERS as KB_FOLDERS
from ..core.model import KB, LANGS
from .i18n import JINJA_SYNTAX, N_, SITE_SRC
from ..core.catalog import until_label
from .mdlean import raw
from .paths import page_path, url_of
from .text import ProseLinker, h, md_escape

TEMPLATES = SITE_SRC / "templates"


class _SharedBytecode(jinja2.BytecodeCache):
    """Compiled templates shared by the four languages' environments, and kept on disk between builds
    (in the ygorules cache folder; Jinja checks each entry against its template's source)."""

    def __init__(self):
        self.store: dict = {}

    def _file(self, key: str) -> str:
        return os.path.join(cache_folder(), "jinja", f"{key}.bytecode")

    def load_bytecode(self, bucket):
        data = self.store.get(bucket.key)
        if data is None:
            data = read_file(self._file(bucket.key))  # None unless only we can write it: compiled code is run
            if data is None:
                return
        bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket):
        data = self.store[bucket.key] = bucket.bytecode_to_string()
        write_file(self._file(bucket.key), data)  # a cache that cannot be written only costs time


def safe_url(url) -> str | None:
    """``url`` if it is an http(s) address that can be put in a link as it is, else None (no javascript:, data: …).

    >>> [safe_url(u) for u in ("https://yugipedia.com/wiki/Replay", "javascript:alert(1)", "http://x.org/a b", None)]
    ['https://yugipedia.com/wiki/Replay', None, None, None]
    """
    import re
    return url if isinstance(url, str) and re.fullmatch(r"https?://[^\s<>\"'`]+", url) else None


_BYTECODE = _SharedBytecode()

FOLDERS = {kind: KB_FOLDERS[kind] for kind in ("step", "substep", "card", "term", "ruling", "example", "source", "rule")}
"""Kinds with one page per entry, and the folder of their pages."""

SECTIONS = [  # (path, title) of the small navigation: index pages only, never every card
    ("index.md", N_("Overview")),
    ("steps/index.md", N_("Steps")),
    ("substeps/index.md", N_("Timings")),
    ("cards/index.md", N_("Cards")),
    ("terms/index.md", N_("Terms")),
    ("rules/index.md", N_("Rule facts")),
    ("rulings/index.md", N_("Rulings")),
    ("examples/index.md", N_("Examples")),
    ("concordance.md", N_("Concordance of the sources")),
    ("damage.md", N_("Damage calculation")),
    ("sources/index.md", N_("Sources")),
    ("lookup/index.md", N_("Card-name lookup")),
    ("status.md", N_("Translation status")),
    ("review.md", N_("How far each page is reviewed")),
]

CHAINS = {"none": N_("No activations"), "one": N_("One chain only"), "several": N_("Several chains")}
ROLES = {  # role → heading of the group on a timing's page, in display order
    "activates": N_("Can be activated here"),
    "triggers": N_("Trigger effects that activate here"),
    "applies": N_("Apply here without a chain"),
    "negates": N_("Negate here"),
    "destroys": N_("Destroy a card here"),
    "is-destroyed": N_("Are destroyed here"),
    "flips": N_("Are flipped here"),
    "cannot-activate": N_("Cannot be activated here"),
}
CARD_ROLES = {  # role → how one card acts, for the card's own page
    "activates": N_("Can be activated"),
    "triggers": N_("Its trigger effect activates"),
    "applies": N_("Applies without a chain"),
    "negates": N_("Negates"),
    "destroys": N_("Destroys a card"),
    "is-destroyed": N_("Is destroyed"),
    "flips": N_("Is flipped"),
    "cannot-activate": N_("Cannot be activated"),
}
LOCATORS = {"lines": N_("Citations of this source give line numbers (for example “lines 33–99”). They count the lines of the copy of this text that the team keeps; the published text may break its lines differently."),
            "pages": N_("Citations of this source give page numbers of the printed or PDF document."),
            "sections": N_("Citations of this source name a section or heading of it, in its own words."),
            "counts": N_("Citations of this source give how many official card texts or entries show a form.")}
NO_URL = {"print-only": N_("None: a printed document with no official copy online."),
          "not-recorded": N_("Not recorded: the team keeps a copy of the text but did not note where it was published."),
          "offline": N_("None any more: it was published online but has been taken down, and no archived copy was found.")}
REVIEW_STATES = {"machine-draft": N_("Machine draft: not yet reviewed"), "self-reviewed": N_("Reviewed by its author"),
                 "native-reviewed": N_("Reviewed by a native speaker")}
CARD_GROUPS = {"acts": N_("Act here (their own moment)"), "may": N_("May be activated here"), "may-not": N_("May not be activated here")}
VERDICTS = {"yes": N_("yes"), "no": N_("no"), "only-if": N_("only if")}
PROPERTIES = {"normal": N_("Normal"), "quick-play": N_("Quick-Play"), "continuous": N_("Continuous"), "counter": N_("Counter"),
              "field": N_("Field"), "equip": N_("Equip"), "ritual": N_("Ritual")}
MONSTER_TYPES = {"normal": N_("Normal"), "effect": N_("Effect"), "flip": N_("Flip"), "fusion": N_("Fusion"), "ritual": N_("Ritual"),
                 "synchro": N_("Synchro"), "xyz": N_("Xyz"), "link": N_("Link"), "pendulum": N_("Pendulum"), "tuner": N_("Tuner"),
                 "spirit": N_("Spirit"), "gemini": N_("Gemini"), "union": N_("Union"), "toon": N_("Toon")}
CARD_TYPES = {"monster": N_("Monster"), "spell": N_("Spell"), "trap": N_("Trap"), "archetype": N_("Archetype")}
STATUS = {"current": N_("Current"), "outdated": N_("Outdated"), "disputed": N_("Disputed"), "history": N_("Earlier rule")}
SOURCE_TYPES = {"article": N_("Article"), "rulebook": N_("Official rulebook"), "web-page": N_("Web page"),
                "wiki": N_("Wiki"), "database": N_("Card database")}
TERM_CATEGORIES = {"phase": N_("Phase or step"), "timing": N_("Timing"), "card-type": N_("Card type"),
                   "effect-type": N_("Effect type"), "battle": N_("Battle"), "position": N_("Position"),
                   "zone": N_("Zone"), "chain": N_("Chain"), "general": N_("General")}
VARIANT_STATUS = {"official-current": N_("official, current"), "official-older": N_("official, older"),
                  "official-probable": N_("probably official"), "community": N_("community")}
SPELLING_KINDS = {"fan-translation": N_("fan translation"), "old-official": N_("older official name"),
                  "video-game": N_("video game only"), "english-name": N_("English name used"),
                  "misspelling": N_("misspelling"), "accentless": N_("without accents"), "plural": N_("inflected form"),
                  "shortened": N_("shortened"), "variant": N_("variant"), "community": N_("community name")}
DAMAGE = {
    "target": {"attack": N_("Attack Position"), "defense": N_("Defense Position"), "direct": N_("Direct attack")},
    "comparison": {"higher": N_("ATK higher"), "equal": N_("equal"), "lower": N_("ATK lower"), "none": N_("no comparison")},
    "destroyed": {"attacker": N_("the attacker"), "defender": N_("the attacked monster")},
    "damage_to": {"none": N_("nobody"), "attacker-controller": N_("the attacking player"),
                  "defender-controller": N_("the attacked player")},
    "amount": {"none": N_("none"), "difference": N_("the difference"), "attacker-atk": N_("the attacker's ATK")},
}
KIND_LABELS = {"sources": N_("Sources"), "phases": N_("Phases"), "steps": N_("Steps"), "substeps": N_("Timings"),
               "schemes": N_("Source schemes"), "cards": N_("Cards"), "terms": N_("Terms"), "rulings": N_("Rulings"),
               "examples": N_("Examples"), "unidentified": N_("Unidentified names"), "damage": N_("Damage calculation")}
LANG_NAMES = {code: name.split(" (")[0] for code, name in NAMES.items()}
"""Each language's name in itself as the language switcher shows it: kb/locales.yaml's, without the variety (Português)."""


def percent(value: float, lang: str) -> str:
    """A percentage (0–100) written as the language writes it: 67,8 % (es), 67,8% (pt-BR, it), 67.8% (en).

    >>> percent(67.8, "pt"), percent(100.0, "en")
    ('67,8%', '100%')
    """
    from decimal import Decimal

    from babel.numbers import format_percent

    return format_percent(Decimal(str(value)) / 100, locale={"pt": "pt_BR"}.get(lang, lang), decimal_quantization=False)


def sort_key(text: str) -> str:
    """A sort key that ignores case, accents and typographic variants (``core.fold.fold``).

    >>> sorted(["Ñu", "Zeta", "Árbol"], key=sort_key)
    ['Árbol', 'Ñu', 'Zeta']
    """
    return fold(text)


@lru_cache(maxsize=65536)
def _relpath(target: str, base: str) -> str:
    """posixpath.relpath, remembered: the same few hundred targets are linked from thousands of pages."""
    return posixpath.relpath(target, base)


class Page:
    """One page being rendered: its path, and helpers that write links relative to it."""

    def __init__(self, site: "SiteGen", path: str, title: str = "", own: tuple = ()):
        self.site, self.path, self.title, self.own = site, path, title, own
        self.lang = site.lang
        self.notes: dict = {}  # (source id, where) → footnote number on this page
        self.prose_linker = ProseLinker(site.card_names, site.term_names, self._prose_link, own)

    # links ------------------------------------------------------------------
    def rel(self, target: str, anchor: str | None = None) -> str:
        """A relative Markdown link target to another page (MkDocs checks it in --strict)."""
        out = _relpath(target, posixpath.dirname(self.path) or ".")
        return out + (f"#{anchor}" if anchor else "")

    def href(self, target: str, anchor: str | None = None) -> Markup:
        """A relative URL to another page, for raw HTML (where MkDocs does not rewrite links)."""
        out = _relpath(url_of(target), posixpath.dirname(self.path) or ".")
        return Markup(h(out + (f"#{anchor}" if anchor else "")))

    def link(self, target: str, label, anchor: str | None = None) -> Markup:
        """A link with an escaped label, written as inline HTML: the same HTML as the Markdown link
        ``[label](target.md)`` gives, without the Markdown link parsing and MkDocs' rewriting of each of
        the thousands of links (the largest part of the build's Markdown time). MkDocs does not check
        such links, so the generator does (``SiteGen.check_links``), and ``site check`` checks anchors."""
        self.site.linked.setdefault(target, self.path)
        return Markup(f'<a href="{self.href(target, anchor)}">{self.esc(label)}</a>')

    raw_html = False
    """True while writing a raw HTML block: text is HTML-escaped instead of Markdown-escaped."""

    def esc(self, text) -> Markup:
        """Text escaped for where it goes: Markdown (``md_escape``), or raw HTML while ``raw_html``."""
        if isinstance(text, Markup):
            return text
        return Markup(html.escape(str(text), quote=False)) if self.raw_html else md_escape(text)

    def link_list(self, items) -> Markup:
        """A bulleted list of links, as a raw HTML block: the HTML Python-Markdown writes for
        ``- [label](target.md)`` lines, without parsing each line as a list item (the longest lists,
        the pages that use a term, were half the time of a term page). ``items``: (target, label)."""
        out = ["<ul>"]
        for target, label in items:
            self.site.linked.setdefault(target, self.path)
            out.append(f'<li><a href="{self.href(target)}">{html.escape(str(label), quote=False)}</a></li>')
        out.append("</ul>")
        return Markup(raw("\n".join(out)))

    def _prose_link(self, kind: str, entry_id: str, label: str) -> Markup:
        if kind == "term":
            self.site.term_usage[entry_id][self.path] = self.title
        return self.link(page_path(kind, entry_id), label)

    def entry(self, kind: str, entry_id: str) -> Markup:
        """A link to an entry, labelled with its title or name in this language."""
        if kind == "card":
            return self.card(entry_id)
        if kind == "term":
            term = self.site.kb.terms.get(entry_id)
            if term is None:
                return self.esc(entry_id)
            self.site.term_usage[entry_id][self.path] = self.title
            name, in_lang = term.name(self.lang)
            return self.link(page_path("term", entry_id), name) + self.fallback_mark(in_lang)
        if kind == "source":
            src = self.site.kb.sources.get(entry_id)
            return self.link(page_path("source", entry_id), src.title if src else entry_id)
        table = self.site.kb.table(kind)
        item = table.get(entry_id)
        label = self.site.title(item) if item else entry_id
        return self.link(page_path(kind, entry_id), label)

    def card(self, card_id: str) -> Markup:
        """A link to a card with its name in this language, or its English name marked as such."""
        card = self.site.kb.cards.get(card_id)
        if card is None:
            return self.esc(card_id)
        from ..core.catalog import ENGLISH, shown_name
        name, mark, in_lang = shown_name(card, self.lang)
        if name == card.id and card.spellings:  # no name nor game name: the name the sources use, never the file id
            sp = next((x for x in card.spellings if x.lang == self.lang), card.spellings[0])
            name, mark = sp.text, SPELLING_KINDS.get(sp.kind, sp.kind)
        if mark is None or mark == ENGLISH:
            return self.link(page_path("card", card_id), name) + self.fallback_mark(in_lang)
        label = self.site.gettext(mark)  # a game name or another spelling: never a file id labelled "English name"
        return self.link(page_path("card", card_id), name) + Markup(f' <span class="ygo-fallback" lang="{h(self.lang)}">({h(label)})</span>')

    def fallback_mark(self, in_lang: str) -> Markup:
        """The marker shown after a name that is not in the page's language."""
        if in_lang == self.lang:
            return Markup("")
        label = self.site.gettext("English name") if in_lang == "en" else LANG_NAMES.get(in_lang, in_lang)
        return Markup(f' <span class="ygo-fallback" lang="{h(self.lang)}">({h(label)})</span>')

    # text -------------------------------------------------------------------
    def t(self, localized) -> Markup:
        """Localized text in this language, escaped; another language's text marked when missing."""
        text, in_lang = self.site.pick(localized)
        if in_lang == self.lang:
            return self.esc(text)
        return Markup(f'<span lang="{h(in_lang)}">{h(text)}</span>') + self.untranslated_mark(in_lang)

    def untranslated_mark(self, in_lang: str) -> Markup:
        label = self.site.gettext("not yet translated; shown in %(lang)s") % {"lang": LANG_NAMES.get(in_lang, in_lang)}
        return Markup(f' <span class="ygo-untranslated">({h(label)})</span>')

    def prose(self, localized) -> Markup:
        """Localized prose with card names and terms linked; escaped."""
        text, in_lang = self.site.pick(localized)
        if in_lang != self.lang:
            return self.t(localized)
        paragraphs = [p.strip() for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]
        return Markup("\n\n").join(self.prose_linker.render(" ".join(p.split("\n"))) for p in paragraphs)

    def inline(self, localized) -> Markup:
        """Prose on one line (for table cells): paragraphs joined by a space."""
        return Markup(" ").join(self.prose(localized).split("\n\n"))

    def cite(self, citations) -> Markup:
        """The sources of a statement as numbered footnotes (the same citation keeps its number on the page)."""
        refs = []
        for c in citations:
            key = (c.source, c.where or "")
            n = self.notes.get(key)
            if n is None:
                n = self.notes[key] = len(self.notes) + 1
            refs.append(Markup(f"[^{n}]"))
        return Markup("").join(refs)

    def where(self, where: str | None) -> str:
        """A citation's place in words, in the page's language ('L33-L99' → 'lines 33–99', 'section X' → 'section «X»',
        a source's heading quoted): the same wording as `ygorules can` (``core.catalog.locator``)."""
        from ..core.catalog import locator
        return locator(where, self.site.gettext, self.lang) if where else ""

    def footnotes(self) -> Markup:
        """The footnote definitions of the page's citations: the source named in words and linked, and where in it."""
        out = []
        for (source_id, where), n in self.notes.items():
            src = self.site.kb.sources.get(source_id)
            label = src.title if src else source_id
            line = f"[^{n}]: {self.link(page_path('source', source_id), label)}"
            if where:
                line += f", {md_escape(self.where(where))}"
            if src is not None and safe_url(src.url):
                line += f" · <{src.url}>"
            out.append(line)
        return Markup("\n\n" + "\n".join(out) + "\n") if out else Markup("")

    def statement(self, st) -> Markup:
        """A statement: its prose, a status badge when not current, and its sources."""
        if st is None:
            return Markup("")
        badge = Markup("")
        if st.status == "history":
            label = until_label(st.until, self.site.gettext) if st.until else self.site.gettext(STATUS["history"])
            badge = Markup(f'<span class="ygo-status ygo-status--history">{h(label)}</span> ')
        elif st.status != "current":
            badge = Markup(f'<span class="ygo-status ygo-status--{h(st.status)}">{h(self.site.gettext(STATUS[st.status]))}</span> ')
        if st.status == "history" and st.changed_by:
            changed = Markup(' <span class="ygo-changed">') + md_escape(self.site.gettext("Changed since; see:")) + Markup(" ") \
                + self.cite(st.changed_by) + Markup("</span>")
            return badge + self.prose(st.text) + Markup(" ") + self.cite(st.sources) + changed
        return badge + self.prose(st.text) + Markup(" ") + self.cite(st.sources)

    def chains(self, value: str | None) -> Markup:
        """A badge saying how many chains may be built."""
        if not value:
            return Markup("")
        return Markup(f'<span class="ygo-chains ygo-chains--{h(value)}">{h(self.site.gettext(CHAINS[value]))}</span>')


class SiteGen:
    """Renders every page of one language; collects which pages use which term."""

    def __init__(self, kb: KB, lang: str, translations, status_report: dict | None = None, pool: int = 0):
        self.kb, self.lang, self.translations = kb, lang, translations
        self.linked: dict[str, str] = {}  # page linked by Page.link → the first page that links it
        self.pool = pool  # cards and series of the imported name table that the lookup adds
        self.status_report = status_report
        self.gettext = translations.gettext
        self.term_usage: dict[str, dict[str, str]] = defaultdict(dict)
        self.card_names = self._card_names()
        self.term_names = self._term_names()
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES)), extensions=["jinja2.ext.i18n"], bytecode_cache=_BYTECODE,
            autoescape=True, finalize=md_escape, undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
            trim_blocks=True, lstrip_blocks=True, **JINJA_SYNTAX)
        self.env.install_gettext_translations(translations, newstyle=True)
        self._remember_gettext()
        self.env.filters["h"] = h
        self.env.filters["safe_url"] = safe_url
        self.env.filters["md"] = md_escape
        self.env.filters["percent"] = lambda value: percent(value, lang)
        self.env.globals.update(kb=kb, lang=lang, LANGS=LANGS, LANG_NAMES=LANG_NAMES, ROLES=ROLES, CHAINS=CHAINS,
                                CARD_TYPES=CARD_TYPES, STATUS=STATUS, SOURCE_TYPES=SOURCE_TYPES,
                                TERM_CATEGORIES=TERM_CATEGORIES, VARIANT_STATUS=VARIANT_STATUS,
                                SPELLING_KINDS=SPELLING_KINDS, DAMAGE=DAMAGE, VERDICTS=VERDICTS, PROPERTIES=PROPERTIES, REVIEW_STATES=REVIEW_STATES, LOCATORS=LOCATORS, NO_URL=NO_URL, CARD_GROUPS=CARD_GROUPS,
                                MONSTER_TYPES=MONSTER_TYPES, KIND_LABELS=KIND_LABELS, CARD_ROLES=CARD_ROLES, page_path=page_path,
                                site=self, sort_key=sort_key)

    def _remember_gettext(self) -> None:
        """Jinja's newstyle gettext, remembered per message when it has no variables: the same labels are
        translated on every page (a fifth of the generation time otherwise). Same results: the
        environment's autoescape never changes."""
        slow = self.env.globals["gettext"]
        done: dict = {}

        @jinja2.pass_context
        def gettext(context, message, **variables):
            if variables:
                return slow(context, message, **variables)
            out = done.get(message)
            if out is None:
                out = done[message] = slow(context, message)
            return out

        self.env.globals["gettext"] = self.env.globals["_"] = gettext

    # names ------------------------------------------------------------------
    def _card_names(self) -> dict:
        """Card names as prose writes them in this language (casefolded) → card id; ambiguous names left out."""
        found: dict[str, set] = defaultdict(set)
        english: dict[str, set] = defaultdict(set)
        for card in self.kb.cards.values():
            found[card.name(self.lang)[0].casefold()].add(card.id)
            if card.names.get("en"):
                english[card.names["en"].casefold()].add(card.id)
        out = {k: next(iter(v)) for k, v in english.items() if len(v) == 1}
        out.update({k: next(iter(v)) for k, v in found.items() if len(v) == 1})
        return out

    def _term_names(self) -> dict:
        """Term names in this language (official current forms, casefolded) → term id."""
        found: dict[str, set] = defaultdict(set)
        for term in self.kb.terms.values():
            if term.names.get(self.lang):
                found[term.names[self.lang].casefold()].add(term.id)
            for v in term.variants:
                if v.lang == self.lang and v.status == "official-current":
                    found[v.text.casefold()].add(term.id)
        return {k: next(iter(v)) for k, v in found.items() if len(v) == 1 and len(k) > 2}

    def pick(self, localized) -> tuple[str, str]:
        """The text of ``localized`` in this language, else English, else any; and its language."""
        localized = localized or {}
        for lang in (self.lang, "en", *LANGS):
            if localized.get(lang):
                return localized[lang], lang
        return "", self.lang

    def title(self, entry) -> str:
        """An entry's title in this language (plain text)."""
        if entry.kind == "card":  # Card.name: a printed name, else its video-game name, never its file id
            return entry.name(self.lang)[0]
        if entry.kind == "term":
            return entry.name(self.lang)[0]
        if entry.kind == "source":
            return entry.title
        return self.pick(getattr(entry, "title", None) or {})[0] or entry.id

    # queries the templates use ----------------------------------------------
    def cards_sorted(self, ids) -> list:
        """Cards by id, sorted by their name in this language; unknown ids left out."""
        cards = [self.kb.cards[i] for i in dict.fromkeys(ids) if i in self.kb.cards]
        return sorted(cards, key=lambda c: sort_key(self.title(c)))

    def cards_in_step(self, step_id: str) -> list:
        """Cards that act in a step as a whole."""
        return self.cards_sorted(c.id for c in self.kb.cards.values() if step_id in c.steps)

    def cards_acting(self, substep_id: str) -> list:
        """The distinct cards that act at a timing."""
        return self.cards_sorted(c.id for c, _t in self.kb.cards_at(substep_id))

    def cards_by_role(self, substep_id: str) -> list[tuple[str, list]]:
        """The cards acting at a timing, grouped by how they act, roles in a fixed order."""
        groups: dict[str, list] = defaultdict(list)
        for card, timing in self.kb.cards_at(substep_id):
            groups[timing.role].append((card, timing))
        return [(role, sorted(groups[role], key=lambda ct: sort_key(self.title(ct[0])))) for role in ROLES if role in groups]

    def ordered_timings(self, card) -> list:
        """A card's timings in the order the timings happen."""
        order = {s.id: i for i, s in enumerate(s for st in self.kb.ordered_steps() for s in self.kb.ordered_substeps(st.id))}
        return sorted(card.timings, key=lambda t: (order.get(t.substep, len(order)), t.substep))

    def timeline(self) -> list:
        """Every timing of the Battle Phase in order: each step's timings, or the step itself when it has none."""
        out = []
        for step in self.kb.ordered_steps():
            subs = self.kb.ordered_substeps(step.id)
            out.extend(subs if subs else [step])
        return out

    def neighbours(self, entry) -> tuple:
        """The timings just before and after a timing (or a step without timings), across steps."""
        line = self.timeline()
        ids = [(e.kind, e.id) for e in line]
        if (entry.kind, entry.id) not in ids:
            return None, None
        i = ids.index((entry.kind, entry.id))
        return (line[i - 1] if i > 0 else None), (line[i + 1] if i + 1 < len(line) else None)

    def schemes_of(self, source_id: str) -> list:
        """The schemes that describe how a source divides a step."""
        return sorted((s for s in self.kb.schemes.values() if s.source == source_id), key=lambda s: s.id)

    def schemes_by_step(self) -> list[tuple]:
        """(step, its schemes) for each step that has schemes, in step order."""
        out = []
        for step in self.kb.ordered_steps():
            schemes = sorted((s for s in self.kb.schemes.values() if s.step == step.id), key=lambda s: s.id)
            if schemes:
                out.append((step, schemes))
        return out

    def concordance_rows(self, step_id: str, schemes) -> list:
        """One row per canonical timing of a step (and one for unmapped parts): each scheme's parts there."""
        from types import SimpleNamespace
        rows = []
        for sub in self.kb.ordered_substeps(step_id):
            rows.append(SimpleNamespace(id=sub.id, cells=[[pt for pt in s.parts if sub.id in pt.maps_to] for s in schemes]))
        known = {r.id for r in rows}
        loose = [[pt for pt in s.parts if not set(pt.maps_to) & known] for s in schemes]
        if any(loose):
            rows.append(SimpleNamespace(id=None, cells=loose))
        return rows

    def damage_tables(self) -> list:
        """The damage calculation tables, by id."""
        return [self.kb.damage[k] for k in sorted(self.kb.damage)]

    # the activation answer ---------------------------------------------------
    def _matrix(self) -> dict:
        if not hasattr(self, "_answers"):
            from ..core import activation
            self._answers = activation.matrix(self.kb) if self.kb.rules else {}
        return self._answers

    def answers(self, card) -> list:
        """The card's activation answers, one per Battle Phase timing in order (empty without facts or rules)."""
        return self._matrix().get(card.id, [])

    def card_summary(self, card):
        """Card type, property, monster types and Spell Speeds (None without facts)."""
        from ..core import activation
        return activation.summary(card)

    def cards_at_timing(self, timing_id: str) -> list[tuple[str, list]]:
        """The KB's cards at a timing, grouped: acts here, may be activated here, may not (with their answers)."""
        groups: dict = {"acts": [], "may": [], "may-not": []}
        for card_id, answers in self._matrix().items():
            a = next((x for x in answers if x.timing == timing_id), None)
            if a is None or card_id not in self.kb.cards:
                continue
            group = "may-not" if a.verdict == "no" else ("acts" if a.acts else "may")
            groups[group].append((self.kb.cards[card_id], a))
        return [(g, sorted(v, key=lambda ca: sort_key(self.title(ca[0])))) for g, v in groups.items() if v]

    def answer_html(self, page, card) -> Markup:
        """The activation answer of a card as one raw HTML block (no Markdown to parse: it is on every card page).

        Type, property, monster types and Spell Speeds, then one row per timing: the timing (linked),
        the verdict with its condition, and the reason with the rule or ruling that decides (linked;
        its page cites the sources)."""
        answers = self.answers(card)
        if not answers:
            return Markup("")
        _ = self.gettext

        def text(localized) -> Markup:
            value, in_lang = self.pick(localized)
            return h(value) if in_lang == self.lang else Markup(f'<span lang="{h(in_lang)}">{h(value)}</span>')

        def link(kind, entry_id) -> Markup:
            table = self.kb.table(kind)
            entry = table.get(entry_id)
            label = self.title(entry) if entry is not None else entry_id
            return Markup(f'<a href="{page.href(page_path(kind, entry_id))}">{h(label)}</a>')

        labels = {"question": _("Can it be activated now?"), "speed": _("Spell Speed"), "own": _("its own moment"),
                  "timing": _("Timing"), "activation": _("Activation"), "why": _("Why")}
        facts = self.card_summary(card)
        head = [_(CARD_TYPES.get(card.card_type, card.card_type))]
        if facts:
            if facts.get("property"):
                head.append(_(PROPERTIES[facts["property"]]))
            head.extend(_(MONSTER_TYPES[t]) for t in facts.get("monster", []))
            if facts.get("spell_speeds"):
                head.append(labels["speed"] + " " + "/".join(map(str, facts["spell_speeds"])))
        groups: list = []  # consecutive timings with the same answer share one row: compact and scannable
        for a in answers:
            key = (a.verdict, repr(a.condition), repr(a.reason), a.rule, a.acts and a.verdict != "no", repr(a.text_differs))
            if groups and groups[-1][0] == key:
                groups[-1][1].append(a)
            else:
                groups.append((key, [a]))
        rows = []
        for _key, same in groups:
            a = same[0]
            places = []
            for x in same:
                kind = "substep" if x.timing in self.kb.substeps else ("step" if x.timing in self.kb.steps else None)
                places.append(link(kind, x.timing) if kind else h(x.timing))
            where = Markup("<br>").join(places)
            verdict = Markup(f'<span class="ygo-verdict ygo-verdict--{h(a.verdict)}">{h(_(VERDICTS[a.verdict]))}</span>')
            if a.condition:
                verdict += Markup(" ") + text(a.condition)
            if a.acts and a.verdict != "no":  # "no (its own moment)" read as a contradiction (es review, Honest)
                verdict += Markup(f' <span class="ygo-acts">({h(labels["own"])})</span>')
            decider = (link("rule", a.rule) if a.rule in self.kb.rules
                       else link("ruling", a.rule) if a.rule in self.kb.rulings else h(a.rule))
            differs = Markup(f'<br><span class="ygo-answer__differs">{text(a.text_differs)}</span>') if a.text_differs else Markup("")
            rows.append(f'<tr class="ygo-answer__row ygo-answer__row--{h(a.verdict)}"><td>{where}</td><td>{verdict}</td>'
                        f"<td>{text(a.reason)} ({decider}){differs}</td></tr>")
        return Markup(raw(
            f'<section id="activation" class="ygo-answer" aria-labelledby="activation-title" data-search-exclude>'
            f'<p id="activation-title"><strong>{h(labels["question"])}</strong><br>{h(" · ".join(head))}</p>'
            f'<table><thead><tr><th>{h(labels["timing"])}</th><th>{h(labels["activation"])}</th><th>{h(labels["why"])}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></section>') + "\n\n")

    def categories_text(self, timing_id: str) -> str:
        """What may be activated at a timing, in words: the same line as the overview diagram's."""
        from .diagram import what_may_be_activated
        return what_may_be_activated(self, timing_id)

    def diagram(self, page) -> Markup:
        """The overview diagram (inline SVG and its text alternative)."""
        from .diagram import render
        return render(self, page, CHAINS)

    def timing_answer_html(self, page, e) -> Markup:
        """What may be activated at a timing: by category, the deciding rules, and the KB's cards in
        three groups, as one raw HTML block (the card lists grow with the KB and were most of a
        timing page's Markdown time)."""
        rules, groups = self.rules_at(e.id), self.cards_at_timing(e.id)
        if not rules and not groups:
            return Markup("")
        _ = self.gettext
        esc = page.esc
        what, decide, only_if = esc(_("What may be activated here")), esc(_("The rules that decide")), esc(_(VERDICTS["only-if"]))
        page.raw_html = True
        try:
            parts = [f"<p><strong>{what}:</strong> {esc(self.categories_text(e.id))}</p>"]
            if rules:
                parts.append(f"<p>{decide}: " + " · ".join(page.entry("rule", r.id) for r in rules) + "</p>")
            for group, pairs in groups:
                items = []
                for c, a in pairs:
                    item = page.card(c.id)
                    if a.verdict == "only-if" and a.condition:
                        item += Markup(f" ({only_if} {page.t(a.condition)})")
                    items.append(item)
                label = esc(_(CARD_GROUPS[group]))
                parts.append(f"<p><strong>{label}</strong> ({len(pairs)}): " + ", ".join(items) + "</p>")
        finally:
            page.raw_html = False
        return Markup(raw('<section class="ygo-answer" id="activation">\n' + "\n".join(parts) + "\n</section>"))

    def rules_at(self, timing_id: str) -> list:
        """The rule facts that speak about a timing, by id."""
        return sorted((r for r in self.kb.rules.values() if timing_id in r.timings), key=lambda r: r.id)

    def reason_link(self, page, rule_id: str) -> Markup:
        """A link to the rule fact or ruling that decides an answer."""
        if rule_id in self.kb.rules:
            return page.entry("rule", rule_id)
        if rule_id in self.kb.rulings:
            return page.entry("ruling", rule_id)
        return md_escape(rule_id)

    def unreviewed_here(self, report: dict) -> list:
        """The status report's unreviewed entries in this language."""
        return [d for d in report.get("unreviewed", []) if self.lang in d.get("langs", [])]

    def status_link(self, page: Page, item: dict) -> Markup:
        """A link to the page of an entry named by the status report (plain text when it has none)."""
        kind, entry_id = item["kind"], item["id"]
        table = self.kb.table(kind) if kind in ("source", "phase", "step", "substep", "scheme", "card", "term",
                                                "ruling", "example", "damage") else {}
        if entry_id in table:
            entry = table[entry_id]
            anchor = f"scheme-{entry_id}" if kind == "scheme" else (entry_id if kind == "damage" else None)
            return page.link(page_path(kind, entry_id), self.title(entry), anchor)
        return md_escape(f"{item.get('folder', kind)}/{entry_id}")

    # rendering --------------------------------------------------------------
    def render(self, template: str, path: str, title: str, own: tuple = (), **context) -> str:
        """Render one page from a template: breadcrumbs, the template's text, the citations' footnotes."""
        page = Page(self, path, title, own)
        text = self.env.get_template(template).render(p=page, title=title, **context) + str(page.footnotes())
        crumbs = self.breadcrumbs(page, own)
        meta = f"title: {json.dumps(str(h(title)), ensure_ascii=False)}\n"  # the h1 comes after the breadcrumbs
        if text.startswith("---\n"):
            end = text.index("\n---\n", 4) + 5
            return "---\n" + meta + text[4:end] + crumbs + text[end:]
        return "---\n" + meta + "---\n" + crumbs + text

    def breadcrumbs(self, page: Page, own: tuple) -> str:
        """Where a page sits: Overview › section › (step ›) the page, as a navigation landmark."""
        if page.path == "index.md":
            return ""
        sections = dict(SECTIONS)
        trail = [("index.md", self.gettext(sections["index.md"]))]
        folder = page.path.split("/")[0]
        if page.path != f"{folder}/index.md" and f"{folder}/index.md" in sections:
            trail.append((f"{folder}/index.md", self.gettext(sections[f"{folder}/index.md"])))
        if own and own[0] == "substep":
            sub = self.kb.substeps.get(own[1])
            if sub is not None and sub.step in self.kb.steps:
                trail.append((page_path("step", sub.step), self.title(self.kb.steps[sub.step])))
        items = "".join(f'<li><a href="{page.href(target)}">{h(label)}</a></li>' for target, label in trail)
        items += f'<li aria-current="page">{h(page.title)}</li>'
        label = self.gettext("Breadcrumbs")
        return raw(f'<nav class="ygo-breadcrumbs" aria-label="{h(label)}" data-search-exclude>'
                   f'<ol>{items}</ol></nav>') + "\n\n"

    def pages(self) -> dict[str, str]:
        """Every page of this language: Markdown path → Markdown text."""
        kb, _ = self.kb, self.gettext
        out: dict[str, str] = {}
        phase = next(iter(sorted(kb.phases.values(), key=lambda p: p.id)), None)
        out["index.md"] = self.render("overview.md.j2", "index.md", self.title(phase) if phase else _("Overview"),
                                      own=("phase", phase.id) if phase else (), phase=phase)
        simple = [("step", kb.ordered_steps()), ("substep", [s for st in kb.ordered_steps() for s in kb.ordered_substeps(st.id)]),
                  ("ruling", sorted(kb.rulings.values(), key=lambda r: sort_key(self.title(r)))),
                  ("example", sorted(kb.examples.values(), key=lambda e: sort_key(self.title(e)))),
                  ("source", sorted(kb.sources.values(), key=lambda s: sort_key(s.title))),
                  ("rule", sorted(kb.rules.values(), key=lambda r: sort_key(self.title(r))))]
        listed = {s.id for _k, items in simple[1:2] for s in items}
        simple[1] = ("substep", simple[1][1] + sorted((s for s in kb.substeps.values() if s.id not in listed), key=lambda s: s.id))
        simple.append(("card", sorted(kb.cards.values(), key=lambda c: sort_key(self.title(c)))))
        for kind, items in simple:
            folder = FOLDERS[kind]
            for entry in items:
                path = page_path(kind, entry.id)
                out[path] = self.render(f"{kind}.md.j2", path, self.title(entry), own=(kind, entry.id), e=entry)
            out[f"{folder}/index.md"] = self.render(f"{kind}-index.md.j2", f"{folder}/index.md",
                                                    _(dict(SECTIONS)[f"{folder}/index.md"]), items=items)
        out["concordance.md"] = self.render("concordance.md.j2", "concordance.md", _("Concordance of the sources"))
        out["damage.md"] = self.render("damage.md.j2", "damage.md", _("Damage calculation"))
        out["lookup/index.md"] = self.render("lookup.md.j2", "lookup/index.md", _("Card-name lookup"), pool=self.pool)
        terms = sorted(kb.terms.values(), key=lambda t: sort_key(self.title(t)))
        for _pass in (1, 2):  # the second pass sees the terms that term pages mention
            for term in terms:
                path = page_path("term", term.id)
                out[path] = self.render("term.md.j2", path, self.title(term), own=("term", term.id), e=term,
                                        used_by=self.used_by(term.id))
        out["terms/index.md"] = self.render("term-index.md.j2", "terms/index.md", _("Terms"), items=terms)
        out["review.md"] = self.render("review.md.j2", "review.md", _("How far each page is reviewed"))
        out["status.md"] = self.render("status.md.j2", "status.md", _("Translation status"), report=self.status_report)
        self.check_links(out)
        return out

    def check_links(self, pages) -> None:
        """Every page that Page.link links to is generated (MkDocs checks only Markdown links)."""
        missing = sorted((src, target) for target, src in self.linked.items() if target not in pages)
        if missing:
            raise YgoError(f"[{self.lang}] links to pages that are not generated:\n  "
                           + "\n  ".join(f"{src} → {target}" for src, target in missing)
                           + "\n→ fix the entry or template that writes these links")

    def used_by(self, term_id: str) -> list[tuple[str, str]]:
        """The pages that use a term: (path, title), sorted by title."""
        pages = {p: t for p, t in self.term_usage.get(term_id, {}).items() if p != page_path("term", term_id)}
        return sorted(pages.items(), key=lambda kv: (sort_key(kv[1]), kv[0]))

    def nav(self) -> list[dict]:
        """The small navigation: one entry per section index."""
        return [{self.gettext(title): path} for path, title in SECTIONS]


def write_pages(pages: dict[str, str], root: Path) -> None:
    """Write the pages under ``root`` (created fresh by the caller)."""
    for rel, text in pages.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
