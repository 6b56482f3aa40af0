import json
import re

import pytest
from ygorules.core.errors import YgoError
from ygorules.core.model import LANGS
from ygorules.site import build as site_build
from ygorules.site.linkcheck import check
from ygorules.site.lookup import fold, index
from ygorules.site.testing import FIXTURE_KB, fixture_site


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    return fixture_site(tmp_path_factory.getbasetemp() / "site-fixture")[0]


def test_built_site_has_every_language_and_a_root_page(site):
    assert (site / "index.html").exists()
    for lang in LANGS:
        assert (site / lang / "index.html").exists()
        assert (site / lang / "cards" / "mirror-force.html").exists()


def test_link_and_anchor_checker_finds_no_problem_in_the_built_site(site):
    problems, pages = check(site)
    assert problems == []
    assert pages > 4 * 25


def test_html_lang_matches_the_language_folder(site):
    for lang in LANGS:
        assert f'<html lang="{lang}"' in (site / lang / "substeps" / "damage-step.start.html").read_text()


def test_language_switcher_links_to_the_same_page(site):
    html = (site / "es" / "cards" / "mirror-force.html").read_text()
    assert re.search(r'href="\.\./\.\./it/cards/mirror-force\.html"[^>]*hreflang="it"', html)
    assert re.search(r'<link rel="alternate" href="\.\./\.\./pt/cards/mirror-force\.html" hreflang="pt">', html)


def test_search_uses_the_language_of_the_page(site):
    config = json.loads((site / "pt" / "search" / "search_index.json").read_text())["config"]
    assert config["lang"] == ["pt"]


def test_yaml_html_never_reaches_the_page_as_markup(site):
    for lang in LANGS:
        for page in (site / lang).rglob("*.html"):
            assert "alert(" not in page.read_text()


def test_lookup_index_has_cards_terms_and_timings_with_their_four_names():
    from ygorules.core.kb import load_kb
    data = index(load_kb(FIXTURE_KB), "es")
    by_id = {e[1]: e for e in data["entries"]}
    kind, _id, names, url, other = by_id["mirror-force"]
    assert kind == "card" and names == ["Fuerza de Espejo", "Força do Espelho", "Forza Riflessa", "Mirror Force"]
    assert url == "../cards/mirror-force.html"
    assert ["Fuerza Espejo", "es", "misspelling"] in other
    assert by_id["chain"][0] == "term" and by_id["chain"][3] == "../terms/chain.html"
    assert by_id["damage-step.start"][0] == "timing" and by_id["damage-step"][0] in ("step", "term")
    assert data["pool"] == 0


def test_lookup_index_adds_the_imported_pool_without_page_links():
    from ygorules.core.kb import load_kb
    from ygorules.names.table import CardRecord, NameTable
    table = NameTable([CardRecord("44095762", "trap", {"es": "Fuerza de Espejo", "pt": None, "it": None, "en": "Mirror Force"}),
                       CardRecord("12345678", "spell", {"es": "Carta Inventada", "pt": None, "it": "Carta Inventata", "en": "Made-up Card"})],
                      series=[{"es": "Héroe Elemental", "pt": None, "it": None, "en": "Elemental HERO"}])
    data = index(load_kb(FIXTURE_KB), "pt", table)
    pool = [e for e in data["entries"] if e[3] is None]
    assert [(e[0], e[2][3]) for e in pool] == [("card", "Made-up Card"), ("series", "Elemental HERO")]
    assert data["pool"] == 2
    assert sum(1 for e in data["entries"] if e[2][3] == "Mirror Force") == 1  # the KB card, not twice


def test_fold_ignores_case_accents_and_punctuation():
    assert fold("FUERZA  de espéjo!") == fold("Fuerza de Espejo") == "fuerza de espejo"


def test_failed_build_leaves_the_previous_site_untouched(tmp_path, monkeypatch):
    site_dir = tmp_path / "site"
    (site_dir / "es").mkdir(parents=True)
    (site_dir / "es" / "index.html").write_text("previous")

    def fail(cfg, out):
        raise YgoError("mkdocs build failed for es.yml")
    monkeypatch.setattr(site_build, "run_mkdocs", fail)
    with pytest.raises(YgoError):
        site_build.build(FIXTURE_KB, ["es"], site_dir=site_dir, build_dir=tmp_path / "build", quiet=True)
    assert (site_dir / "es" / "index.html").read_text() == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "site"]


