"""A person or a character who shares a one-word card name (names/people.py, issue 24): the words of the language right
next to the name say it is a person. Card names are made up for these tests."""
from __future__ import annotations

import re

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
6001\tMorvane\tMorvane\tMorvane\tMorvane\tMonster\t20
6002\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
6003\tYami\tYami\tYami\tYami\tSpell\t20
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("people"), POOL, NICKS)


@pytest.mark.parametrize("text, lang, why", [
    ("Después el señor Morvane abrió la tienda de cartas.", "es", "'señor' before"),  # a noun of people before it
    ("O garoto Morvane já estava pronto para o duelo.", "pt", "'garoto' before"),
    ("Then the player Morvane won the regional event.", "en", "'player' before"),
    ("Yugi va al negozio di Morvane, il nonno di Yugi.", "it", "'il nonno' after"),  # an apposition
    ("Dopo la scuola Morvane spiega che la carta è rara.", "it", "'spiega' after"),  # a verb of speech after it
    ("Y entonces Morvane dijo que no tenía más cartas.", "es", "'dijo' after"),
    ("Later on Morvane says the deck is fine.", "en", "'says' after"),
    ("Quando o Morvane\njogava de meta, ninguém ganhava.", "pt", "'jogava' after"),  # a verb of play, across a line break
    ("Y entonces Morvane\u00a0dijo que no tenía más cartas.", "es", "'dijo' after"),  # a no-break space between
    ("Later on Morvane\tsays the deck is fine.", "en", "'says' after"),  # a tab
    ("Joey chiede a Morvane di mostrargli le carte.", "it", "'chiede a' before"),  # asked: the one spoken to
    ("Luego Joey pregunta a Morvane por su mazo.", "es", "'pregunta a' before"),
    ("Ciao Morvane, grazie per la risposta sulla Lanterna Orbitale!", "it", "'Ciao' before"),  # greeted: a forum user
    ("Gracias Morvane! Probaré la Linterna Orbital.", "es", "'Gracias' before"),
])
def test_a_one_word_name_that_people_words_surround_is_a_person(index, text, lang, why):
    spans, held = found(index, text, lang)
    assert "6001" not in [p for _, p in spans], spans
    assert any(h == "Morvane" and "a person" in r and why in r for h, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("Activo la Linterna Orbital y Morvane destruye una carta.", "es"),  # cards destroy
    ("Con la Linterna Orbital, Morvane ataca directamente.", "es"),  # … and attack
    ("Activé la Linterna Orbital y la carta Morvane dice que robas dos.", "es"),  # what a card's text says
    ("Ativei a Lanterna Orbital e Morvane\n\njogava tudo fora.", "pt"),  # two line breaks: another paragraph
    ("Con la Linterna Orbital, Morvane, la mejor carta, gana.", "es"),  # no noun of people after the comma
    ("Con la Linterna Orbital invoco a Morvane en defensa.", "es"),  # "invoco a": no verb of asking
    ("Hola, uso la Linterna Orbital y Morvane, nada más.", "es"),  # a greeting, but not right before the name
    ("Grazie Morvane e Lanterna Orbitale ho vinto.", "it"),  # thanks to a card: no comma or "!" after it
])
def test_a_one_word_name_that_no_people_words_surround_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "6001" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, lang, why", [
    ("Hablé con el señor Morvane 20 minutos.", "es", "'señor' before"),  # a number after the name: the noun is before it
    ("In round 3 player Morvane won.", "en", "'player' before"),  # a number two words before
    ("Chiede a Morvane di mostrargli le carte.", "it", "'Chiede a' before"),  # the verb of asking opens the text
    ("Poi, chiede a Morvane, sorridendo, di giocare.", "it", "'chiede a' before"),  # commas before the verb, after the name
    ("Morvane, el profesor, explicó la regla.", "es", "'el profesor' after"),  # the name opens the text
    ("Conocí a Morvane, la jugadora", "es", "'la jugadora' after"),  # the apposition ends the text
])
def test_people_words_around_a_name_among_numbers_commas_and_the_text_s_ends(index, text, lang, why):
    spans, held = found(index, text, lang)
    assert "6001" not in [p for _, p in spans], spans
    assert any(h == "Morvane" and "a person" in r and why in r for h, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("Después el señor morvane abrió la tienda.", "es"),  # a lower-case name is a card's nickname
    ("Ayer gané con Morvane", "es"),  # the name ends the text: nothing after it
    (" A Morvane le toca el turno, pregunta", "es"),  # "a" opens the line: the text's last word is not before it
    ("Ontem eu tinha Morvane\n\njogava tudo fora.", "pt"),  # two line breaks, no card named elsewhere in the text
    ("Ayer ataqué con Morvane al jugador rival.", "es"),  # a noun of people after the name, no comma
    ("Ayer Morvane, la mejor carta, ganó sola.", "es"),  # a comma and an article, no noun of people
    ("Yugi va da Morvane,\nil nonno di Yugi.", "it"),  # the comma ends a line: the next line is no apposition
    ("Yugi tiene Morvane, el ", "es"),  # an article and a blank end the text
])
def test_a_name_with_part_of_the_people_words_around_it_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "6001" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, lang, name", [
    ("Cita\nutente77\nMorvane\nMorvane\nAvatar\n\nRegistrato il: 3/4/2009\nMessaggi: 120\n\nBuonasera.", "it", "Morvane"),
    ("Voltar\nLanterna Orbital\n\nLanterna Orbital\n\n\nPontos : 15\nIdade : 41\n", "pt",
     "Lanterna Orbital"),  # a rank named after a card, twice, blank lines between
    ("Citar\nLinterna Orbital\nRango: experto\nMensajes: 57\n", "es", "Linterna Orbital"),
])
def test_a_name_alone_on_its_line_over_a_forum_profile_is_a_user_or_a_rank(index, text, lang, name):
    from ygorules.names import people
    spans, held = found(index, text, lang)
    assert not [s for s in spans if s[0] == name], spans
    assert any(h == name and "forum user" in r for h, r in held), held
    a = text.index(name)
    assert people.profile(text, a, a + len(name)) is not None


