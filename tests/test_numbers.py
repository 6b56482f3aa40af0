"""A Number card named without its number (names/numbers.py, issue 24): "Tidewheel Oracle" for "Number 61: Tidewheel
Oracle". The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6001\tNumber 61: Tidewheel Oracle\tNúmero 61: Oráculo Rueda de Marea\tNúmero 61: Oráculo Roda da Maré\tNumero 61: Oracolo Ruota di Marea\tMonster\t4
6002\tNumber C61: Tidewheel Oracle Abyss\tNúmero C61: Oráculo Rueda de Marea Abismal\tNúmero C61: Oráculo Roda da Maré Abissal\tNumero C61: Oracolo Ruota di Marea Abissale\tMonster\t2
6003\tGlimmer Harrow\tGrada Destellante\tGrade Cintilante\tErpice Scintillante\tSpell\t5
"""
WYRM_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6004\tNumber C77: Zarkon Wyrm Vallis\tNúmero C77: Draco Arrecife Vallis\tNúmero C77: Draco Recife Vallis\tNumero C77: Draco Scogliera Vallis\tMonster\t3
6005\tZarkon Wyrm\tZarkon Wyrm\tZarkon Wyrm\tZarkon Wyrm\tMonster\t4
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("numbers"), POOL)


@pytest.mark.parametrize("text, lang, want", [
    ("El rival sacó Tidewheel Oracle en su primer turno.", "es", ("Tidewheel Oracle", "6001")),
    ("Depois ele invocou o Oráculo Roda da Maré e passou.", "pt", ("Oráculo Roda da Maré", "6001")),
    ("Poi evoca Oracolo Ruota di Marea Abissale sopra l'altro.", "it", ("Oracolo Ruota di Marea Abissale", "6002")),
])
def test_a_number_named_without_its_number_is_the_card(index, text, lang, want):
    assert want in card_spans(index, text, lang)


def test_a_shorter_name_found_inside_the_rest_gives_way_to_the_number(tmp_path):
    index = small_index(tmp_path, WYRM_POOL)  # (the card Zarkon Wyrm is found first, inside the rest)
    assert card_spans(index, "Ele invocou Zarkon Wyrm Vallis e atacou.", "pt") == [("Zarkon Wyrm Vallis", "6004")]


@pytest.mark.parametrize("text, lang", [
    ("El torneo Tidewheel Oracle Cup fue ayer.", "es"),  # the start of a longer capitalised name
    ("Ganó el Gran Tidewheel Oracle del año.", "es"),  # the end of one
    ("Il tidewheel oracle non c'entra.", "it"),  # in lower case
])
def test_the_rest_of_a_numbers_name_inside_a_longer_name_or_in_lower_case_is_not_the_card(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, sorts", [
    ("Activé Grada Destellante y pasé el turno.", "es", 0),  # no rest of a Number's name: the names found are not sorted
    ("El rival sacó Tidewheel Oracle en su primer turno.", "es", 1),  # one rest: sorted once, where it is read
    ("Tidewheel Oracle y luego Tidewheel Oracle otra vez.", "es", 1),  # two: still once
])
def test_the_names_found_are_sorted_only_where_a_rest_of_a_numbers_name_is_read(index, text, lang, sorts, monkeypatch):
    from ygorules.names import numbers

    calls = []
    taken_of = numbers.taken_of
    monkeypatch.setattr(numbers, "taken_of", lambda tr, spans: calls.append(1) or taken_of(tr, spans))
    card_spans(index, text, lang)
    assert len(calls) == sorts


def test_a_number_found_is_the_cards_translated_name_as_a_short_form(index):
    from ygorules.names.translate import Translator
    tr = Translator(index, "es", "en")
    got = [s for s in tr.spans("Tidewheel Oracle volvió a salir.") if s.kind == "card"]
    assert [(s.text, s.id, s.replacement, s.lang, s.variant, s.origin, s.alternatives, s.score, s.similarity, s.passcodes)
            for s in got] == [("Tidewheel Oracle", got[0].id, "Number 61: Tidewheel Oracle", "es", "short-form", "table", [],
                               tr.threshold, 100.0, ("6001",))]
    assert got[0].id and got[0].id == index.lookup("Number 61: Tidewheel Oracle").matches[0].entry.id


