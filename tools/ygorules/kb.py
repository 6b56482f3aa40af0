"""load_kb(): the one path from kb/ to the linked model: load → schema → build → link."""
from __future__ import annotations

import difflib
import os
from pathlib import Path

from . import build
from .errors import Problem, YgoError
from .link import Linker
from .loader import Document, LoadError, load_file
from .model import KB, LANGS
from .schema import KINDS, validate

PROJECT_KB = Path(__file__).resolve().parents[2] / "kb"


def default_kb() -> Path:
    """The kb/ to use when none is given: $YGORULES_KB, ./kb, or the project's own."""
    if os.environ.get("YGORULES_KB"):
        return Path(os.environ["YGORULES_KB"])
    if Path("kb").is_dir():
        return Path("kb")
    return PROJECT_KB


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)


def discover(root: Path) -> tuple[list[tuple[str, Path]], list[Problem]]:
    """Every entry file under ``root`` with its kind, and problems with the layout itself."""
    files, problems = [], []
    if not root.is_dir():
        raise YgoError(f"{root}: no such knowledge-base folder (pass --kb DIR)", exit_code=2)
    for child in sorted(root.iterdir()):
        if child.name.startswith(".") or child.name in ("README.md", "locales.yaml"):
            continue
        if child.is_dir():
            kind = KINDS.get(child.name)
            if kind is None:
                close = difflib.get_close_matches(child.name, list(KINDS), n=1)
                fix = f"did you mean '{close[0]}'?" if close else f"folders are: {', '.join(KINDS)}"
                problems.append(Problem(_display(child), 1, 1, f"unknown folder '{child.name}' in kb/", fix, code="unknown-folder"))
                continue
            for f in sorted(child.iterdir()):
                if f.name.startswith("."):
                    continue
                if f.is_dir():
                    problems.append(Problem(_display(f), 1, 1, f"a folder inside kb/{child.name}/", f"put entries directly in kb/{child.name}/ (one file per entry)", code="nested-folder"))
                elif f.suffix != ".yaml":
                    fix = f"rename it to {f.stem}.yaml" if f.suffix in (".yml", ".YAML") else "keep only .yaml entries here"
                    problems.append(Problem(_display(f), 1, 1, f"'{f.name}' is not a .yaml file", fix, code="not-yaml"))
                else:
                    files.append((kind, f))
        else:
            problems.append(Problem(_display(child), 1, 1, f"a file directly in kb/: '{child.name}'", f"move it into the folder of its kind ({', '.join(KINDS)})", code="misplaced-file"))
    return files, problems


def collect(root: Path | str | None = None) -> tuple[KB, list[Problem]]:
    """Run every pass over a kb/ folder; return the model (of the valid entries) and all problems."""
    root = Path(root) if root is not None else default_kb()
    files, problems = discover(root)
    kb = KB(root=root)
    locales = root / "locales.yaml"
    if locales.exists():
        try:
            doc = load_file(locales, _display(locales))
            errs = validate(doc, "locales")
            problems.extend(errs)
            if not errs:
                kb.locales = doc.data["languages"]
                codes = [l["code"] for l in kb.locales]
                if codes != list(LANGS):
                    problems.append(Problem(doc.display, *doc.where(("languages",)), f"languages are {codes}", f"list them in the order {list(LANGS)}", code="locales-order"))
        except LoadError as exc:
            problems.append(exc.problem)
    docs: dict = {}
    on_disk: dict = {}  # kind → ids of every file, valid or not: no cascade of errors from one bad entry
    for kind, path in files:
        on_disk.setdefault(kind, set()).add(path.stem)
    for kind, path in files:
        display = _display(path)
        try:
            doc = load_file(path, display)
        except LoadError as exc:
            problems.append(exc.problem)
            continue
        errs = validate(doc, kind)
        if errs:
            problems.extend(errs)
            continue
        data = doc.data
        if data["id"] != path.stem:
            line, col = doc.where(("id",))
            problems.append(Problem(display, line, col, f"id '{data['id']}' differs from the file name '{path.name}'",
                                    f"set `id: {path.stem}` or rename the file to {data['id']}.yaml", code="id-filename"))
            continue
        table = kb.table(kind)
        if data["id"] in table:  # only possible on case-insensitive file systems
            problems.append(Problem(display, 1, 1, f"a second {kind} with id '{data['id']}'", "ids are unique: rename one", code="duplicate-id"))
            continue
        entry = build.entry(kind, data, path)
        table[entry.id] = entry
        docs[(kind, entry.id)] = doc
    problems.extend(Linker(kb, docs, on_disk).run())
    kb.warnings = [p for p in problems if p.severity == "warning"]
    return kb, problems


def load_kb(root: Path | str | None = None) -> KB:
    """Load, validate and link kb/ into the model; raise YgoError listing every error if there are any."""
    kb, problems = collect(root)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise YgoError(f"{len(errors)} problem(s) in {kb.root}; run `ygorules check`", sorted(errors))
    return kb
