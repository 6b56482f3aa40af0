"""Behaviour of names/index.py: records, lookup answers and their order, ties and explanations, short forms, series
spellings, the cached parts and where the index's files are found (inputs → outputs, through the Python API)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from _names_fixtures import KB, index, isolated, table  # noqa: F401 (fixtures)
from ygorules.core.errors import YgoError
from ygorules.names import index as n


def named(id, names, kind="card", passcodes=(), prominence=0, card_type=None, forms=None, concept=None):
    e = n.Named(id, kind, names, "table", passcodes, card_type, concept, prominence)
    return e, forms if forms is not None else [(t, l, "official", None) for l, t in names.items() if t]


def make(*entries, origin="table"):
    """An index of one part built from (Named, forms) pairs."""
    return n.NameIndex([n.Part(n.Part.build(origin, "sig", list(entries)))])


def ids(result):
    return [m.entry.id for m in result.matches]


# ── records ───────────────────────────────────────────────────────────────────

def test_records_compare_by_their_fields_and_are_shown_by_them():
    a = n.Named("x", "card", {"en": "X"}, "kb", ("1",))
    assert a == n.Named("x", "card", {"en": "X"}, "kb", ("1",))
    assert a != n.Named("x", "card", {"en": "X"}, "kb", ("2",))
    assert a != n.Named("y", "card", {"en": "X"}, "kb", ("1",))
    assert repr(a) == ("Named(id='x', kind='card', names={'en': 'X'}, origin='kb', passcodes=('1',), card_type=None, "
                       "concept=None, prominence=0)")
    form = n.Form("X", "en", "official", a)
    assert form != a and a != form and (a == "x") is False
    with pytest.raises(TypeError):
        hash(a)


def test_an_entry_names_itself_in_a_language_or_else_in_english():
    e = n.Named("x", "card", {"es": "Equis", "pt": None, "en": "Ex"}, "kb", ("11", "22"))
    assert (e.name("es"), e.name("pt"), e.name("it")) == ("Equis", "Ex", "Ex")
    assert n.Named("y", "term", {"es": "Ye"}, "kb").name("it") is None
    assert e.passcode == "11" and n.Named("y", "term", {}, "kb").passcode is None


def test_a_match_as_json_has_its_rounded_score_and_only_the_fields_it_has():
    e = n.Named("x", "card", {"es": "Equis", "en": "Ex"}, "table", ("11",), "spell", prominence=7)
    out = n.Match(e, 91.26, n.Form("Equis", "es", "official", e)).as_dict()
    assert out == {"id": "x", "kind": "card", "score": 91.3, "matched": {"text": "Equis", "lang": "es", "variant": "official"},
                   "names": {"es": "Equis", "pt": None, "it": None, "en": "Ex"}, "origin": "table", "prominence": 7,
                   "passcodes": ["11"], "card_type": "spell"}
    t = n.Named("t", "term", {"en": "Tee"}, "kb")
    assert set(n.Match(t, 100.0, n.Form("Tee", "en", "official", t)).as_dict()) == {
        "id", "kind", "score", "matched", "names", "origin", "prominence"}


def test_form_rank_puts_kb_first_then_forms_that_do_not_yield_then_official_then_cards():
    kb_card = n.Named("a", "card", {}, "kb")
    kb_term = n.Named("b", "term", {}, "kb")
    kb_step = n.Named("c", "step", {}, "kb")
    table_card = n.Named("d", "card", {}, "table")
    forms = [n.Form("x", "en", "official", table_card), n.Form("x", "en", "official", kb_card, yields=True),
             n.Form("x", "en", "short-form", kb_card), n.Form("x", "en", "nickname", kb_card),
             n.Form("x", "en", "official", kb_step), n.Form("x", "en", "official", kb_term),
             n.Form("x", "en", "official", kb_card), n.Form("x", "en", "some-new-kind", kb_card)]
    ranked = sorted(forms, key=n.form_rank)
    assert [(f.entry.id, f.variant, f.yields) for f in ranked] == [
        ("a", "official", False), ("b", "official", False), ("c", "official", False), ("a", "nickname", False),
        ("a", "some-new-kind", False), ("a", "short-form", False), ("a", "official", True), ("d", "official", False)]


# ── columns ───────────────────────────────────────────────────────────────────

def test_a_string_column_gives_back_every_item_empty_ones_and_line_breaks_included():
    data: dict = {}
    n._strings(data, "c", ["uno", "", None, "dos\ntres", "cuatro"])
    col = n.Strs(data["c"], _ints(data["c@"]))
    assert len(col) == 5 and [col[i] for i in range(5)] == ["uno", "", "", "dos tres", "cuatro"]


def _ints(raw):
    from array import array
    out = array("i")
    out.frombytes(raw)
    return out


def test_entries_keep_their_card_types_even_with_more_than_255_distinct_ones():
    many = [named(f"c{i}", {"en": f"Card Number {i}"}, card_type=f"type-{i}") for i in range(300)]
    ix = make(*many)
    assert [e.card_type for e in ix.entries()] == [f"type-{i}" for i in range(300)]
    assert ix.lookup("Card Number 257").matches[0].entry.card_type == "type-257"


def test_a_step_keeps_the_term_that_names_it():
    ix = make(named("s", {"en": "Damage Step"}, kind="step", concept="damage-step"))
    assert [(e.kind, e.concept) for e in ix.entries()] == [("step", "damage-step")]


def test_a_repeated_form_or_one_without_words_does_not_hide_the_forms_after_it():
    ix = make(named("a", {"en": "Alpha"}, forms=[("Alpha", "en", "official", None), ("Alpha", "en", "official", None),
                                                 ("!!", "en", "nickname", None), ("Alfa Vieja", "es", "old-name", None)]))
    assert [(m.entry.id, m.form.variant) for m in ix.lookup("alfa vieja").matches] == [("a", "old-name")]


def test_each_word_of_the_names_knows_the_languages_it_is_written_in():
    p = make(named("a", {"en": "Alpha Dragon"}), named("b", {"es": "Dragón Rojo"})).parts[0]
    bits = {lang: 1 << i for i, lang in enumerate(("es", "pt", "it", "en"))}
    assert dict(zip(p.strings("z_words"), p.data["z_mask"])) == {"alpha": bits["en"], "dragon": bits["en"] | bits["es"],
                                                                 "rojo": bits["es"]}


def test_entries_without_a_type_or_passcode_read_back_as_none_and_empty():
    ix = make(named("a", {"en": "Alpha Dragon"}), named("b", {"en": "Beta Dragon"}, card_type="trap", passcodes=("7", "8")))
    a, b = ix.entries()
    assert (a.card_type, a.passcodes, a.concept) == (None, (), None)
    assert (b.card_type, b.passcodes) == ("trap", ("7", "8"))


def test_a_form_stored_as_its_entrys_official_name_reads_back_with_its_text():
    ix = make(named("a", {"es": "Fuerza Alfa", "en": "Alpha Force"},
                    forms=[("Fuerza Alfa", "es", "official", None), ("Alpha Force", "en", "official", None),
                           ("Fuerza\nAlfa Vieja", "es", "old-name", "src"), ("Fuerza Alfa", "es", "variant", None),
                           ("", "en", "nickname", None), ("!!", "en", "nickname", None)]))
    forms = ix.forms_for_key(n.normalize("Fuerza Alfa")) + ix.forms_for_key(n.normalize("Fuerza Alfa Vieja"))
    assert [(f.text, f.lang, f.variant, f.source) for f in forms] == [
        ("Fuerza Alfa", "es", "official", None), ("Fuerza Alfa Vieja", "es", "old-name", "src")]
    assert ix.forms_for_key(n.normalize("alpha force"), "es") == []
    assert [f.lang for f in ix.forms_for_key(n.normalize("alpha force"), "en")] == ["en"]


# ── lookup ────────────────────────────────────────────────────────────────────

def test_a_query_longer_than_the_limit_is_refused_with_its_length():
    ix = make(named("a", {"en": "Alpha Dragon"}))
    assert ix.lookup("a" * n.MAX_QUERY_CHARS).matches == []
    with pytest.raises(YgoError) as err:
        ix.lookup("a" * (n.MAX_QUERY_CHARS + 1))
    assert str(err.value) == (f"the query is {n.MAX_QUERY_CHARS + 1} characters long; the limit is {n.MAX_QUERY_CHARS} "
                              "(the longest card name has about 100) → look up one name at a time")


def test_a_query_without_words_finds_nothing():
    ix = make(named("a", {"en": "Alpha Dragon"}))
    r = ix.lookup("¡¿!?")
    assert r.matches == [] and not r.ambiguous and r.explain() == ["nothing fits '¡¿!?'"]


def test_an_exact_match_beats_fuzzy_ones_and_scores_100():
    ix = make(named("a", {"en": "Alpha Dragon"}), named("b", {"en": "Alpha Dragons"}))
    r = ix.lookup("alpha dragon")
    assert [(m.entry.id, m.score, m.exact) for m in r.matches] == [("a", 100.0, True)]


def test_fuzzy_matches_come_best_first_and_below_the_cutoff_not_at_all():
    ix = make(named("a", {"en": "Alpha Dragon"}), named("b", {"en": "Alpha Dragoon"}), named("z", {"en": "Zeta Wolf"}))
    r = ix.lookup("alpha dragn")
    assert ids(r) == ["a", "b"] and r.matches[0].score > r.matches[1].score >= n.FUZZY_CUTOFF
    assert not any(m.exact for m in r.matches)


def test_the_language_of_a_query_narrows_exact_and_fuzzy_matches():
    ix = make(named("a", {"es": "Serpiente Roja", "en": "Alpha Dragon"}), named("b", {"es": "Alpha Dragon"}))
    assert ids(ix.lookup("alpha dragon", lang="en")) == ["a"]
    assert ids(ix.lookup("alpha dragon", lang="es")) == ["b"]
    assert ids(ix.lookup("alpha dragn", lang="es")) == ["b"]
    assert sorted(ids(ix.lookup("alpha dragon"))) == ["a", "b"]


def test_one_match_per_entry_with_its_best_form():
    ix = make(named("a", {"es": "Dragón Alfa Azul", "en": "Alpha Blue Dragon"},
                    forms=[("Alpha Blue Dragon", "en", "official", None), ("Alfa Blue Dragon", "en", "nickname", None),
                           ("Dragón Alfa Azul", "es", "official", None)]))
    r = ix.lookup("alpha blu dragon")
    assert len(r.matches) == 1 and r.matches[0].form.text == "Alpha Blue Dragon"


def test_among_equal_fuzzy_forms_of_one_entry_the_official_one_is_kept():
    ix = make(named("a", {"en": "Alpha Dragon"},
                    forms=[("Alpha Dragon", "en", "nickname", None), ("Alpha Dragon", "es", "official", None)]))
    assert ix.lookup("alpha dragn").matches[0].form.variant == "official"


def test_a_typo_in_a_long_word_finds_the_name_missing_extra_wrong_or_swapped_letters():
    ix = make(named("a", {"en": "Brionac Guardian"}), named("b", {"en": "Zephyr Lancer"}))
    for q in ("brionc", "brionacc", "briomac", "brinoac", "brionac"):
        assert ids(ix.lookup(q))[:1] == ["a"], q
    assert ids(ix.lookup("zephyr"))[:1] == ["b"]


def test_a_word_in_every_name_does_not_crowd_out_the_rare_word_of_the_query():
    many = [named(f"c{i}", {"en": f"Dragon Number {i:04d}"}) for i in range(n.MAX_CANDIDATES + 20)]
    ix = make(*many, named("x", {"en": "Dragon Quetzalcoatl"}))
    assert ids(ix.lookup("dragon quetzalcoatl"))[:1] == ["x"]
    assert ids(ix.lookup("dragon quetzalcoat"))[:1] == ["x"]


def test_with_many_candidates_the_keys_sharing_most_words_and_then_the_shortest_are_kept():
    many = [named(f"c{i}", {"en": f"Storm Number {i:04d} Extra"}) for i in range(n.MAX_CANDIDATES + 20)]
    ix = make(*many, named("x", {"en": "Storm Number"}), named("y", {"en": "Storm Lord Number"}))
    r = ix.lookup("storm numbr")
    assert ids(r)[:1] == ["x"]


def test_sharing_gives_the_keys_with_all_words_but_one_in_the_order_a_count_of_every_word_gives():
    ix = make(named("a", {"en": "Moon Lance Knight"}), named("b", {"en": "Grave Lance"}), named("c", {"en": "Moon Knight"}),
              named("d", {"en": "Lance Moon Knight Grave"}), named("e", {"en": "Knight"}), named("f", {"en": "Grave Moon"}))
    p = ix.parts[0]
    keys, woff, wvals = p.strings("w_keys"), p.ints("w_off"), p.ints("w_vals")
    for words, miss in ((["grave", "moon", "knight"], 1), (["moon", "knight"], 1), (["knight", "grave", "lance"], 1),
                        (["lance", "moon", "knight", "grave"], 1), (["lance", "moon", "knight", "grave"], 2),
                        (["moon", "nowhere", "knight"], 1), (["knight"], 1)):
        count, need = {}, 0
        for w in words:  # every key of every word's list counted, in order
            if w in keys:
                i = keys.index(w)
                for ki in wvals[woff[i]:woff[i + 1]]:
                    count[ki] = count.get(ki, 0) + 1
            need += 1
        least = max(2, need - miss)
        want = [p.col("k_keys")[ki] for ki, c in count.items() if c >= least]
        assert [k for k, _, _ in ix.sharing(words, miss)] == want
    assert [k for k, _, _ in ix.sharing(["moon", "knight"])] == ["lance moon knight grave", "moon knight", "moon lance knight"]
    assert [k for k, _, _ in ix.sharing(["knight", "grave", "lance"])] == ["lance moon knight grave", "moon lance knight", "grave lance"]
    assert ix.sharing(["knight"]) == [] and ix.sharing(["moon", "nowhere", "knight", "else"]) == []


def kb_entry(id, name):
    return n.Named(id, "card", {"en": name}, "kb"), [(name, "en", "official", None)]


def test_with_too_many_candidates_the_shortest_keys_are_kept_wherever_they_sort():
    many = [named(f"c{i}", {"en": f"Storm Number {i:04d} Extra"}) for i in range(n.MAX_CANDIDATES + 20)]
    ix = make(*many, named("x", {"en": "Zyx Storm Number"}))
    assert ids(ix.lookup("storm numbr"))[:1] == ["x"]


def test_a_part_lists_the_leading_words_of_its_names_per_language():
    ix = make(named("a", {"en": "Alpha Dragon"}), named("b", {"en": "Beta Wolf King"}))
    p = ix.parts[0]
    assert p.strings("t_pre_en") == ["alpha", "beta", "beta wolf"]
    assert p.strings("t_pre_es") == []


def test_every_leading_words_of_a_part_begin_one_of_its_translate_keys():
    # (the translator reads only the translate keys when it asks what a text may begin: names/translate.py _key_lists)
    ix = make(named("a", {"pt": "Slifer, o Dragão Celeste", "en": "Slifer the Sky Dragon"}),
              named("b", {"es": "Ojos-Azules Dragón Blanco", "it": "Drago Bianco Occhi Blu"}))
    p = ix.parts[0]
    keys = p.strings("t_keys")
    pre = [k for lang in ("es", "pt", "it", "en") for k in p.strings(f"t_pre_{lang}")]
    assert "slifer,o dragao" in pre and "ojos azules" in pre
    assert all(any(k.startswith(x) and len(k) > len(x) for k in keys) for x in pre)


def test_reading_a_cached_index_leaves_the_garbage_collector_as_it_was(table):
    import gc
    n.load_index(KB, table)
    assert gc.isenabled()
    n.load_index(KB, table).lookup("mirror forse")
    assert gc.isenabled()
    gc.disable()
    try:
        n.load_index(KB, table).lookup("mirror forse")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_imported_exact_name_shows_the_kb_names_that_contain_every_word_of_it():
    kb = [kb_entry("k", "Lily Fairy Nurse"), kb_entry("k2", "Fairy Nurse"), kb_entry("k3", "Lilo Fairy Nurse"),
          kb_entry("k5", "Lily Guard")]
    tb = [named("t", {"en": "Lily"}), named("t2", {"en": "Lily Blue"}), named("t3", {"en": "Nurse Lily"}),
          named("t4", {"en": "Lily Fair"})]
    ix = n.NameIndex([n.Part(n.Part.build("kb", "s", kb)), n.Part(n.Part.build("table", "s", tb))])
    r = ix.lookup("Lily")
    assert ids(r) == ["t", "k5", "k"]  # not "Lilo Fairy Nurse": one letter off is not the same word
    assert r.matches[0].exact and not r.matches[1].exact
    assert ids(ix.lookup("lily blue")) == ["t2"]
    assert ids(ix.lookup("nurse lily")) == ["t3", "k"]
    assert ids(ix.lookup("lily fair")) == ["t4"]  # "fair" is no word of "Lily Fairy Nurse"


def test_the_kb_part_hides_imported_cards_with_its_passcodes_and_lends_their_printings():
    kb = [(n.Named("k", "card", {"en": "Kay Card"}, "kb", ("5",)), [("Kay Card", "en", "official", None)])]
    tb = [named("t", {"en": "Kay Card Imported"}, passcodes=("5",), prominence=12),
          named("u", {"en": "Other Card"}, passcodes=("6",), prominence=3)]
    ix = n.NameIndex([n.Part(n.Part.build("kb", "s", kb)), n.Part(n.Part.build("table", "s", tb))])
    assert [e.id for e in ix.entries()] == ["k", "u"]
    assert ix.lookup("kay card").matches[0].entry.prominence == 12
    assert ids(ix.lookup("kay card imported")) != ["t"] and "t" not in ids(ix.lookup("kay card imported"))
    assert ix.has_table and not make(named("a", {"en": "Alpha"}), origin="kb").has_table


def test_fuzzy_results_keep_the_twelve_best_keys_and_lookup_shows_five_by_default():
    ix = make(*[named(f"c{i:02d}", {"en": "Storm Number" + " Q" * i}) for i in range(16)])
    r = ix.lookup("storm numbr")
    assert not r.ambiguous and ids(r) == ["c00", "c01", "c02", "c03", "c04"]
    assert [m.entry.id for m in r.all] == [f"c{i:02d}" for i in range(n.KEEP)]
    assert len(ix.lookup("storm numbr", limit=7).matches) == 7


def test_a_key_scoring_exactly_the_cutoff_is_a_match():
    r = make(named("a", {"en": "Wolf Night"})).lookup("wolf alpha")
    assert [(m.entry.id, m.score) for m in r.matches] == [("a", n.FUZZY_CUTOFF)]


def test_fuzzy_alone_searches_every_part():
    ix = make(named("a", {"en": "Alpha Dragon"}))
    assert [m.entry.id for m in ix.fuzzy("alpha dragn")] == ["a"]


def test_kb_fuzzy_scores_get_a_bonus_over_imported_ones_but_never_reach_an_exact_match():
    kb = [kb_entry("k", "Alpha Dragon")]
    tb = [named("t", {"en": "Alpha Dragon"}, passcodes=("9",))]
    ix = n.NameIndex([n.Part(n.Part.build("kb", "s", kb)), n.Part(n.Part.build("table", "s", tb))])
    k, t = ix.lookup("alfa dragn").all
    assert (k.entry.id, t.entry.id) == ("k", "t") and k.score == pytest.approx(t.score + n.KB_BONUS)
    assert ix.lookup("dragon alpha").all[0].score == 99.9


def test_a_kb_name_with_fewer_content_words_than_the_query_gets_no_bonus():
    kb = [kb_entry("k", "Rotation")]  # a word of the query, no more: a part of it, no close call
    tb = [named("t", {"en": "Set Rotation"}, passcodes=("9",))]
    ix = n.NameIndex([n.Part(n.Part.build("kb", "s", kb)), n.Part(n.Part.build("table", "s", tb))])
    assert ix.lookup("Sett Rotation").all[0].entry.id == "t"
    assert ix.lookup("Rotatoin").all[0].entry.id == "k"  # one word each: the bonus as before


def test_a_name_with_a_misspelt_word_beats_the_more_printed_name_of_its_other_words():
    ix = make(named("long", {"en": "The Chaos Maker"}, prominence=2), named("short", {"en": "The Maker"}, prominence=20))
    first, second = ix.lookup("The Chaso Maker").matches[:2]  # tied on the fuzzy score: not the more printed
    assert (first.entry.id, second.entry.id) == ("long", "short") and first.score - second.score > n.TIE_MARGIN
    assert ids(ix.lookup("The Makr"))[0] == "short"


def test_a_typo_in_a_four_letter_word_finds_a_three_letter_word():
    ix = make(named("a", {"en": "Ice Wall"}))
    assert ids(ix.lookup("icce")) == ["a"]


def test_many_equally_good_candidates_are_cut_to_a_shortlist():
    many = [named(f"c{i}", {"en": f"Storm Number {i:04d}"}) for i in range(50)]
    r = make(*many).lookup("storm numbr")
    assert len(r.all) == n.SHORTLIST // 2 and r.ambiguous
    r = make(*many[:n.SHORTLIST]).lookup("storm numbr")  # as many as the shortlist holds: every one is scored
    assert len(r.all) == n.SHORTLIST


def test_a_kb_card_not_in_the_table_has_no_printings(index):
    assert index.lookup("Honesto").matches[0].entry.prominence == 0


def test_a_kb_part_built_here_has_card_types_nicknames_and_the_everyday_words():
    from ygorules.names.mentions import Frequencies
    ix = n.load_index(KB, False, use_cache=False)  # built in the test, not in a shared fixture
    m = ix.lookup("mirror force").matches[0]
    assert (m.entry.card_type, m.entry.prominence) == ("trap", 0)
    assert [(x.entry.id, x.form.variant) for x in ix.lookup("MF").matches] == [("mirror-force", "abbreviation")]
    assert "the" in Frequencies(ix.parts, "es").common
    freq = Frequencies(ix.parts, "es")
    assert freq.is_word("unicode") and "unicode" not in freq.common and not freq.is_word("unicore")
    # the stored words are of the Latin script only: one character beyond it would make each string four bytes a
    # character in every process
    assert freq.common.text.isascii() or max(map(ord, freq.common.text)) < 256
    assert max(map(ord, freq._known.text)) < 256


def test_imported_entries_keep_their_printings_none_counting_as_zero():
    ix = make(named("a", {"en": "Alpha Dragon"}), named("b", {"en": "Beta Wolf"}, prominence=7))
    assert [e.prominence for e in ix.entries()] == [0, 7]


def test_a_typo_in_a_four_letter_name_finds_it():
    ix = make(named("a", {"en": "Wall"}), named("b", {"en": "Zeta Wolf"}))
    assert ids(ix.lookup("wlal")) == ["a"] and ids(ix.lookup("wala")) == ["a"]


def test_the_frequency_of_a_folded_word_is_that_of_its_accented_spelling():
    from wordfreq import zipf_frequency
    from ygorules.names.mentions import Frequencies
    ix = make(named("a", {"es": "Espíritu Santo", "en": "Holy Spirit"}))
    assert Frequencies(ix.parts, "es").get("espiritu") == round(zipf_frequency("espíritu", "es") * 10) / 10
    assert len(Frequencies(ix.parts, "es").common) == 0  # an imported part carries no everyday words


def test_translate_keys_lead_to_their_forms():
    ix = make(named("a", {"es": "Dragón Alfa", "en": "Alpha Dragon"}), named("b", {"en": "Beta Wolf"}))
    p = ix.parts[0]
    assert [p.form(fi).text for fi in p.tkey_forms(n.tkeys_of("Alpha Dragon")[-1])] == ["Alpha Dragon"]
    assert [p.form(fi).text for fi in p.tkey_forms(n.tkeys_of("Beta Wolf")[-1])] == ["Beta Wolf"]
    assert p.tkey_forms("qzx") is None


def test_phases_steps_and_substeps_are_found_by_their_titles():
    from ygorules.core.kb import collect
    mini = Path(__file__).parent / "fixtures" / "mini-kb"
    ix = n.load_index(mini, False, use_cache=False)
    m = ix.lookup("battle phase").matches[0]
    assert (m.entry.kind, m.form.variant, m.exact) == ("phase", "title", True)
    m = ix.lookup("moment end").matches[0]
    assert (m.entry.id, m.entry.kind, m.form.variant) == ("damage-step.end", "substep", "title")
    kb, _ = collect(mini)
    assert {(e.kind, e.origin) for e, _ in n.kb_named(kb)} == {("card", "kb"), ("term", "kb"), ("phase", "kb"), ("step", "kb"),
                                                                ("substep", "kb")}


def test_a_batch_of_queries_answers_as_single_queries_do(index):
    queries = ("fuerza espejo", "Lily", "mago obscuro", "espejo de hileo", "Inversão de Limite", "brionac")
    before = [[(m.entry.id, m.score) for m in index.lookup(q).matches] for q in queries]
    index.prepare_batch()
    assert [[(m.entry.id, m.score) for m in index.lookup(q).matches] for q in queries] == before


# ── scores ────────────────────────────────────────────────────────────────────

def test_score_prefers_the_same_words_then_reordered_then_partial_names():
    assert n.score("mirror force", "mirror force") == 100
    assert n.score("force mirror", "mirror force") == pytest.approx(98.0)
    assert 90 < n.score("mirror force", "dark mirror force") < 95
    assert n.score("mirror forc", "mirror force") > n.score("mirror force", "dark mirror force")
    assert n.scores("x", []) == []


def test_extra_words_cost_more_the_longer_they_are():
    assert n.score("mirror force extra", "mirror force") > n.score("mirror force extravaganza", "mirror force")


def test_a_misspelt_part_scores_less_the_smaller_a_part_of_the_name_it_is():
    assert n.score("injektion", "injection fairy") > n.score("injektion", "injection fairy lily") > \
        n.score("injektion", "injection fairy lily nurse")


def test_a_misspelt_part_of_a_longer_name_scores_by_partial_similarity():
    short = n.score("injektion", "injection fairy lily")
    assert short >= n.FUZZY_CUTOFF
    assert n.score("inj", "injection fairy lily") < short


# ── ties and results ──────────────────────────────────────────────────────────

def m(id, score, variant="official", origin="table", exact=False, prominence=0, kind="card", concept=None):
    e = n.Named(id, kind, {"en": id}, origin, prominence=prominence, concept=concept)
    return n.Match(e, score, n.Form(id, "en", variant, e), exact)


def test_matches_within_a_point_of_the_best_tie_and_are_all_shown_past_the_limit():
    r = n.Result("q", [m("a", 95.0), m("b", 94.0), m("c", 93.9), m("d", 80.0)], limit=1)
    assert r.ambiguous and r.tied == 2 and ids(r) == ["a", "b"]
    assert [x.entry.id for x in r.all] == ["a", "b", "c", "d"]


def test_a_clear_best_match_is_cut_to_the_limit():
    r = n.Result("q", [m("a", 99.0), m("b", 90.0), m("c", 85.0)], limit=2)
    assert not r.ambiguous and r.tied == 0 and ids(r) == ["a", "b"]


def test_kb_and_table_matches_or_exact_and_fuzzy_ones_never_tie():
    assert not n.Result("q", [m("a", 95.0, origin="kb"), m("b", 95.0)]).ambiguous
    assert not n.Result("q", [m("a", 100.0, exact=True), m("b", 100.0)]).ambiguous


def test_tied_matches_rank_official_forms_cards_and_printings_first():
    r = n.Result("q", [m("nick", 95.0, "nickname", prominence=50), m("off", 95.0, prominence=1)])
    assert ids(r) == ["off", "nick"]
    r = n.Result("q", [m("a-series", 95.0, kind="series", prominence=9), m("card", 95.0)])
    assert ids(r) == ["card", "a-series"]
    r = n.Result("q", [m("off", 95.0, prominence=1), m("acc", 95.0, "accentless", prominence=20)])
    assert ids(r) == ["acc", "off"]  # official or an accentless spelling: the printings decide
    r = n.Result("q", [m("few", 95.0, prominence=2), m("many", 95.0, prominence=20)])
    assert ids(r) == ["many", "few"]
    r = n.Result("q", [m("vg", 95.0, "video-game", prominence=30), m("old", 95.0, "official-older", prominence=3)])
    assert ids(r) == ["old", "vg"]
    r = n.Result("q", [m("b", 95.0), m("a", 95.0)])
    assert ids(r) == ["a", "b"]
    r = n.Result("q", [m("lo", 94.96, prominence=9), m("hi", 95.0, prominence=9)])
    assert ids(r) == ["hi", "lo"]
    # a fraction of a point between fuzzy scores is noise: within the tie the printings decide (a word of several
    # names, "Blossom": the most printed of them, not the shortest name)
    r = n.Result("q", [m("few", 95.3, prominence=1), m("many", 95.1, prominence=9)])
    assert ids(r) == ["many", "few"]


def test_many_tied_matches_are_shown_up_to_twenty():
    r = n.Result("q", [m(f"e{i:02d}", 95.0) for i in range(25)], limit=3)
    assert r.tied == 25 and len(r.matches) == 20


def test_the_explanation_names_how_the_first_match_matched_and_why_it_beat_the_runner_up():
    r = n.Result("q", [m("a", 99.04, origin="kb", exact=True, prominence=4), m("b", 90.0)])
    assert r.explain() == ["a ranks first:", "  an exact match (99.0) of 'a' (en, official)",
                           "  it is in the knowledge base (KB entries win over imported ones)", "  prominence: 4 printing(s)",
                           "  the runner-up, b, fits less well (fuzzy 90.0, official, imported)"]
    r = n.Result("q", [m("a", 99.0), m("b", 90.0, "nickname", exact=True)])
    assert r.explain()[1:] == ["  a fuzzy match (99.0) of 'a' (en, official)", "  prominence: 0 printing(s)",
                               "  the runner-up, b, fits less well (exact 90.0, nickname)"]
    assert n.Result("q", [m("a", 99.0)]).explain() == ["a ranks first:", "  a fuzzy match (99.0) of 'a' (en, official)",
                                                       "  prominence: 0 printing(s)"]


def test_the_explanation_of_a_tie_lists_the_other_entries_with_their_printings():
    r = n.Result("q", [m("a", 95.0, prominence=7), m("b", 95.0, "nickname", prominence=3), m("c", 95.0, prominence=1)])
    assert r.explain()[-1] == "  3 entries fit equally well; ranked by official form, then printings: c (1, official), b (3, nickname)"


def test_a_result_as_json_lists_its_matches_and_says_whether_it_is_ambiguous():
    out = n.Result("q", [m("a", 95.0), m("b", 95.0)]).as_dict()
    assert out["query"] == "q" and out["ambiguous"] is True and [x["id"] for x in out["matches"]] == ["a", "b"]
    assert n.Result("q", []).as_dict() == {"query": "q", "matches": [], "ambiguous": False}


# ── forms made when indexing ─────────────────────────────────────────────────

def test_a_name_of_three_words_or_more_is_also_found_without_its_leading_article():
    forms = [("El Dragón Alado de Ra", "es", "official", None), ("The Winged Dragon", "en", "official", None),
             ("Il Drago", "it", "official", None), ("La Bestia Nera", "es", "nickname", None),
             ("Lo Drago Alato", "es", "official", None), ("I Draghi Alati", "it", "title", None)]
    assert n._extra_forms({}, [("The Big Dragon", "fr", "official", None)]) == []
    assert n._extra_forms({}, forms) == [("Dragón Alado de Ra", "es", "no-article", None),
                                        ("Winged Dragon", "en", "no-article", None),
                                        ("Draghi Alati", "it", "no-article", None)]


def test_a_lv_monsters_level_is_also_found_set_apart_from_its_number():
    forms = [("Silent Magician LV4", "en", "official", None), ("Mago Silente LV8", "it", "official", None),
             ("LV Sword", "en", "official", None), ("Slavic Sword", "en", "official", None)]
    assert n._extra_forms({}, forms) == [("Silent Magician LV 4", "en", "variant", None),
                                        ("Silent Magician LV.4", "en", "variant", None),
                                        ("Mago Silente LV 8", "it", "variant", None),
                                        ("Mago Silente LV.8", "it", "variant", None)]


def test_a_one_word_names_number_is_also_found_glued_to_it_without_its_sign():
    forms = [("Jinzo #7", "en", "official", None), ("Jinzo Nº 7", "pt", "official", None),
             ("Luster Dragon #2", "en", "official", None), ("Maxx #C", "en", "nickname", None)]
    # (a number written apart, "Luster Dragon 2", is the numbers pass's: it knows "2,5" is no card's number)
    assert n._extra_forms({}, forms) == [("Jinzo7", "en", "variant", None), ("Jinzo7", "pt", "variant", None)]


def test_a_round_number_of_thousands_is_also_found_written_the_other_way():
    forms = [("Limite dei 1000 Occhi", "it", "official", None), ("Tartaruga di 30.000 Anni", "it", "official", None),
             ("Machine King - 3000 B.C.", "en", "official", None), ("Gold Sarcophagus 2019", "en", "official", None),
             ("Number iC1000: Numerounius", "en", "official", None), ("Karakuri mod 9696", "en", "official", None)]
    # (a year, a model number, a number glued to letters: never grouped)
    assert [f for f in n._extra_forms({}, forms) if f[2] == "variant"] == [
        ("Limite dei Mille Occhi", "it", "variant", None),  # (a count spelt as a word: _COUNT)
        ("Limite dei 1.000 Occhi", "it", "variant", None), ("Tartaruga di 30000 Anni", "it", "variant", None),
        ("Machine King - 3.000 B.C.", "en", "variant", None)]
    assert n.normalize("Limite dei 1.000 Occhi") == n.normalize("Limite dei 1,000 Occhi")  # one key for both marks


@pytest.mark.parametrize("text, expected", [
    ("Drago del/di Tuono", ["Drago del Tuono", "Drago di Tuono"]),
    ("Señor Dragón de los/las", ["Señor Dragón"]),
    ("do Coveiro", ["Coveiro"]),
    ("The Dragon of", ["Dragon"]),
    ("Mago Oscuro", []),
    ("de la Ra", []),
    ("do Casa", ["Casa"]),
    ("do Coveiro de Ouro", ["Coveiro de Ouro"]),
    ("Luminoso/a", []),
])
def test_series_variants_split_alternatives_and_drop_linking_words_at_the_edges(text, expected):
    assert n.series_variants(text) == expected


def test_everyday_words_are_those_of_zipf_three_and_a_half_or_more():
    assert n._everyday("dragon", "en") and not n._everyday("coveiro", "pt")


def card(passcode, names, printings=None, card_type="monster", unofficial=None):
    from ygorules.names.table import CardRecord
    return CardRecord(passcode, card_type, names, unofficial or {}, printings)


def table_of(cards, series=()):
    from ygorules.names.table import NameTable
    return NameTable(cards=list(cards), series=list(series))


def test_imported_cards_with_the_same_names_are_one_entry_with_every_passcode_and_the_most_printings():
    out = n.table_named(table_of([card("1", {"en": "Same Card"}, 3), card("2", {"en": "Same Card"}, 9),
                                  card("3", {"en": "Same Card"}, None, card_type="trap")]))
    (a, _), (b, _) = out
    assert (a.id, a.passcodes, a.prominence) == ("same-card", ("1", "2"), 9)
    assert (b.id, b.passcodes, b.prominence, b.card_type) == ("same-card-3", ("3",), 0, "trap")
    assert (a.kind, a.origin, b.origin) == ("card", "table", "table")


def test_an_imported_card_without_an_english_name_takes_its_id_from_another_name_or_its_passcode():
    out = n.table_named(table_of([card("1", {"es": "Carta Sola"}), card("2", {"en": None}, unofficial={"en": "Game Only"}),
                                  card("3", {})]))
    assert [e.id for e, _ in out] == ["carta-sola", "game-only", "3"]
    assert out[1][1] == [("Game Only", "en", "video-game", None)]


def test_imported_forms_include_video_game_names_and_no_article_forms():
    out = n.table_named(table_of([card("1", {"es": "El Gran Dragón Rojo", "en": "Red Dragon"}, unofficial={"pt": "Dragão"})]))
    forms = out[0][1]
    assert ("Gran Dragón Rojo", "es", "no-article", None) in forms and ("Dragão", "pt", "video-game", None) in forms


def test_a_given_name_and_its_epithet_get_a_form_without_the_article_between():
    out = n.table_named(table_of([card("1", {"it": "Zarvok il Drago del Vento", "en": "Zarvok the Wind Dragon"}),
                                  card("2", {"en": "Storm Magician the Wind Knight"})]))
    forms = {e.id: forms for e, forms in out}
    assert ("Zarvok Drago del Vento", "it", "no-article", None) in forms["zarvok-the-wind-dragon"]
    assert ("Zarvok Wind Dragon", "en", "no-article", None) in forms["zarvok-the-wind-dragon"]
    # only right after a given name of one word: a longer head keeps its article ("… Magician the Wind Knight")
    assert not any(v == "no-article" for _, _, v, _ in forms["storm-magician-the-wind-knight"])


def test_a_prominent_imported_card_is_found_by_its_short_form():
    out = n.table_named(table_of([card("1", {"en": "Brionac, Dragon of the Ice Barrier"}, 5)]))
    assert ("Brionac", "en", "short-form", None) in out[0][1]


def test_a_series_gets_an_id_and_forms_for_both_genders_and_its_variants():
    out = n.table_named(table_of([], series=[{"es": "Luminoso/a", "en": "Shiny"}, {"es": "Mago(a) Negro(a)", "en": None},
                                              {"it": "Drago del/di Tuono", "en": "Thunder Dragon"},
                                              {"en": "Shiny"}]))
    by_id = {e.id: forms for e, forms in out}
    assert set(by_id) == {"series-shiny", "series-mago-a-negro-a", "series-thunder-dragon", "series-shiny-x"}
    assert ("Luminoso", "es", "variant", None) in by_id["series-shiny"] and ("Luminosa", "es", "variant", None) in by_id["series-shiny"]
    assert {f[0] for f in by_id["series-mago-a-negro-a"]} >= {"Mago Negro", "Maga Negra"}
    assert {f[0] for f in by_id["series-thunder-dragon"]} >= {"Drago del Tuono", "Drago di Tuono"}
    assert all(e.kind == "series" and e.origin == "table" for e, _ in out)
    assert ("Shiny", "en", "official", None) in by_id["series-shiny"]


def test_a_series_name_with_an_optional_ending_gets_a_form_with_it_and_one_without():
    # a plural ("Rey(es)", "Bestia/s … Nórdica/s": every ending alike) and a feminine after a consonant ("Encantador/a")
    out = n.table_named(table_of([], series=[{"es": "Rey(es) de Hielo", "en": "Ice King"},
                                              {"es": "Bestia/s Nórdica/s", "en": "North Beast"},
                                              {"es": "el/la Encantador/a", "en": "Enchanter"}, {"es": "D/D", "en": "Dee"}]))
    by_id = {e.id: {f[0] for f in forms} for e, forms in out}
    assert {"Rey de Hielo", "Reyes de Hielo"} <= by_id["series-ice-king"]
    assert {"Bestia Nórdica", "Bestias Nórdicas"} <= by_id["series-north-beast"] and "Bestias Nórdica" not in by_id["series-north-beast"]
    assert {"el Encantador", "la Encantadora"} <= by_id["series-enchanter"]  # (alone, the everyday word is no form)
    assert by_id["series-dee"] == {"D/D", "Dee"}  # (a word of fewer than three letters takes no ending: "D/D" is the name)


def test_a_member_form_that_a_sub_series_member_shares_is_neither_s_under_the_series():
    # "Zorvix" ends a Frost Lord's name (a long rare word of its rest) and a Frost Lord Avatar's (the sub-series'
    # rest): the Frost Lord series names both, so it names neither by it; the sub-series names its own member
    cards = [named("hi", {"en": "Frost Lord High Avatar Zorvix"}, prominence=3),
             named("av", {"en": "Frost Lord Avatar Zorvix"}, prominence=3)]
    series = [named("series-frost-lord", {"en": "Frost Lord"}, kind="series"),
              named("series-frost-lord-avatar", {"en": "Frost Lord Avatar"}, kind="series")]
    got = n.member_forms(cards, series)
    assert [(t, src) for t, _, _, src in got[0] if t == "Zorvix"] == []
    assert [(t, src) for t, _, _, src in got[1] if t == "Zorvix"] == [("Zorvix", "series-frost-lord-avatar")]


def test_every_other_spelling_of_a_series_is_a_form_but_a_lone_everyday_word():
    out = n.table_named(table_of([], series=[{"es": "los/las Casa", "en": "Home"}]))
    texts = {f[0] for f in out[0][1]}
    assert {"los Casa", "las Casa"} <= texts and "Casa" not in texts


def test_a_series_whose_english_name_has_no_letters_is_numbered():
    out = n.table_named(table_of([], series=[{"en": "★", "es": "Estrella"}]))
    assert out[0][0].id == "series-0"


def test_a_series_variant_of_one_everyday_word_is_not_a_form():
    out = n.table_named(table_of([], series=[{"en": "The Dragon of", "es": "do Coveiro"}]))
    texts = {f[0] for f in out[0][1]}
    assert "Dragon" not in texts and "Coveiro" in texts


# ── short forms ──────────────────────────────────────────────────────────────

def entries_for_short_forms(*cards):
    return [named(id, {"en": name}, prominence=p) for id, name, p in cards]


def short(*cards, taken=frozenset()):
    return [[f[0] for f in fs] for fs in n.short_forms(entries_for_short_forms(*cards), taken)]


def test_a_one_word_head_before_of_the_is_a_short_form_of_a_prominent_card():
    assert short(("s", "Sqorn of the Thunder", 5)) == [["Sqorn"]]
    assert short(("p", "Pot of the Vault", 5)) == [[]]  # an everyday word
    assert short(("s", "Sqorn Tlork of the Thunder", 5)) == [[]]  # a head of two words


def test_the_part_before_a_comma_is_a_short_form_of_a_prominent_card():
    assert short(("b", "Briox, Dragon of Ice", 5)) == [["Briox"]]
    assert short(("b", "Briox Tlork, Dragon of Ice", 5)) == [["Briox Tlork"]]
    assert short(("b", "Briox, Dragon of Ice", 2)) == [[]]
    assert short(("b", "Briox, Dragon", 5)) == [[]]
    assert short(("b", "Briox, Ice Dragon", 5)) == [["Briox"]]
    assert short(("b", "Xqzt, Ice Dragon", 5)) == [["Xqzt"]]
    assert short(("b", "Briox Qzvx Tlork, Dragon of Ice", 5)) == [[]]  # (three words before the comma)


def test_an_english_head_before_the_and_an_epithet_is_a_short_form():
    assert short(("z", "Briox the Glass Dragon", 5)) == [["Briox"]]
    assert short(("z", "Number 41: Briox the Very Tired Dragon", 5)) == [["Briox"]]  # (after the number)
    assert short(("z", "Briox Tlork the Glass Dragon", 5)) == [["Briox Tlork"]]
    assert short(("z", "Briox the Dragon", 5)) == [[]]  # one word after "the": a phrase of running text
    assert short(("z", "Briox the Glass Dragon", 2)) == [[]]  # printed too little
    assert short(("z", "Number 41: Briox, Glass Dragon", 5)) == [["Briox"]]  # a comma's head, after the number


def test_an_epithet_of_four_words_or_more_after_the_comma_is_a_short_form_of_one_card_only():
    assert short(("b", "Briox, Mad King of Glass", 5)) == [["Briox", "Mad King of Glass"]]
    assert short(("b", "Briox, King of Glass", 5)) == [["Briox"]]  # three words: a phrase of running text
    assert short(("b", "Briox, Dragon of the Glass", 5)) == [["Briox", "Dragon of the Glass"]]
    # the same epithet ends two cards' names: a series' words, neither card's (however more printed one is)
    assert short(("b", "Briox, Dragon of the Glass", 5), ("t", "Trask, Dragon of the Glass", 2)) == [["Briox"], []]


def test_a_long_rare_first_or_last_word_is_a_short_form():
    assert short(("q", "Quetzalcoatl Dragon Xiuhtecuhtli", 3)) == [["Quetzalcoatl", "Xiuhtecuhtli"]]
    assert short(("q", "Quetzalcoatl Xiuhtecuhtli Dragon", 3)) == [["Quetzalcoatl"]]
    assert short(("q", "Dragon Quetzalcoatl", 3)) == [["Quetzalcoatl"]]
    assert short(("q", "Wonderful Quetzal", 3)) == [[]]
    assert short(("q", "Quetzalcoatl", 3)) == [[]]


def test_a_short_form_must_lead_every_other_card_it_could_name_by_twice_the_printings():
    assert short(("a", "Quetzalcoatl Dragon", 10), ("b", "Quetzalcoatl Knight", 5)) == [["Quetzalcoatl"], []]
    assert short(("a", "Quetzalcoatl Dragon", 10), ("b", "Quetzalcoatl Knight", 6)) == [[], []]
    assert short(("a", "Quetzalcoatl Dragon", 3), ("b", "Quetzalcoatl Knight", 20)) == [[], ["Quetzalcoatl"]]


def test_no_short_form_is_another_cards_full_name_a_series_name_or_under_four_letters():
    assert short(("a", "Quetzalcoatl Dragon", 10), ("b", "Quetzalcoatl", 0)) == [[], []]
    assert short(("a", "Quetzalcoatl Dragon", 10), taken={"quetzalcoatl"}) == [[]]
    assert short(("a", "Xyz, Dragon of Ice", 10)) == [[]]


def test_a_short_form_is_a_form_of_every_language_whose_name_gives_it():
    e = named("g", {"es": "Grotz, Guerrero Brillante", "it": "Grotz, Guerriero Brillante", "en": "Grotz, Shining Warrior",
                    "pt": "Guerreiro Brillante Grotz"}, prominence=7)
    assert sorted(n.short_forms([e])[0]) == [("Grotz", "en", "short-form", None), ("Grotz", "es", "short-form", None),
                                             ("Grotz", "it", "short-form", None)]


def test_only_official_and_video_game_names_give_short_forms():
    e = named("a", {"en": "Quetzalcoatl Dragon"}, prominence=9,
              forms=[("Quetzalcoatl Dragon", "en", "nickname", None), ("Tlaloc Dragon", "en", "video-game", None)])
    assert n.short_forms([e]) == [[("Tlaloc", "en", "short-form", None)]]


# ── locations, the cache and loading ─────────────────────────────────────────

def test_the_default_name_table_is_under_the_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("YGORULES_NAMES", "~/names.tsv.gz")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert n.default_names() == str(tmp_path / "names.tsv.gz")
    monkeypatch.delenv("YGORULES_NAMES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert n.default_names() == str(tmp_path / "data" / "ygorules" / "names.tsv.gz")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert n.default_names() == str(tmp_path / ".local" / "share" / "ygorules" / "names.tsv.gz")


def test_the_kb_part_is_cached_by_default():
    n.kb_part(KB)
    assert n.kb_part(KB).cache is not None


def test_a_missing_kb_folder_is_a_usage_error(tmp_path):
    with pytest.raises(YgoError, match="no such knowledge-base folder") as err:
        n.kb_part(tmp_path / "nope", use_cache=False)
    assert err.value.exit_code == 2


def test_a_table_given_but_missing_is_an_error_and_a_missing_default_one_is_no_part(tmp_path, monkeypatch):
    with pytest.raises(YgoError):
        n.table_part(tmp_path / "missing.tsv.gz", use_cache=False)
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "missing.tsv.gz"))
    assert n.table_part(None, use_cache=False) is None
    assert len(n.load_index(KB, None, use_cache=False).parts) == 1


def test_an_index_built_without_the_cache_writes_nothing_to_it(table):
    n.load_index(KB, table, use_cache=False)
    cache = Path(os.environ["YGORULES_CACHE"])
    assert not cache.exists() or list(cache.iterdir()) == []


def test_the_default_table_is_used_when_present(tmp_path, monkeypatch, table):
    monkeypatch.setenv("YGORULES_NAMES", str(table))
    ix = n.load_index(KB, use_cache=False)
    assert [p.origin for p in ix.parts] == ["kb", "table"]
    assert [p.origin for p in n.load_index(KB, False, use_cache=False).parts] == ["kb"]


def test_a_kb_with_errors_is_indexed_where_valid_and_the_caller_is_warned_once(tmp_path):
    import shutil
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb)
    (kb / "cards" / "broken.yaml").write_text("id: broken\nnames: 3\n", encoding="utf-8")
    told = []
    ix = n.load_index(kb, False, use_cache=False, warn=told.append)
    assert ix.problems >= 1 and len(told) == 1
    assert told[0].startswith(f"warning: {kb} has {ix.problems} error(s) (run `ygorules check`)")
    assert ix.lookup("mirror force").matches[0].entry.id == "mirror-force"
    quiet = []
    n.load_index(KB, False, use_cache=False, warn=quiet.append)
    assert quiet == []


def test_a_kb_with_errors_warns_on_stderr_by_default(tmp_path, capsys):
    import shutil
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb)
    (kb / "cards" / "broken.yaml").write_text("id: broken\nnames: 3\n", encoding="utf-8")
    n.load_index(kb, False, use_cache=False)
    assert "error(s) (run `ygorules check`)" in capsys.readouterr().err


def test_a_cached_index_answers_as_a_fresh_one_and_reads_only_the_columns_it_needs(table):
    fresh = n.load_index(KB, table, use_cache=False)
    n.load_index(KB, table)
    cached = n.load_index(KB, table)
    assert all(p.cache is not None and isinstance(p.data, n.Columns) for p in cached.parts)
    read = lambda p: {k.split("@")[0] for k in p.data.read_columns()}  # noqa: E731 (a column with its offsets)
    assert all(read(p) <= {"e_passcodes", "p_keys", "p_off", "p_vals"} for p in cached.parts)  # KB cards hide pool ones
    assert ids(cached.lookup("mirror force")) == ids(fresh.lookup("mirror force"))
    pool = cached.parts[1]
    read = read(pool)
    assert "k_keys" in read and not read & {"w_keys", "d_keys", "t_keys", "z_words", "z_en"}  # no fuzzy or translate column
    assert "e_en" not in pool.data.values  # the names are decoded one row at a time, not as the whole column
    assert ids(cached.lookup("mirror forse")) == ids(fresh.lookup("mirror forse"))
    assert "w_keys" in pool.data.read_columns()
    assert [e.prominence for e in cached.entries()] == [e.prominence for e in fresh.entries()]
    assert [(e.id, e.names) for e in cached.entries()] == [(e.id, e.names) for e in fresh.entries()]


def test_the_pool_entries_a_kb_card_holds_are_hidden_whether_asked_one_by_one_or_all_at_once(table, monkeypatch):
    monkeypatch.setattr(n.Hidden, "FULL_AFTER", 3)  # (the fixture pool is small)
    ix = n.load_index(KB, table, use_cache=False)
    pool = ix.parts[1]
    kb_passcodes = {pc for i in range(len(ix.parts[0])) for pc in ix.parts[0].entry(i).passcodes}
    expected = {i for i in range(len(pool)) if set(pool.entry(i).passcodes) & kb_passcodes}
    assert expected and isinstance(pool.hidden, n.Hidden)
    assert [i in pool.hidden for i in range(len(pool))] == [i in expected for i in range(len(pool))]  # one by one...
    assert type(pool.hidden) is set and pool.hidden == expected  # ... until FULL_AFTER asks: then the whole set
    fresh = n.load_index(KB, table, use_cache=False).parts[1].hidden
    assert fresh.whole() == expected and [i in fresh for i in range(len(pool))] == [i in expected for i in range(len(pool))]
    assert not n.Hidden(pool, set()) and [e.id for e in ix.entries()].count("mirror-force") == 1


def test_a_system_without_pread_reads_the_columns_by_seek_and_read(table, monkeypatch):
    fresh = n.load_index(KB, table, use_cache=False)
    n.load_index(KB, table)
    monkeypatch.setattr(n, "_HAS_PREAD", False)
    cached = n.load_index(KB, table)
    assert [p.cache is not None for p in cached.parts] == [True, True]
    for q in ("mirror force", "mirror forse", "Inversão de Limite"):
        assert [(m.entry.id, m.score) for m in cached.lookup(q).matches] == [(m.entry.id, m.score) for m in fresh.lookup(q).matches]


def test_a_cached_part_gives_every_column_as_the_built_one(table):
    n.load_index(KB, table)
    for part in n.load_index(KB, table).parts:
        built = part.data.rebuild()  # (the columns as a fresh build makes them; the file is written again)
        names = [k for k in built if k[1:2] == "_"]
        assert names and all(part.data[k] == built[k] for k in names)
        for k in names:
            if k + "@" in built:  # a text column, item by item (decoded from its bytes, by byte offsets where not ASCII)
                assert list(part.col(k)) == built[k].split("\n")[:len(part.col(k))] and part.strings(k) == n.Part(built).strings(k)


def _header(path):
    """(the header of a part's cache file, where the columns begin)."""
    import marshal
    raw = path.read_bytes()
    size = int.from_bytes(raw[len(n.MAGIC):len(n.MAGIC) + 4], "little")
    return marshal.loads(raw[len(n.MAGIC) + 4:len(n.MAGIC) + 4 + size]), len(n.MAGIC) + 4 + size


def _with_header(path, **changes):
    import marshal
    raw = path.read_bytes()
    head, base = _header(path)
    new = marshal.dumps({**head, **changes})
    path.write_bytes(n.MAGIC + len(new).to_bytes(4, "little") + new + raw[base:])


@pytest.mark.parametrize("damage", ["garbage", "empty", "old layout", "truncated", "longer", "wrong version", "other table",
                                    "not a dict", "column out of the file"])
def test_a_damaged_or_stale_cache_file_is_built_again(table, damage):
    import marshal
    n.load_index(KB, table)
    cache = Path(os.environ["YGORULES_CACHE"])
    [path] = cache.glob("table-*.index")
    raw = path.read_bytes()
    head, base = _header(path)
    if damage == "garbage":
        path.write_bytes(b"\x00garbage")
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "old layout":  # what INDEX_VERSION 16 wrote: a marshalled dict
        path.write_bytes(marshal.dumps({"version": n.INDEX_VERSION, "signature": head["signature"]}))
    elif damage == "truncated":
        path.write_bytes(raw[:-100])
    elif damage == "longer":
        path.write_bytes(raw + b"\x00")
    elif damage == "wrong version":
        _with_header(path, version=n.INDEX_VERSION - 1)
    elif damage == "other table":
        _with_header(path, signature="other")
    elif damage == "not a dict":
        new = marshal.dumps([1, 2])
        path.write_bytes(n.MAGIC + len(new).to_bytes(4, "little") + new + raw[base:])
    elif damage == "column out of the file":
        kind, at, size = head["spans"]["k_keys"]
        _with_header(path, spans={**head["spans"], "k_keys": (kind, at + 10**6, size)})
    assert [p.cache is not None for p in n.load_index(KB, table).parts] == [True, False]
    assert path.read_bytes() == raw  # written again as it was
    again = n.load_index(KB, table)
    assert [p.cache is not None for p in again.parts] == [True, True] and ids(again.lookup("mirror force")) == ["mirror-force"]


def _from_cache(table) -> list[bool]:
    """Per part of a new index: True when it was read from the cache, False when it was built."""
    return [p.cache is not None for p in n.load_index(KB, table).parts]


def _saved_again(path) -> None:
    """The same bytes, saved again a second later."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_a_table_that_changed_builds_its_part_again(tmp_path, table):
    import shutil
    copy = tmp_path / "names.tsv.gz"
    shutil.copyfile(table, copy)
    n.load_index(KB, copy)
    assert _from_cache(copy) == [True, True]
    _saved_again(copy)
    assert _from_cache(copy) == [True, False] and _from_cache(copy) == [True, True]


def test_a_column_found_damaged_while_it_is_read_builds_the_part_again_and_answers_the_same(table):
    fresh = n.load_index(KB, table, use_cache=False)
    n.load_index(KB, table)
    cache = Path(os.environ["YGORULES_CACHE"])
    [path] = cache.glob("table-*.index")
    good = path.read_bytes()
    head, base = _header(path)
    raw = bytearray(good)
    for column in ("w_keys", "e_es"):  # a key column (read whole) and a name column (read one row at a time)
        kind, at, size = head["spans"][column]
        raw[base + at:base + at + size] = b"\xff" * size  # not UTF-8
    path.write_bytes(bytes(raw))
    damaged = n.load_index(KB, table)
    assert [p.cache is not None for p in damaged.parts] == [True, True]  # the header and the sizes are right
    for q in ("mirror forse", "fuerza de espejo", "Lily", "Inversão de Limite"):
        assert [(m.entry.id, m.entry.names, m.score) for m in damaged.lookup(q).matches] == \
            [(m.entry.id, m.entry.names, m.score) for m in fresh.lookup(q).matches]
    assert path.read_bytes() == good  # written again
    assert [(e.id, e.names) for e in damaged.entries()] == [(e.id, e.names) for e in fresh.entries()]


def test_a_cache_file_replaced_while_an_index_is_open_is_not_seen_by_it(table):
    n.load_index(KB, table)
    cached = n.load_index(KB, table)
    cache = Path(os.environ["YGORULES_CACHE"])
    [path] = cache.glob("table-*.index")
    path.unlink()  # (another process writes a new file under the name: this index keeps the one it opened)
    path.write_bytes(b"")
    assert ids(cached.lookup("mirror forse")) == ids(n.load_index(KB, table, use_cache=False).lookup("mirror forse"))


def test_a_cache_folder_that_cannot_be_written_only_costs_speed(tmp_path, monkeypatch, table):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("YGORULES_CACHE", str(blocked / "cache"))
    ix = n.load_index(KB, table)
    assert ids(ix.lookup("mirror force")) == ["mirror-force"]


def test_the_kb_signature_changes_when_a_kb_file_does(tmp_path):
    import shutil
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb)
    before = n.kb_signature(kb)
    assert n.kb_signature(kb) == before and "cards/honest.yaml" in before and str(kb) not in before.split("\n", 1)[1]
    (kb / "cards" / "honest.yaml").write_text((kb / "cards" / "honest.yaml").read_text(encoding="utf-8") + "\n",
                                              encoding="utf-8")
    assert n.kb_signature(kb) != before


def test_the_code_key_stamps_every_file_of_the_code_that_builds_the_index():
    key = n._code_key()
    assert ":missing" not in key and key.count("names/index.py:") == 1


def test_the_code_key_stamps_the_condition_templates_without_importing_their_module():
    import subprocess
    import sys
    code = ("import sys; from ygorules.names import index as n; key = n._code_key(); "
            "loaded = 'ygorules.core.conditions' in sys.modules; from ygorules.core import conditions; "
            "print(loaded, key.count(conditions.TEMPLATES + ':'), key == n._code_key())")
    env = {**os.environ, "PYTHONPATH": str(Path(n.__file__).parents[2])}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "1", "True"]


def test_a_missing_code_file_is_stamped_as_missing(monkeypatch):
    monkeypatch.setattr(n, "_CODE", n._CODE + ("names/gone.py",))
    assert n._code_key().count("names/gone.py:missing") == 1


def test_a_new_stamp_of_the_condition_templates_builds_both_parts_again(tmp_path, monkeypatch, table):
    # the short forms leave out the monster Types of core/conditions.yaml: a cached part keeps the old list's choices
    import shutil
    from ygorules.core import conditions
    templates = tmp_path / "conditions.yaml"
    shutil.copyfile(conditions.TEMPLATES, templates)
    monkeypatch.setattr(conditions, "TEMPLATES", str(templates))
    assert n._code_key().count(str(templates) + ":") == 1
    n.load_index(KB, table)
    assert _from_cache(table) == [True, True]
    _saved_again(templates)
    assert _from_cache(table) == [False, False] and _from_cache(table) == [True, True]


def test_the_code_key_changes_with_the_nickname_list(tmp_path, monkeypatch):
    before = n._code_key()
    other = tmp_path / "nicknames.tsv"
    other.write_text("passcode\ten\ttext\tlangs\tkind\tsource\tnote\n", encoding="utf-8")
    monkeypatch.setenv("YGORULES_NICKNAMES", str(other))
    assert n._code_key() != before
    assert str(n.INDEX_VERSION) in before.split(";")[:2]


def test_the_words_before_a_dash_are_a_short_form_of_the_one_card_whose_name_begins_so():
    # (the words after it are one too: test_the_words_after_a_dash_are_a_short_form_of_the_member_they_name)
    assert short(("c", "Tlork Briox Drake - Envoy of Ice", 5)) == [["Tlork Briox Drake", "Envoy of Ice"]]
    assert short(("c", "Tlork Briox - Envoy of Ice", 5)) == [["Tlork Briox", "Envoy of Ice"]]
    # a head that begins two names is their series' words, whichever is the more printed
    assert short(("c", "Tlork Briox Drake - Envoy of Ice", 12), ("d", "Tlork Briox Drake - Herald", 1)) == \
        [["Envoy of Ice"], []]
    # one word before the dash is no short form of it ("E - Emergency Call"); nor are four
    assert short(("c", "Tlor - Envoy of Ice", 5)) == [["Envoy of Ice"]]
    assert short(("c", "Tlork Briox Qzvx Drake - Envoy of Ice", 5)) == [["Envoy of Ice"]]


def test_the_words_after_a_dash_are_a_short_form_of_the_member_they_name():
    # "Shura the Blue Flame" of "Blackwing - Shura the Blue Flame": the series and its dash left out
    assert short(("c", "Qzvx - Shura of Ice Flame", 5)) == [["Shura of Ice Flame"]]
    # one word after it, or an article and a word ("Arcana Force I - The Magician"), is none
    assert short(("c", "Qzvx - Envoy", 5), ("d", "Qzvx Tlork - The Envoy", 5)) == [[], ["Qzvx Tlork"]]
    # nor is a little-printed card's, nor the words that end two cards' names but for the far more printed one
    assert short(("c", "Qzvx - Shura of Ice Flame", 2)) == [[]]
    assert short(("c", "Qzvx - Shura of Ice Flame", 5), ("d", "Tlork - Shura of Ice Flame", 5)) == [[], []]
    assert short(("c", "Qzvx - Shura of Ice Flame", 12), ("d", "Tlork - Shura of Ice Flame", 1)) == \
        [["Shura of Ice Flame"], []]


def test_an_archetypes_first_or_last_word_is_no_short_form():
    # the first word of three cards' names is the archetype's, whichever is the most printed
    assert short(("a", "Qlorvex Scout", 12), ("b", "Qlorvex Helix", 2), ("c", "Qlorvex Carrier", 1)) == [[], [], []]
    assert short(("a", "Qlorvex Scout", 12), ("b", "Qlorvex Helix", 2)) == [["Qlorvex"], []]
    # a word that begins with a one-word series name ("Qlorvex" of the series "Qlo")
    assert short(("a", "Qlorvex Scout", 12), taken={"qlo"}) == [[]]
    assert short(("a", "Qlorvex Scout", 12), taken={"qlx"}) == [["Qlorvex"]]


def test_a_monster_type_is_no_short_form():
    assert short(("a", "Amazonita Spellcaster", 9)) == [["Amazonita"]]
    e = named("a", {"en": "Zarvokia Dracone", "it": "Zarvokia Incantatore"}, prominence=9)
    assert sorted(f[0] for f in n.short_forms([e])[0]) == ["Dracone", "Zarvokia", "Zarvokia"]


def test_a_word_standing_for_the_english_series_word_is_no_short_form():
    # "Exorvanas" stands where the English name has its series word: the series' name in Spanish
    e = named("a", {"en": "Exorvister Magnivora", "es": "Exorvanas Magnivora"}, prominence=9)
    assert sorted(f[:2] for f in n.short_forms([e], {"exorvister"})[0]) == [("Magnivora", "en"), ("Magnivora", "es")]
    # but a word of its own next to another word not in English is kept ("Ophion" of "Evilswarm Ophion")
    e = named("a", {"en": "Exorvister Ophiral", "es": "Ophiral Enjambrado"}, prominence=9)
    assert ("Ophiral", "es") in [f[:2] for f in n.short_forms([e], {"exorvister"})[0]]


def test_a_plural_query_finds_the_name_it_is_the_plural_of():
    ix = make(named("kizan", {"en": "Legendary Twelve Ronin - Kozran"}, prominence=4,
                    forms=[("Legendary Twelve Ronin - Kozran", "en", "official", None), ("Kozran", "en", "nickname", None)]),
              named("hon", {"es": "Honrado", "en": "Honorable"}, prominence=9))
    assert ids(ix.lookup("Kozrans"))[:1] == ["kizan"]  # the singular's exact match
    assert ids(ix.lookup("Kozranes"))[:1] == ["kizan"]
    assert ids(ix.lookup("Honradas"))[:1] == ["hon"]  # a feminine plural of a masculine name
    assert "moonlit lady" in n.singular_keys("moonlit ladies")  # an English plural in -ies
    top = ix.lookup("Kozran").matches[0]
    assert top.score == 100.0 and ix.lookup("Kozrans").matches[0].score < top.score
    assert n.singular_keys("drago") == [] and n.singular_keys("draghi sovrani")[0] == "drago sovrano"


def test_a_plural_query_whose_words_take_different_plural_endings_finds_the_name():
    ix = make(named("wyrm", {"es": "Dragón Pálido", "pt": "Dragão Pálido", "en": "Pale Wyrm"}, prominence=9),
              named("other", {"es": "Majestad de los Dragones Pálidos", "en": "Majesty of the Pale Wyrms"}, prominence=2))
    # "-es" on the first word, "-s" on the second; Portuguese "-ões" for "-ão": the plural of the card's own name
    assert ids(ix.lookup("Dragones Pálidos"))[:1] == ["wyrm"]
    assert ids(ix.lookup("Dragões Pálidos"))[:1] == ["wyrm"]


def test_an_everyday_word_with_accents_is_no_short_form():
    # "mágicas" is an everyday Portuguese word; folded ("magicas") it would look rare
    e = named("h", {"pt": "Cartolas Mágicas", "en": "Magical Hats"}, prominence=9)
    assert "Mágicas" not in [f[0] for f in n.short_forms([e])[0]]


def test_an_exact_lookup_whose_kb_search_finds_nothing_to_score_never_loads_rapidfuzz(table, tmp_path):
    """A cold ``lookup`` of a card's exact name pays for no fuzzy-matching library it does not use (``scores`` of no
    keys returns before importing it): a process of its own, as a user's lookup runs."""
    import subprocess
    import sys
    code = ("import sys; from ygorules.names import index as n; "
            f"ix = n.load_index({str(KB)!r}, {str(table)!r}, use_cache=False); "
            "r = ix.lookup('Limit Reverse'); "
            "print(r.matches[0].entry.names['en'], 'rapidfuzz' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(Path(n.__file__).resolve().parents[2]), "YGORULES_CACHE": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.split() == ["Limit", "Reverse", "False"], out
