"""The translator's rules, input text → spans, replacements and report entries (ygorules.names.translate, in process).

Each test pins down one rule of the scan (plurals, typos, word pairs, contexts), of the judgement (hard rules, the
meant card, alternatives, the memo of judgements) or of the outputs (the JSON fields of a span, --annotate, --report).
"""
from __future__ import annotations

import pytest

from ygorules.names import index as names
from ygorules.names import mentions
from ygorules.names import table as nametable
from ygorules.names.translate import Span, Translator, position, render, translate

from _names_fixtures import KB, NICKNAMES, index, isolated, small_index, table  # noqa: F401 (fixtures)


def found(index, text, src="es", dst="en"):
    """(text of the span, id) of every name found."""
    return [(s.text, s.id) for s in Translator(index, src, dst).spans(text)]


# ── the JSON fields of a span ────────────────────────────────────────────────

def test_a_span_as_json_has_its_fields_rounded_and_lists_only_what_it_has(index):
    text = "Activa Fuerza de Espejo; la cadena."
    card, term = (s.as_dict() for s in Translator(index, "es", "en").spans(text))
    assert card == {"start": 7, "end": 23, "text": "Fuerza de Espejo", "id": "mirror-force", "kind": "card",
                    "replacement": "Mirror Force", "lang": "es", "variant": "official", "origin": "kb",
                    "score": round(card["score"], 2), "similarity": 100.0, "passcodes": ["44095762"]}
    assert "passcodes" not in term and "alternatives" not in term and "evidence" not in term  # a term has no passcode
    span = Span(0, 3, "abc", "x", "card", "X", "es", "official", "kb", ["y"], score=2.345678, similarity=87.654, why=[])
    assert span.as_dict()["score"] == 2.35 and span.as_dict()["similarity"] == 87.7
    assert span.as_dict()["alternatives"] == ["y"] and span.as_dict()["evidence"] == []  # asked for, even when empty
    bare = Span(0, 3, "abc", "x", "card", "X", "es", "official", "kb").as_dict()  # a span made by hand: no score yet, exact
    assert (bare["score"], bare["similarity"]) == (0.0, 100.0) and not {"alternatives", "passcodes", "evidence"} & set(bare)
    assert Span(0, 3, "abc", "x", "card", "X", "es", "official", "kb").alternatives == []  # a list to add to


def test_a_span_of_the_report_carries_its_evidence_which_adds_up_to_its_score(index):
    t = Translator(index, "es", "en")
    spans = t.spans("Con Mirror Force y Fuerza de Espejo en la cadena; «recarga».", report=True)
    assert [s.id for s in spans] == ["mirror-force", "mirror-force", "chain", "reload"]
    for s in spans:
        notes = s.as_dict()["evidence"]
        assert notes and sum(float(n.split(" ")[0]) for n in notes) == pytest.approx(s.score, abs=0.06), notes
    english, spanish = spans[0].why, spans[1].why
    assert any("matched as english" in n for n in english) and not any("matched as" in n for n in spanish)
    # a name in capitals written in capitals, a capitalised term written in lower case: the same sum
    spans = Translator(index, "es", "en").spans("Con Fuerza de Espejo, el ATAQUE sube y colocar.", report=True)
    assert [s.text for s in spans] == ["Fuerza de Espejo", "ATAQUE", "colocar"]
    assert all(sum(float(n.split(" ")[0]) for n in s.why) == pytest.approx(s.score, abs=0.06) for s in spans)


def test_without_the_report_no_span_carries_evidence(index):
    spans = Translator(index, "es", "en").spans("Con Mirror Force y Fuerza de Espejo.")
    assert spans and all(s.why is None and "evidence" not in s.as_dict() for s in spans)


# ── the report: windows that fit a name but were not taken ───────────────────

def test_the_report_keeps_the_windows_that_did_not_score_enough_with_their_best_card(index):
    t = Translator(index, "es", "en")
    text = "Recarga la página. Luego usa Recarga."
    assert [s.id for s in t.spans(text, report=True)] == ["reload"]
    [weak] = t.rejected
    assert (weak.start, weak.end, weak.text, weak.id, weak.similarity) == (0, 7, "Recarga", "reload", 100.0)
    assert weak.score < mentions.ACCEPT and weak.why and "start of a sentence" in " ".join(weak.why)
    t.spans(text)  # a pass without the report forgets the last report's windows
    assert t.rejected == []


def test_the_report_keeps_windows_far_below_the_threshold_without_evidence(index):
    t = Translator(index, "es", "en", threshold=5.0)
    t.spans("Fue honesto.", report=True)
    [weak] = t.rejected
    assert (weak.start, weak.end, weak.text, weak.id, weak.similarity, weak.why) == (4, 11, "honesto", "honest", 100.0, None)
    assert weak.score < 5.0 - mentions.NEARBY_BONUS


# ── rendering ────────────────────────────────────────────────────────────────

def test_render_replaces_each_span_and_keeps_everything_between(index):
    text = "«Honesto», Fuerza de Espejo y cadena."
    spans = Translator(index, "es", "it").spans(text)
    assert render(text, spans) == "«L'Onesto», Forza Riflessa y catena."
    assert render(text, spans, annotate=True) == "«Honesto» (L'Onesto), Fuerza de Espejo (Forza Riflessa) y cadena (catena)."
    assert render(text, []) == text


def test_annotate_after_a_quote_only_when_the_quote_closes_right_after_the_name(index):
    out, _ = translate(index, "Di «Honesto es» y 'Honesto'.", "es", "en", annotate=True)
    assert out == "Di «Honesto (Honest) es» y 'Honesto' (Honest)."


@pytest.mark.parametrize("text, offset, where", [("abc\nde\nf", 0, (1, 1)), ("abc\nde\nf", 3, (1, 4)), ("abc\nde\nf", 4, (2, 1)),
                                                 ("abc\nde\nf", 6, (2, 3)), ("abc\nde\nf", 7, (3, 1)),
                                                 ("\nab", 0, (1, 1)), ("\nab", 1, (2, 1)), ("\nab", 2, (2, 2))])
def test_position_counts_lines_and_columns_from_one(text, offset, where):
    assert position(text, offset) == where


# ── terms follow the case of the text ────────────────────────────────────────

@pytest.mark.parametrize("text, dst, out", [
    ("Con Fuerza de Espejo en la cadena.", "en", "Con Mirror Force en la chain."),
    ("Con Fuerza de Espejo en la Cadena.", "en", "Con Mirror Force en la Chain."),
    ("Con Fuerza de Espejo, colocar y Colocar.", "en", "Con Mirror Force, set y Set."),
    ("Con Fuerza de Espejo en el paso de daño.", "pt", "Con Força do Espelho en el Etapa de Dano."),  # keeps its other capitals
    ("Con Fuerza de Espejo en el paso de daño.", "en", "Con Mirror Force en el Damage Step."),
    ("Mirror Force, «Atk».", "it", "Forza Riflessa, «ATK»."),  # a name in capitals stays in capitals
    ("Con Fuerza de Espejo en la Cadena.", "it", "Con Forza Riflessa en la Catena."),
    ("La carta «recarga».", "en", "La carta «Reload»."),  # a card's name keeps its capital
])
def test_a_term_takes_the_case_of_its_first_letter_a_card_name_never_changes(index, text, dst, out):
    assert translate(index, text, "es", dst)[0] == out


def test_fuerza_de_espejo_in_lower_case_keeps_the_cards_capitals(index):
    assert translate(index, "tenía la fuerza de espejo oscura", "es", "en")[0] == "tenía la Dark Mirror Force"


# ── which languages are read ─────────────────────────────────────────────────

@pytest.mark.parametrize("text, src, name", [("Ativa a Fuerza de Espejo.", "pt", "Fuerza de Espejo"),
                                             ("Attiva Força do Espelho.", "it", "Força do Espelho")])
def test_names_of_a_third_language_are_read_where_their_words_translate_to_the_card(index, text, src, name):
    assert found(index, text, src) == [(name, "mirror-force")]  # (fanmatch: the literal reading and the print agree)


def test_a_third_languages_name_whose_words_translate_to_no_card_is_not_read(index):
    assert found(index, "Activa Forza Riflessa ahora.", "es") == []  # ("riflessa" is no word of Mirror Force's)


@pytest.mark.parametrize("text, src", [("Activa Mirror Force ahora.", "es"), ("Ativa Mirror Force.", "pt"),
                                       ("Attiva Mirror Force.", "it")])
def test_english_card_names_are_read_in_every_language(index, text, src):
    assert found(index, text, src) == [("Mirror Force", "mirror-force")]


# ── plurals ──────────────────────────────────────────────────────────────────

@pytest.mark.parametrize("src, word, singulars", [
    ("es", "magos", ["mago"]),
    ("es", "reales", ["reale", "real"]),
    ("es", "luces", ["luce", "luc", "luz"]),  # -ces → -z
    ("pt", "dragoes", ["dragoe", "drago", "dragao"]),  # -ões → -ão
    ("pt", "capitaes", ["capitae", "capita", "capitao"]),  # -ães → -ão
    ("pt", "animais", ["animai", "animal"]),  # -ais → -al
    ("pt", "papeis", ["papei", "papel"]),  # -éis → -el
    ("pt", "bens", ["ben", "bem"]),  # -ns → -m
    ("it", "mostri", ["mostre", "mostro", "mostra"]),  # -i → -e, -o, -a
    ("it", "fiabe", ["fiabo", "fiaba"]),  # -e → -a (a word is never its own plural: "Necrovalle" is one valley)
    ("it", "draghi", ["draghe", "dragho", "dragha", "draga", "drago"]),  # -ghi → -ga, -go
    ("it", "monarchi", ["monarche", "monarcho", "monarcha", "monarca", "monarco"]),  # -chi → -ca, -co
    ("es", "mostri", []),  # the Italian endings only in Italian
    ("es", "luz", []),
    ("it", "luces", ["luce", "luc"]),  # -ces → -z only in Spanish
    ("es", "bens", ["ben"]),  # the Portuguese endings only in Portuguese
    ("es", "as", []), ("pt", "ns", []), ("it", "i", []),  # a word of one letter stands for nothing
])
def test_a_plural_stands_for_the_singulars_its_language_makes(index, src, word, singulars):
    assert Translator(index, src, "en")._singulars(word) == singulars


