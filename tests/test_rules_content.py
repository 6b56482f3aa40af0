"""The KB tells today's rules as today's: history is marked and dated, the rules version is data, and the phase,
steps and damage table rest on current sources."""
import datetime
import re
import shutil
from pathlib import Path

import pytest

from ygorules.core.kb import collect, load_kb

MINI = Path(__file__).parent / "fixtures" / "mini-kb"
RULES_KINDS = ("phases", "steps", "damage", "schemes")  # the rules-steps files: every current statement cites a current source


@pytest.fixture(scope="module")
def kb():
    return load_kb()


def _statements(kb, kinds=None):
    """(entry id, statement) for every statement of the KB's entries (of ``kinds`` if given)."""
    for kind, entries in vars(kb).items():
        if not isinstance(entries, dict) or (kinds and kind not in kinds):
            continue
        for entry in entries.values():
            for value in vars(entry).values():
                items = value if isinstance(value, list) else [value]
                for item in items:
                    if hasattr(item, "status") and hasattr(item, "text") and isinstance(item.text, dict):
                        yield f"{kind}/{entry.id}", item


def _historical(source) -> bool:
    """A source of the earlier rules: one of the project's seed articles (it has a file), dated before the 2015
    Damage Step change, or a rulebook older than version 10."""
    if source.file:
        return True
    if source.date and re.match(r"\d{4}", source.date) and source.date[:4] < "2015":
        return True
    return source.type == "rulebook" and bool(source.version) and float(source.version) < 10


_UNQUOTED = re.compile(r"«[^»]*»|“[^”]*”")
_CALLS_9_1_CURRENT = re.compile(
    r"\b(current|today's|present)\s+(official\s+)?(rulebook|rules|manual)\b[^.;]*(?<![\d.])9\.1(?!\d)"  # the current rulebook (v9.1)
    r"|(?<![\d.])9\.1(?!\d)[^.;]*\b(is|as)\s+(the\s+)?(current|today's)\b"  # rulebook 9.1 is the current one
    r"|\bon\s+the\s+basis\s+of\s+(the\s+)?(official\s+)?rulebook\s+9\.1\b",  # today's division ... on the basis of rulebook 9.1
    re.IGNORECASE)
_ONLY_SPELL_SPEED_2_3 = re.compile(r"\bonly\s+Spell\s+Speeds?\s+2\s+(and|or)\s+3\b", re.IGNORECASE)


def calls_rulebook_9_1_current(text: str) -> bool:
    """Whether an English text presents rulebook 9.1 as the current rules (quoted material aside)."""
    return bool(_CALLS_9_1_CURRENT.search(_UNQUOTED.sub("", text)))


@pytest.mark.parametrize("text, says", [
    ("The current rulebook (v9.1) adds Counter cards.", True),
    ("the current rules, as given by the wiki that quotes rulebook 9.1, into five timings", True),
    ("Today's division, as the wiki presents it on the basis of official rulebook 9.1: five timings.", True),
    ("Rulebook 9.1 is the current one.", True),
    ("Earlier list: the Portuguese rulebook 9.1 added Counter cards. Today's full list is Konami's page.", False),
    ("Earlier replay rule (rulebooks 7 to 9.1): the player could attack again.", False),
    ("The article writes «the current rulebook 9.1» in its title.", False),
])
def test_the_rulebook_9_1_detector(text, says):
    assert calls_rulebook_9_1_current(text) is says


def test_no_statement_presents_rulebook_9_1_as_current(kb):
    bad = [(where, s.text["en"]) for where, s in _statements(kb)
           if s.status != "history" and calls_rulebook_9_1_current(s.text.get("en", ""))]
    assert not bad, bad


def test_every_history_statement_says_until_when_and_cites_what_changed_it(kb):
    history = [(where, s) for where, s in _statements(kb) if s.status == "history"]
    assert history
    for where, s in history:
        assert s.until, where
        assert s.changed_by, where
        assert any(not _historical(kb.sources[c.source]) for c in s.changed_by), (where, [c.source for c in s.changed_by])


def test_every_current_rule_statement_of_the_phase_steps_damage_and_schemes_cites_a_current_source(kb):
    missing = [(where, s.text["en"][:80]) for where, s in _statements(kb, RULES_KINDS)
               if s.status != "history" and all(_historical(kb.sources[c.source]) for c in s.sources)]
    assert not missing, missing


