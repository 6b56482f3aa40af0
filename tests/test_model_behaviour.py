"""The in-memory model as the site and reports read it: names shown per language with their fallbacks,
review states, steps in order, and the reverse references (cards at a substep, rulings and examples about
an entry)."""
from pathlib import Path

import pytest

from ygorules.core.model import (KB, Card, Citation, Event, Example, Ruling, Step, Substep, Term, Timing, Variant)

P = Path("kb/x.yaml")


def _card(id, **kw):
    return Card(id=id, kind="card", path=P, data={}, **kw)


def _term(**kw):
    return Term(id="battle-damage", kind="term", path=P, data={}, **kw)


def test_a_card_is_named_in_the_language_asked_else_english_else_any_printed_name_else_its_id():
    card = _card("mirror-force", names={"es": "Fuerza Espejo", "en": "Mirror Force", "it": "Forza Specchio"})
    assert card.name("es") == ("Fuerza Espejo", "es")
    assert _card("x", names={"es": None, "en": "Mirror Force", "it": "Forza Specchio"}).name("es") == ("Mirror Force", "en")
    assert _card("x", names={"pt": "Força Espelho", "it": "Forza Specchio"}).name("es") == ("Força Espelho", "pt")
    assert _card("x", names={"it": "Forza Specchio", "en": ""}).name("pt") == ("Forza Specchio", "it")
    assert _card("mirror-force", names={"es": None}).name("es") == ("mirror-force", "en")


def test_a_term_is_named_in_its_language_else_its_house_form_there_else_english_else_its_first_english_form_not_avoided_else_its_id():
    assert _term(names={"es": "daño de batalla", "en": "battle damage"}).name("es") == ("daño de batalla", "es")
    assert _term(names={"es": "", "en": "battle damage"}).name("es") == ("battle damage", "en")
    forms = [Variant("combat damage", "en", "common", (), avoid=True), Variant("dano de luta", "pt", "common", (), avoid=True),
             Variant("dano", "pt", "common", ()), Variant("fight damage", "en", "common", ()), Variant("hit damage", "en", "common", ())]
    # no official pt name: the glossary's first pt form that is not avoided (the form our prose uses), even before English
    assert _term(names={"pt": None}, variants=forms).name("pt") == ("dano", "pt")
    assert _term(names={"pt": None, "en": "battle damage"}, variants=forms).name("pt") == ("dano", "pt")
    assert _term(names={"pt": None}, variants=forms[:2] + forms[3:]).name("pt") == ("fight damage", "en")
    assert _term(names={"es": None}, variants=forms).name("es") == ("fight damage", "en")
    assert _term(variants=forms[:2]).name("it") == ("battle-damage", "en")


def test_unreviewed_lists_the_languages_not_native_reviewed_in_canonical_order_english_excluded():
    card = _card("x", review={"it": "machine", "en": "machine", "es": "native-reviewed", "pt": "draft"})
    assert card.unreviewed == ["pt", "it"]
    assert _card("x").unreviewed == []


def _kb():
    kb = KB(root=Path("kb"))
    kb.steps = {"b": Step(id="b", kind="step", path=P, data={}, phase="battle", order=2, substeps=["b.one", "b.gone", "b.two"]),
                "a": Step(id="a", kind="step", path=P, data={}, phase="battle", order=1),
                "m": Step(id="m", kind="step", path=P, data={}, phase="aaa", order=9)}
    kb.substeps = {s: Substep(id=s, kind="substep", path=P, data={}, step="b") for s in ("b.two", "b.one")}
    cite = [Citation("src")]
    kb.cards = {c: _card(c, timings=[Timing("b.one", "activate", {}, cite)]) for c in ("zeta", "alpha")}
    kb.cards["alpha"].timings.append(Timing("b.two", "respond", {}, cite))
    kb.rulings = {"r1": Ruling(id="r1", kind="ruling", path=P, data={}, cards=["zeta", "zeta"], substeps=["b.one"],
                               terms=["t"])}
    kb.examples = {"e1": Example(id="e1", kind="example", path=P, data={}, cards=["alpha", "alpha"], rulings=["r1"],
                                 sequence=[Event({}, "b.two"), Event({}, None)], substeps=["b.one"])}
    return kb