@pytest.mark.parametrize("text, want", [
    ("Tidewheel Oracle abrió la partida.", [("Tidewheel Oracle", "6001")]),  # the text's first words
    ("Al final salió Tidewheel Oracle", [("Tidewheel Oracle", "6001")]),  # its last words
    ("Al final salió Tidewheel", []),  # a first word of a rest as the text's last word
    ("Vino Tidewheel Grande y luego Tidewheel Oracle.", [("Tidewheel Oracle", "6001")]),  # a first word, no rest
    ("La tidewheel gira y luego Tidewheel Oracle ataca.", [("Tidewheel Oracle", "6001")]),  # a first word in lower case
    ("Luego vino Tidewheel Oracle (Abyss no).", [("Tidewheel Oracle", "6001")]),  # a bracket inside the longer rest
    ("Ayer, Tidewheel Oracle ganó.", [("Tidewheel Oracle", "6001")]),  # a comma before it
    ("Tengo Tidewheel, Oracle y Grada.", []),  # a comma between its words
    ("Luego vino Tidewheel oracle Abyss.", []),  # a word of the rest in lower case
])
def test_where_a_rest_is_read(index, text, want):
    assert card_spans(index, text, "es") == want


def test_a_number_named_in_full_is_one_name(index):
    assert card_spans(index, "Saqué Número 61: Oráculo Rueda de Marea en defensa.", "es") == [
        ("Número 61: Oráculo Rueda de Marea", "6001")]


def test_the_firsts_of_the_rests(index):
    from ygorules.names import numbers
    tails = {"ash bell chime": 0, "ash bell": 1, "ash dune toll wide": 2, "grey lark": 3}
    got = numbers._firsts_of(tails)
    assert got == {"ash": [4, 3, 2], ("ash", "bell"): [3, 2], ("ash", "dune"): [4], "grey": [2], ("grey", "lark"): [2]}
    assert numbers._firsts_of(tails) is got  # made once for a table
    other = dict(tails)
    numbers._firsts[id(other)] = (tails, {})  # what a table since gone left under the same id
    assert numbers._firsts_of(other) == got


PARTS = """id\ten\tes\tpt\tit\tcard_type\tprintings
6101\tNumber 5: Lone Oracle\tNúmero 5: Oráculo\tNúmero 5: Oráculo Só\tNumero 5: Oracolo Solo\tMonster\t1
6102\tNumber 77: One Two Three Four Five Six\tNúmero 77: Uno Dos Tres Cuatro Cinco Seis\tNúmero 77: Um Dois Três Quatro Cinco Seis Sete\tNumero 77: Uno Due Tre Quattro Cinque Sei\tMonster\t1
6103\tEmber Loom Sentinel\tCentinela Telar de Brasas\tSentinela Tear de Brasas\tNumero 47: Sentinella Telaio di Braci\tMonster\t1
6104\tNightfall Lantern\tFarol del Anochecer\tLanterna do Anoitecer\tLanterna del Crepuscolo\tSpell\t1
"""


def test_the_rests_a_part_holds(tmp_path):
    from ygorules.names import numbers
    fresh = small_index(tmp_path, PARTS)
    part = fresh.parts[-1]
    rows = {k: [part.entry(i).passcodes[0] for i in v] for k, v in numbers._part_tails(part).items()}
    assert rows == {
        "lone oracle": ["6101"], "oraculo so": ["6101"], "oracolo solo": ["6101"],  # "Oráculo" alone: one word
        "one two three four five six": ["6102"], "uno dos tres cuatro cinco seis": ["6102"],  # six words: the most
        "uno due tre quattro cinque sei": ["6102"],  # (the pt rest has seven)
        "sentinella telaio di braci": ["6103"],  # a Number in one language only
    }


