"""A lookup query that is part of a card's name, or its name run together (names/partial.py, issue 24).
The cards and series are made up."""
from __future__ import annotations

import pytest

from ygorules.names import partial

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8101\tCogwork Mole\tTopo Cogwork\tToupeira Cogwork\tTalpa Cogwork\tMonster\t1
8102\tGiant Mole\tTopo Gigante\tToupeira Gigante\tTalpa Gigante\tMonster\t20
8103\tBurrow Mole\tTopo Excavador\tToupeira Escavadora\tTalpa Scavatrice\tMonster\t5
8104\tCogwork Lantern\tLinterna Cogwork\tLanterna Cogwork\tLanterna Cogwork\tMonster\t1
8105\tLantern of Ages\tLinterna de las Eras\tLanterna das Eras\tLanterna delle Ere\tSpell\t7
8106\tThistle Barrage\tAndanada de Cardos\tBarragem de Cardos\tRaffica di Cardi\tSpell\t2
8107\tLone Thistle\tCardo Solitario\tCardo Solitário\tCardo Solitario\tMonster\t12
8108\tEmber Lance Dragon\tDragón Lanza Ascua\tDragão Lança Brasa\tDrago Lancia Brace\tMonster\t3
8109\tLance Ember\tAscua Lanza\tBrasa Lança\tBrace Lancia\tSpell\t5
8110\tMoss Imp\tDiablillo de Musgo\tDiabrete de Musgo\tFolletto di Muschio\tMonster\t2
8111\tMossy Stone\tPiedra Musgosa\tPedra Musgosa\tPietra Muschiosa\tSpell\t9
8112\tAshen Knight - Herald of the Dawn\tCaballero Ceniciento - Heraldo del Alba\tCavaleiro Cinzento - Arauto da Aurora\tCavaliere Cinereo - Araldo dell'Alba\tMonster\t2
8114\tCogwork Bolt - Ratchet\tCogwork Bolt - Trinquete\tCogwork Bolt - Catraca\tCogwork Bolt - Cricchetto\tMonster\t3
8113\tKnight of Ashes\tCaballero de las Cenizas\tCavaleiro das Cinzas\tCavaliere delle Ceneri\tMonster\t10
8115\tHarbor Ox\tBuey del Puerto\tBoi do Porto\tBue del Porto\tMonster\t4
8116\tCogwork Iron Badger\tCogwork Tejón Férreo\tCogwork Texugo Férreo\tCogwork Tasso Ferreo\tMonster\t3
"""
SERIES = """en\tes\tpt\tit
Cogwork\tCogwork\tCogwork\tCogwork
Cogwork Bolt\tCogwork Bolt\tCogwork Bolt\tCogwork Bolt
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("partial"), POOL, "", SERIES)


def top(index, query):
    m = index.lookup(query).matches[0]
    return m.entry.passcodes[0], m.score


@pytest.mark.parametrize("query, want", [
    ("Mole", "8101"),  # the member's own word, before two more printed cards that end with it
    ("mole", "8101"),
    ("Lantern", "8105"),  # a member, but a more printed card starts with the word: the start of a name wins
])
def test_a_member_without_its_series_ranks_by_printings_with_the_names_it_starts(index, query, want):
    assert top(index, query) == (want, partial.PART_SCORE)


def test_one_word_that_only_starts_or_ends_names_keeps_the_fuzzy_order(index):
    # no series member is named "Thistle": the start of a name alone is not enough evidence for one word
    assert all(m.score != partial.PART_SCORE for m in index.lookup("Thistle").matches)


@pytest.mark.parametrize("query, want", [
    ("Ember Lance", "8108"),  # the first two words of a name
    ("Dragón Lanza", "8108"),  # in Spanish
])
def test_the_first_words_of_a_name_name_the_card(index, query, want):
    assert top(index, query) == (want, partial.PART_SCORE)


def test_the_first_words_of_a_name_outrank_the_same_words_reordered(index):
    ranked = [m.entry.passcodes[0] for m in index.lookup("Ember Lance").matches]
    assert ranked.index("8108") < ranked.index("8109")
    assert index.lookup("Ember Lance").matches[0].score == partial.PART_SCORE


