"""The lookup page answers "may I activate it?" for every card, and the home page's card box (issue 23, item 3).

A Spanish site of tests/fixtures/site-kb built with a name table and derived facts imported from the made-up pool of
tests/_pool_fixtures.py, opened over HTTP and from disk (file://) in Debian's chromium.
"""
import functools
import http.server
import threading
from urllib.parse import quote

import pytest

from _answers_fixtures import import_fixture_pool

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module")
def answers_site(tmp_path_factory):
    """The es site with the fixture pool's names and answers; its folder."""
    from ygorules.commands._site_answers import pool_source
    from ygorules.names.table import load_table
    from ygorules.site.build import build
    from ygorules.site.testing import FIXTURE_KB

    d = tmp_path_factory.mktemp("answers-site")
    table = import_fixture_pool(d)
    build(FIXTURE_KB, ["es"], site_dir=d / "site", build_dir=d / "build", quiet=True,
          names_table=load_table(table), answers=pool_source(table))
    return d / "site"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module", params=["http", "file"])
def root(request, answers_site):
    """The Spanish tree's root URL, once over HTTP and once from disk."""
    if request.param == "file":
        yield answers_site.as_uri() + "/es"
        return
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(answers_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/es"
    server.shutdown()
    server.server_close()


def verdicts(answer):
    return {r.get_attribute("data-timing"): r.get_attribute("data-verdict") for r in answer.locator("[data-timing]").all()}


TIMINGS = ["start-step", "battle-step.start", "battle-step.attack-declaration", "battle-step.after-declaration",
           "damage-step.start", "damage-step.before-damage-calculation", "damage-step.during-damage-calculation",
           "damage-step.after-damage-calculation", "damage-step.end", "end-step"]


def test_name_in_the_url_shows_a_derived_cards_answer_without_a_click(page, root):
    page.goto(f"{root}/lookup/index.html?name={quote('custodia de farol')}")
    answer = page.locator('.ygo-lookup__row[data-id="90000002"] .activation')
    answer.wait_for()
    assert page.locator("#ygo-lookup-input").input_value() == "custodia de farol"
    assert answer.is_visible() and answer.get_attribute("data-origin") == "derived"
    assert list(verdicts(answer)) == TIMINGS
    assert verdicts(answer) == {t: "only-if" if t == "battle-step.attack-declaration" else "no" for t in TIMINGS}
    row = answer.locator('[data-timing="battle-step.attack-declaration"]')
    assert "solo si un monstruo de tu adversario declara un ataque" in row.inner_text()
    text = answer.inner_text()
    assert "Trampa · Normal · Velocidad de Hechizo 2" in text and "sin revisar (confianza: alta)" in text
    assert answer.locator("table thead th[scope=col]").count() == 3 and answer.locator("tbody th[scope=row]").count() == 10
    rule = row.locator("td a")  # the rule the answer rests on: a page of this site
    page.goto(rule.evaluate("a => a.href"))
    assert "attack-declaration-single-chain" in page.url and page.locator("h1").count() == 1


def test_a_kb_card_answers_and_keeps_the_link_to_its_page(page, root):
    page.goto(f"{root}/lookup/index.html?name={quote('Fuerza de Espejo')}")
    answer = page.locator('.ygo-lookup__row[data-id="mirror-force"] .activation')
    answer.wait_for()
    assert answer.is_visible() and answer.get_attribute("data-origin") == "kb"
    assert len(verdicts(answer)) == 10 and verdicts(answer)["battle-step.attack-declaration"] == "only-if"
    assert "sin revisar" not in answer.inner_text()
    title = page.locator('.ygo-lookup__row[data-id="mirror-force"] a.ygo-lookup__title')
    assert title.get_attribute("href") == "../cards/mirror-force.html"
    timing = answer.locator('[data-timing="damage-step.start"] th a')
    assert timing.get_attribute("href") == "../substeps/damage-step.start.html" and timing.inner_text() == "Inicio del Damage Step"


def test_a_clause_the_reader_did_not_understand_answers_unknown_in_words_not_by_colour(page, root):
    page.goto(f"{root}/lookup/index.html?name={quote('Murmur Tortoise')}")
    answer = page.locator('.ygo-lookup__row[data-id="90000003"] .activation')
    answer.wait_for()
    unknown = [t for t, v in verdicts(answer).items() if v == "unknown"]
    assert unknown
    assert answer.locator(f'[data-timing="{unknown[0]}"] .ygo-verdict').inner_text().strip("? ") == "desconocido"


def test_only_the_best_match_is_open_the_others_are_one_click_away(page, root):
    page.goto(f"{root}/lookup/index.html")
    page.locator("#ygo-lookup-input").fill("guardia")
    rows = page.locator(".ygo-lookup__row:has(details.ygo-lookup__answer)")
    rows.nth(1).wait_for()
    assert rows.first.locator("details[open] .activation").is_visible()
    second = rows.nth(1).locator("details.ygo-lookup__answer")
    assert second.get_attribute("open") is None and not second.locator(".activation").is_visible()
    second.locator("summary").click()
    assert second.locator(".activation").is_visible() and len(verdicts(second.locator(".activation"))) == 10


def test_the_home_page_box_answers_in_place_and_enter_opens_the_answer_on_the_lookup_page(page, root):
    page.goto(f"{root}/index.html")
    box = page.locator("#ygo-lookup-input")
    assert page.locator("label[for=ygo-lookup-input]").inner_text() == "Escribe el nombre de una carta"
    first = page.locator("article h1 ~ *").first  # the page opens with the box
    assert first.get_attribute("id") == "ygo-lookup"
    box.fill("lantern ward")
    answer = page.locator('.ygo-lookup__row[data-id="90000002"] .activation')
    answer.wait_for()
    assert verdicts(answer)["battle-step.attack-declaration"] == "only-if"
    rule = answer.locator('[data-timing="battle-step.attack-declaration"] td a')
    assert rule.get_attribute("href") == "rules/attack-declaration-single-chain.html"  # from the home page, not ../
    box.press("Enter")
    page.wait_for_url("**/es/lookup/index.html?name=*")
    answer = page.locator('.ygo-lookup__row[data-id="90000002"] .activation')
    answer.wait_for()
    assert answer.is_visible() and len(verdicts(answer)) == 10


def test_a_card_the_build_has_no_answer_for_says_why_instead_of_an_empty_table(page, root):
    page.goto(f"{root}/lookup/index.html")
    page.locator("#ygo-lookup-input").focus()
    page.wait_for_function("window.ygoAnswers && window.ygoLookupIndex")
    # a card of a name table imported from tsv: names, and no facts to answer from
    page.evaluate("""() => window.ygoLookupIndex.entries.push(["card", "77777777", ["Sello Sin Texto", null, null, "Textless Seal"], null, []])""")
    page.locator("#ygo-lookup-input").fill("textless seal")
    row = page.locator('.ygo-lookup__row[data-id="77777777"]')
    row.wait_for()
    assert row.locator(".activation").count() == 0
    assert "yaml-yugi" in row.locator(".ygo-lookup__noanswer").inner_text()
