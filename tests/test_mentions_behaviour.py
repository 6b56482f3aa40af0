"""Behaviour of names/mentions.py: protected regions, context, casing, evidence scores and their reasons, language
detection and the name-like spans of the report (inputs → outputs, through the module's Python API)."""
from __future__ import annotations

from array import array

import pytest

from _names_fixtures import index, isolated, table  # noqa: F401 (fixtures)
from ygorules.names import mentions as m


def spans(text):
    return [text[a:b] for a, b in m.protected(text)]


# ── protected regions ─────────────────────────────────────────────────────────

def test_text_without_urls_code_handles_or_domains_has_nothing_protected():
    assert m.protected("Activé Fuerza de Espejo. Luego, Recarga") == []


@pytest.mark.parametrize("url", ["https://x.com/Mirror-Force", "http://x.com/Mirror", "ftp://files.net/Reload",
                                 "www.ygo.com/Mirror_Force"])
def test_a_url_is_protected_from_its_scheme_to_its_end_wherever_it_is(url):
    assert spans(url) == [url]
    assert spans(f"Mira {url} ahora") == [url]


def test_a_url_right_at_the_start_keeps_its_whole_scheme():
    assert m.protected("http://a.org/x y") == [(0, len("http://a.org/x"))]
    assert m.protected("https://a.org/x y") == [(0, len("https://a.org/x"))]
    assert m.protected("ftp://a.org/x y") == [(0, len("ftp://a.org/x"))]


def test_the_at_word_card_names_print_is_no_handle():
    # "@Ignister" is a word of 23 card names ("Backup @Ignister"); an address or a longer handle stays protected
    assert spans("Invoco Backup @Ignister y @IGNISTER.") == []
    assert spans("Escribe a x@ignister.it o a @ignister_fan") == ["x@ignister.it", "@ignister_fan"]


def test_a_scheme_without_a_known_name_or_without_a_word_start_is_not_a_url():
    assert m.protected("gopher://a.xyz/b y") == []
    assert m.protected("see ://nowhere here") == []


def test_every_url_of_a_text_is_protected_whatever_order_the_kinds_come_in():
    text = "www.one.xyz/a then https://two.xyz/b, http://three.xyz/c and www.four.xyz/d"
    assert spans(text) == ["www.one.xyz/a", "https://two.xyz/b,", "http://three.xyz/c", "www.four.xyz/d"]


def test_a_www_address_is_protected_in_a_text_without_a_scheme():
    assert spans("ver www.ygo.xyz/Mirror y") == ["www.ygo.xyz/Mirror"]


def test_three_urls_of_each_kind_are_all_protected():
    text = "http://a.xyz/1 y http://b.xyz/2 y http://c.xyz/3"
    assert spans(text) == ["http://a.xyz/1", "http://b.xyz/2", "http://c.xyz/3"]
    text = "www.a.xyz/1 y www.b.xyz/2 y www.c.xyz/3"
    assert spans(text) == ["www.a.xyz/1", "www.b.xyz/2", "www.c.xyz/3"]


def test_the_ranges_of_a_text_asked_again_are_the_same_and_a_caller_cannot_change_them():
    text = "Mira https://x.com/Mirror y @MirrorForce"
    first = m.protected(text)
    first.append((0, 1))  # (a caller's list is its own: the kept ranges do not change)
    again = m.protected(text)
    assert again == [(5, 25), (28, 40)] and again is not first
    other = "Activé Fuerza de Espejo"  # (another text read after it: its own ranges, then the first text's again)
    assert m.protected(other) == [] and m.protected(text) == [(5, 25), (28, 40)]
    same = "".join(["Mira https://x.com/", "Mirror y @MirrorForce"])  # (an equal text, another object)
    assert m.protected(same) == [(5, 25), (28, 40)]


def test_the_ranges_of_the_same_text_object_are_read_once(monkeypatch):
    calls = []
    read = m._protected
    monkeypatch.setattr(m, "_protected", lambda t: calls.append(t) or read(t))
    text = "".join(["Mira https://x.com/", "Mirror y @MirrorForce"])
    assert m.protected(text) == m.protected(text) == [(5, 25), (28, 40)]
    assert len(calls) == 1


def test_a_url_inside_a_url_is_one_region():
    text = "go https://a.xyz/?to=https://www.b.xyz/c now"
    assert spans(text) == ["https://a.xyz/?to=https://www.b.xyz/c"]


def test_code_is_protected_inline_and_fenced_even_when_the_fence_is_never_closed():
    assert spans("usa `mirror_force()` aquí") == ["`mirror_force()`"]
    text = "antes\n```\nMirror Force\n```\ndespués"
    assert spans(text) == ["```\nMirror Force\n```"]
    assert spans("antes ```\nMirror Force y más") == ["```\nMirror Force y más"]


@pytest.mark.parametrize("block", [
    "```\nMain Deck:\nEffect Veiler x2\nMaxx \"C\" x3\nS:P Little Knight x1\n\nSide Deck:\nRaigeki (1)\n```",
    "```text\n3 Effect Veiler\n2x Raigeki\n1 Jinzo\n```",
    "```\nMain Deck (40):\nEffect Veiler x2\nRaigeki x1\nJinzo x3\n```",
])
def test_a_deck_list_pasted_in_a_fence_is_read(block):
    # tools and players paste deck lists in a fence: a name and its count on each line, perhaps under headings
    assert spans("Mi lista:\n" + block + "\nSuerte.") == []


@pytest.mark.parametrize("block", [
    "```python\nEffect Veiler x2\nRaigeki x1\nJinzo x3\n```",  # a language named: code
    "```\ncards = 3\nEffect Veiler x2\nRaigeki x1\nJinzo x3\n```",  # a line of code
    "```\nEffect Veiler x2\nRaigeki x1\n```",  # two count lines: too few to call it a list
    "```\nEffect Veiler x2\nRaigeki x1\nJinzo x3\nand a sentence that is no item\n```",
])
def test_a_fence_that_is_not_only_a_deck_list_stays_code(block):
    assert spans("Mi lista:\n" + block + "\nSuerte.") == [block]


