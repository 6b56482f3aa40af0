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


def test_lookup_shows_a_name_from_the_video_game_marked_never_as_an_official_one(page, base_url):
    page.goto(f"{base_url}/pt/lookup/index.html")
    # two pool cards as `names import` gives them: Limit Reverse (never printed in Portuguese) and Royal Guard
    # (printed only in Japanese: every name of ours comes from Master Duel)
    page.evaluate("""() => window.ygoLookupIndex.entries.push(
        ["card", "27551", ["Invertir el Límite", null, "Inversione di Limite", "Limit Reverse"], null, [["Inversão de Limite", "pt", "video-game"]]],
        ["card", "39239728", [null, null, null, null], null, [["Guarda Real", "pt", "video-game"], ["Royal Guard", "en", "video-game"]]])""")
    page.locator("#ygo-lookup-input").fill("limit reverse")
    row = page.locator('.ygo-lookup__row[data-id="27551"]')
    row.wait_for()
    assert row.locator("a.ygo-lookup__title, .ygo-lookup__title").first.inner_text() == "Limit Reverse"
    pt = row.locator('dd span[lang="pt"]')
    assert pt.inner_text() == "Inversão de Limite"
    assert row.locator("dd .ygo-lookup__game").inner_text() == " (nome do videogame, não impresso)"
    page.locator("#ygo-lookup-input").fill("guarda real")
    row = page.locator('.ygo-lookup__row[data-id="39239728"]')
    row.wait_for()
    title = row.locator(".ygo-lookup__title").first
    assert title.inner_text() == "Guarda Real" and title.get_attribute("lang") == "pt"
    assert "39239728" not in row.locator(".ygo-lookup__head").inner_text()


def test_lookup_shows_an_unofficial_translation_marked_never_as_an_official_one(page, base_url):
    page.goto(f"{base_url}/es/lookup/index.html")
    # a card printed only in Japanese and in no video game: the data set's English name is its own translation
    page.evaluate("""() => window.ygoLookupIndex.entries.push(
        ["card", "37092104", [null, null, null, null], null, [["Gleaming Owlet", "en", "translated"]]])""")
    page.locator("#ygo-lookup-input").fill("gleaming owlet")
    row = page.locator('.ygo-lookup__row[data-id="37092104"]')
    row.wait_for()
    title = row.locator(".ygo-lookup__title").first
    assert title.inner_text() == "Gleaming Owlet" and title.get_attribute("lang") == "en"
    assert row.locator('dd span[lang="en"]').inner_text() == "Gleaming Owlet"
    assert row.locator("dd .ygo-lookup__game").inner_text() == " (traducción no oficial, nunca impresa)"
    assert row.locator("dd.ygo-lookup__none").count() == 3
