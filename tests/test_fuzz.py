"""Fuzzing with hypothesis: no exception escapes the loader and the check passes but the documented ones.

A few hundred examples run by default; `pytest -m slow` runs many thousands.
"""
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ygorules.errors import YgoError
from ygorules.kb import collect
from ygorules.loader import LoadError, load_bytes

MINI = Path(__file__).parent / "fixtures" / "mini-kb"
CARD = (MINI / "cards" / "mirror-force.yaml").read_bytes()
YAMLISH = st.lists(st.sampled_from(list("abc: -[]{}&*!|>'\"#\n\t?,.0123~%@`\\é\u0301\u00a0") + ["no", "yes", "<<", "---", "!!python/object", "  ", "\n  - ", ": "]), max_size=60).map("".join)

DEFAULT = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CHECKS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
LONG = settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _load_only_raises_load_error(raw: bytes):
    try:
        doc = load_bytes(raw, "fuzz.yaml")
    except LoadError as exc:
        p = exc.problem
        assert p.path == "fuzz.yaml" and p.line >= 1 and p.col >= 1 and p.message and p.fix
        return
    # accepted: the data must be what a YAML parser reads, made only of plain JSON-like values
    _assert_plain(doc.data)
    doc.where(("anything",))


def _assert_plain(value):
    if isinstance(value, dict):
        assert all(isinstance(k, str) for k in value)
        for v in value.values():
            _assert_plain(v)
    elif isinstance(value, list):
        for v in value:
            _assert_plain(v)
    else:
        assert value is None or isinstance(value, (str, int, float, bool))


def _mutate(data: bytes, cut: int, insert: bytes) -> bytes:
    cut %= len(data) + 1
    return data[:cut] + insert + data[cut + len(insert):]


@DEFAULT
@given(st.binary(max_size=300))
def test_loader_on_random_bytes(raw):
    _load_only_raises_load_error(raw)


@DEFAULT
@given(YAMLISH)
def test_loader_on_yaml_like_text(text):
    _load_only_raises_load_error(text.encode("utf-8"))


@DEFAULT
@given(st.integers(0, len(CARD)), st.binary(min_size=1, max_size=12) | YAMLISH.map(lambda t: t.encode()))
def test_loader_on_mutated_entries(cut, insert):
    _load_only_raises_load_error(_mutate(CARD, cut, insert))


def _check_never_crashes(tmp_path, folder, content):
    kb = tmp_path / "kb"
    if kb.exists():
        shutil.rmtree(kb)
    shutil.copytree(MINI, kb)
    (kb / folder / "fuzzed.yaml").write_bytes(content)
    try:
        _, problems = collect(kb)
    except YgoError:
        return
    for p in problems:
        assert p.path and p.line >= 1 and p.message, p


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                       lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(["id", "names", "es", "en", "timings", "substep", "sources", "source", "text", "spellings", "cards", "order", "steps", "variants"]), c, max_size=4),
                       max_leaves=10)


@CHECKS
@given(folder=st.sampled_from(["cards", "terms", "rulings", "examples", "steps", "substeps", "schemes", "sources", "damage"]), data=JSONISH)
def test_schema_and_link_passes_on_random_entries(tmp_path, folder, data):
    _check_never_crashes(tmp_path, folder, yaml.safe_dump({"id": "fuzzed", **data} if isinstance(data, dict) else data, allow_unicode=True).encode())


@CHECKS
@given(st.integers(0, len(CARD)), YAMLISH.map(lambda t: t.encode()))
def test_check_on_mutated_card_files(tmp_path, cut, insert):
    _check_never_crashes(tmp_path, "cards", _mutate(CARD, cut, insert))


@pytest.mark.slow
@LONG
@given(st.binary(max_size=2000))
def test_loader_on_random_bytes_long(raw):
    _load_only_raises_load_error(raw)


@pytest.mark.slow
@LONG
@given(st.integers(0, len(CARD)), st.binary(min_size=1, max_size=40) | YAMLISH.map(lambda t: t.encode()))
def test_loader_on_mutated_entries_long(cut, insert):
    _load_only_raises_load_error(_mutate(CARD, cut, insert))


@pytest.mark.slow
@LONG
@given(folder=st.sampled_from(["cards", "terms", "rulings", "examples", "substeps", "schemes"]), data=JSONISH)
def test_schema_and_link_passes_on_random_entries_long(tmp_path, folder, data):
    _check_never_crashes(tmp_path, folder, yaml.safe_dump({"id": "fuzzed", **data} if isinstance(data, dict) else data, allow_unicode=True).encode())
