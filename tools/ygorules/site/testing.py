"""Test helpers: build the small fixture KB's site once per test session (it takes a few seconds)."""
from __future__ import annotations

from pathlib import Path

from .build import ROOT

FIXTURE_KB = ROOT / "tests" / "fixtures" / "site-kb"
_BUILT: dict = {}


def fixture_site(base: Path) -> tuple[Path, dict]:
    """The site of tests/fixtures/site-kb built under ``base`` (once per process); (site dir, figures)."""
    if "site" not in _BUILT:
        from .build import build
        site_dir, build_dir = Path(base) / "site", Path(base) / "build"
        figures = build(FIXTURE_KB, site_dir=site_dir, build_dir=build_dir, quiet=True)
        _BUILT["site"] = (site_dir, figures)
    return _BUILT["site"]