def test_unknown_language_is_a_usage_error(tmp_path):
    with pytest.raises(YgoError) as err:
        site_build.build(FIXTURE_KB, ["fr"], site_dir=tmp_path / "s", build_dir=tmp_path / "b", quiet=True)
    assert err.value.exit_code == 2


def _page(path, html):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html)


def _mini_site(root, body="", lang="es"):
    """Every language: index.html and p.html, each with alternates to itself in every language; ``body`` on lang/p.html."""
    for name in ("index.html", "p.html"):
        alts = "".join(f'<a hreflang="{l}" href="../{l}/{name}">{l}</a>' for l in LANGS)
        for l in LANGS:
            extra = body if (l, name) == (lang, "p.html") else ""
            _page(root / l / name, f'<html lang="{l}"><body><h1 id="top">x</h1>{alts}{extra}</body></html>')


def test_link_checker_reports_a_broken_link(tmp_path):
    _mini_site(tmp_path, '<a href="nowhere.html">x</a>')
    problems, _ = check(tmp_path)
    assert len(problems) == 1 and "broken link" in problems[0] and "nowhere" in problems[0]


def test_link_checker_reports_a_broken_anchor(tmp_path):
    _mini_site(tmp_path, '<a href="index.html#missing">x</a>')
    problems, _ = check(tmp_path)
    assert len(problems) == 1 and "broken anchor" in problems[0]


def test_link_checker_accepts_an_existing_anchor(tmp_path):
    _mini_site(tmp_path, '<a href="index.html#top">x</a>')
    assert check(tmp_path)[0] == []


def test_link_checker_reports_a_wrong_html_lang(tmp_path):
    _mini_site(tmp_path)
    _page(tmp_path / "it" / "p.html", '<html lang="en"><body>' + "".join(
        f'<a hreflang="{l}" href="../{l}/p.html">{l}</a>' for l in LANGS) + "</body></html>")
    problems, _ = check(tmp_path)
    assert len(problems) == 1 and "<html lang='en'>" in problems[0]


def test_link_checker_reports_a_missing_language_alternate(tmp_path):
    _mini_site(tmp_path)
    _page(tmp_path / "pt" / "p.html", '<html lang="pt"><body><a hreflang="es" href="../es/p.html">es</a></body></html>')
    problems, _ = check(tmp_path)
    assert {p.split("for ")[1].split(" ")[0] for p in problems} == {"pt", "it", "en"}


def test_link_checker_reports_an_alternate_that_does_not_exist(tmp_path):
    _mini_site(tmp_path)
    _page(tmp_path / "pt" / "q.html", '<html lang="pt"><body>' + "".join(
        f'<a hreflang="{l}" href="../{l}/q.html">{l}</a>' for l in LANGS) + "</body></html>")
    problems, _ = check(tmp_path)
    assert sorted(p.split("<a href='../")[1][:2] for p in problems) == ["en", "es", "it"]


def test_link_checker_reports_an_alternate_to_another_page(tmp_path):
    _mini_site(tmp_path)
    _page(tmp_path / "pt" / "p.html", '<html lang="pt"><body>' + "".join(
        f'<a hreflang="{l}" href="../{l}/index.html">{l}</a>' for l in LANGS) + "</body></html>")
    problems, _ = check(tmp_path)
    assert len(problems) == 4 and all("alternate" in p and "is not this page" in p for p in problems)


def test_link_checker_reports_a_link_to_a_folder(tmp_path):
    _mini_site(tmp_path, '<a href="./">x</a>')
    problems, _ = check(tmp_path)
    assert len(problems) == 1 and "points to a folder" in problems[0]


def test_building_one_language_keeps_the_others_from_the_previous_site(tmp_path):
    previous, new = tmp_path / "site", tmp_path / "new"
    for lang in LANGS:
        _page(previous / lang / "index.html", f'<html lang="{lang}"></html>')
    _page(new / "es" / "index.html", '<html lang="es">new</html>')
    site_build.i18n.compile_all(tmp_path / "locale")
    site_build.assemble(new, ["es"], previous, tmp_path / "locale")
    assert (new / "es" / "index.html").read_text() == '<html lang="es">new</html>'
    assert sorted(p.name for p in new.iterdir() if p.is_dir()) == sorted(LANGS)
    assert (new / "index.html").exists()


