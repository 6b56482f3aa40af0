"""End-to-end tests of the built fixture site in Debian's chromium (Playwright's Python API)."""
import functools
import http.server
import threading
from pathlib import Path

import pytest
from ygorules.site.testing import fixture_site

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: install Debian's chromium (make browser)")]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    site = fixture_site(tmp_path_factory.getbasetemp() / "site-fixture")[0]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


def test_switching_language_on_a_card_page_lands_on_the_same_card(page, base_url):
    page.goto(f"{base_url}/es/cards/mirror-force/")
    assert page.locator("h1").inner_text().strip("¶ \n") == "Fuerza de Espejo"
    page.locator(".md-header__option .md-select button").hover()
    page.locator('a.md-select__link[hreflang="it"]').click()
    page.wait_for_url("**/it/cards/mirror-force/")
    assert page.locator("h1").inner_text().strip("¶ \n") == "Forza Riflessa"
    assert page.locator("html").get_attribute("lang") == "it"


def test_lookup_finds_mirror_force_with_its_four_names(page, base_url):
    page.goto(f"{base_url}/es/lookup/")
    page.locator("#ygo-lookup-input").fill("fuerza de espejo")
    row = page.locator('tr.ygo-lookup__row[data-id="mirror-force"]')
    row.wait_for()
    text = row.inner_text()
    for name in ("Fuerza de Espejo", "Força do Espelho", "Forza Riflessa", "Mirror Force"):
        assert name in text
    assert page.locator("tr.ygo-lookup__row").first.get_attribute("data-id") == "mirror-force"
    row.locator("a").first.click()
    page.wait_for_url("**/es/cards/mirror-force/")


def test_lookup_tolerates_typos_and_missing_accents(page, base_url):
    page.goto(f"{base_url}/pt/lookup/")
    page.locator("#ygo-lookup-input").fill("forca do espelo")
    page.locator('tr.ygo-lookup__row[data-id="mirror-force"]').wait_for()
    assert page.locator("tr.ygo-lookup__row").first.get_attribute("data-id") == "mirror-force"


def test_search_in_portuguese_returns_portuguese_pages(page, base_url):
    page.goto(f"{base_url}/pt/")
    page.locator("input.md-search__input").click()
    page.locator("input.md-search__input").press_sequentially("corrente", delay=30)
    results = page.locator(".md-search-result__link")
    results.first.wait_for(timeout=15000)
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    assert hrefs and all("/pt/" in h for h in hrefs), hrefs


def test_overview_renders_the_diagram_offline_and_is_saved_as_a_screenshot(page, base_url):
    external = []
    page.on("request", lambda r: external.append(r.url) if not r.url.startswith(base_url) and not r.url.startswith("data:") else None)
    page.goto(f"{base_url}/en/")
    assert page.locator(".ygo-diagram .ygo-step").count() == 4
    assert page.locator(".ygo-step--damage .ygo-timing--one").count() == 3
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "overview.png"), full_page=True)
    assert (ARTIFACTS / "overview.png").stat().st_size > 10_000
    assert external == []
