"""The lookup page's answers file (issue 23, item 3): its shape, the same answers as `ygorules can --json`, its size.

The pool is tests/_pool_fixtures.py: made-up cards with PSCT-like texts written for the tests, imported into a
temporary table; the KB is the real kb/ (as `can` answers from it).
"""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from _answers_fixtures import import_fixture_pool
from _pool_fixtures import CARDS
from ygorules.cli import main
from ygorules.core.activation import TIMINGS, Answer, matrix
from ygorules.core.kb import load_kb
from ygorules.site import answers, i18n

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "kb"
LANGS = ("es", "pt", "it", "en")


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    """The fixture pool imported with `names import yaml-yugi` (names and derived facts): the table's path."""
    return import_fixture_pool(tmp_path_factory.mktemp("answers-pool"))


@pytest.fixture(scope="module")
def files(pool, tmp_path_factory):
    """{lang: decoded answers file} of the real KB plus the fixture pool, as `site build` writes them."""
    from ygorules.commands._site_answers import pool_source

    locale = tmp_path_factory.mktemp("locale")
    i18n.compile_all(locale)
    kb = load_kb(REAL)
    scripts = answers.encode(kb, LANGS, {l: i18n.translations(l, locale) for l in LANGS}, pool_source(pool))
    return {lang: answers.decode(s) for lang, s in scripts.items()}, scripts, kb


