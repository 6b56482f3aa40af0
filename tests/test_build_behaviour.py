"""core.build: schema-valid entry data → the typed model, one kind at a time.

Each test gives ``build.entry`` the data of one entry as the loader hands it over (already valid) and checks the
objects that come out: the classes, the citations in both their forms, statements with their defaults and their
``until``, and the copies the model keeps (so that changing the model never changes the loaded data).
"""
from pathlib import Path

import pytest

from ygorules.core import build
from ygorules.core import model as m

PATH = Path("kb/x.yaml")
TEXT = {"es": "uno", "en": "one"}


def stmt(**more):
    return {"text": dict(TEXT), "sources": ["src-a"], **more}


def test_a_citation_is_an_id_or_a_source_with_a_place():
    assert build.citation("src-a") == m.Citation("src-a", None)
    assert build.citation({"source": "src-a", "where": "p. 3"}) == m.Citation("src-a", "p. 3")
    assert build.citation({"source": "src-a"}) == m.Citation("src-a", None)


def test_a_statement_is_current_unless_it_says_until_when_it_held():
    s = build.statement(stmt())
    assert (s.text, s.sources, s.status, s.until, s.changed_by) == (TEXT, [m.Citation("src-a")], "current", None, [])
    old = build.statement(stmt(status="history", until={"when": "2010-03-01", "sources": [{"source": "src-b", "where": "§2"}]}))
    assert (old.status, old.until, old.changed_by) == ("history", "2010-03-01", [m.Citation("src-b", "§2")])
    assert build.statement(None) is None


def test_a_statement_keeps_a_copy_of_its_text():
    raw = stmt()
    s = build.statement(raw)
    raw["text"]["es"] = "cambiado"
    assert s.text == TEXT


def test_statement_fields_and_lists_become_statements_and_the_rest_stays_as_written():
    data = {"id": "battle-step", "title": dict(TEXT), "phase": "battle-phase", "order": 2, "substeps": ["a", "b"],
            "summary": stmt(), "happens": [stmt(), stmt(status="history")], "chains": "yes", "chains_note": stmt(),
            "who_may_act": [stmt()], "review": {"es": "native-reviewed"}}
    step = build.entry("step", data, PATH)
    assert type(step) is m.Step
    assert (step.id, step.kind, step.path, step.data, step.review) == ("battle-step", "step", PATH, data, {"es": "native-reviewed"})
    assert step.review is not data["review"]
    assert (step.title, step.phase, step.order, step.substeps, step.chains) == (TEXT, "battle-phase", 2, ["a", "b"], "yes")
    assert isinstance(step.summary, m.Statement) and isinstance(step.chains_note, m.Statement)
    assert [s.status for s in step.happens] == ["current", "history"]
    assert all(isinstance(s, m.Statement) for s in step.who_may_act)
    assert step.entering == [] and step.may_activate == []


def test_an_entry_without_review_gets_an_empty_one():
    assert build.entry("ruling", {"id": "r", "title": TEXT, "question": TEXT, "answer": stmt()}, PATH).review == {}


def test_a_phase_keeps_its_rules_version_with_the_date_as_text():
    data = {"id": "battle-phase", "title": TEXT, "steps": ["s"],
            "rules_version": {"follows": ("rulebook",), "checked": __import__("datetime").date(2026, 11, 30), "label": TEXT}}
    phase = build.entry("phase", data, PATH)
    assert type(phase) is m.Phase
    assert phase.rules_version == {"follows": ["rulebook"], "checked": "2026-11-30", "label": TEXT}
    assert build.entry("phase", {"id": "p", "title": TEXT}, PATH).rules_version is None


def test_a_card_gets_spellings_with_frozen_notes_and_timings_with_citations():
    data = {"id": "mirror-force", "card_type": "trap", "names": {"en": "Mirror Force"},
            "spellings": [{"text": "Fuerza Espejo", "lang": "es", "kind": "misspelling", "source": "src-a",
                           "note": {"es": "b", "en": "a"}},
                          {"text": "MF", "lang": "en", "kind": "nickname", "source": "src-a"}],
            "timings": [{"substep": "attack-declared", "role": "activate", "note": dict(TEXT),
                         "sources": ["src-a", {"source": "src-b", "where": "l. 3"}]}]}
    card = build.entry("card", data, PATH)
    assert type(card) is m.Card and card.card_type == "trap"
    assert card.spellings[0] == m.Spelling("Fuerza Espejo", "es", "misspelling", "src-a", note=(("en", "a"), ("es", "b")))
    assert card.spellings[1].note is None
    assert card.timings == [m.Timing("attack-declared", "activate", TEXT, [m.Citation("src-a"), m.Citation("src-b", "l. 3")])]
    assert build.entry("card", {"id": "c", "card_type": "spell"}, PATH).spellings == []


