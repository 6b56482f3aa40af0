"""names/evidence.py, rule by rule (the mutation run of 2026-12-01 evening found these untested): which names are weak,
the edges of the product, deck and longer-name rules, and the span a list line or a card in a list becomes. The pool,
nicknames and index are test_translate_evidence's (made-up names)."""
from __future__ import annotations

import pytest

from ygorules.names import evidence
from ygorules.names.translate import Span, Translator

from test_translate_evidence import found, index, pool  # noqa: F401 (fixtures)


@pytest.mark.parametrize("variant, origin, text, want", [
    ("nickname", "kb", "Two Words", True),  # a nickname is weak whatever it is
    ("official", "table", "Quorvane", True),  # one word of the card pool
    ("english", "table", "Quorvane", True),
    ("no-article", "table", " Quorvane ", True),
    ("official", "kb", "Quorvane", False),  # the KB's names are not
    ("official", "table", "Trampa Madriguera", False),  # nor a name of two words
    ("misspelling", "table", "Quorvane", False),
    ("approximate", "table", "Quorvane", False),
])
def test_which_names_need_evidence(variant, origin, text, want):
    assert evidence.weak(Span(0, len(text), text, "x", "card", text, "es", variant, origin)) is want


@pytest.mark.parametrize("text, lang, reason", [
    ("Perdi contra o Tele\u2011GOW no segundo jogo.", "pt", "longer name"),  # a non-breaking hyphen joins as "-" does
    ("Il mio Varnok\u2011Lock ha vinto.", "it", "deck"),
    ("Perdi contra o X9-GOW no segundo jogo.", "pt", "longer name"),  # a capital then a digit: still a capitalised word
    ("Colección Quorvane: lo mejor del año.", "es", "product"),  # the product word opens the text
    ("Abrí la colección 'Quorvane' ayer.", "es", "product"),  # a quote between them
])
def test_held_back_at_the_edges_of_the_rules(index, text, lang, reason):
    spans, held = found(index, text, lang)
    assert spans == [] and len(held) == 1 and reason in held[0][1], held


@pytest.mark.parametrize("text, lang, name", [
    ("Lo dije: colección, Quorvane, sin dudas.", "es", "Quorvane"),  # a comma after the product word: a list, no title
    ("Ayer jugué la Carta Calamity contra él.", "es", "Calamity"),  # a card word before it, capitalised
    ("Ayer jugué un Mazo-Calamity contra él.", "es", "Calamity"),  # a deck word joined by a hyphen: _deck's to decide
    ("Dije hola. Raging Calamity ganó la mesa con su efecto.", "es", "Calamity"),  # the word before opens a sentence (and a card context, which a one-word name needs since evidence._Context)
])
def test_kept_at_the_edges_of_the_rules(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert name in [s[0] for s in spans] and held == [], (spans, held)


def test_a_weak_name_right_after_another_name_is_no_longer_name(index):
    spans, held = found(index, "Tengo Trampa Madriguera Calamity en la mano.")
    assert [p for _, p in spans] == ["2010", "2003"] and held == []


def test_a_list_line_becomes_an_approximate_card_span_in_the_target_language(index):
    text = "Lista:\n2 Quorvane\n- http://example.org/wyrm-orvane\n1 zzqx vvrk\n1 destellante wyrm orvane\n"
    tr = Translator(index, "es", "it")
    spans = [s for s in tr.spans(text) if s.kind == "card"]
    assert [(s.text, s.variant) for s in spans] == [("Quorvane", "official"), ("destellante wyrm orvane", "approximate")]
    line = spans[1]
    assert (line.id, line.replacement, line.origin, line.passcodes) == (
        next(e.id for e in index.entries() if "2002" in e.passcodes), "Wyrm Orvane Scintillante", "table", ("2002",))
    assert line.lang in ("es", "pt", "it", "en") and line.score == tr.threshold and 0 < line.similarity <= 100
    assert line.as_dict()["variant"] == "approximate"


def test_a_series_between_cards_of_a_list_becomes_the_cards_official_span_and_keeps_its_evidence(index):
    text = "Le rare: Tana Trappola, Velorix, Cavo Mistico e altre."
    tr = Translator(index, "it", "en")
    spans = tr.spans(text)
    k = next(i for i, x in enumerate(spans) if x.text == "Velorix")
    x = spans[k]
    spans[k] = Span(x.start, x.end, x.text, "series-velorix", "series", "Velorix", "it", "official", "table", score=1.5,
                    similarity=88.0, why=["the context"])
    got = next(s for s in evidence.review(tr, text, spans, Span) if s.text == "Velorix")
    assert (got.kind, got.variant, got.origin, got.passcodes) == ("card", "official", "table", ("2009",))
    assert got.id == next(e.id for e in index.entries() if "2009" in e.passcodes and e.kind == "card")
    assert (got.score, got.similarity, got.why) == (1.5, 88.0, ["the context"]) and got.lang in ("es", "pt", "it", "en")
