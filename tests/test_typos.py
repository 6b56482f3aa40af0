"""One-word misspellings of card names in running text (names/typos.py): a word one letter away from one card's
one-word name or short form, rare in ordinary language, where no other card can be meant. The cards and sentences are
made up."""
from __future__ import annotations

import pytest
from rapidfuzz import fuzz

from _names_fixtures import card_spans, small_index
from ygorules.names import mentions, typos
from ygorules.names.translate import Translator

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9301\tGrindlewurm\tGrindlewurm\tGrindlewurm\tGrindlewurm\tMonster\t12
9302\tPhoton Vexillator\tVexillator Fotónico\tVexillator Fotônico\tVexillator Fotonico\tMonster\t20
9303\tKelbrin\tKelbrin\tKelbrin\tKelbrin\tMonster\t5
9304\tKelbron\tKelbron\tKelbron\tKelbron\tMonster\t5
9305\tVexillatar Knight\tCaballero Vexillatar\tCavaleiro Vexillatar\tCavaliere Vexillatar\tMonster\t2
9306\tTessaro\tTessaro\tTessaro\tTessaro\tSpell\t8
9307\tTiempa\tTiempa\tTiempa\tTiempa\tSpell\t8
9308\tLantern Skull\tCráneo Linterna\tCrânio Lanterna\tTeschio Lanterna\tMonster\t6
9309\tZarquin Freighter\tCarguera Zarquín\tCargueira Zarquim\tCargatrice Zarquin\tMonster\t4
9310\tLantern Skull Twin\tCráneo Linterno\tCrânio Lanterno\tTeschio Lanterno\tMonster\t2
9311\tQuarn\tQuarn\tQuarn\tQuarn\tMonster\t5
9312\tMistvale Cargo\tCargamento de Brumavel\tCarregamento de Brumavel\tCarico di Brumavel\tSpell\t3
9313\tMistvale Warden\tGuardián del Brumavel\tGuardião do Brumavel\tGuardiano del Brumavel\tMonster\t3
9314\tSlivar the Sky Wyrm\tSlivar el Dragón del Cielo\tSlivar o Dragão do Céu\tSlivar il Drago del Cielo\tMonster\t9
9315\tMarvelous Merger\tFusión Prodigiosa\tFusão Prodigiosa\tFusione Prodigiosa\tSpell\t9
9316\tQuelmaris the Invoker\tQuelmaris, el que Invoca\tQuelmaris, o Invocador\tQuelmaris, l'Invocatore\tMonster\t9
9317\tTorvan\tTorvan\tTorvan\tTorvan\tMonster\t9
9318\tMorvane\tMorvane\tMorvane\tMorvane\tMonster\t20
9319\tMorvan of the Tempest\tMorvan de la Tempestad\tMorvan da Tempestade\tMorvan della Tempesta\tMonster\t6
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("typos"), POOL)


@pytest.mark.parametrize("text, lang, word, card", [
    ("Ayer saqué a Grindlewrm en el segundo turno.", "es", "Grindlewrm", "9301"),
    ("Ontem baixei o Grindelwurm no segundo turno.", "pt", "Grindelwurm", "9301"),
    ("Ieri ho evocato Grindlewurmm al secondo turno.", "it", "Grindlewurmm", "9301"),
    ("Con el Vexilator robé dos cartas.", "es", "Vexilator", "9302"),
])
def test_a_capitalised_word_one_letter_from_one_cards_name_is_the_card(index, text, lang, word, card):
    assert card_spans(index, text, lang) == [(word, card)]


@pytest.mark.parametrize("text, want", [
    ("Solo una copia de Tovan, una Grindlewurm y un Tessaro.", [("Tovan", "9317"), ("Grindlewurm", "9301"),
                                                               ("Tessaro", "9306")]),  # an item of a list of cards
    ("Limitadas: Grindlewurm, Tovan; Tessaro.", [("Grindlewurm", "9301"), ("Tovan", "9317"), ("Tessaro", "9306")]),
    ("Limitadas: Grindlewurm / 2x Tovan.", [("Grindlewurm", "9301"), ("Tovan", "9317")]),
    ("Ayer saqué a Tovan en el segundo turno.", []),  # a short word alone
    ("Solo una copia de Tovan y una Grindlewurm.", [("Grindlewurm", "9301")]),  # no comma: no list of names
    ("Solo una copia de tovan, una Grindlewurm.", [("Grindlewurm", "9301")]),  # in lower case
])
def test_a_short_capitalised_word_one_letter_from_a_card_is_the_card_among_cards(index, text, want):
    assert card_spans(index, text, "es") == want


