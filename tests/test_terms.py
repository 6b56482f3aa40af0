import os
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core.kb import collect
from ygorules.core.link import localized_texts, survey
from ygorules.core.model import LANGS

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"
TERM_FILES = sorted((KB_DIR / "terms").glob("*.yaml"))
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
ARTICLES = SHARED / "sources"
ARTICLE_FILES = {
    "fuentealba-battle-phase-es": "000_a53694231483da63.txt",
    "rulebook-es-battle-phase": "001_3cecb6ebd594ef91.txt",
    "fuentealba-battle-phase-pt": "002_953c91cbbaff125e.txt",
    "damage-step-it": "003_85eecebe875f6c62.txt",
    "wiki-etapa-de-dano-pt": "004_af7c2508204c9c75.txt",
}
LINES = re.compile(r"^L(\d+)(?:-L(\d+))?$")
NAME_STATUSES = {"official-current", "official-probable"}

FIXED_TERM_IDS = [
    "battle-phase", "start-step", "battle-step", "damage-step", "end-step", "damage-calculation",
    "start-of-the-damage-step", "before-damage-calculation", "during-damage-calculation",
    "after-damage-calculation", "end-of-the-damage-step", "attack-declaration", "chain", "chain-link",
    "spell-speed", "counter-trap", "quick-play-spell", "normal-trap", "continuous-trap", "flip-effect",
    "flip-summon", "continuous-effect", "trigger-effect", "quick-effect", "ignition-effect", "battle-damage",
    "direct-attack", "replay", "piercing-damage", "attack-position", "defense-position", "face-up",
    "face-down", "destroyed-by-battle", "graveyard", "atk", "def", "life-points", "turn-player", "set",
    "banish", "main-phase", "end-phase",
]

# Forms a translator will type, with the term they must find and the status the evidence gives them
# (TERMS-EVIDENCE.md and issue 3).
KNOWN_VARIANTS = [
    ("Paso de Daño", "es", "damage-step", "official-older"),
    ("Damage Step", "es", "damage-step", "official-current"),
    ("Damage Step", "pt", "damage-step", "official-older"),
    ("Etapa de Dano", "pt", "damage-step", "official-current"),
    ("Fase de Batalla", "es", "battle-phase", "official-older"),
    ("Calculación de Daño", "es", "damage-calculation", "community"),
    ("danno da battaglia", "it", "battle-damage", "community"),
    ("dano de combate", "pt", "battle-damage", "official-older"),
    ("Effetto Multi-Innescato", "it", "quick-effect", "official-older"),
    ("retirar del juego", "es", "banish", "official-older"),
    ("jugador activo", "es", "turn-player", "official-older"),
    ("Velocidad de Hechizo", "es", "spell-speed", "official-current"),
    ("Cards de Resposta", "pt", "counter-trap", "official-current"),
]


@lru_cache(maxsize=1)
def real_kb():
    return collect(KB_DIR)[0]


def term(path):
    found = real_kb().terms.get(path.stem)
    assert found is not None, f"{path.relative_to(ROOT)} did not load; run `ygorules check` to see why"
    return found


def fold(text):
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    return re.sub(r"\s+", " ", text)


def appears(form, passage):
    """Whether ``form`` occurs in ``passage``, ignoring case, accents and a plural or gender ending.

    >>> appears("Efecto Continuo", "los Efectos Continuos de monstruos")
    True
    >>> appears("Paso de Daño", "el Paso de Batalla")
    False
    """
    words = re.findall(r"\w+", fold(form))
    pattern = r"\W+".join(re.escape(w[:-1]) + r"\w{0,2}" if len(w) > 3 else re.escape(w) for w in words)
    return re.search(r"\b" + pattern, fold(passage)) is not None


@pytest.mark.parametrize("term_id", FIXED_TERM_IDS)
def test_every_fixed_term_id_has_an_entry(term_id):
    assert term_id in real_kb().terms, f"kb/terms/{term_id}.yaml is missing: every session links to this id"


@pytest.mark.parametrize("path", TERM_FILES, ids=[p.stem for p in TERM_FILES])
def test_each_name_is_an_official_variant_or_null_with_a_reason(path):
    t = term(path)
    for lang in LANGS:
        name = t.names.get(lang)
        if name is None:
            assert lang in t.absent, f"{t.id}: no {lang} name and no `absent.{lang}` reason"
            continue
        statuses = {v.status for v in t.variants if v.text == name and v.lang == lang}
        assert statuses & NAME_STATUSES, (
            f"{t.id}: the {lang} name '{name}' must be a variant with status official-current "
            f"or official-probable, found {sorted(statuses) or 'none'}")


@pytest.mark.parametrize("path", TERM_FILES, ids=[p.stem for p in TERM_FILES])
def test_a_language_without_a_name_has_no_current_official_form(path):
    t = term(path)
    for lang in LANGS:
        if t.names.get(lang) is None:
            current = [v.text for v in t.variants if v.lang == lang and v.status in NAME_STATUSES]
            assert not current, f"{t.id}: {lang} name is null, yet {current} is official; make it the name"


