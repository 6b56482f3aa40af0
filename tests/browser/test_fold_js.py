"""The site's folding (assets/fold.js, generated from ygorules/core/fold.py) gives what Python gives, in chromium."""
import unicodedata
from pathlib import Path

import pytest

from ygorules.core.fold import fold, javascript, normalize

pytestmark = [pytest.mark.browser]

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "fold-corpus.txt"

BLOCKS = [(0x20, 0x24F), (0x370, 0x52F), (0x13A0, 0x13FF), (0x1E00, 0x1FFF), (0x2000, 0x218F), (0x2460, 0x24FF),
          (0xAB70, 0xABBF), (0xFB00, 0xFB4F), (0xFF00, 0xFFEF)]
"""Latin, Greek, Cyrillic, Cherokee, punctuation, letter-like forms and numbers, circled letters, ligatures, full-width forms."""

RUN = "lines => lines.map(l => [ygoFold.fold(l), ygoFold.normalize(l)])"


def corpus() -> list[str]:
    return CORPUS.read_text(encoding="utf-8").split("\n")[:-1]


def _disagreements(page, lines):
    got = page.evaluate(RUN, lines)
    return [(l, g, [fold(l), normalize(l)]) for l, g in zip(lines, got) if g != [fold(l), normalize(l)]]


def test_lookup_page_folds_the_corpus_as_python_does(page, base_url):
    page.goto(f"{base_url}/es/lookup/index.html")
    assert page.evaluate("window.ygoLookup.fold === window.ygoFold.normalize")
    lines = corpus()
    assert len(lines) >= 100
    assert _disagreements(page, lines) == []


def test_fold_js_agrees_with_python_on_every_letter_and_sign_of_the_usual_blocks(page, base_url):
    """Each assigned character alone, and between letters (a final sigma, a combining mark after a letter)."""
    page.goto(f"{base_url}/en/lookup/index.html")
    chars = [chr(c) for a, b in BLOCKS for c in range(a, b + 1) if unicodedata.category(chr(c)) not in ("Cn", "Cs", "Co")]
    lines = chars + [f"AΣ{c}Σ" for c in chars]
    assert _disagreements(page, lines) == []


def test_lookup_page_reads_typographic_punctuation_as_the_command_line_does(page, base_url):
    page.goto(f"{base_url}/es/lookup/index.html")
    best = page.evaluate("q => ygoLookup.search(window.ygoLookupIndex, q, 1)[0]", "FUERZA–DE–ESPEJO’")
    assert best["entry"]["id"] == "mirror-force" and best["match"]["score"] >= 100


def test_site_ships_the_generated_folding_in_every_language_and_in_the_search_worker(site_dir):
    js = javascript()
    for lang in ("es", "pt", "it", "en"):
        assert (site_dir / lang / "assets" / "fold.js").read_text(encoding="utf-8") == js
        workers = list((site_dir / lang / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
        assert workers and all(js in w.read_text(encoding="utf-8") for w in workers)
        html = (site_dir / lang / "lookup" / "index.html").read_text(encoding="utf-8")
        assert html.index("assets/fold.js") < html.index("assets/ygorules.js")
