import re

import pytest
from ygorules.core.kb import load_kb
from ygorules.core.model import LANGS
from ygorules.site import i18n
from ygorules.site.pages import CARD_ROLES, ROLES, SECTIONS, SiteGen
from ygorules.site.testing import FIXTURE_KB


@pytest.fixture(scope="module")
def kb():
    return load_kb(FIXTURE_KB)


@pytest.fixture(scope="module")
def mo_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("locale")
    i18n.compile_all(out)
    return out


def render(kb, lang, mo_dir):
    return SiteGen(kb, lang, i18n.translations(lang, mo_dir)).pages()


@pytest.fixture(scope="module")
def pages(kb, mo_dir):
    return {lang: render(kb, lang, mo_dir) for lang in LANGS}


def test_every_language_has_the_same_page_paths(pages):
    paths = {lang: set(p) for lang, p in pages.items()}
    assert paths["es"] == paths["pt"] == paths["it"] == paths["en"]


def test_there_is_a_page_per_step_substep_card_term_ruling_example_and_source(kb, pages):
    paths = set(pages["en"])
    for folder in ("steps", "substeps", "cards", "terms", "rulings", "examples", "sources"):
        for entry_id in getattr(kb, folder):
            assert f"{folder}/{entry_id}.md" in paths
    assert {"index.md", "concordance.md", "damage.md", "lookup/index.md", "status.md"} <= paths


def test_every_heading_has_an_explicit_ascii_anchor(pages):
    for lang, lang_pages in pages.items():
        for path, text in lang_pages.items():
            for line in text.splitlines():
                if re.match(r"#{1,6} ", line):
                    assert re.search(r" \{#[A-Za-z0-9][A-Za-z0-9._-]*\}$", line), f"{lang}/{path}: {line}"


def test_substep_lists_cards_grouped_by_role(pages):
    text = pages["en"]["substeps/battle-step.attack-declaration.md"]
    assert "### Can be activated here {#role-activates}" in text
    assert '<a href="../cards/mirror-force.html">Mirror Force</a>' in text and '<a href="../cards/necro-gardna.html">Necro Gardna</a>' in text
    cannot = pages["en"]["substeps/damage-step.during-damage-calculation.md"]
    assert "{#role-cannot-activate}" in cannot and "necro-gardna.html" in cannot


def test_substep_lists_its_rulings_and_examples(pages):
    text = pages["en"]["substeps/battle-step.attack-declaration.md"]
    assert '"../rulings/mirror-force-on-attack.html"' in text
    assert '"../examples/necro-gardna-stops-an-attack.html"' in text


def test_card_lists_its_timings_in_order(pages):
    text = pages["en"]["cards/necro-gardna.md"]
    first = text.index("battle-step.attack-declaration.html")
    second = text.index("damage-step.during-damage-calculation.html")
    assert first < second


def test_term_lists_the_pages_that_use_it(pages):
    text = pages["es"]["terms/chain.md"]
    used = text.split("{#used-by}")[1]
    assert '"../substeps/damage-step.start.html"' in used
    assert '"damage-step.html"' in used  # the Damage Step term page names "chain" as related


def test_card_names_in_prose_link_to_the_card_in_each_language(pages):
    assert '"<a href="../cards/mirror-force.html">Forza Riflessa</a>"' in pages["it"]["rulings/mirror-force-on-attack.md"]
    assert '"<a href="cards/necro-gardna.html">Sentinella Necro</a>"' in pages["it"]["index.md"]


def test_card_without_a_name_in_the_language_shows_the_english_name_marked(pages):
    text = pages["pt"]["substeps/damage-step.before-damage-calculation.md"]
    assert '<a href="../cards/bait-doll.html">Bait Doll</a>' in text
    assert 'class="ygo-fallback"' in text and "nome em inglês" in text
    assert 'class="ygo-fallback"' not in pages["es"]["substeps/damage-step.before-damage-calculation.md"]


def test_template_strings_are_translated(pages):
    assert "## Cartas que actúan aquí {#cards}" in pages["es"]["substeps/damage-step.start.md"]
    assert "## Carte che agiscono qui {#cards}" in pages["it"]["substeps/damage-step.start.md"]


def test_concordance_puts_each_scheme_part_next_to_its_canonical_timing(pages):
    text = pages["en"]["concordance.md"]
    row = next(l for l in text.splitlines() if l.startswith('| <a href="substeps/damage-step.before-damage-calculation.html">Before damage calculation</a>'))
    assert "Prima del calcolo" in row


def test_navigation_lists_section_indexes_only(kb, mo_dir):
    nav = SiteGen(kb, "en", i18n.translations("en", mo_dir)).nav()
    paths = [next(iter(item.values())) for item in nav]
    assert paths == [p for p, _ in SECTIONS]
    assert not any(p.startswith("cards/") and p != "cards/index.md" for p in paths)


