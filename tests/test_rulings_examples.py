import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core.kb import collect
from ygorules.core.link import localized_texts
from ygorules.core.model import LANGS

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"
RULING_FILES = sorted((KB_DIR / "rulings").glob("*.yaml"))
EXAMPLE_FILES = sorted((KB_DIR / "examples").glob("*.yaml"))
ENTRY_FILES = RULING_FILES + EXAMPLE_FILES
SHARED = Path(os.environ.get("YGORULES_SHARED", ROOT.parent / "shared"))
ARTICLES = SHARED / "sources"

needs_articles = pytest.mark.skipif(not ARTICLES.is_dir(), reason="../shared/sources is absent")

QUOTED = re.compile(r"[“\"]([^”\"]+)[”\"]")
LINES = re.compile(r"^L(\d+)(?:-L(\d+))?$")


def ids(paths):
    return [p.stem for p in paths]


@lru_cache(maxsize=1)
def real_kb():
    return collect(KB_DIR)[0]


def entry(path):
    kb = real_kb()
    table = kb.rulings if path.parent.name == "rulings" else kb.examples
    found = table.get(path.stem)
    assert found is not None, f"{path.relative_to(ROOT)} did not load; run `ygorules check` to see why"
    return found


def citations(data):
    """Every citation in an entry's raw data, as given (a source id or a {source, where} mapping)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "sources" and isinstance(value, list):
                yield from value
            else:
                yield from citations(value)
    elif isinstance(data, list):
        for item in data:
            yield from citations(item)


def test_there_are_worked_examples_for_the_sources_cases():
    kb = real_kb()
    assert {"injection-fairy-lily-and-rising-energy", "injection-fairy-lily-and-divine-wrath",
            "injection-fairy-lily-and-skyscraper", "honest-against-honest",
            "ultimate-offering-and-the-replay"} <= set(kb.examples)


@pytest.mark.parametrize("path", RULING_FILES, ids=ids(RULING_FILES))
def test_ruling_links_at_least_one_card_or_substep(path):
    ruling = entry(path)
    assert ruling.cards or ruling.substeps, f"{path.name}: list the cards or the substeps the ruling concerns"


@pytest.mark.parametrize("path", RULING_FILES, ids=ids(RULING_FILES))
def test_ruling_that_is_not_current_says_how_the_sources_disagree(path):
    ruling = entry(path)
    if ruling.status != "current":
        assert ruling.disagreement is not None, f"{path.name}: status {ruling.status} needs a `disagreement` statement"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=ids(EXAMPLE_FILES))
def test_every_example_event_names_its_substep(path):
    example = entry(path)
    missing = [i + 1 for i, event in enumerate(example.sequence) if not event.substep]
    assert not missing, f"{path.name}: sequence events {missing} have no substep"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=ids(EXAMPLE_FILES))
def test_example_lists_every_substep_its_sequence_walks_through(path):
    example = entry(path)
    walked = {event.substep for event in example.sequence if event.substep}
    assert walked <= set(example.substeps), f"{path.name}: add {sorted(walked - set(example.substeps))} to substeps"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=ids(EXAMPLE_FILES))
def test_example_sequence_moves_forward_through_the_battle_step_and_damage_step(path):
    kb = real_kb()
    order = [s.id for step in kb.ordered_steps() for s in kb.ordered_substeps(step.id)]
    if not order:
        pytest.skip("kb/steps and kb/substeps are not loaded")
    positions = [order.index(e.substep) for e in entry(path).sequence if e.substep in order]
    # a replay is the one way back: it returns the game to the start of the Battle Step
    backwards = [(a, b) for a, b in zip(positions, positions[1:]) if b < a and order[b] != "battle-step.start"]
    assert not backwards, f"{path.name}: the sequence goes back from {order[backwards[0][0]]} to {order[backwards[0][1]]}"


@pytest.mark.parametrize("path", ENTRY_FILES, ids=ids(ENTRY_FILES))
def test_all_prose_is_written_in_the_four_languages(path):
    gaps = [(".".join(map(str, where)), [l for l in LANGS if not text.get(l, "").strip()])
            for where, text in localized_texts(entry(path).data)]
    gaps = [(where, langs) for where, langs in gaps if langs]
    assert not gaps, f"{path.name}: missing translations {gaps}"


@pytest.mark.parametrize("path", ENTRY_FILES, ids=ids(ENTRY_FILES))
def test_every_citation_says_where_in_the_source(path):
    bare = [c for c in citations(entry(path).data) if not isinstance(c, dict) or not c.get("where")]
    assert not bare, f"{path.name}: cite as {{source: ID, where: L12-L15}} so readers can check: {bare}"


@pytest.mark.parametrize("path", ENTRY_FILES, ids=ids(ENTRY_FILES))
def test_every_listed_card_is_named_in_each_language_by_its_name_there(path):
    kb = real_kb()
    item = entry(path)
    texts = list(localized_texts(item.data))
    problems = []
    for card_id in item.cards:
        card = kb.cards.get(card_id)
        if card is None:
            continue  # a dangling id is reported by `ygorules check`
        for lang in LANGS:
            name = card.name(lang)[0]
            if not any(f"“{name}”" in text.get(lang, "") or f'"{name}"' in text.get(lang, "") for _, text in texts):
                problems.append(f"{card_id} ({lang}: “{name}”)")
    assert not problems, f"{path.name}: cards listed but not named in that language's prose: {problems}"


@pytest.mark.parametrize("path", ENTRY_FILES, ids=ids(ENTRY_FILES))
def test_a_quoted_card_name_is_the_name_in_the_language_of_its_text(path):
    kb = real_kb()
    by_name = {}
    for card in kb.cards.values():
        for name in card.names.values():
            if name:
                by_name.setdefault(name, []).append(card)
    wrong = []
    for where, text in localized_texts(entry(path).data):
        for lang, value in text.items():
            for quoted in QUOTED.findall(value):
                cards = by_name.get(quoted)
                if cards and not any(card.name(lang)[0] == quoted for card in cards):
                    wrong.append(f"{'.'.join(map(str, where))}.{lang}: “{quoted}” → “{cards[0].name(lang)[0]}”")
    assert not wrong, f"{path.name}: card names written in another language: {wrong}"


@needs_articles
@pytest.mark.shared
def test_each_article_source_records_the_line_count_of_its_text():
    # `ygorules check` holds every line citation to the recorded extent (no ../shared needed);
    # this compares the recorded extents with the articles themselves.
    wrong = [f"{s.id}: extent {s.extent}, the file has {len((ARTICLES / s.file).read_text(encoding='utf-8').splitlines())} lines"
             for s in real_kb().sources.values() if s.file and s.locator == "lines"
             and s.extent != len((ARTICLES / s.file).read_text(encoding="utf-8").splitlines())]
    assert not wrong, wrong
