"""Where each entry's page lives in a language's tree, and its URL."""
from __future__ import annotations

from ..core.model import FOLDERS


def page_path(kind: str, entry_id: str) -> str:
    """The Markdown path of an entry's page (same in every language)."""
    if kind == "phase":
        return "index.md"
    if kind == "scheme":
        return "concordance.md"
    if kind == "damage":
        return "damage.md"
    return f"{FOLDERS[kind]}/{entry_id}.md"


def url_of(md_path: str) -> str:
    """The URL of a Markdown page as MkDocs writes it with ``use_directory_urls: false`` (a file, so that
    links work opened from disk and on any static host).

    >>> url_of("cards/mirror-force.md"), url_of("cards/index.md"), url_of("index.md")
    ('cards/mirror-force.html', 'cards/index.html', 'index.html')
    """
    return md_path[:-3] + ".html"
