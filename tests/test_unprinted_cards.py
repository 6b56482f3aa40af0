"""A card known only by unofficial translations (issue 24: Holactie the Creator of Light, printed in Japanese alone,
has no official name in any language the pool holds): it is shortened and read loosely as the cards with printed names
are. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from ygorules.names.translate import Translator

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit
kdb9101\tAurelion the Maker of Dawn\t\t\t
9102\tThe Maker\tEl Hacedor\tO Criador\tIl Creatore
9103\tDawn Lantern\tLinterna del Alba\tLanterna da Alvorada\tLanterna dell'Alba
9104\tLantern Maker\tHacedor de Linternas\tCriador de Lanternas\tCreatore di Lanterne
"""
META = """id\tkonami_id\tcard_type\tprinted_langs\tunofficial_name_langs\tin_master_duel
kdb9101\t9101\tMonster\tja\ten\t
9102\t9102\tMonster\ten,es,pt,it\t\tyes
9103\t9103\tSpell\ten,es,pt,it\t\tyes
9104\t9104\tSpell\ten,es,pt,it\t\tyes
"""
PRINTINGS = """id\tcard_type\tproperty\tmonster_types\tattribute\tlevel\tatk\tdef\tseries_en\ttcg_printings\ttcg_first_set\ttcg_status
9102\tMonster\t\t\t\t\t\t\t\t3\tAAA-EN001\tUnlimited
9103\tSpell\tNormal\t\t\t\t\t\t\t4\tAAA-EN002\tUnlimited
9104\tSpell\tNormal\t\t\t\t\t\t\t2\tAAA-EN003\tUnlimited
"""


NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
9103\tDawn Lantern\tLanterna di Helios\tit\tfan-translation\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("unprinted"), POOL, NICKS,
                       beside={"pool_meta.tsv": META, "cardinfo.tsv": PRINTINGS})


def cards(index, text: str, lang: str) -> list:
    return [(s.text, s.passcodes[0]) for s in Translator(index, lang, "en").spans(text) if s.kind == "card"]


def test_the_pool_knows_the_card_by_its_unofficial_translation_alone(index):
    top = index.lookup("Aurelion the Maker of Dawn").matches[0]
    assert top.entry.passcodes[0] == "kdb9101" and top.form.variant == "fan-translation"
    assert not any(top.entry.names.values())


@pytest.mark.parametrize("text, lang", [
    ("Ieri ho evocato Aurelion e ho vinto.", "it"),
    ("Ayer jugué la carta Aurelion y gané.", "es"),  # (a rare card's short form needs a card context)
])
def test_its_head_is_a_short_form_as_a_printed_cards_is(index, text, lang):
    assert cards(index, text, lang) == [("Aurelion", "kdb9101")]
    assert index.lookup("Aurelion").matches[0].entry.passcodes[0] == "kdb9101"


@pytest.mark.parametrize("text, lang, want", [
    ("Ho evocato Aurelion, il Creatore dell'Alba, ieri.", "it", "Aurelion, il Creatore dell'Alba"),  # its words translated
    ("Invoqué a Aurelion, el Hacedor del Alba, ayer.", "es", "Aurelion, el Hacedor del Alba"),
    ("Ho evocato Aurelion, il Maker of Dawn, ieri.", "it", "Aurelion, il Maker of Dawn"),  # its English words
])
def test_its_head_and_epithet_written_loosely_are_the_card(index, text, lang, want):
    assert cards(index, text, lang) == [(want, "kdb9101")]


def test_an_epithet_of_other_words_stays_out_of_the_name(index):
    assert cards(index, "Ho evocato Aurelion, il re del mare, ieri.", "it") == [("Aurelion", "kdb9101")]


@pytest.mark.parametrize("query, want", [
    ("Aurelion, il Creatore dell'Alba", "kdb9101"),  # the epithet translated: "Il Creatore" alone is The Maker's name
    ("Aurelion, el Hacedor del Alba", "kdb9101"),
    ("Aurelion, the Maker of Dawn", "kdb9101"),
])
def test_lookup_reads_a_head_and_its_epithet_written_loosely(index, query, want):
    top = index.lookup(query).matches[0]
    assert top.entry.passcodes[0] == want


def test_lookup_of_a_head_and_an_epithet_of_other_words_is_not_read_as_the_card(index):
    from ygorules.names import fanmatch
    assert fanmatch.read_epithet(index, "Aurelion, il Re del Mare") is None
    assert fanmatch.read_epithet(index, "Aurelion il Creatore dell'Alba") is None  # (no comma: the lookup's own reading)
    got = fanmatch.read_epithet(index, "Aurelion, il Creatore dell'Alba")
    assert got is not None and got[1] == "Aurelion the Maker of Dawn"


def test_named_in_full_by_its_translation_it_lends_its_words_as_a_printed_card_does(index):
    # (discourse: the card has no printed name to take its words from; the one the text uses lends them all)
    text = "Tengo Aurelion the Maker of Dawn en mano: invoco el Dawn y paso."  # ("el Dawn": an everyday English word
    # made one thing)
    assert cards(index, text, "es") == [("Aurelion the Maker of Dawn", "kdb9101"), ("Dawn", "kdb9101")]


def test_a_fans_translation_of_a_printed_card_lends_only_the_words_of_its_printed_names(index):
    text = "Giocai la Lanterna di Helios in difesa, che ha il nome del dio Helios, e vinsi."
    assert cards(index, text, "it") == [("Lanterna di Helios", "9103")]  # not "Helios", the god
