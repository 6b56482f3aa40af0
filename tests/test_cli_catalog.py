"""The command line's interface text lives in the gettext catalogs: every message, every language, every case."""
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ygorules.cli import main
from ygorules.commands import can
from ygorules.core import catalog
from ygorules.core import kb as kbmod
from ygorules.names import table as nametable
from ygorules.site import i18n

ROOT = Path(__file__).resolve().parents[1]
REAL = str(ROOT / "kb")
FIX = str(ROOT / "tests" / "fixtures" / "activation-kb")
CLI_SOURCES = ("tools/ygorules/commands/", "tools/ygorules/core/catalog.py", "tools/ygorules/cli.py")
TRANSLATED = ("es", "pt", "it")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
KEEP = {  # words that are the same in the language: commands, files, ids, official terms kept in English
    "all": {"ygorules", "lookup", "check", "can", "names", "import", "yaml", "yugi", "tsv", "dir", "file", "readme",
            "md", "kb", "rules", "id", "no", "battle", "phase", "spell", "speed", "a", "base", "v"},
    "es": {"ritual", "error"}, "pt": {"item", "card", "cards", "ritual", "as"}, "it": set(),
}


def cli_messages():
    with open(i18n.POT, "rb") as fh:
        pot = read_po(fh)
    return [m for m in pot if m.id and any(path.startswith(CLI_SOURCES) for path, _line in m.locations)]


def ids(m):
    return m.id if isinstance(m.id, str) else m.id[0]