def can_json(capsys, pool, card: str, lang: str) -> dict:
    assert main(["can", "--kb", str(REAL), "--names", str(pool), "--lang", lang, "--json", card]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_file_holds_every_kb_card_with_facts_and_every_card_of_the_pool_with_ten_answers(files):
    data, scripts, kb = files
    es = data["es"]
    assert es["v"] == answers.VERSION and es["lang"] == "es"
    assert [t[0] for t in es["timings"]] == list(TIMINGS)
    assert es["timings"][4] == ["damage-step.start", kb.substeps["damage-step.start"].title["es"], "substeps/damage-step.start.html"]
    kb_ids = set(matrix(kb))
    pool_keys = {k for k in CARDS if k != "44095762"}  # Mirror Force's passcode: the KB card wins
    assert set(es["c"]) == kb_ids | pool_keys
    for key, (kind, speeds, row, origin) in es["c"].items():
        assert 0 <= kind < len(es["s"]) and len(es["r"][row]) == 10
        assert origin == 0 if key in kb_ids else origin in (1, 2, 3)  # 4 (an unofficial translation's): none in this pool
        for ai in es["r"][row]:
            verdict, cond, reason, rule, differs = es["a"][ai]
            assert verdict in "ynou" and reason >= 0 and (cond >= 0) == (verdict == "o")
            assert (rule == -1) == (verdict == "u")
    assert all(rule[2] and rule[2].startswith(("rules/", "rulings/")) for rule in es["rules"])
    for lang in LANGS:  # the same cards and rows in every language, each in its own words
        assert data[lang]["c"].keys() == es["c"].keys() and data[lang]["r"] == es["r"]
        assert scripts[lang].startswith("window.ygoAnswers = {") and "<" not in scripts[lang]


@pytest.mark.parametrize("card,key,lang", [
    ("Custodia de Farol", "90000002", "es"),        # derived, read whole: an "only if" with its condition
    ("Murmur Tortoise", "90000003", "pt"),          # derived, a clause not read: unknown where it could matter
    ("Quill Sprite of the Ember Vale", "90000001", "it"),
    ("Blank Scroll", "90000004", "en"),             # no text: every timing unknown
    ("Forza Riflessa", "mirror-force", "it"),       # a KB card: its reviewed facts
    ("honest", "honest", "es"),
])
def test_a_cards_answers_are_those_of_can_json_in_the_same_language(files, pool, capsys, card, key, lang):
    data, _scripts, _kb = files
    got = answers.card_answers(data[lang], key)
    want = can_json(capsys, pool, card, lang)
    assert want["card"] == key
    assert [(a["timing"], a["verdict"], a["condition"], a["reason"], a["rule"], a["text_differs"]) for a in got["answers"]] == [
        (a["timing"], a["verdict"], a["condition"], a["reason"], a["rule"], a["text_differs"]) for a in want["answers"]]
    assert got["origin"] == {None: 0, "high": 1, "medium": 2, "low": 3}[want["confidence"]]
    assert (got["note"] is None) == (want["origin"] == "kb")


def test_a_derived_card_says_so_with_its_confidence_and_its_type_and_spell_speed_are_in_the_pages_language(files):
    data, _scripts, _kb = files
    ward = answers.card_answers(data["es"], "90000002")
    assert ward["type"] == "Trampa · Normal" and ward["speeds"] == "2" and ward["origin"] == 1
    assert ward["note"] == "Deducido del texto oficial de la carta por el lector de textos de carta; sin revisar (confianza: alta)."
    assert answers.card_answers(data["it"], "90000002")["type"] == "Trappola · Normale"
    assert [a["verdict"] for a in ward["answers"]].count("only-if") == 1
    assert ward["answers"][2]["condition"] == "un monstruo de tu adversario declara un ataque"
    assert ward["answers"][2]["rule_path"] == "rules/attack-declaration-single-chain.html"
    mirror = answers.card_answers(data["pt"], "mirror-force")
    assert mirror["origin"] == 0 and mirror["note"] is None and mirror["type"].startswith("Armadilha")


def test_a_card_read_from_an_unofficial_translation_says_so_on_the_lookup_page(tmp_path):
    """A card known only by the data set's own translation (OCG-only): its note names that text, not the official one."""
    from ygorules.commands._site_answers import pool_source

    cards = tmp_path / "y" / "data" / "cards"
    cards.mkdir(parents=True)
    for passcode, marked in (("90000021", True), ("90000022", False)):
        doc = {"konami_id": int(passcode) % 1000, "password": int(passcode), "name": {"en": f"Reef Warden {passcode[-1]}"},
               "card_type": "Trap", "property": "Normal", "text": {"en": "When an opponent's monster declares an attack: Negate the attack."}}
        if marked:
            doc["is_translation_unofficial"] = {"name": {"en": True}, "text": {"en": True}}
        (cards / f"{passcode}.json").write_text(json.dumps(doc), encoding="utf-8")
    table = tmp_path / "n.tsv.gz"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["names", "import", "yaml-yugi", str(tmp_path / "y"), "-o", str(table)]) == 0
    locale = tmp_path / "locale"
    i18n.compile_all(locale)
    scripts = answers.encode(load_kb(REAL), LANGS, {l: i18n.translations(l, locale) for l in LANGS}, pool_source(table))
    notes = {}
    for lang in LANGS:
        data = answers.decode(scripts[lang])
        translated, official = answers.card_answers(data, "90000021"), answers.card_answers(data, "90000022")
        assert translated["origin"] == answers.ORIGINS.index("translated") and official["origin"] == answers.ORIGINS.index("high")
        assert translated["answers"] == official["answers"]  # the same facts: only the note differs
        notes[lang] = translated["note"], official["note"]
    assert notes["en"] == ("Derived from an unofficial translation of the card's text (the data set's own, for a card never printed "
                           "in English) by the card-text reader; not reviewed (confidence: low).",
                           "Derived from the card's official text by the card-text reader; not reviewed (confidence: high).")
    assert notes["es"][0].startswith("Deducido de una traducción no oficial del texto de la carta") and notes["es"][0].endswith("(confianza: baja).")
    assert notes["pt"][0].startswith("Deduzido de uma tradução não oficial") and notes["it"][0].startswith("Dedotto da una traduzione non ufficiale")


def test_without_an_imported_pool_the_kb_cards_still_get_their_answers(tmp_path):
    from ygorules.commands._site_answers import pool_source

    assert pool_source(tmp_path / "none.tsv.gz") is None and pool_source(None) is None
    kb = load_kb(REAL)
    i18n.compile_all(tmp_path)
    data = answers.decode(answers.encode(kb, ["it"], {"it": i18n.translations("it", tmp_path)})["it"])
    assert set(data["c"]) == set(matrix(kb)) and all(c[3] == 0 for c in data["c"].values())
    assert answers.card_answers(data, "mirror-force")["answers"][2]["verdict"] == "only-if"


