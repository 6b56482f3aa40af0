"""The dependency rules of docs/ARCHITECTURE.md hold for every import in tools/ygorules/, and no modules import each other in a cycle."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "tools" / "ygorules"
TOP = "(top)"


def allowed() -> dict[str, set[str]]:
    """The table of docs/ARCHITECTURE.md: part → the parts it may import."""
    rules = {}
    for line in (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("part", "---") and not set(cells[0]) <= {"-"}:
            part = cells[0].strip("`")
            rules[part] = set() if cells[2] == "(nothing)" else {p.strip() for p in cells[2].split(",")}
    return rules


def module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str:
    """'ygorules.core.kb' → 'core'; 'ygorules.cli' → '(top)'."""
    pieces = module.split(".")
    if len(pieces) >= 2 and (PKG / pieces[1]).is_dir():
        return pieces[1]
    return TOP


def imports(path: Path) -> list[tuple[int, str]]:
    """Every ygorules module that ``path`` imports (module level or inside functions), with its line."""
    mod = module_name(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "ygorules"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "ygorules":
                continue
            for alias in node.names:  # `from ygorules.core import kb` imports the module ygorules.core.kb
                sub = f"{target}.{alias.name}"
                found.append((node.lineno, sub if _is_module(sub) else target))
    # importlib.import_module(f"ygorules.commands.{name}") in cli.py: the commands part
    for m in re.finditer(r'import_module\(f?"(ygorules\.[\w.]+?)\.?\{', path.read_text(encoding="utf-8")):
        found.append((0, m.group(1)))
    return found


def _is_module(name: str) -> bool:
    rel = Path(*name.split(".")[1:])
    return (PKG / rel).with_suffix(".py").is_file() or (PKG / rel / "__init__.py").is_file()


def all_modules() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_table_names_every_part_and_only_existing_parts():
    parts = {p.name for p in PKG.iterdir() if (p / "__init__.py").is_file()}
    rules = allowed()
    assert set(rules) == parts | {TOP}, "docs/ARCHITECTURE.md's table and the subpackages of tools/ygorules/ differ"
    for part, deps in rules.items():
        assert deps <= set(rules), f"{part} may import unknown parts {deps - set(rules)}"


def test_no_module_sits_flat_in_the_package_but_the_entry_points():
    flat = {p.name for p in PKG.glob("*.py")}
    assert flat <= {"__init__.py", "__main__.py", "cli.py"}, f"modules outside any part: {sorted(flat - {'__init__.py', '__main__.py', 'cli.py'})}"


@pytest.mark.parametrize("path", all_modules(), ids=lambda p: str(p.relative_to(PKG)))
def test_each_import_is_allowed_by_the_architecture(path):
    rules = allowed()
    here = part_of(module_name(path))
    bad = []
    for line, target in imports(path):
        there = part_of(target)
        if target == "ygorules" or there == here:
            continue
        if there not in rules[here]:
            bad.append(f"{path.relative_to(ROOT)}:{line}: {here} imports {target} ({there}); docs/ARCHITECTURE.md allows {sorted(rules[here]) or 'nothing'}")
    assert not bad, "\n".join(bad)


def test_no_import_cycles_between_modules():
    graph = {module_name(p): {t for _, t in imports(p) if t != "ygorules"} for p in all_modules()}
    # a package's __init__ is not an edge target worth following when it is empty of imports
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles:\n" + "\n".join(" → ".join(c) for c in cycles)


def test_the_checker_sees_a_forbidden_import(tmp_path):
    """The rules are not vacuous: a core module importing the names part is reported."""
    rules = allowed()
    assert "names" not in rules["core"] and "site" not in rules["names"] and "names" not in rules["site"]
    fake = PKG / "core" / "kb.py"
    tree = [t for _, t in imports(fake)]
    assert "ygorules.core.link" in tree  # relative imports resolve to absolute module names
    assert part_of("ygorules.names.index") == "names" and part_of("ygorules.cli") == TOP