@pytest.mark.parametrize("text, src, want", [
    ("Tengo un par de Recargas.", "es", [("Recargas", "reload")]),  # a count before "de": copies of the card
    ("Yugi creó miles de Recargas.", "es", [("Recargas", "reload")]),  # a large number too ("milhares de", "migliaia di")
    ("I had a couple of Reloads.", "en", [("Reloads", "reload")]),  # in English, before "of"
    ("Tengo unas Recargas.", "es", [("Recargas", "reload")]),  # a plural article
    ("Tengo Recargas.", "es", []),  # a one-word card in the plural needs one of them
    ("Tengo un mazo de Recargas.", "es", []),
    ("Dos Guardias Reales atacan.", "es", [("Guardias Reales", "royal-keeper")]),  # every word in the plural
    ("Juego Barreras de Hielo.", "es", [("Barreras de Hielo", "series-ice-barrier")]),  # capitalised: a group
    ("Gioco con Fiabe tutto il giorno.", "it", [("Fiabe", "series-fairy-tale")]),  # a rare plural word: a series
    ("Ho un mazzo Fiabe.", "it", [("Fiabe", "series-fairy-tale")]),
    ("Fiabe per bambini.", "it", []),  # at the start of a sentence a capital proves nothing
])
def test_a_name_in_the_plural(index, text, src, want):
    assert found(index, text, src) == want


VALLEY_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8101\tGrimvalley\tGrimvalle\tGrimvale\tGrimvalle\tSpell\t9
"""
VALLEY_SERIES = """en\tes\tpt\tit
Grimvalley\tGrimvalle\tGrimvale\tGrimvalle
"""


@pytest.mark.parametrize("text, want", [
    ("Con la Grimvalle sul campo nessuno pesca.", "grimvalley"),  # one valley: the card of the name
    ("Ho visto i Grimvalle vincere il torneo.", "series-grimvalley"),  # after a plural article: the series
])
def test_an_italian_word_ending_in_e_is_not_its_own_plural(tmp_path, text, want):
    index = small_index(tmp_path, VALLEY_POOL, series=VALLEY_SERIES)
    assert [(s.text, s.id) for s in Translator(index, "it", "en").spans(text)] == [("Grimvalle", want)]


@pytest.mark.parametrize("text, want", [
    ("Ho visto i grimvalle vincere il torneo.", ["series-grimvalley"]),  # a made-up word, after a plural article
    ("Gioco un mazzo grimvalle da anni.", ["series-grimvalley"]),  # after a deck word
    ("Oggi grimvalle vince sempre.", []),  # no series context: in lower case, no series
])
def test_a_made_up_series_name_in_lower_case_is_the_series_where_the_words_around_say_series(tmp_path, text, want):
    index = small_index(tmp_path, VALLEY_POOL, series=VALLEY_SERIES)
    assert [s.id for s in Translator(index, "it", "en").spans(text) if s.kind == "series"] == want


ZYX_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8104\tZyxlor the Storm Drake\tZyxlor el Draco de la Tormenta\tZyxlor o Draco da Tormenta\tZyxlor il Draco della Tempesta\tMonster\t9
8105\tQuavren Bolt\tRayo Quavren\tRaio Quavren\tFulmine Quavren\tSpell\t9
8106\tLodge the Warden\tLodge el Guardián\tLodge o Guardião\tLodge il Guardiano\tMonster\t9
"""


