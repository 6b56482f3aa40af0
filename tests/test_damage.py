import pytest

from ygorules.reports.damage import outcome
from ygorules.core.kb import load_kb

# Pairs of (attacker ATK, compared value) per comparison and further condition; each is checked against the table.
SAMPLES = {"higher": [(2500, 2000), (1, 0), (3000, 2999)], "equal": [(1500, 1500), (1, 1)], "lower": [(1000, 1800), (0, 100)]}
CONDITION_SAMPLES = {"both-atk-zero": [(0, 0)], "piercing": [(2500, 2000), (1, 0), (3000, 2999)]}


def _table():
    return load_kb().damage["damage-calculation"]


def _rows():
    return [pytest.param(row, id=row.case) for row in _table().rows]


def _expected_amount(row, atk, value):
    return {"none": 0, "difference": abs(atk - (value or 0)), "attacker-atk": atk}[row.amount]


def test_the_table_has_every_case_once():
    rows = _table().rows
    assert sorted((r.target, r.comparison, r.only_if or "") for r in rows) == sorted(
        [(t, c, "") for t in ("attack", "defense") for c in ("higher", "equal", "lower")] + [("direct", "none", ""),
         ("attack", "equal", "both-atk-zero"), ("defense", "higher", "piercing")])


@pytest.mark.parametrize("row", _rows())
def test_outcome_matches_the_table_row(row):
    if row.target == "direct":
        pairs = [(atk, None) for atk in (0, 1200, 4000)]
    else:
        pairs = CONDITION_SAMPLES[row.only_if] if row.only_if else SAMPLES[row.comparison]
    for atk, value in pairs:
        got = outcome(atk, row.target, value, piercing=row.only_if == "piercing")
        assert got.case == row.case
        assert got.destroyed == set(row.destroyed)
        assert got.damage_to == row.damage_to
        assert got.amount == _expected_amount(row, atk, value)


def test_piercing_damages_the_defender_by_the_difference_only_against_lower_def():
    assert outcome(3000, "defense", 2000, piercing=True).damage_to == "defender-controller"
    assert outcome(3000, "defense", 2000, piercing=True).amount == 1000
    assert outcome(3000, "defense", 2000, piercing=True).destroyed == {"defender"}
    assert outcome(2000, "defense", 2000, piercing=True).amount == 0
    assert outcome(1000, "defense", 2000, piercing=True).damage_to == "attacker-controller"


def test_piercing_changes_nothing_against_attack_position_or_direct_attacks():
    assert outcome(3000, "attack", 2000, piercing=True) == outcome(3000, "attack", 2000)
    assert outcome(3000, "direct", piercing=True) == outcome(3000, "direct")


def test_zero_atk_direct_attack_deals_no_damage_but_is_still_a_direct_attack():
    got = outcome(0, "direct")
    assert (got.case, got.damage_to, got.amount) == ("direct-attack", "defender-controller", 0)


@pytest.mark.parametrize("args, error", [
    ((-100, "attack", 500), ValueError),
    ((1000, "attack", -1), ValueError),
    ((1000, "sideways", 500), ValueError),
    ((1000, "attack"), ValueError),
    ((1000, "defense"), ValueError),
    ((1000, "direct", 500), ValueError),
    ((1000.5, "attack", 500), TypeError),
    ((True, "attack", 500), TypeError),
    ((1000, "attack", "500"), TypeError),
])
def test_bad_arguments_are_rejected_with_a_clear_error(args, error):
    with pytest.raises(error):
        outcome(*args)


def test_zero_atk_against_zero_atk_destroys_neither_monster():
    got = outcome(0, "attack", 0)
    assert got.destroyed == frozenset() and got.damage_to == "none" and got.amount == 0
    assert got.case == "attack-vs-attack-equal-zero"


def test_equal_atk_above_zero_destroys_both_monsters():
    assert outcome(1, "attack", 1).destroyed == {"attacker", "defender"}
    assert outcome(0, "defense", 0).destroyed == frozenset()  # 0 ATK against 0 DEF: nothing happens, as any tie on DEF


def test_the_zero_against_zero_row_keeps_the_earlier_rule_as_history():
    notes = [n for n in _table().notes if n.status == "history"]
    assert notes and all(n.until for n in notes)
    assert any("0-ATK" in n.text["en"] and "2010" in n.until for n in notes)


LINK = {"es": "Monstruos de Enlace", "pt": "Monstros Link", "it": "Mostri Link", "en": "Link Monster"}


def link_monster_claims(statements, defense: dict) -> list[str]:
    """(language: start) of each text that speaks of Link Monsters in battle without the case of a Link Monster
    attacking a Defense Position monster (ATK against DEF): such a text names Defense Position only once, for the
    Link Monster itself, or not at all."""
    return [f"{lang}: {st.text[lang][:60]}" for st in statements for lang in LINK
            if LINK[lang] in st.text.get(lang, "") and st.text[lang].count(defense[lang]) < 2]


def test_a_link_monster_text_that_always_compares_atk_is_reported():
    from ygorules.core.model import Statement
    old = Statement({"en": "Link Monsters cannot be in Defense Position and have no DEF, so a battle involving one always compares ATK."}, [])
    assert link_monster_claims([old], {"en": "Defense Position"}) == [f"en: {old.text['en'][:60]}"]


def test_the_table_says_a_link_monster_attacking_a_defense_position_monster_compares_atk_with_def():
    kb = load_kb()
    table = kb.damage["damage-calculation"]
    defense = kb.terms["defense-position"].names
    naming = [st for st in [table.summary, *table.notes] if LINK["en"] in st.text["en"]]
    assert len(naming) >= 2
    assert link_monster_claims(naming, defense) == []
    assert all("DEF" in st.text["en"].split("Link Monster", 1)[1] for st in naming)
