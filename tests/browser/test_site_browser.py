"""End-to-end tests of the built fixture site in Debian's chromium (Playwright's Python API)."""
import pytest

from .conftest import ARTIFACTS, search

pytestmark = [pytest.mark.browser]


def test_switching_language_on_a_card_page_lands_on_the_same_card(page, base_url):
    page.goto(f"{base_url}/es/cards/mirror-force.html")
    assert page.locator("h1").inner_text().strip("¶ \n") == "Fuerza de Espejo"
    page.locator(".md-header__option .md-select button").hover()
    page.locator('a.md-select__link[hreflang="it"]').click()
    page.wait_for_url("**/it/cards/mirror-force.html")
    assert page.locator("h1").inner_text().strip("¶ \n") == "Forza Riflessa"
    assert page.locator("html").get_attribute("lang") == "it"


def test_lookup_finds_mirror_force_with_its_four_names(page, base_url):
    page.goto(f"{base_url}/es/lookup/index.html")
    page.locator("#ygo-lookup-input").fill("fuerza de espejo")
    row = page.locator('.ygo-lookup__row[data-id="mirror-force"]')
    row.wait_for()
    text = row.inner_text()
    for name in ("Fuerza de Espejo", "Força do Espelho", "Forza Riflessa", "Mirror Force"):
        assert name in text
    assert page.locator(".ygo-lookup__row").first.get_attribute("data-id") == "mirror-force"
    assert row.get_attribute("data-kind") == "card"
    row.locator("a.ygo-lookup__title").click()
    page.wait_for_url("**/es/cards/mirror-force.html")


def test_lookup_tolerates_typos_and_missing_accents(page, base_url):
    page.goto(f"{base_url}/pt/lookup/index.html")
    page.locator("#ygo-lookup-input").fill("forca do espelo")
    page.locator('.ygo-lookup__row[data-id="mirror-force"]').wait_for()
    assert page.locator(".ygo-lookup__row").first.get_attribute("data-id") == "mirror-force"


def test_search_in_portuguese_returns_portuguese_pages(page, base_url):
    page.goto(f"{base_url}/pt/index.html")
    hrefs = search(page, "corrente")
    assert hrefs and all("/pt/" in h for h in hrefs), hrefs


def test_overview_renders_the_diagram_offline_and_is_saved_as_a_screenshot(page, base_url):
    external = []
    page.on("request", lambda r: external.append(r.url) if not r.url.startswith(base_url) and not r.url.startswith("data:") else None)
    page.goto(f"{base_url}/en/index.html")
    assert page.locator("svg.ygo-diagram__svg g.ygo-step").count() == 4
    assert page.locator('svg g.ygo-timing--one[data-timing^="damage-step."]').count() == 3
    text = page.locator("#ygo-diagram-text").inner_text()
    assert "Declaration of an attack" in text or "attack" in text.lower()
    assert "May be activated: Traps" in text
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "overview.png"), full_page=True)
    assert (ARTIFACTS / "overview.png").stat().st_size > 10_000
    assert external == []
