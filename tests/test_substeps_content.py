"""What the timing pages (kb/substeps) and the worked examples (kb/examples) say must hold under today's rules.

Invariants over the real kb/: a statement given as today's rule rests on at least one source that is itself
current (not only on the seed articles of about 2008 or on pre-2015 rulings); an earlier rule is marked
history with the date it held until and a current source for the change; the Damage Step timings say what may
and may not be activated there per Konami's page; the card-specific corrections (Honest's window, the
Wildedge example, today's replay) stay in place. Each checker is also run on a small hand-made input with one
violation, so that a checker that stopped finding anything would fail here.
"""
from __future__ import annotations

import re
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core.kb import collect
from ygorules.core.model import LANGS, Citation, Source, Statement

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"
DAMAGE_STEP = ("damage-step.start", "damage-step.before-damage-calculation", "damage-step.during-damage-calculation",
               "damage-step.after-damage-calculation", "damage-step.end")
# The order of the Battle Phase timings (the project's timing-id contract).
TIMINGS = ("start-step", "battle-step.start", "battle-step.attack-declaration", "battle-step.after-declaration",
           *DAMAGE_STEP, "end-step")
CURRENT_FROM = 2015  # Konami's current Damage Step procedure dates from 2015; rulebook v10 from 2017


@lru_cache(maxsize=1)
def real_kb():
    kb, _ = collect(KB_DIR)
    return kb


# ---------------------------------------------------------------- checkers

def predates_current_rules(source: Source) -> bool:
    """Whether a source speaks for the rules before today's: a seed article the team holds a copy of, a
    rulebook older than version 10, or a document dated before 2015."""
    if source.file:
        return True
    if source.version and re.match(r"^\d+(\.\d+)?$", source.version) and float(source.version) < 10:
        return True
    year = re.match(r"^(\d{4})", str(source.date or ""))
    return bool(year) and int(year.group(1)) < CURRENT_FROM


def statements_of(entry):
    """(where, statement) for every statement of a substep or an example."""
    for f in fields(entry):
        value = getattr(entry, f.name)
        if isinstance(value, Statement):
            yield f.name, value
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, Statement):
                    yield f"{f.name}[{i}]", item


def citation_problems(entry, sources: dict[str, Source]) -> list[str]:
    """Statements given as today's rule that cite no current source; history statements without a current
    source for the change."""
    problems = []
    for where, st in statements_of(entry):
        if st.status == "current":
            if all(c.source in sources and predates_current_rules(sources[c.source]) for c in st.sources):
                problems.append(f"{entry.id} {where}: today's rule cites only sources that predate the current rules")
        elif st.status == "history":
            if not st.until:
                problems.append(f"{entry.id} {where}: history without until")
            elif not any(c.source in sources and not predates_current_rules(sources[c.source]) for c in st.changed_by):
                problems.append(f"{entry.id} {where}: history whose until cites no current source")
    return problems


def names_in(statements, names: dict[str, str]) -> list[str]:
    """The languages in which any of the statements quotes the card name given for that language."""
    return sorted({lang for st in statements for lang in LANGS
                   if names.get(lang) and f"“{names[lang]}”" in st.text.get(lang, "")})


def current(statements):
    return [s for s in statements if s.status == "current"]


def rewinds(sequence) -> list[tuple[str, str]]:
    """Pairs of consecutive events of an example that go back to an earlier timing."""
    steps = [e.substep for e in sequence if e.substep]
    return [(a, b) for a, b in zip(steps, steps[1:]) if TIMINGS.index(b) < TIMINGS.index(a)]


# ---------------------------------------------------------------- the checkers find what they look for

def _source(id, **kw):
    return Source(id=id, kind="source", path=Path(f"{id}.yaml"), data={}, **kw)


SOURCES = {"article": _source("article", file="000.txt"), "old-book": _source("old-book", version="9.1"),
           "blog": _source("blog", date="2010-05"), "page": _source("page", date="2015"),
           "wiki": _source("wiki"), "book": _source("book", version="10")}


def _fields_entry(**statements):
    from dataclasses import make_dataclass
    cls = make_dataclass("Fixture", [("id", str)] + [(k, object) for k in statements])
    return cls(id="fixture", **statements)


def _st(sources, status="current", until=None, changed_by=()):
    return Statement({"en": "x"}, [Citation(s) for s in sources], status, until, [Citation(s) for s in changed_by])


@pytest.mark.parametrize("name", ["article", "old-book", "blog"])
def test_sources_before_the_current_rules_are_recognised(name):
    assert predates_current_rules(SOURCES[name])


@pytest.mark.parametrize("name", ["page", "wiki", "book"])
def test_current_sources_are_recognised(name):
    assert not predates_current_rules(SOURCES[name])


def test_a_current_statement_resting_only_on_old_sources_is_reported():
    entry = _fields_entry(summary=_st(["article", "blog"]))
    assert citation_problems(entry, SOURCES) == ["fixture summary: today's rule cites only sources that predate the current rules"]