def test_no_current_statement_bars_every_spell_speed_1_effect_from_the_battle_phase(kb):
    # Spell Speed 1 Trigger effects (Flip effects, «destroyed by battle») do activate in the Battle Phase
    bad = [where for where, s in _statements(kb) if s.status != "history"
           and _ONLY_SPELL_SPEED_2_3.search(_UNQUOTED.sub("", s.text.get("en", "")))]
    assert not bad, bad


def test_the_phase_says_which_rules_it_follows_and_when_they_were_checked(kb):
    version = kb.phases["battle-phase"].rules_version
    assert version and version["follows"]
    sources = [kb.sources[s] for s in version["follows"]]  # KeyError: a source that does not exist
    assert any(s.type == "rulebook" and s.version == "10" for s in sources)
    assert not any(_historical(s) for s in sources)
    checked = datetime.date.fromisoformat(version["checked"])
    assert checked <= datetime.date.today() + datetime.timedelta(days=1)
    assert set(version["label"]) == {"es", "pt", "it", "en"} and all(version["label"].values())


def test_simultaneous_effects_go_on_chain_in_the_tcg_order(kb):
    texts = [s.text["en"] for _, s in _statements(kb, ("phases",)) if s.status == "current" and "Simultaneous Effects Go On Chain" in s.text["en"]]
    assert texts
    order = ["turn player's mandatory", "opponent's mandatory", "turn player's optional", "opponent's optional"]
    assert any(all(p in t for p in order) and [t.index(p) for p in order] == sorted(t.index(p) for p in order) for t in texts)


@pytest.fixture
def mini(tmp_path):
    root = tmp_path / "kb"
    shutil.copytree(MINI, root)
    return root


def _set_rules_version(root, follows):
    phase = root / "phases" / "battle-phase.yaml"
    text = phase.read_text(encoding="utf-8")
    assert "\nsummary:" in text
    block = ("\nrules_version:\n  follows: [" + ", ".join(follows) + "]\n  checked: '2026-12-01'\n  label:\n"
             "    es: Libro de reglas\n    pt: Livro de regras\n    it: Regolamento\n    en: Rulebook\nsummary:")
    phase.write_text(text.replace("\nsummary:", block, 1), encoding="utf-8")


def test_a_rules_version_with_known_sources_passes_and_reaches_the_model(mini):
    _set_rules_version(mini, ["test-article"])
    kb, problems = collect(mini)
    assert [p.format() for p in problems if p.severity == "error"] == []
    assert kb.phases["battle-phase"].rules_version["follows"] == ["test-article"]


def test_a_rules_version_naming_an_unknown_source_is_an_error_at_its_line(mini):
    _set_rules_version(mini, ["test-article", "rulebook-en-v99"])
    errors = [p for p in collect(mini)[1] if p.severity == "error"]
    assert len(errors) == 1, [p.format() for p in errors]
    assert "rulebook-en-v99" in errors[0].message and errors[0].path.endswith("battle-phase.yaml")
    assert errors[0].line == 9


def test_a_rules_version_checked_date_must_be_a_date(mini):
    _set_rules_version(mini, ["test-article"])
    phase = mini / "phases" / "battle-phase.yaml"
    phase.write_text(phase.read_text(encoding="utf-8").replace("'2026-12-01'", "'last week'"), encoding="utf-8")
    errors = [p for p in collect(mini)[1] if p.severity == "error"]
    assert [p.code for p in errors] == ["schema-pattern"], [p.format() for p in errors]


# ---------------------------------------------------------------- patterns of the rules re-audit (B03-B06, B12, B19)

_TRIGGER_ANYWHERE = re.compile(r"\bTrigger [Ee]ffects?\b[^.]*\b(whatever point|whenever)\b", re.IGNORECASE)
_EVERY_ATTACK_DAMAGE_STEP = re.compile(
    r"\b(every|each) attack goes through\b[^.;]*\bDamage Step\b|\bDamage Step\b[^.;]*\brepeats? once for every attack\b"
    r"|\bcomes back to it after each Damage Step if\b", re.IGNORECASE)
_LAST_FOR_MODIFIERS = re.compile(r"\blast (moment|chance|timing|one)\b[^.]*\bATK\b", re.IGNORECASE)


