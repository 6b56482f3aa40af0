"""Accessibility (axe-core) on representative pages of every language, visible focus, and the screenshots of the note."""
import pytest

from .conftest import ARTIFACTS

pytestmark = [pytest.mark.browser]

PAGES = ["index.html", "cards/index.html", "cards/mirror-force.html", "cards/bait-doll.html", "cards/necro-gardna.html",
         "substeps/index.html", "substeps/damage-step.before-damage-calculation.html", "steps/damage-step.html",
         "terms/chain.html", "rulings/mirror-force-on-attack.html", "sources/index.html", "lookup/index.html",
         "review.html", "damage.html", "rules/index.html", "404.html"]
"""Sixteen pages of each language: home, indexes, cards, a timing, a step, a term, a ruling, sources, lookup, 404."""


@pytest.mark.parametrize("lang", ["es", "pt", "it", "en"])
def test_no_serious_or_critical_axe_violation(page, http_url, lang):
    axe_mod = pytest.importorskip("axe_playwright_python.sync_playwright")
    axe = axe_mod.Axe()
    found = {}
    for path in PAGES:
        page.goto(f"{http_url}/{lang}/{path}")
        if path == "lookup/index.html":
            page.locator("#ygo-lookup-input").fill("espejo")
            page.locator(".ygo-lookup__row").first.wait_for()
        result = axe.run(page)
        bad = [(v["id"], len(v["nodes"])) for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
        if bad:
            found[path] = bad
    assert found == {}


def test_keyboard_focus_is_visible_on_links_and_controls(page, http_url):
    page.goto(f"{http_url}/es/cards/mirror-force.html")
    for _ in range(6):
        page.keyboard.press("Tab")
        outline = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); "
                                "return [s.outlineStyle, s.outlineWidth, s.boxShadow]; })()")
        assert outline[0] != "none" and outline[1] != "0px" or outline[2] != "none", outline


def test_screenshots_of_the_note(page, phone, http_url):
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(f"{http_url}/es/cards/mirror-force.html")
    assert page.locator("#activation").is_visible()
    page.screenshot(path=str(ARTIFACTS / "card-es-mirror-force.png"), full_page=True)
    page.goto(f"{http_url}/pt/substeps/damage-step.before-damage-calculation.html")
    page.screenshot(path=str(ARTIFACTS / "timing-pt-before-damage-calculation.png"), full_page=True)
    phone.goto(f"{http_url}/it/lookup/index.html?name=forza%20riflessa")
    phone.locator(".ygo-lookup__row").first.wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    phone.screenshot(path=str(ARTIFACTS / "lookup-it-phone.png"), full_page=True)
    for name in ("card-es-mirror-force.png", "timing-pt-before-damage-calculation.png", "lookup-it-phone.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000


def test_card_page_answers_before_the_names_and_timing_page_lists_what_may_be_activated(page, http_url):
    page.goto(f"{http_url}/es/cards/mirror-force.html")
    answer, names = page.locator("#activation").bounding_box(), page.locator("#names").bounding_box()
    assert answer["y"] < names["y"]
    assert "Velocidad de Hechizo 2" in page.locator("#activation").inner_text()
    page.goto(f"{http_url}/pt/substeps/damage-step.before-damage-calculation.html")
    top = page.locator("#activation").inner_text()
    assert "O que pode ser ativado aqui" in top and "Não podem ser ativados aqui" in top
