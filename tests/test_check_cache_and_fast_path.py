"""The check cache (keyed on file content), and the validator (jsonschema-rs), which must agree with the reference implementation (jsonschema, a test-only dependency)."""
import copy
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ygorules.core.cache import CheckCache
from ygorules.core.kb import collect
from ygorules.core.loader import load_file
from ygorules.core.schema import registry, schema_for, validator

FIXTURES = Path(__file__).parent / "fixtures" / "schema"


@pytest.fixture
def kb_copy(mini_kb):
    return mini_kb


def _errors(kb):
    return sorted((p.code, p.line) for p in collect(kb, cache=True, need_model=False)[1] if p.severity == "error")


def test_recheck_sees_a_changed_file_and_its_reverted_form(kb_copy):
    assert _errors(kb_copy) == []
    assert list((kb_copy.parent / "cache").glob("check-*.marshal"))
    card = kb_copy / "cards" / "mirror-force.yaml"
    good = card.read_text(encoding="utf-8")
    card.write_text(good.replace("card_type: trap", "card_type: trampa"), encoding="utf-8")
    assert _errors(kb_copy) == [("schema-enum", 4)]
    card.write_text(good, encoding="utf-8")
    assert _errors(kb_copy) == []


def test_cached_problems_are_reported_again_and_links_rechecked(kb_copy):
    ruling = kb_copy / "rulings" / "test-ruling.yaml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("[mirror-force]", "[mirror-forse]"), encoding="utf-8")
    first = _errors(kb_copy)
    assert first == [("dangling-reference", 21)]
    assert _errors(kb_copy) == first  # from the cache, same answer
    shutil.copy(kb_copy / "cards" / "mirror-force.yaml", kb_copy / "cards" / "mirror-forse.yaml")
    text = (kb_copy / "cards" / "mirror-forse.yaml").read_text(encoding="utf-8").replace("id: mirror-force", "id: mirror-forse")
    (kb_copy / "cards" / "mirror-forse.yaml").write_text(text, encoding="utf-8")
    assert _errors(kb_copy) == []  # the ruling did not change, but its link now resolves


def test_a_corrupt_cache_is_ignored(kb_copy):
    _errors(kb_copy)
    for f in (kb_copy.parent / "cache").glob("check-*"):
        f.write_bytes(b"\x00garbage")
    assert _errors(kb_copy) == []


def test_a_cache_from_other_schemas_or_code_is_not_used(kb_copy, monkeypatch):
    _errors(kb_copy)
    import ygorules.core.cache as cache
    monkeypatch.setattr(cache, "fingerprint", lambda: "something-else")
    assert CheckCache(kb_copy).old == {}


def test_model_is_complete_when_asked_for_even_with_a_cache(kb_copy):
    _errors(kb_copy)
    kb, _ = collect(kb_copy, cache=True, need_model=True)
    assert set(kb.cards) == {"mirror-force"} and kb.cards["mirror-force"].names["it"] == "Forza Riflessa"


FIXTURE_FILES = sorted(FIXTURES.glob("*/*/*.yaml"))


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: "/".join(p.parts[-3:]))
def test_validator_agrees_with_jsonschema_on_fixtures(path):
    kind = path.parts[-3]
    data = load_file(path).data
    assert validator(kind).is_valid(data) == _reference_is_valid(kind, data) == (path.parts[-2] == "valid")


def _reference_is_valid(kind, data):
    from jsonschema import Draft202012Validator
    return not list(Draft202012Validator(schema_for(kind), registry=registry()).iter_errors(data))


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.text(max_size=6)
                    | st.sampled_from(["", " ", "trap", "test-article", "damage-step.start", "es", "Mirror-Force"]),
                    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.sampled_from(["es", "pt", "it", "en", "text", "sources", "source", "where", "x"]), children, max_size=4),
                    max_leaves=8)
BASE = {kind: load_file(FIXTURES / kind / "valid" / "full.yaml").data for kind in ("card", "term", "ruling", "example", "scheme", "substep")}


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(BASE)), pick=st.integers(0, 10_000), value=JSON, delete=st.booleans())
@example(kind="example", pick=2, value="\x85", delete=False)  # NEL: whitespace to Python's re, not to ECMA-262
@example(kind="example", pick=2, value="\ufeff", delete=False)  # the BOM: whitespace to ECMA-262, not to Python's re
def test_validator_agrees_with_jsonschema_on_mutated_entries(kind, pick, value, delete):
    data = copy.deepcopy(BASE[kind])
    paths = [p for p in _paths(data) if p]
    path = paths[pick % len(paths)]
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    assert validator(kind).is_valid(data) == _reference_is_valid(kind, data)


def _age(kb, seconds=10):
    """Make every file look modified ``seconds`` ago, so the cache may trust their stamps."""
    past = __import__("time").time() - seconds
    for f in kb.rglob("*.yaml"):
        os.utime(f, (past, past))


def test_a_recheck_reads_no_file_whose_stamp_is_recorded(kb_copy, monkeypatch):
    _age(kb_copy)
    assert _errors(kb_copy) == []
    read = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self.name) or real(self))
    assert _errors(kb_copy) == []
    # only the glossary and the sources are read (their content keys the linters); no entry is parsed again
    assert set(read) <= {"locales.yaml"} | {p.name for folder in ("terms", "sources") for p in (kb_copy / folder).glob("*.yaml")}, read


def test_a_change_that_keeps_size_and_mtime_is_seen_while_the_stamp_is_fresh(kb_copy):
    card = kb_copy / "cards" / "mirror-force.yaml"
    os.utime(card)  # modified just now, as when an editor saves it
    assert _errors(kb_copy) == []
    st = card.stat()
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace("card_type: trap", "card_type: trop"), encoding="utf-8")  # same size
    os.utime(card, ns=(st.st_atime_ns, st.st_mtime_ns))  # same mtime: only the content tells
    assert card.stat().st_size == st.st_size
    assert _errors(kb_copy) == [("schema-enum", 4)]


def test_an_old_stamp_is_trusted_and_a_new_mtime_is_not(kb_copy):
    _age(kb_copy)
    assert _errors(kb_copy) == []
    card = kb_copy / "cards" / "mirror-force.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("card_type: trap", "card_type: trampa"), encoding="utf-8")
    assert _errors(kb_copy) == [("schema-enum", 4)]
