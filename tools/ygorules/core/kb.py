"""load_kb(): the one path from kb/ to the linked model: load → schema → build → link."""
from __future__ import annotations

import gc
import os
from pathlib import Path

from . import build
from .errors import Problem, YgoError
from .link import Linker, local_checks, missing_translations, reference_pairs, survey, translation_warning
from .cache import CheckCache, changed_stamps, stat_stamps
from .loader import MAX_FILE_BYTES, Document, LoadError, load_bytes, load_file
from .model import KB, LANGS
from . import extents as extents_
from . import review, terms_lint
from .schema import KINDS, validate
from .walk import ENTRY_SUFFIX, walk
from . import resources

PROJECT_KB = Path(resources.checkout() or "") / "kb"
"""The checkout's own kb/ (installed from a wheel, there is none: ./kb)."""


def default_kb() -> Path:
    """The kb/ to use when none is given: $YGORULES_KB, ./kb, or the project's own (``resources.default_kb``)."""
    return Path(resources.default_kb())


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
        if name in ("README.md", "locales.yaml", "review-ledger.tsv"):
            continue
        if item.is_dir():
            kind, folder = KINDS.get(name), name
            if kind is None:
                import difflib  # only to suggest a name
                close = difflib.get_close_matches(name, list(KINDS), n=1)
                fix = f"did you mean '{close[0]}'?" if close else f"folders are: {', '.join(KINDS)}"
                problems.append(Problem(_display(child), 1, 1, f"unknown folder '{name}' in kb/", fix, code="unknown-folder"))
        else:
            problems.append(Problem(_display(child), 1, 1, f"a file directly in kb/: '{name}'", f"move it into the folder of its kind ({', '.join(KINDS)})", code="misplaced-file"))
    return files, problems


SMALL_KINDS = frozenset({"phase", "step", "substep"})
"""Kinds whose data the check cache keeps: the link pass needs their entries, and they are few."""


def _check_file(kind: str, path: Path, display: str, raw: bytes | None, glossary: terms_lint.Glossary, extents: extents_.Extents):
    """The per-file passes on one file (read again when ``raw`` is None): (entry or None, reference pairs or None, problems, document or None)."""
    entry, refs, errs, doc = None, None, [], None
    try:
        doc = load_file(path, display) if raw is None else load_bytes(raw, display, path)
        errs = validate(doc, kind)
        if not errs:
            if doc.data["id"] != path.stem:
                line, col = doc.where(("id",))
                errs = [Problem(display, line, col, f"id '{doc.data['id']}' differs from the file name '{path.name}'",
                                f"set `id: {path.stem}` or rename the file to {doc.data['id']}.yaml", code="id-filename")]
            else:
                entry = build.entry(kind, doc.data, path)
                found = survey(doc.data)  # one walk: citations, cited places, localized texts, statement eras
                refs = reference_pairs(kind, doc.data, found)
                for where, message, fix, code in local_checks(entry, found):
                    errs.append(Problem(display, *doc.where(where), message, fix, "error", code))
                for where, missing in missing_translations(doc.data, found.texts):
                    errs.append(Problem(display, *doc.where(where), *translation_warning(where, missing)))
                for where, message, fix in extents_.check(doc.data, extents, found):
                    errs.append(Problem(display, *doc.where(where), message, fix, "error", "citation-extent"))
                for where, message, fix in terms_lint.lint(doc.data, glossary, found.texts):
                    errs.append(Problem(display, *doc.where(where), message, fix, "warning", terms_lint.CODE))
    except LoadError as exc:
        errs = [exc.problem]
    if doc is not None:
        doc.text = None  # positions, if ever needed, are read again from the file
    return entry, refs, errs, doc


def _file_passes(kind: str, path: str, display: str, store: CheckCache, need_model: bool, glossary: terms_lint.Glossary,
                 extents: extents_.Extents, stamp: tuple | None):
    """Load, validate and check one file whose stat ``stamp`` (None when stat failed) did not find it in the cache.

    Returns (entry or None, entry id or None, reference pairs (None when taken from the cache),
    problems, document (None when taken from the cache), cache record or None). On a cache hit
    without ``need_model``, entries of the big kinds are not built (check does not need them).
    """
    size = stamp[0] if stamp else -1
    raw = b""
    try:
        with open(path, "rb") as fh:
            raw = fh.read() if 0 <= size <= MAX_FILE_BYTES else b""
    except OSError:
        raw, size = b"", -1
    digest = store.digest(raw) + str(size) if store.enabled else ""
    rec = store.by_digest(display, digest, stamp) if size >= 0 and store.enabled else None
    if rec is None or (need_model and rec[2] is not None and rec[3] is None):
        entry, refs, errs, doc = _check_file(kind, Path(path), display, None if size > MAX_FILE_BYTES or size < 0 else raw,
                                             glossary, extents)
        rec = None
        if size >= 0:
            rec = store.put(display, stamp, digest, entry.id if entry else None,
                            entry.data if entry and kind in SMALL_KINDS else None, errs, refs)
        return entry, entry.id if entry else None, refs, errs, doc or Document(Path(path), display, None), rec
    entry_id, data = rec[2], rec[3]
    entry = build.entry(kind, data, Path(path)) if data is not None else None
    return entry, entry_id, None, store.problems(rec[4]), None, rec