@pytest.mark.parametrize("text", ["usa `Mirror Force` aquí", "`Harpie's Feather Duster, Mirror Force`", "la `Fuerza de Espejo`."])
def test_a_name_in_backticks_is_read(text):
    # Markdown writers mark names as code: words with a capital and no sign of code are read as text
    assert spans(text) == []


@pytest.mark.parametrize("text", ["`os.path`", "`mirror_force`", "`Reload()`", "`README.md`", "`mirror force`", "`3`"])
def test_backticks_around_code_stay_code(text):
    assert spans(text) == [text]


def test_the_string_literals_of_a_code_block_are_read_and_the_code_around_them_is_not():
    text = "Lista:\n\n    carta = \"Mirror Force\"\n    otra = 'Reload'  # l'idea\n"
    assert spans(text) == ["    carta = \"", "\"\n    otra = '", "'  #", "\n"]  # (a comment's text is read too)
    fenced = "```js\nconst deck = ['Mirror Force', \"Reload\"];\n```"
    assert spans(fenced) == ["```js\nconst deck = ['", "', \"", "\"];\n```"]


def readable(text):
    """The characters of ``text`` outside every protected range: what translate reads."""
    shut = set()
    for a, b in m.protected(text):
        shut.update(range(a, b))
    return "".join(c for k, c in enumerate(text) if k not in shut)


@pytest.mark.parametrize("code, read", [
    ("```cs\n// Mirror Force\ndeck.Add(x);\n```", " Mirror Force"),  # a line comment
    ("```py\nx = 1  # Mirror Force, la mejor\n```", " Mirror Force, la mejor"),
    ("```lua\n-- Mirror Force\nlocal x = 1\n```", " Mirror Force"),
    ("```c\n/* Mirror Force\n   y Reload */ int x;\n```", " Mirror Force\n   y Reload "),  # a block comment
])
def test_the_comments_of_a_code_block_are_read_and_their_markers_are_not(code, read):
    assert readable(code) == read


def test_a_docstring_and_the_text_of_an_html_element_in_a_code_block_are_read():
    py = 'Testes:\n\n    def test_cylinder(self):\n        """\n        O Cilindro Mágico devolve o dano.\n        """\n'
    assert readable(py) == "Testes:\n\n\n        O Cilindro Mágico devolve o dano.\n        "
    html = '    <ul>\n        <li class="nome_card">Mago Negro</li>\n        <li id="3"> Fusão </li>\n    </ul>\n'
    assert readable(html) == "Mago Negro Fusão "
    assert readable("```c\nif (a > 0 && b < 1) f(x);\n```") == ""  # (no letter between the marks: no element's text)


@pytest.mark.parametrize("code", [
    "```js\nlet url = base + https://ygo.example/Mirror-Force;\n```",  # the "//" of a URL
    "```c\nfor (i = 0; i < n; i--) f(MirrorForce);\n```",  # a decrement
    "```c\nx = a/b; y = MirrorForce;\n```",
])
def test_what_only_looks_like_a_comment_marker_stays_code(code):
    assert readable(code) == ""


@pytest.mark.parametrize("literal", ["'ataque'", '"trampa"', "'P'", '"Xy"'])
def test_a_literal_of_one_lower_case_word_or_two_letters_stays_code(literal):
    text = f"Lista:\n\n    carta = {literal}\n"
    assert spans(text) == [f"    carta = {literal}\n"]


def test_an_indented_block_is_code_only_at_the_start_or_after_a_blank_line():
    assert spans("    Mirror Force\n    Reload\nTexto") == ["    Mirror Force\n    Reload\n"]
    assert spans("\tMirror Force") == ["\tMirror Force"]
    assert spans("Texto\n\n    Mirror Force\nmás") == ["    Mirror Force\n"]
    assert spans("Texto\n\n\tReload") == ["\tReload"]
    assert spans("Texto\n    Mirror Force") == []


def test_an_indented_deck_list_with_counts_is_no_code():
    assert spans("Mi lista:\n\n    3 Mirror Force\n    1x Reload\n    x2 Raigeki\n") == []
    # a line without a count, or a character of code, and the block is code again
    assert spans("Lista:\n\n    3 Mirror Force\n    Reload\n") == ["    3 Mirror Force\n    Reload\n"]
    assert spans("Lista:\n\n    3 Mirror Force\n    1 add(Reload)\n") == ["    3 Mirror Force\n    1 add(Reload)\n"]


def test_every_indented_block_after_a_blank_line_is_code():
    text = "    uno\n\nTexto\n\n    dos\nfin\n\n    tres"
    assert spans(text) == ["    uno\n", "    dos\n", "    tres"]


def test_an_address_is_protected_back_to_its_first_character():
    assert spans("escribe a mirror.force+ygo@mail.example.com ya") == ["mirror.force+ygo@mail.example.com"]
    assert spans("@MirrorForce dijo") == ["@MirrorForce"]
    assert spans("hola @Mirror-Force.") == ["@Mirror-Force"]


def test_a_hashtag_is_protected_unless_a_word_hash_or_ampersand_is_right_before_it():
    assert spans("#MirrorForce gana") == ["#MirrorForce"]
    assert spans("gana #MirrorForce") == ["#MirrorForce"]
    assert m.protected("C#Sharp") == []
    assert m.protected("&#8217;") == []
    assert m.protected("##Doble") == []


def test_a_number_after_a_hash_is_no_hashtag():
    assert m.protected("Ogro de Roca Grotto #1 en defensa") == []  # (a card's number: its name's last word)
    assert spans("ganó el #1 del ranking #YGO2024") == ["#YGO2024"]


def test_a_bare_domain_is_protected_with_its_name_and_path():
    assert spans("en ygo.com/Mirror-Force y") == ["ygo.com/Mirror-Force"]
    assert spans("en db.yugioh-card.it y") == ["db.yugioh-card.it"]
    assert spans("en XX.com y") == ["XX.com"]
    assert spans("en ygo.company y") == []
    assert m.protected("solo .com y") == []
    assert m.protected("--.com") == []


def test_a_file_name_is_protected_with_its_extension():
    assert spans("la imagen Mirror_Force.png y el mazo meta.YDK") == ["Mirror_Force.png", "meta.YDK"]
    assert spans("Mirror Force.jpg") == ["Force.jpg"]  # (a name with a space: only its last word is the file's)
    assert m.protected("Fuerza de Espejo.png es otra cosa.pngx") == [(10, 20)]
    assert m.protected("Fuerza de Espejo. Recarga.") == []


