"""A rare card's name that is also an everyday phrase of the language (names/evidence.py ``_idiom``, issue 24): written
all in lower case, every content word ordinary in the text's language and more common there than in English, a card
printed ``IDIOM_RARE`` times or fewer, unquoted, it is the phrase, not the card. Card names are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import evidence

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7101\tBlack Tide\tMarea Negra\tMaré Negra\tMarea Nera\tTrap\t2
7102\tHidden Weapon\tArma Oculta\tArma Oculta\tArma Nascosta\tSpell\t20
7103\tGloomy Tide\tMarea Umbría\tMaré Umbrosa\tMarea Uggiosa\tTrap\t2
7104\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
7108\tLittle Wolf\tLobo Pequeño\tLobo Pequeno\tLupo Piccolo\tMonster\t5
7109\tGrey Wolf\tLobo Gris\tLobo Cinzento\tLupo Grigio\tMonster\t6
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("idioms"), POOL, "")


@pytest.mark.parametrize("text, lang", [
    ("Activé la Linterna Orbital, y después la marea negra cambió la partida.", "es"),
    ("Ativei a Lanterna Orbital, e depois a maré negra mudou a partida.", "pt"),
    ("Ho attivato la Lanterna Orbitale, e poi la marea nera ha cambiato la partita.", "it"),
])
def test_a_rare_cards_name_in_lower_case_everyday_words_is_a_phrase(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7101" not in [p for _, p in spans], spans
    assert any("phrase of the language" in why for _, why in held), held


@pytest.mark.parametrize("text, lang, pid", [
    ("Activé la Linterna Orbital, y después la arma oculta cambió la partida.", "es", "7102"),  # a card printed often
    ("Activé la Linterna Orbital, y después la Marea Negra cambió la partida.", "es", "7101"),  # as the pool writes it
    ("Activé la Linterna Orbital, y después «marea negra» cambió la partida.", "es", "7101"),  # quoted
    ("Activé la Linterna Orbital, y después la marea umbría cambió la partida.", "es", "7103"),  # a rare word
])
def test_a_name_that_is_no_rare_everyday_phrase_stays_a_card(index, text, lang, pid):
    spans, held = found(index, text, lang)
    assert pid in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ("Carta yu-gi-oh: marea nera ultra rara. Spedizione in tutta Italia.", "it"),  # a seller's label before it
    ("Vendo carta Yu-Gi-Oh! marea negra en buen estado.", "es"),
])
def test_a_rare_cards_name_in_lower_case_after_a_card_label_is_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7101" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, lang, pid", [
    ("Ativei a Lanterna Orbital, e um lobo pequeno cinzento apareceu no campo.", "pt", "7108"),  # printed IDIOM_RARE times
    ("Activé la Linterna Orbital, y un lobo pequeño salió al campo.", "es", "7108"),
])
def test_a_card_printed_up_to_idiom_rare_times_is_the_phrase(index, text, lang, pid):
    assert evidence.IDIOM_RARE == 5
    spans, held = found(index, text, lang)
    assert pid not in [p for _, p in spans], spans
    assert any("phrase of the language" in why for _, why in held), held


def test_a_card_printed_more_than_idiom_rare_times_stays_a_card(index):
    spans, held = found(index, "Activé la Linterna Orbital, y después el lobo gris cambió la partida.", "es")
    assert "7109" in [p for _, p in spans], (spans, held)


def test_the_rule_reads_the_word_frequencies_of_both_languages(index):
    from ygorules.names.translate import Translator
    tr = Translator(index, "es", "en")
    assert tr.freq.get("marea") >= evidence.ORDINARY > tr.freq.en.get("marea")
    assert tr.freq.get("umbria") < evidence.ORDINARY  # (what keeps "Marea Umbría" a card)


CASE_POOL = POOL + "7105\tStrike the Sun\tAtacar el Sol\tAtacar o Sol\tAttaccare il Sole\tTrap\t2\n"


@pytest.fixture(scope="module")
def case_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("idiom-case"), CASE_POOL, "")


@pytest.mark.parametrize("text, lang, pid", [
    ("Activé la Linterna Orbital. Marea negra, dijo el juez, y la partida siguió.", "es", "7101"),  # sentence case
    ("Ativei a Lanterna Orbital. Maré negra foi o que se viu depois.", "pt", "7101"),
    ("Activé la Linterna Orbital; su plan era atacar el Sol desde el principio.", "es", "7105"),  # its first word in
    ("Ho attivato la Lanterna Orbitale, poi volevo attaccare il Sole con tutto.", "it", "7105"),  # lower case
])
def test_a_rare_cards_everyday_name_not_written_as_a_name_is_a_phrase(case_index, text, lang, pid):
    spans, held = found(case_index, text, lang)
    assert pid not in [p for _, p in spans], spans
    assert any("phrase of the language" in why for _, why in held), held


@pytest.mark.parametrize("text, lang, pid", [
    ("Activé la Linterna Orbital.\nMarea negra\nLinterna Orbital\n", "es", "7101"),  # a line of a list
    ("Activé la Linterna Orbital. Marea Negra cambió la partida.", "es", "7101"),  # as the pool writes it
    ("Activé la Linterna Orbital. Atacar el Sol cambió la partida.", "es", "7105"),
])
def test_a_rare_cards_everyday_name_written_as_a_name_stays_a_card(case_index, text, lang, pid):
    spans, held = found(case_index, text, lang)
    assert pid in [p for _, p in spans], (spans, held)


GAME_POOL = POOL + "7106\tAfter the Clash\tTras el Choque\tDepois da Luta\tDopo lo Scontro\tTrap\t2\n"
GAME_META = "id\tcard_type\tprinted_langs\tunofficial_name_langs\n7106\tTrap\ten,es,it\t\n"


@pytest.fixture(scope="module")
def game_index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("idiom-game")
    (tmp / "pool_meta.tsv").write_text(GAME_META, encoding="utf-8")  # (the card never printed in pt: a game's name)
    return small_index(tmp, GAME_POOL, "")


def _reviewed(index, text, lang, piece, pid):
    """What the evidence pass keeps of the card span ``piece`` (card ``pid`` by its form there: this small pool's scan
    takes no video game's name in lower case) and why it held it back."""
    from ygorules.names import evidence
    from ygorules.names.translate import Span, Translator
    tr = Translator(index, lang, "en")
    tr.spans(text)  # (the text's words, as the pass reads them)
    tr.held = []
    a = text.index(piece)
    i, j = tr._starts.index(a), tr._ends.index(a + len(piece))
    f = next(f for f in tr._forms(" ".join(tr._words[i:j + 1])) if f.entry.passcodes[0] == pid)
    e = f.entry
    span = Span(a, a + len(piece), piece, e.id, "card", e.name("en"), f.lang, f.variant, e.origin, [], 3.0, 100.0, e.passcodes)
    return [x.text for x in evidence.review(tr, text, [span], Span)], tr.held


def test_a_video_games_name_of_everyday_words_not_written_as_a_name_is_a_phrase(game_index):
    from ygorules.names.translate import Translator
    assert [f.variant for f in Translator(game_index, "pt", "en")._forms("depois da luta")] == ["video-game"]
    kept, held = _reviewed(game_index, "Ativei a Lanterna Orbital, e só depois da luta o deck voltou ao normal.", "pt",
                           "depois da luta", "7106")
    assert kept == [] and "phrase of the language" in held[0][1], held
    kept, held = _reviewed(game_index, "Ativei a Lanterna Orbital, e só «depois da luta» o deck voltou.", "pt",
                           "depois da luta", "7106")
    assert kept == ["depois da luta"], held  # quoted


HEAD_POOL = POOL + "7110\tLegendary Wolf\tLobo Legendario\tLobo Lendário\tLeggendario Lupo\tMonster\t20\n"


@pytest.fixture(scope="module")
def head_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("idiom-head"), HEAD_POOL, "")