@pytest.mark.parametrize("query, want", [
    ("Mossimp", "8110"),  # "Moss Imp" with its space dropped
    ("MOSSIMP", "8110"),
    ("cogworkmole", "8101"),
    ("Ironbadger", "8116"),  # a member's name without its series ("Grandmole": Neo-Spacian Grand Mole)
])
def test_a_name_written_as_one_word_is_the_name(index, query, want):
    assert top(index, query) == (want, partial.JOINED_SCORE)


@pytest.mark.parametrize("query, want", [
    ("EmberLanceDragon", "8108"),  # three words run together, each with its capital (two spaces dropped)
    ("AshenKnight - HeraldOfTheDawn", "8112"),
    ("DragónLanzaAscua", "8108"),
])
def test_a_name_run_together_with_a_capital_for_each_word_is_the_name(index, query, want):
    assert top(index, query) == (want, partial.JOINED_SCORE)


@pytest.mark.parametrize("query", ["Moss Imp", "Mosimp", "Mossi", "Lone Thistle", "EmberLanceDragonfly"])
def test_an_exact_name_a_misspelt_join_or_a_short_word_is_no_joined_name(index, query):
    assert all(m.score != partial.JOINED_SCORE for m in index.lookup(query).matches)


@pytest.mark.parametrize("query, want", [
    ("Cavaliere della Cenere – Araldo dell'Alba", "8112"),  # the head written otherwise (near another card's name)
    ("Caballero de Ceniza, Heraldo del Alba", "8112"),
])
def test_a_name_whose_epithet_is_a_cards_own_names_that_card(index, query, want):
    assert top(index, query) == (want, partial.PIECE_SCORE)


@pytest.mark.parametrize("query", [
    "Cavaliere delle Ceneri",  # no piece apart: the whole query is judged as it is
    "Cavaliere - Alba",  # pieces of one word are not distinctive
    "Cogwork Bolt - Knight",  # the piece of two words is the series: every member's
])
def test_without_an_epithet_of_two_words_or_more_no_piece_matches(index, query):
    assert all(m.score != partial.PIECE_SCORE for m in index.lookup(query).matches)


@pytest.mark.parametrize("query", ["Mole", "Topo", "Lanterna", "Mossimp", "Ember Lance", "Caballero de Ceniza, Heraldo del Alba"])
def test_each_card_is_listed_once(index, query):
    ids = [m.entry.id for m in index.lookup(query).matches]
    assert ids and len(ids) == len(set(ids))


@pytest.mark.parametrize("query, lang, want", [
    ("Mole", None, [("8101", "Cogwork Mole", "en")]),  # the member's whole name, not its series-less form
    ("Trinquete", "es", [("8114", "Cogwork Bolt - Trinquete", "es")]),
    ("Cricchetto", "it", [("8114", "Cogwork Bolt - Cricchetto", "it")]),
    # "Lanterna Cogwork" is the name in Portuguese and in Italian: shown in the language asked for
    ("Lanterna", "it", [("8105", "Lanterna delle Ere", "it"), ("8104", "Lanterna Cogwork", "it")]),
    ("Lanterna", "pt", [("8105", "Lanterna das Eras", "pt"), ("8104", "Lanterna Cogwork", "pt")]),
    ("Drago Lancia", "it", [("8108", "Drago Lancia Brace", "it")]),
    ("Cavaliere della Cenere – Araldo dell'Alba", "it", [("8112", "Cavaliere Cinereo - Araldo dell'Alba", "it")]),
    ("Harborox", None, [("8115", "Harbor Ox", "en")]),
])
def test_a_partial_match_shows_the_cards_whole_name_in_the_language_asked(index, query, lang, want):
    got = [(m.entry.passcodes[0], m.form.text, m.form.lang) for m in index.lookup(query, lang).matches[:len(want)]]
    assert got == want


def test_a_member_word_of_another_language_is_not_read_as_one(index):
    # "Talpa" is the member's word in Italian only: asked in Spanish, no card is named by it
    assert all(m.score != partial.PART_SCORE for m in index.lookup("Talpa", "es").matches)


@pytest.mark.parametrize("query, want", [
    ("Harborox", "8115"),  # the last word has two letters
    ("Emberlance Dragon", "8108"),  # the run-together word is followed by another word
    ("Ember Lancedragon", "8108"),  # a short word (not split) comes first
])
def test_words_run_together_anywhere_in_the_query(index, query, want):
    assert top(index, query) == (want, partial.JOINED_SCORE)


