"""MkDocs hooks of every language's build (listed under ``hooks:`` in the generated configs).

Keeps the footnotes (our citations) out of the search index, so that search results and their
snippets come from the page's own text, not from source titles repeated on every page.
"""
from __future__ import annotations


def on_page_content(html: str, **_kwargs) -> str:
    """Mark the footnotes block data-search-exclude (the theme's search skips such elements)."""
    return html.replace('<div class="footnote">', '<div class="footnote" data-search-exclude>')
