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

The output is the same, page for page (the site tests build both ways and compare).
"""
from __future__ import annotations

import re

from markdown import util
from markdown.extensions import Extension
from markdown.treeprocessors import InlineProcessor

UNUSED = ("backtick", "reference", "image_link", "image_reference", "short_reference", "short_image_ref",
          "automail", "not_strong", "em_strong2")
"""Inline patterns that generated Markdown never triggers (see the module docstring)."""

TRIGGERS = {"escape": "\\", "footnote": "[", "link": "[", "autolink": "<", "linebreak": "  \n", "html": "<",
            "entity": "&", "em_strong": "*"}
"""Each remaining inline pattern and what any match of it contains (its regular expression's first character)."""
_TRIGGER = re.compile("|".join(re.escape(t) for t in sorted(set(TRIGGERS.values()))))


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


def makeExtension(**kwargs):
    return LeanInline(**kwargs)
