"""What the card entries say, checked as behaviour: timings that hold under today's rules, notes that cite a
current source wherever they tell a rule, roles that match the effect a note describes, card names that are
the official ones. The tests marked `shared` compare with the reference data in ../shared and are skipped
without it."""
import csv
import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core.kb import collect
from ygorules.core.model import LANGS

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"
EVIDENCE = SHARED / "evidence"

# Sources that describe the rules in force today (the current rulebook, Konami's pages and card texts, and the
# rules pages written after the 2015 change). Everything else (the five seed articles of about 2008, the 2010
# judge articles, older rulebooks) can only tell an earlier rule or a name.
CURRENT_SOURCES = frozenset({
    "rulebook-en-v10", "rulebook-es-v10", "konami-eu-damage-step-rules", "konami-eu-damage-step-rules-es",
    "konami-eu-tcg-rulebook-page", "konami-card-texts-en", "konami-card-texts-es", "konami-card-texts-pt",
    "konami-card-texts-it", "yugipedia-damage-calculation", "yugipedia-segoc", "yugipedia-damage-step",
    "yugipedia-end-step", "yugipedia-battle-phase", "yugipedia-battle-position-change", "yugipedia-replay",
    "ygorg-wacky-damage-step", "ygorg-rulings-part-8-battle-phase", "ygorg-rulings-part-9-damage-step",
    "casanova-segoc",
})
DURING = "damage-step.during-damage-calculation"
QUOTED_NAME = re.compile(r"“([^”]+)”")


@lru_cache(maxsize=1)
def real_kb():
    kb, _ = collect(KB_DIR)
    return kb


def timings(kb):
    for card in sorted(kb.cards.values(), key=lambda c: c.id):
        for t in card.timings:
            yield card, t


def where(card, t):
    return f"kb/cards/{card.id}.yaml ({t.substep} [{t.role}])"


def cites_current(t):
    return any(c.source in CURRENT_SOURCES for c in t.sources)


# --- helpers that read prose, with their own fixtures -------------------------------------------------------

_CURRENT_WORDS = r"(?:vigente|actual|atual|em vigor|in vigore|attuale|corrente|current|in force|today'?s?|hoy|hoje|oggi)"
_RULEBOOK_91 = re.compile(r"\b9[.,]1\b")
_NO_LONGER = r"(?:no longer|not in force|ya no|ya sin|sin vigor|no está en vigor|não vale|não está em vigor|non più|non è in vigore)"


def calls_rulebook_9_1_current(text):
    """True when a text presents rulebook 9.1 as the rulebook in force (a current-words within the same clause)."""
    for clause in re.split(r"[;.:]\s", text):
        if (_RULEBOOK_91.search(clause) and re.search(_CURRENT_WORDS, clause, re.IGNORECASE)
                and not re.search(_NO_LONGER, clause, re.IGNORECASE)):
            return True
    return False


def test_calls_rulebook_9_1_current_flags_only_a_claim_that_it_is_in_force():
    assert calls_rulebook_9_1_current("Según el libro de reglas 9.1, el vigente, se puede activar.")
    assert calls_rulebook_9_1_current("The current rulebook (9.1) allows it.")
    assert calls_rulebook_9_1_current("O livro de regras 9.1 em vigor permite isso.")
    assert not calls_rulebook_9_1_current("Regla anterior del libro de reglas 9.1; hoy rige el 10.")
    assert not calls_rulebook_9_1_current("Earlier rule of rulebook 9.1, no longer in force.")
    assert not calls_rulebook_9_1_current("Il regolamento 9.1 lo permetteva.")


_HISTORY_MARKERS = {
    "es": r"regla anterior|afirmación anterior|de 2008|hasta 2010",
    "pt": r"regra anterior|afirmação anterior|de 2008|até 2010",
    "it": r"regola precedente|affermazione precedente|del 2008|fino al 2010",
    "en": r"earlier rule|earlier claim|2008|up to 2010",
}


def tells_an_earlier_rule(note):
    """The languages in which a note tells an earlier (pre-2015) rule or claim."""
    return {lang for lang, pattern in _HISTORY_MARKERS.items() if re.search(pattern, note.get(lang) or "", re.IGNORECASE)}


def test_tells_an_earlier_rule_finds_the_history_in_each_language():
    note = {"es": "Regla anterior, ya sin vigor: se permitía.", "pt": "Hoje não.", "it": "Oggi no.",
            "en": "Earlier claim of the 2008 articles: it went first."}
    assert tells_an_earlier_rule(note) == {"es", "en"}
    assert tells_an_earlier_rule({"es": "Se activa al final del Damage Step.", "en": "It activates."}) == set()