def trigger_claim_without_damage_step_limit(text: str) -> bool:
    """An English text that lets Trigger Effects activate wherever their event happens and never says that the
    Damage Step admits only some of them (mandatory, the card itself moving, Damage Step events)."""
    m = _TRIGGER_ANYWHERE.search(text)
    return bool(m) and (m.group(1) == "whatever point" or "Damage Step" in text) and "mandatory" not in text


def every_attack_reaches_the_damage_step(text: str) -> bool:
    """An English text that sends every attack through the Damage Step (an attack that is negated, cancelled or
    stopped in the Battle Step never gets there), or that has play leave the Damage Step for anywhere but the
    Battle Step."""
    return any("goes ahead" not in m.group(0) for m in _EVERY_ATTACK_DAMAGE_STEP.finditer(text))


def last_modifier_timing_without_exception(text: str) -> bool:
    """An English text that calls before damage calculation the last timing for ATK/DEF changes without the
    exception of texts that allow them during damage calculation (Injection Fairy Lily)."""
    return bool(_LAST_FOR_MODIFIERS.search(text)) and "except" not in text and "unless" not in text


@pytest.mark.parametrize("check, text, found", [
    (trigger_claim_without_damage_step_limit, "A Trigger Effect activates at whatever point of the Battle Phase its event happens.", True),
    (trigger_claim_without_damage_step_limit, "Trigger effects activate whenever their event happens, in the Damage Step too (Flip effects).", True),
    (trigger_claim_without_damage_step_limit, "Trigger Effects activate whenever their event happens; in the Damage Step only mandatory ones and …", False),
    (trigger_claim_without_damage_step_limit, "A Trigger Effect activates whenever its event happens at the start of the Battle Step.", False),
    (every_attack_reaches_the_damage_step, "Every attack goes through the Battle Step and then the Damage Step.", True),
    (every_attack_reaches_the_damage_step, "the Battle Step and the Damage Step repeat once for every attack.", True),
    (every_attack_reaches_the_damage_step, "play comes back to it after each Damage Step if the turn player wants to attack", True),
    (every_attack_reaches_the_damage_step, "Every attack goes through the Battle Step and then, if it goes ahead, the Damage Step.", False),
    (last_modifier_timing_without_exception, "it is the last one for ATK and DEF changes.", True),
    (last_modifier_timing_without_exception, "the last chance for cards that change ATK/DEF, except those whose text names damage calculation", False),
])
def test_the_reaudit_detectors(check, text, found):
    assert check(text) is found


@pytest.mark.parametrize("check", [trigger_claim_without_damage_step_limit, every_attack_reaches_the_damage_step,
                                   last_modifier_timing_without_exception])
def test_no_current_statement_repeats_a_pattern_the_reaudit_found(kb, check):
    bad = [(where, s.text["en"][:90]) for where, s in _statements(kb) if s.status == "current" and check(s.text.get("en", ""))]
    rules = [(f"rules/{r.id}", r.statement.text["en"][:90]) for r in kb.rules.values() if check(r.statement.text.get("en", ""))]
    assert not bad + rules, bad + rules


def test_the_battle_step_is_where_play_returns_after_every_damage_step(kb):
    entering = kb.steps["battle-step"].entering[0].text["en"]
    assert "after every Damage Step" in entering and "End Step" in entering and " if " not in entering


def test_the_single_chain_rule_is_about_declarations_and_lets_targeted_effects_answer_a_replay(kb):
    rule = kb.rules["attack-declaration-single-chain"]
    krebons = kb.cards["krebons"].names
    assert "or is chosen as an attack target" not in rule.statement.text["en"]
    assert all(f"“{krebons[lang]}”" in rule.statement.text[lang] for lang in ("es", "pt", "it", "en"))
    assert "replay" in rule.statement.text["en"] and "replay" in rule.allows["en"]
    cited = {c.source for c in rule.statement.sources}
    assert "yugipedia-replay" in cited and ("rulebook-en-v10", "p. 39") in {(c.source, c.where) for c in rule.statement.sources}


