"""The one walker over kb/: which files and folders there are, in one order, for every command.

:func:`walk` lists a folder tree the way every reader of kb/ sees it: names that start with ``.``
(and what is inside them) do not exist; at each level names are sorted, and a folder comes just
before its contents, which is the order of sorting full paths part by part. What each item *means*
is its reader's business: the check (:func:`ygorules.core.kb.discover`) takes ``.yaml`` files one
level down as entries and reports anything else; ``ygorules fmt`` takes every ``.yaml`` file; a
cache key takes the entry files of one folder (:func:`entry_files`).

Only ``os`` and ``operator`` are imported: the names index stamps kb/ through this on every cold ``lookup``.
"""
from __future__ import annotations

import os
from operator import attrgetter

ENTRY_SUFFIX = ".yaml"
"""The suffix of an entry file (``.yml`` and ``.YAML`` are refused by the check, with a fix)."""


_by_name = attrgetter("name")


def _listing(folder: str) -> list:
    """The entries of a folder whose names do not start with '.', sorted by name ([] if it cannot be read)."""
    try:
        with os.scandir(folder) as it:
            items = [e for e in it if e.name[0] != "."]
    except OSError:
        return []
    items.sort(key=_by_name)
    return items


def walk(root, prune=None):
    """Yield (depth, entry) for every file and folder under ``root`` (``os.DirEntry``; depth 1 is directly in it).

    Hidden names (starting with ``.``) are skipped with their contents. A folder is yielded, then its
    contents (unless ``prune(depth, entry)`` is true); each level is sorted by name. A folder that
    cannot be read yields nothing.

    >>> import tempfile; r = tempfile.mkdtemp()
    >>> for p in ("b/x.yaml", "a/z.yaml", "a/c/d.yaml", ".git/h.yaml", "a/.hid.yaml"):
    ...     os.makedirs(os.path.dirname(os.path.join(r, p)), exist_ok=True); open(os.path.join(r, p), "w").close()
    >>> [(d, os.path.relpath(e.path, r)) for d, e in walk(r)]
    [(1, 'a'), (2, 'a/c'), (3, 'a/c/d.yaml'), (2, 'a/z.yaml'), (1, 'b'), (2, 'b/x.yaml')]
    >>> [os.path.relpath(e.path, r) for d, e in walk(r, prune=lambda d, e: d == 2)]
    ['a', 'a/c', 'a/z.yaml', 'b', 'b/x.yaml']
    """
    stack = [(iter(_listing(os.fspath(root))), 1)]
    while stack:
        items, depth = stack[-1]
        for e in items:
            yield depth, e
            if e.is_dir() and not (prune is not None and prune(depth, e)):
                stack.append((iter(_listing(e.path)), depth + 1))
                break
        else:
            stack.pop()


def entry_files(folder) -> list[str]:
    """The entry files of one kb/ folder (e.g. kb/terms): its ``.yaml`` files, sorted; none if it is missing.

    >>> import tempfile; r = tempfile.mkdtemp()
    >>> for n in ("b.yaml", "a.yaml", "c.yml", ".d.yaml"): open(os.path.join(r, n), "w").close()
    >>> [os.path.basename(p) for p in entry_files(r)]
    ['a.yaml', 'b.yaml']
    """
    return [e.path for _, e in walk(folder, prune=_everything) if e.name.endswith(ENTRY_SUFFIX) and not e.is_dir()]


def _everything(depth, entry) -> bool:
    return True


def yaml_files(root) -> list[str]:
    """Every ``.yaml`` file under ``root`` at any depth (what ``ygorules fmt`` formats), in walk order."""
    return [e.path for _, e in walk(root) if e.name.endswith(ENTRY_SUFFIX) and not e.is_dir()]