@pytest.mark.parametrize("text", [
    "Ontem baixei o Vexilator of Mask no segundo turno.",  # a card the pool lacks: the misspelt word begins its name
    "Ayer saqué a Grindlewrm de Hielo en el segundo turno.",
])
def test_a_misspelt_word_that_begins_a_longer_capitalised_name_is_no_name(index, text):
    assert card_spans(index, text, "es" if "Ayer" in text else "pt") == []


def test_a_misspelt_short_form_in_lower_case_is_no_name(index):
    assert card_spans(index, "Con el vexilator robé dos cartas.", "es") == []


def test_a_misspelt_word_in_lower_case_needs_quotes_or_a_card_word(index):
    assert card_spans(index, "Ayer saqué a grindlewrm en el segundo turno.", "es") == []
    assert card_spans(index, "Tengo Kelbrin y un grindlewrm en mano.", "es") == [("Kelbrin", "9303")]
    assert card_spans(index, "Ayer saqué la carta grindlewrm en el segundo turno.", "es") == [("grindlewrm", "9301")]
    assert card_spans(index, "Ayer saqué «grindlewrm» en el segundo turno.", "es") == [("grindlewrm", "9301")]


def test_a_word_close_to_two_cards_names_neither(index):
    assert card_spans(index, "Después jugué Kelbrun en defensa.", "es") == []


def test_a_word_close_to_two_cards_names_the_one_the_text_names(index):
    got = card_spans(index, "Kelbron es fuerte. Después jugué Kelbrun en defensa.", "es")
    assert got == [("Kelbron", "9304"), ("Kelbrun", "9304")]


def test_a_word_close_to_a_cards_whole_name_and_another_cards_short_form_is_the_first(index):
    # "Morvanx": one edit from Morvane and from "Morvan", Morvan of the Tempest's short form
    assert card_spans(index, "Después jugué Morvanx en defensa.", "es") == [("Morvanx", "9318")]


def test_a_word_close_to_a_word_of_another_card_named_in_the_text_is_left(index):
    assert card_spans(index, "Con el Vexillatr robé dos cartas.", "es") == [("Vexillatr", "9302")]
    got = card_spans(index, "Tengo el Caballero Vexillatar. Con el Vexillatr robé dos cartas.", "es")
    assert got == [("Caballero Vexillatar", "9305")]


def test_another_gender_of_a_name_word_is_no_misspelling(index):
    assert card_spans(index, "La Tessara del pueblo es famosa.", "es") == []
    assert card_spans(index, "Jugué la Tesaro en su turno.", "es") == [("Tesaro", "9306")]


def test_an_everyday_word_is_no_misspelling(index):
    assert card_spans(index, "Usé el tiempo de la carta para robar.", "es") == []


def test_a_handle_written_in_mixed_case_is_no_misspelling(index):
    assert card_spans(index, "Gracias a GrindleWrm por la lista.", "es") == []


def test_a_two_word_name_with_its_short_first_word_misspelt_is_the_card(index):
    assert card_spans(index, "Ayer saqué Crneo Linterna en defensa.", "es") == [("Crneo Linterna", "9308")]


def test_a_two_word_name_whose_other_word_is_in_too_many_names_to_count_is_read_respelt(index, monkeypatch):
    # "Linterna" counted as a word of too many names (as "Dragon" is in the pool): the run respelt is the name itself
    from ygorules.names import index as names
    monkeypatch.setattr(names, "COMMON_WORD", 0)
    assert card_spans(index, "Ayer saqué Crneo Linterna en defensa.", "es") == [("Crneo Linterna", "9308")]