def english_words():
    """Every word of the CLI's English messages (outside placeholders and `code`)."""
    words = set()
    for m in cli_messages():
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
            words |= set(re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", re.sub(r"`[^`]*`", " ", text)).lower()))
    return words


@pytest.fixture(scope="module")
def translations(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:  # set for the catalogs' compilation only, not for later tests
        mp.setenv("YGORULES_CACHE", str(tmp_path_factory.mktemp("cache")))
        return {lang: catalog.translations(lang) for lang in TRANSLATED}


def test_the_cli_has_messages_in_the_catalogs():
    found = {ids(m) for m in cli_messages()}
    assert {"yes", "only if", "Counter Trap", "taken as %(name)s (you wrote %(query)s)", "section %(heading)s",
            "no card of the knowledge base is named %(query)s"} <= found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_cli_message_renders_in_each_language_with_its_placeholders_and_no_english(lang, translations):
    tr = translations[lang]
    english = english_words() - KEEP["all"] - KEEP[lang]
    official = {w for t in kbmod.collect(REAL)[0].terms.values() for w in re.findall(r"[^\W\d_]+", (t.names.get(lang) or "").lower())}
    for m in cli_messages():
        forms = m.id if isinstance(m.id, tuple) else (m.id,)
        if isinstance(m.id, tuple):
            rendered = [tr.ngettext(forms[0], forms[1], n) for n in (1, 2, 1_000_000)]
        else:
            rendered = [tr.gettext(m.id)]
        wanted = set(PLACEHOLDER.findall(forms[-1]))
        for text in rendered:
            words = set(re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", text).lower()))  # not the placeholders' names
            assert text not in forms or not (english & words), (lang, m.id)
            assert set(PLACEHOLDER.findall(text)) == wanted, (lang, m.id, text)
            values = {k: 2 if f"%({k})d" in text else f"<{k}>" for k in wanted}
            filled = text % values if wanted else text
            assert "%(" not in filled and "%" not in filled.replace("%%", ""), (lang, m.id)
            words = set(re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", re.sub(r"`[^`]*`", " ", text)).lower()))
            left = words & english - official
            assert not left, (lang, m.id, text, left)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_card_kinds_are_the_official_terms(lang, translations):
    kb, _ = kbmod.collect(REAL)
    terms = {"counter-trap": ("trap", "counter"), "continuous-spell": ("spell", "continuous"), "continuous-trap": ("trap", "continuous"),
             "field-spell": ("spell", "field"), "normal-trap": ("trap", "normal"), "quick-play-spell": ("spell", "quick-play")}
    for term_id, key in terms.items():
        term = kb.terms[term_id]
        forms = {term.names.get(lang)} | {v.text for v in term.variants if v.lang == lang and not v.avoid}
        shown = translations[lang].gettext(can.KIND[key])
        assert shown in forms or f"Carta {shown}" in forms or f"Carta de {shown}" in forms, (lang, term_id, shown)


LOCATORS = [("L33", "line %(n)s"), ("L33-L99", "lines %(first)s–%(last)s"), ("p. 41", "page %(n)s"),
            ("pp. 4-5", "pages %(first)s–%(last)s"), ("item 5", "item %(n)s"), ("items 2-3", "items %(first)s–%(last)s"),
            ("86 texts", "%(n)s texts"), ("passcode 44095762", "passcode %(n)s"),
            ("section After Damage Calculation", "section %(heading)s"),
            ("timing table: Before Damage Calculation", "timing table, row %(heading)s")]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("where, msgid", LOCATORS)
def test_every_source_locator_is_written_in_the_language(lang, where, msgid, translations):
    text = catalog.locator(where, translations[lang].gettext, lang)
    fixed = [p for p in PLACEHOLDER.split(translations[lang].gettext(msgid))[::2] if p.strip()]
    assert fixed and all(p in text for p in fixed), (where, text)
    english = {"section", "line", "lines", "page", "pages", "item", "items", "texts", "timing"} - KEEP[lang]
    assert not set(re.findall(r"[^\W\d_]+", text)) & english, text
    heading = catalog.locator("What can be activated in the Damage Step", translations[lang].gettext, lang)
    assert heading == catalog.quote("What can be activated in the Damage Step", lang)  # a heading of the source, quoted


# ── every case the command handles, through the CLI, in every language ────────

_KB = {}


@pytest.fixture(autouse=True)
def fast_kb(monkeypatch, tmp_path_factory):
    real_collect = kbmod.collect

    def collect(root=None):
        if str(root) not in _KB:
            _KB[str(root)] = real_collect(root)
        return _KB[str(root)]

    monkeypatch.setattr(kbmod, "collect", collect)
    monkeypatch.setenv("YGORULES_NAMES", "/nonexistent/no-default-table.tsv.gz")


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    """The fixture KB with one card file that is not valid YAML."""
    import shutil
    d = tmp_path_factory.mktemp("broken") / "kb"
    shutil.copytree(FIX, d)
    (d / "cards" / "zz-broken.yaml").write_text("id: zz-broken\nnames: [unclosed\n", encoding="utf-8")
    return str(d)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    d = tmp_path_factory.mktemp("pool")
    (d / "pool.tsv").write_text("id\ten\tes\tpt\tit\n1\tSolemn Warning\t\t\t\n", encoding="utf-8")
    nametable.write_table(nametable.import_tsv(d / "pool.tsv")[0], d / "names.tsv.gz")
    return str(d / "names.tsv.gz")


@pytest.fixture(scope="module")
def derived(tmp_path_factory):
    """A yaml-yugi-style pool imported with its derived facts (tests/_pool_fixtures.py: texts written for the tests)."""
    from _pool_fixtures import write_pool

    d = tmp_path_factory.mktemp("derived")
    write_pool(d / "yaml-yugi", broken=False)
    assert main(["names", "import", "yaml-yugi", str(d / "yaml-yugi"), "-o", str(d / "names.tsv.gz")]) == 0
    return str(d / "names.tsv.gz")


CASES = [  # (arguments, the messages this case shows, exit code)
    (["Murmur Tortoise", "start-step", "--kb", REAL, "--names", "DERIVED"],
     ["unknown", "Derived from the card's official text by the card-text reader; not reviewed (confidence: %(confidence)s).", "low",
      "the card-text reader did not recognise the activation condition of one of this card's Trigger Effects, so whether it may be "
      "activated here is not known (derived from the official text, not reviewed)"], 0),
    (["Solemn Warning", "--kb", REAL], ["no card of the knowledge base is named %(query)s", "nearest names: %(names)s",
                                        "to look up any card of the game, import the card pool: `ygorules names import yaml-yugi DIR` "
                                        "(a yaml-yugi checkout) or `ygorules names import tsv FILE` (see README.md)"], 1),
    (["Nothing Like Any Card", "--kb", REAL, "--names", "POOL"], ["`ygorules lookup` finds names from any spelling"], 1),
    (["Solemn Warning", "--kb", REAL, "--names", "POOL"],
     ["%(name)s is a card of the imported card pool, but the imported table has no card facts (a table imported from a tsv "
      "file has no card texts) → import the yaml-yugi data set: `ygorules names import yaml-yugi DIR`; `ygorules lookup "
      "%(query)s` gives its names"], 1),
    (["Mystic Swordsman", "--kb", REAL], ["%(query)s names more than one card: %(cards)s → write the whole name of one of them, or its id"], 1),
    (["test-archetype", "--kb", FIX], ["%(card)s is an archetype, not a card → ask about one of its members: %(members)s"], 1),
    (["Fuersa de Espejo", "damage-step.strat", "--kb", REAL], ["no timing of the Battle Phase has the id %(query)s",
                                                               "nearest timings: %(names)s"], 1),
    (["mirror-force", "bogus.thing", "--kb", REAL], ["the timings are: %(ids)s"], 1),
    (["mirror-force", "Fin de la Main Phase", "--kb", REAL], ["no timing of the Battle Phase is named %(query)s"], 1),
    (["Fuersa de Espejo", "start-step", "--kb", REAL], ["taken as %(name)s (you wrote %(query)s)", "no", "Normal Trap",
                                                        "Spell Speed %(speeds)s", "Reason: %(reason)s",
                                                        "Rule: %(rule)s; Sources: %(sources)s"], 0),
    (["solemn-judgment", "start-step", "--kb", REAL], ["only if", "Counter Trap"], 0),
    (["call-of-the-haunted", "start-step", "--kb", REAL], ["yes", "Continuous Trap"], 0),
    (["honest", "damage-step.before-damage-calculation", "--kb", REAL], ["Monster"], 0),
    (["attack-trap", "start-step", "--kb", "BROKEN"],
     [("warning: %(kb)s has %(n)d error (run `ygorules check`); entries with errors are left out",
       "warning: %(kb)s has %(n)d errors (run `ygorules check`); entries with errors are left out")], 0),
    (["royal-guard", "start-step", "--kb", REAL], ["video game only"], 0),
    (["mirror-force", "--kb", "/nonexistent/kb"], ["%(kb)s: no such knowledge-base folder (pass --kb DIR)"], 2),
    (["x" * 301, "--kb", REAL], ["the name is %(n)d characters long; the limit is %(limit)d (the longest card name has about "
                                 "100) → ask about one name at a time"], 1),
]


def test_the_cases_show_every_message_of_can():
    shown = {msg if isinstance(msg, str) else msg[0] for _a, msgs, _c in CASES for msg in msgs} | {msgid for _w, msgid in LOCATORS} | set(can.KIND.values())
    used = {ids(m) for m in cli_messages() if any(p.endswith("commands/can.py") for p, _l in m.locations)}
    untested = used - shown - {"English name", "none in the knowledge base", "Rule: %(rule)s",
                               "%(problem)s → run `ygorules check` and fix kb/rules/", "%(query)s names more than one timing"}
    assert not untested, untested


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("args, msgids, code", CASES, ids=lambda v: " ".join(v[:2]) if isinstance(v, list) and v and "--kb" in v else None)
def test_each_case_speaks_the_chosen_language(capsys, lang, args, msgids, code, translations, pool, broken, derived):
    args = [{"POOL": pool, "BROKEN": broken, "DERIVED": derived}.get(a, a) for a in args]
    got = main(["can", *args, "--lang", lang])
    out = capsys.readouterr()
    text = out.out + out.err
    assert got == code, text
    assert "%(" not in text
    for msgid in msgids:
        if isinstance(msgid, tuple):  # one error: the singular form
            translated, msgid = translations[lang].ngettext(*msgid, 1), msgid[0]
        else:
            translated = translations[lang].gettext(msgid)
        fixed = [p.strip(" :;,") for p in PLACEHOLDER.split(translated)[::2] if len(p.strip(" :;,")) > 2]
        assert all(p in text for p in fixed), (lang, msgid, fixed, text)
        english = [p.strip(" :;,") for p in PLACEHOLDER.split(msgid)[::2] if len(p.strip(" :;,")) > 3]
        if translated != msgid:
            assert not any(p in text for p in english if p not in translated), (lang, msgid, text)


def test_the_404_page_has_its_title_and_text_in_each_language(translations, tmp_path):
    import jinja2

    from ygorules.site import build as site_build

    template = (ROOT / "site_src" / "overrides" / "404.html").read_text(encoding="utf-8")
    env = jinja2.Environment(loader=jinja2.DictLoader({
        "404.html": template,
        "main.html": "<title>{% block htmltitle %}{% endblock %}</title><main>{% block content %}{% endblock %}</main>"}))
    for lang in TRANSLATED:
        tr = translations[lang]
        cfg = site_build.mkdocs_config(lang, tmp_path / "d", tmp_path / "s", [], "x",
                                       not_found=(tr.gettext(site_build.NOT_FOUND_TITLE), tr.gettext(site_build.NOT_FOUND_TEXT)))
        html = env.get_template("404.html").render(config=type("C", (), cfg)())
        assert "Not found" not in html and "404 - " not in html
        assert f"<h1>{tr.gettext(site_build.NOT_FOUND_TITLE)}</h1>" in html
        assert tr.gettext(site_build.NOT_FOUND_TEXT) in html and tr.gettext(site_build.NOT_FOUND_TEXT) != site_build.NOT_FOUND_TEXT


# ── the same patterns on the site ─────────────────────────────────────────────

@pytest.fixture(scope="module")
def site_page(tmp_path_factory):
    from ygorules.core.kb import load_kb
    from ygorules.site.pages import Page, SiteGen
    from ygorules.site.testing import FIXTURE_KB

    out = tmp_path_factory.mktemp("locale")
    i18n.compile_all(out)
    kb = load_kb(FIXTURE_KB)
    return lambda lang: Page(SiteGen(kb, lang, i18n.translations(lang, out)), "cards/x.md")


@pytest.mark.parametrize("lang, section, heading", [("es", "sección «Battle Step»", "«Order of effects»"),
                                                     ("pt", "seção “Battle Step”", "“Order of effects”"),
                                                     ("it", "sezione «Battle Step»", "«Order of effects»")])
def test_site_footnotes_write_source_locators_in_the_language(site_page, lang, section, heading):
    page = site_page(lang)
    assert page.where("section Battle Step") == section
    assert page.where("Order of effects") == heading
    assert page.where("item 5") == catalog.locator("item 5", page.site.gettext, lang)


def test_a_card_without_a_printed_name_is_never_shown_by_its_file_id():
    from types import SimpleNamespace as NS

    spelling = NS(text="Guardia Real", lang="es", kind="video-game")
    card = NS(id="royal-guard", names={l: None for l in ("es", "pt", "it", "en")}, spellings=[spelling])
    assert catalog.shown_name(card, "es") == ("Guardia Real", catalog.VIDEO_GAME, "es")
    assert catalog.shown_name(card, "pt") == ("Guardia Real", catalog.VIDEO_GAME, "es")  # never "royal-guard (English name)"
    named = NS(id="flashbang", names={"es": None, "pt": None, "it": None, "en": "Flashbang"}, spellings=[])
    assert catalog.shown_name(named, "pt") == ("Flashbang", catalog.ENGLISH, "en")
    assert catalog.shown_name(NS(id="x", names={}, spellings=[]), "it") == ("x", None, "it")


@pytest.mark.parametrize("lang, rulebook, year", [
    ("es", "Regla anterior (hasta el libro de reglas v10)", "Regla anterior (hasta 2015)"),
    ("pt", "Regra anterior (até o livro de regras versão 10)", "Regra anterior (até 2015)"),
    ("it", "Regola precedente (fino al regolamento v10)", "Regola precedente (fino al 2015)"),
])
def test_history_badges_name_the_rulebook_in_the_language(translations, lang, rulebook, year):
    tr = translations[lang].gettext
    assert catalog.until_label("Rulebook v10", tr) == rulebook
    assert catalog.until_label("2015", tr) == year
