"""Every schema against its fixtures: valid ones pass; each invalid one has exactly one violation, the one it is named after."""
from pathlib import Path

import pytest

from ygorules.core.loader import load_file
from ygorules.core.schema import KINDS, registry, schema_for, validate

FIXTURES = Path(__file__).parent / "fixtures" / "schema"
KIND_NAMES = sorted(KINDS.values())
VALID = sorted(FIXTURES.glob("*/valid/*.yaml"))
INVALID = sorted(FIXTURES.glob("*/invalid/*.yaml"))


def test_every_kind_has_valid_and_invalid_fixtures():
    for kind in KIND_NAMES:
        assert list((FIXTURES / kind / "valid").glob("*.yaml")), kind
        assert len(list((FIXTURES / kind / "invalid").glob("*.yaml"))) >= 4, kind


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_valid_fixture_passes(path):
    assert validate(load_file(path), path.parts[-3]) == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_invalid_fixture_has_exactly_its_one_violation(path):
    rule = path.stem.split(".")[0]
    problems = validate(load_file(path), path.parts[-3])
    assert [p.code for p in problems] == [f"schema-{rule}"], [p.format() for p in problems]
    problem = problems[0]
    assert problem.line > 1 and problem.fix, problem.format()


def test_unknown_key_names_the_closest_allowed_key(tmp_path):
    card = (FIXTURES / "card" / "valid" / "full.yaml").read_text(encoding="utf-8").replace("\nnames:", "\nnmes:")
    (tmp_path / "mirror-force.yaml").write_text(card, encoding="utf-8")
    problems = validate(load_file(tmp_path / "mirror-force.yaml"), "card")
    assert [(p.code, p.fix) for p in problems] == [("schema-unknown-key", "did you mean 'names'?")]


@pytest.mark.parametrize("kind", [*KIND_NAMES, "defs", "locales"])
def test_every_object_in_a_schema_is_closed(kind):
    # descriptions and documented enum values are tested with the editor support (test_contributing.py)
    objects = list(_objects(schema_for(kind)))
    assert objects
    for where, obj in objects:
        assert obj.get("additionalProperties") is False, f"{kind}{where}: an object schema is not closed"


def _objects(node, path=""):
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from _objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{path}[{i}]")


def test_schemas_resolve_locally_without_network():
    for kind in KIND_NAMES:
        resolver = registry().resolver(f"{kind}.schema.json")
        assert resolver.lookup("defs.schema.json#/$defs/id").contents["type"] == "string"
