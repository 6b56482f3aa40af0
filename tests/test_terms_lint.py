"""The terminology linter: avoided glossary forms in prose, as warnings or (--strict-terms) errors."""
import json
import shutil
from pathlib import Path

import pytest

from ygorules.cli import main
from ygorules.core.kb import collect

MINI = Path(__file__).parent / "fixtures" / "mini-kb"


def _kb(tmp_path, es_summary, avoid=True):
    root = tmp_path / "kb"
    shutil.copytree(MINI, root)
    term = root / "terms" / "damage-step.yaml"
    text = term.read_text(encoding="utf-8")
    if avoid:
        text = text.replace("  - text: Paso de Daño\n    lang: es\n    status: community\n    sources: [test-article]\n",
                            "  - text: Paso de Daño\n    lang: es\n    status: community\n    sources: [test-article]\n    avoid: true\n"
                            "    note:\n      es: el Damage Step conserva su nombre inglés en los textos oficiales\n"
                            "      pt: o Damage Step mantém o nome inglês nos textos oficiais em espanhol\n"
                            "      it: il Damage Step mantiene il nome inglese nei testi ufficiali spagnoli\n"
                            "      en: official Spanish texts keep the English name\n")
        assert "avoid: true" in text
    term.write_text(text, encoding="utf-8")
    sub = root / "substeps" / "damage-step.start.yaml"
    sub.write_text(sub.read_text(encoding="utf-8").replace("es: Un momento de prueba.", f"es: {es_summary}"), encoding="utf-8")
    return root


def _avoided(root):
    _, problems = collect(root)
    return [p for p in problems if p.code == "avoided-term"]


def test_avoided_form_in_spanish_prose_is_a_warning_naming_the_preferred_form_and_the_line(tmp_path):
    root = _kb(tmp_path, "Al comienzo del paso de daño se aplican los efectos.")
    [hit] = _avoided(root)
    assert hit.severity == "warning"
    assert hit.path.endswith("substeps/damage-step.start.yaml") and hit.line == 12
    assert "'paso de daño'" in hit.message and "summary.text.es" in hit.message
    assert "write 'Damage Step'" in hit.fix and "kb/terms/damage-step.yaml" in hit.fix
    assert "textos oficiales" in hit.fix  # the variant's own note, in the language of the prose


def test_strict_terms_fails_and_plain_check_passes(tmp_path, capsys):
    root = _kb(tmp_path, "Durante el Paso  de Daño nada cambia.")
    assert main(["check", "--kb", str(root), "--no-cache"]) == 0
    assert "warning: 'Paso  de Daño'" in capsys.readouterr().out
    assert main(["check", "--kb", str(root), "--no-cache", "--strict-terms", "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert [(p["code"], p["severity"]) for p in out["problems"]] == [("avoided-term", "error")]


@pytest.mark.parametrize("summary", [
    "Los artículos antiguos lo llaman «Paso de Daño».",
    "Algunos escriben “paso de daño”, que no es el nombre oficial.",
    'Se decía "Paso de Daño" en 2008.',
    "Un pasodedaño pegado no es el término.",
])
def test_quoted_or_partial_forms_are_exempt(tmp_path, summary):
    assert _avoided(_kb(tmp_path, summary)) == []


def test_a_form_avoided_in_one_language_is_not_flagged_in_another(tmp_path):
    root = _kb(tmp_path, "Un momento de prueba.")
    sub = root / "substeps" / "damage-step.start.yaml"
    sub.write_text(sub.read_text(encoding="utf-8").replace("pt: Um momento de teste.", "pt: O Paso de Daño não é português."), encoding="utf-8")
    assert _avoided(root) == []


def test_without_avoid_the_same_text_is_clean(tmp_path):
    assert _avoided(_kb(tmp_path, "Al comienzo del paso de daño.", avoid=False)) == []


def test_changing_the_glossary_invalidates_cached_results(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    root = _kb(tmp_path, "Al comienzo del paso de daño.", avoid=False)
    assert [p for p in collect(root, cache=True)[1] if p.code == "avoided-term"] == []
    term = root / "terms" / "damage-step.yaml"
    term.write_text(term.read_text(encoding="utf-8").replace(
        "  - text: Paso de Daño\n    lang: es\n    status: community\n    sources: [test-article]\n",
        "  - text: Paso de Daño\n    lang: es\n    status: community\n    sources: [test-article]\n    avoid: true\n"), encoding="utf-8")
    assert len([p for p in collect(root, cache=True)[1] if p.code == "avoided-term"]) == 1


def test_a_broken_term_file_does_not_break_the_linter(tmp_path):
    root = _kb(tmp_path, "Al comienzo del paso de daño.")
    (root / "terms" / "broken.yaml").write_text("id: broken\nvariants: true\nnames: [1]\n", encoding="utf-8")
    _, problems = collect(root)
    assert [p.code for p in problems if p.path.endswith("broken.yaml")][:1] and _avoided(root)