def test_the_rules_version_dates_the_damage_step_page_before_rulebook_10(kb):
    label = kb.phases["battle-phase"].rules_version["label"]
    page, book = kb.sources["konami-eu-damage-step-rules"], kb.sources["rulebook-en-v10"]
    assert page.date[:4] < book.date[:4]
    assert all(page.date[:4] in text for text in label.values()), label
    assert "later" not in label["en"]


# ---------------------------------------------------------------- history labels (B07-B11): one convention

_UNTIL = re.compile(r"^(?:(?P<year>\d{4})(?:-\d{2}-\d{2})?|Rulebook v(?P<version>\d+(?:\.\d+)?))$")
_LABEL_FIRST = re.compile(r"^[^:;]{0,60}\b(anterior|precedente|earlier)\b[^:;]{0,60}:", re.IGNORECASE)
OWN_KINDS = ("phases", "steps", "substeps", "rules", "rulings", "damage", "schemes")


def until_problem(when: str, changed_by: list, sources: dict) -> str | None:
    """What is wrong with a history statement's ``until``: a `when` outside the documented forms, or no
    source of the change that belongs to it (the rulebook of that version, a source of that year)."""
    m = _UNTIL.match(when or "")
    if not m:
        return f"'{when}' is not a year, a date or 'Rulebook vN'"
    cited = [sources[c.source] for c in changed_by if c.source in sources]
    if m.group("version"):
        if not any(s.version == m.group("version") for s in cited):
            return f"'{when}': no source of the change is rulebook version {m.group('version')}"
    elif not any(str(s.date or "").startswith(m.group("year")) for s in cited):
        return f"'{when}': no source of the change is dated {m.group('year')}"
    return None


def _src(id, **kw):
    from ygorules.core.model import Source
    return Source(id=id, kind="source", path=Path(f"{id}.yaml"), data={}, **kw)


UNTIL_SOURCES = {"book10": _src("book10", version="10"), "page": _src("page", date="2015"), "wiki": _src("wiki")}


@pytest.mark.parametrize("when, changed_by, problem", [
    ("Rulebook v10", ["book10"], None),
    ("2015", ["wiki", "page"], None),
    ("2015-10-02", ["page"], None),
    ("Rulebook v9.1", ["book10"], "'Rulebook v9.1': no source of the change is rulebook version 9.1"),
    ("2010", ["page"], "'2010': no source of the change is dated 2010"),
    ("until v10", ["book10"], "'until v10' is not a year, a date or 'Rulebook vN'"),
])
def test_the_until_convention_checker(when, changed_by, problem):
    from ygorules.core.model import Citation
    assert until_problem(when, [Citation(c) for c in changed_by], UNTIL_SOURCES) == problem


def test_every_until_follows_the_documented_convention(kb):
    bad = [(where, s.until, until_problem(s.until, s.changed_by, kb.sources)) for where, s in _statements(kb)
           if s.status == "history" and until_problem(s.until, s.changed_by, kb.sources)]
    assert not bad, bad


def test_outdated_claims_carry_no_end_date_and_history_always_does(kb):
    statuses = {(s.status, bool(s.until)) for _, s in _statements(kb)}
    assert ("outdated", True) not in statuses and ("history", False) not in statuses
    assert ("outdated", False) in statuses and ("history", True) in statuses


@pytest.mark.parametrize("text, labelled", [
    ("Earlier rule (rulebooks up to version 9.1): a replay sent play back.", True),
    ("Regla anterior: hasta el libro de reglas versión 10, los efectos…", True),
    ("Afirmação anterior: os dois artigos de Fuentealba diziam…", True),
    ("In rulebooks up to version 9.1, a replay sent play back.", False),
    ("According to the Portuguese article (002), if both monsters…", False),
])
def test_the_repeated_label_detector(text, labelled):
    assert bool(_LABEL_FIRST.match(text)) is labelled


def test_no_earlier_rule_or_claim_repeats_the_badge_label_in_its_text(kb):
    bad = [(where, lang, s.text[lang][:50]) for where, s in _statements(kb, OWN_KINDS)
           if s.status in ("history", "outdated") for lang in s.text if _LABEL_FIRST.match(s.text[lang])]
    assert not bad, bad


@pytest.mark.parametrize("entry, field, index", [
    ("substeps/battle-step.start", "special_cases", 1), ("substeps/battle-step.after-declaration", "special_cases", 5),
    ("steps/battle-step", "special_cases", 2), ("rulings/replay-when-the-number-of-monsters-changes", "explanation", 4)])
