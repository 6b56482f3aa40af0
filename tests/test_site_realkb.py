"""Invariants of the generated pages over the real kb/ (one language, no MkDocs run)."""
import re

import pytest
from ygorules.core.kb import PROJECT_KB, load_kb
from ygorules.site import i18n
from ygorules.site.pages import SiteGen, page_path


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    kb = load_kb(PROJECT_KB)
    mo = tmp_path_factory.mktemp("locale")
    i18n.compile_all(mo)
    return kb, SiteGen(kb, "pt", i18n.translations("pt", mo)).pages()


def test_every_entry_with_a_page_has_one(real):
    kb, pages = real
    for kind, folder in (("card", "cards"), ("term", "terms"), ("substep", "substeps"), ("step", "steps"),
                         ("ruling", "rulings"), ("example", "examples"), ("source", "sources")):
        for entry_id in getattr(kb, folder):
            assert page_path(kind, entry_id) in pages


def test_headings_have_unique_ascii_anchors_on_every_page(real):
    _, pages = real
    for path, text in pages.items():
        anchors = re.findall(r"^#{1,6} .* \{#([A-Za-z0-9][A-Za-z0-9._-]*)\}$", text, re.M)
        headings = re.findall(r"^#{1,6} ", text, re.M)
        assert len(anchors) == len(headings), path
        assert len(anchors) == len(set(anchors)), path


def test_every_timing_page_lists_every_card_that_acts_there(real):
    kb, pages = real
    for card in kb.cards.values():
        for timing in card.timings:
            assert f'"../cards/{card.id}.html"' in pages[page_path("substep", timing.substep)], (card.id, timing.substep)


def test_every_card_page_links_to_each_of_its_timings(real):
    kb, pages = real
    for card in kb.cards.values():
        for timing in card.timings:
            assert f'"../substeps/{timing.substep}.html"' in pages[page_path("card", card.id)]
