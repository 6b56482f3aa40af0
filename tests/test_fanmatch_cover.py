"""How ``names.fanmatch`` covers a name and decides between the cards a run may translate (issue 24): a comma followed
by a link word, a word the pool never taught, names that differ only in words a run cannot show, English stems and
compounds, two words written as one. Each setting was chosen on the pool held out (``bench/fan_heldout.py``). The
cards and their names are made up; the matcher is given a word table of its own (``fanmatch.build``), no index."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch

# made-up cards, each with its "official" es/pt/it names, so that the learned table knows each word
CARDS = [
    ("Zorva the Quill Herald", {"es": "Zorva, el Heraldo de Pluma", "pt": "Zorva, o Arauto de Pena", "it": "Zorva, l'Araldo di Piuma"}),
    ("Quill Strike", {"es": "Golpe de Pluma", "pt": "Golpe de Pena", "it": "Colpo di Piuma"}),
    ("Brass Herald", {"es": "Heraldo de Latón", "pt": "Arauto de Latão", "it": "Araldo d'Ottone"}),
    ("Brass Strike", {"es": "Golpe de Latón", "pt": "Golpe de Latão", "it": "Colpo d'Ottone"}),
    ("Gloom Herald", {"es": "Heraldo Lúgubre", "pt": "Arauto Lúgubre", "it": "Araldo Cupo"}),
    ("Gloom Strike", {"es": "Golpe Lúgubre", "pt": "Golpe Lúgubre", "it": "Colpo Cupo"}),
    ("Gloom Quill", {"es": "Pluma Lúgubre", "pt": "Pena Lúgubre", "it": "Piuma Cupa"}),
    ("Brass Quill", {"es": "Pluma de Latón", "pt": "Pena de Latão", "it": "Piuma d'Ottone"}),
    ("Dawn Wyvern", {"es": "Guiverno del Alba", "pt": "Serpe da Aurora", "it": "Viverna dell'Alba"}),
    ("Gloom Wyvern", {"es": "Guiverno Lúgubre", "pt": "Serpe Lúgubre", "it": "Viverna Cupa"}),
    ("Brass Wyvern", {"es": "Guiverno de Latón", "pt": "Serpe de Latão", "it": "Viverna d'Ottone"}),
    ("Wyvern Strike", {"es": "Golpe de Guiverno", "pt": "Golpe de Serpe", "it": "Colpo di Viverna"}),
    ("Dawn Strike", {"es": "Golpe del Alba", "pt": "Golpe da Aurora", "it": "Colpo dell'Alba"}),
    ("Gloom Dawn Wyvern", {"es": "Guiverno del Alba Lúgubre", "pt": "Serpe da Aurora Lúgubre", "it": "Viverna Cupa dell'Alba"}),
    ("Brass Quill Herald", {"es": "Heraldo de Pluma de Latón", "pt": "Arauto de Pena de Latão", "it": "Araldo di Piuma d'Ottone"}),
    ("Brass Dawn Herald", {"es": "Heraldo del Alba de Latón", "pt": "Arauto da Aurora de Latão", "it": "Araldo dell'Alba d'Ottone"}),
]


@pytest.fixture(scope="module")
def matcher():
    return fanmatch.Matcher(None, fanmatch.build([(en, list(o.values())) for en, o in CARDS]))


@pytest.mark.parametrize("run, want", [
    ("Zorva, o Heraldo da Piuma", "Zorva the Quill Herald"),  # the comma of "X, the Y": an article follows it
    ("Zorva, el Arauto de Pluma", "Zorva the Quill Herald"),
    ("Pluma, de Golpe", "Quill Strike"),  # any link word of STOP after it
    ("Piuma, Golpe", None),  # a name word after the comma: two names, or a title
    ("Zorva, un Heraldo da Piuma", None),  # an indefinite article: another phrase
])
def test_a_comma_matches_a_name_without_one_only_before_a_link_word(matcher, run, want):
    got = matcher.match(run)
    assert (got and got[0]) == want


def test_without_the_article_rule_a_comma_is_never_matched(matcher, monkeypatch):
    monkeypatch.setattr(fanmatch, "COMMA_ARTICLE", False)
    assert matcher.match("Zorva, o Heraldo da Piuma") is None


@pytest.mark.parametrize("run, want", [
    # "Fantástico" is no word of the pool: it stands for the one name word nothing else covers (Quill)
    ("Heraldo Fantástico de Zorva", "Zorva the Quill Herald"),
    ("Zorva, el Fantástico Heraldo", "Zorva the Quill Herald"),
    # one more word the pool never taught, around a complete name
    ("Guiverno Ardiente del Alba Lúgubre", "Gloom Dawn Wyvern"),
])
def test_a_word_the_pool_never_taught_may_stand_for_one_name_word(matcher, run, want, monkeypatch):
    monkeypatch.setattr(fanmatch, "UNKNOWN", 1)
    got = matcher.match(run)
    assert got is not None and got[0] == want
    monkeypatch.setattr(fanmatch, "UNKNOWN", 0)
    assert matcher.match(run) is None


@pytest.mark.parametrize("run", [
    "Heraldo Brillante",  # only one word that translates: too little to pair
    "Golpe Lúgubre de Latón",  # every word translates, and no card is Strike, Gloom and Brass: none stands in
    "Heraldo Brillante Ardiente de Latón",  # two words the pool never taught
    # Brass Herald with one more word, or Brass Dawn/Quill Herald with a word standing in: too close to choose
    "Heraldo Brillante de Latón",
    # first or last: a word of the sentence the run took in ("Saqué la Barredora…")
    "Zorva, el Heraldo Fantástico",
    "Fantástico Heraldo de Zorva",
])
def test_a_partial_cover_needs_pairs_no_other_translation_and_a_clear_winner(matcher, run, monkeypatch):
    monkeypatch.setattr(fanmatch, "UNKNOWN", 1)
    assert matcher.match(run) is None


def test_a_stand_in_scores_below_a_complete_cover(matcher, monkeypatch):
    monkeypatch.setattr(fanmatch, "UNKNOWN", 1)
    (extra, a), (stand_in, b) = matcher.ranked("Guiverno Ardiente Cupo")[:2]
    assert (a, b) == ("Gloom Wyvern", "Gloom Dawn Wyvern") and extra > stand_in


# names that differ only in words a run cannot show: one reading, not a tie
READINGS = [
    ("Snare Pit", ["Pozo Trampa", "Poço Armadilha", "Pozzo Trappola"]),
    ("D.D. Snare Pit", ["Pozo Trampa D.D.", "Poço Armadilha D.D.", "Pozzo Trappola D.D."]),
    ("Wyrm Rising", ["Sierpe Alzada", "Serpe Erguida", "Serpe Risorta"]),
    ("Wyrm Rising Rising", ["Sierpe Alzada Alzada", "Serpe Erguida Erguida", "Serpe Risorta Risorta"]),
    ("Wyrm Pit", ["Pozo de la Sierpe", "Poço da Serpe", "Pozzo della Serpe"]),
]


@pytest.mark.parametrize("run, want", [
    ("Pozzo della Trappola", "Snare Pit"),  # "D.D." is in neither the run nor the shorter name
    ("Pozo Trampa D.D.", "D.D. Snare Pit"),  # the run shows it
    ("Serpe Risorta", "Wyrm Rising"),  # a name that says a word twice reads as one that says it once
])
def test_names_that_differ_only_in_words_a_run_cannot_show_are_one_reading(run, want):
    m = fanmatch.Matcher(None, fanmatch.build(READINGS))
    got = m.match(run)
    assert got is not None and got[0] == want
    assert sum(1 for _, n in m.ranked(run) if fanmatch.content(n) == fanmatch.content(want)) == 1


def test_a_word_the_pool_never_taught_at_the_edge_is_read_only_when_asked(matcher, monkeypatch):
    monkeypatch.setattr(fanmatch, "UNKNOWN", 1)
    monkeypatch.setattr(fanmatch, "UNKNOWN_AT_EDGE", True)
    assert matcher.match("Zorva, el Heraldo Fantástico")[0] == "Zorva the Quill Herald"


# an English name word with the stem of a run word's translation: Summoning for a word taught as Summoner
STEMS = [
    ("Quill Summoner", ["Invocador de Pluma", "Invocador de Pena", "Evocatore di Piuma"]),
    ("Brass Summoner", ["Invocador de Latón", "Invocador de Latão", "Evocatore d'Ottone"]),
    ("Gloom Summoning", ["Llamada Lúgubre", "Chamado Lúgubre", "Chiamata Cupa"]),
    ("Gloom Strike", ["Golpe Lúgubre", "Golpe Lúgubre", "Colpo Cupo"]),
    ("Quill Strike", ["Golpe de Pluma", "Golpe de Pena", "Colpo di Piuma"]),
]


def test_a_translation_covers_the_name_words_of_its_english_stem(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(STEMS))
    assert m.match("Invocador Lúgubre")[0] == "Gloom Summoning"
    assert m.match("Invocador de Pluma")[0] == "Quill Summoner"  # the word itself still scores above its stem's
    monkeypatch.setattr(fanmatch, "EN_STEM", 0.0)
    assert fanmatch.Matcher(None, fanmatch.build(STEMS)).match("Invocador Lúgubre") is None


# an English compound word of a name, covered by two neighbouring run words in either order
COMPOUNDS = [
    ("Quill Strike", ["Golpe de Pluma", "Golpe de Pena", "Colpo di Piuma"]),
    ("Wyrm Strike", ["Golpe de Sierpe", "Golpe de Serpe", "Colpo di Serpe"]),
    ("Gloom Wyrm", ["Sierpe Lúgubre", "Serpe Lúgubre", "Serpe Cupa"]),
    ("Gloom Quill", ["Pluma Lúgubre", "Pena Lúgubre", "Piuma Cupa"]),
    ("Gloom Quillwyrm", ["Dragoncillo Lúgubre", "Dragãozinho Lúgubre", "Draghetto Cupo"]),  # printed otherwise
]


@pytest.mark.parametrize("run", ["Sierpe de Pluma Lúgubre", "Cupa Serpe della Piuma", "Pluma Sierpe Lúgubre"])
def test_two_neighbouring_words_cover_an_english_compound(run, monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(COMPOUNDS))
    assert m.match(run)[0] == "Gloom Quillwyrm"
    monkeypatch.setattr(fanmatch, "COMPOUND", False)
    assert fanmatch.Matcher(None, fanmatch.build(COMPOUNDS)).match(run) is None


@pytest.mark.parametrize("run", ["Sierpe Lúgubre de Pluma", "Serpe Cupa della Piuma", "Pluma Lúgubre de Sierpe"])
def test_two_words_apart_cover_an_english_compound(run, monkeypatch):
    # "Sierpe" and "Pluma" with "Lúgubre" between them: the compound's halves where the language puts them (as "Dragón
    # del Trueno Oscuro" is Thunder Dragondark), and only so (COMPOUND_APART): three words make no two-word name
    assert fanmatch.Matcher(None, fanmatch.build(COMPOUNDS)).match(run)[0] == "Gloom Quillwyrm"
    monkeypatch.setattr(fanmatch, "COMPOUND_APART", False)
    assert fanmatch.Matcher(None, fanmatch.build(COMPOUNDS)).match(run) is None


def test_words_apart_make_no_compound_the_name_lacks():
    # "Golpe" and "Pluma" make no English word of the names: "Golpe Lúgubre de Pluma" names none
    assert fanmatch.Matcher(None, fanmatch.build(COMPOUNDS)).match("Golpe Lúgubre de Pluma") is None


@pytest.mark.parametrize("run, want", [
    ("Heraldopluma de Latón", "Brass Quill Herald"),  # two table words written as one, each a name word
])
def test_two_table_words_written_as_one_are_read_as_two(matcher, run, want, monkeypatch):
    assert matcher.match(run)[0] == want
    monkeypatch.setattr(fanmatch, "SPLIT", 0)
    got = matcher.match(run)  # else the table word it begins with stands for it: Brass Herald
    assert got is None or got[0] != want


def test_two_table_words_written_as_one_may_make_a_compound(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(COMPOUNDS))
    assert m.match("Sierpepluma Lúgubre")[0] == "Gloom Quillwyrm"
    assert m.match("Zzzzpluma Lúgubre") is None  # one half is no word of the table


# a word table given by hand: "puerto" reads "harbor" only weakly, as a misspelt or borrowed word does
FLOOR_TABLE = {"cazadores": (("hunter", 0.97),), "bahia": (("harbor", 0.95),), "puerto": (("harbor", 0.45), ("gate", 0.4)),
               "blindado": (("armored", 0.96),)}
FLOOR_CARDS = [("Armored Harbor Hunter", []), ("Gate Keeper", [])]


@pytest.mark.parametrize("run, want", [
    ("Cazadores Blindados de Bahía", "Armored Harbor Hunter"),  # every word a sure translation: score near 1
    ("Cazadores Fantásticos de Bahía", "Armored Harbor Hunter"),  # a stand-in beside two sure pairs: (0.97 + 0.95) / 4
    ("Cazadores Fantásticos de Puerto", None),  # a stand-in beside a weak reading: (0.97 + 0.45) / 4, below MIN_SCORE
])
def test_a_winner_needs_the_lowest_score(run, want, monkeypatch):
    monkeypatch.setattr(fanmatch, "UNKNOWN", 1)
    m = fanmatch.Matcher(None, fanmatch.build(FLOOR_CARDS, FLOOR_TABLE))
    got = m.match(run)
    assert (got and got[0]) == want
    monkeypatch.setattr(fanmatch, "MIN_SCORE", 0.0)
    assert m.match(run)[0] == "Armored Harbor Hunter"  # (no floor: every one of them is the card)


# an English name word in the other number of a run word's translation: Hats for a word taught as Hat
NUMBERS = [
    ("White Hat", ["Gorro Blanco", "Chapéu Branco", "Cappello Bianco"]),
    ("Hat Strike", ["Golpe de Gorro", "Golpe de Chapéu", "Colpo di Cappello"]),
    ("Gloom Strike", ["Golpe Lúgubre", "Golpe Lúgubre", "Colpo Cupo"]),
    ("Gloom Hats", ["Capuchas Lúgubres", "Capuzes Lúgubres", "Cappucci Cupi"]),  # printed otherwise
    ("Quill Fairies", ["Hadas de Pluma", "Fadas de Pena", "Fate di Piuma"]),
    ("Gloom Fairy", ["Hada Lúgubre", "Fada Lúgubre", "Fata Cupa"]),
]


@pytest.mark.parametrize("run, want", [
    ("Chapéus Lúgubres", "Gloom Hats"),  # hat → hats: a three-letter word, no English stem
    ("Cappelli Cupi", "Gloom Hats"),
    ("Fada de Pena", "Quill Fairies"),  # fairy → fairies
])
def test_a_translation_covers_the_english_name_word_of_its_other_number(run, want):
    m = fanmatch.Matcher(None, fanmatch.build(NUMBERS))
    assert (m.match(run) or [None])[0] == want


@pytest.mark.parametrize("word, forms", [
    ("hat", ("hats",)), ("hats", ("hat",)), ("box", ("boxes",)), ("boxes", ("boxe", "box")), ("fairy", ("fairies",)),
    ("fairies", ("fairy",)), ("day", ("days",)), ("glass", ("glasses",)),
])
def test_the_other_numbers_of_an_english_word(word, forms):
    assert fanmatch.en_number(word) == forms


# an English name word in its other spelling: Sabre for a word taught as Saber
SPELLINGS = [
    ("Gloom Saber", ["Sable Lúgubre", "Sabre Lúgubre", "Sciabola Cupa"]),
    ("Quill Saber", ["Sable de Pluma", "Sabre de Pena", "Sciabola di Piuma"]),
    ("Dawn Sabre", ["Espada del Alba", "Rapieira da Aurora", "Scimitarra dell'Alba"]),  # printed otherwise
    ("Dawn Strike", ["Golpe del Alba", "Golpe da Aurora", "Colpo dell'Alba"]),
]


def test_a_translation_covers_the_english_name_word_of_its_other_spelling():
    m = fanmatch.Matcher(None, fanmatch.build(SPELLINGS))
    assert (m.match("Sable del Alba") or [None])[0] == "Dawn Sabre"
    assert (m.match("Sable Lúgubre") or [None])[0] == "Gloom Saber"  # the word as taught still wins


@pytest.mark.parametrize("word, forms", [
    ("saber", ("sabre",)), ("sabre", ("saber",)), ("armor", ("armour",)), ("armour", ("armor",)), ("dog", ()),
])
def test_the_other_spellings_of_an_english_word(word, forms):
    assert fanmatch.en_spelling(word) == forms


# a word the table split between the singular and the plural of one English word
SPLIT_NUMBER_TABLE = {"guivernos": (("wyvern", 0.5), ("wyverns", 0.45)), "santuario": (("sanctuary", 0.8), ("shrine", 0.2))}
SPLIT_NUMBER_CARDS = [("Wyvern Shrine", []), ("Sanctuary Gate", [])]


def test_a_sense_split_between_two_numbers_counts_whole(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(SPLIT_NUMBER_CARDS, SPLIT_NUMBER_TABLE))
    assert m.translations("guivernos")["wyvern"] == m.translations("guivernos")["wyverns"] == 0.95
    assert m.match("Santuario de Guivernos") == ("Wyvern Shrine", 0.575)  # (0.2 + 0.95) / 2
    monkeypatch.setattr(fanmatch, "NUMBER_SUM", False)
    m = fanmatch.Matcher(None, fanmatch.build(SPLIT_NUMBER_CARDS, SPLIT_NUMBER_TABLE))
    assert m.match("Santuario de Guivernos") is None  # (0.2 + 0.5) / 2, below MIN_SCORE


# cognates: a run word written as its English cognate would be ("vanità" for Vanity)
COGNATE_TABLE = {"lugubre": (("gloom", 0.95),), "distorsion": (("warp", 0.9),), "cazadores": (("hunter", 0.97),),
                 "bahia": (("harbor", 0.95),)}
COGNATE_CARDS = [("Gloom Vanity", []), ("Gloom Distortion", []), ("Warp Gate", []), ("Harbor Hunter Gloom", []),
                 ("Furious Gate", [])]


def test_a_word_the_table_lacks_covers_its_english_cognate(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(COGNATE_CARDS, COGNATE_TABLE))
    assert m.match("Vanità Lugubre")[0] == "Gloom Vanity"  # two words: no stand-in for the one never taught
    assert m.match("Vanidad Lúgubre")[0] == "Gloom Vanity"
    assert m.match("Vaidade Lúgubre") is None  # no English name word it is written like
    monkeypatch.setattr(fanmatch, "COGNATE", 0.0)
    assert fanmatch.Matcher(None, fanmatch.build(COGNATE_CARDS, COGNATE_TABLE)).match("Vanità Lugubre") is None


def test_a_word_the_table_reads_otherwise_covers_its_english_cognate_too(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(COGNATE_CARDS, COGNATE_TABLE))
    assert m.match("Distorsión Lúgubre")[0] == "Gloom Distortion"
    monkeypatch.setattr(fanmatch, "COGNATE_ALL", False)
    assert fanmatch.Matcher(None, fanmatch.build(COGNATE_CARDS, COGNATE_TABLE)).match("Distorsión Lúgubre") is None


def test_an_english_name_word_stands_for_itself_not_its_english_kin(monkeypatch):
    cards = COGNATE_CARDS + [("Elemental Hunter", []), ("Element Gloom", [])]
    m = fanmatch.Matcher(None, fanmatch.build(cards, COGNATE_TABLE))
    assert m.translations("elemental") == {"elemental": 1.0}  # (no cognate: "element" is another English word)
    assert m.match("Elemental Lúgubre") is None  # not Element Gloom
    monkeypatch.setattr(fanmatch, "COGNATE_ENGLISH", True)
    m = fanmatch.Matcher(None, fanmatch.build(cards, COGNATE_TABLE))
    assert "element" in m.translations("elemental")


def test_a_word_read_only_as_a_cognate_may_still_stand_in_for_a_name_word():
    # "Furiosos" reads Furious, which Harbor Hunter Gloom lacks; as a word the pool never taught it stands in
    m = fanmatch.Matcher(None, fanmatch.build(COGNATE_CARDS, COGNATE_TABLE))
    assert m.translations("furiosos") == {"furious": 0.8}
    assert m.match("Cazadores Furiosos de Bahía")[0] == "Harbor Hunter Gloom"


@pytest.mark.parametrize("word, like", [
    ("refraccion", "refraction"), ("rifrazione", "rifration"), ("redencao", "redention"), ("vanita", "vaniti"),
    ("venenoso", "venenous"), ("magica", "magic"), ("orquestrador", "orcestrator"), ("verdetto", "verdet"),
])
def test_a_romance_word_written_the_english_way(word, like):
    assert fanmatch.en_like(word) == like


# one run word for two neighbouring words of a name ("Adivinadora" for Fortune Lady)
DOUBLE_TABLE = {"adivinadora": (("fortune", 0.49), ("lady", 0.49)), "agua": (("water", 0.95),),
                "salice": (("willow", 0.5), ("calligrapher", 0.5)), "fiore": (("flower", 0.9),)}
DOUBLE_CARDS = [("Fortune Lady Water", []), ("Flower Willow with Calligrapher", []), ("Water Flower", [])]


def test_a_word_the_table_reads_as_two_english_words_covers_both(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(DOUBLE_CARDS, DOUBLE_TABLE))
    assert m.match("Adivinadora Agua") == ("Fortune Lady Water", pytest.approx(0.643, abs=0.001))  # (0.49 + 0.49 + 0.95) / 3
    monkeypatch.setattr(fanmatch, "DOUBLE", 0.0)
    assert fanmatch.Matcher(None, fanmatch.build(DOUBLE_CARDS, DOUBLE_TABLE)).match("Adivinadora Agua") is None


def test_the_two_words_one_run_word_covers_are_neighbours_in_the_name(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(DOUBLE_CARDS, DOUBLE_TABLE))
    assert m.match("Fiore Salice") is None  # "Willow with Calligrapher": a word between them
    monkeypatch.setattr(fanmatch, "DOUBLE_NEXT", False)
    m = fanmatch.Matcher(None, fanmatch.build(DOUBLE_CARDS, DOUBLE_TABLE))
    assert m.match("Fiore Salice")[0] == "Flower Willow with Calligrapher"


# two neighbouring run words for one English word they both translate to ("Arco Iris" for Rainbow)
SAME_TABLE = {"arco": (("bow", 0.49), ("rainbow", 0.35)), "iris": (("rainbow", 0.67),), "vida": (("life", 0.95),),
              "pacto": (("contract", 0.7), ("dark", 0.25)), "obscuro": (("dark", 0.9),), "bruxa": (("witch", 0.95),)}
SAME_CARDS = [("Rainbow Life", []), ("Dark Witch", []), ("Contract Witch", [])]


def test_two_neighbouring_words_that_translate_to_one_english_word_cover_it(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(SAME_CARDS, SAME_TABLE))
    assert m.match("Vida Arco Iris") == ("Rainbow Life", pytest.approx(0.65))  # (0.95 + 0.35) / 2
    assert m.match("Pacto Obscuro Bruxa") is None  # "pacto" reads Dark too weakly to be one word with "obscuro"
    monkeypatch.setattr(fanmatch, "SAME_WORD", 0.2)
    assert fanmatch.Matcher(None, fanmatch.build(SAME_CARDS, SAME_TABLE)).match("Pacto Obscuro Bruxa")[0] == "Dark Witch"
    monkeypatch.setattr(fanmatch, "SAME_WORD", 0.0)
    assert fanmatch.Matcher(None, fanmatch.build(SAME_CARDS, SAME_TABLE)).match("Vida Arco Iris") is None


def test_two_words_apart_that_translate_to_one_english_word_cover_nothing():
    # "Iris" and "Arco" with "Vida" between them are two words of the sentence, not one: a compound's halves may lie
    # apart (COMPOUND_APART), one word's two halves never do
    m = fanmatch.Matcher(None, fanmatch.build(SAME_CARDS, SAME_TABLE))
    assert m.match("Iris Vida Arco") is None


def test_an_english_word_kept_in_a_run_is_never_read_as_two(monkeypatch):
    # "Duel" is a word of the names themselves, taught beside Dragon and Link where a name kept it in English
    table = {"duel": (("dragon", 0.3), ("link", 0.3)), "dragon": (("dragon", 0.95),)}
    cards = [("Duel Link Dragon", []), ("Link Strike", [])]
    assert fanmatch.Matcher(None, fanmatch.build(cards, table)).match("Duel Links") is None
    monkeypatch.setattr(fanmatch, "DOUBLE_SURE", 1.1)
    assert fanmatch.Matcher(None, fanmatch.build(cards, table)).match("Duel Links")[0] == "Duel Link Dragon"


def test_a_long_word_may_fit_its_cognate_less_closely_than_a_short_one(monkeypatch):
    cards = [("Gloom Griffon", []), ("Gloom Tenken", [])]
    m = fanmatch.Matcher(None, fanmatch.build(cards, COGNATE_TABLE))
    assert m.match("Grifonesco Lúgubre")[0] == "Gloom Griffon"  # "grifonesc" and "grifon" (skeletons) fit at 80
    assert m.match("Tenki Lúgubre") is None  # "tenk" and "tenken" fit at 80 too: five letters are too few
    monkeypatch.setattr(fanmatch, "COGNATE_LONG_RATIO", fanmatch.COGNATE_RATIO)
    assert fanmatch.Matcher(None, fanmatch.build(cards, COGNATE_TABLE)).match("Grifonesco Lúgubre") is None


@pytest.mark.parametrize("run, want", [
    ("Misterio Lúgubre", "Gloom Mystery"),  # "mys…" for "mis…"
    ("Fantasma Lúgubre", "Gloom Phantasm"),  # "ph…" for "f…"
    ("Espectro Lúgubre", "Gloom Spectre"),  # no "es…" before a consonant
])
def test_a_cognate_may_begin_as_english_writes_the_word(run, want, monkeypatch):
    cards = [("Gloom Mystery", []), ("Gloom Phantasm", []), ("Gloom Spectre", [])]
    assert fanmatch.Matcher(None, fanmatch.build(cards, COGNATE_TABLE)).match(run)[0] == want
    monkeypatch.setattr(fanmatch, "COGNATE_STARTS", False)
    assert fanmatch.Matcher(None, fanmatch.build(cards, COGNATE_TABLE)).match(run) is None


# a translation covers the English name words of its family that its stem leaves apart ("decode" for Decoder)
KIN_TABLE = {"decodificar": (("decode", 0.94),), "caballero": (("knight", 0.95),), "lugubre": (("gloom", 0.95),)}
KIN_CARDS = [("Gloom Decoder", []), ("Gloom Knightmare", []), ("Decode Strike", [])]


def test_a_translation_covers_a_word_of_its_family(monkeypatch):
    m = fanmatch.Matcher(None, fanmatch.build(KIN_CARDS, KIN_TABLE))
    assert m.match("Decodificar Lúgubre") == ("Gloom Decoder", pytest.approx((0.94 * 0.4 + 0.95) / 2))
    assert m.match("Caballero Lúgubre") is None  # Knightmare: four letters more than Knight, no family of it
    monkeypatch.setattr(fanmatch, "EN_KIN_MORE", 4)
    assert fanmatch.Matcher(None, fanmatch.build(KIN_CARDS, KIN_TABLE)).match("Caballero Lúgubre")[0] == "Gloom Knightmare"
    monkeypatch.setattr(fanmatch, "EN_KIN", 0.0)
    assert fanmatch.Matcher(None, fanmatch.build(KIN_CARDS, KIN_TABLE)).match("Decodificar Lúgubre") is None


def test_a_word_the_table_translates_fits_a_cognate_only_closely(monkeypatch):
    table = {"contador": (("counter", 0.74),), "puerta": (("gate", 0.89),)}
    cards = [("Counter Gate", []), ("Contact Gate", [])]
    # "contador" written the English way, "contator", fits "contact" at 80: enough for a word the table lacks only
    assert fanmatch.Matcher(None, fanmatch.build(cards, table)).match("Contador de Puerta")[0] == "Counter Gate"
    monkeypatch.setattr(fanmatch, "COGNATE_LONG_NEW", False)
    assert fanmatch.Matcher(None, fanmatch.build(cards, table)).match("Contador de Puerta") is None


def test_a_word_read_as_two_reads_words_of_four_letters_or_more(monkeypatch):
    table = {"bifronte": (("twin", 0.5), ("headed", 0.5)), "drago": (("dragon", 0.95),), "zeta": (("z", 0.5), ("ex", 0.5))}
    cards = [("Twin Headed Dragon", []), ("Z Ex Dragon", [])]
    m = fanmatch.Matcher(None, fanmatch.build(cards, table))
    assert m.match("Drago Bifronte")[0] == "Twin Headed Dragon"
    assert m.match("Drago Zeta") is None  # a letter and a two-letter word: a code, not two words of a name
    monkeypatch.setattr(fanmatch, "DOUBLE_LETTERS", 1)
    assert fanmatch.Matcher(None, fanmatch.build(cards, table)).match("Drago Zeta")[0] == "Z Ex Dragon"