def test_a_quoted_file_name_is_protected_whole_spaces_and_all():
    assert spans('ruta = "cartas/Fuerza de Espejo.png";') == ["cartas/Fuerza de Espejo.png"]
    assert spans("x = 'Mago Oscuro'; y = 'img/Mirror Force.jpg'") == ["img/Mirror Force.jpg"]  # (the nearest quote)
    assert spans('"Mirror Force" y\nForce.jpg"') == ["Force.jpg"]  # (no opening quote on its line: the last word only)


def test_a_markdown_link_target_is_protected_but_not_its_text():
    assert spans("![Mirror](Mirror-Force) y [Reload](cartas/Reload)") == ["Mirror-Force", "cartas/Reload"]
    assert m.protected("[Mirror]() y (Mirror Force)") == []


def test_an_html_link_or_image_attribute_is_protected_with_its_value():
    text = '<img src="Mirror Force.png" alt="Mirror Force"> <a HREF=\'cartas/Reload\'>Reload</a>'
    assert spans(text) == ['src="Mirror Force.png"', "HREF='cartas/Reload'"]


def test_a_domain_name_is_looked_for_at_most_sixty_characters_back():
    text = "a" * 70 + ".com"
    assert m.protected(text) == [(10, 74)]


def test_touching_regions_merge_and_a_region_inside_another_does_not_shorten_it():
    assert m.protected("`x`#tag y") == [(0, 7)]
    assert m.protected("`a #tag b` c") == [(0, 10)]
    assert m.protected("`a` #tag") == [(0, 3), (4, 8)]


# ── word frequencies ──────────────────────────────────────────────────────────

def test_zipf_table_gives_each_word_its_frequency_times_ten_per_language():
    from wordfreq import zipf_frequency
    z = m.zipf_table(["the", "de", "qzxqzx"])
    assert sorted(z) == ["en", "es", "it", "pt"]
    assert z["en"][0] == round(zipf_frequency("the", "en") * 10) and z["en"][0] > z["es"][0]
    assert z["es"][1] == round(zipf_frequency("de", "es") * 10)
    assert z["es"][2] == 0


def test_zipf_table_takes_the_most_frequent_accented_spelling_of_a_folded_word():
    from wordfreq import zipf_frequency
    plain = m.zipf_table(["espiritu"])["es"][0]
    accented = m.zipf_table(["espiritu"], {"espiritu": {"espíritu"}})["es"][0]
    assert accented == round(zipf_frequency("espíritu", "es") * 10) > plain


def test_common_words_are_the_everyday_words_of_every_language():
    words = m.common_words()
    assert {"the", "de", "não", "della", "carta"} <= words
    assert "qzxqzx" not in words
    assert len(words) >= m.COMMON_WORDS


def test_sorted_words_answer_membership_at_both_ends_and_when_empty():
    w = m.SortedWords(["carta", "mago", "zeta"])
    assert "carta" in w and "zeta" in w and "mago" in w
    assert "a" not in w and "zz" not in w and "magos" not in w
    assert "x" not in m.SortedWords([])
    assert len(w) == 3


def test_frequencies_read_the_words_of_every_part_of_the_index(index):
    from wordfreq import zipf_frequency
    es = m.Frequencies(index.parts, "es")
    # "guardia" is a word of the imported table only, "hada" of the KB only
    assert es.get("guardia") == round(zipf_frequency("guardia", "es") * 10) / 10 > 0
    assert es.get("hada") == round(zipf_frequency("hada", "es") * 10) / 10 > 0
    assert es.get("qzxqzx") == 0


def test_frequencies_in_another_language_fall_back_on_english_only_when_asked(index):
    es = m.Frequencies(index.parts, "es")
    en = m.Frequencies(index.parts, "en")
    assert es.get_any("force") == en.get("force") > es.get("force")
    assert es.get_any("espejo") == es.get("espejo") > en.get("espejo")
    assert en.get_any("force") == en.get("force")


def test_frequencies_carry_the_everyday_words_of_the_four_languages(index):
    es = m.Frequencies(index.parts, "es")
    assert "the" in es.common and "de" in es.common and "qzxqzx" not in es.common
    assert len(es.common) > 1000


def test_frequencies_find_the_everyday_words_whatever_order_the_parts_come_in(index):
    es = m.Frequencies(list(reversed(index.parts)), "es")
    assert "the" in es.common and es.get("hada") > 0


def column_part(words, z):
    from ygorules.names import index as names
    data = {"origin": "table"}
    names._strings(data, "z_words", words)
    for lang in ("es", "pt", "it", "en"):
        data[f"z_{lang}"] = bytes(z)
    return names.Part(data)


def test_frequencies_merge_parts_keeping_each_words_highest_value_however_rare():
    big = column_part(["aa", "bb", "dd"], [10, 30, 0])
    small = column_part(["aa", "cc"], [20, 1])
    for parts in ([big, small], [small, big]):
        es = m.Frequencies(parts, "es")
        assert (es.get("aa"), es.get("bb"), es.get("cc"), es.get("dd"), es.get("ee")) == (2.0, 3.0, 0.1, 0.0, 0.0)


def test_frequencies_look_a_word_up_when_it_is_first_asked_and_keep_it():
    big = column_part(["aa", "bb", "dd"], [10, 30, 0])
    small = column_part(["aa", "cc"], [20, 1])
    es = m.Frequencies([big, small], "es")
    assert es.z == {} and es.en.z == {}  # (no dict of every word made at the start)
    assert es.get("aa") == 2.0 and es.get_any("a") == 0.0 and es.get("zz") == 0.0  # (before and after every word)
    assert es.z == {"aa": 20, "a": 0, "zz": 0} and es.en.z == {"a": 0}
    assert es.get("aa") == 2.0 and len(es.z) == 3


def test_frequencies_of_parts_without_words_know_no_word():
    bare = m.Frequencies([], "es")
    assert bare.get("de") == 0 and bare.get_any("the") == 0 and len(bare.common) == 0


