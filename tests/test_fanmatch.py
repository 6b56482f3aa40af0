"""Literal fan translations of English names (issue 24, ``names.fanmatch``): a word table learned from the pool's aligned
names, a run translated back word by word and matched completely against one English name. The cards and sentences
are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import fanmatch
from ygorules.names import index as names
from ygorules.names.translate import Translator

from _names_fixtures import KB, fresh_fanmatch, pool_table  # noqa: F401 (a fixture)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
2001\tGloom Quill Sweeper\tBarredor de Pluma Lúgubre\tVarredor de Pena Lúgubre\tSpazzino della Piuma Cupa\tSpell\t3
2002\tQuill Strike\tGolpe de Pluma\tGolpe de Pena\tColpo di Piuma\tSpell\t3
2003\tGloom Wyvern\tGuiverno Lúgubre\tSerpe Lúgubre\tViverna Cupa\tMonster\t3
2004\tWyvern Strike\tGolpe de Guiverno\tGolpe de Serpe\tColpo di Viverna\tSpell\t3
2005\tSweeper of the Dawn\tBarredor del Alba\tVarredor da Aurora\tSpazzino dell'Alba\tMonster\t3
2006\tDawn Wyvern\tGuiverno del Alba\tSerpe da Aurora\tViverna dell'Alba\tMonster\t3
2007\tGloom Dawn\tAlba Lúgubre\tAurora Lúgubre\tAlba Cupa\tSpell\t3
2008\tBrass Herald\tHeraldo de Latón\tArauto de Latão\tAraldo d'Ottone\tMonster\t3
2009\tBrass Wyvern\tGuiverno de Latón\tSerpe de Latão\tViverna d'Ottone\tMonster\t3
2010\tHerald of the Dawn\tHeraldo del Alba\tArauto da Aurora\tAraldo dell'Alba\tMonster\t3
2011\tQuill Herald\tHeraldo de Pluma\tArauto de Pena\tAraldo di Piuma\tMonster\t3
2012\tSweeper Strike\tGolpe de Barredor\tGolpe de Varredor\tColpo di Spazzino\tTrap\t3
2013\tBrass Quill Warrior - Envoy of the Dawn\tGuerrero de Pluma de Latón - Enviado del Alba\tGuerreiro de Pena de Latão - Enviado da Aurora\tGuerriero Piuma d'Ottone - Emissario dell'Alba\tMonster\t3
2014\tEnvoy Wyvern\tGuiverno Enviado\tSerpe Enviada\tViverna Inviata\tMonster\t3
2015\tWarrior Strike\tGolpe de Guerrero\tGolpe de Guerreiro\tColpo di Guerriero\tTrap\t3
2016\tQuill Perfumer\tPerfumista de Pluma\tPerfumista de Pena\tProfumiere di Piuma\tMonster\t3
2017\tStrike of the Quill\tGolpe de la Pluma\tGolpe da Pena\tColpo della Piuma\tTrap\t3
2020\tTirra, Brightoath Archer\tTirra, Arquera Brightoath\tTirra, Arqueira Brightoath\tTirra, Arciere Brightoath\tMonster\t3
2021\tVessk, Hand of the Dawn\tVessk, Mano del Alba\tVessk, Mão da Aurora\tVessk, Mano dell'Alba\tMonster\t3
2022\tVessk, Dawn Rider\tVessk, Jinete del Alba\tVessk, Cavaleiro da Aurora\tVessk, Cavaliere dell'Alba\tMonster\t3
2023\tGloom Wyvern Rider\tJinete del Guiverno Lúgubre\tCavaleiro da Serpe Lúgubre\tCavaliere della Viverna Cupa\tMonster\t3
2024\tSun Rise\tSol Naciente\tSol Nascente\tSole Nascente\tSpell\t3
2025\tKorrin the Shadow Monarch\tKorrin el Monarca de las Sombras\tKorrin, o Monarca das Sombras\tKorrin il Monarca dell'Ombra\tMonster\t9
2026\tKorrin the Mega Monarch\tKorrin el Mega Monarca\tKorrin, o Mega Monarca\tKorrin il Mega Monarca\tMonster\t3
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fan")
    table = pool_table(tmp, POOL)
    with pytest.MonkeyPatch.context() as mp:  # the environment as it was once the index is built
        mp.setenv("YGORULES_NICKNAMES", "")
        return names.load_index(KB, table, use_cache=False, warn=lambda m: None)


pytestmark = pytest.mark.usefixtures("fresh_fanmatch")  # (a word table learned from this pool)


def cards(index, text, src):
    return [(s.text, s.passcodes[0] if s.passcodes else s.id) for s in Translator(index, src, "en").spans(text)
            if s.kind == "card"]


def test_the_word_table_is_learned_from_the_aligned_names(index):
    m = fanmatch.Matcher(index)

    def best(w):
        got = m.translations(w)
        return max(got, key=got.get)
    assert best("piuma") == "quill"
    assert best("latao") == "brass"  # every language of the pool (Portuguese too)
    assert best("lugubre") == "gloom"
    assert best("spazzina") == "sweeper"  # not in the table: the table word of the same stem (spazzino)
    assert m.translations("scopino") == {}  # nothing near it


@pytest.mark.parametrize("word, want", [
    ("cupe", "gloom"),  # Italian plural of "cupa": too short for a shared stem of STEM letters, too far for a typo
    ("cupi", "gloom"),
    ("latoes", "brass"),  # Portuguese plural of "latão"
])
def test_a_word_in_another_gender_or_number_translates_as_the_table_word(index, word, want):
    got = fanmatch.Matcher(index).translations(word)
    assert got and max(got, key=got.get) == want


def test_an_inflection_is_no_longer_word_that_only_begins_alike(index):
    assert fanmatch.Matcher(index).translations("cupola") == {}  # not "cupa" with an ending


def test_a_name_with_an_inflected_short_word_is_the_card(index):
    assert fanmatch.Matcher(index).match("Viverne Cupe")[0] == "Gloom Wyvern"


@pytest.mark.parametrize("text, src, want", [
    # reordered, an inflected word (Barredora) and a plural (Plumas): no printed name is that close
    ("Saqué la Barredora Lúgubre de Plumas en el turno dos.", "es", ("Barredora Lúgubre de Plumas", "2001")),
    # a word borrowed from another language (Pena, Portuguese), an elided link (d’, dell’), a dash, an inflection
    ("Il Guerriero di Pena d’Ottone – Inviato dell’Alba è ancora fortissimo.", "it",
     ("Guerriero di Pena d’Ottone – Inviato dell’Alba", "2013")),
    # another language's words, not as printed there
    ("Sempre uso a Viverna Lúgubre no meu deck.", "pt", ("Viverna Lúgubre", "2003")),
])
def test_a_literal_translation_of_an_english_name_is_that_card(index, text, src, want):
    assert want in cards(index, text, src)


def test_lookup_puts_the_card_a_long_query_literally_translates_first(index):
    top = index.lookup("Guerriero di Pena d’Ottone – Inviato dell’Alba").matches[0]
    assert top.entry.passcodes[0] == "2013" and top.score == fanmatch.FAN_LOOKUP_SCORE
    top = index.lookup("Barredora Lúgubre de Plumas").matches[0]  # a close fuzzy match: left as it is
    assert top.entry.passcodes[0] == "2001" and top.score >= fanmatch.FAN_LOOKUP_BELOW


def test_lookup_of_a_head_and_a_translated_epithet_is_the_card_not_the_epithets_namesake(tmp_path):
    from _names_fixtures import small_index
    pool = POOL + "2027\tOrvek the Herald of the Dawn\tOrvek, Pregonero Matutino\tOrvek, Pregoeiro Matinal\t" \
                  "Orvek, Banditore Mattutino\tMonster\t3\n"
    idx = small_index(tmp_path, pool)
    # the fuzzy match "Heraldo del Alba" (Herald of the Dawn) has the query's words but its head: the query is longer
    top = idx.lookup("Orvek, el Heraldo del Alba").matches[0]
    assert top.entry.passcodes[0] == "2027" and top.score == fanmatch.FAN_LOOKUP_SCORE


@pytest.mark.parametrize("query, want", [
    # "lúgubre" fits neither Korrin's epithet, "monarca" both: the one printed three times as often as the other
    ("Korrin, el monarca lúgubre", "2025"),
    ("Korrin, el rey lúgubre", None),  # no word of the epithet fits: no reading of it
])
def test_lookup_of_a_head_and_an_epithet_that_half_fits_is_the_head_s_most_printed_card(tmp_path, query, want):
    from _names_fixtures import small_index
    pool = POOL + "2028\tZalk the Gloom Monarch\tZalk el Monarca Lúgubre\tZalk, o Monarca Lúgubre\tZalk il Monarca Cupo\t" \
                  "Monster\t3\n"
    idx = small_index(tmp_path, pool)
    assert (fanmatch.read_epithet(idx, query) or (None,))[0] == (None if want is None else
                                                                 next(e for e in idx.entries() if e.passcodes[:1] == (want,)))
    if want:
        assert idx.lookup(query).matches[0].entry.passcodes[0] == want


def test_lookup_of_a_printed_name_or_a_short_query_is_not_a_translation(index):
    exact = index.lookup("Barredor de Pluma Lúgubre").matches[0]
    assert exact.exact and exact.score == 100.0
    assert all(m.score != fanmatch.FAN_LOOKUP_SCORE for m in index.lookup("Lúgubre").matches)  # one word


def test_lookup_puts_the_card_a_two_word_mixed_name_translates_first(index):
    top = index.lookup("Arauto Brass").matches[0]  # a Portuguese word and an English one; fuzzy: Herald of the Dawn
    assert top.entry.passcodes[0] == "2008" and top.score == fanmatch.FAN_LOOKUP_SCORE
    top = index.lookup("Serpe Cupa").matches[0]  # Portuguese and Italian
    assert top.entry.passcodes[0] == "2003" and top.score == fanmatch.FAN_LOOKUP_SCORE


def test_lookup_of_two_words_two_cards_translate_to_is_left_to_the_fuzzy_score(index):
    assert all(m.score != fanmatch.FAN_LOOKUP_SCORE for m in index.lookup("Golpe Quill").matches)  # Quill Strike, Strike of the Quill


def test_a_line_break_ends_a_run(index):
    got = [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans("Top:\nBarredora Lúgubre de Plumas\nGuía Completa")
           if s.kind == "card"]
    assert got == [("Barredora Lúgubre de Plumas", "2001")]


def test_a_name_of_a_list_that_goes_on_around_a_name_found_in_it_is_matched_whole(index):
    got = cards(index, "Ho Colpo di Piuma, Viverna Cupa Cavaliere e altro.", "it")
    assert got == [("Colpo di Piuma", "2002"), ("Viverna Cupa Cavaliere", "2023")]


def test_a_name_of_a_list_with_no_name_found_in_it_is_left_as_the_list_left_it(index):
    # "Cupa Viverna" alone would fit Gloom Wyvern reordered; in a list with a name found, only names that go on around
    # a found one are tried again (a reordered pair of words next to a real name is weak evidence)
    assert cards(index, "Ho Colpo di Piuma e Cupa Viverna.", "it") == [("Colpo di Piuma", "2002")]


def test_each_name_of_a_list_one_a_line_is_matched_alone(index):
    got = cards(index, "Mi lista:\nBarredora Lúgubre de Plumas\nGuerrero de Plumas del Latón – Enviado de Alba\nNada más.", "es")
    assert ("Barredora Lúgubre de Plumas", "2001") in got
    assert ("Guerrero de Plumas del Latón – Enviado de Alba", "2013") in got


@pytest.mark.parametrize("text, src", [
    ("Ho usato lo Scopino di Piuma ieri.", "it"),  # Scopino translates to nothing: not Quill Perfumer nor Quill Strike
    ("Tengo la Pluma Lúgubre Dorada aquí.", "es"),  # Dorada translates to nothing: not Gloom Quill Sweeper
    ("Tirei a Pena Lúgubre agora.", "pt"),  # two words, the sweeper has three: incomplete
])
def test_a_run_that_covers_a_name_only_in_part_is_no_card(index, text, src):
    assert not [c for c in cards(index, text, src) if c[1].startswith("20")]


def test_a_name_printed_in_a_third_language_is_read_as_a_literal_translation(index):
    # Italian, as printed, in Portuguese text: the words translate to the card the Italian prints
    assert cards(index, "Sempre uso a Viverna Cupa no meu deck.", "pt") == [("Viverna Cupa", "2003")]
    assert fanmatch.Matcher(index).match("Gloom Wyvern") is None  # English as printed: the evidence judges it
    assert fanmatch.Matcher(index).match("Gloom Wyvern", "pt") is None


def test_two_cards_that_fit_as_well_are_neither(index):
    m = fanmatch.Matcher(index)
    assert m.match("Colpo della Pena") is None  # Quill Strike and Strike of the Quill
    assert m.match("Araldo di Pena")[0] == "Quill Herald"


def test_a_title_with_a_comma_is_not_one_translated_name(index):
    m = fanmatch.Matcher(index)
    assert m.match("Viverna Nuova, Viverna Cupa") is None
    assert m.match("Viverna, Cupa") is None


def test_the_learned_table_is_kept_in_the_cache(index, monkeypatch):
    first = fanmatch.model(index)
    fanmatch._LOADED.clear()
    monkeypatch.setattr(fanmatch, "build", lambda named: pytest.fail("built again instead of read from the cache"))
    assert fanmatch.model(index) == first


# ── a card's head and its epithet written loosely ──────────────────────────────

@pytest.mark.parametrize("text, src, want", [
    ("Main deck:\n1 Tirra, brightoath archr\n2 Vessk", "it", ("Tirra, brightoath archr", "2020")),  # a typo, lower case
    ("Metí a Tirra, arquera de Brightoath en el mazo.", "es", ("Tirra, arquera de Brightoath", "2020")),  # the text's language
    # the span ends at the last word of the card's epithet: an unknown word in lower case after it is not the card…
    ("Uso Tirra, Brightoath sniper, y nada más.", "es", ("Tirra, Brightoath", "2020")),
    ("Vessk, hand of dawn sempre.", "it", ("Vessk, hand of dawn", "2021")),
    # … but capitalised words right after it are the writer's epithet too, a linking word between them as well
    ("Uso Tirra, Brightoath Sniper, y nada más.", "es", ("Tirra, Brightoath Sniper", "2020")),
    ("Main deck:\n3x Tirra, Brightoath Archer of Dawnfall\n2 Vessk", "it", ("Tirra, Brightoath Archer of Dawnfall", "2020")),
    ("Tirra, Brightoath Sniper e Vessk, hand of dawn.", "it", ("Tirra, Brightoath Sniper", "2020")),  # not past "e"
    # a head and its epithet after "the", with no comma; both Korrin cards fit "monarca", one printed three times as often
    ("Sacó a Korrin, el monarca oscuro (1).", "es", ("Korrin, el monarca", "2025")),
])
def test_a_head_and_a_loosely_written_epithet_are_the_card(index, text, src, want):
    assert want in cards(index, text, src)


@pytest.mark.parametrize("text, src, want", [
    ("Uso Tirra, Brightoath Sniper Gloom Wyvern y nada más.", "es",
     [("Tirra, Brightoath Sniper", "2020"), ("Gloom Wyvern", "2003")]),  # the capitalised tail stops at a name found
    ("Main deck:\n3x Tirra, Brightoath Archer Sun Rise\n", "it",
     [("Tirra, Brightoath Archer", "2020"), ("Sun Rise", "2024")]),  # an official name found whole keeps its place
])
def test_an_epithet_s_capitalised_tail_takes_in_no_name_found(index, text, src, want):
    assert cards(index, text, src) == want


def test_an_official_name_with_its_epithet_stays_as_it_was_found(index):
    got = [(s.text, s.variant) for s in Translator(index, "it", "en").spans("Gioco Tirra, Brightoath Archer oggi.")]
    assert got == [("Tirra, Brightoath Archer", "official")]


@pytest.mark.parametrize("text, src", [
    ("Tirra, que siempre gana, es mía.", "es"),  # no word of the epithet
    ("Vessk, the dawn one.", "it"),  # both Vessk cards have Dawn: neither
])
def test_a_head_with_no_clear_epithet_is_not_extended(index, text, src):
    assert not [c for c in cards(index, text, src) if c[1] in ("2020", "2021", "2022") and "," in c[0]]


# ── a name written as one word ─────────────────────────────────────────────────

@pytest.mark.parametrize("text, src, want", [
    ("Todos tenían Gloomwyvern en el mazo.", "es", [("Gloomwyvern", "2003")]),
    ("Tutti avevano Vivernacupa nel mazzo.", "it", [("Vivernacupa", "2003")]),  # the text's language too
    ("Todos tenían gloomwyvern en el mazo.", "es", []),  # lower case: not read
    ("Todos esperaban el Sunrise del domingo.", "es", []),  # an everyday word of English
])
def test_a_two_word_name_written_as_one_word_is_the_card_unless_it_is_a_word(index, text, src, want):
    assert cards(index, text, src) == want


def test_the_glued_table_says_in_which_languages_a_glued_name_is_an_everyday_word():
    table = fanmatch._Words(fanmatch.build_heads([("Gira Mondo", ()), ("Feral Imp", ()), ("Sun Rise", ())])["glued"])
    assert table.get("giramondo") == "Gira Mondo\tit"  # an Italian word (Zipf 2.45), in no other language
    assert table.get("feralimp") == "Feral Imp" and table.get("sunrise") is None  # (an English word: never a name)


def test_a_glued_name_is_weighed_without_loading_wordfreq_s_lists(index, monkeypatch):
    import wordfreq
    fanmatch.heads(index, "glued")  # (built with wordfreq, once, and cached)
    for name in ("zipf_frequency", "get_frequency_dict", "word_frequency"):
        monkeypatch.setattr(wordfreq, name, lambda *a, **k: pytest.fail("a translation asked wordfreq"))
    assert cards(index, "Todos tenían Gloomwyvern en el mazo.", "es") == [("Gloomwyvern", "2003")]
    assert cards(index, "Todos esperaban el Sunrise del domingo.", "es") == []


@pytest.mark.parametrize("text, want", [
    ("from cards import GloomWyvern, QuillStrike\nclass GloomWyvern(Card):", []),  # names of the code itself
    ('deck.add(new GloomWyvern("GloomWyvern"))', [("GloomWyvern", "2003")]),  # the quoted value only
    ("// carta GloomWyvern\nx = GloomWyvern()", [("GloomWyvern", "2003")]),  # after a word for card
    ("from cards import QuillStrike, Gloom Wyvern, WyvernStrike", [("Gloom Wyvern", "2003")]),  # a list's items too
])
def test_a_glued_name_with_a_capital_inside_is_read_only_as_a_value(index, text, want):
    assert cards(index, text, "es") == want


def test_the_glued_names_are_loaded_only_for_a_word_that_may_be_one(index):
    """A glued name is one capitalised word of GLUED_LETTERS letters or more outside the names found: a text with no such
    word does not load them (the blob of the whole pool's 30,000 is most of the start's fan-name cost)."""
    glued = lambda: [k for k in fanmatch._LOADED if k.startswith("glued")]
    fanmatch.heads(index)  # built and kept in the cache: a later start reads what it needs
    fanmatch._LOADED.clear()
    assert cards(index, "Saqué la Barredora Lúgubre de Plumas ayer. Hola Juan, todo bien.", "es") == [
        ("Barredora Lúgubre de Plumas", "2001")]
    assert glued() == []
    assert cards(index, "Todos tenían Gloomwyvern en el mazo.", "es") == [("Gloomwyvern", "2003")]
    assert glued() != []


def test_a_long_text_loads_the_glued_names_without_the_walk_and_reads_the_same(index, monkeypatch):
    text = "Saqué la Barredora Lúgubre de Plumas ayer. Todos tenían Gloomwyvern en el mazo, y gloomwyvern no."
    want = cards(index, text, "es")
    fanmatch.heads(index)
    fanmatch._LOADED.clear()
    monkeypatch.setattr(fanmatch, "GLUED_WALK_WORDS", 0)
    monkeypatch.setattr(fanmatch, "_may_be_glued", lambda *a: pytest.fail("a long text is not walked"))
    assert cards(index, text, "es") == want == [("Barredora Lúgubre de Plumas", "2001"), ("Gloomwyvern", "2003")]
    assert [k for k in fanmatch._LOADED if k.startswith("glued")] != []


def test_names_import_builds_the_word_table_so_a_translation_only_reads_it(tmp_path, monkeypatch, capsys):
    from ygorules.cli import main
    (tmp_path / "pool.tsv").write_text(POOL, encoding="utf-8")
    out = tmp_path / "names.tsv.gz"
    monkeypatch.setenv("YGORULES_NICKNAMES", "")
    assert main(["names", "import", "tsv", str(tmp_path / "pool.tsv"), "-o", str(out)]) == 0
    capsys.readouterr()
    fanmatch._LOADED.clear()
    monkeypatch.setattr(fanmatch, "build", lambda named: pytest.fail("the word table was learned again"))
    monkeypatch.setattr(fanmatch, "build_heads", lambda named: pytest.fail("the heads were built again"))
    index = names.load_index(KB, out, warn=lambda m: None)  # the KB part as well: the table is the pool's alone
    assert ("Barredora Lúgubre de Plumas", "2001") in cards(index, "Saqué la Barredora Lúgubre de Plumas ayer.", "es")