@pytest.mark.parametrize("query", [
    "Caballero Ceniciento, Heraldo Oscuro",  # the head piece, two words, is the card's own
    "Cogwork - Heraldo del Alba",  # a series ranks among the matches: the card is still found after it
])
def test_any_distinctive_piece_of_the_name_names_the_card(index, query):
    assert top(index, query) == ("8112", partial.PIECE_SCORE)


# Each step of partial on its own, with matches the test makes: what it keeps of the other matches, in which language
# it shows a card, which words it splits.
from ygorules.names.index import TIE_MARGIN, Match  # noqa: E402

OWN = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tOx Rider\tOx Rider\tOx Rider\tOx Rider\tMonster\t3
8202\tFer Imp\tFer Imp\tFer Imp\tFer Imp\tMonster\t3
8203\tAb Cde\tAb Cde\tAb Cde\tAb Cde\tMonster\t3
8204\tGrand Vantor Gate\tPuerta Vantor\tPorta Vantor Grande\tPorta Vantor Grande\tSpell\t3
8205\tDusk Warden - Keeper of the Gate\tCentinela Oscuro - Guardián de la Puerta\tSentinela Sombria - Guardião do Portão\tSentinella Cupa - Custode della Porta\tMonster\t3
8206\tD Warden\tD Warden\tD Warden\tD Warden\tMonster\t3
8207\tGate Warden - Keeper\tGuardián - Portero\tGuarda Cupo - Custode Grande\tGuarda Cupo - Custode Grande\tMonster\t2
"""


@pytest.fixture(scope="module")
def own(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("partial-own"), OWN, "")


def entry(index, passcode):
    return next(m.entry for m in index.lookup(next(l.split("\t")[1] for l in OWN.splitlines() if l.startswith(passcode))).all)


def form(index, passcode, lang):
    e = entry(index, passcode)
    return next(f for f in index.forms_for_key(partial.normalize(e.names[lang]), lang) if f.entry is e)


def test_the_other_matches_keep_their_score_form_and_kind_unless_above_the_cap(own):
    first, a, b, c = (entry(own, p) for p in ("8201", "8202", "8203", "8204"))
    cap = 97.0 - TIE_MARGIN - 0.01
    low = Match(b, cap - 0.5, form(own, "8203", "es"), False)  # just under the cap: kept as it is
    high = Match(a, 99.0, form(own, "8202", "pt"), True)  # above it: brought down to it, its form and kind kept
    far = Match(c, 60.0, form(own, "8204", "it"), False)
    got = partial._first([(first, form(own, "8201", "es"))], 97.0, [high, low, far], Match, TIE_MARGIN)
    assert [(m.entry, m.score, m.form, m.exact) for m in got] == [
        (first, 97.0, form(own, "8201", "es"), False), (a, cap, high.form, True), (b, low.score, low.form, False),
        (c, 60.0, far.form, False)]


@pytest.mark.parametrize("key, want", [
    ("oxrider", "8201"),  # a cut after two letters
    ("ferimp", "8202"),  # a word of JOIN_MIN letters
])
def test_a_word_is_split_anywhere_from_two_letters_on_and_from_join_min_letters(own, key, want):
    got = partial.joined(own, key, None, [], Match, TIE_MARGIN)
    assert [(m.entry.passcodes[0], m.score) for m in got] == [(want, partial.JOINED_SCORE)]


def test_a_word_shorter_than_join_min_is_not_split(own):
    assert len("abcde") < partial.JOIN_MIN and partial.joined(own, "abcde", None, [], Match, TIE_MARGIN) == []


def test_the_start_of_a_name_shows_the_form_of_the_language_asked(own):
    # the Portuguese and Italian names are one text: the Italian form is shown for Italian, not the match's Spanish one
    e = entry(own, "8204")
    got = partial.part(own, "Porta Vantor", "porta vantor", "it", [Match(e, 80.0, form(own, "8204", "es"), False)],
                       Match, TIE_MARGIN)
    assert (got[0].score, got[0].form.lang, got[0].form.text) == (partial.PART_SCORE, "it", "Porta Vantor Grande")


def test_a_piece_shows_the_form_of_the_language_asked_and_only_its_pieces_count(own):
    e = entry(own, "8205")
    given = [Match(e, 80.0, form(own, "8205", "es"), False)]
    got = partial.piece(own, "Sentinella Scura - Custode della Porta", "it", given, Match, TIE_MARGIN)
    assert (got[0].score, got[0].form.lang) == (partial.PIECE_SCORE, "it")
    # the Italian piece asked in Spanish: no Spanish name has it
    assert partial.piece(own, "Centinela Negro - Custode della Porta", "es", given, Match, TIE_MARGIN) == given


def test_with_no_piece_of_a_card_the_matches_are_left_as_they_are(own):
    e = entry(own, "8201")
    given = [Match(e, 98.5, form(own, "8201", "es"), False)]
    assert partial.piece(own, "Foo Bar - Baz Qux", None, given, Match, TIE_MARGIN) == given


def test_a_word_is_not_split_after_its_first_letter(own):
    assert partial.joined(own, "dwarden", None, [], Match, TIE_MARGIN) == []


def test_a_word_split_in_two_is_a_name_only_in_the_language_asked(index):
    # "mossimp" is Moss Imp in English; the Spanish name is Diablillo de Musgo
    assert [m.entry.passcodes[0] for m in partial.joined(index, "mossimp", None, [], Match, TIE_MARGIN)] == ["8110"]
    assert partial.joined(index, "mossimp", "es", [], Match, TIE_MARGIN) == []


def test_the_start_of_a_name_is_looked_for_past_a_match_that_is_no_card(index):
    series = next(m.entry for m in index.lookup("Cogwork").all if m.entry.kind == "series")
    card = next(m.entry for m in index.lookup("Lantern of Ages").all)
    given = [Match(series, 90.0, index.forms_for_key("cogwork")[0], False),
             Match(card, 80.0, index.forms_for_key("lantern of ages")[0], False)]
    got = partial.part(index, "Lantern of", "lantern of", None, given, Match, TIE_MARGIN)
    assert (got[0].entry, got[0].score) == (card, partial.PART_SCORE)


def test_a_piece_in_two_languages_alike_shows_the_form_of_the_language_asked(own):
    e = entry(own, "8207")
    got = partial.piece(own, "Guarda Scuro - Custode Grande", "it", [Match(e, 80.0, form(own, "8207", "es"), False)],
                        Match, TIE_MARGIN)
    assert (got[0].score, got[0].form.lang) == (partial.PIECE_SCORE, "it")


NUMBERED = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tGlass Warden - Quartz Sentinel LV3\tGuardián de Vidrio - Centinela de Cuarzo LV3\tGuardião de Vidro - Sentinela de Quartzo LV3\tCustode di Vetro - Sentinella di Quarzo LV3\tMonster\t2
8302\tGlass Warden - Quartz Sentinel LV5\tGuardián de Vidrio - Centinela de Cuarzo LV5\tGuardião de Vidro - Sentinela de Quartzo LV5\tCustode di Vetro - Sentinella di Quarzo LV5\tMonster\t9
8303\tZK1-QV2\tZK1-QV2\tZK1-QV2\tZK1-QV2\tMonster\t2
8304\tZK-RX1\tZK-RX1\tZK-RX1\tZK-RX1\tMonster\t2
"""


