"""The files that ship beside the code: schemas, the site's sources, mkdocs.yml, the nickname list, the language list.

In a checkout they are read where they live (``FILES`` gives each one's path from the checkout's root). A
built wheel carries copies of the same files under ``ygorules/_data/`` (setup.py's build step copies
them, reading ``FILES`` from this module), so an installed ``ygorules`` needs no checkout. Only ``os``
is imported: ``lookup`` reaches this module on every cold start.
"""
from __future__ import annotations

import os

FILES = {
    "schema": "schema",
    "site_src": "site_src",
    "mkdocs.yml": "mkdocs.yml",
    "nicknames.tsv": "data/nicknames.tsv",
    "locales.yaml": "kb/locales.yaml",
}
"""Each shipped resource → its path in a checkout, relative to the checkout's root."""

EXCLUDE = ("node_modules", "__pycache__", "*.pyc", "*.mo", ".*")
"""What the wheel's copies leave out (glob patterns of file and folder names): generated or installed files, dotfiles."""

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLED = os.path.join(PACKAGE, "_data")
CHECKOUT = os.path.dirname(os.path.dirname(PACKAGE))  # tools/ygorules → the checkout's root


def checkout() -> str | None:
    """The checkout's root when ygorules runs from one (editable install, ``tools/`` on the path); None when it is
    installed from a wheel. Defaults that name project folders (kb/, site/, build/) use it; installed, they are
    relative to the current folder instead, never inside site-packages.

    >>> checkout() in (None, CHECKOUT)
    True
    """
    return None if os.path.isdir(BUNDLED) else CHECKOUT


def default_kb() -> str:
    """The kb/ to use when none is given: $YGORULES_KB, else ./kb, else the checkout's own (the one rule, for
    ``check`` and every command, and for ``lookup``'s cold start, which imports nothing but this module and ``os``).

    >>> os.environ["YGORULES_KB"] = "/somewhere/kb"; default_kb()
    '/somewhere/kb'
    >>> del os.environ["YGORULES_KB"]
    """
    if os.environ.get("YGORULES_KB"):
        return os.environ["YGORULES_KB"]
    if os.path.isdir("kb"):
        return "kb"
    return os.path.join(checkout() or "", "kb")


def path(name: str) -> str:
    """Where the resource ``name`` (a key of ``FILES``) is: the wheel's copy if there is one, else the checkout's file.

    >>> os.path.basename(path("schema"))
    'schema'
    >>> path("nope")
    Traceback (most recent call last):
    KeyError: 'nope'
    """
    rel = FILES[name]
    bundled = os.path.join(BUNDLED, name)
    return bundled if os.path.exists(bundled) else os.path.join(CHECKOUT, rel)
