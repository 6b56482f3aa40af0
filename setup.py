"""The build step that makes a wheel self-contained: pyproject.toml says everything else.

A checkout reads its schemas, site sources, mkdocs.yml, nickname list and language list where they live
(``tools/ygorules/core/resources.py``: ``FILES``). A wheel has no checkout beside it, so ``build_py`` copies
each of those files into ``ygorules/_data/<name>``, where ``resources.path`` finds them once installed.
``FILES`` and ``EXCLUDE`` are read from resources.py as data (``ast``), without importing the package.
MANIFEST.in puts the same files into an sdist, so a wheel built from the sdist carries them too.
"""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
RESOURCES = HERE / "tools" / "ygorules" / "core" / "resources.py"


def _constants(path: Path, *names: str) -> list:
    """The literal values of module-level assignments ``names`` in ``path`` (evaluated as data, not run)."""
    found = {}
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id in names:
                    found[target.id] = ast.literal_eval(node.value)
    missing = [n for n in names if n not in found]
    if missing:
        raise SystemExit(f"{path}: no literal {', '.join(missing)} (setup.py reads them to copy the shipped files)")
    return [found[n] for n in names]


FILES, EXCLUDE = _constants(RESOURCES, "FILES", "EXCLUDE")


class build_py_with_data(build_py):
    """build_py, then a copy of every ``FILES`` resource into ``<build_lib>/ygorules/_data/``."""

    def _data_targets(self) -> list[tuple[Path, Path]]:
        target = Path(self.build_lib) / "ygorules" / "_data"
        return [(HERE / rel, target / name) for name, rel in FILES.items()]

    def run(self) -> None:
        editable = getattr(self, "editable_mode", False)  # an editable install reads the checkout's own files
        if not editable:  # setuptools never empties build/lib: a module removed from tools/ would ship from an old build
            shutil.rmtree(Path(self.build_lib) / "ygorules", ignore_errors=True)
        super().run()
        if editable:
            return
        for src, dst in self._data_targets():
            if not src.exists():
                raise SystemExit(f"{src}: missing, and the wheel needs it (resources.FILES lists it): "
                                 "build from a full checkout or an sdist made with MANIFEST.in")
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.is_dir():
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns(*EXCLUDE))
            else:
                shutil.copy2(src, dst)

    def get_outputs(self, include_bytecode=True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if getattr(self, "editable_mode", False):
            return outputs
        for _src, dst in self._data_targets():
            if dst.is_dir():
                outputs += [str(p) for p in sorted(dst.rglob("*")) if p.is_file()]
            elif dst.is_file():
                outputs.append(str(dst))
        return outputs


setup(cmdclass={"build_py": build_py_with_data})