def test_prepare_keeps_the_table_that_translate_then_reads(tmp_path, monkeypatch):
    from ygorules.names import numbers
    fresh = small_index(tmp_path, POOL)
    for p in fresh.parts:
        numbers.prepare(p)
    monkeypatch.setattr(numbers, "_part_tails", lambda p: pytest.fail("a table prepare made was built again"))
    tails = numbers._tails_of(fresh)
    assert "tidewheel oracle" in tails
    assert numbers._tails_of(fresh) is tails  # once per index
    other = small_index(tmp_path / "other", POOL.replace("Tidewheel", "Tidebell")) if (tmp_path / "other").mkdir() is None else None
    monkeypatch.undo()
    numbers._tails[id(other)] = (fresh, {})  # what an index since gone left under the same id
    assert "tidebell oracle" in numbers._tails_of(other)


# ── a Number whose word is abbreviated: "N61 Tidewheel Oracle", "No. 61 Oráculo…" (numbers.written, index.spelled_number)

@pytest.mark.parametrize("text, lang, want", [
    ("Salí con N61 Tidewheel Oracle y gané.", "es", [("N61 Tidewheel Oracle", "6001")]),
    ("Depois veio o No. 61 Oráculo Roda da Maré.", "pt", [("No. 61 Oráculo Roda da Maré", "6001")]),
    ("Poi Nº C61: Oracolo Ruota di Marea Abissale e basta.", "it", [("Nº C61: Oracolo Ruota di Marea Abissale", "6002")]),
    ("Tengo n°61 Tidewheel Oracle Abyss en el extra.", "es", [("n°61 Tidewheel Oracle Abyss", "6002")]),  # the letter
    # dropped: the number and the words name C61 (the number's digits agree)
    ("El #61 Tidewheel Oracle sigue siendo bueno.", "es", [("#61 Tidewheel Oracle", "6001")]),
    ("Con el N61 en mesa, pasé turno.", "es", []),  # a number alone names no card here
    ("Luego N62 Tidewheel Oracle no existe.", "es", []),  # another number: no card (and no short form either)
    ("Tengo no 61 cartas de Tidewheel.", "es", []),  # "no" and a number before words that name nothing
])
def test_a_numbers_word_abbreviated_with_its_number_and_rest_is_the_card(index, text, lang, want):
    assert card_spans(index, text, lang) == want


def test_the_abbreviation_is_replaced_with_the_rest_and_nothing_is_held_back(index):
    from ygorules.names.translate import Translator, render
    tr = Translator(index, "es", "en")
    text = "Salí con N61 Tidewheel Oracle y gané."
    spans = tr.spans(text, report=True)
    assert render(text, spans) == "Salí con Number 61: Tidewheel Oracle y gané."
    assert tr.held == []


@pytest.mark.parametrize("query, want", [
    ("N61 Tidewheel Oracle", "6001"),
    ("No. 61 Oráculo Rueda de Marea", "6001"),
    ("Nº C61: Tidewheel Oracle Abyss", "6002"),
    ("#61 Oracolo Ruota di Marea", "6001"),
])
def test_lookup_spells_an_abbreviated_numbers_word_out(index, query, want):
    top = index.lookup(query).matches[0]
    assert top.entry.passcodes[0] == want and top.score == 98.0, (top.entry.id, top.score)


def test_lookup_of_an_abbreviated_number_alone_looks_for_the_number(index):
    from ygorules.names.index import spelled_number
    assert spelled_number("N61") == ["number 61", "numero 61"]
    assert spelled_number("Nebula Dragon") == [] and spelled_number("No way") == []
    assert index.lookup("N61").matches[0].entry.passcodes[0] == "6001"  # (no match at all before)


# ── a Number written with its word and number in full, its name in other words: "Número 61: Oráculo Tidewheel"
# (numbers.spelled)

SHARED = """id\ten\tes\tpt\tit\tcard_type\tprintings
6201\tNumber 62: Ash Wyrm\tNúmero 62: Sierpe de Ceniza\tNúmero 62: Serpe de Cinza\tNumero 62: Serpe di Cenere\tMonster\t3
6202\tNumber 62: Ash Wyrm Ascendant\tNúmero 62: Sierpe de Ceniza Ascendente\tNúmero 62: Serpe de Cinza Ascendente\tNumero 62: Serpe di Cenere Ascendente\tMonster\t1
"""


