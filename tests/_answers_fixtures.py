"""The made-up pool of tests/_pool_fixtures.py imported as a user imports the yaml-yugi data set (names and facts)."""
from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

from _pool_fixtures import write_pool


def import_fixture_pool(folder: Path) -> Path:
    """`ygorules names import yaml-yugi` of the fixture pool into ``folder`` (its own cache there); the table's path."""
    from ygorules.cli import main

    write_pool(folder / "yaml-yugi", broken=False)
    table = folder / "names.tsv.gz"
    old = os.environ.get("YGORULES_CACHE")
    os.environ["YGORULES_CACHE"] = str(folder / "cache")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(["names", "import", "yaml-yugi", str(folder / "yaml-yugi"), "-o", str(table)])
    finally:
        if old is None:
            os.environ.pop("YGORULES_CACHE", None)
        else:
            os.environ["YGORULES_CACHE"] = old
    assert code == 0, "the fixture pool did not import"
    return table
