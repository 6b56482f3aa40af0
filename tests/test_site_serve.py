"""`ygorules site serve` with an imported pool: the preview's lookup page answers the pool's cards, as `site build` does.

The pool is tests/_pool_fixtures.py (made-up cards with PSCT-like texts), imported into a temporary table that the
server finds through $YGORULES_NAMES; the KB is the real kb/. One language is built once, served over HTTP, and its
``lookup/answers.js`` read back.
"""
from __future__ import annotations

import os
import sys
import urllib.request
from pathlib import Path

from _answers_fixtures import import_fixture_pool
from _serving import free_port, serving
from ygorules.site import answers

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "kb"
TIMEOUT = 300  # seconds for the server to build its language and print its serving line


def _served(env: dict, lang: str, path: str) -> tuple[str, str]:
    """(the file at ``path`` under the served language, what the server printed)."""
    argv = [sys.executable, "-m", "ygorules", "site", "serve", "--lang", lang, "--kb", str(REAL), "--port", str(free_port())]
    with serving(argv, env, TIMEOUT) as (url, printed):
        assert url is not None, "the server printed no serving line:\n" + printed
        with urllib.request.urlopen(f"{url}{path}", timeout=30) as page:
            return page.read().decode("utf-8"), printed


def test_the_preview_answers_the_cards_of_the_imported_pool(tmp_path):
    table = import_fixture_pool(tmp_path / "pool")
    env = dict(os.environ, YGORULES_NAMES=str(table), YGORULES_CACHE=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "tools"), os.environ.get("PYTHONPATH")])))
    script, printed = _served(env, "es", "lookup/answers.js")
    data = answers.decode(script)
    ward = answers.card_answers(data, "90000002")  # "Lantern Ward" of the fixture pool, derived from its text
    assert ward is not None, f"the pool's card is missing from the preview's answers\n{printed}"
    assert ward["origin"] == answers.ORIGINS.index("high") and ward["type"] == "Trampa · Normal"
    assert ward["note"].startswith("Deducido del texto oficial de la carta")
    assert [a["verdict"] for a in ward["answers"]].count("only-if") == 1
    assert answers.card_answers(data, "mirror-force")["origin"] == 0  # the KB's cards are still there, and win