def test_prominence_weight_is_logarithmic_in_printings():
    assert m.prominence_weight(0) == 0
    assert m.prominence_weight(9) == pytest.approx(1.0)
    assert m.prominence_weight(99) == pytest.approx(2.0)


def test_int_column_reads_stored_ints_back():
    assert m.int_column(array("i", [1, -2, 300]).tobytes()) == array("i", [1, -2, 300])


# ── context ───────────────────────────────────────────────────────────────────

@pytest.mark.parametrize("text, start, expected", [
    ("Foo", 0, True), (" Foo", 1, True), ("¿Foo", 1, True), ("Fin. Foo", 5, True), ("Fin! Foo", 5, True),
    ("Fin? Foo", 5, True), ("Fin\nFoo", 4, True), ("Fin\rFoo", 4, True), ("Fin… Foo", 5, True), ('Fin. "(Foo', 7, True),
    ("la Foo", 3, False), ("Fin: Foo", 5, False), ("Fin; Foo", 5, False), ("Fin.X Foo", 6, False), ("aFoo", 1, False),
    ('<p class="x">Foo', 13, True), ("<b>Foo", 3, True),  # an HTML element's text begins
    ("X->Foo", 3, False), ("X=>Foo", 3, False), ("X >> Foo", 5, False), ("X > Foo", 4, False),  # arrows, comparisons
    ("Bar - ¿Foo", 7, True), ("dijo ¡Foo", 6, True), ("Bar - Foo", 6, False),  # "¿", "¡" open a question, an exclamation
])
def test_sentence_start_is_the_text_start_or_a_sentence_end_with_only_openers_between(text, start, expected):
    assert m.sentence_start(text, start) is expected


@pytest.mark.parametrize("text, word, expected", [
    ("Bar - ¿Foo, o no?", "Foo", True), ("y dijo ¡Foo ya!", "Foo", True), ("Bar - Foo, o no", "Foo", False),
    ("la Foo", "Foo", False), ("Fin. Foo", "Foo", True),
])
def test_the_translators_sentence_start_agrees_with_mentions(text, word, expected):
    from ygorules.names.index import NameIndex
    from ygorules.names.translate import Translator
    tr = Translator(NameIndex([]), "es", "en")
    tr.spans(text)
    i = tr._raw.index(word)
    assert bool(tr._sentence_start(i)) is expected is m.sentence_start(text, tr._starts[i])


@pytest.mark.parametrize("text, expected", [
    ('"Foo"', True), ("“Foo”", True), ("«Foo»", True), ("'Foo'", True), ("‘Foo’", True), ("„Foo“", True),
    ("*Foo*", True), ("_Foo_", True), ("*Foo_", False), ("(Foo)", False), ("XFooX", False), ("aFooa", False),
    ('"Foo)', False), ("(Foo”", False),
])
def test_quoted_needs_an_opening_and_a_closing_quote_or_the_same_emphasis_mark(text, expected):
    assert m.quoted(text, 1, 4) is expected


def test_a_span_at_either_end_of_the_text_is_not_quoted():
    assert not m.quoted('Foo"', 0, 3)
    assert not m.quoted('"Foo', 1, 4)


def span_of(text, name):
    a = text.index(name)
    return text, a, a + len(name)


@pytest.mark.parametrize("word", ["carta", "monstruo", "mostro", "trampa", "armadilha", "magia", "spell", "efecto", "effect",
                                  "cards", "CARTA"])
def test_a_card_word_right_before_or_after_a_span_is_card_context(word):
    assert m.card_context(*span_of(f"la {word} Bolt", "Bolt"))
    assert m.card_context(*span_of(f"Bolt {word} aquí", "Bolt"))


def test_one_word_may_come_between_the_card_word_and_the_span_but_not_two():
    assert m.card_context(*span_of("Bolt, the card", "Bolt"))
    assert m.card_context(*span_of("la carta: Bolt", "Bolt"))
    assert not m.card_context(*span_of("the card of the Bolt", "Bolt"))
    assert not m.card_context(*span_of("Bolt is a card", "Bolt"))
    assert not m.card_context(*span_of("el mago Bolt", "Bolt"))
    assert not m.card_context(*span_of("Bolt", "Bolt"))


@pytest.mark.parametrize("text", ["Fue a Bolt. La carta siguiente", "la carta. Bolt vino", "Fue a Bolt!\nCartas nuevas"])
def test_a_card_word_across_a_sentences_end_is_no_card_context(text):
    assert not m.card_context(*span_of(text, "Bolt"))


def test_a_card_word_across_a_line_break_alone_is_card_context():
    assert m.card_context(*span_of("Bolt\n\nLa carta Bolt", "Bolt"))  # a heading over its paragraph


def test_card_context_looks_24_characters_back_and_16_ahead():
    assert m.card_context(*span_of("carta" + " " * 19 + "Bolt", "Bolt"))
    assert not m.card_context(*span_of("carta" + " " * 20 + "Bolt", "Bolt"))
    assert m.card_context(*span_of("Bolt" + " " * 12 + "card", "Bolt"))
    assert not m.card_context(*span_of("Bolt" + " " * 13 + "card", "Bolt"))


@pytest.mark.parametrize("text, expected", [
    ("mazzi Kuriboh", 2), ("un deck de Kuriboh", 2), ("deck one two Kuriboh", 2), ("deck one two three Kuriboh", 0),
    ("monstruos de Kuriboh", 2), ("cards of Kuriboh", 2), ("carte di Kuriboh", 2), ("cartas do Kuriboh", 2),
    ("mostri da Kuriboh", 2), ("monstruos y Kuriboh", 0), ("de Kuriboh", 0), ("el de Kuriboh", 0),
    ("Kuriboh monsters", 2), ("Kuriboh Cartas", 2), ("Kuriboh are monsters", 0), ("ver Kuriboh", 0),
    ("los Kuriboh", 1), ("LOS Kuriboh", 1), ("vs Kuriboh", 1), ("Kuriboh", 0),
    ("deck. Kuriboh", 0), ("deck! Kuriboh", 0), ("Fin. deck. Kuriboh", 0), ("Fin. deck Kuriboh", 2),
    ("mis monstruos de Kuriboh", 2), ("los tres monstruos de Kuriboh", 2), ("deck? Kuriboh", 0), ("deck\nKuriboh", 0), ("los. Kuriboh", 0),
    ("barajas de Kuriboh", 2), ("una baraja Kuriboh", 2),  # the Spanish word for a deck
    ("monstros Kuriboh", 2), ("mostri Kuriboh", 2), ("controle monstruos Kuriboh", 2),  # the noun first: its monsters
    ("Kuriboh.\n\nCartas de Monstruo", 0), ("Kuriboh. Cards", 0), ("Kuriboh\ndeck", 0),  # the next sentence's word
    ("busca del Deck, y Kuriboh", 0), ("el deck, Kuriboh", 1),  # the deck word before a comma: another item's
    ("un arquetipo propio: los Kuriboh", 2),
])
def test_series_context_says_how_clearly_a_name_is_used_as_a_series(text, expected):
    assert m.series_context(*span_of(text, "Kuriboh"), None) == expected