@pytest.mark.parametrize("text, lang, name", [
    ("Il mio mazzo:\nMorvane\nLanterna Orbitale\n1\n2\n3\n4\n5\n6\n7\nPosts: 120\n", "it", "Morvane"),  # too far above
    ("Ho giocato Morvane ieri.\nPosts: 120\n", "it", "Morvane"),  # not alone on its line
    ("Morvane\nPosts: molti\n", "it", "Morvane"),  # a field with no number
    ("Morvane\nLanterna Orbitale\n", "it", "Morvane"),  # no profile at all
])
def test_a_name_with_no_forum_profile_right_below_it_stays_the_card(index, text, lang, name):
    from ygorules.names import people
    a = text.index(name)
    assert people.profile(text, a, a + len(name)) is None


# Mutation run of names/people.py (issue 24, 83.8 % at e29956d): each case fails with a surviving mutant of `profile`.
@pytest.mark.parametrize("text, name, field", [
    ("Morvane\nPosts: 120\n", "Morvane", "Posts: 120"),  # the field named is the field's line, trimmed
    ("Morvane\nPosts: 120", "Morvane", "Posts: 120"),  # a field on the text's last line, no line break after it
    ("Morvane\n\nMessaggi: 7\n", "Morvane", "Messaggi: 7"),  # a blank line between
    ("Ieri ho giocato Morvane\nPosts: 120\n", "Morvane", None),  # words before it on its line
    ("Cita\nMorvane ieri.\nPosts: 120\n", "Morvane", None),  # words after it, a line below another
    ("Mazzo\n3 Morvane\nPosts: 120\n", "Morvane", None),  # a count before it: a deck list's line
    ("Posts: 120\nMorvane", "Morvane", None),  # a field above it only, the name the text's last line
])
def test_what_a_forum_profile_is_and_which_field_says_so(text, name, field):
    from ygorules.names import people
    a = text.index(name)
    got = people.profile(text, a, a + len(name))
    assert got == (None if field is None else f"a forum user's name or rank (a profile's field below it: '{field}')"), got