class _Card:
    card_type, facts, id, passcode = "trap", {"property": "normal", "effects": [{"kind": "card-activation", "speed": 2}]}, "", None


def _synthetic(n_cards: int, n_conditions: int):
    """A made-up pool larger than the real one (about 14,000 cards, 1,400 conditions): every card its own mix."""
    reason = {l: f"reason in {l}" for l in LANGS}

    def cards(kb):
        for i in range(n_cards):
            row = []
            for t, timing in enumerate(TIMINGS):
                pick = (i * 7 + t * 13) % 5
                cond = (i * 31 + t) % n_conditions
                if pick == 0:
                    row.append(Answer(timing, "only-if", {l: f"condition {cond}: a monster of your opponent's, number {cond}, "
                                                              f"declares an attack ({l})" for l in LANGS}, reason, "start-step"))
                elif pick == 1:
                    row.append(Answer(timing, "unknown", None, reason, None))
                else:
                    row.append(Answer(timing, ("yes", "no")[pick % 2], None, reason, "battle-phase-fast-effects"))
            yield str(10_000_000 + i), _Card(), row, ("high", "medium", "low")[i % 3]
    return answers.Source(cards, note="derived (%(confidence)s)", levels={})


def test_a_pool_larger_than_the_real_one_stays_within_the_budget_of_one_megabyte_gzipped(tmp_path):
    kb = load_kb(REAL)
    i18n.compile_all(tmp_path)
    script = answers.encode(kb, ["es"], {"es": i18n.translations("es", tmp_path)}, _synthetic(20_000, 3_000))["es"]
    data = answers.decode(script)
    assert len(data["c"]) == 20_000 and len(data["s"]) >= 3_000
    size = answers.gzip_size(script)
    assert size <= answers.BUDGET, f"{size:,} bytes gzipped"
    assert len(script.encode()) > 2 * size  # the dictionaries and the rows leave gzip little to do, but some


def test_no_text_can_close_the_script_tag(tmp_path):
    kb = load_kb(REAL)
    evil = {l: "</script><img src=x onerror=alert(1)>" for l in LANGS}

    def cards(kb):
        yield "1", _Card(), [Answer(t, "only-if", evil, evil, "start-step") for t in TIMINGS], "high"
    i18n.compile_all(tmp_path)
    script = answers.encode(kb, ["en"], {"en": i18n.translations("en", tmp_path)}, answers.Source(cards))["en"]
    assert "<" not in script and answers.card_answers(answers.decode(script), "1")["answers"][0]["condition"] == evil["en"]


LABELS = {"es": "Escribe el nombre de una carta", "pt": "Digite o nome de um card", "it": "Scrivi il nome di una carta",
          "en": "Type a card"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_languages_home_page_opens_with_the_card_box_that_asks_the_lookup_page(tmp_path, lang):
    from ygorules.site.pages import SiteGen
    from ygorules.site.testing import FIXTURE_KB

    i18n.compile_all(tmp_path)
    home = SiteGen(load_kb(FIXTURE_KB), lang, i18n.translations(lang, tmp_path)).pages()["index.md"]
    body = home.split("# ", 1)[1].split("\n", 2)[2].lstrip()  # what follows the title
    assert body.startswith('<form id="ygo-lookup" class="ygo-lookup" action="lookup/index.html" method="get" role="search"')
    assert f'<label for="ygo-lookup-input" class="ygo-lookup__label">{LABELS[lang]}</label>' in body
    assert 'name="name"' in body and 'data-index="lookup/names.js" data-answers="lookup/answers.js"' in body
    lookup = SiteGen(load_kb(FIXTURE_KB), lang, i18n.translations(lang, tmp_path)).pages()["lookup/index.md"]
    assert 'action="index.html"' in lookup and 'data-answers="../lookup/answers.js"' in lookup
