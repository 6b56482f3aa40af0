"""Browser-test fixtures: the fixture site built once, served over HTTP on 127.0.0.1 and opened from disk."""
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


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    return fixture_site(tmp_path_factory.getbasetemp() / "site-fixture")[0]


@pytest.fixture(scope="session")
def http_url(site_dir):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session", params=["http", "file"])
def base_url(request, site_dir):
    """The site's root, once over HTTP and once as file:// (the README says to open site/index.html)."""
    if request.param == "http":
        return request.getfixturevalue("http_url")
    return site_dir.as_uri()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (make browser)")
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


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
    pg = context.new_page()
    yield pg
    context.close()


def search(page, query):
    """Type a query into the theme's search box; return the result links' hrefs."""
    page.locator("label.md-header__button[for='__search']").first.click() if page.locator("input.md-search__input").is_hidden() else None
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=20)
    results = page.locator(".md-search-result__item > .md-search-result__link")
    results.first.wait_for(timeout=20000)
    # the worker answers each keystroke: wait until the list stops changing, so it is the whole query's
    read = lambda: [results.nth(i).get_attribute("href") for i in range(results.count())]
    last, same = read(), 0
    for _ in range(60):
        page.wait_for_timeout(250)
        now = read()
        same = same + 1 if now == last else 0
        last = now
        if same >= 3 and now:
            break
    return last