def test_series_context_looks_40_characters_back():
    assert m.series_context(*span_of("deck" + " " * 36 + "Kuriboh", "Kuriboh"), None) == 2
    assert m.series_context(*span_of("deck" + " " * 37 + "Kuriboh", "Kuriboh"), None) == 0


def test_series_context_sees_one_word_after_within_20_characters():
    assert m.series_context(*span_of("Kuriboh" + " " * 16 + "deck", "Kuriboh"), None) == 2
    assert m.series_context(*span_of("Kuriboh" + " " * 17 + "deck", "Kuriboh"), None) == 0


def test_context_gathers_sentence_start_quotes_card_word_and_series_when_asked():
    text, a, b = span_of("Fin. Kuriboh monsters", "Kuriboh")
    assert m.context(text, a, b) == (True, False, False, 2)
    text, a, b = span_of('ya "Kuriboh" monsters', "Kuriboh")
    assert m.context(text, a, b) == (False, True, False, 2)
    assert m.context(text, a, b, series=False) == (False, True, False, 0)
    text, a, b = span_of("la carta Kuriboh", "Kuriboh")
    assert m.context(text, a, b) == (False, False, True, 0)


# ── casing ────────────────────────────────────────────────────────────────────

@pytest.mark.parametrize("words, lang, expected", [
    (["Mirror", "Force"], "en", "title"), (["MIRROR", "FORCE"], "en", "upper"), (["Mirror", "force"], "en", "first"),
    (["mirror", "Force"], "en", "mixed"), (["mirror", "force"], "en", "lower"),
    (["Fuerza", "de", "Espejo"], "es", "title"), (["MAGO", "de", "HIELO"], "es", "upper"),
    (["fuerza", "De", "espejo"], "es", "mixed"), (["Mago", "di", "Ghiaccio"], "it", "title"),
    (["Mago", "di", "Ghiaccio"], "es", "mixed"), (["Mago", "di", "Ghiaccio"], "xx", "mixed"),
    (["Dragon", "of", "Ice"], "es", "title"), (["de", "la"], "es", "lower"), (["De", "La"], "es", "title"),
    (["the"], "it", "lower"), (["A"], "en", "title"), (["AB"], "en", "upper"), (["123", "45"], "en", "lower"),
    (["Mago", "Oscuro", "negro"], "es", "mixed"), (["Mago", "3"], "es", "title"),
])
def test_casing_judges_the_content_words_as_written(words, lang, expected):
    assert m.casing(words, lang) == expected


# ── evidence ──────────────────────────────────────────────────────────────────

class Freq:
    """A stand-in for Frequencies: Zipf values per word, in the text's language and in English."""

    def __init__(self, z, en=None):
        self.z, self.en_z = z, en or {}

    def get(self, word):
        return self.z.get(word, 0.0)

    def get_any(self, word):
        return max(self.z.get(word, 0.0), self.en_z.get(word, 0.0))


RARE = Freq({"bolt": 2.3, "espejo": 3.3, "medio": 4.3, "fuerza": 5.3, "de": 7.8, "uno": 6.0, "por": 7.0, "ab": 2.3})


def ev(text, name, variant="official", kind="card", origin="table", similarity=100.0, freq=RARE, lang="es",
       name_caps=True, **kw):
    a = text.index(name)
    words = name.split()
    notes = []
    score = m.evidence(text, a, a + len(name), words, [w.lower() for w in words], variant, kind, origin, similarity, freq,
                       lang, name_caps, notes, **kw)
    return round(score, 6), notes


def test_a_capitalised_rare_name_mid_sentence_scores_each_reason_once():
    score, notes = ev("la jugada Fuerza de Espejo gana", "Fuerza de Espejo")
    assert notes == ["+3.0 capitalised away from the start of a sentence",
                     "+0.8 ordinary-language frequency (Zipf 3.3–5.3)", "+2.2 2 content words"]
    assert score == pytest.approx(3.0 + 0.8 + 2.2)


def test_quotes_and_a_card_word_add_their_evidence():
    score, notes = ev('la carta "Bolt" ya', "Bolt")
    assert notes[:2] == ["+3.0 quoted", "+2.0 next to a word like carta/card"]
    assert score == pytest.approx(3.0 + 2.0 + 3.0 + 1.6)


def test_a_capital_at_the_start_of_a_sentence_is_weak_evidence():
    assert ev("Bolt ya", "Bolt")[1][0] == "+1.0 capitalised, but at the start of a sentence"
    assert ev("Fuerza Espejo ya", "Fuerza Espejo")[1][0] == "+2.0 every word capitalised (sentence start)"


def test_mixed_and_first_word_capitals_count_less_at_a_sentence_start():
    assert ev("ya Fuerza espejo Bolt", "Fuerza espejo Bolt")[1][0] == "+1.5 some words capitalised"
    assert ev("Fuerza espejo Bolt ya", "Fuerza espejo Bolt")[1][0] == "+1.0 some words capitalised"
    assert ev("ya Fuerza espejo", "Fuerza espejo")[1][0] == "+1.5 first word capitalised"
    assert ev("Fuerza espejo ya", "Fuerza espejo")[1][0] == "+0.5 first word capitalised (sentence start)"