def test_text_from_yaml_is_escaped(kb, mo_dir):
    card = kb.cards["mirror-force"]
    saved = dict(card.names), [dict(t.note) for t in card.timings]
    try:
        card.names["es"] = "<script>alert(1)</script>"
        card.timings[0].note["es"] = "<img src=x onerror=alert(2)>"
        text = "\n".join(render(kb, "es", mo_dir).values())
    finally:
        card.names.clear()
        card.names.update(saved[0])
        for t, note in zip(card.timings, saved[1]):
            t.note.clear()
            t.note.update(note)
    assert "<script>" not in text and "<img" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "&lt;img src=x onerror=alert(2)&gt;" in text


def test_roles_cover_every_role_of_the_card_schema():
    import json
    from ygorules.site.build import ROOT
    schema = json.loads((ROOT / "schema" / "card.schema.json").read_text())
    roles = set(schema["properties"]["timings"]["items"]["properties"]["role"]["enum"])
    assert set(ROLES) == set(CARD_ROLES) == roles


def test_citations_are_numbered_footnotes_naming_the_source_with_lines_in_words(pages):
    text = pages["es"]["cards/mirror-force.md"]
    body, notes = text.split("\n[^1]: ", 1)
    assert "[^1]" in body and "⟨" not in body and "L30" not in text
    assert '<a href="../sources/fuentealba-battle-phase-es.html">La Battle Phase</a>, línea 30' in notes
    assert "líneas 1–4" in pages["es"]["index.md"] and "righe 1–4" in pages["it"]["index.md"]


def test_the_same_citation_keeps_its_number_on_a_page(kb, mo_dir):
    from ygorules.core.model import Citation
    from ygorules.site.pages import Page
    page = Page(SiteGen(kb, "pt", i18n.translations("pt", mo_dir)), "cards/x.md")
    a, b = Citation("damage-step-it", "L3-L9"), Citation("fuentealba-battle-phase-es", "p. 4")
    assert (page.cite([a, b]), page.cite([a])) == ("[^1][^2]", "[^1]")
    notes = str(page.footnotes())
    assert '[^1]: <a href="../sources/damage-step-it.html">Il Damage Step</a>, linhas 3–9' in notes and "página 4" in notes


def test_source_pages_say_what_citation_numbers_refer_to(pages):
    text = pages["it"]["sources/fuentealba-battle-phase-es.md"]
    assert "{#locator}" in text and "righe" in text and "120 righe" in text


def test_card_page_opens_with_the_activation_answer_above_the_names(pages):
    text = pages["pt"]["cards/mirror-force.md"]
    assert text.index('id="activation"') < text.index("{#names}")
    assert "Spell Speed 2" in text and "só se" in text and "../rules/attack-declaration-single-chain.html" in text


def test_overview_diagram_is_an_svg_with_chains_and_what_may_be_activated_and_a_legend_of_what_it_uses(pages):
    text = pages["it"]["index.md"]
    svg = text[text.index("<svg"):text.index("</svg>")]
    assert 'role="img"' in svg and "<title" in svg and "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert 'data-timing="battle-step.attack-declaration"' in svg and "Si può attivare: Trappole, Effetti Rapidi" in svg
    legend = svg[svg.rindex("</g>"):]
    assert "Più Catene" in legend and "Una sola Catena" in legend and "Nessuna attivazione" not in legend
    alt = text[text.index('id="ygo-diagram-text"'):]
    assert "../it/" not in alt and 'href="substeps/battle-step.attack-declaration.html"' in alt


def test_the_answer_shares_one_row_between_consecutive_timings_with_the_same_answer(pages, kb):
    from ygorules.core import activation
    text = pages["es"]["cards/mirror-force.md"]
    block = text[text.index('id="activation"'):text.index("</section>")]
    assert block.count("<tr class=\"ygo-answer__row") == 3
    for timing in activation.TIMINGS:  # every timing is still there, linked where it has a page
        assert (f"{timing}.html" in block) or (timing in block and timing not in kb.substeps and timing not in kb.steps)


def test_a_history_statement_shows_as_an_earlier_rule_with_its_end_never_as_today(kb, mo_dir):
    from ygorules.core.model import Citation, Statement
    from ygorules.site.pages import Page
    page = Page(SiteGen(kb, "es", i18n.translations("es", mo_dir)), "substeps/x.md")
    st = Statement({"es": "Antes no se podía.", "en": "Earlier it could not."}, [Citation("damage-step-it", "L2")],
                   status="history", until="Rulebook v9.1", changed_by=[Citation("fuentealba-battle-phase-es", "L3")])
    text = str(page.statement(st))
    assert text.startswith('<span class="ygo-status ygo-status--history">Regla anterior (hasta el libro de reglas v9.1)</span>')
    assert "Ha cambiado desde entonces" in text and text.count("[^") == 2


def test_a_source_url_that_is_not_http_never_becomes_a_link(kb, mo_dir):
    from ygorules.site.pages import safe_url
    source = next(iter(kb.sources.values()))
    saved = source.url
    source.url = "javascript:alert(document.cookie)"
    try:
        pages = render(kb, "en", mo_dir)
    finally:
        source.url = saved
    assert not any("javascript:" in text for text in pages.values())
    assert safe_url("https://www.yugioh-card.com/eu/play/damage-step-rules/") and not safe_url("data:text/html,x")