@pytest.mark.parametrize("text, lang, card", [
    ("Atem miró a su Yami y le guiñó un ojo junto a la Linterna Orbital.", "es", False),  # the anime's character
    ("Nel finale Yami vince il duello con la Lanterna Orbitale.", "it", False),
    ("Activo la carta Yami junto a la Linterna Orbital.", "es", True),  # a card word next to it
    ('Uso "Yami" y la Linterna Orbital.', "es", True),  # quotes
    ("Ativei Yami e a Lanterna Orbital.", "pt", True),  # a verb of play right before it
    # after a card's name and a comma: no list of cards, the character who plays the next one
    ('Al robar "Linterna Orbital", Yami activa la trampa del turno.', "es", False),
    ("Deck:\n1x Linterna Orbital\n1x Yami\n", "es", True),  # a count of copies before it, in a deck list
    # a chapter's number before it, a dash between, is no count of copies (a deck holds three at most)
    ("Capítulo 69 - Yami no Game – Seto Kaiba e a Lanterna Orbital", "pt", False),
    ("Capítulo 3 - Yami no Game – Seto Kaiba e a Lanterna Orbital", "pt", False),
])
def test_a_main_characters_name_is_the_card_of_that_word_only_beside_a_card_word_or_a_verb_of_play(index, text, lang,
                                                                                                     card):
    spans, held = found(index, text, lang)
    assert ("6003" in [p for _, p in spans]) is card, (spans, held)
    if not card:
        assert any(h == "Yami" and "character" in r for h, r in held), held


SCRIPT = ("Morvane: Hoje você perde o duelo!\n"
          "Lira: Veremos. Eu ativo a Lanterna Orbital.\n"
          "Morvane: Isso não me assusta. – Morvane sorria, confiante.\n")


@pytest.mark.parametrize("text, lang, name", [
    (SCRIPT, "pt", "Morvane"),  # opens two lines with a colon: a speaker, also in the narration
    (SCRIPT + "O melhor monstro de Morvane era um dragão.\n", "pt", "Morvane"),  # the monster Morvane owns
    ("Morvane 4000LP 4000LP Lira\nLira ativa a Lanterna Orbital e Morvane recua.", "pt", "Morvane"),  # life points
    ("Turno di Lira (LP 8000) contro Morvane (8000 LP).\nLa Lanterna Orbitale non basta a Morvane.", "it", "Morvane"),
    ("- Non voglio perdere - la avvertì Morvane.\nIl mostro di Morvane era forte, ma Morvane cadde.", "it", "Morvane"),
    ("- Ataco ya - dijo Morvane.\nEl turno de Morvane terminó y Morvane sonrió.", "es", "Morvane"),  # speaks, owns a turn
    ("Morvane respondeu que sim. Morvane perguntou de novo e Morvane venceu.", "pt", "Morvane"),  # speaks twice
    # the story's other verbs of speech: a laugh, a mutter, what is added
    ("<< Eheheh...>> ridacchiò Morvane. << Ancora tu? >> mormorò Morvane, e Morvane attaccò.", "it", "Morvane"),
    ("- Bien - murmuró Morvane. - Y algo más - añadió Morvane antes de que Morvane robara.", "es", "Morvane"),
])
def test_a_speaker_or_a_duelist_of_a_story_written_as_a_script_is_a_character(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert "6001" not in [p for _, p in spans], spans
    assert any(h == name and "a character of the story" in r for h, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("Morvane: la carta más fuerte del formato.\nLinterna Orbital: buena, pero lenta.\nJuego Morvane siempre.", "es"),
    ("- Ataco ya - dijo Lira. El turno de Morvane nunca llega: Morvane es lento.", "es"),  # said once, owns once: two
    # different names, once each
    (SCRIPT + "Então Morvane ativa a carta \"Morvane\" do cemitério.\n", "pt"),  # in quotes: the card
    (SCRIPT + "Ele invoca a carta Morvane em defesa.\n", "pt"),  # a card word right before it
])
def test_a_name_that_heads_one_line_or_that_a_card_word_marks_stays_a_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "6001" in [p for _, p in spans], (spans, held)


@pytest.mark.parametrize("text, lang", [
    ('Juego Morvane en el deck. Morvane dice: "robas dos cartas".', "es"),  # what the card's text says
    ("Joguei a Lanterna Orbital e Morvane. Morvane diz que você compra.", "pt"),
])
def test_a_card_the_text_named_already_followed_by_what_it_says_is_its_text(index, text, lang):
    spans, held = found(index, text, lang)
    assert [p for _, p in spans].count("6001") == 2, (spans, held)


def test_a_name_that_says_before_the_text_names_the_card_is_a_person(index):
    spans, held = found(index, 'Morvane dice: "juega la Linterna Orbital". Morvane dice que sí.', "es")
    assert "6001" not in [p for _, p in spans], spans