@pytest.mark.parametrize("path", TERM_FILES, ids=[p.stem for p in TERM_FILES])
def test_variants_are_listed_once_per_language(path):
    t = term(path)
    seen = set()
    for v in t.variants:
        key = (fold(v.text), v.lang)
        assert key not in seen, f"{t.id}: '{v.text}' ({v.lang}) is listed twice; merge the sources into one variant"
        seen.add(key)


@pytest.mark.parametrize("path", TERM_FILES, ids=[p.stem for p in TERM_FILES])
def test_definition_and_official_usage_are_cited_and_in_four_languages(path):
    t = term(path)
    for name, statement in (("definition", t.definition), ("official_usage", t.official_usage)):
        assert statement is not None, f"{t.id}: no {name}"
        assert statement.sources, f"{t.id}: {name} cites nothing"
        assert set(statement.text) == set(LANGS), f"{t.id}: {name} lacks {sorted(set(LANGS) - set(statement.text))}"


@pytest.mark.parametrize("path", TERM_FILES, ids=[p.stem for p in TERM_FILES])
def test_every_note_is_in_four_languages(path):
    t = term(path)
    for where, text in localized_texts(t.data):
        assert set(text) == set(LANGS), f"{t.id}: {'.'.join(map(str, where))} lacks {sorted(set(LANGS) - set(text))}"


@pytest.mark.parametrize("path", TERM_FILES, ids=[p.stem for p in TERM_FILES])
def test_related_terms_are_other_existing_terms(path):
    t = term(path)
    assert t.id not in t.related, f"{t.id} lists itself as related"
    for r in t.related:
        assert r in real_kb().terms, f"{t.id}: related term '{r}' does not exist"


@pytest.mark.parametrize("text,lang,term_id,status", KNOWN_VARIANTS, ids=[f"{k[2]}-{k[1]}-{k[0]}" for k in KNOWN_VARIANTS])
def test_the_forms_translators_meet_are_recorded_with_their_status(text, lang, term_id, status):
    t = real_kb().terms[term_id]
    found = [v.status for v in t.variants if v.text == text and v.lang == lang]
    assert found == [status], f"{term_id}: expected '{text}' ({lang}) as {status}, found {found or 'nothing'}"


def test_marcador_names_the_counter_not_the_counter_trap():
    owners = {t.id for t in real_kb().terms.values() for v in t.variants if v.lang == "pt" and v.text == "Marcador"}
    assert owners == {"counter"}, "Konami's pt database labels Counter Traps «Marcador» by mistake; keep it a note"


def test_every_source_the_glossary_cites_says_how_reliable_it_is():
    kb = real_kb()
    cited = {source for t in kb.terms.values() for _, source in survey(t.data).citations}
    for sid in sorted(cited):
        reliability = kb.sources[sid].data.get("reliability", {})
        assert set(reliability) == set(LANGS), f"kb/sources/{sid}.yaml: reliability must be written in {', '.join(LANGS)}"


@pytest.mark.shared
@pytest.mark.skipif(not ARTICLES.is_dir(), reason="../shared/sources is absent")
def test_each_variant_appears_on_the_article_lines_it_cites():
    wrong = []
    for path in TERM_FILES:
        t = term(path)
        for v in t.variants:
            for c in v.sources:
                if c.source not in ARTICLE_FILES or not c.where:
                    continue
                m = LINES.match(c.where)
                if not m:
                    wrong.append(f"{t.id}: '{c.where}' is not a line locator (L12 or L12-L15)")
                    continue
                first, last = int(m.group(1)), int(m.group(2) or m.group(1))
                lines = (ARTICLES / ARTICLE_FILES[c.source]).read_text(encoding="utf-8").split("\n")[first - 1:last]
                if not appears(v.text, " ".join(lines)):
                    wrong.append(f"{t.id}: '{v.text}' is not on {c.source} {c.where}")
    assert not wrong, wrong


def test_no_form_belongs_to_two_terms_in_the_same_language():
    owners = {}
    for t in real_kb().terms.values():
        for v in t.variants:
            owners.setdefault((fold(v.text), v.lang), set()).add(t.id)
    shared = {k: sorted(v) for k, v in owners.items() if len(v) > 1}
    assert not shared, f"a form must lead to one term: {shared}"


# Bare type labels that are also everyday words in running text: as variants, `translate` would
# rewrite "sul Terreno" (on the field) as "Field Spell". They are described in official_usage instead.
EVERYDAY_WORDS = [("Terreno", "it"), ("Campo", "es"), ("Campo", "pt"), ("Contro", "it"), ("Continua", "it"),
                  ("Continua", "es"), ("Contínua", "pt"), ("Virar", "pt"), ("Rápida", "pt"), ("Rapida", "it")]


@pytest.mark.parametrize("text,lang", EVERYDAY_WORDS, ids=[f"{lang}-{text}" for text, lang in EVERYDAY_WORDS])
def test_everyday_words_are_not_recorded_as_term_variants(text, lang):
    found = [t.id for t in real_kb().terms.values() for v in t.variants if v.lang == lang and fold(v.text) == fold(text)]
    assert not found, f"'{text}' ({lang}) is an everyday word; as a variant of {found} it would be translated wherever it occurs"
