"""The overview diagram and the line that opens a timing page say what may be activated at that very timing.

At a Damage Step timing the line lists the categories its own rules allow there (kb/rules `category`), never the
Start Step's list of card kinds; elsewhere it lists the kinds of card the answers allow. Checked on a small
hand-made knowledge base (the behaviour) and on the real one (every reason an answer gives is on the line).
"""
from __future__ import annotations

import html
import re
from functools import lru_cache
from types import SimpleNamespace

import pytest

from ygorules.core import activation
from ygorules.core.kb import load_kb
from ygorules.core.model import LANGS
from ygorules.site import i18n
from ygorules.site.diagram import render, rule_categories, what_may_be_activated
from ygorules.site.pages import CHAINS, Page, SiteGen

DAMAGE_STEP = activation.DAMAGE_STEP
START, BEFORE, DURING, AFTER, END = DAMAGE_STEP


# ---------------------------------------------------------------- behaviour, on a hand-made knowledge base

def _rule(id, timings, en, category_timings):
    category = {"label": {"es": f"es {en}", "pt": f"pt {en}", "it": f"it {en}", "en": en}, "timings": category_timings}
    return SimpleNamespace(id=id, timings=timings, category=category if category_timings else None)


def _site(rules, lang="en"):
    kb = SimpleNamespace(rules={r.id: r for r in rules}, cards={})
    return SimpleNamespace(kb=kb, lang=lang, gettext=lambda s: s, _matrix=lambda: {})


RULES = [_rule("counter", list(DAMAGE_STEP), "Counter Traps", list(DAMAGE_STEP)),
         _rule("modifiers", list(DAMAGE_STEP), "ATK/DEF changes", [START, BEFORE]),
         _rule("during", [DURING], "effects naming damage calculation", [DURING]),
         _rule("umbrella", list(DAMAGE_STEP), "unused", [])]


@pytest.mark.parametrize("timing, line", [
    (START, "ATK/DEF changes; Counter Traps"),
    (BEFORE, "ATK/DEF changes; Counter Traps"),
    (DURING, "effects naming damage calculation; Counter Traps"),
    (AFTER, "Counter Traps"),
])
def test_a_damage_step_timing_lists_the_categories_its_rules_allow_there_most_specific_first(timing, line):
    assert what_may_be_activated(_site(RULES), timing) == line


def test_the_line_is_in_the_sites_language():
    assert what_may_be_activated(_site(RULES, "it"), DURING) == "it effects naming damage calculation; it Counter Traps"


def test_a_timing_outside_the_damage_step_lists_card_kinds_never_the_rules_categories():
    assert what_may_be_activated(_site(RULES), "start-step") == "nothing from the cards here"


def test_a_rule_without_a_category_adds_nothing():
    assert [r.id for r in rule_categories(_site(RULES).kb, START)] == ["modifiers", "counter"]


# ---------------------------------------------------------------- the real knowledge base

@lru_cache(maxsize=1)
def real_kb():
    return load_kb()


@pytest.fixture(scope="module")
def mo_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("locale")
    i18n.compile_all(out)
    return out


@pytest.fixture(scope="module")
def sites(mo_dir):
    return {lang: SiteGen(real_kb(), lang, i18n.translations(lang, mo_dir)) for lang in LANGS}


def test_every_damage_step_timing_has_its_own_line_and_none_is_the_start_steps(sites):
    site = sites["en"]
    lines = {t: what_may_be_activated(site, t) for t in activation.TIMINGS}
    assert len({lines[t] for t in DAMAGE_STEP}) == len(DAMAGE_STEP), lines
    assert all(lines[t] != lines["start-step"] and "Quick-Play Spells" not in lines[t] for t in DAMAGE_STEP)


def test_atk_def_changes_are_listed_only_up_to_before_damage_calculation_and_counter_traps_everywhere(sites):
    site = sites["en"]
    for t in DAMAGE_STEP:
        line = what_may_be_activated(site, t)
        assert ("directly change ATK/DEF" in line) is (t in (START, BEFORE)), (t, line)
        assert "Counter Traps" in line and "negate an activation" in line, (t, line)
    assert "during damage calculation" in what_may_be_activated(site, DURING)


def test_each_rule_category_is_listed_only_where_the_rule_speaks():
    for rule in real_kb().rules.values():
        if rule.category:
            assert set(rule.category["timings"]) <= set(rule.timings), rule.id
            assert set(rule.category["label"]) == set(LANGS) and all(rule.category["label"].values()), rule.id


def test_every_reason_an_answer_gives_in_the_damage_step_is_on_that_timings_line():
    kb = real_kb()
    ruling_rule = kb.rules["damage-step-card-text"]  # a ruling that allows a card is a case of "its text or a ruling"
    missing = set()
    for card_id, answers in activation.matrix(kb).items():
        for a in answers:
            if a.timing not in DAMAGE_STEP or a.verdict == "no":
                continue
            rule = kb.rules.get(a.rule, ruling_rule if a.rule in kb.rulings else None)
            if rule is None or not rule.category or a.timing not in rule.category["timings"]:
                missing.add((a.timing, a.rule, card_id))
    assert not missing, sorted(missing)[:10]


@pytest.mark.parametrize("lang", LANGS)
def test_the_diagram_and_the_timing_page_show_the_same_line_in_each_language(sites, lang):
    site = sites[lang]
    page = Page(site, "index.md")
    figure = str(render(site, page, CHAINS))
    alt = figure[figure.index('id="ygo-diagram-text"'):]
    for t in DAMAGE_STEP:
        line = what_may_be_activated(site, t)
        assert site.categories_text(t) == line
        item = re.search(rf'href="[^"]*{re.escape(t)}\.html">[^<]*</a>: ([^<]*)</li>', alt)
        assert item and line in html.unescape(item.group(1)), (t, item and item.group(1))
        for rule in rule_categories(site.kb, t):
            assert rule.category["label"][lang] in line
