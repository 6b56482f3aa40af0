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
