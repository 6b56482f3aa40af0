"""The built wheel works on its own: installed into a fresh venv outside the checkout, the CLI checks, looks up,
translates and builds the site from another folder, and reads nothing of the checkout.

The build follows what a user or an index does: an sdist of the project's tracked files (``python -m build``),
then the wheel built from that sdist, so a resource that MANIFEST.in forgets is missing from the wheel too; the
wheel README's ``pip install .`` builds straight from the tree must hold the same package, and is the one installed.
The source copy is deleted before anything runs. Every Python process of the installed CLI (mkdocs included)
runs with an audit hook (a ``sitecustomize`` on ``PYTHONPATH``) that records each file or folder it opens under
the checkout; the list must stay empty.

Slow (a sdist, a wheel, a venv and its dependencies from PyPI; pip's cache makes later runs fast): marked
``wheel``, left out of the default ``pytest`` run, run by ``make wheel-test`` and ``.ci/run``.
"""
from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest
from ygorules.core import resources

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parents[1]
BIN = "Scripts" if os.name == "nt" else "bin"
SPANISH = "Ayer jugué la Fuerza de Espejo contra el Mago Oscuro de mi rival en el Paso de Daño.\n"

AUDIT_HOOK = '''\
"""Record every file or folder a Python process opens under $YGO_FORBIDDEN (the checkout) into $YGO_FORBIDDEN_LOG."""
import os
import sys

_ROOTS = [r for r in os.environ.get("YGO_FORBIDDEN", "").split(os.pathsep) if r]
_LOG = os.environ.get("YGO_FORBIDDEN_LOG")


def _hook(event, args):
    if event not in ("open", "os.listdir", "os.scandir") or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    path = os.path.abspath(os.fsdecode(args[0]))
    if any(path == r or path.startswith(r + os.sep) for r in _ROOTS):
        with open(_LOG, "a", encoding="utf-8") as fh:
            fh.write(f"{event} {path} (pid {os.getpid()}: {' '.join(sys.argv)})\\n")


if _ROOTS and _LOG:
    sys.addaudithook(_hook)
'''


def _run(cmd, *, cwd, env=None, input=None, timeout=900) -> subprocess.CompletedProcess:
    started = time.monotonic()
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, input=input, capture_output=True, text=True, timeout=timeout, check=False)
    print(f"{time.monotonic() - started:6.1f} s  {' '.join(map(str, cmd))}  (exit {proc.returncode})")
    return proc


def _ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, f"{' '.join(proc.args)} exited {proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    assert "Traceback (most recent call last)" not in proc.stderr, proc.stderr
    return proc.stdout