def test_a_two_word_name_with_its_first_word_in_lower_case_and_the_second_capitalised_is_a_phrase(head_index):
    spans, held = found(head_index, "Ho attivato la Lanterna Orbitale, poi è arrivato il leggendario Lupo.", "it")
    assert "7110" not in [p for _, p in spans], spans
    assert any("not written as the name" in why for _, why in held), held


@pytest.mark.parametrize("text", [
    "Ho attivato la Lanterna Orbitale, poi è arrivato il Leggendario Lupo.",  # as the pool writes it
    "Ho attivato la Lanterna Orbitale, poi è arrivato il leggendario Lupo di ghiaccio.",  # may begin a longer name
])
def test_a_name_in_its_own_case_or_before_a_link_word_is_not_held_as_a_phrase(head_index, text):
    spans, held = found(head_index, text, "it")
    assert not any("not written as the name" in why for _, why in held), held


HEAD_MORE = HEAD_POOL + ("7111\tOrbit Wolf\tLobo Orbital\tLobo Orbital\tquorlith Lupo\tMonster\t20\n"
                         "7112\tOld Grey Wolf\tLobo Gris Viejo\tLobo Cinzento Velho\tLupo Grigio Anziano\tMonster\t20\n")


@pytest.fixture(scope="module")
def more_index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("idiom-head-more"), HEAD_MORE, "")


@pytest.mark.parametrize("text, pid", [
    ("Ho attivato la Lanterna Orbitale, poi è arrivato il quorlith Lupo.", "7111"),  # a rare first word: no adjective
    ("Ho attivato la Lanterna Orbitale, poi è arrivato il lupo Grigio Anziano.", "7112"),  # three words
])
def test_only_an_ordinary_first_word_of_a_two_word_name_makes_the_phrase(more_index, text, pid):
    spans, held = found(more_index, text, "it")
    assert not any("not written as the name" in why for _, why in held), held


@pytest.mark.parametrize("text, lang", [
    ("La marea negra y la Linterna Orbital\nEntre las trampas raras está la Marea Negra, que casi nadie juega.", "es"),
    ("La marea nera e la Lanterna Orbitale\nTra le trappole rare c'è la Marea Nera, che quasi nessuno gioca.", "it"),
])
def test_the_same_words_in_lower_case_are_the_card_the_text_names_with_capitals(index, text, lang):
    # a heading in sentence case over a paragraph that names the card as a name: the card both times
    spans, held = found(index, text, lang)
    assert [p for _, p in spans].count("7101") == 2, (spans, held)
