"""MkDocs hooks of every language's build (listed under ``hooks:`` in the generated configs).

Keeps the footnotes (our citations) out of the search index, so that search results and their
snippets come from the page's own text, not from source titles repeated on every page.

The theme's search plugin parses each page's whole HTML, excluded parts included (it parses them
and then drops what it read). Before it runs, the content of every ``data-search-exclude`` element
is set aside and the element left empty; after the page is rendered, the content is put back. The
index is the same (nothing inside an excluded element is indexed either way) and the page is the
same; only the parsing of the excluded HTML is saved.
"""
from __future__ import annotations

import os
import re

import jinja2

from mkdocs.plugins import event_priority

_EXCLUDED = re.compile(r"<([a-z][a-z0-9]*)\b[^<>]*\sdata-search-exclude[\s>]")
_HELD = re.compile(r"<!--ygo-held:(\d+)-->")
_HOLD_ATTR = "_ygo_held"


def on_env(env, *, config, **_kwargs):
    """Set up the navigation cache of site_src/overrides/partials/nav.html, and a compiled-template cache.

    The theme's own templates stay reachable as ``material-theme/…`` (the override of
    partials/nav.html includes the theme's), and ``ygo_nav_cache`` starts empty at each build.
    """
    custom = os.path.realpath(config.theme.custom_dir) if config.theme.custom_dir else None
    theme_dir = next(d for d in config.theme.dirs if os.path.realpath(d) != custom
                     and os.path.isfile(os.path.join(d, "partials", "nav-item.html")))
    env.loader = jinja2.ChoiceLoader([env.loader, jinja2.PrefixLoader({"material-theme": jinja2.FileSystemLoader(theme_dir)})])
    env.globals["ygo_nav_cache"] = {}
    env.bytecode_cache = _ThemeBytecode()  # the theme's templates compiled once, not once per language and build
    return env


class _ThemeBytecode(jinja2.BytecodeCache):
    """The theme's compiled templates, in the ygorules cache folder (``jinja-theme/``).

    Loaded only from files and folders no other user can write (compiled code is run); a cache
    that cannot be read or written only costs time.
    """

    @staticmethod
    def _file(key: str) -> str:
        from ygorules.core.cache import cache_folder
        return os.path.join(cache_folder(), "jinja-theme", f"{key}.cache")

    def load_bytecode(self, bucket):
        from ygorules.core.cache import read_file
        data = read_file(self._file(bucket.key))
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket):
        from ygorules.core.cache import write_file
        write_file(self._file(bucket.key), bucket.bytecode_to_string())


def on_page_content(html: str, **_kwargs) -> str:
    """Mark the footnotes block data-search-exclude (the theme's search skips such elements)."""
    return html.replace('<div class="footnote">', '<div class="footnote" data-search-exclude>')


def _element_end(html: str, tag: str, start: int) -> int:
    """The index just after the end tag that closes the ``tag`` element opened at ``start``; -1 if none."""
    open_re = re.compile(rf"<{tag}[\s>]|</{tag}>")
    depth = 0
    for m in open_re.finditer(html, start):
        depth += -1 if m.group(0).startswith("</") else 1
        if depth == 0:
            return m.end()
    return -1


def hold_excluded(html: str) -> tuple[str, list[str]]:
    """``html`` with the inside of each data-search-exclude element replaced by a comment, and the held parts.

    Elements that hold a heading keep their content (a heading with an id opens a search section
    even inside an excluded element), as do elements whose end cannot be found.
    """
    out, held, pos = [], [], 0
    for m in _EXCLUDED.finditer(html):
        if m.start() < pos:
            continue  # nested inside an element already held
        tag = m.group(1)
        open_end = html.find(">", m.start()) + 1
        end = _element_end(html, tag, m.start())
        close = f"</{tag}>"
        if end < 0 or re.search(r"<h[1-6][\s>]", html[open_end:end]):
            continue
        out.append(html[pos:open_end])
        out.append(f"<!--ygo-held:{len(held)}-->")
        held.append(html[open_end:end - len(close)])
        out.append(close)
        pos = end
    if not held:
        return html, held
    out.append(html[pos:])
    return "".join(out), held


@event_priority(100)  # before the theme's search plugin (priority 0) indexes the page
def on_page_context(context, *, page, **_kwargs):
    page.content, held = hold_excluded(page.content)
    setattr(page, _HOLD_ATTR, held)
    return context


def on_post_page(output: str, *, page, **_kwargs) -> str:
    """Put back the content held by on_page_context."""
    held = getattr(page, _HOLD_ATTR, None)
    if not held:
        return output
    setattr(page, _HOLD_ATTR, None)
    return _HELD.sub(lambda m: held[int(m.group(1))], output)