def test_a_term_gets_its_variants_with_sources_notes_and_whether_to_avoid_them():
    data = {"id": "damage-step", "category": "timing", "names": {"en": "Damage Step"}, "definition": stmt(),
            "variants": [{"text": "paso de daño", "lang": "es", "status": "old", "sources": ["src-a"], "avoid": True,
                          "note": {"es": "n"}},
                         {"text": "DS", "lang": "en", "status": "abbreviation", "sources": []}]}
    term = build.entry("term", data, PATH)
    assert type(term) is m.Term and isinstance(term.definition, m.Statement)
    assert term.variants == [m.Variant("paso de daño", "es", "old", (m.Citation("src-a"),), (("es", "n"),), True),
                             m.Variant("DS", "en", "abbreviation", (), None, False)]


def test_an_example_gets_events_and_citations():
    data = {"id": "ex", "title": TEXT, "setup": stmt(), "outcome": stmt(),
            "sequence": [{"text": dict(TEXT), "substep": "attack-declared"}, {"text": dict(TEXT)}],
            "sources": ["src-a"]}
    ex = build.entry("example", data, PATH)
    assert type(ex) is m.Example
    assert ex.sequence == [m.Event(TEXT, "attack-declared"), m.Event(TEXT, None)]
    assert ex.sources == [m.Citation("src-a")] and isinstance(ex.setup, m.Statement)


def test_a_damage_table_gets_rows_with_citations():
    row = {"case": "attack", "target": "defense", "comparison": "higher", "destroyed": ["defender"], "damage_to": "none",
           "amount": "0", "text": dict(TEXT), "sources": ["src-a"]}
    table = build.entry("damage", {"id": "d", "title": TEXT, "rows": [row], "notes": [stmt()]}, PATH)
    assert type(table) is m.DamageTable
    assert table.rows == [m.DamageRow("attack", "defense", "higher", ["defender"], "none", "0", TEXT, [m.Citation("src-a")])]
    assert isinstance(table.notes[0], m.Statement)


def test_a_scheme_gets_its_parts():
    part = {"order": 1, "label": "Inicio", "label_lang": "es", "maps_to": ["start-step"], "explanation": dict(TEXT)}
    scheme = build.entry("scheme", {"id": "s", "source": "src-a", "step": "battle-step", "title": TEXT, "parts": [part]}, PATH)
    assert type(scheme) is m.Scheme and scheme.parts == [m.SchemePart(1, "Inicio", "es", ["start-step"], TEXT)]


@pytest.mark.parametrize("kind,cls,data", [
    ("source", m.Source, {"type": "article", "title": "t", "lang": "es"}),
    ("substep", m.Substep, {"title": TEXT, "step": "damage-step", "order": 3}),
    ("ruling", m.Ruling, {"title": TEXT, "question": TEXT, "answer": stmt(), "explanation": [stmt()]}),
    ("unidentified", m.Unidentified, {"text": "x", "lang": "es", "source": "src-a"}),
    ("rule", m.Rule, {"title": TEXT, "statement": stmt(), "history": [stmt(status="history")]}),
])
def test_every_other_kind_has_its_own_class(kind, cls, data):
    out = build.entry(kind, {"id": "x", **data}, PATH)
    assert type(out) is cls and out.kind == kind and out.id == "x"
    for key in ("answer", "statement"):
        if key in data:
            assert isinstance(getattr(out, key), m.Statement)
    for key in ("explanation", "history"):
        if key in data:
            assert all(isinstance(s, m.Statement) for s in getattr(out, key))


@pytest.mark.parametrize("kind,field", [("scheme", "parts"), ("term", "variants"), ("example", "sequence"),
                                        ("example", "sources"), ("damage", "rows"), ("card", "timings")])
def test_a_list_left_out_is_empty(kind, field):
    assert getattr(build.entry(kind, {"id": "x"}, PATH), field) == []


def test_the_fields_of_a_source_and_an_unidentified_name_are_kept():
    source = build.entry("source", {"id": "s", "type": "rulebook", "title": "Rulebook", "lang": "en", "url": "https://x"}, PATH)
    assert (source.type, source.title, source.lang, source.url) == ("rulebook", "Rulebook", "en", "https://x")
    odd = build.entry("unidentified", {"id": "u", "text": "Dragón X", "lang": "es", "source": "s", "candidates": ["c"]}, PATH)
    assert (odd.text, odd.lang, odd.source, odd.candidates) == ("Dragón X", "es", "s", ["c"])


def test_an_unknown_kind_is_an_error_naming_it():
    with pytest.raises(ValueError, match="unknown kind wizard"):
        build.entry("wizard", {"id": "x"}, PATH)