def test_lower_case_is_evidence_only_for_a_lower_case_term():
    assert ev("la bolt ya", "bolt", name_caps=False)[1][0] == "+1.0 a lower-case term written in lower case"
    assert ev("la bolt ya", "bolt", name_caps=True)[1][0].endswith("ordinary-language frequency (Zipf 2.3–2.3)")


def test_capitals_count_fully_for_short_or_several_words_or_names_written_so():
    assert ev("ya BOLT", "BOLT")[1][0] == "+2.5 written in capitals"
    assert ev("ya FUERZA ESPEJO", "FUERZA ESPEJO")[1][0] == "+2.5 written in capitals"
    assert ev("ya ESPEJOS", "ESPEJOS")[1][0] == "+1.0 written in capitals"
    assert ev("ya ESPEJOS", "ESPEJOS", name_upper=True)[1][0] == "+2.5 written in capitals"
    assert ev("ya ESPEJ", "ESPEJ")[1][0] == "+2.5 written in capitals"
    assert ev("ya ESPEJO", "ESPEJO")[1][0] == "+1.0 written in capitals"


def test_word_frequency_counts_its_rarest_word_within_limits():
    assert ev("ya Bolt", "Bolt")[1][1] == "+1.6 ordinary-language frequency (Zipf 2.3–2.3)"
    assert ev("ya Medio", "Medio")[1] == ["+3.0 capitalised away from the start of a sentence"]
    assert ev("ya Qzx Bolt", "Qzx Bolt")[1][1] == "+2.5 ordinary-language frequency (Zipf 0.0–2.3)"
    assert ev("ya Por Uno", "Por Uno")[1][1] == "-1.4 ordinary-language frequency (Zipf 6.0–6.0)"
    assert ev("ya De", "De")[1][1] == "-2.5 ordinary-language frequency (Zipf 7.8–7.8)"


def test_an_english_name_in_a_spanish_text_is_judged_by_its_english_frequency_too():
    freq = Freq({"force": 3.0}, {"force": 5.3})
    assert ev("ya Force", "Force", freq=freq)[1][1] == "+1.0 ordinary-language frequency (Zipf 3.0–3.0)"
    assert ev("ya Force", "Force", freq=freq, form_lang="es")[1][1] == "+1.0 ordinary-language frequency (Zipf 3.0–3.0)"
    assert ev("ya Force", "Force", freq=freq, form_lang="en")[1][1] == "-0.8 ordinary-language frequency (Zipf 5.3–5.3)"


def test_more_content_words_are_more_evidence_up_to_three_points():
    assert "+2.2 2 content words" in ev("ya Bolt Bolt", "Bolt Bolt")[1]
    assert "+3.0 3 content words" in ev("ya Bolt Bolt Bolt", "Bolt Bolt Bolt")[1]
    assert not any("content words" in n for n in ev("ya Bolt de", "Bolt de")[1])


def test_a_short_single_word_costs_a_point_unless_in_capitals():
    assert "-1.0 a short word" in ev("ya Ab", "Ab")[1]
    assert "-1.0 a short word" in ev("ya Abc", "Abc")[1]
    assert "-1.0 a short word" not in ev("ya Abcd", "Abcd")[1]
    assert "-1.0 a short word" not in ev("ya ABC", "ABC")[1]
    assert "-1.0 a short word" not in ev("ya Ab Ab", "Ab Ab")[1]


@pytest.mark.parametrize("variant, points", [
    ("official", 0.0), ("title", 0.0), ("english", -0.3), ("no-article", -0.2), ("short-form", -1.0), ("nickname", -0.5),
    ("abbreviation", -0.5), ("anime-name", -0.5), ("old-name", -0.3), ("fan-translation", -0.3), ("misspelling", -0.3),
    ("video-game", -0.2), ("approximate", -0.3),
])
def test_each_way_of_matching_has_its_cost(variant, points):
    base, _ = ev("ya Bolt", "Bolt")
    score, notes = ev("ya Bolt", "Bolt", variant=variant)
    assert score == pytest.approx(base + points)
    assert (f"{points:+.1f} matched as {variant}" in notes) is (points != 0)


def test_an_approximate_match_costs_a_point_per_six_points_of_similarity_lost():
    base, _ = ev("ya Bolt", "Bolt")
    score, notes = ev("ya Bolt", "Bolt", similarity=88.0)
    assert score == pytest.approx(base - 2.0)
    assert "-2.0 approximate (88% similar)" in notes


def test_a_kb_name_is_evidence_unless_it_matched_as_a_nickname():
    base, _ = ev("ya Bolt", "Bolt")
    assert ev("ya Bolt", "Bolt", origin="kb")[0] == pytest.approx(base + 1.5)
    assert "+1.5 in the knowledge base" in ev("ya Bolt", "Bolt", origin="kb")[1]
    for kind in m.NICKNAME_KINDS:
        assert ev("ya Bolt", "Bolt", origin="kb", variant=kind)[0] == pytest.approx(ev("ya Bolt", "Bolt", variant=kind)[0])


def test_a_kb_name_of_common_words_in_lower_case_earns_no_kb_bonus_but_a_term_does():
    common = Freq({"máquina": 4.6, "tiempo": 6.0, "del": 7.5, "espejo": 3.3, "fuerza": 5.3})
    text = "ocultar la máquina del tiempo en la cueva"
    name = "máquina del tiempo"
    assert "+1.5 in the knowledge base" not in ev(text, name, origin="kb", freq=common, name_caps=True)[1]
    assert "+1.5 in the knowledge base" in ev(text, name, origin="kb", kind="term", freq=common, name_caps=False)[1]
    assert "+1.5 in the knowledge base" in ev("la Máquina del Tiempo ya", "Máquina del Tiempo", origin="kb", freq=common)[1]
    assert "+1.5 in the knowledge base" in ev("la fuerza espejo ya", "fuerza espejo", origin="kb", freq=common)[1]  # a rare word


def test_a_series_name_needs_a_plural_or_deck_context():
    base, _ = ev("ya Bolt", "Bolt")
    assert ev("los Bolt", "Bolt", kind="series")[1][-1] == "+2.5 a series name, after a plural article or next to monsters/cards/deck"
    assert ev("ya Bolt", "Bolt", kind="series")[0] == pytest.approx(base - 1.5)
    assert ev("ya Bolt", "Bolt", kind="series")[1][-1] == "-1.5 a series name, not in a plural context"


