"""No English user-interface strings in the Spanish, Portuguese and Italian trees of the built site."""
import re
from html.parser import HTMLParser

import pytest
from ygorules.site.testing import fixture_site

DENY = ["Permanent link", "texts)", "Search", "Previous", "Next", "Made with", "Back to top", "Table of contents",
        "Skip to content", "Select language", "Initializing search", "Type to start searching", "No matching documents",
        "Current", "Outdated", "Disputed", "history", "machine-draft", "self-reviewed", "native-reviewed", "only-if",
        "Earlier rule", "Rules followed", "English name", "Card type", "Draft", "Timing", "Why", "lines", "Sources",
        "Activation", "Can it be activated now?", "Breadcrumbs", "May be activated", "its own moment"]
"""English UI strings (the theme's and ours) and raw status codes that must never show on an es/pt/it page."""


class _Visible(HTMLParser):
    """The text a reader sees or hears: text nodes (not scripts or styles) and title/aria-label/placeholder attributes."""

    def __init__(self):
        super().__init__()
        self.parts, self._skip, self._lang = [], 0, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
        self._lang.append(a.get("lang"))
        for key in ("title", "aria-label", "placeholder", "alt"):
            if a.get(key) and not self._foreign():
                self.parts.append(a[key])

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if self._lang:
            self._lang.pop()

    def _foreign(self):
        inner = next((l for l in reversed(self._lang) if l), None)
        return inner == "en"

    def handle_data(self, data):
        if not self._skip and not self._foreign():
            self.parts.append(data)


def leftovers(html: str) -> list[str]:
    """The deny-listed English strings in the visible text of one page (text marked lang="en" is exempt)."""
    parser = _Visible()
    parser.feed(html)
    text = " ".join(parser.parts)
    return [w for w in DENY if re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text)]


def test_the_scanner_finds_an_english_string_and_exempts_text_marked_english():
    assert leftovers('<p>Buscar</p><a title="Permanent link">¶</a>') == ["Permanent link"]
    assert leftovers('<p lang="en">Search the <b>Sources</b></p><script>var Search</script>') == []


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return fixture_site(tmp_path_factory.getbasetemp() / "site-fixture")[0]


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_no_english_ui_string_on_any_page_of_the_tree(site, lang):
    found = {}
    for page in sorted((site / lang).rglob("*.html")):
        bad = leftovers(page.read_text(encoding="utf-8"))
        if bad:
            found[str(page.relative_to(site))] = bad
    assert found == {}
