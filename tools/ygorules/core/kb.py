"""load_kb(): the one path from kb/ to the linked model: load → schema → build → link."""
from __future__ import annotations

import difflib
import os
from pathlib import Path

from . import build
from .errors import Problem, YgoError
from .link import Linker, local_checks, localized_texts, missing_translations, reference_pairs, translation_warning
from .cache import CheckCache
from .loader import MAX_FILE_BYTES, Document, LoadError, load_bytes, load_file
from .model import KB, LANGS
from . import extents as extents_
from . import terms_lint
from .schema import KINDS, validate
from .walk import ENTRY_SUFFIX, walk
from . import resources

PROJECT_KB = Path(resources.checkout() or "") / "kb"
"""The checkout's own kb/ (installed from a wheel, there is none: ./kb)."""


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


def discover(root: Path) -> tuple[list[tuple[str, str]], list[Problem]]:
    """Every entry file under ``root`` with its kind (its path as a string: thousands of Path objects cost a re-check dearly), and problems with the layout itself.

    The files are those :func:`ygorules.core.walk.walk` lists: an entry is a ``.yaml`` file in the
    folder of its kind; anything else that is not hidden is a problem (with its fix), apart from
    kb/README.md and kb/locales.yaml.
    """
    files, problems = [], []
    if not root.is_dir():
        raise YgoError(f"{root}: no such knowledge-base folder (pass --kb DIR)", exit_code=2)
    kind = folder = ""
    # unknown folders and folders inside a kind's folder are reported, not entered
    for depth, item in walk(root, prune=lambda depth, item: depth > 1 or item.name not in KINDS):
        name = item.name
        if depth == 2:
            if name.endswith(ENTRY_SUFFIX) and not item.is_dir():
                files.append((kind, item.path))
                continue
            f = Path(item.path)
            if item.is_dir():
                problems.append(Problem(_display(f), 1, 1, f"a folder inside kb/{folder}/", f"put entries directly in kb/{folder}/ (one file per entry)", code="nested-folder"))
            else:
                fix = f"rename it to {f.stem}.yaml" if f.suffix in (".yml", ".YAML") else "keep only .yaml entries here"
                problems.append(Problem(_display(f), 1, 1, f"'{f.name}' is not a .yaml file", fix, code="not-yaml"))
            continue
        child = Path(item.path)
        if name in ("README.md", "locales.yaml"):
            continue
        if item.is_dir():
            kind, folder = KINDS.get(name), name
            if kind is None:
                close = difflib.get_close_matches(name, list(KINDS), n=1)
                fix = f"did you mean '{close[0]}'?" if close else f"folders are: {', '.join(KINDS)}"
                problems.append(Problem(_display(child), 1, 1, f"unknown folder '{name}' in kb/", fix, code="unknown-folder"))
        else:
            problems.append(Problem(_display(child), 1, 1, f"a file directly in kb/: '{name}'", f"move it into the folder of its kind ({', '.join(KINDS)})", code="misplaced-file"))
    return files, problems


SMALL_KINDS = frozenset({"phase", "step", "substep"})
"""Kinds whose data the check cache keeps: the link pass needs their entries, and they are few."""