def test_a_current_statement_with_one_current_source_passes():
    assert citation_problems(_fields_entry(summary=_st(["article", "page"])), SOURCES) == []


def test_history_without_until_is_reported():
    entry = _fields_entry(special_cases=[_st(["article"], status="history")])
    assert citation_problems(entry, SOURCES) == ["fixture special_cases[0]: history without until"]


def test_history_whose_change_is_cited_only_to_old_sources_is_reported():
    entry = _fields_entry(special_cases=[_st(["article"], "history", "2015", ["blog"])])
    assert citation_problems(entry, SOURCES) == ["fixture special_cases[0]: history whose until cites no current source"]


def test_a_rewind_in_an_example_is_reported():
    from ygorules.core.model import Event
    seq = [Event({"en": "a"}, "battle-step.after-declaration"), Event({"en": "b"}, "battle-step.start")]
    assert rewinds(seq) == [("battle-step.after-declaration", "battle-step.start")]


# ---------------------------------------------------------------- the real kb

def test_the_timings_and_examples_loaded():
    kb = real_kb()
    assert set(DAMAGE_STEP) | {"battle-step.start", "battle-step.attack-declaration", "battle-step.after-declaration"} <= set(kb.substeps)
    assert {"honest-against-honest", "honest-against-honest-before-2015", "ultimate-offering-and-the-replay",
            "injection-fairy-lily-and-skyscraper"} <= set(kb.examples)


