"""An official name written with a comma it does not have (names/commas.py, issue 24): the words on both sides of the
comma, read together, are the card; an item of a list after a comma is not. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8001\tVorlag the Lord of Mists\tVorlag el Señor de las Nieblas\tVorlag o Senhor das Névoas\tVorlag il Signore delle Nebbie\tMonster\t6
8002\tThe Agent of Mists - Quiron\tEl Agente de las Brumas - Quiron\tO Agente das Brumas - Quiron\tL'Agente delle Brume - Quiron\tMonster\t5
8003\tKrell Dragon\tDragón Krell\tDragão Krell\tDrago Krell\tMonster\t5
8004\tGrey Rose Dragon\tDragón de la Rosa Gris\tDragão da Rosa Cinza\tDrago della Rosa Grigia\tMonster\t5
8006\tGreat Vorlag\tGran Vorlag\tGrande Vorlag\tGrande Vorlag\tMonster\t3
8005\tLord of Mists\tSeñor de las Nieblas\tSenhor das Névoas\tSignore delle Nebbie\tMonster\t3
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("commas"), POOL)


@pytest.mark.parametrize("text, lang, name, card", [
    ("Juego Vorlag, el Señor de las Nieblas en cada duelo.", "es", "Vorlag, el Señor de las Nieblas", "8001"),
    ("Ho messo Vorlag, il Signore delle Nebbie nel mazzo.", "it", "Vorlag, il Signore delle Nebbie", "8001"),
    ("Sempre abro com Vorlag, o Senhor das Névoas e ganho.", "pt", "Vorlag, o Senhor das Névoas", "8001"),
    ("Lo revivo con el Agente de las brumas, Quiron, y ataco.", "es", "Agente de las brumas, Quiron", "8002"),
])
def test_a_name_written_with_a_comma_is_the_card(index, text, lang, name, card):
    got = card_spans(index, text, lang)
    assert got == [(name, card)], got


@pytest.mark.parametrize("text", [
    "En el Extra: Krell, Dragón de la Rosa Gris, y poco más.",  # the next item is a card
    "En el Extra: Krell, Dragón de la Torre Rota, y poco más.",  # the next item goes on as a name the pool lacks
])
def test_an_item_of_a_list_after_a_comma_is_not_read_with_the_one_before(index, text):
    got = card_spans(index, text, "es")
    assert not any(t.startswith("Krell,") for t, _ in got), got


def test_the_shorter_names_inside_give_way(index):
    got = card_spans(index, "Mi carta favorita: Vorlag, el Señor de las Nieblas.", "es")
    assert got == [("Vorlag, el Señor de las Nieblas", "8001")], got  # not Lord of Mists (8005) after the comma


def test_a_name_found_that_runs_out_of_the_window_stands(index):
    got = card_spans(index, "Abro con Gran Vorlag, el Señor de las Nieblas me sigue.", "es")
    assert ("Gran Vorlag", "8006") in got and not any(p == "8001" for _, p in got), got


@pytest.mark.parametrize("text, lang, name, card", [
    ("Hoy, con calma, juego Vorlag, el Señor de las Nieblas, y gano.", "es", "Vorlag, el Señor de las Nieblas", "8001"),
    ("Vorlag, el Señor de las Nieblas abre el duelo.", "es", "Vorlag, el Señor de las Nieblas", "8001"),  # the text's 1st word
    ("Lo rievoco con L'Agente delle brume, Quiron, e attacco.", "it", "L'Agente delle brume, Quiron", "8002"),
])
def test_a_name_with_a_comma_among_other_commas_at_the_text_s_start_or_with_an_apostrophe(index, text, lang, name, card):
    got = card_spans(index, text, lang)
    assert got == [(name, card)], got


@pytest.mark.parametrize("text, want", [
    ("Tengo Dragón Krell y Vorlag, el Señor de las Nieblas en mano.",  # a name found before the window stays
     [("Dragón Krell", "8003"), ("Vorlag, el Señor de las Nieblas", "8001")]),
    ("Mi combo: Dragón Krell/Vorlag, el Señor de las Nieblas.",  # … even one character before it
     [("Dragón Krell", "8003"), ("Vorlag, el Señor de las Nieblas", "8001")]),
    ("En el Extra: Krell, Dragón de la Torre Rota, y en mano Vorlag, el Señor de las Nieblas.",  # a list's comma first
     [("Vorlag, el Señor de las Nieblas", "8001")]),
    ("Abro con Gran Vorlag, el Señor de las Nieblas me sigue, y luego Vorlag, el Señor de las Nieblas gana.",
     [("Gran Vorlag", "8006"), ("Señor de las Nieblas", "8005"), ("Vorlag, el Señor de las Nieblas", "8001")]),
])
def test_the_names_around_and_the_commas_after_a_window_left_alone(index, text, want):
    assert card_spans(index, text, "es") == want


@pytest.mark.parametrize("text", [
    "Juego «Vorlag», el Señor de las Nieblas en cada duelo.",  # the first name quoted alone
    "Lo revivo con el Agente\n\nde las brumas, Quiron, y ataco.",  # a paragraph break before the comma
    "Lo revivo con el Agente      de las brumas, Quiron, y ataco.",  # a long gap before it
    "Juego Vorlag, el Señor\n\nde las Nieblas en cada duelo.",  # a paragraph break after it
])
def test_no_name_is_read_across_a_quote_a_paragraph_break_or_a_long_gap(index, text):
    from ygorules.names.translate import Translator
    got = Translator(index, "es", "en").spans(text)  # (a head and the words of its epithet before the break may be read
    # loosely, "Vorlag, el Señor": ``fanmatch.epithets``; none goes past the break)
    cut = min(text.find(m) for m in ("»", "\n\n", "      ") if m in text)
    assert not any(s.start < cut < s.end - 1 for s in got), [(s.text, s.id) for s in got]


def test_a_name_read_across_a_comma_is_an_exact_match_of_the_name_without_it(index):
    from ygorules.names.translate import Translator
    tr = Translator(index, "es", "en")
    got = [(s.text, s.similarity) for s in tr.spans("Juego Vorlag, el Señor de las Nieblas.")]
    assert got == [("Vorlag, el Señor de las Nieblas", 100.0)], got
    like = [[(s.id, s.origin, s.lang, s.variant, s.replacement) for s in tr.spans(t)]
            for t in ("Juego Vorlag, el Señor de las Nieblas.", "Juego Vorlag el Señor de las Nieblas.")]
    assert like[0] == like[1] and like[0][0][4] == "Vorlag the Lord of Mists", like


@pytest.mark.parametrize("text, want", [
    (", Vorlag, el Señor de las Nieblas gana.", [("Vorlag, el Señor de las Nieblas", "8001")]),  # a comma opens the text
    ("Mi mazo:\n\nVorlag, el Señor de las Nieblas gana.", [("Vorlag, el Señor de las Nieblas", "8001")]),  # a paragraph
    # in lower case no window crosses the comma: the made-up head alone is its card's short form (translate.LOWER_SHORT_ZIPF)
    ("juego vorlag, el señor de las nieblas en cada duelo.", [("vorlag", "8001"), ("señor de las nieblas", "8005")]),
])
def test_where_the_words_before_the_comma_begin(index, text, want):
    assert card_spans(index, text, "es") == want


POOL_LONGER = POOL + """8101\tKai-Ro the Warden of Dawn\tKai-Ro el Guardián del Alba\tKai-Ro o Guardião da Aurora\tKai-Ro il Custode dell'Alba\tMonster\t4
8102\tVorlag the Lord\tVorlag el Señor\tVorlag o Senhor\tVorlag il Signore\tMonster\t4
8103\tKai-Ro\tKai-Ro\tKai-Ro\tKai-Ro\tMonster\t4
"""


@pytest.fixture(scope="module")
def longer(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("commas_longer"), POOL_LONGER)


@pytest.mark.parametrize("text, lang, name, card", [
    ("Hoy en el torneo juego Vorlag, el Señor de las Nieblas.", "es", "Vorlag, el Señor de las Nieblas", "8001"),  # longest
    ("Hoy juego Vorlag, el Señor y gano.", "es", "Vorlag, el Señor", "8102"),  # the shorter name where it ends
    ("Evoco Kai-Ro, il Custode dell'Alba in difesa.", "it", "Kai-Ro, il Custode dell'Alba", "8101"),  # an apostrophe after; Kai-Ro alone is a card too
])
def test_the_longest_whole_name_across_a_comma_wins(longer, text, lang, name, card):
    got = card_spans(longer, text, lang)
    assert got == [(name, card)], got
