"""Pieces of a set named by body part and side (names/pieces.py, issue 24): "artiglio dx/sx", "garra izq", the word for
head. The set, its cards and the sentences are made up; the pieces are read from the pool's names, not listed."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4001\tMorvath the Drowned King\tMorvath, el Rey Ahogado\tMorvath, o Rei Afogado\tMorvath il Re Annegato\tMonster\t20
4002\tLeft Claw of the Drowned King\tGarra Izquierda del Rey Ahogado\tGarra Esquerda do Rei Afogado\tArtiglio Sx del Re Annegato\tMonster\t12
4003\tRight Claw of the Drowned King\tGarra Derecha del Rey Ahogado\tGarra Direita do Rei Afogado\tArtiglio Dx del Re Annegato\tMonster\t12
4004\tLeft Wing of the Drowned King\tAla Izquierda del Rey Ahogado\tAsa Esquerda do Rei Afogado\tAla Sx del Re Annegato\tMonster\t12
4005\tRight Wing of the Drowned King\tAla Derecha del Rey Ahogado\tAsa Direita do Rei Afogado\tAla Dx del Re Annegato\tMonster\t12
4006\tCrown of the Drowned King\tCorona del Rey Ahogado\tCoroa do Rei Afogado\tCorona del Re Annegato\tSpell\t3
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("pieces"), POOL)


@pytest.mark.parametrize("text, lang, want", [
    ("Mi mancano ancora i pezzi di Morvath: testa, artiglio dx/sx e ala dx.", "it",
     [("Morvath", None), ("testa", "4001"), ("artiglio dx", "4003"), ("sx", "4002"), ("ala dx", "4005")]),
    ("Con Morvath en la mano busqué la garra izq y el ala der.", "es",
     [("Morvath", None), ("garra izq", "4002"), ("ala der", "4005")]),
    ("Para montar o Morvath faltam a cabeça, a garra esq e a asa dir e esq.", "pt",
     [("Morvath", None), ("cabeça", "4001"), ("garra esq", "4002"), ("asa dir", "4005"), ("esq", "4004")]),
])
def test_a_piece_by_body_part_and_side_where_the_whole_is_named(index, text, lang, want):
    got = card_spans(index, text, lang)
    pieces = [(t, p) for t, p in got if p != "4001" or t.lower() in ("testa", "cabeça")]
    assert pieces == [(t, p) for t, p in want if p is not None]


@pytest.mark.parametrize("text, lang", [
    ("Me duele el ala derecha desde ayer, y la garra izq del gato también.", "es"),
    ("Ho mal di testa e il braccio dx mi fa male.", "it"),
])
def test_body_parts_where_the_whole_is_not_named_are_words(index, text, lang):
    assert card_spans(index, text, lang) == []


@pytest.mark.parametrize("text, lang, head", [
    ("Para invocar o Morvath são precisas a Garra Esquerda do Rei Afogado, a Asa Direita do Rei Afogado e a cabeça.",
     "pt", "cabeça"),  # pieces the scan found by their whole names, the head beside them
    ("Tengo la cabeza y la Garra Derecha del Rey Ahogado, nada más, para Morvath.", "es", "cabeza"),
])
def test_the_head_word_beside_pieces_found_whole_is_the_wholes_card(index, text, lang, head):
    assert (head, "4001") in card_spans(index, text, lang)


def test_the_head_word_far_from_any_piece_is_a_word(index):
    far = " ".join(["la giornata era lunga e calda"] * 5)
    text = f"Avevo mal di testa; {far}. Poi ho giocato Morvath con l'artiglio dx."
    got = card_spans(index, text, "it")
    assert ("testa", "4001") not in got and ("artiglio dx", "4003") in got


SERIES_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4101\tBlack Warlock of the Vortex\tBrujo Negro del Vórtice\tBruxo Negro do Vórtice\tStregone Nero del Vortice\tMonster\t9
4102\tRed Warlock of the Vortex\tBrujo Rojo del Vórtice\tBruxo Vermelho do Vórtice\tStregone Rosso del Vortice\tMonster\t4
4103\tWhite Drake of the Vortex\tDraco Blanco del Vórtice\tDraco Branco do Vórtice\tDraco Bianco del Vortice\tMonster\t4
4104\tWinged Drake of the Vortex\tDraco Alado del Vórtice\tDraco Alado do Vórtice\tDraco Alato del Vortice\tMonster\t4
4105\tLord of the Vortex\tSeñor del Vórtice\tSenhor do Vórtice\tSignore del Vortice\tMonster\t15
4111\tIron Queen Ysolde\tYsolde, la Reina Férrea\tYsolde, a Rainha Férrea\tYsolde la Regina Ferrea\tMonster\t10
4112\tLeft Claw of the Iron Queen\tGarra Izquierda de la Reina Férrea\tGarra Esquerda da Rainha Férrea\tArtiglio Sx della Regina Ferrea\tMonster\t5
4113\tRight Claw of the Iron Queen\tGarra Derecha de la Reina Férrea\tGarra Direita da Rainha Férrea\tArtiglio Dx della Regina Ferrea\tMonster\t5
4114\tLeft Arm of the Iron Queen\tBrazo Izquierdo de la Reina Férrea\tBraço Esquerdo da Rainha Férrea\tBraccio Sx della Regina Ferrea\tMonster\t5
4115\tRight Arm of the Iron Queen\tBrazo Derecho de la Reina Férrea\tBraço Direito da Rainha Férrea\tBraccio Dx della Regina Ferrea\tMonster\t5
"""