@pytest.fixture(scope="module")
def numbered(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("partial-numbered"), NUMBERED, "")


@pytest.mark.parametrize("query, want", [
    ("Glass Warden - Quartz Sentinal LV3", "8301"),  # the shared epithet ties them; the number tells them apart
    ("Guardian de Vidrio - Centinela de Cuarso LV5", "8302"),
    ("Glass Warden - Quartz Sentinal", "8302"),  # no number: the most printed of the tied pair
    ("Glass Warden - Quartz Sentinal LV7", "8302"),  # a number no card has: as without one
])
def test_a_number_in_the_query_names_the_card_with_that_number(numbered, query, want):
    assert numbered.lookup(query).matches[0].entry.passcodes[0] == want


def test_a_card_with_another_number_ranks_more_than_the_tie_margin_below(numbered):
    first, second = numbered.lookup("Glass Warden - Quartz Sentinal LV3").matches[:2]
    assert first.score - second.score > TIE_MARGIN


def test_a_number_written_apart_from_its_letters_finds_the_code_name(numbered):
    assert numbered.lookup("ZK QV 2").matches[0].entry.passcodes[0] == "8303"  # "QV2" written "QV 2"


MIXED = """id\ten\tes\tpt\tit\tcard_type\tprintings
8401\tCall of the Gloomfiend\tLlamada del Demonio Umbrío\tChamado do Demônio Sombrio\tRichiamo del Demone Cupo\tSpell\t3
8402\tGloomfiend\tGloomfiend\tGloomfiend\tGloomfiend\tMonster\t10
8403\tGloomfiend Knight\tCaballero Gloomfiend\tCavaleiro Gloomfiend\tCavaliere Gloomfiend\tMonster\t4
8404\tEmber Skull\tCráneo Ascua\tCaveira Brasa\tTeschio Brace\tMonster\t3
8405\tEmber Skull Tamer\tDomador del Cráneo Ascua\tDomador da Caveira Brasa\tDomatore del Teschio Brace\tMonster\t20
8406\tQuill Lantern\tLinterna de Pluma\tLanterna de Pena\tLanterna di Piuma\tSpell\t3
8407\tLantern Quill\tPluma Linterna\tPena Lanterna\tPiuma Lanterna\tSpell\t3
"""


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("partial-mixed"), MIXED, "")