_OWN_EFFECT = {
    "trigger": re.compile(r"\b[Ii]ts (?:mandatory |optional )?Trigger Effect\b"),
    "continuous": re.compile(r"\b[Ii]ts Continuous Effect\b"),
}


def own_effect_kind(en_note):
    """The kind of effect an English note says the card itself uses, or None."""
    kinds = {k for k, rx in _OWN_EFFECT.items() if rx.search(en_note)}
    return kinds.pop() if len(kinds) == 1 else None


def test_own_effect_kind_reads_the_card_s_own_effect_not_other_cards():
    assert own_effect_kind("Its mandatory Trigger Effect activates at the end of the Damage Step.") == "trigger"
    assert own_effect_kind("Its Continuous Effect applies without a Chain.") == "continuous"
    assert own_effect_kind("Trigger Effects of that battle damage go on the Chain first.") is None


# --- behaviour of the real card entries ---------------------------------------------------------------------

def test_honest_is_activated_from_the_start_of_the_damage_step_until_before_damage_calculation_only():
    honest = real_kb().cards["honest"]
    activates = {t.substep for t in honest.timings if t.role == "activates"}
    assert activates == {"damage-step.start", "damage-step.before-damage-calculation"}
    during = [t for t in honest.timings if t.substep == DURING]
    assert [t.role for t in during] == ["cannot-activate"]
    assert cites_current(during[0])


def test_no_atk_modifier_is_activated_during_damage_calculation():
    """Quick-Play Spells and Traps that change ATK/DEF (Rush Recklessly, Shrink…) stop at before damage
    calculation: whenever a card has an activation link at the start of the Damage Step and one before damage
    calculation (the modifier pattern), it is not activated during damage calculation."""
    kb = real_kb()
    wrong = []
    for card in kb.cards.values():
        roles = {(t.substep, t.role) for t in card.timings}
        modifier = {("damage-step.start", "activates"), ("damage-step.before-damage-calculation", "activates")} <= roles
        if modifier and (DURING, "activates") in roles:
            wrong.append(card.id)
    assert wrong == []


def test_every_cannot_activate_link_cites_a_current_source():
    wrong = [where(c, t) for c, t in timings(real_kb()) if t.role == "cannot-activate" and not cites_current(t)]
    assert wrong == []


def test_a_note_that_tells_an_earlier_rule_says_so_in_every_language_and_cites_a_current_source():
    wrong = []
    for card, t in timings(real_kb()):
        langs = tells_an_earlier_rule(t.note)
        if langs and (langs != set(LANGS) or not cites_current(t)):
            wrong.append(f"{where(card, t)}: history marked in {sorted(langs)}, current source: {cites_current(t)}")
    assert wrong == []


def test_every_timing_during_damage_calculation_cites_a_current_source():
    """During damage calculation is where the 2008 rules differ most from today's: every claim there rests on
    a current source."""
    wrong = [where(c, t) for c, t in timings(real_kb()) if t.substep == DURING and not cites_current(t)]
    assert wrong == []


def test_no_card_note_calls_rulebook_9_1_current():
    wrong = [f"{where(c, t)} [{lang}]" for c, t in timings(real_kb()) for lang, text in t.note.items()
             if calls_rulebook_9_1_current(text)]
    assert wrong == []


def test_a_note_about_the_card_s_own_trigger_effect_has_role_triggers_and_a_continuous_one_never_does():
    wrong = []
    for card, t in timings(real_kb()):
        kind = own_effect_kind(t.note["en"])
        if kind == "trigger" and t.role != "triggers":
            wrong.append(f"{where(card, t)}: a Trigger Effect starts a Chain (role triggers)")
        if kind == "continuous" and t.role in ("triggers", "activates"):
            wrong.append(f"{where(card, t)}: a Continuous Effect is not activated")
    assert wrong == []


def test_card_text_citations_name_the_card_s_own_passcode():
    wrong = []
    for card, t in timings(real_kb()):
        for c in t.sources:
            m = re.fullmatch(r"passcode (\d+)", c.where or "")
            if c.source.startswith("konami-card-texts-") and m and int(m.group(1)) != int(card.passcode):
                wrong.append(f"{where(card, t)}: cites passcode {m.group(1)}, the card's is {card.passcode}")
    assert wrong == []


