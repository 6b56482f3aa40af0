"""A Python-Markdown extension for the generated pages: only the inline syntax they use.

Python-Markdown tries every inline pattern on every text node (about fourteen on each table cell);
that was the largest single cost of the site build. Our pages are generated: KB text goes through
``text.md_escape`` (which escapes `` \\ ` * _ { } [ ] | `` and HTML), and the templates write only
links ``[label](url)`` and ``<url>``, ``**strong**``, footnote references ``[^n]``, inline HTML
and entities. So:

- the patterns for code spans, images, reference links, e-mail links and underscore emphasis can
  never match and are removed;
- a text with none of the characters that start the remaining patterns (``\\ [ < & *`` or a hard
  line break) is left as it is without trying each pattern on it.

- HTML that the generator wrote whole (the answer table of a card, a list of links) and marked
  with ``RAW_START``/``RAW_END`` goes into the page as it is, as the raw-HTML block parser would
  put it, without that parser reading every tag of it first (``raw()`` marks it).

The output is the same, page for page (compared on the whole site when this was written).
"""
from __future__ import annotations

import re

from markdown import util
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import InlineProcessor

UNUSED = ("backtick", "reference", "image_link", "image_reference", "short_reference", "short_image_ref",
          "automail", "not_strong", "em_strong2")
"""Inline patterns that generated Markdown never triggers (see the module docstring)."""

TRIGGERS = {"escape": "\\", "footnote": "[", "link": "[", "autolink": "<", "linebreak": "  \n", "html": "<",
            "entity": "&", "em_strong": "*"}
"""Each remaining inline pattern and what any match of it contains (its regular expression's first character)."""
_TRIGGER = re.compile("|".join(re.escape(t) for t in sorted(set(TRIGGERS.values()))))


RAW_START, RAW_END = "<!--ygo-raw-->", "<!--/ygo-raw-->"


def raw(html: str) -> str:
    """Mark a block of finished HTML (it must start and end with a block-level element and hold
    no Markdown) so that the page keeps it as it is."""
    return f"{RAW_START}{html}{RAW_END}"


class RawBlockPreprocessor(Preprocessor):
    """Stash each marked block of HTML before the raw-HTML block parser reads the page."""

    def run(self, lines):
        text = "\n".join(lines)
        if RAW_START not in text:
            return lines
        out, pos = [], 0
        while True:
            start = text.find(RAW_START, pos)
            end = text.find(RAW_END, start) if start >= 0 else -1
            if end < 0:
                break
            out.append(text[pos:start])
            out.append("\n\n" + self.md.htmlStash.store(text[start + len(RAW_START):end]) + "\n\n")
            pos = end + len(RAW_END)
        out.append(text[pos:])
        return "".join(out).split("\n")


class LeanInlineProcessor(InlineProcessor):
    """The inline processor, skipping texts that no registered pattern can match."""

    def run(self, tree, ancestors=None):
        self._lean = set(self.inlinePatterns._data) <= set(TRIGGERS)  # another extension's pattern: try them all
        return super().run(tree, ancestors)

    def _InlineProcessor__handleInline(self, data, patternIndex=0):
        if patternIndex == 0 and self._lean and not isinstance(data, util.AtomicString) and _TRIGGER.search(data) is None:
            return data
        return InlineProcessor._InlineProcessor__handleInline(self, data, patternIndex)


class LeanInline(Extension):
    def extendMarkdown(self, md):
        for name in UNUSED:
            if name in md.inlinePatterns:
                md.inlinePatterns.deregister(name)
        md.treeprocessors.register(LeanInlineProcessor(md), "inline", 20)
        md.preprocessors.register(RawBlockPreprocessor(md), "ygo_raw", 25)  # before html_block (20)


def makeExtension(**kwargs):
    return LeanInline(**kwargs)