@pytest.mark.parametrize("text, lang, why", [
    ("AUTOR: Linterna Orbital\nUna guía para empezar a jugar.", "es", "the author's name"),
    ("Esta guía la escribió Linterna Orbital, un usuario del foro.", "es", "the writer"),
    ("Guia escrita por Lanterna Orbital para os novatos.", "pt", "the writer"),
    ("Grazie a Lanterna Orbitale, un utente del forum, per la guida.", "it", "a user of the forum"),
])
def test_a_card_name_that_signs_the_text_or_names_a_forum_user_is_a_person(index, text, lang, why):
    spans, held = found(index, text, lang)
    assert "6002" not in [p for _, p in spans], spans
    assert any(why in r for _, r in held), held


@pytest.mark.parametrize("text, lang", [
    ("Uso la Linterna Orbital, una carta genial, en mi mazo.", "es"),  # an apposition, but no forum's noun of people
    ("La carta escrita en el mazo es Linterna Orbital.", "es"),  # no "por" after the participle
])
def test_a_card_name_with_no_writer_words_around_it_stays_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "6002" in [p for _, p in spans], (spans, held)


def test_a_card_name_given_to_the_author_is_the_author_wherever_the_text_writes_it_again(index):
    text = ("AUTOR: Linterna Orbital\nEsta guía la hice yo (Linterna orbital) para los novatos.\n"
            "Desde ahora firmaré como Linterna Orbital.")
    spans, held = found(index, text, "es")
    assert "6002" not in [p for _, p in spans], spans
    assert sum("so named elsewhere in the text" in r for _, r in held) == 2, held


def test_a_card_name_given_to_the_author_is_still_the_card_where_the_text_calls_it_one(index):
    text = "AUTOR: Linterna Orbital\nEn mi mazo uso la carta Linterna Orbital y también activo «Linterna Orbital»."
    spans, held = found(index, text, "es")
    assert [p for _, p in spans].count("6002") == 2, (spans, held)


# Mutation run of names/people.py (this stop, 84.7 % at 1fa2ebd): each test below fails with a surviving mutant of
# `speakers`, `speaker` or `author`.
@pytest.mark.parametrize("text, cast", [
    ("Morvane: la más fuerte.\nLira: lenta.\n", set()),  # each name heads one line: a review's headings
    ("morvane: la más fuerte.\nmorvane: lenta.\n", set()),  # two lines, but a lower-case word: a nickname
    ("Morvane: Hoje não.\nLira: Veremos.\nMorvane: Já vai ver.\n", {"Morvane"}),  # the first line counts
])
def test_a_speaker_heads_two_lines_with_a_capital(text, cast):
    from ygorules.names import people
    assert people.speakers(text) == frozenset(cast)


@pytest.mark.parametrize("text, cast", [
    ("Morvane 4000 PV\nLira 3000 PV\n", {"Morvane", "Lira"}),  # "PV" (pontos de vida) and no "LP"
    ("Fine del duello\n8000 PV Morvane", {"Morvane"}),  # the count before the name
    ("morvane 4000 LP e Lira in attacco", set()),  # a lower-case word by the count: no duelist
    ("Stato: LP 8000 LP", set()),  # the unit written on both sides of the count is no duelist
    ("Estado: PV 8000 PV", set()),
    ("Lira 8000 LP, PdV 8000 PdV", {"Lira"}),
])
def test_a_duelist_is_a_capitalised_word_next_to_a_count_of_life_points_never_the_unit(text, cast):
    from ygorules.names import people
    assert people.speakers(text) == frozenset(cast)


def test_a_speaker_is_only_a_name_of_the_cast_and_of_one_word():
    from ygorules.names import people
    text = "Lira ativa a Lanterna Orbital."
    words, raw = ["lira", "ativa", "a", "lanterna", "orbital"], ["Lira", "ativa", "a", "Lanterna", "Orbital"]
    assert people.speaker(text, words, raw, 0, 0, 0, 4, frozenset({"Lira"})) == \
        "a character of the story ('Lira' speaks or duels in it)"
    assert people.speaker(text, words, raw, 0, 0, 0, 4, frozenset({"Morvane"})) is None  # not of the cast
    assert people.speaker(text, words, raw, 3, 4, 13, 29, frozenset({"Lanterna"})) is None  # two words