def test_compiled_templates_are_not_loaded_from_a_folder_others_can_write(tmp_path):
    from pathlib import Path
    from ygorules.core.cache import owned_by_us as _owned_by_us
    folder = tmp_path / "cache" / "jinja"
    folder.mkdir(parents=True)
    f = folder / "x.bytecode"
    f.write_bytes(b"x")
    for p in (tmp_path / "cache", folder):
        p.chmod(0o755)
    assert _owned_by_us(f)
    folder.chmod(0o777)
    assert not _owned_by_us(f)


def _with_game_names(kb, card_id, names, absent, spellings):
    """Change one fixture card in memory (names, absent reasons, spellings); return a function that restores it."""
    card = kb.cards[card_id]
    saved = dict(card.names), dict(card.absent), list(card.spellings)
    card.names.update(names)
    card.absent.clear()
    card.absent.update(absent)
    card.spellings[:] = spellings

    def restore():
        card.names.clear()
        card.names.update(saved[0])
        card.absent.clear()
        card.absent.update(saved[1])
        card.spellings[:] = saved[2]
    return restore


def test_a_card_never_printed_in_the_language_shows_its_master_duel_name_marked_as_such(kb, mo_dir):
    from ygorules.core.model import Spelling
    game = Spelling("Boneca de Isca", "pt", "video-game", "fuentealba-battle-phase-es")
    restore = _with_game_names(kb, "bait-doll", {"pt": None}, {"pt": "video-game-only"}, [game])
    try:
        pt, es = render(kb, "pt", mo_dir), render(kb, "es", mo_dir)
    finally:
        restore()
    page = pt["cards/bait-doll.md"]
    assert '!!! note "Nome do Master Duel (não impresso)"' in page
    assert "Este card nunca foi impresso neste idioma; no videogame Master Duel, ele se chama “Boneca de Isca”. É mostrado o nome em inglês." in page
    assert '| Português | <span lang="pt">Boneca de Isca</span> · *Nome do Master Duel (não impresso)* |' in page
    assert "Sem nome oficial neste idioma" not in page and "# Bait Doll {#title}" in page  # the printed English name stays the title
    # printed in Spanish: no notice on the Spanish page, whose table still gives the Portuguese game name, marked
    assert "!!! note" not in es["cards/bait-doll.md"] and "# Muñeca Señuelo {#title}" in es["cards/bait-doll.md"]
    assert '| Português | <span lang="pt">Boneca de Isca</span> · *Nombre de Master Duel (no impreso)* |' in es["cards/bait-doll.md"]


def test_a_card_with_no_game_name_recorded_keeps_the_no_official_name_notice(pages):
    page = pages["pt"]["cards/bait-doll.md"]  # absent: never-printed
    assert '!!! note "Sem nome oficial neste idioma"' in page and "Master Duel" not in page


def test_a_card_printed_only_in_japanese_is_named_by_its_game_name_never_by_its_file_id(kb, mo_dir):
    from ygorules.core.model import Spelling
    games = [Spelling("Boneca de Isca", "pt", "video-game", "fuentealba-battle-phase-es"),
             Spelling("Bait Doll", "en", "video-game", "fuentealba-battle-phase-es")]
    restore = _with_game_names(kb, "bait-doll", {l: None for l in LANGS}, {l: "video-game-only" for l in LANGS}, games)
    try:
        pt, it = render(kb, "pt", mo_dir), render(kb, "it", mo_dir)
    finally:
        restore()
    assert "# Boneca de Isca {#title}" in pt["cards/bait-doll.md"]
    assert "É mostrado o nome em inglês" not in pt["cards/bait-doll.md"]  # the title is the Portuguese game name
    assert '<a href="../cards/bait-doll.html">Boneca de Isca</a>' in pt["substeps/damage-step.before-damage-calculation.md"]
    assert "bait-doll (" not in pt["substeps/damage-step.before-damage-calculation.md"]
    # no Italian game name: the English one, marked as English, and the plain notice
    assert '<a href="../cards/bait-doll.html">Bait Doll</a>' in it["substeps/damage-step.before-damage-calculation.md"]
    assert "# Bait Doll {#title}" in it["cards/bait-doll.md"]


@pytest.mark.parametrize("lang, value, shown", [("es", 67.8, "67,8\u00a0%"), ("pt", 67.8, "67,8%"), ("it", 67.8, "67,8%"),
                                                ("en", 67.8, "67.8%"), ("pt", 100.0, "100%")])
def test_the_status_page_writes_percentages_as_each_language_does(lang, value, shown):
    from ygorules.site.pages import percent
    assert percent(value, lang) == shown


@pytest.mark.parametrize("lang, words", [
    ("en", "from the data set's unofficial translation of it"),
    ("es", "de la traducción no oficial del conjunto de datos"),
    ("pt", "da tradução não oficial do conjunto de dados"),
    ("it", "dalla traduzione non ufficiale della raccolta di dati"),
])
def test_the_lookup_page_says_some_answers_come_from_an_unofficial_translation(pages, lang, words):
    assert words in pages[lang]["lookup/index.md"]
