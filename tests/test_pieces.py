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


def test_the_head_word_far_from_any_piece_is_a_word(index):
    far = " ".join(["la giornata era lunga e calda"] * 5)
    text = f"Avevo mal di testa; {far}. Poi ho giocato Morvath con l'artiglio dx."
    got = card_spans(index, text, "it")
    assert ("testa", "4001") not in got and ("artiglio dx", "4003") in got
