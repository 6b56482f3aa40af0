"""The mutation-testing configuration (tests/mutation.py, [tool.mutmut] in pyproject.toml) covers every module of the
parts it measures, and names only tests that exist: a module added to core/, names/ or cardtext/ must be listed
(mutated, with its tests) or left out with a reason."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tools" / "ygorules"
PARTS = ("core", "names", "cardtext")


@pytest.fixture(scope="module")
def mutation():
    import mutation  # tests/mutation.py, beside this file
    return mutation


@pytest.fixture(scope="module")
def mutated(mutation):
    return [mutation.module_of(p) for p in mutation.config()["only_mutate"]]


def test_every_module_of_the_measured_parts_is_mutated_or_left_out_with_a_reason(mutation, mutated):
    modules = {f"{part}.{p.stem}" for part in PARTS for p in (PACKAGE / part).glob("*.py")
               if p.read_text(encoding="utf-8").strip()}  # an empty __init__ has nothing to mutate
    assert sorted(modules - set(mutated) - set(mutation.LEFT_OUT)) == []
    assert sorted(set(mutation.LEFT_OUT) & set(mutated)) == []
    assert all(reason.strip() for reason in mutation.LEFT_OUT.values())


def test_every_mutated_module_exists_and_has_its_own_tests(mutation, mutated):
    assert [m for m in mutated if not (PACKAGE / (m.replace(".", "/") + ".py")).is_file()] == []
    assert [m for m in mutated if m not in mutation.TESTS] == []
    assert sorted(set(mutation.TESTS) - set(mutated)) == []


def test_every_test_the_configuration_names_exists(mutation):
    named = [t for tests in (*mutation.TESTS.values(), *mutation.DESELECT.values()) for t in tests]
    named += mutation.config()["pytest_add_cli_args_test_selection"]
    missing = []
    for test in named:
        path, _, func = test.partition("::")
        if not (ROOT / path).is_file():
            missing.append(test)
        elif func and func not in {n.name for n in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
                                   if isinstance(n, ast.FunctionDef)}:
            missing.append(test)
    assert missing == []

