"""Citations held to their source: a line or page must exist in what the source entry says it has.

Each source entry records its ``locator`` (lines, pages, sections or counts) and, for lines and
pages, its ``extent`` (how many). A citation ``{source: X, where: L33-L99}`` is checked against X:
the form must fit the locator (L… for lines, p./pp. for pages) and the numbers must lie within the
extent, in order. Sources are read once per check (lazily: only when a file has to be checked
again); their key changes whenever a source file changes, so cached results never go stale.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .cache import folder_key
from .loader import LoadError, load_file
from .walk import entry_files

LINES = re.compile(r"^L(\d+)(?:-L?(\d+))?(?:\s*,\s*L(\d+)(?:-L?(\d+))?)*$")
PAGES = re.compile(r"^pp?\.\s*(\d+)(?:\s*[-–]\s*(\d+))?(?:\s*,\s*(\d+)(?:\s*[-–]\s*(\d+))?)*$")
_NUMBERS = re.compile(r"\d+")
_FORMS = {"lines": "L12 or L12-L20", "pages": "p. 41 or pp. 34-36"}


@dataclass(frozen=True)
class Extent:
    """What a source's citations locate, and how many lines or pages it has (None: not recorded)."""

    locator: str
    count: int | None = None


@dataclass
class Extents:
    """The locator and extent of every source of a kb/, read on first use."""

    key: str
    root: Path
    _by_id: dict[str, Extent] | None = field(default=None, repr=False)
    _seen: dict = field(default_factory=dict, repr=False)  # (source, where) → problem: a place is often cited again

    @property
    def by_id(self) -> dict[str, Extent]:
        if self._by_id is None:
            self._by_id = _read(self.root / "sources")
        return self._by_id

    def problem(self, source: str, where: str) -> tuple[str, str] | None:
        """What is wrong with citing ``where`` in ``source`` (message, fix), or None.

        >>> e = Extents("k", Path("."), {"art": Extent("lines", 155), "book": Extent("pages", 60)})
        >>> e.problem("art", "L12-L20") is None and e.problem("book", "pp. 34-36") is None
        True
        >>> e.problem("art", "L9999")[0]
        "line 9999 is beyond the 155 lines of source 'art'"
        >>> e.problem("art", "p. 4")[0]
        "'p. 4' does not locate lines, which is what source 'art' is cited by"
        >>> e.problem("art", "L20-L12")[0]
        "the range 'L20-L12' runs backwards"
        """
        key = (source, where)
        if key not in self._seen:
            self._seen[key] = self._problem(source, where)
        return self._seen[key]

    def _problem(self, source: str, where: str) -> tuple[str, str] | None:
        extent = self.by_id.get(source)
        if extent is None or extent.locator not in _FORMS:
            return None  # an unknown source is the link pass's error; sections and counts are free text
        form = LINES if extent.locator == "lines" else PAGES
        if not form.match(where.strip()):
            return (f"'{where}' does not locate {extent.locator}, which is what source '{source}' is cited by",
                    f"write it as {_FORMS[extent.locator]}, or change the source's locator")
        numbers = [int(n) for n in _NUMBERS.findall(where)]
        unit = "line" if extent.locator == "lines" else "page"
        for start, end in zip(numbers[::2], numbers[1::2]) if _is_range(where) else ():
            if end < start:
                return f"the range '{where}' runs backwards", f"write the smaller {unit} first"
        if extent.count is not None:
            beyond = [n for n in numbers if n > extent.count or n < 1]
            if beyond:
                return (f"{unit} {beyond[0]} is beyond the {extent.count} {unit}s of source '{source}'",
                        f"cite {unit}s 1 to {extent.count} (kb/sources/{source}.yaml records the extent)")
        return None


def _is_range(where: str) -> bool:
    return "-" in where or "–" in where


def _read(folder: Path) -> dict[str, Extent]:
    out: dict[str, Extent] = {}
    for path in map(Path, entry_files(folder)):
        try:
            data = load_file(path).data
        except LoadError:
            continue  # the check reports the file itself
        if isinstance(data, dict) and isinstance(data.get("locator"), str):
            count = data.get("extent")
            out[path.stem] = Extent(data["locator"], count if isinstance(count, int) and not isinstance(count, bool) else None)
    return out


def load(root: Path) -> Extents:
    """The extents of the kb/ at ``root``; the key changes whenever a source file changes."""
    return Extents(folder_key(root / "sources"), root)


def check(data, extents: Extents, found=None):
    """Yield (path of the citation's where, message, fix) for every citation in ``data`` its source cannot hold.

    ``found`` is ``link.survey(data)`` when the caller has it.
    """
    if found is None:
        from .link import survey
        found = survey(data)
    for path, source, where in found.citing:
        problem = extents.problem(source, where)
        if problem:
            yield (path, *problem)