@pytest.mark.parametrize("query, want", [
    ("Chamado do Gloomfiend", "8401"),  # Portuguese, then the English name's word: not the card named Gloomfiend
    ("Llamada del Gloomfiend", "8401"),
    ("Cráneo Brace", "8404"),  # Spanish and Italian: the card of that very name, before the more printed longer one
])
def test_a_name_half_in_one_language_half_in_another_is_the_card(mixed, query, want):
    top = mixed.lookup(query).matches[0]
    assert (top.entry.passcodes[0], top.score) == (want, partial.MIXED_SCORE)


def test_two_cards_whose_names_hold_the_words_alike_leave_the_order_as_it_is(mixed):
    assert all(m.score != partial.MIXED_SCORE for m in mixed.lookup("Linterna Quill").matches)


def test_a_word_the_best_match_has_written_otherwise_is_no_mixed_name(mixed):
    f = mixed.forms_for_key("caveira brasa", "pt")[0]
    best = [Match(f.entry, 90.0, f, False)]
    assert partial.mixed(mixed, "caveira brasas", None, best, Match, TIE_MARGIN) is best  # "Brasas": Brasa, plural
    assert partial.mixed(mixed, "caveira brace", None, best, Match, TIE_MARGIN)[0].score == partial.MIXED_SCORE


HEADS = """id\ten\tes\tpt\tit\tcard_type\tprintings
8201\tBrook, Warden of the Falls\tBrook, Guardián de las Cascadas\tBrook, Guardião das Cascatas\tBrook, Guardiano delle Cascate\tMonster\t4
8202\tBrook Crossing\tCruce del Arroyo\tTravessia do Riacho\tGuado del Ruscello\tSpell\t9
8203\tWillow, Keeper of Roots\tWillow, Guardiana de Raíces\tWillow, Guardiã das Raízes\tWillow, Custode delle Radici\tMonster\t3
8204\tWillow, Keeper of Leaves\tWillow, Guardiana de Hojas\tWillow, Guardiã das Folhas\tWillow, Custode delle Foglie\tMonster\t3
"""


@pytest.fixture(scope="module")
def heads(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("partial-heads"), HEADS, "")


def test_the_head_of_one_card_s_name_before_its_comma_names_that_card(heads):
    # "Brook" begins Brook Crossing too, a card printed more often: the head before a comma is the card's own name
    assert top(heads, "Brook") == ("8201", partial.PIECE_SCORE)
    assert top(heads, "brook") == ("8201", partial.PIECE_SCORE)


def test_a_head_two_cards_share_names_neither(heads):
    assert all(m.score != partial.PIECE_SCORE for m in heads.lookup("Willow").matches)
    assert all(m.score != partial.PIECE_SCORE for m in heads.lookup("Willow, Keeper of Branches").matches)


def test_the_head_of_one_card_s_name_with_another_epithet_names_that_card(heads):
    # a pre-release or translated epithet after the card's own head and comma
    assert top(heads, "Brook, Elemental Spirit of Rapids") == ("8201", partial.PIECE_SCORE)