def _duplicate(display: str, kind: str, entry_id: str) -> Problem:
    return Problem(display, 1, 1, f"a second {kind} with id '{entry_id}'", "ids are unique: rename one", code="duplicate-id")


def collect(root: Path | str | None = None, cache: bool = False, need_model: bool = True) -> tuple[KB, list[Problem]]:
    """Run every pass over a kb/ folder; return the model (of the valid entries) and all problems.

    With ``cache``, the per-file passes of unchanged files are taken from the check cache, and so
    are their dangling references while no entry file was added or removed; with
    ``need_model=False`` as well (what `ygorules check` does), their entries are not even built,
    so the model holds only the changed files and the phase, steps and substeps.
    """
    enabled = gc.isenabled()
    gc.disable()  # thousands of entries are built and kept, none in a reference cycle: the collector would only rescan them
    try:
        return _collect(Path(root) if root is not None else default_kb(), cache, need_model)
    finally:
        if enabled:
            gc.enable()


def _collect(root: Path, cache: bool, need_model: bool) -> tuple[KB, list[Problem]]:
    files, problems = discover(root)
    kb = KB(root=root)
    on_disk = _OnDisk(files)
    glossary, extents = terms_lint.load(root), extents_.load(root)
    store = CheckCache(root, enabled=cache, context=f"{glossary.key}{extents.key} {_display(root)}")
    locales = root / "locales.yaml"
    if locales.exists():
        stamp = _stamp(str(locales))
        hit = store.locales_hit(stamp)
        if hit is None:
            hit = _locales(locales)
            store.put_locales(stamp, *hit)
        errs, kb.locales = store.problems(hit[0]), hit[1] if hit[1] is not None else kb.locales
        problems.extend(errs)
    run = _Run(root, kb, problems, store, need_model, glossary, extents, on_disk)
    files_key = store.digest("\n".join(path for _, path in files).encode("utf-8", "surrogateescape"))
    snapshot = store.snapshot(files_key) if cache and not need_model else None
    if snapshot is not None:  # the recorded list of files
        checked = run.recheck(files, snapshot)
        store.save_changes(files_key, run.changes)
    else:
        run.check(files, same_files=files_key == store.files_key)
        store.save(files_key, run.displays)
        checked = len(run.docs)
    if need_model:  # the review level that holds: a native review covers only the text it read (core/review.py)
        try:
            review.apply(kb)
        except review.LedgerError as exc:
            problems.append(Problem(_display(Path(exc.path)), exc.line, 1, exc.what, exc.fix, code="review-ledger"))
    kb.warnings = [p for p in problems if p.severity == "warning"]
    kb.checked = checked
    return kb, problems


def _locales(locales: Path) -> tuple:
    """The problems (stored form) and the languages (or None) of kb/locales.yaml."""
    problems, languages = [], None
    try:
        doc = load_file(locales, _display(locales))
        problems = validate(doc, "locales")
        if not problems:
            languages = doc.data["languages"]
            codes = [l["code"] for l in languages]
            if codes != list(LANGS):
                problems.append(Problem(doc.display, *doc.where(("languages",)), f"languages are {codes}", f"list them in the order {list(LANGS)}", code="locales-order"))
    except LoadError as exc:
        problems = [exc.problem]
    return CheckCache.stored(problems), languages