@pytest.fixture(scope="module")
def series_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("pieces-series"), SERIES_POOL)


@pytest.mark.parametrize("text, lang, words", [
    ("Nel Vortice ho perso con lo stregone nero e il draco bianco.", "it", ("stregone nero", "draco bianco")),
    ("En el Vórtice perdí con el brujo negro.", "es", ("brujo negro",)),
])
def test_cards_that_share_an_end_but_not_their_sides_are_no_set_of_pieces(series_index, text, lang, words):
    # two first words with two second words each, but not the same two: a series, not parts on both sides
    got = card_spans(series_index, text, lang)
    assert not any(t in words for t, _ in got), got


def test_the_sides_of_a_feminine_part_agree_with_it(series_index):
    # "garra izquierda" and "brazo izquierdo": one pair of sides in either gender, so the four cards are one set
    got = card_spans(series_index, "Con la Reina Férrea busqué el brazo izq y la garra der.", "es")
    assert ("brazo izq", "4114") in got and ("garra der", "4113") in got, got
    got = card_spans(series_index, "Para a Rainha Férrea faltam o braço dir e a garra esq.", "pt")
    assert ("braço dir", "4115") in got and ("garra esq", "4112") in got, got


def test_a_name_held_back_is_no_piece(index):
    # a forum user named after a piece, over a profile field: held back, and no piece is read inside it
    text = "Artiglio Sx del Re Annegato\nMessaggi: 120\n\nHo finalmente preso Morvath il Re Annegato."
    got = card_spans(index, text, "it")
    assert not any(t.startswith("Artiglio") for t, _ in got), got


def test_a_text_with_no_trigger_word_does_not_build_the_sets(tmp_path, monkeypatch):
    """The words that trigger a set are kept beside the cached parts: a later start reads them, and a text naming no
    whole builds no set (the sets are built where one is named, and find the same pieces)."""
    from ygorules.names import index as names, pieces, table as nametable
    from ygorules.names.translate import Translator
    from _names_fixtures import KB
    (tmp_path / "pool.tsv").write_text(POOL, encoding="utf-8")
    (tmp_path / "nicks.tsv").write_text("", encoding="utf-8")
    table = tmp_path / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(tmp_path / "pool.tsv")[0], table)
    monkeypatch.setenv("YGORULES_NICKNAMES", str(tmp_path / "nicks.tsv"))
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    idx = names.load_index(KB, table, use_cache=True, warn=lambda m: None)
    assert all(p.cached for p in idx.parts)
    assert pieces._triggers_of(idx, "it") == {w for s in pieces._sets_of(idx, "it") for w in s.triggers} == {"morvath", "annegato"}
    idx = names.load_index(KB, table, use_cache=True, warn=lambda m: None)  # a later start: the list read, no set built
    built = []
    real = pieces._build
    monkeypatch.setattr(pieces, "_build", lambda index, lang: built.append(lang) or real(index, lang))
    tr = Translator(idx, "it", "en")
    assert [s.text for s in tr.spans("Ho mal di testa e il braccio dx mi fa male.") if s.kind == "card"] == []
    assert built == []
    text = "Mi mancano ancora i pezzi di Morvath: testa, artiglio dx/sx e ala dx."
    got = [(s.text, s.passcodes[0]) for s in tr.spans(text) if s.kind == "card"]
    assert built == ["it"] and ("artiglio dx", "4003") in got and ("testa", "4001") in got