def test_the_skyscraper_example_names_wildedge_in_every_language():
    kb = real_kb()
    wildedge, wildheart = kb.cards["elemental-hero-wildedge"], kb.cards["elemental-hero-wildheart"]
    for t in kb.cards["skyscraper"].timings:
        for lang in LANGS:
            names = set(QUOTED_NAME.findall(t.note[lang]))
            assert (wildedge.names.get(lang) or wildedge.names["en"]) in names, f"skyscraper [{lang}]"
            assert not names & {n for n in wildheart.names.values() if n}, f"skyscraper [{lang}] names Wildheart"


def test_amazoness_sage_acts_at_the_end_of_the_damage_step():
    sage = real_kb().cards["amazoness-sage"]
    assert [(t.substep, t.role) for t in sage.timings] == [("damage-step.end", "triggers")]


def test_flashbang_no_longer_stops_the_battle_damage_triggers():
    kb = real_kb()
    for cid in ("spirit-reaper", "don-zaloog"):
        assert [t.role for t in kb.cards[cid].timings] == ["triggers"], cid
    for cid in ("flashbang", "spirit-reaper", "don-zaloog"):
        for t in kb.cards[cid].timings:
            assert cites_current(t) and "yugipedia-segoc" in {c.source for c in t.sources}, cid


def test_every_card_entry_has_a_review_state_per_language_and_english_is_self_reviewed():
    for card in real_kb().cards.values():
        assert set(card.review) == set(LANGS), card.id
        assert card.review["en"] == "self-reviewed", card.id


# --- against the reference data (skipped without ../shared) -------------------------------------------------

needs_data = pytest.mark.skipif(not (DATA / "cardnames.tsv").is_file(), reason="../shared/data is absent")
needs_evidence = pytest.mark.skipif(not (EVIDENCE / "kb-card-audit.tsv").is_file(), reason="../shared/evidence is absent")


@lru_cache(maxsize=1)
def official_names():
    """Every official card or series name per language (English names too, for cards unprinted in a language)."""
    names = {lang: set() for lang in LANGS}
    for table in ("cardnames.tsv", "seriesnames.tsv"):
        with open(DATA / table, encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                for lang in LANGS:
                    if row.get(lang):
                        names[lang].add(row[lang])
    return names


@pytest.mark.shared
@needs_data
def test_card_names_quoted_in_es_it_en_notes_are_official_names():
    """A card name in “…” in a note is an official name in that language (or the English one, for a card not
    printed there). Portuguese is left out: its house style quotes every word form in “…”."""
    names = official_names()
    wrong = []
    for card, t in timings(real_kb()):
        for lang in ("es", "it", "en"):
            for q in QUOTED_NAME.findall(t.note[lang]):
                if q not in names[lang] and q not in names["en"]:
                    wrong.append(f"{where(card, t)} [{lang}]: “{q}”")
    assert wrong == []


@pytest.mark.shared
@needs_data
def test_official_card_names_equal_cardnames_tsv():
    """names.<lang> of every real card is the official printed name of its passcode, or null."""
    with open(DATA / "cardnames.tsv", encoding="utf-8") as f:
        rows = {r["id"]: r for r in csv.DictReader(f, delimiter="\t")}
    wrong = []
    for card in real_kb().cards.values():
        if card.card_type == "archetype":
            continue
        row = rows.get(str(int(card.passcode)))
        assert row is not None, card.id
        wrong += [f"kb/cards/{card.id}.yaml names.{l}: {card.names[l]!r}" for l in LANGS
                  if card.names.get(l) is not None and card.names[l] != row[l]]
    assert wrong == []


@lru_cache(maxsize=1)
def audit_rows():
    with open(EVIDENCE / "kb-card-audit.tsv", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


@pytest.mark.shared
@needs_evidence
def test_every_timing_of_a_card_the_audit_flagged_cites_a_current_source():
    flagged = {Path(r["file"]).stem for r in audit_rows() if r["verdict"] in ("wrong", "doubtful")}
    kb = real_kb()
    assert flagged <= set(kb.cards)
    wrong = [where(kb.cards[cid], t) for cid in sorted(flagged) for t in kb.cards[cid].timings if not cites_current(t)]
    assert wrong == []


@pytest.mark.shared
@needs_evidence
def test_activation_links_during_damage_calculation_belong_to_cards_whose_text_names_it_or_that_negate():
    """Only a card whose official text names damage calculation is activated then (Kuriboh, Lily…);
    negating cards have role negates."""
    texts = {}
    with open(EVIDENCE / "kb-card-texts.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if row["lang"] == "en":
                texts[row["passcode"]] = row["text"]
    wrong = [where(c, t) for c, t in timings(real_kb())
             if t.substep == DURING and t.role == "activates"
             and "damage calculation" not in texts.get(str(int(c.passcode)), "")]
    assert wrong == []