def test_the_one_replay_change_has_one_end_point(kb, entry, field, index):
    kind, id = entry.split("/")
    st = getattr(getattr(kb, kind)[id], field)[index]
    assert (st.status, st.until) == ("history", "Rulebook v10")


@pytest.mark.parametrize("entry, field, index", [
    ("substeps/damage-step.after-damage-calculation", "special_cases", 5),  # B08 Flashbang
    ("rulings/flashbang-and-battle-damage-triggers", "explanation", 2),  # B08
    ("substeps/damage-step.end", "disagreements", 0),  # B09 the article's Chain order
    ("rulings/counter-traps-in-the-damage-step", "explanation", 2),  # B10 the undated excerpt
    ("steps/damage-step", "disagreements", 0),  # B10
    ("substeps/battle-step.after-declaration", "disagreements", 0),  # B11
    ("steps/battle-step", "disagreements", 0)])  # B11
def test_article_claims_without_a_datable_end_are_outdated(kb, entry, field, index):
    kind, id = entry.split("/")
    st = getattr(getattr(kb, kind)[id], field)[index]
    assert (st.status, st.until) == ("outdated", None)


ARTICLES_2008 = {"es": "Los artículos de 2008", "pt": "Os artigos de 2008", "it": "Gli articoli del 2008", "en": "The 2008 articles"}


@pytest.mark.parametrize("card", ["don-zaloog", "spirit-reaper"])
def test_the_2008_claim_in_a_card_note_is_a_sentence_of_its_own_after_the_current_rule(kb, card):
    for timing in kb.cards[card].timings:
        for lang, note in timing.note.items():
            if "2008" not in note:
                continue
            current, _, claim = note.partition(ARTICLES_2008[lang])
            assert current.endswith(". ") and claim, (card, lang, note)  # the claim opens its own sentence, last
            assert "(" not in current[current.rfind("."):] and "2008" not in current, (card, lang)


# ---------------------------------------------------------------- terms and schemes named by the re-audit (B14-B18)

def _definition(kb, term):
    return kb.terms[term].definition.text


def _difference(kb, scheme, part):
    return kb.schemes[scheme].parts[part].differences


@pytest.mark.parametrize("where, get, must, must_not", [
    ("B14 es scheme, sub-step 4", lambda kb: _difference(kb, "fuentealba-es-damage-step", 3), ("“Honest”", "2015"), ()),
    ("B14 pt scheme, sub-step 4", lambda kb: _difference(kb, "fuentealba-pt-damage-step", 3), ("“Honest”", "2015"), ()),
    ("B14 pt scheme, sub-step 7", lambda kb: _difference(kb, "fuentealba-pt-damage-step", 6), ("Simultaneous Effects Go On Chain", "Chain Link 1"), ()),
    ("B15 battle damage", lambda kb: _definition(kb, "battle-damage"), ("piercing battle damage", "lower DEF"), ()),
    ("B16 Battle Step", lambda kb: _definition(kb, "battle-step"), ("normally attacks at most once",), ()),
    ("B17 Quick Effect", lambda kb: _definition(kb, "quick-effect"), ("when its condition is met", "can be activated only within the categories", "“Desrook Archfiend”"), ("only works",)),
    ("B18 Extra Deck", lambda kb: _definition(kb, "extra-deck"), ("Fusion, Synchro, Xyz and Link", "even if it came from the Main Deck"), ("go back",)),
])
def test_the_terms_and_schemes_the_reaudit_named_say_what_holds_today(kb, where, get, must, must_not):
    text = get(kb)
    assert set(text) == {"es", "pt", "it", "en"}, where
    assert all(m in text["en"] for m in must) and not any(m in text["en"] for m in must_not), (where, text["en"])


def test_the_quick_effect_and_battle_damage_definitions_name_their_cards_and_terms_in_every_language(kb):
    desrook, piercing = kb.cards["desrook-archfiend"].names, kb.terms["piercing-damage"].names
    quick, damage = _definition(kb, "quick-effect"), _definition(kb, "battle-damage")
    assert all(f"“{desrook[lang]}”" in quick[lang] for lang in quick)
    assert all(piercing[lang] in damage[lang] for lang in damage)