@pytest.mark.parametrize("text, lang, name, why", [
    ("Escrita por Linterna Orbital, esta guía es para novatos.", "es", "Linterna Orbital",
     "the writer ('escrita por' before it)"),  # the participle opens the text
    ("Guia escrita por Lanterna Orbital para os novatos.", "pt", "Lanterna Orbital", "the writer ('escrita por' before it)"),
    ("La guía la hizo Linterna Orbital, un moderador.", "es", "Linterna Orbital",
     "a user of the forum ('un moderador' after it)"),  # the apposition ends the text
    ("Grazie a Lanterna Orbitale, un utente del forum, per la guida.", "it", "Lanterna Orbitale",
     "a user of the forum ('un utente' after it)"),
])
def test_the_writer_or_forum_user_reason_names_the_words_that_say_so(index, text, lang, name, why):
    spans, held = found(index, text, lang)
    assert "6002" not in [p for _, p in spans], spans
    assert (name, why) in held, held


@pytest.mark.parametrize("text, lang", [
    ("Mi carta favorita: Linterna Orbital, sin duda.", "es"),  # a colon after a word that is no author's label
    ("Por Linterna Orbital el combo queda hecho.", "es"),  # "por" opens the text: no participle before it
    ("Juego la carta Linterna Orbital,\nun usuario me la recomendó.", "es"),  # the comma ends the line: no apposition
])
def test_a_card_name_with_only_part_of_the_writer_words_stays_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert "6002" in [p for _, p in spans], (spans, held)


def _words(text, name):
    """The words of ``text`` as written and folded (lower case: the fixtures have no accents), and where ``name``
    (one word or more) is in them: its first and last word and its offsets."""
    matches = list(re.finditer(r"\w+", text))
    raw = [m.group() for m in matches]
    start = text.index(name)
    i = next(n for n, m in enumerate(matches) if m.start() == start)
    j = next(n for n, m in enumerate(matches) if m.end() == start + len(name))
    return [w.lower() for w in raw], raw, i, j, start, start + len(name)


# … and of `character`, `person` (the same run).
@pytest.mark.parametrize("text, name", [
    ('Nel finale "Yami" vince il duello.', "Yami"),  # quotes alone
    ("Activo la carta Yami hoy.", "Yami"),  # a card word alone
    ("Nel finale yami vince il duello.", "yami"),  # lower case: a nickname
    ("Nel finale Morvane vince il duello.", "Morvane"),  # no main character's name
    ("Nel finale Yami Morvane vince il duello.", "Yami Morvane"),  # a name of two words
])
def test_a_main_characters_name_is_a_capitalised_word_of_its_own_with_no_quotes_or_card_word(text, name):
    from ygorules.names import people
    words, raw, i, j, start, end = _words(text, name)
    assert people.character(text, words, raw, i, j, start, end, lambda w: False) is None


@pytest.mark.parametrize("text, name", [
    ("Nel finale Yami vince il duello.", "Yami"),
    ("Entriamo dunque nel mondo di Astral.", "Astral"),  # ZEXAL's (Astral Kuriboh's short form otherwise)
])
def test_a_main_characters_name_alone_is_the_character(text, name):
    from ygorules.names import people
    words, raw, i, j, start, end = _words(text, name)
    assert people.character(text, words, raw, i, j, start, end, lambda w: False) == f"a character of the anime ('{name}')"
    text = "Nel finale Yami vince il duello."
    words, raw, i, j, start, end = _words(text, "Yami")
    assert people.character(text, words, raw, i, j, start, end, lambda w: w == "finale") is None  # a verb of play before


@pytest.mark.parametrize("text, lang", [
    ("Un saludo y gracias Morvane", "es"),  # the name ends the text
    ("Gracias Morvane!! Probaré la Linterna Orbital.", "es"),  # more than one "!"
    ("Obrigado Morvane. Vou testar a Lanterna Orbital.", "pt"),  # a full stop
])
def test_a_greeting_before_a_name_that_ends_a_sentence_or_the_text_greets_a_person(index, text, lang):
    spans, held = found(index, text, lang)
    assert "6001" not in [p for _, p in spans], spans
    assert any(h == "Morvane" and "a person greeted" in r for h, r in held), held


@pytest.mark.parametrize("text, names", [
    ("Morvane 4000 PdV 4000 PdV Lira\nLira ataca.", {"Morvane", "Lira"}),  # life points written PdV alone
    ("Turno tre: 8000 PV Morvane\nMorvane pesca.", {"Morvane"}),  # a word before the count takes no name after it
])
def test_the_duelists_of_every_way_of_writing_life_points(text, names):
    from ygorules.names import people
    assert people.speakers(text) == names
