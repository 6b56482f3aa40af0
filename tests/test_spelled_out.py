"""An abbreviation in capitals that is a card's ("GW") stands for other words where the text writes those words in full,
each capitalised, with those initials ("Game Warden"), and names no card in full: the writer says what the letters
mean (``evidence._spelled_out``). Where the text names a card in full, or a count of copies comes before the letters,
they stay the card's. The cards, abbreviations and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, cards_and_held, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8421\tGloom Wizard\tMago Tenebroso\tMago Sombrio\tMago Cupo\tMonster\t9
8422\tGrave Ward\tGuardia de la Tumba\tGuarda do Túmulo\tGuardia della Tomba\tTrap\t3
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8421\tGloom Wizard\tGW\tes,pt,it,en\tabbreviation\t\t
"""
SERIES = "en\tes\tpt\tit\nGilded Wyrm\tGilded Wyrm\tGilded Wyrm\tGilded Wyrm\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("spelled"), POOL, NICKS, series=SERIES)


@pytest.mark.parametrize("text, lang", [
    ("Come GW, devi decidere in fretta. Ogni Game Warden del tavolo conosce le regole.", "it"),
    ("El Game Warden dirige la partida: como GW, tú decides qué pasa.", "es"),
])
def test_letters_the_text_spells_out_are_those_words(index, text, lang):
    names, held = cards_and_held(index, text, lang)
    assert names == [] and [why for t, why in held if t == "GW"] == ["the initials of 'Game Warden', which the text writes in full"]


@pytest.mark.parametrize("text, lang, want", [
    # a card named in full: the letters are a card's
    ("Ho giocato Mago Cupo e poi il GW ha vinto. Ogni Game Warden lo sa.", "it", [("Mago Cupo", "8421"), ("GW", "8421")]),
    ("El Game Warden no juega cartas; en mi mazo uso 3 GW.", "es", [("GW", "8421")]),  # a count of copies
    # the words are another card's name ("Grave Ward"), a heading in capitals or begin with a word of grammar
    ("Uso GW en mi mazo. Grave Ward no importa aquí.", "es", [("GW", "8421"), ("Grave Ward", "8422")]),
    ("GAME WARDEN\nUso GW en mi mazo.", "es", [("GW", "8421")]),
    ("Uso GW nel mio mazzo. Gli Wombat non c'entrano.", "it", [("GW", "8421")]),
    ("Uso GW en mi mazo de Gilded Wyrm.", "es", [("GW", "8421")]),  # a series' name
])
def test_letters_stay_the_card_s(index, text, lang, want):
    assert card_spans(index, text, lang) == want
