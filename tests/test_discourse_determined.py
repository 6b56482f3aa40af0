"""Where an ordinary word of a card named in full is written as a name (names/discourse.py ``_determined``, issue 24):
capitalised mid-sentence, right after a singular definite article, contraction or possessive that does not open the
sentence, perhaps with one lower-case adjective between that is no everyday word. The names and sentences are made
up; the adjectives are words of the small pool's names, so that the translator knows how common they are."""
from __future__ import annotations

import pytest

from ygorules.names import discourse

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5201\tDragon of Ostrivane\tDragón de Ostrivane\tDragão de Ostrivane\tDrago di Ostrivane\tMonster\t4
5202\tGrim Shield\tEscudo Terrible\tEscudo Terrível\tScudo Leggendario Terribile Potente\tSpell\t4
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("determined"), POOL)


def _determined(index, text: str, word: str = "Drago") -> bool:
    from ygorules.names.translate import Translator
    tr = Translator(index, "it", "en")
    tr.spans(text)
    k = next(k for k, w in enumerate(tr._raw) if w.lower() == word.lower())
    return discourse._determined(tr, tr._raw, tr._words, tr._seps, k)


def test_the_adjectives_frequencies_are_those_the_rule_is_tried_on(index):
    from ygorules.names.translate import Translator
    tr = Translator(index, "it", "en")
    tr.spans("x")
    top = discourse.ORDINARY + 1
    assert discourse.ORDINARY - 1 <= tr.freq.get("leggendario") < top  # rare enough to stand between
    assert tr.freq.get("terribile") == top  # as common as the limit: an everyday word
    assert top < tr.freq.get("potente") < top + 1


@pytest.mark.parametrize("text", [
    "Ho visto che il Drago vinse ancora.",
    "Ho visto che il leggendario Drago vinse ancora.",  # one lower-case adjective between
    "Ho visto che il Drago, che vinse, era lì.",  # a comma after the word
    "Ho letto l'effetto del Drago in partita.",  # a contraction
])
def test_an_ordinary_word_capitalised_after_a_definite_article_mid_sentence_is_determined(index, text):
    assert _determined(index, text)


@pytest.mark.parametrize("text", [
    "Ho visto che un Drago vinse ancora.",  # an indefinite article
    "Ho visto che il DRAGO vinse ancora.",  # capitals throughout
    "Ho visto che il terribile Drago vinse.",  # the adjective between is an everyday word …
    "Ho visto che il potente Drago vinse.",
    "Ho visto che il Leggendario Drago vinse.",  # … or capitalised (a longer name)
    "Ho visto che il leggendario-Drago vinse.",  # joined by a hyphen
    "Poi contro Kaiba Drago vinse ancora.",  # no article
    "Vinse ancora. Il Drago era immune.",  # the article opens the sentence
    "Ho visto il-Drago vincere.",  # not after the article's own space or apostrophe
])
def test_an_ordinary_word_not_made_one_thing_is_not_determined(index, text):
    assert not _determined(index, text)


def _read(index, text: str) -> list:
    from ygorules.names.translate import Translator
    return [(s.text, s.id) for s in Translator(index, "it", "en").spans(text)]


def test_an_article_and_word_right_after_another_name_are_its_epithet_not_the_card_named_in_full(index):
    before = "Ho evocato il Drago di Ostrivane. Poi Kaiba attivò Scudo Leggendario Terribile Potente "
    loose = _read(index, before + "il Drago feroce.")  # (Grim Shield "the Dragon", written loosely)
    assert [w for w, _ in loose] == ["Drago di Ostrivane", "Scudo Leggendario Terribile Potente"]
    linked = _read(index, before + "e il Drago vinse.")  # a word between: the article is the sentence's
    assert [w for w, _ in linked] == ["Drago di Ostrivane", "Scudo Leggendario Terribile Potente", "Drago"]


def test_a_contraction_right_after_another_name_begins_a_phrase_of_its_own(index):
    # "attivò Scudo … sul Drago": the contraction is "on the", no epithet's article: the word is the card named in full
    before = "Ho evocato il Drago di Ostrivane. Poi Kaiba attivò Scudo Leggendario Terribile Potente "
    got = _read(index, before + "sul Drago e passò.")
    assert got[-1] == ("Drago", got[0][1])
    assert [w for w, _ in _read(index, before + "il Drago feroce.")][-1] != "Drago"  # (the article: still an epithet)
