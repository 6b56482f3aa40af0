"""The shortcuts that keep the site build fast give the same pages and the same search index."""
import re

import markdown
import pytest
from ygorules.core.errors import YgoError
from ygorules.site import hooks, i18n
from ygorules.site.mdlean import RAW_START, raw
from ygorules.site.pages import SiteGen
from ygorules.site.testing import FIXTURE_KB

EXTENSIONS = ["toc", "attr_list", "md_in_html", "tables", "footnotes", "admonition"]

SAMPLE = """# Sanadora \\*Harmoniosa\\* {#title}

Texto con [un enlace](otra.md), <a href="../cards/x.html">Fuerza de Espejo</a> y <https://example.org/a_b>.
Un \\_guion\\_ y \\[corchetes\\], **negrita**, 2 &lt; 3 &amp; AT&amp;T, « comillas » [^1].

| Momento | Cómo |
|---|---|
| <a href="../substeps/x.html">Después del cálculo</a> | Se puede \\| activar |
| Texto llano | sin nada |

- <a href="a.html">uno</a>: texto
- dos

<section class="ygo-answer" markdown="1">

**Dentro**: <a href="b.html">b</a>

</section>

[^1]: <a href="../sources/s.html">Fuente</a>, línea 22 · <https://example.org/x>
"""


def convert(text, lean):
    md = markdown.Markdown(extensions=EXTENSIONS + (["ygorules.site.mdlean"] if lean else []))
    return md.convert(text)


def test_lean_markdown_gives_the_same_html_as_full_markdown():
    assert convert(SAMPLE, lean=True) == convert(SAMPLE, lean=False)


def test_a_marked_html_block_is_kept_as_written_and_not_parsed_as_markdown():
    block = '<section class="a" data-search-exclude><p>*no* [markdown](x.md) &amp; <a href="y.html">y</a></p></section>'
    out = convert(f"Antes.\n\n{raw(block)}\n\nDespués *sí*.", lean=True)
    assert block in out and RAW_START not in out
    assert "<em>sí</em>" in out
    # the same as the raw-HTML block parser gives for the block unmarked
    assert re.sub(r"\s+", "", out) == re.sub(r"\s+", "", convert(f"Antes.\n\n{block}\n\nDespués *sí*.", lean=False))


def _sections(html):
    from material.plugins.search.plugin import Parser
    p = Parser()
    p.feed(html)
    p.close()
    return [(s.id, s.title, s.text) for s in p.data]


PAGE = ('<nav class="crumbs" data-search-exclude><ol><li><a href="i.html">Inicio</a></li></ol></nav>'
        '<h1 id="title">Título</h1><p>Texto propio.</p>'
        '<section id="activation" data-search-exclude><table><tr><td>Tabla <span>anidada</span></td></tr></table><p>fuera</p></section>'
        '<h2 id="names">Nombres</h2><p>Más texto.</p>'
        '<div class="footnote" data-search-exclude><ol><li>Fuente</li></ol></div>'
        '<div data-search-exclude><h2 id="kept">Con encabezado</h2><p>queda</p></div>')


def test_held_excluded_html_gives_the_same_search_sections_and_comes_back_whole():
    held_html, held = hooks.hold_excluded(PAGE)
    assert len(held) == 3  # the one holding a heading is kept as it is
    assert "Tabla" not in held_html and "Con encabezado" in held_html
    assert _sections(held_html) == _sections(PAGE)

    class Page:
        content = PAGE
    page = Page()
    hooks.on_page_context({}, page=page)
    assert page.content == held_html
    assert hooks.on_post_page(f"<html>{page.content}</html>", page=page) == f"<html>{PAGE}</html>"


def test_a_link_to_a_page_that_is_not_generated_is_an_error_naming_both_pages(tmp_path):
    i18n.compile_all(tmp_path)
    from ygorules.core.kb import load_kb
    gen = SiteGen(load_kb(FIXTURE_KB), "en", i18n.translations("en", tmp_path))
    pages = gen.pages()  # the fixture KB links only to pages that exist
    assert gen.linked and all(target in pages for target in gen.linked)
    gen.linked["cards/no-such-card.md"] = "substeps/damage-step.end.md"
    with pytest.raises(YgoError, match=r"substeps/damage-step.end.md → cards/no-such-card.md"):
        gen.check_links(pages)
