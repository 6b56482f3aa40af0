"""The site opened from disk (file://) and over HTTP: links land on pages, search and the lookup work."""
import pytest

from .conftest import ARTIFACTS, search

pytestmark = [pytest.mark.browser]


def test_from_the_root_language_picker_to_a_card_and_back_every_click_lands_on_a_page(page, base_url):
    page.goto(f"{base_url}/index.html")
    page.locator('a[hreflang="es"]').click()
    page.wait_for_url("**/es/index.html")
    page.locator(".md-tabs__link, .md-nav__link").filter(has_text="Cartas").first.click()
    page.wait_for_url("**/es/cards/index.html")
    page.locator("article a", has_text="Fuerza de Espejo").first.click()
    page.wait_for_url("**/es/cards/mirror-force.html")
    assert page.locator("h1").inner_text().strip("¶ \n") == "Fuerza de Espejo"
    page.locator(".md-header__button.md-logo").click()
    page.wait_for_url("**/es/index.html")


def test_search_works_from_disk_and_folds_accents_and_stems(page, base_url):
    page.goto(f"{base_url}/es/index.html")
    accented = search(page, "declaración")
    page.goto(f"{base_url}/es/index.html")
    plain = search(page, "DECLARACION")
    assert accented and accented == plain
    assert any("battle-step.attack-declaration" in h for h in plain), plain


def test_lookup_takes_its_query_from_name_and_enter_opens_the_first_result(page, base_url):
    page.goto(f"{base_url}/it/lookup/index.html?name=forza%20riflessa")
    page.locator('.ygo-lookup__row[data-id="mirror-force"]').wait_for()
    assert page.locator("#ygo-lookup-input").input_value() == "forza riflessa"
    assert "1" in page.locator("#ygo-lookup-count").inner_text() or page.locator(".ygo-lookup__row").count() > 1
    page.locator("#ygo-lookup-input").press("Enter")
    page.wait_for_url("**/it/cards/mirror-force.html")


def test_lookup_arrow_keys_move_through_the_results_and_it_finds_rules_terms(page, base_url):
    page.goto(f"{base_url}/pt/lookup/index.html")
    box = page.locator("#ygo-lookup-input")
    box.fill("corrente")
    first = page.locator(".ygo-lookup__row").first
    first.wait_for()
    assert first.get_attribute("data-kind") == "term" and first.get_attribute("data-id") == "chain"
    box.press("ArrowDown")
    assert page.evaluate("document.activeElement.closest('.ygo-lookup__row').dataset.id") == "chain"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") == "ygo-lookup-input"
    assert page.locator("#ygo-lookup-count").get_attribute("aria-live") == "polite"


def test_search_without_accents_puts_the_damage_calculation_pages_first_in_portuguese(page, base_url):
    page.goto(f"{base_url}/pt/index.html")
    hrefs = search(page, "calculo de dano")
    assert "damage-calculation" in hrefs[0] or hrefs[0].split("?")[0].endswith("/pt/damage.html"), hrefs
    assert all("/pt/" in h for h in hrefs)
