"""A one-word card name that is an everyday word opening a sentence that goes on in lower case is that word
(names/evidence.py ``_opening``, issue 24). Card names are made up for these tests; the words are the languages' own."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9001\tTherefore\tEntonces\tEntão\tDunque\tSpell\t12
9002\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
9003\tReboot Rite\tReiniciar\tReacender\tRiavviare\tTrap\t5
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("opening"), POOL, "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n")


def _reviewed(index, text, lang, piece, passcode="9001"):
    """What the evidence pass keeps of the card span ``piece`` (the card ``passcode``, as the whole pool's scan finds
    such an everyday word; this small pool's scan takes none at a sentence start) and why it held it back."""
    from ygorules.names import evidence
    from ygorules.names.translate import Span, Translator
    tr = Translator(index, lang, "en")
    tr.spans(text)  # (the text's words, as the pass reads them)
    tr.held = []
    a = text.index(piece)
    key = tr._words[tr._starts.index(a)]
    e = next(f.entry for f in tr._forms(key) if f.entry.passcodes[0] == passcode)
    span = Span(a, a + len(piece), piece, e.id, "card", e.name("en"), lang, "official", e.origin, [], 3.0, 100.0, e.passcodes)
    return [x.text for x in evidence.review(tr, text, [span], Span)], tr.held


@pytest.mark.parametrize("text, lang", [
    ("Activé la Linterna Orbital y robé dos cartas. Entonces vimos que el mazo era fuerte.", "es"),
    ("Ativei a Lanterna Orbital e comprei duas cartas. Então vimos que o deck era forte.", "pt"),
    ("Ho attivato la Lanterna Orbitale e pescato due carte. Dunque abbiamo visto che il mazzo era forte.", "it"),
])
def test_an_everyday_word_opening_a_sentence_is_that_word(index, text, lang):
    word = {"es": "Entonces", "pt": "Então", "it": "Dunque"}[lang]
    kept, held = _reviewed(index, text, lang, word)
    assert kept == [] and "opening a sentence" in held[0][1], held


@pytest.mark.parametrize("text, lang", [
    ("Activé la Linterna Orbital y robé dos cartas. «Entonces» es mejor.", "es"),  # quoted
    ("Activé la Linterna Orbital y luego Entonces en mi turno.", "es"),  # not at a sentence start
    ("Activé la Linterna Orbital y robé dos cartas. Entonces carta por carta gané.", "es"),  # a card word after it
    ("Activé la Linterna Orbital y robé dos cartas.\nEntonces: la mejor de todas.", "es"),  # no lower-case sentence after it
    ("Activé la Linterna Orbital y robé dos cartas. Entonces x3 es mejor que dos.", "es"),  # a count of copies after it
    ("Ho attivato la Lanterna Orbitale e pescato due carte. Dunque in 3x è perfetta.", "it"),  # (Italian: "in 3x")
])
def test_an_everyday_word_that_does_not_open_a_lower_case_sentence_stays_a_card(index, text, lang):
    word = {"es": "Entonces", "it": "Dunque"}[lang]
    kept, held = _reviewed(index, text, lang, word)
    assert kept == [word], held


@pytest.mark.parametrize("text, lang, word", [
    ("Activé la Linterna Orbital y robé dos cartas. Entonces dos cartas quedaron en la mano.", "es", "Entonces"),
    ("Ativei a Lanterna Orbital e comprei duas cartas. Então duas cartas voltaram ao deck.", "pt", "Então"),
    ("Ho attivato la Lanterna Orbitale e pescato due carte. Dunque le carte tornano nel mazzo.", "it", "Dunque"),
])
def test_a_card_word_after_a_count_or_an_article_is_the_sentences_object_not_the_cards(index, text, lang, word):
    # (evidence.COUNTS, DETERMINERS: "dos cartas" is what happens next, not "the Entonces card")
    kept, held = _reviewed(index, text, lang, word)
    assert kept == [] and "opening a sentence" in held[0][1], held


@pytest.mark.parametrize("text, lang, word", [
    ("Si la luz sigue encendida, espera. Reiniciar el router suele bastar.", "es", "Reiniciar"),
    ("Se a chama apagar, espere. Reacender o fogão exige cuidado.", "pt", "Reacender"),
    ("Se la spia resta accesa, aspetta. Riavviare l'auto dopo cinque minuti.", "it", "Riavviare"),
])
def test_a_verb_in_the_infinitive_opening_a_sentence_before_an_article_is_the_verb(index, text, lang, word):
    # (less common than EVERYDAY, but an instruction: evidence.OPENING_VERB)
    kept, held = _reviewed(index, text, lang, word, "9003")
    assert kept == [] and "a verb in the infinitive" in held[0][1], held


@pytest.mark.parametrize("text, lang, word", [
    ("Si la luz sigue encendida, espera. Reiniciar es mi carta favorita.", "es", "Reiniciar"),  # no article after it
    ("Se a chama apagar, espere. «Reacender» o fogão.", "pt", "Reacender"),  # quoted
])
def test_an_infinitive_that_gives_no_instruction_stays_a_card(index, text, lang, word):
    kept, held = _reviewed(index, text, lang, word, "9003")
    assert kept == [word], held