def _file_passes(kind: str, path: str, display: str, store: CheckCache, need_model: bool, glossary: terms_lint.Glossary,
                 extents: extents_.Extents):
    """Load, validate and check one file, through the cache.

    Returns (entry or None, entry id or None, reference pairs, problems, document). On a cache hit
    without ``need_model``, entries of the big kinds are not built (check does not need them).
    """
    try:
        st = os.stat(path)
    except OSError:
        st = None
    size = st.st_size if st else -1
    context = glossary.key + extents.key
    stamp = f"{size}:{st.st_mtime_ns}:{st.st_ino}:{context}" if st else ""

    def usable(hit):
        return hit is not None and (hit[0] is None or not need_model or hit[1] is not None)

    hit = store.get_stamp(display, stamp, st.st_mtime_ns) if st else None
    raw, digest = b"", ""
    if not usable(hit):
        try:
            with open(path, "rb") as fh:
                raw = fh.read() if 0 <= size <= MAX_FILE_BYTES else b""
        except OSError:
            raw, size = b"", -1
        digest = store.digest(raw) + str(size) + context
        hit = store.get(display, digest, stamp) if size >= 0 else None
    if usable(hit):
        entry_id, data, refs, errs = hit
        entry = build.entry(kind, data, Path(path)) if data is not None else None
        return entry, entry_id, refs, errs, Document(path, display, data)
    path = Path(path)
    entry, refs, errs, doc = None, None, [], None
    try:
        doc = load_file(path, display) if size > MAX_FILE_BYTES or size < 0 else load_bytes(raw, display, path)
        errs = validate(doc, kind)
        if not errs:
            if doc.data["id"] != path.stem:
                line, col = doc.where(("id",))
                errs = [Problem(display, line, col, f"id '{doc.data['id']}' differs from the file name '{path.name}'",
                                f"set `id: {path.stem}` or rename the file to {doc.data['id']}.yaml", code="id-filename")]
            else:
                entry = build.entry(kind, doc.data, path)
                refs = reference_pairs(kind, doc.data)
                for where, message, fix, code in local_checks(entry):
                    errs.append(Problem(display, *doc.where(where), message, fix, "error", code))
                texts = list(localized_texts(doc.data))  # walked once, for translations and terminology
                for where, missing in missing_translations(doc.data, texts):
                    errs.append(Problem(display, *doc.where(where), *translation_warning(where, missing)))
                for where, message, fix in extents_.check(doc.data, extents):
                    errs.append(Problem(display, *doc.where(where), message, fix, "error", "citation-extent"))
                for where, message, fix in terms_lint.lint(doc.data, glossary, texts):
                    errs.append(Problem(display, *doc.where(where), message, fix, "warning", terms_lint.CODE))
    except LoadError as exc:
        errs = [exc.problem]
    if size >= 0:
        store.put(display, digest, stamp, entry.id if entry else None,
                  entry.data if entry and kind in SMALL_KINDS else None, refs, errs)
    if doc is not None:
        doc.text = None  # positions, if ever needed, are read again from the file
    return entry, entry.id if entry else None, refs, errs, doc or Document(path, display, None)


def collect(root: Path | str | None = None, cache: bool = False, need_model: bool = True) -> tuple[KB, list[Problem]]:
    """Run every pass over a kb/ folder; return the model (of the valid entries) and all problems.

    With ``cache``, the per-file passes of unchanged files are taken from the check cache; with
    ``need_model=False`` as well (what `ygorules check` does), their entries are not even built,
    so the model holds only the changed files and the phase, steps and substeps.
    """
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
        on_disk.setdefault(kind, set()).add(os.path.basename(path)[:-5])
    store = CheckCache(root, enabled=cache)
    glossary, extents = terms_lint.load(root), extents_.load(root)
    all_refs: dict = {}
    shown = _display(root)
    for kind, path in files:
        folder, name = os.path.split(path)
        display = f"{shown}/{os.path.basename(folder)}/{name}"
        entry, entry_id, refs, errs, doc = _file_passes(kind, path, display, store, need_model, glossary, extents)
        problems.extend(errs)
        if entry_id is None:
            continue
        if (kind, entry_id) in docs:  # only possible on case-insensitive file systems
            problems.append(Problem(display, 1, 1, f"a second {kind} with id '{entry_id}'", "ids are unique: rename one", code="duplicate-id"))
            continue
        if entry is not None:
            kb.table(kind)[entry_id] = entry
        docs[(kind, entry_id)] = doc
        all_refs[(kind, entry_id)] = refs
    store.save()
    problems.extend(Linker(kb, docs, on_disk, all_refs).run())
    kb.warnings = [p for p in problems if p.severity == "warning"]
    kb.checked = len(docs)
    return kb, problems


def load_kb(root: Path | str | None = None) -> KB:
    """Load, validate and link kb/ into the model; raise YgoError listing every error if there are any."""
    kb, problems = collect(root)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise YgoError(f"{len(errors)} problem(s) in {kb.root}; run `ygorules check`", sorted(errors))
    return kb
