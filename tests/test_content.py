import os
import re
from functools import cache
from pathlib import Path

import pytest

from ygorules.core.kb import load_kb
from ygorules.core.link import localized_texts
from ygorules.core.model import LANGS

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
ARTICLES = SHARED / "sources"

STEPS = ["start-step", "battle-step", "damage-step", "end-step"]
SUBSTEPS = {
    "battle-step": ["battle-step.start", "battle-step.attack-declaration", "battle-step.after-declaration"],
    "damage-step": ["damage-step.start", "damage-step.before-damage-calculation", "damage-step.during-damage-calculation",
                    "damage-step.after-damage-calculation", "damage-step.end"],
}
ONE_CHAIN = {"battle-step.attack-declaration", "damage-step.during-damage-calculation"}


@cache
def kb():
    return load_kb(ROOT / "kb")


def _entries():
    return [pytest.param(e, id=f"{e.kind}:{e.id}") for e in sorted(kb().entries(), key=lambda e: (e.kind, e.id))]


def _statements(data, path=()):
    """Every statement (a mapping with localized `text` and `sources`) inside an entry's data."""
    if isinstance(data, dict):
        if "text" in data and "sources" in data and isinstance(data["text"], dict):
            yield path, data
        for key, value in data.items():
            yield from _statements(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _statements(item, path + (i,))


@pytest.mark.parametrize("entry", _entries())
def test_every_localized_text_has_all_four_languages(entry):
    gaps = [".".join(map(str, p)) for p, text in localized_texts(entry.data) if set(text) != set(LANGS)]
    assert not gaps, f"{entry.path}: texts missing a language: {gaps}"


def test_the_phase_lists_the_four_steps_in_order():
    phase = kb().phases["battle-phase"]
    assert phase.steps == STEPS
    assert [kb().steps[s].order for s in STEPS] == [1, 2, 3, 4]


@pytest.mark.parametrize("step_id", sorted(SUBSTEPS))
def test_the_eight_substeps_exist_in_order_under_their_step(step_id):
    step = kb().steps[step_id]
    assert step.substeps == SUBSTEPS[step_id]
    for i, sub_id in enumerate(SUBSTEPS[step_id], 1):
        sub = kb().substeps[sub_id]
        assert (sub.step, sub.order) == (step_id, i)


def test_every_substep_belongs_to_the_step_its_id_names():
    for sub in kb().substeps.values():
        assert sub.id.split(".", 1)[0] == sub.step
        assert sub.id in kb().steps[sub.step].substeps


def test_only_the_attack_declaration_and_damage_calculation_allow_a_single_chain():
    single = {s.id for s in kb().substeps.values() if s.chains == "one"}
    assert single == ONE_CHAIN
    for sub in kb().substeps.values():
        assert sub.chains_note is not None, f"{sub.id}: explain the number of chains in chains_note"


def test_every_damage_step_timing_says_what_happens_and_what_may_be_activated():
    for sub_id in SUBSTEPS["damage-step"]:
        sub = kb().substeps[sub_id]
        assert sub.happens and sub.may_activate, sub_id


def test_every_scheme_part_maps_to_existing_substeps_in_order():
    assert len(kb().schemes) >= 5
    for scheme in kb().schemes.values():
        assert scheme.source in kb().sources and scheme.step in kb().steps
        assert [p.order for p in scheme.parts] == list(range(1, len(scheme.parts) + 1))
        for part in scheme.parts:
            assert all(s in kb().substeps for s in part.maps_to), f"{scheme.id} part {part.order}"
        assert any(p.maps_to for p in scheme.parts), scheme.id


def test_the_current_scheme_maps_one_part_to_each_damage_step_timing():
    current = [s for s in kb().schemes.values() if len(s.parts) == 5 and all(len(p.maps_to) == 1 for p in s.parts)]
    assert any([p.maps_to[0] for p in s.parts] == SUBSTEPS["damage-step"] for s in current)


def test_a_statement_marked_outdated_or_disputed_is_explained_somewhere_in_its_entry():
    for entry in kb().entries():
        if entry.kind not in ("phase", "step", "substep"):
            continue
        flagged = [p for p, st in _statements(entry.data) if st.get("status") in ("outdated", "disputed")]
        if flagged:
            assert entry.disagreements, f"{entry.id}: {flagged} need a disagreements entry"



# --- Spanish prose: patterns of the second native review (issue 25) that the glossary's avoid lists cannot
# catch: calques, game words in another sense, a sentence a player can misread, and English glosses inside
# «…» (the linter exempts quoted text). Each row: what is wrong and the fix, the pattern, and whether text
# inside quotation marks counts (a quoted source may use any wording; a gloss in «…» is ours).
_QUOTED = re.compile(r"“[^”]*”|«[^»]*»")
ES_REJECTED = [
    ("English name as a gloss of a term the Spanish text names: write «(Efectos de Ignición)»",
     re.compile(r"\(«Ignition Effects?»\)"), True),
    ("calque «contar como que»: write «se considera que»", re.compile(r"\b(?:cuent|cont)\w* (?:igualmente )?como que\b", re.I), False),
    ("«hecho» / «suceso» for what a Trigger Effect waits for: write «evento»",
     re.compile(r"\b(?:su|ese|este|mismo|un) (?:hecho|suceso)\b", re.I), False),
    ("«antes o durante el …» lacks «de»: write «antes del … o durante él»", re.compile(r"\bantes o durante (?:el|la)\b", re.I), False),
    ("«en torno al cálculo de daño» names no timing", re.compile(r"\ben torno al? cálculo\b", re.I), False),
    ("«o sea + participle» reads as «that is»: write «o que … sea …» or «tanto si … como si …»",
     re.compile(r"\bo sea (?:seleccionad|atacad|destruid|voltead|enviad)\w*", re.I), False),
    ("«de final del paso» lacks the article: «del final del paso»", re.compile(r"\bde final del\b", re.I), False),
    ("«atravesar» a phase: say what the player may do in it", re.compile(r"\batraves\w*", re.I), False),
    ("«de forma Especial»: card texts write «de Modo Especial»", re.compile(r"\bde forma (?:Especial|Normal)\b", re.I), False),
    ("an amount of damage without «puntos»: «3000 puntos de daño»", re.compile(r"\b\d+ de daño\b", re.I), False),
    ("«Campo» capitalised as a common noun: «el campo» (names such as «Zona de Campo» keep it)",
     re.compile(r"\b(?:en el|del|al|el) Campo\b"), False),
    ("«Inicio del … Step»: the timings say «Comienzo del …»", re.compile(r"\bInicio del (?:Battle|Damage) Step\b"), False),
    ("«dueño» where the controller acts (starts a Chain, orders effects): write «controlador»",
     re.compile(r"\bdueño (?:puede|no puede|elige)\b", re.I), False),
    ("«paso» is a Step: «abrir paso», «dar paso», «paso a paso» and «el paso a / al» use it in another sense",
     re.compile(r"\b(?:abre|abrir|dan?|dar) paso\b|\bpaso a paso\b|\bel paso (?:a la|al)\b", re.I), False),
    ("«resolver» is for a Chain Link: a battle or an attack «se decide», a conflict «se soluciona»",
     re.compile(r"\bse resuelven? (?:ahora )?(?:la batalla|un ataque|los conflictos)\b|\bcombates (?:están )?resueltos\b", re.I), False),
    ("«colocar» is Set: effects «entran» in a Chain", re.compile(r"\bse colocan? (?:primero )?en la Cadena\b", re.I), False),
    ("Flip effects in lower case («los de volteo», «regla de repetición»): write «Efectos de Volteo», «Repetición»",
     re.compile(r"\b(?:los|sus|y) de volteo\b|\bregla de repetición\b"), False),
    ("Portuguese words in Spanish prose", re.compile(r"\b(?:não|dano|depois|também|efeito)\b", re.I), False),
]
# Fields another branch of the same round rewrites in four languages (kb-rules-reaudit A16/B01/B03/B04/B07/B10/B14);
# the Spanish fix lands with that rewrite. test_pending_es_fields_still_need_their_fix fails once a merge has
# fixed one, so the list cannot outlive its reason.
ES_PENDING: set = set()


def es_problems(text):
    """What the Spanish house style rejects in one text: [(reason, matched)].

    >>> es_problems("el atacante cuenta como que atacó; «su hecho» citado")
    [('calque «contar como que»: write «se considera que»', 'cuenta como que')]
    >>> es_problems("los efectos de monstruo («Ignition Effects») y la Zona de Campo")[0][1]
    '(«Ignition Effects»)'
    """
    bare = _QUOTED.sub("«»", text)
    return [(why, m.group(0)) for why, pattern, quoted in ES_REJECTED for m in pattern.finditer(text if quoted else bare)]


def _es_texts():
    for entry in kb().entries():
        where = entry.path.relative_to(ROOT).as_posix()
        for path, text in localized_texts(entry.data):
            if isinstance(text.get("es"), str):
                yield where, ".".join(map(str, path)), text["es"]


@pytest.mark.parametrize("text,expected", [
    ("se considera igualmente que el atacante ha atacado", []),
    ("el primero contaba como que había declarado un ataque", ["como que"]),
    ("el atacante cuenta igualmente como que ha atacado", ["como que"]),
    ("se activan siempre que su hecho ocurre", ["hecho"]),
    ("en siete sucesos numerados", []),
    ("por el mismo suceso", ["suceso"]),
    ("antes o durante el cálculo de daño", ["antes o durante"]),
    ("antes del cálculo de daño o durante él", []),
    ("(o sea seleccionado como objetivo)", ["o sea"]),
    ("ataque o sea atacado", ["o sea"]),
    ("o sea, el mismo momento", []),
    ("A recibe 3000 de daño de batalla", ["de daño"]),
    ("A recibe 3000 puntos de daño de batalla", []),
    ("sigue en el Campo", ["Campo"]),
    ("en la Zona de Campo", []),
    ("Inicio del Battle Step", ["Inicio"]),
    ("su dueño no puede abrir otra Cadena", ["dueño"]),
    ("vuelve a la mano de su dueño", []),
    ("no abre paso a “Tributo Torrencial”", ["paso"]),
    ("el paso en el que se decide la batalla", []),
    ("se resuelven ahora los conflictos", ["resuelven"]),
    ("se colocan primero en la Cadena", ["colocan"]),
    ("sus Efectos Continuos se aplican, los de volteo esperan", ["de volteo"]),
    ("el volteo aún no ha ocurrido", []),
    ("Pertenece a «depois do cálculo de dano»", []),
    ("Pertenece a depois do cálculo de dano", ["depois", "dano"]),
    ("los efectos de monstruo («Ignition Effects»)", ["Ignition"]),
    ("Página de Yugipedia «Ignition Effect», sobre los Efectos de Ignición", []),
])
def test_es_problems_finds_each_rejected_form_and_spares_the_right_one(text, expected):
    found = [matched for _, matched in es_problems(text)]
    assert len(found) == len(expected) and all(e in f for e, f in zip(expected, found)), found


def test_spanish_prose_has_none_of_the_forms_the_house_style_rejects():
    bad = [f"{where}: {field}.es: «{matched}»: {why}" for where, field, text in _es_texts()
           if (where, field) not in ES_PENDING for why, matched in es_problems(text)]
    assert not bad, "\n".join(bad)


def test_pending_es_fields_still_need_their_fix():
    texts = {(where, field): text for where, field, text in _es_texts()}
    repeats = set(_history_repeating_the_badge())
    fixed = sorted(k for k in ES_PENDING if k not in texts or not (es_problems(texts[k]) or k in repeats
                                                                     or _FOREIGN_TIMING.search(texts[k])))
    assert not fixed, f"these fields no longer need an exemption: remove them from ES_PENDING: {fixed}"


def _history_repeating_the_badge():
    for entry in kb().entries():
        where = entry.path.relative_to(ROOT).as_posix()
        for path, st in _statements(entry.data):
            if st.get("status") == "history" and (st["text"].get("es") or "").startswith("Regla anterior"):
                yield where, ".".join(map(str, path + ("text",)))


def test_no_spanish_history_statement_repeats_the_badge_the_page_prints_before_it():
    """A statement with status history is shown after «Regla anterior (hasta …)»; its text must not say it again."""
    bad = [f"{where}: {field}.es" for where, field in _history_repeating_the_badge() if (where, field) not in ES_PENDING]
    assert not bad, "\n".join(bad)


# A scheme compares an article's parts with today's timings; in Spanish prose those timings go by their
# Spanish names, even when the article is Portuguese or Italian (its own wording is quoted as such).
_FOREIGN_TIMING = re.compile(r"(?<!portugués es )(?<!italiano es )«(?:(?:antes do|durante o|depois do) cálculo de dano"
                             r"|(?:no )?(?:começo|final) da Etapa de Dano|(?:all'inizio|alla fine) del Damage Step"
                             r"|(?:prima del|durante il|dopo il) calcolo dei danni)»")


@pytest.mark.parametrize("text,found", [
    ("Coincide con «depois do cálculo de dano».", True),
    ("Es la primera parte de «prima del calcolo dei danni».", True),
    ("Coincide con «al final del Damage Step».", False),
    ("Coincide con el momento actual; el nombre oficial en portugués es «começo da Etapa de Dano».", False),
])
def test_foreign_timing_finds_a_portuguese_or_italian_timing_name(text, found):
    assert bool(_FOREIGN_TIMING.search(text)) is found


def test_spanish_schemes_name_today_s_timings_in_spanish():
    bad = [f"{where}: {field}.es: {m.group(0)}" for where, field, text in _es_texts()
           if where.startswith("kb/schemes/") and (where, field) not in ES_PENDING for m in _FOREIGN_TIMING.finditer(text)]
    assert not bad, "\n".join(bad)

def _article_lines():
    lines = {}
    for source in kb().sources.values():
        if source.file and (ARTICLES / source.file).is_file():
            lines[source.id] = (ARTICLES / source.file).read_text(encoding="utf-8").splitlines()
    return lines


@pytest.mark.shared
@pytest.mark.skipif(not ARTICLES.is_dir(), reason="../shared/sources is absent")
def test_every_scheme_label_is_written_as_its_source_writes_it():
    lines = _article_lines()
    for scheme in kb().schemes.values():
        text = "\n".join(lines.get(scheme.source, []))
        if not text:
            continue
        for part in scheme.parts:
            assert part.label in text, f"{scheme.id} part {part.order}: '{part.label}' is not in the source"


@pytest.mark.shared
@pytest.mark.skipif(not ARTICLES.is_dir(), reason="../shared/sources is absent")
def test_every_line_locator_points_inside_its_article():
    lines = _article_lines()
    bad = []
    for entry in kb().entries():
        for path, cited in _locators(entry.data):
            source, where = cited
            if source in lines:
                for number in map(int, re.findall(r"L(\d+)", where)):
                    if not 1 <= number <= len(lines[source]):
                        bad.append(f"{entry.path}: {'.'.join(map(str, path))}: {source} {where}")
    assert not bad, "\n".join(bad)


def _locators(data, path=()):
    if isinstance(data, dict):
        if isinstance(data.get("source"), str) and isinstance(data.get("where"), str):
            yield path, (data["source"], data["where"])
        for key, value in data.items():
            yield from _locators(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _locators(item, path + (i,))
