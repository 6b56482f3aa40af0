"""Short forms of a card named in full in the same text, beyond one distinctive word (names/discourse.py, issue 24):
a series' whole name after a singular article stands for the one card of that series the text names in full, and two
or more words of a name, in its order, stand for it too. The cards, series and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7001\tVrask Hound\tSabueso Vrask\tCão Vrask\tSegugio Vrask\tMonster\t6
7002\tVrask Lancer\tLancero Vrask\tLanceiro Vrask\tLanciere Vrask\tMonster\t5
7003\tZorvath the Korrun\tZorvath el Korrun\tZorvath o Korrun\tZorvath il Korrun\tMonster\t9
7004\tLeft Arm of the Korrun\tBrazo Izquierdo del Korrun\tBraço Esquerdo do Korrun\tBraccio Sinistro del Korrun\tMonster\t4
7005\tRight Arm of the Korrun\tBrazo Derecho del Korrun\tBraço Direito do Korrun\tBraccio Destro del Korrun\tMonster\t4
7006\tLeft Leg of the Korrun\tPierna Izquierda del Korrun\tPerna Esquerda do Korrun\tGamba Sinistra del Korrun\tMonster\t4
7007\tRight Leg of the Korrun\tPierna Derecha del Korrun\tPerna Direita do Korrun\tGamba Destra del Korrun\tMonster\t4
7008\tGrey-Eyes Black Dragon\tDragón Negro de Ojos Grises\tDragão Negro de Olhos Cinzentos\tDrago Nero Occhi Grigi\tMonster\t7
7009\tHerald of the Velkar Tower\tHeraldo de la Torre de Velkar\tArauto da Torre de Velkar\tAraldo della Torre di Velkar\tMonster\t5
7010\tBlue Sky\tCielo Azul\tCéu Azul\tCielo Azzurro\tSpell\t3
7013\tDragon of the Clear Blue Sky\tDragón del Cielo Azul Claro\tDragão do Céu Azul Claro\tDrago del Cielo Azzurro Chiaro\tMonster\t4
7011\tGrey-Eyes Black Wyvern\tDragón Negro de Ojos Cenizos\tWyvern Negro de Olhos Cinzas\tViverna Nera Occhi Cenere\tMonster\t3
7012\tMarsh Lantern of Quell\tFarol del Pantano de Quell\tLanterna do Pântano de Quell\tLanterna della Palude di Quell\tSpell\t4
"""
SERIES = """en\tes\tpt\tit
Vrask\tVrask\tVrask\tVrask
Zorvath\tZorvath\tZorvath\tZorvath
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse-runs"), POOL, series=SERIES)


@pytest.mark.parametrize("text, lang, word, card", [
    ("Abro con Sabueso Vrask. En el turno siguiente el Vrask ataca directo.", "es", "Vrask", "7001"),
    ("Jogo o Cão Vrask em todo duelo, e o efeito do Vrask resolve tudo.", "pt", "Vrask", "7001"),
    ("Ho evocato il Segugio Vrask: poi il mio Vrask ha vinto la partita.", "it", "Vrask", "7001"),
])
def test_a_series_name_after_a_singular_article_is_the_one_card_named(index, text, lang, word, card):
    got = card_spans(index, text, lang)
    assert (word, card) in got, got


@pytest.mark.parametrize("text, lang", [
    ("Abro con Sabueso Vrask. Cualquier Vrask sirve en este mazo.", "es"),  # a quantifier: any member
    ("Abro con Sabueso Vrask. Vrask ganó el torneo de ayer.", "es"),  # no article: the deck
    ("Abro con Sabueso Vrask. Los Vrask son buenos.", "es"),  # plural article: the series
    ("Abro con Sabueso Vrask y el Lancero Vrask. Luego el Vrask ataca.", "es"),  # two cards of the series named
    ("Sideo contra o Vrask e o resto; no fim enfrento o Cão Vrask do oponente.", "pt"),  # before the card: the deck
])
def test_a_series_name_without_a_singular_article_stays_the_series(index, text, lang):
    got = card_spans(index, text, lang)
    assert not any(t == "Vrask" for t, _ in got), got


def test_the_whole_of_a_set_of_pieces_is_no_card_by_its_first_word(index):
    got = card_spans(index, "Juego Zorvath el Korrun y la Pierna Izquierda del Korrun. Sin el Zorvath no gano.", "es")
    assert not any(t == "Zorvath" for t, _ in got), got


@pytest.mark.parametrize("text, lang, run, card", [
    ("Invoco al Dragón Negro de Ojos Grises y luego el dragón negro ataca directo.", "es", "dragón negro", "7008"),
    ("Primeiro o Dragão Negro de Olhos Cinzentos; depois o dragão negro vence sozinho.", "pt", "dragão negro", "7008"),
    ("Tengo el Heraldo de la Torre de Velkar en mano. El Heraldo Velkar busca cartas.", "es", "Heraldo Velkar", "7009"),
    ("Ho attivato la Lanterna della Palude di Quell: con la lanterna palude ho vinto.", "it", "lanterna palude", "7012"),
    ("Activo Farol del Pantano de Quell y el Farol Pantano Quell me salva.", "es", "Farol Pantano Quell", "7012"),
])
def test_words_of_a_name_in_its_order_stand_for_it(index, text, lang, run, card):
    got = card_spans(index, text, lang)
    assert (run, card) in got, got
    assert len(got) == 2, got  # (the run takes in a short form of its card inside it)


def test_a_run_that_names_another_card_is_not_the_card_named_in_full(index):
    got = card_spans(index, "Juego el Dragón del Cielo Azul Claro; hoy el cielo azul está lindo.", "es")
    assert got == [("Dragón del Cielo Azul Claro", "7013")], got


def test_a_run_of_two_cards_named_in_full_stands_for_neither(index):
    got = card_spans(index, "Uso Dragón Negro de Ojos Grises y Dragón Negro de Ojos Cenizos. El negro ojos gana.", "es")
    assert not any(t.lower() == "negro ojos" for t, _ in got), got


COMMON_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7201\tThere Can Be Only Korrun\tSólo Puede Haber Korrun\tSó Pode Haver Korrun\tCe Ne Può Essere Solo Korrun\tTrap\t5
"""