@pytest.mark.parametrize("text, want", [
    ("Ele usou Raio Quavren e depois atacou com o zyxlor.", ["Raio Quavren", "zyxlor"]),  # a made-up word: the card
    ("Ele usou Raio Quavren e paro o ataque do zyxlor.", ["Raio Quavren", "zyxlor"]),  # its attack: no longer name
    ("Ele usou Raio Quavren e depois ficou no lodge do hotel.", ["Raio Quavren"]),  # an everyday word: the word
])
def test_a_made_up_short_form_in_lower_case_is_the_card(tmp_path, text, want):
    index = small_index(tmp_path, ZYX_POOL)
    assert [s.text for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"] == want


VESPER_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8107\tVesper Mage\tMago Vésper\tMago Vésper\tMago Vespro\tMonster\t9
"""
VESPER_SERIES = """en\tes\tpt\tit
Vesper Mage\tMago Vésper\tMago Vésper\tMago Vespro
"""
VESPER_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8107\tVesper Mage\tMago Crepuscular\tes\tfan-translation\t\t
"""


@pytest.mark.parametrize("text, want", [
    ("Con los años, el arquetipo del Mago Vésper recibió apoyo.", "series-vesper-mage"),
    ("Con los años, el arquetipo del Mago Crepuscular recibió apoyo.", "series-vesper-mage"),  # a fan's name of its card
    ("Con los años, mi Mago Crepuscular recibió apoyo.", "vesper-mage"),  # no word for archetype: the card
])
def test_a_card_name_right_after_a_word_for_archetype_is_the_series(tmp_path, text, want):
    index = small_index(tmp_path, VESPER_POOL, VESPER_NICKS, series=VESPER_SERIES)
    assert [s.id for s in Translator(index, "es", "en").spans(text)] == [want]


SEER_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8108\tSeer with Eyes of Frost\tVidente de Ojos de Escarcha\tVidente com Olhos de Geada\tVeggente con gli Occhi di Brina\tMonster\t9
8109\tKorvane\tKorvane\tKorvane\tKorvane\tMonster\t9
8110\tOne by One\tUno por Uno\tUm por Um\tUno per Uno\tSpell\t9
"""


@pytest.mark.parametrize("text, src, want", [
    ("Il motore accetta Veggente con Occhi di Brina in campo.", "it", ["seer-with-eyes-of-frost"]),  # "gli" left out
    ("Il motore accetta Veggente con gli Occhi Brina in campo.", "it", ["seer-with-eyes-of-frost"]),  # "di" left out
    ("Le tiro el Korvane con Una Por Uno y gano.", "es", ["korvane", "one-by-one"]),  # a card played with another
])
def test_a_run_of_capitalised_words_may_go_on_across_con_com_with(tmp_path, text, src, want):
    index = small_index(tmp_path, SEER_POOL)
    assert [s.id for s in Translator(index, src, "en").spans(text) if s.kind == "card"] == want


@pytest.mark.parametrize("text, want", [
    ("Los dos (Korvane y Vidente de Escarcha de Ojos) ganaron.", ["korvane", "seer-with-eyes-of-frost"]),  # reordered
    ("Los dos (Korvane y Vidente con Ojos de Escarcha) ganaron.", ["korvane", "seer-with-eyes-of-frost"]),  # "con"
    ("Los dos (Vidente de Escarcha de Ojos y Korvane) ganaron.", ["seer-with-eyes-of-frost", "korvane"]),
    ("Los dos (Korvane y Helada Vidente) ganaron.", ["korvane"]),  # a short item (translate.CLEAR_ITEM_WORDS): left
    ("Los dos (Helada Vidente) ganaron.", ["frost-seer"]),  # (alone, it is read reordered)
])
def test_a_lists_item_clear_of_the_names_found_in_its_run_is_read_alone(tmp_path, text, want):
    # (a misspelt name beside a name found in the same capitalised run: "Soldado de Lustre Negro – Enviado del
    # Principio y Dragón Emperador del Caos-Envío del Fin", the first item's end a short form found by the scan)
    frost = "8113\tFrost Seer\tVidente Helada\tVidente Gelada\tVeggente Gelida\tMonster\t9\n"
    index = small_index(tmp_path, SEER_POOL + frost)
    assert [s.id for s in Translator(index, "es", "en").spans(text) if s.kind == "card"] == want


WYRM_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8111\tWhite Frost Wyrm\tSierpe Blanca de Escarcha\tSerpe Branca de Geada\tSerpe Bianca di Brina\tMonster\t30
8112\tUltimate Frost Wyrm\tSierpe Suprema de Escarcha\tSerpe Suprema de Geada\tSerpe Brina Finale\tMonster\t3
"""


@pytest.mark.parametrize("text, want", [
    ("Saqué la Sierpe Blanca de Escarcha Suprema en mi turno.", [("Sierpe Blanca de Escarcha Suprema", "8112")]),
    ("Saqué la Sierpe Blanca de Escarcha en mi turno.", [("Sierpe Blanca de Escarcha", "8111")]),
    ("Saqué la Sierpe Blanca de Escarcha Roja en mi turno.", [("Sierpe Blanca de Escarcha", "8111")]),  # no name's word
])
def test_a_name_found_that_goes_on_with_a_longer_names_word_is_the_longer_name(tmp_path, text, want):
    # the writer put the famous card's "Blanca" into the longer name: the longest mention wins
    index = small_index(tmp_path, WYRM_POOL)
    assert [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans(text) if s.kind == "card"] == want


ARCHER_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8113\tTirvel, Brightmoor Archer\tTirvel, Arquera Brightmoor\tTirvel, Arqueira Brightmoor\tTirvel, Arciere Brightmoor\tMonster\t3
8114\tThat Era of Avian Wings\tAquella Era de Alas Avian\tAquela Era de Asas Avian\tQuell'Era di Ali Avian\tSpell\t3
"""  # (8114 puts "era", "aquela" and "avian" in the index's word frequencies)


@pytest.mark.parametrize("text, epithet", [
    ("O avô disse que aquele, Tirvel, era arqueira e tal.", None),  # half fits, half a verb of the sentence
    ("Aí baixei Tirvel, aquela arqueira, no campo.", None),
    ("Aí baixei Tirvel, brightmoor arqueira, no campo.", "Tirvel, brightmoor arqueira"),  # every word fits
    ("Aí baixei Tirvel, avian arqueira, no campo.", "Tirvel, avian arqueira"),  # a rare word between: the writer's
])
def test_a_loosely_written_epithet_has_no_everyday_word_that_does_not_fit(tmp_path, text, epithet):
    index = small_index(tmp_path, ARCHER_POOL)
    got = [s.text for s in Translator(index, "pt", "en").spans(text) if s.kind == "card" and "," in s.text]
    assert got == ([epithet] if epithet else []), got


CIBER_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8103\tCiber Wyrm\tCiber Wyrm\tCiber Wyrm\tCiber Wyrm\tMonster\t9
"""
CIBER_SERIES = """en\tes\tpt\tit
Ciber Wyrm\tCiber Wyrm\tCiber Wyrm\tCiber Wyrm
"""


@pytest.mark.parametrize("text, src, want", [
    ("Nenhum deck venceu os Ciber Wyrms no torneio.", "pt", "series-ciber-wyrm"),  # the plural after a plural article
    ("Ho visto i Ciber Wyrm vincere il torneo.", "it", "series-ciber-wyrm"),  # Italian leaves the name as it is
    ("Attacco con il Ciber Wyrm e vinco.", "it", "ciber-wyrm"),  # one of them: the card
])
def test_a_longer_card_name_that_is_a_series_after_a_plural_article_is_the_series(tmp_path, text, src, want):
    index = small_index(tmp_path, CIBER_POOL, series=CIBER_SERIES)
    assert [s.id for s in Translator(index, src, "en").spans(text)] == [want]


VERB_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8102\tRecast\tRefundir\tRefundir\tRifondere\tSpell\t9
"""


@pytest.mark.parametrize("text, src, want", [
    ("El mazo gana por refundir el efecto del monstruo.", "es", []),  # a verb in the infinitive in lower case
    ("O deck vence sem refundir nada.", "pt", []),
    ("Il mazzo vince senza rifondere nulla.", "it", []),
    ("Activo Refundir en mi turno.", "es", [("Refundir", "recast")]),  # written as a name
    ('Uso la carta "refundir" en mi turno.', "es", [("refundir", "recast")]),  # in quotes
])
def test_a_one_word_card_name_in_the_infinitive_in_lower_case_is_the_verb(tmp_path, text, src, want):
    index = small_index(tmp_path, VERB_POOL)
    assert [(s.text, s.id) for s in Translator(index, src, "en").spans(text)] == want


RARITY_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8103\tZarbolt\tZarbolt\tZarbolt\tZarbolt\tSpell\t12
8104\tZarbolt Wave\tOla Zarbolt\tOnda Zarbolt\tOnda Zarbolt\tSpell\t4
"""


@pytest.mark.parametrize("text, want", [
    ("Abrí un solo Zarbolt FOIL en diez sobres.", ["Zarbolt"]),  # a rarity is no word of a longer name
    ("Vendo Zarbolt Ultra Rare y Zarbolt Secret Rare.", ["Zarbolt", "Zarbolt"]),
    ("Vendo Zarbolt Gemelo barato.", []),  # a capitalised word that is no rarity: a longer name, unknown
])
def test_a_printing_s_rarity_after_a_one_word_name_is_no_longer_name(tmp_path, text, want):
    index = small_index(tmp_path, RARITY_POOL)
    assert [s.text for s in Translator(index, "es", "en").spans(text)] == want


OWNER_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8110\tCrimson-Eyed Wyrm Supreme\tSierpe Suprema de Ojos Carmesí\tSerpe Suprema de Olhos Carmesim\tSerpe Suprema Occhi Cremisi\tMonster\t9
"""
OWNER_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8110\tCrimson-Eyed Wyrm Supreme\tSerpe Carmesim\tpt\tnickname\t\t
"""


@pytest.mark.parametrize("text, want", [
    ("Ele atacou com a Serpe Carmesim do Kaiba no fim.", ["Serpe Carmesim"]),  # the owner, a main character
    ("Ele atacou com a Serpe Carmesim de Yugi no fim.", ["Serpe Carmesim"]),
    ("Ele leu a Serpe Carmesim do Norte no fim.", []),  # another capitalised word: a longer name, unknown
])
def test_a_character_after_a_nickname_owns_the_card_and_is_no_longer_name(tmp_path, text, want):
    index = small_index(tmp_path, OWNER_POOL, nicknames=OWNER_NICKS)
    assert [s.text for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"] == want


SERIES_NICK_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8120\tElement Wyrm\tSierpe Elemental\tSerpe do Elemento\tSerpe Elementale\tMonster\t5
8121\tBlaze, Wyrm Lord of Kilns\tBlaze, Señor Sierpe de los Hornos\tBlaze, Serpe Soberana dos Fornos\tBlaze, Serpe Sovrana delle Fornaci\tMonster\t4
"""
SERIES_NICK_SERIES = """en\tes\tpt\tit
Wyrm Lord\tSeñor Sierpe\tSerpe Soberana\tSerpe Sovrana
"""
SERIES_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
series:Wyrm Lord\tWyrm Lord\tSierpes Elementales\tes\tnickname\t\t
"""


@pytest.mark.parametrize("text, want", [
    ("Hoy ganan las Sierpes Elementales en el torneo.", [("Sierpes Elementales", "series-wyrm-lord", "Wyrm Lord")]),
    # a part's number after it is no word of a longer name
    ("Las Sierpes Elementales II: el Extra Deck", [("Sierpes Elementales", "series-wyrm-lord", "Wyrm Lord")]),
    ("Invoco una Sierpe Elemental.", [("Sierpe Elemental", "element-wyrm", "Element Wyrm")]),  # the card's own name
])
def test_a_series_row_of_the_nickname_file_is_a_name_of_the_series(tmp_path, text, want):
    index = small_index(tmp_path, SERIES_NICK_POOL, nicknames=SERIES_NICKS, series=SERIES_NICK_SERIES)
    assert [(s.text, s.id, s.replacement) for s in Translator(index, "es", "en").spans(text)] == want
    assert index.lookup("Sierpes Elementales", None, 3).matches[0].entry.id == "series-wyrm-lord"


TWIN_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8130\tCrimson-Eyes Black Wyrm\tSierpe Negra de Ojos Carmesí\tSerpe Negra de Olhos Carmesim\tSerpe Nera Occhi Cremisi\tMonster\t9
"""
TWIN_SERIES = """en\tes\tpt\tit
Crimson-Eyes\tOjos Carmesí\tOlhos Carmesim\tOcchi Cremisi
"""
TWIN_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8130\tCrimson-Eyes Black Wyrm\tOjos Carmesí\tes\tnickname\t\t
"""


@pytest.mark.parametrize("text, want", [
    # a card's nickname that is its series' official name: the series, unless something says one card
    ("Fue el año del dominio de los Ojos Carmesí en Europa.", "series-crimson-eyes"),
    ("Es un metajuego como el de Ojos Carmesí, sin sorpresas.", "series-crimson-eyes"),
    ("Llevo tres Ojos Carmesí en el mazo.", "crimson-eyes-black-wyrm"),  # a count: copies of the card
    ("Luego invoco Ojos Carmesí y ataco.", "crimson-eyes-black-wyrm"),  # a verb that summons it
    ("Escaneé dos copias de Ojos Carmesí y una foto.", "crimson-eyes-black-wyrm"),  # copies of one card
    ("Rechazó dos cartas: el Mago y el tercer Ojos Carmesí.", "crimson-eyes-black-wyrm"),  # an ordinal counts copies too
])
def test_a_nickname_that_is_its_series_name_is_the_series_without_a_sign_of_one_card(tmp_path, text, want):
    index = small_index(tmp_path, TWIN_POOL, nicknames=TWIN_NICKS, series=TWIN_SERIES)
    assert [s.id for s in Translator(index, "es", "en").spans(text) if s.kind in ("card", "series")] == [want]


SKELETON_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8140\tWyrm Sanctum\tSantuario de Sierpes\tSantuário do Wyrmão\tSantuario della Serpe\tSpell\t5
8141\tPale Lantern\tFarol Pálido\tLanterna Pálida\tLanterna Pallida\tSpell\t5
8142\tGrave Wyrm of Su\tSierpe Sepulcral de Su\tWyrm Sepulcral de Su\tSerpe Sepolcrale di Su\tMonster\t5
"""


@pytest.mark.parametrize("run, want", [
    # the name's content words in its order, the linking words or the number changed
    ("Santuário de Wyrmões", "wyrm-sanctum"),
    ("Santuário dos Wyrmões", "wyrm-sanctum"),
    ("Wyrm Sanctums", "wyrm-sanctum"),  # the English name
    ("O Santuário de Wyrmões", None),  # an article before it is the sentence's
    ("Santuário de Pedras", None),  # another content word
    ("Santuário de Wyrmões Velhos", None),  # one more content word
    ("Wyrmões do Santuário", None),  # another order
    ("Lanterna Pálida", None),  # the name as it is: _closest's
    ("Santuário do Wyrmão", None),  # the name as it is, linking word and all: the scan judged it already
    ("Wyrms Sepulcrais", None),  # a name's last word that looks like a linking word ("Su") is its own: not written
])
def test_a_run_with_a_name_s_content_words_in_order_is_that_card(tmp_path, run, want):
    index = small_index(tmp_path, SKELETON_POOL)
    got = Translator(index, "pt", "en")._skeleton(run)
    assert (got[0].id if got else None) == want


POSSESSIVE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8150\tTombwarden's Scoutling\tExplorador del Guardatumbas\tBatedor do Guardatumbas\tEsploratore - Guardatombe\tMonster\t5
8151\tTombwarden's Lookout\tVigía del Guardatumbas\tVigia do Guardatumbas\tVedetta - Guardatombe\tMonster\t5
"""
POSSESSIVE_SERIES = """en\tes\tpt\tit
Tombwarden's\tGuardatumbas\tGuardatumbas\tGuardatombe
"""


def test_an_english_possessive_series_name_is_read_without_its_s_and_names_its_members(tmp_path):
    index = small_index(tmp_path, POSSESSIVE_POOL, series=POSSESSIVE_SERIES)
    got = [(s.text, s.id) for s in Translator(index, "pt", "en").spans("Decks como o Tombwarden (Control) usam o Scoutling.")]
    assert got == [("Tombwarden", "series-tombwarden-s"), ("Scoutling", "tombwarden-s-scoutling")]


COUNT_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8170\tIdol of 1000 Wings\tÍdolo de las 1000 Alas\tÍdolo das 1000 Asas\tIdolo dai 1000 Ali\tMonster\t6
8171\tClockwork Unit 7\tUnidad Mecánica 7\tUnidade Mecânica 7\tUnità Meccanica 7\tMonster\t6
"""


@pytest.mark.parametrize("query, want", [
    ("Idolo dai Mille Ali", "idol-of-1000-wings"),  # the count spelt out, as writers give it
    ("Idol of Thousand Wings", "idol-of-1000-wings"),
    ("Ídolo das Mil Asas", "idol-of-1000-wings"),
])
def test_a_name_s_count_of_things_may_be_spelt_out(tmp_path, query, want):
    index = small_index(tmp_path, COUNT_POOL)
    top = index.lookup(query, None, 3).matches[0]
    assert top.entry.id == want and top.score == 100.0  # an exact form, not a near miss


def test_a_model_number_is_no_count_and_is_not_spelt_out(tmp_path):
    index = small_index(tmp_path, COUNT_POOL)
    assert index.lookup("Unità Meccanica 7", None, 3).matches[0].score == 100.0
    got = index.lookup("Unità Meccanica Sette", None, 3).matches
    assert not got or got[0].score < 100.0  # no form of the card spells its number


GLUED_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8105\tGrim Regent Ha Vor\tRegente Sombrío Ha Vor\tRegente Sombrio Ha Vor\tReggente Cupo Ha Vor\tMonster\t6
8106\tDoll of the Mist\tMuñeca de la Bruma\tBoneca da Névoa\tBambola della Nebbia\tMonster\t6
8107\tSpirit of the Hush\tEspíritu del Silencio\tEspírito do Silêncio\tSpirito del Silenzio\tTrap\t6
8108\tZelgor\tZelgor\tZelgor\tZelgor\tMonster\t6
8109\tNumber 12: Brass Puppet\tNúmero 12: Marioneta de Latón\tNúmero 12: Marionete de Latão\tNumero 12: Burattino d'Ottone\tMonster\t6
8110\tDrizzle Lantern Owl\tBúho Farol de Llovizna\tCoruja Lanterna da Garoa\tGufo Lanterna della Pioggerella\tMonster\t6
8111\tFable Actor - Gray Hope\tActor de Fábula - Esperanza Gris\tAtor da Fábula - Esperança Cinza\tAttore della Favola - Speranza Grigia\tMonster\t6
"""


@pytest.mark.parametrize("text, src, want", [
    # a page that lost the comma or the link between two names
    ("Cartas como Regente Sombrío Ha VorMuñeca de la Bruma están aquí.", "es",
     [("Regente Sombrío Ha Vor", "grim-regent-ha-vor"), ("Muñeca de la Bruma", "doll-of-the-mist")]),
    ("Tem a pequena chance doEspírito do Silêncio voltar.", "pt", [("Espírito do Silêncio", "spirit-of-the-hush")]),
    ("Juego ZelgorEspíritu del Silencio siempre.", "es", [("Zelgor", "zelgor"), ("Espíritu del Silencio", "spirit-of-the-hush")]),
    # a name that goes on with a number ("Numero 12: …")
    ("Vince con Spirito del SilenzioNumero 12: Burattino d'Ottone e basta.", "it",
     [("Spirito del Silenzio", "spirit-of-the-hush"), ("Numero 12: Burattino d'Ottone", "number-12-brass-puppet")]),
    # an identifier: the name begun does not go on after the word
    ("La clase EfectoZelgor : sube el ataque.", "es", []),
    # a name of two words or more that ends where the next word begins (a heading run into its paragraph)
    ("O famoso Regente Sombrio Ha VorEle possui um efeito forte.", "pt", [("Regente Sombrio Ha Vor", "grim-regent-ha-vor")]),
    ("Muñeca de la BrumaEsta carta es buena.", "es", [("Muñeca de la Bruma", "doll-of-the-mist")]),
    ("La app de la BrumaEsta no es ninguna carta.", "es", []),  # ("de la Bruma" is no name)
    # a word run together inside a name written with the words around it: one name, read whole
    ("Ela invocou Fable ActorGray Hope no campo.", "pt", [("Fable ActorGray Hope", "fable-actor-gray-hope")]),
    ("Invoca Drizzle LanternOwl(nivel 4) ahora.", "es", [("Drizzle LanternOwl", "drizzle-lantern-owl")]),
    ("Juego ZelgorEspíritu del Silencio y Fable ActorGray Hope.", "es",
     [("Zelgor", "zelgor"), ("Espíritu del Silencio", "spirit-of-the-hush"), ("Fable ActorGray Hope", "fable-actor-gray-hope")]),
    # a deck list's count of copies run into the name after it: the count, then the name
    ("Mi lista:\n3xZelgor\n1xEspíritu del Silencio\n2xMuñeca de la Bruma", "es",
     [("Zelgor", "zelgor"), ("Espíritu del Silencio", "spirit-of-the-hush"), ("Muñeca de la Bruma", "doll-of-the-mist")]),
    ("Mi lista:\n2xZELGOR\n1xMuñeca de la Bruma", "es", [("ZELGOR", "zelgor"), ("Muñeca de la Bruma", "doll-of-the-mist")]),
    ("El valor 0xZelgor no cambia.", "es", []),  # (no count of copies: a number of code)
    ("Meu side tem DrizzleLanternOwl e nada mais.", "pt", []),  # (such a word alone is a name of code)
    ("La clase Drizzle LanternHelper no es ninguna carta.", "es", []),  # (no name so cut)
])
def test_two_words_run_together_are_read_apart(tmp_path, text, src, want):
    index = small_index(tmp_path, GLUED_POOL)
    got = Translator(index, src, "en").spans(text)
    assert [(s.text, s.id) for s in got if s.kind == "card"] == want
    assert all(text[s.start:s.end] == s.text for s in got)  # (the places are the text's as it is)


KINDS_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
5101\tPendulum Xyz\tPéndulo Xyz\tXyz Pêndulo\tPendulum Xyz\tSpell\t1
5102\tVexmora Lantern\tLinterna Vexmora\tLanterna Vexmora\tLanterna Vexmora\tSpell\t5
"""


@pytest.mark.parametrize("text, lang, want", [
    ("Ci saranno anche mostri Numero, Xyz e Pendulum, trattati come carte normali.", "it", []),
    ("Un mostro Fusione e un Xyz e Pendulum, poi Lanterna Vexmora.", "it", [("Lanterna Vexmora", "5102")]),
    ("Ele usou Pendulum Xyz no turno.", "pt", [("Pendulum Xyz", "5101")]),  # (the name as it is: its card)
])
def test_a_run_of_the_games_kinds_of_monster_is_no_card_reordered_or_translated(tmp_path, text, lang, want):
    index = small_index(tmp_path, KINDS_POOL)
    assert [(s.text, s.passcodes[0]) for s in Translator(index, lang, "en").spans(text) if s.kind == "card"] == want


# ── typos and word pairs ─────────────────────────────────────────────────────

@pytest.mark.parametrize("text, want", [
    ("Activa Reccarga ahora.", [("Reccarga", "reload")]),  # a letter too many in a one-word name
    ("usa la Red Mirorr ya", [("Red Mirorr", "red-mirror")]),  # two letters swapped in the second word
    ("la mago Oscurro", [("mago Oscurro", "dark-magician")]),
])
def test_a_misspelt_name_is_found_with_its_similarity(index, text, want):
    spans = Translator(index, "es", "en").spans(text)
    assert [(s.text, s.id) for s in spans] == want and all(s.similarity < 100 for s in spans)


def test_a_word_that_only_begins_names_is_weighed_with_the_word_after_it_each_time(index):
    # "Fuerza bruta" begins no name; the same "la Fuerza" before "Espejo" does
    assert found(index, "la Fuerza bruta gana; la Fuerza Espejo también") == [("Fuerza Espejo", "mirror-force")]


# ── quotes, emphasis and card words around a name ────────────────────────────

@pytest.mark.parametrize("text, want", [
    ("usa *recarga* ahora", [("recarga", "reload")]),  # emphasis is like quotes
    ("usa «recarga» ahora", [("recarga", "reload")]),
    ("usa recarga ahora", []),
    ("usa *recarga ahora", []),
    ("usa «recarga ahora", []),
])
def test_a_lower_case_one_word_name_counts_in_quotes_or_emphasis(index, text, want):
    assert found(index, text) == want


_EDGES = ["Supercarta" + " " * 19 + "Recarga ya", "Supercarta" + " " * 14 + "y la Recarga ya", "Una Recarga" + " " * 9 + "supercarta",
          "Una Recarga" + " " * 12 + "cartas", "Una Recarga" + " " * 15 + "cartas", "Una Recarga y la" + " " * 5 + "supercarta",
          "Carta" + " " * 20 + "Recarga", "trampa" + " " * 18 + "Recarga", "la mo\u0301nstruo Recarga", "Recarga ma\u0301gica carta",
          "Yo Supercarta" + " " * 19 + "Recarga ya", "Una Recarga" + " " * 11 + "cartasxyz", "Una Recarga y" + " " * 9 + "cartasxyz",
          "la ma\u0301scara y Recarga"]


@pytest.mark.parametrize("text", _EDGES)
def test_card_words_at_the_edges_of_the_stretch_read_as_mentions_reads_them(index, text):
    t = Translator(index, "es", "en")
    t.spans(text)
    for i, start in enumerate(t._starts):
        for size in (1, 2):
            if i + size <= len(t._starts):
                end = t._ends[i + size - 1]
                assert t._card_context(i, size, start, end) == mentions.card_context(text, start, end), (text[start:end], size)


# ── the card meant, and the others the text may name ─────────────────────────

def test_a_name_written_again_keeps_its_alternatives(index):
    spans = Translator(index, "es", "en").spans("Guardia Real y Guardia Real.")
    assert [(s.id, s.alternatives) for s in spans] == [("royal-keeper", ["royal-guard"])] * 2
    spans[0].alternatives.append("x")  # each span has a list of its own
    assert spans[1].alternatives == ["royal-guard"]


def test_a_term_written_with_a_capital_has_no_alternatives(index):
    assert [(s.replacement, s.alternatives) for s in Translator(index, "es", "en").spans("Cadena 1: Honesto.")] == [
        ("Chain", []), ("Honest", [])]


# ── names near other names: weak candidates and lower-case terms ─────────────

def _gap(first: str, gap: int, second: str) -> str:
    """``first``, a filler word, and ``second`` starting ``gap`` characters after the start of ``first``."""
    return f"{first} {'x' * (gap - len(first) - 2)} {second}"


@pytest.mark.parametrize("gap, near", [(300, True), (301, False)])
def test_a_weak_nickname_after_a_strong_card_name_counts_within_300_characters(index, gap, near):
    text = _gap("Fuerza de Espejo Oscura", gap, "espejito")
    assert text.index("espejito") == gap
    assert [s.id for s in Translator(index, "es", "en").spans(text)] == ["dark-mirror-force"] + ["mirror-force"] * near


@pytest.mark.parametrize("gap, near", [(300, True), (301, False)])
def test_a_weak_nickname_before_a_strong_card_name_counts_within_300_characters(index, gap, near):
    text = _gap("espejito", gap + len("espejito"), "Fuerza de Espejo Oscura")  # gap: from the nickname's end
    assert [s.id for s in Translator(index, "es", "en").spans("y el " + text)] == ["mirror-force"] * near + ["dark-mirror-force"]


def test_a_weak_nickname_gets_the_bonus_and_says_why(index):
    t = Translator(index, "es", "en")
    [card, nick] = t.spans("Fuerza de Espejo Oscura y el espejito", report=True)
    assert (nick.text, nick.id, nick.why[-1]) == ("espejito", "mirror-force", f"+{mentions.NEARBY_BONUS:.1f} other card names nearby")
    alone = Translator(index, "es", "en")
    assert alone.spans("y el espejito", report=True) == []
    [weak] = alone.rejected
    assert nick.score == pytest.approx(weak.score + mentions.NEARBY_BONUS)


@pytest.mark.parametrize("text, want", [
    ("Activa Uno por uno y el espejito", ["one-for-one"]),  # a card accepted only just is no proof of a text about cards
    ("Con Damage Step y el espejito", ["damage-step"]),  # nor is a rules term
    ("Recarga la página. Fuerza de Espejo", ["mirror-force"]),  # a weak official name is an ordinary word
    ("Fuerza de Espejo Oscura y el espejito", ["dark-mirror-force", "mirror-force"]),
])
def test_only_a_confidently_found_card_makes_a_weak_nickname_a_name(index, text, want):
    assert [s.id for s in Translator(index, "es", "en").spans(text)] == want


@pytest.mark.parametrize("before, gap, kept", [(True, 300, True), (True, 301, False), (False, 300, True), (False, 301, False)])
def test_a_lower_case_term_needs_a_name_within_300_characters(index, before, gap, kept):
    if before:  # the card starts ``gap`` characters before the term
        text = _gap("Fuerza de Espejo", gap, "cadena")
    else:  # the card starts ``gap`` characters after the term's end
        text = _gap("cadena", gap + len("cadena"), "Fuerza de Espejo")
    ids = [s.id for s in Translator(index, "es", "en").spans(text)]
    assert sorted(ids) == sorted(["mirror-force"] + ["chain"] * kept)


@pytest.mark.parametrize("text, want", [
    ("La Cadena se resuelve.", ["chain"]),  # capitalised: no context needed
    ('La "cadena" se resuelve.', ["chain"]),  # quoted: no context needed
    ("La cadena se resuelve.", []),
    ("La cadena y la cadena.", []),  # a weak term is no context for another
])
def test_a_term_written_in_lower_case_alone_is_an_ordinary_word(index, text, want):
    assert [s.id for s in Translator(index, "es", "en").spans(text)] == want


# ── series in a list ─────────────────────────────────────────────────────────

@pytest.mark.parametrize("joint, listed", [(" e ", True), (", ", True), ("  ed  ", True), ("   ed  ", False), (" " * 6, True),
                                           (" " * 7, False), (" o ", True), (" con ", False)])
def test_a_one_word_series_right_after_another_series_and_a_joint_is_a_series(index, joint, listed):
    text = f"Gioco Barriera di Ghiaccio{joint}Fiaba."
    assert found(index, text, "it") == [("Barriera di Ghiaccio", "series-ice-barrier")] + [("Fiaba", "series-fairy-tale")] * listed


# ── the judgement of a window ────────────────────────────────────────────────

def test_an_english_name_in_english_text_is_an_official_name(index):
    spans = Translator(index, "en", "es").spans("Then Mirror Force and Reload resolve.", report=True)
    assert [(s.id, s.variant, s.replacement) for s in spans] == [("mirror-force", "official", "Fuerza de Espejo"),
                                                                 ("reload", "official", "Recarga")]
    for s in spans:
        assert not any("english" in n for n in s.why)
        assert sum(float(n.split(" ")[0]) for n in s.why) == pytest.approx(s.score, abs=0.06)


@pytest.mark.parametrize("text, want", [
    ("Activa Honseto ya.", [("Honseto", "honest", 85.7)]),  # two letters swapped
    ("Activa Honestoo ya.", [("Honestoo", "honest", 93.3)]),  # its last letter doubled: a typo (names/typos.py)
    ("Activa Honestos ya.", []),  # an "s" added at the end: another word, not a typo
    ("Fuerza de Espejo Oscrua", [("Fuerza de Espejo Oscrua", "dark-mirror-force", 95.7)]),
    ("Fuerza de Espejo Oscuraa", [("Fuerza de Espejo Oscuraa", "dark-mirror-force", 97.9)]),
    ("Fuerza de Espejo Oscxry", [("Fuerza de Espejo", "mirror-force", 100.0)]),  # two letters wrong: the shorter name
    ("mi Espejo Negrro hoy", [("Espejo Negrro", "dark-mirror-force", 96.0)]),  # a short capitalised run with one word
    # misspelt is read with that word put right (typos.respelt_sharing): the nickname "Espejo Negro"
])
def test_a_typo_is_read_with_the_similarity_of_the_words(index, text, want):
    spans = Translator(index, "es", "en").spans(text)
    assert [(s.text, s.id, s.as_dict()["similarity"]) for s in spans] == want


@pytest.mark.parametrize("text, want", [
    ("Activa Recarga Rápida ya.", []),  # an imported one-word name before a capitalised word: a longer name's start
    ('Activa "Recarga" Rápida ya.', [("Recarga", "reload")]),
    ("Activa Honesto Rápido ya.", [("Honesto", "honest")]),  # a name of the KB stands
    ("activo mi Espejo Negro Grande", []),  # a nickname before a capitalised word
    ("activo mi Espejo Negro grande", [("Espejo Negro", "dark-mirror-force")]),  # (ordinary words: with a card context)
])
def test_the_first_words_of_a_longer_name_are_not_a_name(index, text, want):
    assert found(index, text) == want


@pytest.mark.parametrize("text", ["usa Recarga_x", "usa x_Recarga ya", "usa _Recarga ya", "usa Recarga_ ya"])
def test_a_name_inside_an_identifier_is_not_a_name(index, text):
    assert found(index, text) == []


@pytest.mark.parametrize("text, want", [
    ("usa _Recarga_ ya", [("Recarga", "reload")]),  # Markdown's emphasis
    ("usa __Recarga__, ya", [("Recarga", "reload")]),
    ("(_Fuerza de Espejo_)", [("Fuerza de Espejo", "mirror-force")]),
    ("usa x_Recarga_ ya", []),  # an identifier's other word beyond the underscores
    ("usa self._Recarga_ ya", []),
    ("usa _Recarga_x ya", []),
    ("usa __Recarga_ ya", []),  # not as many on each side
    ("usa ___Recarga___ ya", []),  # more than Markdown's two
])
def test_a_name_between_underscores_is_emphasised_not_an_identifier(index, text, want):
    assert found(index, text) == want


def test_an_english_term_is_not_read_in_another_language(index):
    assert found(index, "Con Fuerza de Espejo en la Chain y el Set.") == [("Fuerza de Espejo", "mirror-force")]


# ── a pool of our own: names that begin with an article, one text for two cards ──

@pytest.fixture(scope="module")
def own_pool(tmp_path_factory):
    folder = tmp_path_factory.mktemp("own")
    pool = folder / "pool.tsv"
    pool.write_text("id\ten\tes\tpt\tit\tprintings\n"
                    "10000002\tTeleport\tTeletransporte\tTeletransporte\tTeletrasporto\t1\n"
                    "10000003\tTeletransporte\tGrieta\tFenda\tSquarcio\t40\n"
                    "10000004\tThe Force\tLa Fuerza\tA Força\tLa Forza\t3\n"
                    "10000005\tBrionac, Dragon of the Ice Barrier\tBrionac, Dragón de la Barrera de Hielo\t"
                    "Brionac, Dragão da Barreira do Gelo\tBrionac, Drago della Barriera di Ghiaccio\t30\n"
                    "10000006\tSword\tEspada\tEspada\tSpada\t3\n"
                    "10000007\tTeleport Rift\tTeletransporte\tFenda\tSquarcio\t5\n"
                    "10000008\tSword\tEspada\tGládio\tGladio\t1\n"
                    "10000009\tThe Winged Dragon of Ra\tEl Dragón Alado de Ra\tO Dragão Alado de Rá\tIl Drago Alato di Ra\t5\n"
                    "10000010\tWhite Dragon\tDragón Blanco\tDragão Branco\tDrago Bianco\t3\n"
                    "10000011\tStrength\tFuerza\tForça\tForza\t3\n",
                    encoding="utf-8")
    path = folder / "names.tsv.gz"
    nametable.write_table(nametable.import_tsv(pool)[0], path)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", str(NICKNAMES))
        return names.load_index(KB, path, use_cache=False)


def test_of_two_cards_a_text_fits_almost_as_well_the_more_printed_one_is_meant(own_pool):
    # "Teletransporte": the Spanish name of a card printed once, and the English name of one printed 40 times
    # (and of the two printed in Spanish, the Spanish card printed 5 times before the one printed once)
    [span] = Translator(own_pool, "es", "en").spans("Activa Teletransporte.")
    assert (span.id, span.variant, span.alternatives) == ("teletransporte", "official", ["teleport-rift", "teleport"])


@pytest.mark.parametrize("text, want", [
    ("usa la Fuerza de Espejo", [("Fuerza de Espejo", "mirror-force")]),  # "la" is just an article: the longer name after it
    ("usa La Fuerza de Espejo", [("La Fuerza", "the-force")]),  # a capital: the name with its article
    ("usa la Fuerza hoy", [("la Fuerza", "the-force")]),  # "Fuerza" (another card) alone scores no higher
    ("usa Fuerza hoy", [("Fuerza", "strength")]),
])
def test_a_lower_case_article_that_begins_a_name_may_be_just_an_article(own_pool, text, want):
    assert found(own_pool, text) == want


# ── the walk over the words ──────────────────────────────────────────────────

@pytest.mark.parametrize("text, want", [
    ("Ataca con Guardián Reall.", [("Guardián Reall", "royal-keeper")]),  # a letter too many in a short last word
    ("Ataca con Mago Oscro.", [("Mago Oscro", "dark-magician")]),  # a letter missing
    ("Ataca con Mago Oscuuro.", [("Mago Oscuuro", "dark-magician")]),  # a letter added
    ("Ataca con Mago Oxcuro.", [("Mago Oxcuro", "dark-magician")]),  # a letter wrong
    ("Ataca con Mago Ocsuro.", [("Mago Ocsuro", "dark-magician")]),  # two letters swapped
    ("Ataca con Mago Oxcuxo.", []),  # two letters wrong
    ("Activa Honesot ya.", [("Honesot", "honest")]),
    ("Activa Honeto ya.", [("Honeto", "honest")]),  # the scan tries a first word from seven letters on; names/typos.py
    # reads a capitalised word of six letters or more one letter away from a one-word name
    ("Activa Lilibot ya.", [("Lilibot", "lillybot")]),
    ("la mago oscurro", [("mago oscurro", "dark-magician")]),  # a misspelt word of a name in lower case whose first word
    # begins the name (typos._in_name)
])
def test_a_word_one_typo_away_from_a_names_word_goes_on_with_the_name(index, text, want):
    assert found(index, text) == want


@pytest.mark.parametrize("text", ["Invoca Obelisco, o Atormentador.", "Invoca Obelisco o Atormentador."])
def test_a_comma_of_a_name_may_be_left_out(index, text):
    assert found(index, text, "pt") == [(text[7:-1], "obelisk-the-tormentor")]


@pytest.mark.parametrize("text, want", [
    ("Tengo 3 Recargas.", [("Recargas", "reload")]),  # a number is a plural article
    ("Tengo x2 Recargas.", [("Recargas", "reload")]),
    ("Usa Fuerza de #Espejo hoy", []),  # a name never runs into a hashtag
    ("usa #Recarga ya", []),
    ("usa @Recarga ya", []),
    ("Activa https://example.com Recarga ahora", [("Recarga", "reload")]),  # the words around an address are read
    ("Activa Recarga https://example.com ahora", [("Recarga", "reload")]),
    ("Fuerza de Espejo 12345", [("Fuerza de Espejo", "mirror-force")]),
])
def test_the_words_a_name_may_be_read_from(index, text, want):
    assert found(index, text) == want


@pytest.mark.parametrize("text, want", [
    ("Activa Brionac ya.", [("Brionac", "brionac-dragon-of-the-ice-barrier", "short-form")]),
    ("activa brionac ya.", []),  # an automatic short form is a name only when written as one …
    ('activa "brionac" ya.', [("brionac", "brionac-dragon-of-the-ice-barrier", "short-form")]),  # … or, a made-up word
    # (translate.LOWER_SHORT_ZIPF), quoted
])
def test_a_short_form_of_a_long_name_only_with_its_capital(own_pool, text, want):
    assert [(s.text, s.id, s.variant) for s in Translator(own_pool, "es", "en").spans(text)] == want


@pytest.mark.parametrize("text", ["Usa Recarga y Recarga.", "Usa Recarga y luego Recarga.", "Usa Recarga, Recarga."])
def test_a_name_written_again_after_the_same_separator_is_judged_alike(index, text):
    spans = Translator(index, "es", "en").spans(text)
    assert [s.id for s in spans] == ["reload", "reload"] and spans[0].score == spans[1].score


@pytest.mark.parametrize("text, want", [
    ("Fuerza de Espejo, Honesto.", [("Fuerza de Espejo", "mirror-force"), ("Honesto", "honest")]),  # right after a name
    ("los magos oscuros", [("magos oscuros", "dark-magician")]),  # in lower case, after a plural article
    ("las fuerzas de espejo", [("fuerzas de espejo", "mirror-force")]),
    ("dos fuerzas de espejo oscuras", [("fuerzas de espejo oscuras", "dark-mirror-force")]),
    ("magos oscuros", []),
    ("y magos oscuros", []),
    ("Activa Fuerza", []),  # the text ends inside the first words of a name
    ("Activa la fuerza", []),
])
def test_names_side_by_side_in_the_plural_and_at_the_end(index, text, want):
    assert found(index, text) == want


def test_after_a_name_that_lost_its_article_the_next_name_is_read(own_pool):
    assert found(own_pool, "Ahora usa la Fuerza de Espejo, Honesto.") == [("Fuerza de Espejo", "mirror-force"), ("Honesto", "honest")]


def test_a_confident_series_name_also_makes_a_weak_nickname_a_name(index):
    assert found(index, "Juego Barrera de Hielo y el espejito") == [("Barrera de Hielo", "series-ice-barrier"),
                                                                    ("espejito", "mirror-force")]


def test_a_weak_nickname_is_taken_when_the_bonus_brings_it_exactly_to_the_threshold(index):
    alone = Translator(index, "es", "en")
    alone.spans("y el espejito", report=True)
    threshold = alone.rejected[0].score + mentions.NEARBY_BONUS
    text = "Usa Fuerza de Espejo Oscura y el espejito"
    assert [s.id for s in Translator(index, "es", "en", threshold=threshold).spans(text)] == ["dark-mirror-force", "mirror-force"]
    assert [s.id for s in Translator(index, "es", "en", threshold=threshold + 0.01).spans(text)] == ["dark-mirror-force"]


@pytest.mark.parametrize("text, want", [
    ("Usa Fuerza de Espjo Oscrua", [("Fuerza de Espjo Oscrua", "dark-mirror-force")]),  # two typos
    ("Usa Fuerza del Espjo Oscrua", [("Fuerza del Espjo", "mirror-force")]),  # another linking word counts as one: no third
    # three letters of a longer word are not a word missing its last letter; they are the word cut short (``_shortened``)
    ("Ataca con Mago Osc.", [("Mago Osc", "dark-magician")]),
])
def test_a_name_takes_at_most_two_typos(index, text, want):
    assert found(index, text) == want


def test_a_capital_after_a_full_stop_is_no_evidence_each_time(index):
    t = Translator(index, "es", "en")
    assert t.spans("Fin. Recarga la página. Recarga la mesa.") == []
    assert t.spans("Fin. Recarga la página. Recarga la mesa.", report=True) == [] and len(t.rejected) == 2


@pytest.mark.parametrize("text, src, want", [
    ("Ho un paio di Spade.", "it", [("Spade", "sword")]),  # a count before "di"
    ("Ho un mazzo di Spade.", "it", []),
    ("Tengo un montón de Espadas.", "es", [("Espadas", "sword")]),
    ("Unas Espadas bastan.", "es", [("Espadas", "sword")]),  # a plural article as the text's first word
    ('"Espadas" de los', "es", []),  # no word before: the last word of the text is not a plural article
])
def test_a_one_word_card_in_the_plural_after_an_article_or_a_count(own_pool, text, src, want):
    assert found(own_pool, text, src) == want


@pytest.mark.parametrize("text, want", [
    ("Tengo dos Red mirrors", [("Red mirrors", "red-mirror")]),  # a short first word, a plural after it
    ("Ataca con Magos Oscuros.", [("Magos Oscuros", "dark-magician")]),  # a card of two words in the plural
    ("Con Fuerza de Espejo y las Cadenas.", [("Fuerza de Espejo", "mirror-force")]),  # a term is never read in the plural
])
def test_which_names_are_read_in_the_plural(index, text, want):
    assert found(index, text) == want


def test_a_window_scoring_exactly_the_threshold_is_taken(index):
    text = "Activa Fuerza de Espejo."
    [span] = Translator(index, "es", "en").spans(text)
    assert [s.id for s in Translator(index, "es", "en", threshold=span.score).spans(text)] == ["mirror-force"]
    t = Translator(index, "es", "en", threshold=span.score + 0.01)
    assert t.spans(text, report=True) == [] and [(c.text, c.score) for c in t.rejected] == [("Fuerza de Espejo", span.score)]


def test_another_card_the_text_names_is_no_alternative_when_it_has_the_same_name_in_the_target(own_pool):
    [span] = Translator(own_pool, "es", "en").spans("Activa Espada.")
    assert (span.replacement, span.alternatives) == ("Sword", [])
    [span] = Translator(own_pool, "es", "pt").spans("Activa Espada.")
    assert len(span.alternatives) == 1 and span.replacement in ("Espada", "Gládio")


@pytest.mark.parametrize("text", ['"recarga" es buena', "«recarga» es buena", "*recarga* es buena"])
def test_quotes_at_the_very_start_of_the_text_count(index, text):
    assert found(index, text) == [("recarga", "reload")]


def test_a_card_name_counts_as_strong_from_the_threshold_plus_one(index):
    text = "Usa Fuerza de Espejo Oscura y mi Espejo Negro"
    strong = Translator(index, "es", "en").spans(text)[0].score
    # at threshold strong − 1 the nickname (below the threshold) is made a name by the card name; a hair above, not
    assert [s.text for s in Translator(index, "es", "en", threshold=strong - 1.0).spans(text)] == ["Fuerza de Espejo Oscura",
                                                                                                   "Espejo Negro"]
    assert [s.text for s in Translator(index, "es", "en", threshold=strong - 0.99).spans(text)] == ["Fuerza de Espejo Oscura"]


@pytest.mark.parametrize("text", ["Con Fuerza de Espejo en el paso de daño.",  # a weak term
                                  "Usa Fuerza de Espejo y dragón alado de ra."])  # a weak name without its article
def test_a_weak_name_of_its_own_is_not_made_a_name_by_a_card_nearby(own_pool, text):
    t = Translator(own_pool, "es", "en", threshold=5.0)
    assert [s.text for s in t.spans(text, report=True)] == ["Fuerza de Espejo"] and len(t.rejected) == 1


@pytest.mark.parametrize("text", ["Recarga la página. Fuerza de Espejo Oscura y el espejito",  # after a weak official name
                                  "el espejito " + "x" * 400 + " Fuerza de Espejo Oscura y el espejito"])  # after a far one
def test_each_weak_nickname_is_weighed_on_its_own(index, text):
    assert found(index, text)[-2:] == [("Fuerza de Espejo Oscura", "dark-mirror-force"), ("espejito", "mirror-force")]


def test_annotate_a_name_at_the_very_end_of_the_text(index):
    assert translate(index, "Usa Honesto", "es", "en", annotate=True)[0] == "Usa Honesto (Honest)"


@pytest.mark.parametrize("text, src, want", [
    ("Ho due Draghi Bianchi.", "it", "Draghi Bianchi"),  # -ghi, -chi
    ("Ho due Drago Bianchi.", "it", "Drago Bianchi"),
    ("Tengo dos Dragones Blancos.", "es", "Dragones Blancos"),  # -es, -s
    ("Tenho dois Dragões Brancos.", "pt", "Dragões Brancos"),  # -ões
])
def test_a_name_of_two_words_in_the_plural_in_each_language(own_pool, text, src, want):
    assert found(own_pool, text, src) == [(want, "white-dragon")]


@pytest.mark.parametrize("text, want", [
    ("tenía la fuerza de espjo oscura boca abajo", "fuerza de espjo oscura"),  # in lower case, after two words read
    ("tenía la fuerza de espejo oscrua boca abajo", "fuerza de espejo oscrua"),
    ("Ataca con Mago Oscur.", "Mago Oscur"),
])
def test_a_typo_later_in_a_name_written_in_lower_case(index, text, want):
    assert [s.text for s in Translator(index, "es", "en").spans(text)] == [want]


def test_english_series_names_are_read_in_another_language(index):
    assert found(index, "Juego un mazo Ice Barrier.") == [("Ice Barrier", "series-ice-barrier")]


def test_a_typo_in_the_first_letter_is_not_looked_for(index):
    assert found(index, "Activa Qecarga ya.") == [] and found(index, "Activa Reccarga ya.") == [("Reccarga", "reload")]


@pytest.mark.parametrize("before", [True, False])
def test_the_garbage_collector_is_as_it_was_after_a_pass(index, before):
    import gc

    t = Translator(index, "es", "en")
    was = gc.isenabled()
    try:
        (gc.enable if before else gc.disable)()
        t.spans("Activa Fuerza de Espejo.")
        assert gc.isenabled() is before
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("text, want", [
    ('la carta "mf" y «Mf»', []),  # a name of two letters only as written, in capitals, even in quotes
    ('la carta "MF"', [("MF", "mirror-force")]),
    ('la carta "atk"', [("atk", "atk")]),  # a longer name in capitals: in quotes, any case
    ("su atk", []),
    ("Tengo dos MFes.", []),  # a name in capitals, in the plural: only in capitals
    ("Tengo dos MFES.", [("MFES", "mirror-force")]),
])
def test_short_names_and_names_in_capitals(index, text, want):
    assert found(index, text) == want


@pytest.fixture(scope="module")
def card_and_series(tmp_path_factory):
    """A card and a series of the same name (Espada; Sword and Blade in English), and a one-word series (Monarca)."""
    folder = tmp_path_factory.mktemp("series")
    pool, series = folder / "pool.tsv", folder / "series.tsv"
    pool.write_text("id\ten\tes\tpt\tit\tprintings\n10000006\tSword\tEspada\tEspada\tSpada\t3\n", encoding="utf-8")
    series.write_text("en\tes\tpt\tit\nBlade\tEspada\tEspada\tSpada\nMonarch\tMonarca\tMonarca\tMonarca\n"
                      "Elemental HERO\tHÉROE Elemental\tHERÓI do Elemento\tEroe Elementale\n", encoding="utf-8")
    path = folder / "names.tsv.gz"
    nametable.write_table(nametable.import_tsv(pool, series=series)[0], path)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", str(NICKNAMES))
        return names.load_index(KB, path, use_cache=False)


@pytest.mark.parametrize("text, want", [
    ("Tengo unas Espadas.", [("Espadas", "sword")]),  # copies of the card, not its series
    ("Activa Espada.", [("Espada", "sword")]),
    ("Juego un mazo Espada.", [("Espada", "series-blade")]),  # a deck of it: the series
    ("Juego Espadas.", []),
    ("Juego Monarca y Espada.", [("Monarca", "series-monarch"), ("Espada", "sword")]),
    ("Juego Monarcas y Espadas.", [("Monarcas", "series-monarch"), ("Espadas", "series-blade")]),  # a list of groups
    ("Juego con los Monarcas.", [("Monarcas", "series-monarch")]),
    ("Juego Monarcas.", []),  # an everyday word (unlike "Fiabe") in the plural is not a series by its capital alone
])
def test_a_name_of_both_a_card_and_a_series(card_and_series, text, want):
    assert found(card_and_series, text) == want


@pytest.mark.parametrize("text, want", [
    ("Invoca al Dragónn Alado de Ra.", ("Dragónn Alado de Ra", "no-article")),  # a typo in a name without its article
    ("Invoca al Dragón Alaod de Ra.", ("Dragón Alaod de Ra", "no-article")),
    ("Invoca el Dragón Alaod de Ra.", ("el Dragón Alaod de Ra", "official")),
])
def test_a_name_that_lost_its_article_is_found_with_a_typo_too(own_pool, text, want):
    assert [(s.text, s.variant) for s in Translator(own_pool, "es", "en").spans(text)] == [want]


@pytest.mark.parametrize("text", ["Ho due Eroi Elementali.", "Gioco gli Eroi Elementali."])
def test_an_italian_plural_of_four_letters_is_read(card_and_series, text):
    """Eroe → Eroi: the -i/-e plurals of four-letter Italian words count too (they were skipped below five letters)."""
    assert found(card_and_series, text, src="it") == [("Eroi Elementali", "series-elemental-hero")]


def test_a_series_of_the_same_name_is_never_an_alternative_to_a_card(card_and_series):
    [span] = Translator(card_and_series, "es", "en").spans("Activa Espada.")
    assert (span.id, span.alternatives) == ("sword", [])


def test_names_never_overlap_after_a_name_that_lost_its_article(own_pool):
    assert found(own_pool, "Ahora bien, usa la Fuerza de Espejo Negro.") == [("Fuerza de Espejo", "mirror-force")]


def test_a_word_pair_is_weighed_again_after_another_separator(index):
    # "Fuerza" then ". Espejo" begins no name; the same words with a space between do
    # (after "una": "la Fuerza", written as a name in a text that names the card, is the card: discourse._determined)
    assert found(index, "Usa una Fuerza. Espejo y la Fuerza Espejo") == [("Fuerza Espejo", "mirror-force")]


# ── the players' English word for a rule, written untranslated in any language ("floodgate", "SEGOC")

SLUICE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8001\tSluicegate Trap Hole\tAgujero Trampa Compuerta\tBuraco Armadilha Comporta\tBuco Trappola Paratoia\tTrap\t6
8002\tDeep Trap Hole\tAgujero Trampa Profundo\tBuraco Armadilha Profundo\tBuco Trappola Profondo\tTrap\t5
8003\tBottomless Trap Hole\tAgujero Trampa sin Fondo\tBuraco Armadilha sem Fundo\tBuco Trappola Senza Fondo\tTrap\t9
"""
SLUICE_TERM = """id: sluicegate
category: general
names: {es: null, pt: null, it: null, en: null}
absent: {es: no-official-term, pt: no-official-term, it: no-official-term, en: no-official-term}
variants:
  - {text: "sluicegate", lang: en, status: community, sources: [test-article]}
definition:
  text: {es: Una definición de prueba., pt: Uma definição de teste., it: Una definizione di prova., en: A test definition.}
  sources: [test-article]
"""


@pytest.fixture(scope="module")
def sluice(tmp_path_factory):
    """An index whose KB has a community term, "sluicegate", that a card's automatic short form ("Sluicegate", of
    Sluicegate Trap Hole) also is; and the same index without the term."""
    import shutil
    tmp = tmp_path_factory.mktemp("sluice")
    (tmp / "pool.tsv").write_text(SLUICE_POOL, encoding="utf-8")
    table = tmp / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(tmp / "pool.tsv")[0], table)
    kb = tmp / "kb"
    shutil.copytree(KB, kb)
    (kb / "terms" / "sluicegate.yaml").write_text(SLUICE_TERM, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", str(NICKNAMES))
        mp.setenv("YGORULES_CACHE", str(tmp / "cache"))
        return (names.load_index(kb, table, use_cache=False, warn=lambda m: None),
                names.load_index(KB, table, use_cache=False, warn=lambda m: None))


@pytest.mark.parametrize("text, lang", [
    ("Contra Deep Trap Hole, el Sluicegate más fuerte de todos.", "es"),
    ("Oltre a Deep Trap Hole, gioco uno sluicegate molto forte.", "it"),
    ("Depois de Deep Trap Hole, o Sluicegate trava o jogo.", "pt"),
])
def test_a_community_english_term_is_read_in_any_language_before_a_cards_short_form(sluice, text, lang):
    with_term, without = sluice  # (a rules term is read in a text about the game: a card is named first)
    got = [(s.text.lower(), s.kind, s.id) for s in Translator(with_term, lang, "en").spans(text)]
    assert got == [("deep trap hole", "card", "deep-trap-hole"), ("sluicegate", "term", "sluicegate")]
    if text[text.lower().index("sluicegate")].isupper():  # (the short form is read only with a capital)
        assert [(s.kind, s.id) for s in Translator(without, lang, "en").spans(text)][1:] == [("card", "sluicegate-trap-hole")]


def test_the_cards_whole_name_is_still_the_card_beside_the_term(sluice):
    with_term, _ = sluice
    got = [(s.text, s.kind) for s in Translator(with_term, "es", "en").spans("Activé Sluicegate Trap Hole, un sluicegate.")]
    assert got == [("Sluicegate Trap Hole", "card"), ("sluicegate", "term")]


# ── a nickname, a linking word and words of the card's own name ("Plumero de Arpía": translate._nickname_run)

BROOM_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8150\tGale Feather Broom\tEscoba de Pluma del Vendaval\tVassoura de Pena do Vendaval\tScopa di Piuma della Burrasca\tSpell\t7
8151\tSquall Beacon\tFaro de la Borrasca\tFarol da Borrasca\tFaro della Tempesta\tSpell\t3
"""
BROOM_NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8150\tGale Feather Broom\tPlumazo\tes,it\tnickname\t\t
8151\tSquall Beacon\tFarito\tes\tnickname\t\t
"""


@pytest.mark.parametrize("text, lang, want", [
    ("Usé Plumazo del Vendaval contra sus trampas.", "es", [("Plumazo del Vendaval", "8150")]),  # its Spanish name's word
    ("Usé Plumazo de Burrasca contra sus trampas.", "es", [("Plumazo de Burrasca", "8150")]),  # its Italian name's word
    ("Ho giocato Plumazo della Gale Broom subito.", "it", [("Plumazo della Gale Broom", "8150")]),  # English words
    ("Usé Plumazo de Pepe contra sus trampas.", "es", []),  # a word of no name of the card: a longer name, unknown
    ("Usé Plumazo y Farito contra sus trampas.", "es", [("Plumazo", "8150"), ("Farito", "8151")]),  # a list
    ("Usé Plumazo de Borrasca contra sus trampas.", "es", []),  # a word of another card's name
])
def test_a_nickname_goes_on_with_words_of_its_own_cards_name(tmp_path, text, lang, want):
    index = small_index(tmp_path, BROOM_POOL, nicknames=BROOM_NICKS)
    assert [(s.text, s.passcodes[0]) for s in Translator(index, lang, "en").spans(text) if s.kind == "card"] == want



OR_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8601\tZorvath\tZorvath\tZorvath\tZorvath\tMonster\t4
8602\tZorvath's Lantern\tLinterna de Zorvath\tLanterna de Zorvath\tLanterna di Zorvath\tMonster\t3
8603\tLantern Keeper\tGuardián de la Linterna\tGuardião da Lanterna\tCustode della Lanterna\tMonster\t3
"""


@pytest.mark.parametrize("lang, run", [("it", "Zorvath o Lanterna"), ("es", "Zorvath o Linterna")])
def test_a_run_joined_by_or_is_no_literal_translation_of_one_name(tmp_path, lang, run):
    index = small_index(tmp_path, OR_POOL)
    tr = Translator(index, lang, "en")
    assert tr._fan_run(run) is None  # "o" is "or" in Spanish and Italian: two names
    assert tr._fan_run(run.replace(" o ", " ")) is not None  # (the same words without it: the literal translation)


FOREIGN_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8701\tScapegoat\tChivo Expiatorio Guía\tBode Expiatório Guia\tCapro Espiatorio Guida\tSpell\t6
8702\tStorm\tTormenta\tTempestade\tTempesta\tSpell\t9
"""


@pytest.mark.parametrize("text, lang, want", [
    # a one-word English name opening a sentence, no word of the text's language nor an everyday English one, a card
    # named before it: a name
    ("Temo una Tempesta.\nScapegoat come sempre è ottimo per salvarsi.", "it", ["Tempesta", "Scapegoat"]),
    ("Temo una Tormenta.\nScapegoat siempre es buena para salvarse.", "es", ["Tormenta", "Scapegoat"]),
    ("Scapegoat come sempre è ottimo per salvarsi.", "it", []),  # no card named near it (a rare card's name)
])
def test_a_foreign_english_name_opening_a_sentence_is_read(tmp_path, text, lang, want):
    index = small_index(tmp_path, FOREIGN_POOL)
    assert [s.text for s in Translator(index, lang, "en").spans(text) if s.kind == "card"] == want


TOON_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8801\tGlint Table of Contents\tTabla de Contenidos Glint\tÍndice Glint\tIndice Glint\tSpell\t5
8802\tGlint World\tMundo Glint\tMundo Glint\tMondo Glint\tSpell\t12
8803\tGlint Quill of Zarvex\tPluma de Zarvex Glint\tPena de Zarvex Glint\tPiuma di Zarvex Glint\tMonster\t4
"""
TOON_SERIES = """en\tes\tpt\tit
Glint\tGlint\tGlint\tGlint
"""


@pytest.mark.parametrize("text, want", [
    ("TABLA DE CONTENIDOS\n\n1. Introducción al juego.", []),  # a page's heading: everyday words, no series named
    ("Mi mazo Glint usa Tabla de Contenidos siempre.", ["Tabla de Contenidos"]),  # the series named: its member
    ("Ayer jugué Pluma de Zarvex en defensa.", ["Pluma de Zarvex"]),  # a rare word in the rest: the member anywhere
])
def test_a_series_members_rest_of_everyday_words_needs_its_series_named(tmp_path, text, want):
    index = small_index(tmp_path, TOON_POOL, series=TOON_SERIES)
    assert [s.text for s in Translator(index, "es", "en").spans(text) if s.kind == "card"] == want


ELIDED_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8901\tThe Cheerful\tEl Alegre\tO Alegre\tL'Allegro\tMonster\t7
8902\tCheerful Lantern\tLinterna Alegre\tLanterna Alegre\tLanterna Allegra\tSpell\t3
"""


@pytest.mark.parametrize("text, want", [
    ("Ho letto l'effetto dell'Allegro ieri.", [("Allegro", "8901")]),  # the article joined to "di"
    ("Ho vinto grazie all'Allegro.", [("Allegro", "8901")]),
    ("Ho vinto grazie all’Allegro.", [("Allegro", "8901")]),  # a typographic apostrophe
    ("Parlo dell'allegro del gruppo.", []),  # in lower case: the word
])
def test_a_name_with_an_elided_article_after_a_preposition_joined_to_it_is_the_card(tmp_path, text, want):
    # (its word alone, "Allegro", is an everyday word: no short form of the card)
    index = small_index(tmp_path, ELIDED_POOL)
    assert [(s.text, s.passcodes[0]) for s in Translator(index, "it", "en").spans(text) if s.kind == "card"] == want


TITLE_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8150\tMisstep\tTropiezo\tErro\tSbaglio\tTrap\t12
8151\tThunderbolt Wyrm\tSierpe del Rayo\tSerpe do Raio\tSerpe del Fulmine\tSpell\t30
"""


@pytest.mark.parametrize("text, want", [
    # a heading in title case: every word capitalised, the everyday word's capital is the heading's
    ("1. Jogabilidade: A Ciência da Tentativa e Erro\nVocê junta cartas e monstros na fusão.", []),
    # another name found on the line: the capitals may be names' (a title that names two cards)
    ("Como Vencer a Serpe do Raio com Erro\nVocê junta cartas e monstros na fusão.", ["8151", "8150"]),
    # in a sentence, among card words, the capital is the name's
    ("No duelo ativei a carta Erro contra o monstro.", ["8150"]),
])
def test_an_everyday_word_capitalised_in_a_title_case_heading_is_no_card(tmp_path, text, want):
    index = small_index(tmp_path, TITLE_POOL)
    assert [s.passcodes[0] for s in Translator(index, "pt", "en").spans(text) if s.kind == "card"] == want


SHORTENED_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8160\tSigil Drain\tDrenaje de Sigilo\tDreno de Sigilo\tDrenaggio di Sigillo\tTrap\t20
8161\tSigil Mark\tMarca de Sigilo\tMarca de Sigilo\tMarchio di Sigillo\tSpell\t5
8162\tEmber Wyrm\tSierpe Ascua\tSerpe Brasa\tSerpe Brace\tMonster\t20
8163\tEmber Wyrm Nova\tSierpe Ascua Nova\tSerpe Brasa Nova\tSerpe Brace Nova\tMonster\t5
8164\tStorm Magician\tMago de la Tormenta\tMago da Tempestade\tMago della Tempesta\tMonster\t9
8165\tStorm Magic Ward\tGuarda Mágica de Tormenta\tGuarda Mágica da Tempestade\tGuardia Magica della Tempesta\tSpell\t3
8166\tGadget Player\tJugador Artilugio\tJogador Engenhoca\tGiocatore Aggeggio\tMonster\t3
8167\tVortex Evacuation Device\tArtilugio de Evacuación Vórtice\tAparelho de Evacuação Vórtice\tDispositivo di Evacuazione Vortice\tTrap\t12
"""


@pytest.mark.parametrize("text, want", [
    ("En el side llevo Sigil D contra ellos.", [("Sigil D", "8160")]),  # a capital letter: the name's word cut short
    ("Respondí con la trampa Vortex Evac y gané.", [("Vortex Evac", "8167")]),
    ("Saqué la Ember Wy del mazo de nuevo.", [("Ember Wy", "8162")]),  # two cards begin so: the one whose name the word ends
    ("Mi vecino Vortex Evac vive aquí.", []),  # no word of the game, no card near: the text speaks of no card
    ("Uso Storm Magic en mi mazo.", []),  # "Magic", a word: no Storm Magician cut short
    ("El Jugador A ataca al Jugador B.", []),  # a label after the text's own word: no Jugador Artilugio
])
def test_a_name_with_its_last_word_cut_short_is_the_card(tmp_path, text, want):
    index = small_index(tmp_path, SHORTENED_POOL)
    assert [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans(text) if s.kind == "card"] == want


RULING_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8170\tIron Strike\tGolpe de Hierro\tGolpe de Ferro\tColpo di Ferro\tTrap\t4
"""


@pytest.mark.parametrize("text, want", [
    ("Il ruling del lunedì\n\nIron Strike\n\nOggi parliamo della risposta.", ["8170"]),  # a ruling: the text is on cards
    ("Il racconto del lunedì\n\nIron Strike\n\nOggi parliamo della risposta.", []),  # English words, no card context
])
def test_a_ruling_nearby_is_a_card_context(tmp_path, text, want):
    index = small_index(tmp_path, RULING_POOL)
    assert [s.passcodes[0] for s in Translator(index, "it", "en").spans(text) if s.kind == "card"] == want


KIND_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8180\tGale Wyrm\tGale Wyrm\tGale Wyrm\tGale Wyrm\tMonster\t20
8181\tGale Wyrm Nova\tGale Wyrm Nova\tGale Wyrm Nova\tGale Wyrm Nova\tMonster\t4
"""
KIND_SERIES = """en\tes\tpt\tit
Gale Wyrm\tGale Wyrm\tGale Wyrm\tGale Wyrm
"""


@pytest.mark.parametrize("text, want", [
    ("Desde el deck invoca un monstruo Gale Wyrm y roba.", ("Gale Wyrm", "series-gale-wyrm")),  # any member
    ("Desde el deck invoca un monstruo gale wyrm y roba.", ("gale wyrm", "series-gale-wyrm")),
    ("Desde el deck invoca el monstruo Gale Wyrm y roba.", ("Gale Wyrm", "gale-wyrm")),  # that one: the card
])
def test_a_card_s_name_after_an_indefinite_monster_is_the_series(tmp_path, text, want):
    index = small_index(tmp_path, KIND_POOL, series=KIND_SERIES)
    assert [(s.text, s.id) for s in Translator(index, "es", "en").spans(text) if s.kind in ("card", "series")] == [want]


NEAR_POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8190\tPhalanx Golem\tGólem Escudado\tGolem Escudado\tGolem Scudato\tMonster\t9
8191\tVeiled Impermanence\tImpermanencia Velada\tImpermanência Velada\tImpermanenza Velata\tTrap\t9
"""


@pytest.mark.parametrize("text, want", [
    ("En el turno uno invoqué Falanx Golem contra el mazo rival.", [("Falanx Golem", "8190")]),  # "f" for "ph"
    ("En el turno uno activé Imperamencia Velada contra el mazo rival.", [("Imperamencia Velada", "8191")]),  # a long
    # word two typos away
])
def test_a_misspelt_word_may_be_two_typos_away_when_long_or_written_with_f_for_ph(tmp_path, text, want):
    index = small_index(tmp_path, NEAR_POOL)
    assert [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans(text) if s.kind == "card"] == want


@pytest.mark.parametrize("word, near", [
    ("falanx", True),  # "f" for "ph": two edits, one sound
    ("imperamencia", True),  # a long word, two typos
    ("falenx", False),  # three
    ("escudadito", False),  # "escudado" with two letters added: lengths two apart are never near
])
def test_which_name_words_a_text_word_is_near(tmp_path, word, near):
    tr = Translator(small_index(tmp_path, NEAR_POOL), "es", "en")
    tr.spans("x")
    got = tr._near(word)
    assert bool(got) is near, got