# Mutation run of names/pieces.py (issue 24; at 92c497a, `_build` and `_ungendered`): each case fails with a survivor.
@pytest.mark.parametrize("word, ungendered", [
    ("izquierdo", "izquierd"), ("izquierda", "izquierd"), ("direito", "direit"), ("destra", "destr"),
    ("alto", "alt"),  # four letters: the ending goes
    ("ala", "ala"), ("sx", "sx"), ("izq", "izq"),  # three letters or fewer: a cut or a short word stays whole
    ("left", "left"), ("derecho", "derech"),
])
def test_a_side_without_its_gender_ending(word, ungendered):
    from ygorules.names.pieces import _ungendered
    assert _ungendered(word) == ungendered


PROMINENT_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4201\tKalor Titan\tTitán Kalor\tTitã Kalor\tTitano Kalor\tMonster\t5
4202\tLeft Arm of Kalor\tBrazo Izquierdo de Kalor\tBraço Esquerdo de Kalor\tBraccio Sx di Kalor\tMonster\t40
4203\tRight Arm of Kalor\tBrazo Derecho de Kalor\tBraço Direito de Kalor\tBraccio Dx di Kalor\tMonster\t40
4204\tLeft Leg of Kalor\tPierna Izquierda de Kalor\tPerna Esquerda de Kalor\tGamba Sx di Kalor\tMonster\t40
4205\tRight Leg of Kalor\tPierna Derecha de Kalor\tPerna Direita de Kalor\tGamba Dx di Kalor\tMonster\t40
"""
"""Pieces of four words, printed more often than their whole: they end as the whole does, but are none of them it."""
LEGS_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4110\tUpper Fin of the Iron Queen\tAleta Alta de la Reina Férrea\tBarbatana Alta da Rainha Férrea\tAletta Alta della Regina Ferrea\tMonster\t5
""" + "".join(line + "\n" for line in SERIES_POOL.splitlines()[6:])
"""The Iron Queen's set and a part in one side of its own ("Aleta Alta"): the set is the parts in the most common sides."""


@pytest.mark.parametrize("pool, text, lang, want", [
    # the whole is the card that ends like the pieces and is none of them, however often the pieces were printed
    (PROMINENT_POOL, "Con Kalor en la mano busqué la cabeza y el brazo izq.", "es", [("cabeza", "4201"), ("brazo izq", "4202")]),
    # the set's last word alone, with no word of its whole, makes the text speak of the set
    (POOL, "Mi servono l'artiglio dx e l'ala sx per il mazzo Annegato.", "it", [("artiglio dx", "4003"), ("ala sx", "4004")]),
    # a part in sides of its own is left out of the set; the others stay one
    (LEGS_POOL, "Con la Reina Férrea busqué el brazo izq y la garra der.", "es", [("brazo izq", "4114"), ("garra der", "4113")]),
])
def test_the_set_its_whole_and_the_words_that_name_it(tmp_path, pool, text, lang, want):
    got = card_spans(small_index(tmp_path, pool), text, lang)
    assert [x for x in got if x in want or x[1] in ("4001", "4002", "4003", "4004", "4113", "4114", "4201", "4202", "4203")
            and x[0] not in ("Morvath", "Reina Férrea", "Kalor")] == want, got


def test_a_cut_of_two_letters_is_no_side(index):
    # "de" begins "derecha", but a cut of a side is three letters or more: "la garra de hierro" is no claw of the set
    got = card_spans(index, "Con Morvath en la mano busqué la garra de hierro.", "es")
    assert not any(t.lower().startswith("garra") for t, _ in got), got