def _tracked_files() -> list[str]:
    """The files a fresh clone holds (tracked, or new and not ignored), as they are on disk."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout
    return [f for f in listed.decode().split("\0") if f and (ROOT / f).is_file()]


def _excluded(rel: str) -> bool:
    return any(fnmatch.fnmatch(part, pat) for part in Path(rel).parts for pat in resources.EXCLUDE)


def _shipped_in_checkout() -> dict[str, bytes]:
    """What ygorules/_data/ must hold: each FILES resource's tracked files, by their path under _data/."""
    tracked = _tracked_files()
    out = {}
    for name, rel in resources.FILES.items():
        for f in tracked:
            if f == rel or f.startswith(rel + "/"):
                sub = f"{name}{f[len(rel):]}"
                if not _excluded(sub):
                    out[sub] = (ROOT / f).read_bytes()
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(sdist, wheel, tree wheel, venv): the sdist and the wheel built from it, the wheel `pip install .` builds from the
    tree, and a fresh venv outside the checkout with that one installed."""
    base = tmp_path_factory.mktemp("wheel")
    assert not base.is_relative_to(ROOT)
    src, dist = base / "src", base / "dist"
    for f in _tracked_files():
        (src / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, src / f)
    _ok(_run([sys.executable, "-m", "build", "--outdir", dist, src], cwd=base))  # the sdist, then the wheel from it
    # README's `pip install .` builds the wheel from the tree instead; the venv gets that one
    _ok(_run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "-w", base / "tree", src], cwd=base))
    shutil.rmtree(src)
    (sdist,), (wheel,), (tree_wheel,) = sorted(dist.glob("*.tar.gz")), sorted(dist.glob("*.whl")), sorted((base / "tree").glob("*.whl"))
    venv = base / "venv"
    _ok(_run([sys.executable, "-m", "venv", venv], cwd=base))
    _ok(_run([venv / BIN / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", tree_wheel], cwd=base))
    return sdist, wheel, tree_wheel, venv


def _package(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as zf:
        return {n: zf.read(n) for n in zf.namelist() if n.startswith("ygorules/")}


def test_the_wheel_and_the_sdist_carry_every_shipped_file_and_nothing_generated(built):
    sdist, wheel, tree_wheel, _venv = built
    want = _shipped_in_checkout()
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        data = {n[len("ygorules/_data/"):]: zf.read(n) for n in names if n.startswith("ygorules/_data/") and not n.endswith("/")}
    assert sorted(data) == sorted(want)
    assert all(data[k] == want[k] for k in want), [k for k in want if data[k] != want[k]]
    assert not [n for n in names if _excluded(n) and not n.endswith("/")], "generated files in the wheel"
    modules = {n for n in names if n.startswith("ygorules/") and n.endswith(".py")}
    assert modules == {f[len("tools/"):] for f in _tracked_files() if f.startswith("tools/ygorules/") and f.endswith(".py")}
    with tarfile.open(sdist) as tf:
        top = tf.getnames()[0].split("/")[0]
        in_sdist = {n[len(top) + 1:] for n in tf.getnames()}
    assert {"setup.py", "pyproject.toml", *resources.FILES.values()} <= in_sdist
    assert _package(tree_wheel) == _package(wheel), "`pip install .` and the wheel built from the sdist differ"
    size, count = wheel.stat().st_size, len(names)
    print(f"{wheel.name}: {size / 1024:.0f} KiB, {count} files ({len(data)} under ygorules/_data/)")


def _world(tmp_path: Path, venv: Path) -> tuple[Path, dict]:
    """A working folder outside the checkout holding a copy of kb/, and the environment of the installed CLI."""
    work = tmp_path / "work"
    shutil.copytree(ROOT / "kb", work / "kb")
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(AUDIT_HOOK, encoding="utf-8")
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p and not Path(p).resolve().is_relative_to(ROOT)]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("YGORULES_", "XDG_", "VIRTUAL_ENV", "PYTEST", "PYTHON"))}
    env.update(PATH=os.pathsep.join([str(venv / BIN), *path]), PYTHONPATH=str(hook), YGO_FORBIDDEN=str(ROOT),
               YGO_FORBIDDEN_LOG=str(tmp_path / "forbidden.log"), YGORULES_CACHE=str(tmp_path / "cache"),
               YGORULES_NAMES=str(tmp_path / "no-names.tsv.gz"), LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    return work, env


def test_the_installed_package_is_the_venvs_and_finds_its_files_there(built, tmp_path):
    *_wheels, venv = built
    work, env = _world(tmp_path, venv)
    probe = ("import json, ygorules; from ygorules.core import resources as r; "
             "print(json.dumps({'file': ygorules.__file__, 'checkout': r.checkout(), 'paths': {n: r.path(n) for n in r.FILES}}))")
    got = json.loads(_ok(_run([venv / BIN / "python", "-c", probe], cwd=work, env=env)))
    site_packages = Path(got["file"]).parent.parent
    assert Path(got["file"]).is_relative_to(venv) and site_packages.name == "site-packages"
    assert got["checkout"] is None
    for name, where in got["paths"].items():
        assert Path(where) == site_packages / "ygorules" / "_data" / name and Path(where).exists(), name

    log = tmp_path / "forbidden.log"  # the audit hook the CLI tests rely on is in force: it sees a read of the checkout
    _ok(_run([venv / BIN / "python", "-c", f"open({str(ROOT / 'README.md')!r}).close()"], cwd=work, env=env))
    assert f"open {ROOT / 'README.md'}" in log.read_text(encoding="utf-8")


def test_the_installed_cli_checks_looks_up_translates_and_builds_the_site_outside_the_checkout(built, tmp_path):
    *_wheels, venv = built
    work, env = _world(tmp_path, venv)
    kb, out = work / "kb", tmp_path / "out"

    assert _ok(_run(["ygorules", "--version"], cwd=work, env=env)).startswith("ygorules ")
    _ok(_run(["ygorules", "check", "--kb", kb], cwd=work, env=env))
    _ok(_run(["ygorules", "fmt", "--check", kb], cwd=work, env=env))
    proc = _run(["ygorules", "check"], cwd=tmp_path, env=env)  # no kb/ here, and an installed ygorules has no own
    assert proc.returncode == 2 and "no such knowledge-base folder (pass --kb DIR)" in proc.stderr, proc.stderr

    found = json.loads(_ok(_run(["ygorules", "lookup", "--json", "fuerza espejo"], cwd=work, env=env)))  # ./kb
    assert found["matches"][0]["id"] == "mirror-force" and found["matches"][0]["names"]["en"] == "Mirror Force"
    nick = json.loads(_ok(_run(["ygorules", "lookup", "--json", "Black Magician"], cwd=work, env=env)))
    assert nick["matches"][0]["id"] == "dark-magician"
    assert nick["matches"][0]["matched"]["variant"] == "fan-translation"  # from the shipped data/nicknames.tsv

    english = _ok(_run(["ygorules", "translate", "--kb", kb, "--to", "en"], cwd=work, env=env, input=SPANISH))
    assert "Mirror Force" in english and "Dark Magician" in english and "Fuerza de Espejo" not in english

    if shutil.which("npm", path=env["PATH"]) is None:  # the site needs one npm package; without npm it says so
        proc = _run(["ygorules", "site", "build", "--kb", kb, "--site-dir", out], cwd=work, env=env)
        assert proc.returncode == 2 and "npm is missing" in proc.stderr, proc.stderr
        pytest.skip("npm is not installed (`make npm`): the site build was checked only to say so")
    _ok(_run(["ygorules", "site", "build", "--kb", kb, "--site-dir", out, "--quiet"], cwd=work, env=env))
    for lang in ("es", "pt", "it", "en"):
        page = (out / lang / "cards" / "mirror-force.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in page
    assert "Fuerza de Espejo" in (out / "es" / "cards" / "mirror-force.html").read_text(encoding="utf-8")
    assert (out / "index.html").is_file() and (work / "build" / "docs" / "es").is_dir()  # build/ in the current folder
    _ok(_run(["ygorules", "site", "check", "--site-dir", out], cwd=work, env=env))
    proc = _run(["ygorules", "site", "catalogs"], cwd=work, env=env)  # a checkout's job: it would write into site-packages
    assert proc.returncode == 2 and "run it in a clone of the project" in proc.stderr, proc.stderr

    card = kb / "cards" / "mirror-force.yaml"  # the shipped schemas are in force: a misspelt key is named
    card.write_text(card.read_text(encoding="utf-8").replace("names:", "nmes:", 1), encoding="utf-8")
    proc = _run(["ygorules", "check", "--kb", kb], cwd=work, env=env)
    assert proc.returncode == 1 and "unknown key 'nmes'" in proc.stdout + proc.stderr, proc.stdout + proc.stderr

    log = tmp_path / "forbidden.log"
    assert not log.exists(), "the installed ygorules read the checkout:\n" + log.read_text(encoding="utf-8")[:3000]