def test_a_misspelt_name_inside_a_sentence_in_capitals_is_the_card(index):
    got = card_spans(index, "TENGO UN CRNEO LINTERNA EN LA MANO.", "es")
    assert got == [("CRNEO LINTERNA", "9308")]


@pytest.mark.parametrize("text, lang, name, card", [
    ("Ayer saqué cráneo lintrna en defensa.", "es", "cráneo lintrna", "9308"),
    ("Ontem baixei crânio lantena na defesa.", "pt", "crânio lantena", "9308"),
    ("Activé la carta crguera zarquín ayer.", "es", "crguera zarquín", "9309"),
])
def test_a_lower_case_name_with_one_misspelt_word_is_the_card(index, text, lang, name, card):
    assert card_spans(index, text, lang) == [(name, card)]


def test_a_lower_case_misspelling_two_names_fit_as_well_names_neither(index):
    assert card_spans(index, "Ayer saqué cráneo linternu en defensa.", "es") == []


def _span(index, text: str, src: str, dst: str, piece: str) -> dict:
    got = [s.as_dict() for s in Translator(index, src, dst).spans(text) if s.text == piece]
    assert len(got) == 1, got
    return got[0]


def test_a_lower_case_window_span_names_the_card_in_the_target_language(index):
    text = "Hoy puse cráneo lintrna en defensa."
    got = _span(index, text, "es", "pt", "cráneo lintrna")
    assert (got["start"], got["end"]) == (text.index("cráneo"), text.index(" en defensa"))
    assert (got["id"], got["kind"], got["replacement"], got["lang"], got["variant"], got["origin"], got["passcodes"]) == (
        "lantern-skull", "card", "Crânio Lanterna", "es", "approximate", "table", ["9308"])
    assert got["similarity"] == round(fuzz.ratio("craneo lintrna", "craneo linterna"), 1)
    assert got["score"] >= Translator(index, "es", "pt").threshold
    assert _span(index, text, "es", "it", "cráneo lintrna")["replacement"] == "Teschio Lanterna"


def test_a_lower_case_misspelling_next_to_a_card_word_names_the_card_approximately(index):
    got = _span(index, "Hoy jugué la carta grindlewrm en el primer turno.", "es", "it", "grindlewrm")
    assert (got["id"], got["replacement"], got["lang"], got["variant"], got["origin"]) == (
        "grindlewurm", "Grindlewurm", "es", "approximate", "table")
    assert got["similarity"] == round(fuzz.ratio("grindlewrm", "grindlewurm"), 1)


