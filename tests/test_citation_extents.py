"""Citations are held to what their source records: its locator (lines, pages…) and its extent."""
import shutil
from pathlib import Path

import pytest

from ygorules.core.kb import collect

MINI = Path(__file__).parent / "fixtures" / "mini-kb"
SOURCE = "sources/test-article.yaml"
RULING = "rulings/test-ruling.yaml"


@pytest.fixture
def kb(tmp_path):
    root = tmp_path / "kb"
    shutil.copytree(MINI, root)
    return root


def _cite(root, where):
    ruling = root / RULING
    text = ruling.read_text(encoding="utf-8")
    assert "sources: [test-article]" in text
    ruling.write_text(text.replace("sources: [test-article]", f"sources: [{{source: test-article, where: '{where}'}}]", 1), encoding="utf-8")


def _set_source(root, old, new):
    source = root / SOURCE
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new), encoding="utf-8")


def _problems(root, code):
    return [p for p in collect(root)[1] if p.code == code]


def test_mini_kb_records_its_article_as_cited_by_lines():
    text = (MINI / SOURCE).read_text(encoding="utf-8")
    assert "locator: lines" in text and "extent: 400" in text


@pytest.mark.parametrize("where", ["L1", "L12-L20", "L400", "L3, L7-L9"])
def test_lines_within_the_extent_pass(kb, where):
    _cite(kb, where)
    assert _problems(kb, "citation-extent") == []


def test_a_line_beyond_the_extent_is_an_error_naming_file_line_and_extent(kb):
    _cite(kb, "L9999")
    [p] = _problems(kb, "citation-extent")
    assert p.severity == "error" and p.path.endswith(RULING) and p.line > 1
    assert p.message == "line 9999 is beyond the 400 lines of source 'test-article'"
    assert "cite lines 1 to 400" in p.fix


def test_a_backwards_range_is_an_error(kb):
    _cite(kb, "L20-L12")
    [p] = _problems(kb, "citation-extent")
    assert "runs backwards" in p.message


def test_a_page_citation_to_a_source_cited_by_lines_is_an_error(kb):
    _cite(kb, "p. 4")
    [p] = _problems(kb, "citation-extent")
    assert "does not locate lines" in p.message and "L12 or L12-L20" in p.fix


def _book(kb, extent="extent: 60\n"):
    text = (kb / SOURCE).read_text(encoding="utf-8").replace("id: test-article", "id: test-book")
    text = text.replace("no_url: not-recorded\nlocator: lines\nextent: 400\n", f"no_url: print-only\nlocator: pages\n{extent}")
    (kb / "sources" / "test-book.yaml").write_text(text, encoding="utf-8")
    ruling = kb / RULING
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("sources: [test-article]", "sources: [{source: test-book, where: 'pp. 34-36'}]", 1), encoding="utf-8")


def test_pages_are_held_to_the_page_count_when_it_is_known(kb):
    _book(kb)
    assert _problems(kb, "citation-extent") == []
    ruling = kb / RULING
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("pp. 34-36", "p. 61"), encoding="utf-8")
    [p] = _problems(kb, "citation-extent")
    assert p.message == "page 61 is beyond the 60 pages of source 'test-book'"


def test_pages_without_a_known_page_count_are_held_to_their_form_only(kb):
    _book(kb, extent="")
    assert _problems(kb, "citation-extent") == []


def test_sections_take_any_wording(kb):
    _book(kb, extent="")
    book = kb / "sources" / "test-book.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace("locator: pages", "locator: sections"), encoding="utf-8")
    ruling = kb / RULING
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("pp. 34-36", "Function"), encoding="utf-8")
    assert _problems(kb, "citation-extent") == []


def test_a_source_cited_by_lines_must_say_how_many(kb):
    _set_source(kb, "extent: 400\n", "")
    [p] = _problems(kb, "source-extent")
    assert p.path.endswith(SOURCE) and "line count" in p.message


def test_a_source_needs_a_url_or_the_reason_it_has_none(kb):
    _set_source(kb, "no_url: not-recorded\n", "")
    [p] = _problems(kb, "source-url")
    assert "without a url" in p.message and "no_url: print-only" in p.fix


def test_a_url_must_be_http(kb):
    _set_source(kb, "no_url: not-recorded\n", "url: javascript:alert(1)\n")
    problems = collect(kb)[1]
    assert any(p.path.endswith(SOURCE) and "url" in p.message for p in problems if p.severity == "error")


def test_changing_a_source_extent_invalidates_cached_results(kb, tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    _cite(kb, "L300")
    assert [p for p in collect(kb, cache=True)[1] if p.code == "citation-extent"] == []
    _set_source(kb, "extent: 400\n", "extent: 200\n")
    assert len([p for p in collect(kb, cache=True)[1] if p.code == "citation-extent"]) == 1