@pytest.mark.parametrize("text, want", [
    # the commonest words of the language in lower case are what they say, the card named in full or not (words of the
    # name less common are still the card: "o dragão negro" above)
    ("Ho attivato Ce Ne Può Essere Solo Korrun. Una Trappola può essere attivata dopo.", ["Ce Ne Può Essere Solo Korrun"]),
    ("Ho attivato Ce Ne Può Essere Solo Korrun. Solo uno può essere scelto.", ["Ce Ne Può Essere Solo Korrun"]),
])
def test_a_run_of_the_commonest_words_in_lower_case_is_no_card(tmp_path, text, want):
    common = small_index(tmp_path, COMMON_POOL)
    assert [t for t, _ in card_spans(common, text, "it")] == want


def test_a_run_inside_a_longer_capitalised_name_is_no_card(index):
    got = card_spans(index, "Tengo el Heraldo de la Torre de Velkar. El torneo Copa Heraldo Velkar fue ayer.", "es")
    assert not any(t.startswith("Heraldo Velkar") or t == "Heraldo Velkar" for t, _ in got), got


NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
7101\tTerran Boulder Colossus\troca\tes\tnickname\t\t
7102\tLantern of the Pale Marsh\tcandela\tit\tnickname\t\t
"""
POOL_HELD = """id\ten\tes\tpt\tit\tcard_type\tprintings
7101\tTerran Boulder Colossus\tColoso Rocoso Terrano\tColosso Rochoso Terrano\tColosso Roccioso Terrano\tMonster\t6
7102\tLantern of the Pale Marsh\tLinterna del Pantano Pálido\tLanterna do Pântano Pálido\tLanterna della Palude Pallida\tSpell\t5
"""


@pytest.fixture(scope="module")
def held_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse-held"), POOL_HELD, nicknames=NICKS)


def test_a_name_held_for_want_of_evidence_is_the_card_the_text_reads_elsewhere(held_index):
    text = "En mi mazo el Coloso Rocoso Terrano manda, y la roca pega fuerte. Después, sin miedo, roca y fuera."
    got = card_spans(held_index, text, "es")
    assert [t for t, p in got if p == "7101"] == ["Coloso Rocoso Terrano", "roca", "roca"], got


def test_a_name_held_for_want_of_evidence_stays_held_when_the_text_never_reads_it(held_index):
    got = card_spans(held_index, "Después, sin miedo, roca y fuera. Era una roca grande.", "es")
    assert got == [], got


def test_a_name_held_for_what_its_neighbours_say_stays_held(held_index):
    text = "En mi mazo el Coloso Rocoso Terrano manda, y la roca pega fuerte. Ayer gané con un roca control."
    got = card_spans(held_index, text, "es")
    assert [t for t, p in got if p == "7101"] == ["Coloso Rocoso Terrano", "roca"], got


OBSCURE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7101\tQuorvak\tQuorvak\tQuorvak\tQuorvak\tMonster\t2
7102\tEmber Regent Avatar Quorvak\tAvatar del Regente Ascua Quorvak\tAvatar do Regente Brasa Quorvak\tAvatar del Reggente Brace Quorvak\tMonster\t3
7103\tThunderclap\tTrueno Seco\tTrovão Seco\tTuono Secco\tSpell\t20
7104\tThunderclap Burst\tEstallido Trueno Seco\tEstouro Trovão Seco\tScoppio Tuono Secco\tTrap\t9
7105\tZelbrik\tZelbrik\tZelbrik\tZelbrik\tSpell\t18
7106\tZelbrik Warden\tGuardián Zelbrik\tGuardião Zelbrik\tGuardiano Zelbrik\tMonster\t4
7107\tStorm\tTormenta\tTempestade\tTempesta\tSpell\t2
7109\tTide Wyrm\tSierpe de Marea\tSerpe da Maré\tSerpe di Marea\tMonster\t5
7110\tMythos Tide Wyrm\tSierpe de Marea Mítica\tSerpe da Maré Mítica\tSerpe di Marea Mitica\tMonster\t4
7108\tNightwing - Storm the Far Shore\tAlanoche - Tormenta de la Orilla Lejana\tAsanoite - Tempestade da Margem Distante\tAlanotte - Tempesta della Riva Lontana\tMonster\t3
"""