def test_the_context_given_by_the_caller_is_used_instead_of_the_text():
    quoted, notes = ev("ya Bolt", "Bolt", ctx=(False, True, True, 0))
    assert notes[:2] == ["+3.0 quoted", "+2.0 next to a word like carta/card"]
    assert quoted == pytest.approx(ev("ya Bolt", "Bolt")[0] + 5.0)


def test_evidence_in_another_language_counts_english_function_words_only():
    score, notes = ev("ya Dragon of Ice", "Dragon of Ice", lang="fr")
    assert "+2.2 2 content words" in notes
    assert "+3.0 capitalised away from the start of a sentence" in notes


def test_a_span_without_words_is_judged_by_its_context_and_match_alone():
    notes = []
    score = m.evidence('ya "¡!" fin', 4, 6, [], [], "official", "card", "table", 100.0, RARE, "es", True, notes)
    assert notes == ["+3.0 quoted"]
    assert score == pytest.approx(3.0)


def test_evidence_without_a_list_for_reasons_gives_the_same_score():
    text = "la carta Fuerza de Espejo"
    a = text.index("Fuerza")
    words = ["Fuerza", "de", "Espejo"]
    plain = m.evidence(text, a, len(text), words, [w.lower() for w in words], "official", "card", "kb", 100.0, RARE, "es",
                       True)
    assert plain == pytest.approx(ev(text, "Fuerza de Espejo", origin="kb")[0])


# ── language ──────────────────────────────────────────────────────────────────

@pytest.mark.parametrize("text, lang", [
    ("Activé la carta y el monstruo del rival se fue al cementerio con su efecto.", "es"),
    ("Ativei a carta e o monstro do oponente foi para o cemitério com o efeito.", "pt"),
    ("Ho attivato la carta e il mostro dell'avversario è andato nel cimitero con il suo effetto.", "it"),
    ("I activated the card and my opponent's monster was sent to the graveyard by its effect.", "en"),
    ("EL MONSTRUO Y LOS EFECTOS DEL RIVAL", "es"),
])
def test_the_language_of_a_text_is_the_one_with_most_marker_words(text, lang):
    assert m.detect_language(text)[0] == lang


def test_a_text_without_words_has_no_language_and_no_shares():
    assert m.detect_language("") == (None, {})
    assert m.detect_language("… !! ¿?") == (None, {})


def test_one_marker_word_is_too_little_to_tell_a_language():
    lang, shares = m.detect_language("el zorro")
    assert lang is None and shares == {"es": 1.0, "pt": 0.0, "it": 0.0, "en": 0.0}
    assert m.detect_language("zorro qzx") == (None, {"es": 0.0, "pt": 0.0, "it": 0.0, "en": 0.0})


def test_a_tie_goes_to_spanish_and_shares_are_rounded_to_hundredths():
    lang, shares = m.detect_language("el los the of")
    assert lang == "es" and shares == {"es": 0.5, "pt": 0.0, "it": 0.0, "en": 0.5}
    assert m.detect_language("the of el")[0] == "en"
    assert m.detect_language("the of il lo el")[1] == {"es": 0.2, "pt": 0.0, "it": 0.4, "en": 0.4}


def test_by_default_the_first_20000_characters_are_read():
    text = "el " + "z" * 19996 + " y"
    assert m.detect_language(text)[0] is None
    assert m.detect_language(text + " ")[0] is None
    assert m.detect_language("el " + "z" * 19995 + " y")[0] == "es"


def test_only_the_sample_at_the_start_of_a_text_is_read():
    assert m.detect_language("zz " * 7000 + "el los las y del")[0] is None
    assert m.detect_language("zz " * 10 + "the of and", sample=15)[0] is None
    assert m.detect_language("zz " * 10 + "the of and", sample=40)[0] == "en"


# ── name-like spans (report) ─────────────────────────────────────────────────

def like(text):
    return [(text[a:b], why) for a, b, why in m.name_like(text)]


def test_name_like_finds_runs_of_capitalised_words_with_linking_words_between():
    assert like("ya Gran Dragón Azul, Fuerza de Espejo, Dragon of Ice, fin") == [
        ("Gran Dragón Azul", "capitalised"), ("Fuerza de Espejo", "capitalised"), ("Dragon of Ice", "capitalised")]
    assert like("ya Dragon of the Ice") == []


def test_a_single_capitalised_word_or_one_after_a_hash_at_or_slash_is_not_name_like():
    assert like("Luego juega Recarga.") == []
    assert like("ver #Mirror Force, @Dark Magician, a/Royal Guard") == []
    assert like("ver Mirror Force") == [("Mirror Force", "capitalised")]


def test_quoted_text_of_two_to_sixty_characters_is_name_like():
    assert like('usa "mi truco" y «otro más» y “Tercero”') == [("mi truco", "quoted"), ("otro más", "quoted"),
                                                              ("Tercero", "quoted")]
    assert like('usa "a" ya') == []
    assert like('usa "' + "a" * 61 + '" ya') == []
    assert like('usa "' + "a" * 60 + '" ya') == [("a" * 60, "quoted")]


def test_capitalised_words_after_carta_or_card_are_name_like_up_to_the_first_lower_case_word():
    assert like("usé la carta Pepito ayer") == [("Pepito", "after carta/card")]
    assert like("la cArta Pepito Grillo ayer") == [("Pepito Grillo", "after carta/card")]
    assert like("use the card Bo now") == []
    assert like("use the card Yo now") == []
    assert like("use the card Bob now") == [("Bob", "after carta/card")]
    assert like("una carta poderosa") == []
    assert like("la carta Pepito\nGrillo ayer") == [("Pepito\nGrillo ayer", "after carta/card")]
    assert like("cartas Uno Dos Tres Cuatro Cinco") == [("Uno Dos Tres Cuatro Cinco", "after carta/card")]


def test_overlapping_name_like_spans_keep_the_strongest_reason():
    assert like('la carta "Mi Truco" ya') == [("Mi Truco", "quoted")]
    assert like("la carta Gran Dragón Azul ya") == [("Gran Dragón Azul", "after carta/card")]
    assert like("la CARTA Pepito Grillo ya") == [("CARTA Pepito Grillo", "after carta/card")]