def test_steps_come_in_phase_then_step_order_and_substeps_in_their_steps_order_skipping_unknown_ones():
    kb = _kb()
    assert [s.id for s in kb.ordered_steps()] == ["m", "a", "b"]
    assert [s.id for s in kb.ordered_substeps("b")] == ["b.one", "b.two"]
    assert kb.ordered_substeps("a") == []


def test_cards_at_a_substep_come_in_id_order_with_how_they_act():
    kb = _kb()
    assert [(c.id, t.role) for c, t in kb.cards_at("b.one")] == [("alpha", "activate"), ("zeta", "activate")]
    assert [(c.id, t.role) for c, t in kb.cards_at("b.two")] == [("alpha", "respond")]
    assert kb.cards_at("nowhere") == []


def test_rulings_about_an_entry_are_listed_once_each():
    kb = _kb()
    assert [r.id for r in kb.rulings_about("card", "zeta")] == ["r1"]
    assert [r.id for r in kb.rulings_about("substep", "b.one")] == ["r1"]
    assert [r.id for r in kb.rulings_about("term", "t")] == ["r1"]
    assert kb.rulings_about("card", "alpha") == []
    with pytest.raises(KeyError) as exc:
        kb.rulings_about("example", "e1")
    assert exc.value.args == ("example",)


def test_examples_about_an_entry_include_the_substeps_of_their_sequence():
    kb = _kb()
    assert [e.id for e in kb.examples_about("card", "alpha")] == ["e1"]
    assert [e.id for e in kb.examples_about("substep", "b.two")] == ["e1"]
    assert [e.id for e in kb.examples_about("substep", "b.one")] == ["e1"]
    assert [e.id for e in kb.examples_about("ruling", "r1")] == ["e1"]
    assert kb.examples_about("card", "zeta") == []
    assert kb.examples_about("substep", None) == []
    with pytest.raises(KeyError) as exc:
        kb.examples_about("term", "t")
    assert exc.value.args == ("term",)


def test_table_and_entries_reach_every_kind():
    kb = _kb()
    assert kb.table("card") is kb.cards and kb.table("substep") is kb.substeps
    assert sorted(e.id for e in kb.entries()) == ["a", "alpha", "b", "b.one", "b.two", "e1", "m", "r1", "zeta"]


def test_a_card_never_printed_in_a_language_gives_its_video_game_name_there_only_when_the_kb_says_so():
    from ygorules.core.model import Spelling
    game = Spelling("Granada de Atordoamento", "pt", "video-game", "master-duel-card-names")
    fan = Spelling("Granada Cegante", "pt", "fan-translation", "an-article")
    card = _card("flashbang", names={"es": "Destello", "pt": None, "en": "Flashbang"}, absent={"pt": "video-game-only"},
                 spellings=[fan, game])
    assert card.video_game_name("pt") == "Granada de Atordoamento"
    assert card.name("pt") == ("Flashbang", "en")  # the printed English name stays the name shown
    assert card.video_game_name("es") is None  # printed in Spanish
    never = _card("x", names={"pt": None, "en": "Flashbang"}, absent={"pt": "never-printed"}, spellings=[game])
    assert never.video_game_name("pt") is None  # not recorded as video-game-only: no game name is claimed
    assert _card("x", names={"pt": None}, absent={"pt": "video-game-only"}, spellings=[fan]).video_game_name("pt") is None


def test_a_card_printed_in_none_of_our_languages_is_named_by_its_video_game_name_before_its_id():
    from ygorules.core.model import Spelling
    games = [Spelling("Guarda Real", "pt", "video-game", "s"), Spelling("Royal Guard", "en", "video-game", "s")]
    card = _card("royal-guard", names={l: None for l in ("es", "pt", "it", "en")},
                 absent={l: "video-game-only" for l in ("es", "pt", "it", "en")}, spellings=games)
    assert card.name("pt") == ("Guarda Real", "pt")
    assert card.name("it") == ("Royal Guard", "en")
    assert _card("royal-guard", names={"en": None}, absent={"en": "video-game-only"}).name("it") == ("royal-guard", "en")