def test_root_page_is_made_from_the_language_list_with_each_language_in_itself(tmp_path, monkeypatch):
    site_build.i18n.compile_all(tmp_path)
    html = site_build.home_page(tmp_path)
    assert re.findall(r'<a href="(\w+)/index.html" hreflang="\1" lang="\1">', html) == list(LANGS)
    assert re.findall(r'<link rel="alternate" hreflang="(\w+)" href="\1/index.html">', html) == list(LANGS)
    assert '<strong>Português (Brasil)</strong> <span>Regras da Fase de Batalha de Yu-Gi-Oh!</span>' in html
    assert re.search(r'<p><span lang="en">Choose a language</span> · <span lang="es">Elige un idioma</span>', html)
    monkeypatch.setattr(site_build, "LANGS", ("it", "en"))  # another list: the page follows it
    html = site_build.home_page(tmp_path)
    assert re.findall(r'hreflang="(\w+)" lang', html) == ["it", "en"] and "Español" not in html


def test_root_page_links_to_every_language(site):
    html = (site / "index.html").read_text()
    for lang in LANGS:
        assert f'href="{lang}/index.html"' in html


def test_sitemap_lists_every_page_of_every_language_with_alternates(tmp_path):
    _mini_site(tmp_path)
    _page(tmp_path / "es" / "404.html", "<html></html>")
    _page(tmp_path / "es" / "assets" / "x.html", "<html></html>")
    assert site_build.write_sitemap(tmp_path, "https://example.org/ygo/") == 8
    xml = (tmp_path / "sitemap.xml").read_text()
    for lang in LANGS:
        assert f"<loc>https://example.org/ygo/{lang}/p.html</loc>" in xml
    assert '<xhtml:link rel="alternate" hreflang="pt" href="https://example.org/ygo/pt/index.html"/>' in xml
    assert "404" not in xml and "assets" not in xml


def test_site_url_gives_absolute_alternates(monkeypatch, tmp_path):
    monkeypatch.setenv("YGORULES_SITE_URL", "https://example.org/ygo")
    cfg = site_build.mkdocs_config("it", tmp_path / "d", tmp_path / "s", [], "x")
    assert cfg["site_url"] == "https://example.org/ygo/it/" and cfg["extra"]["root_url"] == "https://example.org/ygo/"


def test_page_titles_are_the_entries_titles_in_the_language(site):
    html = (site / "es" / "cards" / "mirror-force.html").read_text()
    assert "<title>Fuerza de Espejo - " in html
    assert 'class="ygo-breadcrumbs"' in html and html.index('class="ygo-breadcrumbs"') < html.index("<h1")


def test_lookup_index_gives_video_game_names_and_translations_as_such_and_keeps_cards_known_only_by_them():
    from ygorules.core.kb import load_kb
    from ygorules.names.table import CardRecord, NameTable
    never = {"es": None, "pt": None, "it": None, "en": None}
    table = NameTable([CardRecord("27551", "trap", {"es": "Invertir el Límite", "pt": None, "it": None, "en": "Limit Reverse"},
                                  {"pt": "Inversão de Limite"}),
                       CardRecord("756652", "monster", dict(never), {"en": "Doron", "pt": "Doron"}),  # printed only in Japanese
                       CardRecord("37092104", "monster", dict(never), translated={"en": "Gleaming Owlet"}),  # in no game either
                       CardRecord("1", "monster", dict(never))])  # no name at all: nothing to show
    data = index(load_kb(FIXTURE_KB), "pt", table)
    pool = {e[1]: e for e in data["entries"] if e[3] is None}
    assert pool["27551"][2] == ["Invertir el Límite", None, None, "Limit Reverse"]  # never an official pt name
    assert pool["27551"][4] == [["Inversão de Limite", "pt", "video-game"]]
    assert pool["756652"][2] == [None] * 4 and ["Doron", "en", "video-game"] in pool["756652"][4]
    assert pool["37092104"][2] == [None] * 4 and pool["37092104"][4] == [["Gleaming Owlet", "en", "translated"]]
    assert "1" not in pool and data["pool"] == 3
