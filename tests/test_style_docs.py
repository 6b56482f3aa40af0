"""The house style pages and the glossary agree: every form the linter flags is listed on its language's page."""
from pathlib import Path

import pytest

from ygorules.core.kb import load_kb

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def avoided():
    kb = load_kb(ROOT / "kb")
    return [(v.lang, term.id, v.text) for term in kb.terms.values() for v in term.variants if v.avoid]


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_every_avoided_form_is_in_the_table_of_its_language(avoided, lang):
    page = (ROOT / "docs" / "style" / f"{lang}.md").read_text(encoding="utf-8")
    table = page.split("## Forms the linter flags", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip().strip("`"): line.split("|")[3] for line in table.splitlines()
            if line.startswith("| `")}
    missing = [(term, text) for l, term, text in avoided if l == lang and text not in rows.get(term, "")]
    assert not missing, f"add these to docs/style/{lang}.md, 'Forms the linter flags': {missing}"
    listed = {(term, form.strip()) for term, forms in rows.items() for form in forms.split(",")}
    stale = listed - {(term, text) for l, term, text in avoided if l == lang}
    assert not stale, f"docs/style/{lang}.md lists forms the glossary does not avoid: {sorted(stale)}"


def test_the_style_index_links_every_language_page():
    index = (ROOT / "docs" / "style" / "README.md").read_text(encoding="utf-8")
    for lang in ("es", "pt", "it", "en"):
        assert f"({lang}.md)" in index and (ROOT / "docs" / "style" / f"{lang}.md").exists()