PRINTED_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8301\tGrey-Eyes Alternative Final Wyrm\tWyrm Final Alternativo de Ojos Grises\tWyrm Final Alternativo de Olhos Cinzentos\tWyrm Finale Alternativo Occhi Grigi\tMonster\t1
8302\tGrey-Eyes Final Wyrm\tWyrm de Ojos Grises Final\tWyrm Final de Olhos Cinzentos\tWyrm Occhi Grigi Finale\tMonster\t17
8303\tFinal Wyrm Nest\tNido de Wyrm Final\tNinho de Wyrm Final\tNido di Wyrm Finale\tSpell\t3
"""


@pytest.mark.parametrize("printings, want", [("17", "8302"), ("3", "8301")])
def test_words_in_a_much_more_printed_name_too_are_that_card(tmp_path, printings, want):
    # "Wyrm Final" begins the name printed once; the name printed 17 times holds the words too, apart: that card.
    # Printed only three times, it is not enough: the first words of a name win.
    idx = small_index(tmp_path, PRINTED_POOL.replace("\tMonster\t17", f"\tMonster\t{printings}"))
    assert idx.lookup("Wyrm Final", "es").matches[0].entry.passcodes[0] == want


MOTH = """id\ten\tes\tpt\tit\tcard_type\tprintings
8401\tPerfectly Ultimate Grand Gnat\tGran Gnat Definitivo Perfecto\tGrande Gnat Definitivo Perfeito\tGrande Gnat Definitivo Perfetto\tMonster\t6
8402\tGnat Cocoon\tCapullo de Gnat\tCasulo de Gnat\tBozzolo di Gnat\tSpell\t4
8403\tUltimate Grand Beetle\tGran Escarabajo Definitivo\tGrande Besouro Definitivo\tGrande Scarabeo Definitivo\tMonster\t3
"""
MOTH_SERIES = """en\tes\tpt\tit
Gnat\tGnat\tGnat\tGnat
"""


@pytest.mark.parametrize("query, want", [
    ("Ultimate Grandd Gnat", "8401"),  # three words, one misspelt: the card that holds them, not the series of one
    ("Perfect Grand Gnat", "8401"),
])
def test_a_query_of_three_words_names_the_card_that_holds_them_not_a_series_of_one(tmp_path, query, want):
    moths = small_index(tmp_path, MOTH, "", MOTH_SERIES)
    m = moths.lookup(query).matches[0]
    assert m.entry.kind == "card" and m.entry.passcodes[0] == want, (m.entry.id, m.score)


@pytest.mark.parametrize("query", ["Gnat", "Gnat deck", "the Gnat monsters"])
def test_a_series_word_with_fewer_than_three_words_of_a_card_stays_the_series(tmp_path, query):
    moths = small_index(tmp_path, MOTH, "", MOTH_SERIES)
    assert moths.lookup(query).matches[0].entry.kind == "series"


SKELETON = """id\ten\tes\tpt\tit\tcard_type\tprintings
8501\tBrine Wyrm\tSierpe de Salmuera\tSerpe de Salmoura\tSerpe di Salamoia\tMonster\t3
8502\tMythic Brine Wyrm\tSierpe de la Salmuera Mítica\tSerpe da Salmoura Mítica\tSerpe della Salamoia Mitica\tMonster\t9
8503\tTide Wyrm\tSierpe de Marea\tSerpe da Maré\tSerpe di Marea\tMonster\t4
8504\tWyrm of the Tide\tSierpe de la Marea\tSerpe das Marés\tSerpe della Marea\tMonster\t4
"""


@pytest.mark.parametrize("query, want", [
    ("Serpe da Salmoura", "8501"),  # "de" written "da": the name, before the longer one the query begins
    ("Sierpe del Salmuera", "8501"),
    ("Serpe della Salamoia", "8501"),
])
def test_a_name_with_its_linking_words_written_otherwise_names_the_card(tmp_path, query, want):
    idx = small_index(tmp_path, SKELETON)
    m = idx.lookup(query).matches[0]
    assert (m.entry.passcodes[0], m.score) == (want, partial.SKELETON_SCORE)


@pytest.mark.parametrize("query", [
    "Sierpe del Marea",  # two cards have the words in that order (Tide Wyrm, Wyrm of the Tide): neither first for it
    "Serpe Salmoura",  # no linking word written: no other way of writing one
    "Serpe da Salmoura Velha",  # a word no name has
])
def test_no_skeleton_match_where_two_cards_or_none_have_the_words(tmp_path, query):
    idx = small_index(tmp_path, SKELETON)
    assert all(m.score != partial.SKELETON_SCORE for m in idx.lookup(query).matches)