def test_unresolved_leaves_out_what_was_taken_or_protected():
    text = "ya Gran Dragón Azul, la carta Pepito, y Fuerza de Espejo"
    a = text.index("Fuerza de Espejo")
    assert [(text[s:e], why) for s, e, why in m.unresolved(text, [(a, a + 16)], [])] == [
        ("Gran Dragón Azul", "capitalised"), ("Pepito", "after carta/card")]
    b = text.index("Pepito")
    assert [(text[s:e], why) for s, e, why in m.unresolved(text, [], [(b, b + 6)])] == [
        ("Gran Dragón Azul", "capitalised"), ("Fuerza de Espejo", "capitalised")]


def test_unresolved_keeps_the_pieces_around_a_taken_span_and_trims_linking_words():
    text = "ya Gran Dragón Azul de los Abismos Eternos, fin"
    a = text.index("Azul")
    out = [(text[s:e], why) for s, e, why in m.unresolved(text, [(a, a + 4)], [])]
    assert out == [("Gran Dragón", "capitalised"), ("Abismos Eternos", "capitalised")]


def test_unresolved_trims_punctuation_and_linking_words_at_both_ends():
    text = 'ya "(Mi Truco)," fin'
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [], [])] == [("Mi Truco", "quoted")]
    text = 'ya "de Pepito Grillo y" fin'
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [], [])] == [("Pepito Grillo", "quoted")]
    text = 'ya "Pepito Grillo del" fin'
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [], [])] == [("Pepito Grillo", "quoted")]


def test_unresolved_goes_on_past_a_piece_it_drops():
    text = 'ya "; Mirror Force Pepito Grillo" fin'
    a = text.index("Mirror")
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [(a, a + 12)], [])] == [("Pepito Grillo", "quoted")]
    text = 'ya "la y, Mirror Force, Pepito Grillo" fin'
    a = text.index("Mirror")
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [(a, a + 12)], [])] == [("Pepito Grillo", "quoted")]
    text = "ya Gran Dragón Azul Rojo Verde fin"
    a = text.index("Dragón")
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [(a, a + 6)], [])] == [("Azul Rojo Verde", "capitalised")]


def test_unresolved_drops_single_capitalised_words_and_pieces_without_a_long_capitalised_word():
    text = "ya Gran Dragón Azul fin"
    a = text.index("Dragón")
    assert m.unresolved(text, [(a, a + 6)], []) == []
    text = 'ya "de la y" fin'
    assert m.unresolved(text, [], []) == []
    text = 'ya "Un Yo" fin'
    assert m.unresolved(text, [], []) == []
    text = 'ya "Ana pepa" fin'
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [], [])] == [("Ana pepa", "quoted")]
    text = 'ya "Pepito" fin'
    assert [(text[s:e], w) for s, e, w in m.unresolved(text, [], [])] == [("Pepito", "quoted")]


@pytest.mark.parametrize("text", ["«https://x.com/a»Fuerza de Espejo", "«x.com/a»Fuerza de Espejo", '"x.com/a"Fuerza de Espejo'])
def test_an_address_ends_at_its_closing_quote_even_without_a_space_after(text):
    """Both address rules (with a scheme, and a bare domain) stop at a closing quote: the name after it stays a name."""
    assert [text[a:b] for a, b in m.protected(text)] == [text[1:text.index("Fuerza") - 1]]


def test_an_indented_paragraph_of_running_text_is_not_code():
    para = "    Con Fuerza de Espejo en la mano el rival no ataca nunca y pierde 2-3 turnos enteros.\n"
    assert spans("Texto\n\n" + para + "\nfin") == []
    assert spans(para) == []
    # a line of code, however long, keeps its block protected
    code = "    x = fuerza(de, espejo) if a and b and c and d and e and f and g else None\n"
    assert spans("Texto\n\n" + code) == [code]
    # a short indented list stays code, as before
    assert spans("Texto\n\n    Mirror Force\n    Reload\n") == ["    Mirror Force\n    Reload\n"]


def test_zipf_of_gives_wordfreqs_value_for_every_kind_of_word():
    """The quick path for plain words (a dictionary look-up) must give exactly what wordfreq computes."""
    from wordfreq import top_n_list, zipf_frequency

    from ygorules.names.mentions import zipf_of

    for lang in ("es", "pt", "it", "en"):
        words = top_n_list(lang, 3000)[::7] + top_n_list(lang, 200000)[-3000::11] + [
            "espejo", "forza", "riflessa", "dragon", "zzzzqx", "a", "the", "de", "cosacodrago", "kuriboh",
            "fuerza de espejo", "l'onesto", "força", "perché", "x2", "3x", "héroe", "", "mago-nero"]
        zipf = zipf_of(lang)
        assert [zipf(w) for w in words] == [zipf_frequency(w, lang) for w in words], lang


class _Zipf:
    """Frequencies of a made-up text language and of English, word → Zipf."""
    def __init__(self, here, en):
        self._here, self.en = here, _Table(en)

    def get(self, w):
        return self._here.get(w, 0.0)


class _Table(dict):
    def get(self, w, default=0.0):
        return dict.get(self, w, default)


@pytest.mark.parametrize("here, en, foreign", [
    ({"verdict": 2.0, "drake": 2.2}, {"verdict": 4.3, "drake": 4.4}, True),  # both words far more English
    ({"verdict": 2.0, "drake": 3.8}, {"verdict": 4.3, "drake": 4.4}, True),  # one clearly English, one shared by both
    ({"verdict": 3.0, "drake": 3.8}, {"verdict": 4.3, "drake": 4.4}, False),  # none clearly English
    ({"verdict": 2.0, "drake": 4.6}, {"verdict": 4.3, "drake": 4.4}, False),  # one more common in the text's language
    ({"verdict": 4.0, "drake": 3.6}, {"verdict": 5.5, "drake": 4.6}, True),  # each gap FOREIGN_GAP or more (1.0 exactly:
    # no rounding error makes 4.6 - 3.6 less)
])
def test_an_english_name_is_foreign_where_its_words_are_english_and_one_clearly_so(here, en, foreign):
    assert m._foreign(["verdict", "drake"], _Zipf(here, en)) is foreign