@pytest.mark.parametrize("text, lang, want", [
    # English words left in a Spanish rendering
    ("Saqué Número 61: Oráculo Tidewheel de Marea en defensa.", "es", [("Número 61: Oráculo Tidewheel de Marea", "6001")]),
    ("MI FAVORITA: NÚMERO 61: ORÁCULO TIDEWHEEL DE MAREA, SIEMPRE.", "es", [("NÚMERO 61: ORÁCULO TIDEWHEEL DE MAREA", "6001")]),
    ("Depois o Número C61: Oracle Roda Abissal voltou.", "pt", [("Número C61: Oracle Roda Abissal", "6002")]),  # its letter
    ("Poi Numero 61 Oracolo Tidewheel e basta.", "it", [("Numero 61 Oracolo Tidewheel", "6001")]),  # no colon
    ("Saqué Número 61: Oráculo y pasé.", "es", [("Número 61: Oráculo", "6001")]),  # one word of its name
    ("Saqué Número 61: Oráculo Tidewheelo Gigante y pasé.", "es", [("Número 61: Oráculo Tidewheelo", "6001")]),  # the
    # same word with another ending counts; the span ends at the last word of the card's
])
def test_a_numbers_name_in_other_words_with_its_number_in_full_is_the_card(index, text, lang, want):
    assert card_spans(index, text, lang) == want


@pytest.mark.parametrize("text", [
    "Mi lista:\nNúmero 61: Dragón Rojo Grande",  # a list's numbering: the words are no name of the card with the number
    "Número 3: Oráculo Tidewheel no existe.",  # no Number has that number
    "Saqué Número 61: oráculo tidewheel en defensa.",  # in lower case
    "Saqué Número 61:\nOráculo Tidewheel en defensa.",  # the rest on the next line
    "Saqué Número 61: Marea Roja en defensa.",  # its first word is not the card's
    "Saqué el número 61: Oráculo Tidewheel en defensa.",  # the word "número" in lower case: a count, a list
])
def test_a_number_in_full_before_words_that_are_not_its_cards_is_no_card(index, text):
    assert card_spans(index, text, "es") == []


def test_the_number_decides_among_its_cards_by_the_words(tmp_path):
    shared = small_index(tmp_path, SHARED)
    assert card_spans(shared, "Saqué Número 62: Ash Sierpe Ascendente ayer.", "es") == [
        ("Número 62: Ash Sierpe Ascendente", "6202")]  # the one that has every word
    assert card_spans(shared, "Saqué Número 62: Ash Sierpe ayer.", "es") == [("Número 62: Ash Sierpe", "6201")]  # both
    # have the words: the one with no word more


def test_a_numbers_name_in_full_is_read_as_printed_not_as_a_rendering(index):
    from ygorules.names.translate import Translator
    got = [s for s in Translator(index, "es", "en").spans("Saqué Número 61: Oráculo Rueda de Marea.") if s.kind == "card"]
    assert [(s.text, s.variant) for s in got] == [("Número 61: Oráculo Rueda de Marea", "official")]
    got = [s for s in Translator(index, "es", "en").spans("Saqué Número 61: Oráculo Tidewheel.") if s.kind == "card"]
    assert [(s.text, s.variant, s.replacement) for s in got] == [
        ("Número 61: Oráculo Tidewheel", "fan-translation", "Number 61: Tidewheel Oracle")]


def test_prepare_keeps_the_numbers_table_that_translate_then_reads(tmp_path, monkeypatch):
    from ygorules.names import numbers
    fresh = small_index(tmp_path, POOL)
    for p in fresh.parts:
        numbers.prepare(p)
    numbers._numbered.clear()
    monkeypatch.setattr(numbers, "_part_numbered", lambda p: pytest.fail("a table prepare made was built again"))
    got = numbers._numbered_of(fresh)
    assert sorted(got) == ["61", "c61"]
    assert numbers._numbered_of(fresh) is got  # once per index
