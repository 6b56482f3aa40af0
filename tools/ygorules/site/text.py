"""Escaping of KB text for Markdown and HTML, and links from prose to cards and terms."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from markupsafe import Markup

_INLINE = re.compile(r"([\\`*_{}\[\]|])")
_LINE_START = re.compile(r"^(\s*)([#=+\->]|\d+[.)])", re.M)


_ESCAPED: dict = {}  # text → its escaped form: names and labels repeat on thousands of pages


def md_escape(text) -> Markup:
    """Markdown-safe text: HTML is escaped and Markdown syntax is neutralised.

    >>> str(md_escape('<script>alert(1)</script>'))
    '&lt;script&gt;alert(1)&lt;/script&gt;'
    >>> str(md_escape('2*3 [x] | y'))
    '2\\\\*3 \\\\[x\\\\] \\\\| y'
    """
    if isinstance(text, Markup):
        return text
    text = str(text)
    done = _ESCAPED.get(text)
    if done is not None:
        return done
    out = html.escape(text, quote=False)
    out = _INLINE.sub(r"\\\1", out)
    out = _LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2) if not m.group(2)[0].isdigit()
                          else m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1], out)
    out = Markup(out)
    if len(_ESCAPED) < 100_000:
        _ESCAPED[text] = out
    return out


def h(text) -> Markup:
    """HTML-escaped text for raw HTML blocks (where Markdown escapes would show).

    >>> str(h('<b>"A" & B</b>'))
    '&lt;b&gt;&quot;A&quot; &amp; B&lt;/b&gt;'
    """
    if isinstance(text, Markup):
        return text
    return Markup(html.escape(str(text), quote=True))


_QUOTED = re.compile(r'"([^"\n]{1,200})"|“([^”\n]{1,200})”|«\s?([^»\n]{1,200}?)\s?»')


@dataclass
class ProseLinker:
    """Links card names (written in double quotes) and rules terms inside one page's prose.

    ``cards`` maps a name as it is written in the page's language (case-folded) to a card id;
    ``terms`` maps a term's name in that language (case-folded) to a term id. ``link(kind, id,
    label)`` returns the Markdown link. Each term is linked once per page (its first mention);
    card names are linked at every mention. ``used_terms`` collects the terms the page mentions.
    """

    cards: dict
    terms: dict
    link: object
    own: tuple = ()  # (kind, id) of the page itself: never linked to itself
    used_terms: set = field(default_factory=set)
    used_cards: set = field(default_factory=set)
    _term_re: re.Pattern | None = None

    def __post_init__(self):
        names = sorted(self.terms, key=len, reverse=True)
        if names:
            self._term_re = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)", re.I)

    def render(self, text: str) -> Markup:
        """Escaped Markdown of ``text`` with card names and terms linked."""
        out, pos = [], 0
        for m in _QUOTED.finditer(text):
            inner = next(g for g in m.groups() if g is not None)
            card = self.cards.get(inner.strip().casefold())
            if card is None or ("card", card) == self.own:
                continue
            out.append(self._terms(text[pos:m.start()]))
            self.used_cards.add(card)
            start, end = m.group(0)[0], m.group(0)[-1]
            lead = m.group(0)[1:m.group(0).index(inner)]
            trail = m.group(0)[m.group(0).index(inner) + len(inner):-1]
            out.append(Markup(md_escape(start + lead) + self.link("card", card, inner) + md_escape(trail + end)))
            pos = m.end()
        out.append(self._terms(text[pos:]))
        return Markup("").join(out)

    def _terms(self, text: str) -> Markup:
        if not self._term_re or not text:
            return md_escape(text)
        out, pos = [], 0
        for m in self._term_re.finditer(text):
            term = self.terms[m.group(1).casefold()]
            if term in self.used_terms or ("term", term) == self.own:
                continue
            self.used_terms.add(term)
            out.append(md_escape(text[pos:m.start()]))
            out.append(self.link("term", term, m.group(1)))
            pos = m.end()
        out.append(md_escape(text[pos:]))
        return Markup("").join(out)
