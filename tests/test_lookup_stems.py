"""A query word whose end is misspelt or cut, two edits from the name's word and too far for the one-typo search,
finds the words that begin with it less its last two letters (``index.STEM_FROM``; issue 24): "Obelisse the torment"
is Obelisk the Tormentor. The cards are made up."""
from __future__ import annotations

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8911\tQuelmarisk the Devourer\tQuelmarisk el Devorador\tQuelmarisk, o Devorador\tQuelmarisk il Divoratore\tMonster\t5
8912\tStorm of Vaelith\tTormenta de Vaelith\tTempestade de Vaelith\tTempesta di Vaelith\tSpell\t7
"""


def test_a_word_misspelt_at_its_end_finds_the_name(tmp_path):
    index = small_index(tmp_path, POOL)
    for query in ("Quelmarisse", "Quelmarisse the devour", "quelmarisco"):
        top = index.lookup(query).matches
        assert top and top[0].entry.passcodes[0] == "8911", query


def test_without_the_stems_such_a_word_finds_nothing(tmp_path, monkeypatch):
    from ygorules.names import index as index_module
    monkeypatch.setattr(index_module, "STEM_FROM", 99)
    index = small_index(tmp_path, POOL)
    assert index.lookup("Quelmarisse").matches == []


def test_a_stem_that_begins_too_many_words_finds_none_of_them(tmp_path, monkeypatch):
    from ygorules.names import index as index_module
    monkeypatch.setattr(index_module, "STEM_WORDS", 0)
    index = small_index(tmp_path, POOL)
    assert index.lookup("Quelmarisse").matches == []


WORDS_POOL = POOL + "8913\tShadow Controller\tControlador Umbrío\tControlador Sombrio\tControllore Ombroso\tTrap\t4\n"


def test_an_everyday_word_of_a_text_finds_no_longer_word_by_its_stem(tmp_path):
    index = small_index(tmp_path, WORDS_POOL)  # "controlar", a verb in running text, is no "Controlador" misspelt
    assert all(m.entry.passcodes[0] != "8913" for m in index.lookup("Controlar", in_text=True).matches)


def test_an_everyday_word_looked_up_finds_the_longer_word_by_its_stem(tmp_path):
    index = small_index(tmp_path, WORDS_POOL)  # a user's query is a name, misspelt or cut: "Moltiplica" for Moltiplicare
    assert any(m.entry.passcodes[0] == "8913" for m in index.lookup("Controlar").matches)


def test_without_the_everyday_test_the_verb_of_a_text_finds_the_longer_word(tmp_path, monkeypatch):
    from ygorules.names import index as index_module
    monkeypatch.setattr(index_module, "_common_word", lambda everyday, w: False)
    index = small_index(tmp_path, WORDS_POOL)
    assert any(m.entry.passcodes[0] == "8913" for m in index.lookup("Controlar", in_text=True).matches)
