import json
import os
from pathlib import Path

import pytest

from ygorules.reports.overlap import main, measure, phrase_index, runs, shingles

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
ARTICLES = SHARED / "sources"

ARTICLE = ("El jugador en turno retiene la prioridad para responder a su propia declaracion de ataque "
           "con algo de Velocidad Magica 2. Cartas como \"Fuerza de Espejo\" pueden ser activadas aqui.\n")
COPIED = "El jugador en turno retiene la prioridad para responder a su propia declaración de ataque."
OWN = "Quien ataca puede ser el primero en contestar a su propio ataque."


def _source_entry(covers_es: str) -> str:
    return ("id: some-article\ntype: article\ntitle: Some article\nlang: es\nno_url: not-recorded\nlocator: sections\ncovers:\n"
            f"  es: \"{covers_es}\"\n  pt: Um texto.\n  it: Un testo.\n  en: A text.\n")


@pytest.fixture
def corpus(tmp_path):
    articles = tmp_path / "articles"
    articles.mkdir()
    (articles / "000_article.txt").write_text(ARTICLE, encoding="utf-8")
    kb = tmp_path / "kb"
    (kb / "sources").mkdir(parents=True)
    return articles, kb


def test_accents_case_and_punctuation_do_not_hide_a_copied_sequence():
    assert set(shingles("DECLARACIÓN de ataque, con algo de Velocidad Mágica 2", 8)) == set(
        shingles("declaracion de ataque con algo de velocidad magica 2", 8))


def test_quoted_card_names_split_the_word_runs():
    assert runs("activa “Fuerza de Espejo” ahora") == [["activa"], ["ahora"]]
    assert runs('activa "Fuerza de Espejo" ahora') == [["activa"], ["ahora"]]
    assert shingles("a b c “Fuerza de Espejo” d e f g h", 8) == {}


def test_words_outside_set_phrases_are_counted_per_sequence():
    phrases = phrase_index(["cálculo de daño", "Damage Step"])
    counts = shingles("antes del cálculo de daño en el Damage Step", 8, phrases)
    assert counts == {("antes", "del", "calculo", "de", "dano", "en", "el", "damage"): 4,
                      ("del", "calculo", "de", "dano", "en", "el", "damage", "step"): 3}


def test_measure_reports_copied_prose_with_its_file_field_and_language(corpus):
    articles, kb = corpus
    (kb / "sources" / "some-article.yaml").write_text(_source_entry(COPIED), encoding="utf-8")
    report = measure(kb, articles)
    assert len(report.shared) == len(COPIED.split()) - 8 + 1
    file, field, lang, _seq = report.shared[0]
    assert file.endswith("some-article.yaml") and field == "covers" and lang == "es"


def test_measure_finds_nothing_in_prose_of_our_own(corpus):
    articles, kb = corpus
    (kb / "sources" / "some-article.yaml").write_text(_source_entry(OWN), encoding="utf-8")
    report = measure(kb, articles)
    assert report.shared == [] and report.total > 0


def test_command_fails_above_the_allowed_number_of_shared_sequences(corpus, capsys):
    articles, kb = corpus
    (kb / "sources" / "some-article.yaml").write_text(_source_entry(COPIED), encoding="utf-8")
    assert main(["--sources", str(articles), "--kb", str(kb), "--max-shared", "0"]) == 1
    assert "reword" in capsys.readouterr().err
    assert main(["--sources", str(articles), "--kb", str(kb), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shared"] == len(COPIED.split()) - 8 + 1


def test_command_rejects_a_folder_without_articles(tmp_path, capsys):
    assert main(["--sources", str(tmp_path)]) == 2
    assert "no article files" in capsys.readouterr().err


@pytest.mark.shared
@pytest.mark.skipif(not ARTICLES.is_dir(), reason="../shared/sources is absent")
def test_the_whole_kb_shares_almost_no_prose_with_the_source_articles():
    report = measure(ROOT / "kb", ARTICLES)
    listing = "\n".join(f"{f}: {p} [{l}]: {' '.join(s)}" for f, p, l, s in report.shared)
    assert report.total > 10_000
    assert len(report.shared) <= 10, listing
    assert report.ratio < 0.001, listing