OBSCURE_SERIES = """en\tes\tpt\tit
Ember Regent\tRegente(s) Ascua\tRegente(s) Brasa\tReggente Brace
"""


@pytest.fixture(scope="module")
def obscure_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("discourse-obscure"), OBSCURE_POOL, series=OBSCURE_SERIES)


@pytest.mark.parametrize("text, want", [
    # a little-printed card's one-word name, a word of the card named in full: that card
    ("Llegó el Avatar del Regente Ascua Quorvak. Luego con Quorvak destruyo una carta.",
     [("Avatar del Regente Ascua Quorvak", "7102"), ("Quorvak", "7102")]),
    ("Con Quorvak destruyo una carta.", [("Quorvak", "7101")]),  # no card named in full: its own card
    # named in full far away, in another part of a long text: its own card
    ("Llegó el Avatar del Regente Ascua Quorvak. " + "Otro tema sin cartas. " * 100 + "Luego con Quorvak destruyo una carta.",
     [("Avatar del Regente Ascua Quorvak", "7102"), ("Quorvak", "7101")]),
    # a much printed card keeps its one-word name beside the longer card
    ("Uso Guardián Zelbrik y luego Zelbrik en la cadena.", [("Guardián Zelbrik", "7106"), ("Zelbrik", "7105")]),
    # a text about the little card, named by its word again and again before the longer card: its own card
    ("El mazo gira en torno a Quorvak. Quorvak destruye cartas. Llegó el Avatar del Regente Ascua Quorvak. Luego Quorvak.",
     [("Quorvak", "7101"), ("Quorvak", "7101"), ("Avatar del Regente Ascua Quorvak", "7102"), ("Quorvak", "7101")]),
    # … unless the text names the longer card's series too: after the card named in full, its word is that card
    ("Quorvak llega. Quorvak destruye cartas. Un monstruo «Regentes Ascua» cae. Llegó el Avatar del Regente Ascua Quorvak. "
     "Luego con Quorvak gano.", [("Quorvak", "7101"), ("Quorvak", "7101"), ("Avatar del Regente Ascua Quorvak", "7102"),
                        ("Quorvak", "7102")]),
    # named by its word once before the longer card is named in full: its own card (a word refers back, not ahead)
    ("Tenemos el caso de Quorvak, que creció hasta ser el Avatar del Regente Ascua Quorvak.",
     [("Quorvak", "7101"), ("Avatar del Regente Ascua Quorvak", "7102")]),
    # an everyday word ("storm") too: capitalised, the scan read it as a name, and the card named in full says which
    ("Robo «Nightwing - Storm the Far Shore» y luego invoco Storm, que ataca.",
     [("Nightwing - Storm the Far Shore", "7108"), ("Storm", "7108")]),
    # a little-printed card's name of two words, a run of the card named in full: that card
    ("Juego 2 Mythos Tide Wyrm en el mazo. Luego el Tide Wyrm se invoca solo.",
     [("Mythos Tide Wyrm", "7110"), ("Tide Wyrm", "7110")]),
    ("Luego el Tide Wyrm se invoca solo.", [("Tide Wyrm", "7109")]),
])
def test_a_little_printed_card_s_one_word_name_yields_to_the_card_named_in_full(obscure_index, text, want):
    assert card_spans(obscure_index, text, "es") == want


def test_a_run_of_a_card_named_in_full_beats_the_head_of_a_card_the_text_never_names(tmp_path):
    # "Dragão Alado" is the head of Winged Dragon, Guardian of the Fortress #1, and two words of O Dragão Alado de Rá:
    # in a text that names the second in full, the second
    pool = POOL + ("7014\tThe Winged Wyrm of Zu\tLa Sierpe Alada de Zu\tA Serpe Alada de Zu\tLa Serpe Alata di Zu\tMonster\t9\n"
                   "7015\tWinged Wyrm, Keeper of the Gate\tSierpe Alada, Guardiana de la Puerta\tSerpe Alada, Guardiã do "
                   "Portão\tSerpe Alata, Custode del Portale\tMonster\t6\n")
    index = small_index(tmp_path, pool, series=SERIES)
    text = "A única carta com o nome de um deus é A Serpe Alada de Zu. Zu seria melhor associado à carta da Serpe Alada, mas não."
    got = card_spans(index, text, "pt")
    assert ("Serpe Alada", "7014") in got, got
    alone = card_spans(index, "Zu seria melhor associado à carta da Serpe Alada, mas não.", "pt")
    assert ("Serpe Alada", "7015") in alone  # (with no card named in full, the head is its card's)
