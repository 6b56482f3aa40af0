"""`ygorules lookup` and the name index: folding, exact and fuzzy queries, ties, KB over table, JSON, caching."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ygorules.names import index as names

from ygorules.names import table as nametable
from ygorules.cli import main

from _names_fixtures import FIX, KB, ROOT, SHARED, index, isolated, table  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def kb_only():
    return names.load_index(KB, False, use_cache=False)


def first(result):
    return result.matches[0].entry.id if result.matches else None


@pytest.mark.parametrize("a, b", [
    ("Hada de la Inyección Lily", "hada de la inyeccion lily"),
    ("HADA DE LA INYECCIÓN LILY", "hada de la inyeccion lily"),
    ("Blue–Eyes  White Dragon", "blue-eyes white dragon"),
    ("L’Onesto", "l'onesto"),
    ("Hada de la Inyección Lily", "Hada de la Inyección Lily"),  # NFD accents
    ("Mirror Force!", "mirror force"),
])
def test_normalize_folds_case_accents_punctuation_spacing_and_typography(a, b):
    assert names.normalize(a) == names.normalize(b)


def test_normalize_keeps_different_names_apart():
    assert names.normalize("Mago Oscuro") != names.normalize("Mago Obscuro")


def test_exact_query_without_accents_finds_the_card_with_score_100(index):
    r = index.lookup("hada de la inyeccion lily")
    m = r.matches[0]
    assert (m.entry.id, m.score, m.exact) == ("injection-fairy-lily", 100.0, True)


def test_query_in_another_language_finds_the_same_card(index):
    assert first(index.lookup("lily iniezione fatata")) == "injection-fairy-lily"
    assert first(index.lookup("Força do Espelho")) == "mirror-force"


def test_fan_translation_recorded_in_the_kb_finds_its_card(index):
    m = index.lookup("mago obscuro").matches[0]
    assert m.entry.id == "dark-magician" and m.form.variant == "fan-translation"


def test_typo_finds_the_card_first(index):
    r = index.lookup("injection fairy lilly")
    assert first(r) == "injection-fairy-lily" and r.matches[0].score < 100


def test_swapped_letters_in_an_imported_name_find_it(index):
    assert first(index.lookup("espejo de hileo")) == "ice-mirror"


def test_reordered_words_find_the_card_first(index):
    r = index.lookup("force mirror")
    assert first(r) == "mirror-force"
    assert r.matches[0].score > max(m.score for m in r.matches[1:])


def test_a_dropped_word_finds_the_card_first(index):
    assert first(index.lookup("hada inyeccion lily")) == "injection-fairy-lily"


def test_an_extra_word_finds_the_card_first(index):
    assert first(index.lookup("la carta fuerza de espejo")) == "mirror-force"


def test_a_partial_name_finds_the_kb_card(kb_only):
    assert first(kb_only.lookup("Lily")) == "injection-fairy-lily"


def test_an_exact_imported_name_and_a_partial_kb_name_are_both_reported(index):
    r = index.lookup("Lily")
    ids = [m.entry.id for m in r.matches]
    assert ids[0] == "lillybot"  # the Italian name of Lillybot is exactly "Lily"
    assert "injection-fairy-lily" in ids


def test_two_entries_that_fit_equally_well_are_both_reported(table, tmp_path):
    (tmp_path / "empty-kb").mkdir()
    pool = names.load_index(tmp_path / "empty-kb", table, use_cache=False)
    r = pool.lookup("Mirror", limit=1)
    ids = {m.entry.id for m in r.matches}
    assert r.ambiguous and {"ice-mirror", "red-mirror"} <= ids


def test_scores_a_point_apart_tie(table, tmp_path):
    (tmp_path / "empty-kb").mkdir()
    pool = names.load_index(tmp_path / "empty-kb", table, use_cache=False)
    r = pool.lookup("Specchio")  # Specchio Rosso and Specchio del Ghiaccio differ only by their lengths
    assert r.ambiguous and {m.entry.id for m in r.matches[:r.tied]} == {"ice-mirror", "red-mirror"}
    assert r.matches[0].score != r.matches[1].score


def test_a_clear_best_match_is_not_ambiguous(index):
    assert not index.lookup("fuerza de espejo oscura").ambiguous


def test_kb_entry_hides_the_imported_card_with_the_same_passcode(index):
    r = index.lookup("Mirror Force")
    assert [m.entry.origin for m in r.matches] == ["kb"]


def test_cards_with_the_same_names_in_every_language_are_one_imported_entry(index):
    r = index.lookup("mago negro", limit=10)
    assert [m.entry.id for m in r.matches] == ["dark-magician"]  # the KB card; the table's two printings are hidden
    pool = names.load_index(KB, False, use_cache=False)
    assert first(pool.lookup("mago negro")) == "dark-magician"


def test_kb_wins_a_close_fuzzy_call_over_an_imported_card(index):
    r = index.lookup("Guardia Real")
    assert [m.entry.id for m in r.matches[:2]] == ["royal-keeper", "royal-guard"]  # the KB's old name first


def test_from_restricts_the_language_of_the_query(index):
    assert first(index.lookup("Lily", lang="it")) == "lillybot"
    assert first(index.lookup("Lily", lang="es")) == "injection-fairy-lily"
    assert not any(m.exact for m in index.lookup("Mirror Force", lang="es").matches)


def test_terms_are_found_by_their_variants(index):
    m = index.lookup("paso de dano").matches[0]
    assert (m.entry.id, m.entry.kind, m.form.variant) == ("damage-step", "term", "community")


def test_video_game_names_are_found_but_are_not_official(index):
    m = index.lookup("Inversão de Limite").matches[0]
    assert m.entry.id == "limit-reverse" and m.form.variant == "video-game" and m.entry.names["pt"] is None


def test_limit_is_respected_when_there_is_no_tie(index):
    assert len(index.lookup("espejo", limit=2).matches) == 2


def test_default_kb_is_the_same_rule_as_the_validator(monkeypatch, tmp_path):
    from ygorules.core.kb import default_kb
    monkeypatch.chdir(tmp_path)
    assert Path(names.default_kb()).resolve() == default_kb().resolve()
    monkeypatch.setenv("YGORULES_KB", str(tmp_path / "x"))
    assert Path(names.default_kb()) == default_kb()


def test_default_table_location_is_the_rule_of_nametable(monkeypatch, tmp_path):
    monkeypatch.delenv("YGORULES_NAMES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert Path(names.default_names()) == nametable.default_path()
    monkeypatch.setenv("YGORULES_NAMES", "~/x.tsv.gz")
    assert Path(names.default_names()) == nametable.default_path()


# ── the command ───────────────────────────────────────────────────────────────

def run_cli(argv, capsys, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_output_has_exactly_the_documented_shape(table, capsys):
    code, out, _ = run_cli(["lookup", "--kb", str(KB), "--names", str(table), "--json", "fuerza de espejo"], capsys)
    doc = json.loads(out)
    assert code == 0
    assert doc["query"] == "fuerza de espejo"
    m = doc["matches"][0]
    assert {k: m[k] for k in ("id", "kind", "score", "matched", "names")} == {
        "id": "mirror-force", "kind": "card", "score": 100.0,
        "matched": {"text": "Fuerza de Espejo", "lang": "es", "variant": "official"},
        "names": {"es": "Fuerza de Espejo", "pt": "Força do Espelho", "it": "Forza Riflessa", "en": "Mirror Force"}}


def test_json_names_are_null_where_there_is_no_official_name(table, capsys):
    _, out, _ = run_cli(["lookup", "--kb", str(KB), "--names", str(table), "--json", "Royal Guard"], capsys)
    m = json.loads(out)["matches"][0]
    assert m["id"] == "royal-guard" and m["names"] == {"es": None, "pt": None, "it": None, "en": None}


def test_stdin_gives_one_json_line_per_query_in_order(table, capsys, monkeypatch):
    code, out, _ = run_cli(["lookup", "--kb", str(KB), "--names", str(table), "-"], capsys,
                           "mago obscuro\n\nforce mirror\nzzzz qqqq\n", monkeypatch)
    lines = [json.loads(l) for l in out.splitlines()]
    assert code == 0
    assert [l["query"] for l in lines] == ["mago obscuro", "", "force mirror", "zzzz qqqq"]
    assert [l["matches"][0]["id"] if l["matches"] else None for l in lines] == ["dark-magician", None, "mirror-force", None]


def test_text_output_shows_what_matched_how_well_and_all_four_names(capsys):
    code, out, _ = run_cli(["lookup", "--kb", str(KB), "hada de la inyeccion lily"], capsys)
    assert code == 0
    assert "injection-fairy-lily" in out and "exact 100.0" in out and "matched 'Hada de la Inyección Lily' (es, official)" in out
    for line in ("es  Hada de la Inyección Lily", "pt  Lily, a Fada Enfermeira", "it  Lily Iniezione Fatata", "en  Injection Fairy Lily"):
        assert line in out


def test_to_limits_the_languages_shown(capsys):
    _, out, _ = run_cli(["lookup", "--kb", str(KB), "--to", "it,en", "mirror force"], capsys)
    assert "it  Forza Riflessa" in out and "en  Mirror Force" in out and "es  " not in out


def test_text_output_says_when_entries_tie(table, capsys, tmp_path):
    (tmp_path / "empty-kb").mkdir()
    _, out, _ = run_cli(["lookup", "--kb", str(tmp_path / "empty-kb"), "--names", str(table), "Mirror"], capsys)
    assert "entries fit 'Mirror' equally well (scores within 1 point): ambiguous" in out


def test_no_match_exits_1_and_suggests_importing_the_card_pool(capsys):
    code, out, _ = run_cli(["lookup", "--kb", str(KB), "qqqq zzzz"], capsys)
    assert code == 1 and "ygorules names import" in out


def test_unknown_language_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["lookup", "--kb", str(KB), "--to", "fr", "x"])
    assert exc.value.code == 2 and "unknown language 'fr'; use es, pt, it, en (comma-separated)" in capsys.readouterr().err


def test_missing_names_file_is_a_clear_error(capsys, tmp_path):
    code, _, err = run_cli(["lookup", "--kb", str(KB), "--names", str(tmp_path / "nope.gz"), "x"], capsys)
    assert code == 1 and "no such name table" in err and "Traceback" not in err


def test_missing_kb_is_a_usage_error(capsys, tmp_path):
    code, _, err = run_cli(["lookup", "--kb", str(tmp_path / "nokb"), "x"], capsys)
    assert code == 2 and "no such knowledge-base folder" in err


def test_a_broken_kb_entry_is_reported_and_the_rest_still_answers(tmp_path, capsys):
    import shutil
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb)
    (kb / "cards" / "honest.yaml").write_text("id: honest\nnames: [\n", encoding="utf-8")
    code, out, err = run_cli(["lookup", "--kb", str(kb), "mirror force"], capsys)
    assert code == 0 and "mirror-force" in out and "1 error(s)" in err


# ── the cache ─────────────────────────────────────────────────────────────────

def test_warm_lookup_reads_neither_yaml_nor_json_schema(tmp_path, table):
    env = {**os.environ, "YGORULES_CACHE": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT / "tools")}
    code = ("import sys; from ygorules.names.index import load_index; "
            f"i = load_index({str(KB)!r}, {str(table)!r}); assert i.lookup('mirror force').matches; "
            "print(' '.join(m for m in ('jsonschema', 'yaml', 'ygorules.core.kb', 'rapidfuzz', 'pathlib', 'ygorules.names.table') "
            "if m in sys.modules))")
    cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert "ygorules.core.kb" in cold.stdout  # the first run validates the kb and fills the cache
    assert warm.stdout.strip() == ""  # an exact lookup from the cache needs none of them


def test_cache_is_refreshed_when_a_kb_file_changes(tmp_path):
    import shutil
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb)
    assert first(names.load_index(kb).lookup("Honesto")) == "honest"
    path = kb / "cards" / "honest.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("es: \"Honesto\"", "es: \"Honestísimo\""), encoding="utf-8")
    r = names.load_index(kb).lookup("Honestisimo")
    assert r.matches[0].exact and first(r) == "honest"


def test_cached_and_fresh_indexes_answer_alike(table):
    names.load_index(KB, table)  # fill the cache
    cached, fresh = names.load_index(KB, table), names.load_index(KB, table, use_cache=False)
    for q in ("fuerza espejo", "Lily", "mago obscuro", "espejo de hileo", "Inversão de Limite"):
        a, b = cached.lookup(q), fresh.lookup(q)
        assert [(m.entry.id, m.score, m.form.text) for m in a.matches] == [(m.entry.id, m.score, m.form.text) for m in b.matches]


# ── the real kb (optional) ────────────────────────────────────────────────────

ARTICLE_SOURCES = {"fuentealba-battle-phase-es", "rulebook-es-battle-phase", "fuentealba-battle-phase-pt",
                   "damage-step-it", "wiki-etapa-de-dano-pt"}


@pytest.mark.shared
@pytest.mark.skipif(not (SHARED / "data" / "cardnames.tsv").is_file(), reason="../shared/data is absent")
def test_every_spelling_the_articles_use_finds_its_card_first(tmp_path):
    from ygorules.core.kb import collect
    kb, _ = collect(ROOT / "kb")
    pool = tmp_path / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(SHARED / "data" / "cardnames.tsv")[0], pool)
    index = names.load_index(ROOT / "kb", pool, use_cache=False)
    wrong = []
    for card in kb.cards.values():
        for s in card.spellings:
            if s.source in ARTICLE_SOURCES and not s.collides_with:
                r = index.lookup(s.text)
                top = {m.entry.id for m in r.matches if m.score == r.matches[0].score} if r.matches else set()
                if card.id not in top:
                    wrong.append(f"{s.text!r} ({card.id}) → {first(r)}")
    assert not wrong, wrong


def test_a_step_and_the_term_that_names_it_are_not_rivals():
    term = names.Named("damage-step", "term", {"en": "Damage Step"}, "kb")
    step = names.Named("damage-step", "step", {"en": "Damage Step"}, "kb", concept="damage-step")
    other = names.Named("damage-step-x", "term", {"en": "Damage Step"}, "kb")
    match = lambda e: names.Match(e, 100.0, names.Form("Damage Step", "en", "official", e), True)  # noqa: E731
    assert not names.Result("damage step", [match(term), match(step)]).ambiguous
    assert names.Result("damage step", [match(term), match(step), match(other)]).ambiguous


def _from_cache(index) -> list[bool]:
    """Per part of the index: True when it was read from the cache, False when it was built."""
    return [p.cache is not None for p in index.parts]


def test_a_cached_part_is_loaded_only_when_no_other_user_may_write_it_or_its_folder(table):
    names.load_index(KB, table)  # fill the cache
    assert _from_cache(names.load_index(KB, table)) == [True, True]
    cache = Path(os.environ["YGORULES_CACHE"])
    [table_file] = cache.glob("table-*.index")
    table_file.chmod(0o666)  # anyone may write it: it is not loaded; the part is built and written again
    assert _from_cache(names.load_index(KB, table)) == [True, False]
    assert _from_cache(names.load_index(KB, table)) == [True, True]
    [kb_file] = cache.glob("kb-*.index")
    kb_file.chmod(0o664)  # the group may write it
    assert _from_cache(names.load_index(KB, table)) == [False, True]
    cache.chmod(0o777)  # a folder others may write: nothing in it is loaded
    try:
        index = names.load_index(KB, table)
        assert _from_cache(index) == [False, False] and first(index.lookup("mirror force")) == "mirror-force"
    finally:
        cache.chmod(0o700)


def test_the_text_answer_gives_a_name_never_printed_as_the_video_game_name_it_is(table, capsys):
    code, out, _ = run_cli(["lookup", "--kb", str(KB), "--names", str(table), "--limit", "1", "limit reverse"], capsys)
    assert code == 0
    assert "   pt  Inversão de Limite  (video game only, never printed)" in out.splitlines()
    assert "   en  Limit Reverse" in out.splitlines()
    # printed only in Japanese: every name is Master Duel's, and the heading uses one of them, not the passcode
    _, out, _ = run_cli(["lookup", "--kb", str(KB), "--names", str(table), "--limit", "1", "--to", "pt", "Royal Guard"], capsys)
    lines = out.splitlines()
    assert lines[0] == "1. Guarda Real  [card royal-guard, card pool, passcode 39239728]"
    assert lines[-1] == "   pt  Guarda Real  (video game only, never printed)"
    _, out, _ = run_cli(["lookup", "--kb", str(KB), "--names", str(table), "--limit", "1", "fuerza de espejo"], capsys)
    assert "video game" not in out and "   pt  Força do Espelho" in out.splitlines()