@pytest.mark.parametrize("kind", ["substeps", "examples"])
def test_todays_rules_cite_a_current_source_and_history_says_until_when(kind):
    kb = real_kb()
    problems = [p for e in getattr(kb, kind).values() for p in citation_problems(e, kb.sources)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("substep", DAMAGE_STEP)
def test_each_damage_step_timing_says_what_may_and_may_not_be_activated_per_konamis_page(substep):
    s = real_kb().substeps[substep]
    for label, statements in (("may_activate", s.may_activate), ("may_not_activate", s.may_not_activate)):
        cited = [st for st in current(statements) if any(c.source == "konami-eu-damage-step-rules" for c in st.sources)]
        assert cited, f"{substep}: no current {label} statement rests on Konami's Damage Step page"


@pytest.mark.parametrize("card", ["honest"])
def test_honest_type_modifiers_are_not_allowed_during_damage_calculation(card):
    kb = real_kb()
    if card not in kb.cards:
        pytest.skip(f"{card} is not a kb card")
    names = kb.cards[card].names
    during = kb.substeps["damage-step.during-damage-calculation"]
    before = kb.substeps["damage-step.before-damage-calculation"]
    assert names_in(current(during.may_activate), names) == [], "listed as activatable during damage calculation"
    if card == "honest":
        assert names_in(current(during.may_not_activate), names) == sorted(LANGS)
        assert names_in(current(before.may_activate), names) == sorted(LANGS)


def test_the_older_inclusive_honest_window_is_kept_only_as_history():
    kb = real_kb()
    during = kb.substeps["damage-step.during-damage-calculation"]
    names = kb.cards["honest"].names
    old = [st for st in during.special_cases if st.status == "history" and names_in([st], names) == sorted(LANGS)]
    assert old and all(st.until for st in old)
    example = kb.examples["honest-against-honest-before-2015"]
    assert example.setup.status == example.outcome.status == "history"
    assert kb.examples["honest-against-honest"].outcome.status == "current"
    assert "damage-step.during-damage-calculation" not in {e.substep for e in kb.examples["honest-against-honest"].sequence[:-1]}


def test_the_skyscraper_case_names_wildedge_and_never_wildheart():
    kb = real_kb()
    wildheart = kb.cards["elemental-hero-wildheart"].names
    wildedge = {lang: kb.cards["elemental-hero-wildedge"].name(lang)[0] for lang in LANGS}
    during = kb.substeps["damage-step.during-damage-calculation"]
    every = [st for e in [*kb.substeps.values(), *kb.examples.values()] for _, st in statements_of(e)]
    assert names_in(every, wildheart) == []
    assert names_in(during.applies_without_chain, wildedge) == sorted(LANGS)
    example = kb.examples["injection-fairy-lily-and-skyscraper"]
    assert "elemental-hero-wildedge" in example.cards and "elemental-hero-wildheart" not in example.cards


def test_todays_replay_is_cited_to_current_sources_and_the_rewind_is_history():
    kb = real_kb()
    after = kb.substeps["battle-step.after-declaration"]
    replay_now = [st for st in current(after.special_cases) if "replay" in st.text["en"].lower()]
    assert replay_now
    for st in replay_now:
        assert any(not predates_current_rules(kb.sources[c.source]) for c in st.sources), st.text["en"][:80]
    rewind = [st for s in ("battle-step.start", "battle-step.after-declaration") for st in kb.substeps[s].special_cases
              if "back to the start of" in st.text["en"]]
    assert rewind and all(st.status == "history" and st.until for st in rewind)


@pytest.mark.parametrize("example", sorted(p.stem for p in (KB_DIR / "examples").glob("*.yaml")))
def test_todays_examples_never_rewind_to_an_earlier_timing(example):
    e = real_kb().examples[example]
    assert not rewinds(e.sequence), f"{example}: goes back in time (today's replay re-chooses a target, it does not rewind)"


# ---------------------------------------------------------------- "may not" never bars what "may" allows

TRAP = {"es": "Trampa", "pt": "Armadilha", "it": "Trappol", "en": "Trap"}
NONE_OF = {"es": "ninguna de las categorías", "pt": "nenhuma das categorias", "it": "nessuna delle categorie",
           "en": "none of the categories"}
"""How each language says "that fit none of the categories above": the only way a "may not" sentence of a Damage
Step timing may name Traps as such, since the same page allows Counter Traps and Traps that name the timing."""
QUOTED = re.compile(r"“([^”]+)”")


def overbroad_bars(may_activate, may_not_activate) -> list[str]:
    """(language: sentence start) for each current "may not" statement that bars Traps without limiting them to
    what fits none of the allowed categories, while the same timing allows some Traps; and for each card named
    both as allowed and as barred at the same timing."""
    allowed, barred = current(may_activate), current(may_not_activate)
    problems = []
    for lang in LANGS:
        allows_traps = any(TRAP[lang] in st.text.get(lang, "") for st in allowed)
        names = {n for st in allowed for n in QUOTED.findall(st.text.get(lang, ""))}
        for st in barred:
            text = st.text.get(lang, "")
            if allows_traps and TRAP[lang] in text and NONE_OF[lang] not in text:
                problems.append(f"{lang}: bars Traps as such: {text[:60]}")
            problems += [f"{lang}: “{n}” is both allowed and barred" for n in sorted(names & set(QUOTED.findall(text)))]
    return problems


def _say(text):
    return Statement({lang: text[lang] for lang in text}, [Citation("page")])


ALLOWS = _say({"es": "Trampas de Contraefecto y “Michizure”.", "pt": "Armadilhas de Resposta e “Michizure”.",
               "it": "Contro-Trappole e “Michizure”.", "en": "Counter Traps and “Michizure”."})


def test_a_may_not_sentence_that_bars_every_trap_is_reported_in_each_language():
    old = _say({"es": "Las Trampas que no niegan nada.", "pt": "As Armadilhas que não negam nada.",
                "it": "Le Trappole che non annullano nulla.", "en": "Traps that negate nothing."})
    assert [p[:3] for p in overbroad_bars([ALLOWS], [old])] == ["es:", "pt:", "it:", "en:"]


def test_a_may_not_sentence_limited_to_what_fits_no_category_passes():
    ok = _say({lang: f"Traps ({NONE_OF[lang]}) {TRAP[lang]}" for lang in LANGS})
    assert overbroad_bars([ALLOWS], [ok]) == []


def test_a_card_both_allowed_and_barred_at_one_timing_is_reported():
    both = _say({lang: "“Michizure”" for lang in LANGS})
    assert overbroad_bars([ALLOWS], [both]) == [f"{lang}: “Michizure” is both allowed and barred" for lang in LANGS]


@pytest.mark.parametrize("substep", DAMAGE_STEP)
def test_no_damage_step_may_not_sentence_bars_what_its_own_timing_allows(substep):
    s = real_kb().substeps[substep]
    assert overbroad_bars(s.may_activate, s.may_not_activate) == []


DESTRUCTION_BY_BATTLE = {"es": "destrucción en batalla", "pt": "destruição em batalha", "it": "distruzione in battaglia",
                         "en": "destruction by battle"}


def test_after_damage_calculation_lists_destruction_by_battle_only_for_texts_that_name_it():
    kb = real_kb()
    assailant = kb.cards["d-d-assailant"].names
    after = kb.substeps["damage-step.after-damage-calculation"]
    naming = [st for st in current(after.may_activate) if DESTRUCTION_BY_BATTLE["en"] in st.text["en"]]
    assert naming, "the timing no longer says which destruction-by-battle effects act here"
    for st in naming:
        assert all(DESTRUCTION_BY_BATTLE[lang] in st.text[lang] for lang in LANGS)
        assert names_in([st], assailant) == sorted(LANGS), st.text["en"][:80]


def test_a_destruction_replacement_is_never_presented_as_a_choice():
    kb = real_kb()
    claw = kb.cards["vicious-claw"].names
    every = [st for s in kb.substeps.values() for _, st in statements_of(s) if st.status == "current"]
    naming = [st for st in every if names_in([st], claw)]
    assert naming
    assert [st.text["en"][:80] for st in naming if re.search(r"\bchooses?\b|\bchosen\b", st.text["en"])] == []