def test_two_lower_case_misspellings_of_one_name_are_both_read(index):
    text = "Ayer saqué cráneo lintrna y luego cráneo lintrna otra vez."
    got = [(s.start, s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans(text) if s.kind == "card"]
    assert got == [(11, "cráneo lintrna", "9308"), (text.rindex("cráneo"), "cráneo lintrna", "9308")]


@pytest.mark.parametrize("a, b, other_form", [
    ("honestos", "honesto", True),   # a plural "s" added
    ("honesta", "honesto", True),    # another vowel at the end
    ("honesto", "honesta", True),
    ("honest", "honesto", False),    # the letter left out is the caller's other order
    ("kuriboo", "kuribo", False),    # the last letter doubled: a typo
    ("dwellerr", "dweller", False),  # a consonant added: a typo
    ("honestoo", "honesta", False),  # two letters apart
    ("honestx", "honesto", False),   # a consonant in place of the vowel
    ("honexto", "honesto", False),   # a letter wrong inside the word
    ("xhonesto", "honesto", False),  # a letter added at the start
    ("honestoss", "honesto", False),  # two letters added
    ("tessarox", "tessaro", False),  # a consonant added after a vowel
    ("tessara", "tessarn", False),   # a vowel in place of a consonant
])
def test_inflected_tells_another_gender_or_number_from_a_typo(a, b, other_form):
    assert typos._inflected(a, b) is other_form


def _windows(text: str, taken=()) -> list:
    return [text[a:b] for a, b in typos.caps_windows(text, 0, len(text), list(taken))]


def test_caps_windows_begin_and_end_with_words_of_three_letters_or_more():
    assert _windows("YA NO JUEGO CAMBIO DE FIDELIDD") == ["JUEGO CAMBIO DE FIDELIDD", "JUEGO CAMBIO", "CAMBIO DE FIDELIDD"]
    assert _windows("JUEGO CAMBIO DE") == ["JUEGO CAMBIO"]
    assert _windows("VER SOL LUNA") == ["VER SOL", "SOL LUNA"]


def test_caps_windows_leave_out_the_whole_run_and_read_only_inside_it():
    assert _windows("JUEGO CAMBIO FIDELIDD") == ["JUEGO CAMBIO", "CAMBIO FIDELIDD"]
    text = "XX ALFA BETA GAMA"
    assert [text[a:b] for a, b in typos.caps_windows(text, 3, len(text) - 5, [])] == []
    assert [text[a:b] for a, b in typos.caps_windows(text, 3, len(text), [])] == ["ALFA BETA", "BETA GAMA"]


def test_caps_windows_are_at_most_six_words_long():
    text = "UNO DOS TRES CUATRO CINCO SEIS SIETE"
    got = _windows(text)
    assert got[0] == "UNO DOS TRES CUATRO CINCO SEIS"
    assert max(len(w.split()) for w in got) == typos.CAPS_WINDOW == 6


def test_caps_windows_never_cut_a_name_found():
    text = "ALFA BETA GAMA DELTA"
    beta_gama = (text.index("BETA"), text.index("GAMA") + 4)
    assert _windows(text, [beta_gama]) == ["ALFA BETA GAMA", "BETA GAMA DELTA", "BETA GAMA"]
    assert _windows(text, [(text.index("GAMA"), len(text) + 6)]) == ["ALFA BETA"]  # the longest cuts it, a shorter not
    assert _windows(text, [(0, 4)]) == ["ALFA BETA GAMA", "ALFA BETA", "BETA GAMA DELTA", "BETA GAMA", "GAMA DELTA"]


def test_respelt_key_joins_the_words_with_their_separators_and_the_one_word_respelt():
    words, cls = ["craneo", "lintrna", "gemelo"], ["", " ", "-"]
    assert typos._respelt_key(words, cls, 0, 2, 1, "linterna") == "craneo linterna-gemelo"
    assert typos._respelt_key(words, cls, 1, 2, 1, "linterna") == "linterna-gemelo"
    assert typos._respelt_key(words, cls, 0, 1, 2, "x") == "craneo lintrna"


def test_a_misspelt_word_ending_the_text_after_a_card_word_is_read(index):
    assert card_spans(index, "Saqué la carta grindlewrm", "es") == [("grindlewrm", "9301")]


def test_a_word_shorter_than_min_letters_is_no_misspelling(index):
    assert typos.MIN_LETTERS == 6
    assert card_spans(index, "Ayer saqué la carta quarm en defensa.", "es") == []
    assert card_spans(index, "Ayer saqué Quarm en defensa.", "es") == []


def test_a_handle_with_two_capitals_at_its_start_is_no_misspelling(index):
    assert card_spans(index, "Gracias a GRindlewrm por la lista.", "es") == []



def _evidence(tr, text: str, span, written: list, key: list, variant: str, lang: str) -> float:
    a, b = span.start, span.end
    return mentions.evidence(text, a, b, written, key, variant, "card", "table", span.similarity, tr.freq, tr.src, True,
                             None, False, mentions.context(text, a, b, False), lang)


def test_a_misspelt_word_alone_is_judged_as_an_approximate_card_name_written_with_capitals(index):
    text = "Luego robé la carta grindlewrm sin pagar."
    tr = Translator(index, "es", "en")
    (span,) = tr.spans(text)
    assert span.score == pytest.approx(_evidence(tr, text, span, ["grindlewrm"], ["grindlewurm"], "approximate", "es"))


def test_a_lower_case_window_is_judged_as_the_official_name_it_respells(index):
    text = "Luego coloqué cráneo lintrna boca abajo."
    tr = Translator(index, "es", "en")
    (span,) = tr.spans(text)
    want = _evidence(tr, text, span, ["cráneo", "lintrna"], ["craneo", "linterna"], "official", "es")
    assert span.score == pytest.approx(want)


@pytest.mark.parametrize("text, name, card", [
    ("Ayer saqué guardián del brumavl en defensa.", "guardián del brumavl", "9313"),  # the two words before begin it
    ("Ayer activé cargamnto de brumavel en su turno.", "cargamnto de brumavel", "9312"),  # a link, a rare name word
])
def test_a_lower_case_three_word_name_with_one_misspelt_word_is_the_card(index, text, name, card):
    assert card_spans(index, text, "es") == [(name, card)]


def test_a_lower_case_misspelt_word_after_a_link_word_alone_is_no_name(index):
    assert card_spans(index, "Ayer hablé del brumavl en defensa.", "es") == []


def test_a_quoted_misspelt_word_ending_the_text_is_read(index):
    assert card_spans(index, "Ayer saqué «grindlewrm»", "es") == [("grindlewrm", "9301")]


def test_a_capitalised_first_word_of_six_letters_misspelt_before_the_rest_of_the_name_is_the_card(index):
    assert typos.MIN_LETTERS == 6  # (as short as the shortest word read as a one-word misspelling)
    got = card_spans(index, "Ayer invoqué a Slyvar el dragón del cielo en ataque.", "es")
    assert got == [("Slyvar el dragón del cielo", "9314")]


@pytest.mark.parametrize("text, name, card", [
    ("Activé la carta marvelos merger en mi turno.", "marvelos merger", "9315"),  # a name word after it
    ("Su monstruo insignia, quelmairs el que invoca, gana solo.", "quelmairs el que invoca", "9316"),  # a link word
])
def test_a_lower_case_first_word_misspelt_before_the_rest_of_the_name_is_the_card(index, text, name, card):
    assert card_spans(index, text, "es") == [(name, card)]


def test_a_lower_case_first_word_misspelt_with_none_of_the_name_after_it_is_no_name(index):
    assert card_spans(index, "Activé la carta marvelos en mi turno.", "es") == []


KNOWN_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9330\tUnicole\tUnicole\tUnicole\tUnicole\tMonster\t6
9331\tReversa Lens\tReversa\tReversa\tReversa\tTrap\t4
"""


@pytest.mark.parametrize("text, lang", [
    ("O nome usa glifos de Unicode no ecrã.", "pt"),  # English, rank 30,000–120,000: a word, though not an everyday one
    ("Fornecimentos Reversos: assim se vê a lista.", "pt"),  # Portuguese, likewise
])
def test_a_word_of_a_language_is_no_misspelt_name(tmp_path, text, lang):
    index = small_index(tmp_path, KNOWN_POOL)
    tr = Translator(index, lang, "en")
    assert "unicode" not in tr.freq.common and tr.freq.is_word("unicode") and tr.freq.is_word("reversos")
    assert card_spans(index, text, lang) == []


def test_a_misspelling_no_language_has_is_still_read(tmp_path):
    index = small_index(tmp_path, KNOWN_POOL)
    assert card_spans(index, "Ontem baixei o Unicoel no segundo turno.", "pt") == [("Unicoel", "9330")]


SOUND_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
9340\tSlifar the Sky Wyrm\tSlifar el Dragón del Cielo\tSlifar o Dragão do Céu\tSlifar il Drago del Cielo\tMonster\t9
9341\tFalkorin\tFalkorin\tFalkorin\tFalkorin\tSpell\t6
"""


@pytest.mark.parametrize("text, want", [
    ("Mehen é mais semelhante a Sliphar na descrição física.", [("Sliphar", "9340")]),  # "ph" for "f": two edits
    ("Ontem ativei a Phalkorin no segundo turno.", [("Phalkorin", "9341")]),
])
def test_a_sound_spelt_the_other_way_is_the_name_it_misspells(tmp_path, text, want):
    index = small_index(tmp_path, SOUND_POOL)
    assert card_spans(index, text, "pt") == want
