"""The longest mention wins (names/evidence.py, issue 24): a card's whole name inside a longer capitalised name it does
not stand for, a head and its epithet written without their comma, and a name that heads a longer name whose
modifier was held back. Card names and nicknames are made up for these tests."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
4001\tPale Wyrm\tWyrm Pálido\tWyrm Pálido\tWyrm Pallido\tMonster\t9
4002\tVelorix\tVelorix\tVelorix\tVelorix\tSpell\t5
4003\tKalven, the Frost Herald\tKalven, el Heraldo de Escarcha\tKalven, o Arauto de Geada\tKalven, l'Araldo di Brina\tMonster\t6
4004\tFrost Herald\tHeraldo de Escarcha\tArauto de Geada\tAraldo di Brina\tMonster\t7
4005\tGrey-Eyes Night Wyrm\tWyrm Nocturno de Ojos Grises\tWyrm Noturno de Olhos Cinzentos\tWyrm Notturno Occhi Grigi\tMonster\t12
4006\tBaby Drake\tBebé Draco\tBebê Draco\tCucciolo Draco\tMonster\t6
4007\tGrey-Eyes Baby Drake\tBebé Draco Gris de Ojos Grises\tBebê Draco Cinza de Olhos Cinzentos\tCucciolo Draco Grigio Occhi Grigi\tMonster\t4
4008\tDrake Nest\tNido Draco\tNinho Draco\tNido Draco\tSpell\t5
4009\tMoss Lantern\tLinterna de Musgo\tLanterna de Musgo\tLanterna di Muschio\tSpell\t4
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
4005\tGrey-Eyes Night Wyrm\tojos grises\tes\tnickname\t\t
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("longest"), POOL, NICKS)


@pytest.mark.parametrize("text, lang", [
    ("Usé la Polimerización para crear al Supremo Wyrm Pálido en mi turno.", "es"),
    ("Depois ele invocou o Grande Wyrm Pálido no campo.", "pt"),
    ("Poi ha evocato il Sommo Wyrm Pallido sul terreno.", "it"),
    ("Depois ele invocou o DARK Wyrm Pálido no campo.", "pt"),  # an English word in capitals: a longer name's ("Destiny HERO")
])
def test_a_whole_name_after_a_capitalised_word_is_the_end_of_a_longer_name(index, text, lang):
    spans, held = found(index, text, lang)
    assert "4001" not in [p for _, p in spans], spans
    assert any("longer name" in why for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Supremo Wyrm Pálido no existe. Wyrm Pálido sí.", "es"),  # a capital at a sentence start proves nothing
    ("Abbiamo i mostri dell'anime, Il Wyrm Pallido di Yugi.", "it"),  # an article written with a capital
    ("Depois faça Normal Summon Wyrm Pálido e ataque.", "pt"),  # a word of the game before it
    ("Ele ativou DOIS Wyrm Pálido seguidos.", "pt"),  # an everyday word in capitals, for emphasis
    ("Poi ha evocato SEMPRE Wyrm Pallido in attacco.", "it"),
    ("Pregunta 2: Si Wyrm Pálido ataca, ¿qué pasa?", "es"),  # a conjunction that opens a clause
    ("Dúvida: Quando Wyrm Pálido ataca, o que acontece?", "pt"),
    ("Nel deck:\n- LOB-EN001 Wyrm Pallido\n- LOB-EN002 Velorix", "it"),  # a print number before it
])
def test_a_whole_name_after_a_capital_that_opens_no_longer_name_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "4001" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Il primato spetta alla Tournament Grey-Eyes Night Wyrm, la carta più rara.", "it"),
    ("O recorde é da Tournament Grey-Eyes Night Wyrm, vendida em leilão.", "pt"),
])
def test_an_english_word_in_no_cards_name_before_an_english_name_is_no_longer_name(index, text, lang):
    # a prize card's title: "Tournament" is in no card's name, so no longer card name ends on the English name
    spans, held = found(index, text, lang)
    assert [p for _, p in spans] == ["4005"], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Il primato spetta alla Tournament Velorix, la carta più rara.", "it"),  # a name of one word: an unprinted name's end
    ("Usé la Polimerización para crear al Supremo Wyrm Pálido en mi turno.", "es"),  # in the text's language
])
def test_other_names_after_a_word_in_no_cards_name_stay_held(index, text, lang):
    spans, held = found(index, text, lang)
    assert not spans and any("longer name" in why for _, why in held), (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Saqué a Kalven el Heraldo de Escarcha en mi turno.", "es"),
    ("Mi carta favorita.\nKalven el Heraldo de Escarcha es una poderosa criatura.", "es"),
    ("Ele usou Kalven o Arauto de Geada contra mim.", "pt"),
    ("Saqué a kalven el Heraldo de Escarcha en mi turno.", "es"),  # a made-up head in lower case is a name's start too
])
def test_a_head_and_its_epithet_without_their_comma_are_one_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert [p for _, p in spans] == ["4003"], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Saqué a Kalven y el Heraldo de Escarcha en mi turno.", "es"),  # "y": two things
])
def test_an_epithet_after_no_head_stays_its_own_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert ("Heraldo de Escarcha", "4004") in spans, (spans, held)


def test_a_name_that_heads_a_longer_card_name_with_a_held_modifier_is_the_longer_card(index):
    spans, held = found(index, "Activé la Linterna de Musgo y era el bebé Draco de ojos grises, qué pena.", "es")
    assert "4007" in [p for _, p in spans] and "4006" not in [p for _, p in spans], (spans, held)


def test_a_name_that_heads_a_longer_name_no_card_has_stays_its_card(index):
    spans, held = found(index, "Activé la Linterna de Musgo y era el Nido Draco de ojos grises, qué pena.", "es")
    assert "4008" in [p for _, p in spans] and "4005" not in [p for _, p in spans], (spans, held)


# The two passes below read what the scan found. On the whole pool the scan finds the pieces these texts are made of
# (the head alone, the epithet alone, the short head of a longer name); on this small pool it finds the whole names
# itself, so the scan's output is given here as the whole pool gives it.

def _span(tr, text, piece, pid, variant="official"):
    from ygorules.names.translate import Span
    a = text.index(piece)
    key = " ".join(tr._words[tr._starts.index(a):tr._ends.index(a + len(piece)) + 1])
    e = next(f.entry for f in tr._forms(key) if f.entry.passcodes[0] == pid)
    return Span(a, a + len(piece), piece, e.id, "card", e.name("en"), "es", variant, e.origin, [], 5.0, 100.0, e.passcodes)


def _reviewed(index, text, pieces):
    from ygorules.names import evidence
    from ygorules.names.translate import Span, Translator
    tr = Translator(index, "es", "en")
    tr.spans(text)  # (the text's words, as the passes read them)
    tr.held = []
    spans = [_span(tr, text, piece, pid, variant) for piece, pid, variant in pieces]
    out = evidence.review(tr, text, spans, Span)
    return [(s.text, s.passcodes[0]) for s in out], tr.held


@pytest.mark.parametrize("text, pieces, want", [
    # a head found alone (a short form) and its epithet found as another card: one card
    ("Mi carta favorita.\nKalven el Heraldo de Escarcha es una poderosa criatura.",
     [("Kalven", "4003", "short-form"), ("Heraldo de Escarcha", "4004", "official")],
     [("Kalven el Heraldo de Escarcha", "4003")]),
    # "y" between: two cards
    ("Mi carta favorita.\nKalven y el Heraldo de Escarcha son poderosas.",
     [("Kalven", "4003", "short-form"), ("Heraldo de Escarcha", "4004", "official")],
     [("Kalven", "4003"), ("Heraldo de Escarcha", "4004")]),
])
def test_the_pass_reads_a_head_and_its_epithet_without_their_comma_as_one_card(index, text, pieces, want):
    assert _reviewed(index, text, pieces)[0] == want


@pytest.mark.parametrize("text, head, pid, want", [
    # the head and its held modifier fit a longer card closely: that card
    ("Activé la Linterna de Musgo y era el bebé Draco de ojos grises, qué pena.", "bebé Draco", "4006",
     ("bebé Draco de ojos grises", "4007")),
    # they fit no card: the head stays
    ("Activé la Linterna de Musgo y era el Nido Draco de ojos grises, qué pena.", "Nido Draco", "4008",
     ("Nido Draco", "4008")),
])
def test_the_pass_reads_a_head_and_its_held_modifier_as_the_longer_card(index, text, head, pid, want):
    got, held = _reviewed(index, text, [(head, pid, "official"), ("ojos grises", "4005", "nickname")])
    assert want in got and "4005" not in [p for _, p in got], (got, held)


@pytest.mark.parametrize("text, lang", [
    ("Mi favorita:\nLinterna de Musgo del Wyrm Pálido\nes muy rara.", "es"),  # another card's name in the same language
    ("Gli piaceva la Lanterna di Muschio del Pale Wyrm, una carta mai vista.", "it"),  # in English
    ("Ela jogou a Lanterna de Musgo do Wyrm Pallido na mesa.", "pt"),  # in another language of the pool
])
def test_a_name_of_another_cards_name_is_one_longer_name(index, text, lang):
    spans, held = found(index, text, lang)
    assert "4009" not in [p for _, p in spans], (spans, held)
    assert any("another card's name" in why for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Jugué la Linterna de Musgo de Marcos y gané.", "es"),  # a possessor: no card's name
    ("Activé Linterna de Musgo de nuevo en mi turno.", "es"),  # lower case after the link word
    ("Usé la Linterna de Musgo de Wyrm Pálido Gigante Azul.", "es"),  # a longer capitalised run than the card's name
    ("Velorix de Wyrm Pálido no existe.", "es"),  # a one-word name: the other rules judge it
])
def test_a_name_of_no_other_cards_name_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert not any("another card's name" in why for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Vi como un deck de pale wyrm perdía contra todo.", "es"),  # a card's whole name in lower case after "deck de"
    ("Ho battuto un mazzo di wyrm pallido al secondo turno.", "it"),
    ("Perdi para um deck de lanterna de musgo ontem.", "pt"),
])
def test_a_whole_name_in_lower_case_after_a_deck_word_is_the_deck(index, text, lang):
    spans, held = found(index, text, lang)
    assert not {"4001", "4009"} & {p for _, p in spans}, spans
    assert any(why.startswith("a deck") for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("Con el mago trae del mazo Wyrm Pálido y lo invoca.", "es"),  # capitalised: the card taken from the deck
    ("Vi como un deck de pale wyrm-lock perdía.", "es"),  # (a weak or a lower-case name: the same rule)
])
def test_a_capitalised_whole_name_after_a_deck_word_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert ("4001" in {p for _, p in spans}) == text.startswith("Con"), (spans, held)