class _Run:
    """One run of the passes over a list of files: the per-file passes, then the link pass."""

    def __init__(self, root: Path, kb: KB, problems: list, store: CheckCache, need_model: bool,
                 glossary: terms_lint.Glossary, extents: extents_.Extents, on_disk: dict):
        self.kb, self.problems, self.store, self.need_model = kb, problems, store, need_model
        self.glossary, self.extents, self.on_disk = glossary, extents, on_disk
        self.shown, self.prefix = _display(root), str(root) + os.sep
        self.docs: dict = {}  # (kind, id) → Document, or (path, display, data) for a file taken from the cache
        self.dangling: list = []  # the dangling references of each entry that has any or is linked below, in file order
        self.linked: list = []  # entries whose references the link pass checks
        self.displays: list = []  # every file's displayed path, in file order
        self.changes: dict = {}  # on a re-check: file index → (display, record) of each file read again

    def display(self, path: str) -> str:
        if path.startswith(self.prefix):
            return self.shown + path[len(self.prefix) - 1:]
        folder, name = os.path.split(path)
        return f"{self.shown}/{os.path.basename(folder)}/{name}"

    def check(self, files: list, same_files: bool) -> None:
        """Every file through the cache's records (or none); with ``same_files``, recorded dangling references are reused."""
        by_stamp, stat, need_model, displays = self.store.by_stamp, os.stat, self.need_model, self.displays
        for kind, path in files:
            display = self.display(path)
            displays.append(display)
            try:  # the common case first: an unchanged file, taken from the cache by its stat alone
                st = stat(path)
                stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
                rec = by_stamp(display, stamp)
            except OSError:
                stamp = rec = None
            if rec is not None and not (need_model and rec[2] is not None and rec[3] is None):
                self.taken(kind, path, display, rec, same_files)
            else:
                self.fresh(kind, path, display, stamp, same_files)
        self.link()

    def recheck(self, files: list, snapshot) -> int:
        """Every file of the recorded list, by its stat alone unless it changed; returns the number of valid entries."""
        stamps, valid, quick = snapshot
        now, failed = stat_stamps([path for _, path in files])
        changed = set(changed_stamps(now, stamps, self.store.recorded_ns - 2_000_000_000)).union(failed)
        checked = valid.count(1)
        for i in sorted(changed.union(quick)):
            kind, path = files[i]
            if i in changed:
                display = self.display(path)
                checked -= valid[i]
                rec = self.fresh(kind, path, display, _stamp(path), True)
                checked += rec is not None and rec[2] is not None
                self.changes[i] = (display, rec)
            else:
                self.taken(kind, path, None, quick[i], True)
        self.link()
        return checked

    def taken(self, kind: str, path: str, display: str | None, rec: list, same_files: bool) -> None:
        """A file whose recorded results stand."""
        store = self.store
        if rec[4]:
            self.problems.extend(store.problems(rec[4]))
        entry_id = rec[2]
        if entry_id is None:
            return
        key = (kind, entry_id)
        if key in self.docs:
            self.problems.append(_duplicate(display or self.display(path), kind, entry_id))
            return
        if rec[3] is not None:
            self.kb.table(kind)[entry_id] = build.entry(kind, rec[3], Path(path))
        if rec[3] is not None or not same_files:
            self.docs[key] = (path, display or self.display(path), rec[3])
        else:
            self.docs[key] = None  # counted; its document is never needed
        if not same_files:
            self.linked.append((len(self.dangling), kind, entry_id, path, display or self.display(path), None, rec))
            self.dangling.append(None)
        elif rec[5]:
            self.dangling.append(store.problems(rec[5]))

    def fresh(self, kind: str, path: str, display: str, stamp: tuple | None, same_files: bool):
        """A file that the cache could not vouch for by its stat: through its content hash, or all the passes. Returns its record."""
        entry, entry_id, refs, errs, doc, rec = _file_passes(kind, path, display, self.store, self.need_model, self.glossary, self.extents, stamp)
        if errs:
            self.problems.extend(errs)
        if entry_id is None:
            return rec
        if (kind, entry_id) in self.docs:  # only possible on case-insensitive file systems
            self.problems.append(_duplicate(display, kind, entry_id))
            return rec
        if entry is not None:
            self.kb.table(kind)[entry_id] = entry
        self.docs[(kind, entry_id)] = doc if doc is not None else (path, display, rec[3])
        if refs is None and same_files:
            if rec[5]:
                self.dangling.append(self.store.problems(rec[5]))
        else:
            self.linked.append((len(self.dangling), kind, entry_id, path, display, refs, rec))
            self.dangling.append(None)
        return rec

    def link(self) -> None:
        """The link pass: the dangling references of the entries to link, then the structure of phases, steps and substeps."""
        store = self.store
        linker = Linker(self.kb, self.docs, self.on_disk)
        for slot, kind, entry_id, path, display, refs, rec in self.linked:
            if refs is None:  # taken from the cache while entry files were added or removed: check its references again
                refs = store.refs_of(display, rec)
                if refs is None:  # not in the references blob: read the file again
                    try:
                        refs = reference_pairs(kind, load_file(Path(path), display).data)
                    except LoadError:
                        refs = []
            found = linker.dangling(kind, entry_id, refs)
            if rec is not None:
                rec[5] = store.stored(found)
            self.dangling[slot] = found
        for found in self.dangling:  # in file order
            self.problems.extend(found)
        self.problems.extend(linker.structure())


class _OnDisk(dict):
    """kind → the ids of every file of that kind, valid or not (so that one bad entry causes no cascade of
    errors); each kind's set is made on first use: a re-check of one file needs only those it refers to."""

    def __init__(self, files: list):
        super().__init__()
        self.files = files

    def __missing__(self, kind: str) -> set:
        ids = self[kind] = {path[path.rfind(os.sep) + 1:-5] for k, path in self.files if k == kind}
        return ids


def _stamp(path: str) -> tuple | None:
    """A file's stat stamp (size, modification time, inode), or None when it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino


def load_kb(root: Path | str | None = None) -> KB:
    """Load, validate and link kb/ into the model; raise YgoError listing every error if there are any."""
    kb, problems = collect(root)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise YgoError(f"{len(errors)} problem(s) in {kb.root}; run `ygorules check`", sorted(errors))
    return kb
