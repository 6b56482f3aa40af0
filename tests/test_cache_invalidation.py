"""The check cache is invalidated by everything a file's results depend on (beyond test_check_cache_and_fast_path.py).

A file's cached results depend on its content, on the schemas and the code of the per-file passes
(the fingerprint), on the glossary (kb/terms: avoided forms) and on the sources' extents (citations).
Each test here changes one of these and leaves the checked file itself untouched and old (so that
its stat stamp would be trusted), and expects the new result: a cache keyed on less would fail it.
(test_terms_lint.py and test_citation_extents.py change the glossary and an extent with fresh files,
which the content hash decides; here the files are old, so the stat stamp must carry those keys too.)
"""
import os
import shutil
import time
from pathlib import Path

import pytest

import ygorules.core.cache as cache
import ygorules.core.schema as schema
from ygorules.core.kb import collect



@pytest.fixture
def kb(mini_kb):
    return mini_kb


def _age(root: Path, seconds: int = 60) -> None:
    past = time.time() - seconds
    for f in root.rglob("*.yaml"):
        os.utime(f, (past, past))


def _problems(root: Path) -> list[tuple]:
    return sorted((p.code, Path(p.path).name, p.line, p.severity) for p in collect(root, cache=True, need_model=False)[1])


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def _cached_files(root: Path) -> int:
    return len(cache.CheckCache(root).old)


def test_a_glossary_change_rechecks_untouched_prose(kb):
    ruling = kb / "rulings" / "test-ruling.yaml"
    _edit(ruling, "  es: ¿Se puede?", "  es: ¿Se puede en el paso de daño?")
    _age(kb)
    assert _problems(kb) == []
    assert _problems(kb) == []  # now every stamp is recorded and old
    _edit(kb / "terms" / "damage-step.yaml", "    status: community\n", "    status: community\n    avoid: true\n")
    assert _problems(kb) == [("avoided-term", "test-ruling.yaml", 9, "warning")]
    _edit(kb / "terms" / "damage-step.yaml", "    avoid: true\n", "")
    assert _problems(kb) == []


def test_a_source_extent_change_rechecks_untouched_citations(kb):
    _edit(kb / "steps" / "damage-step.yaml", "where: L1", "where: L300")
    _age(kb)
    assert _problems(kb) == []
    assert _problems(kb) == []
    _edit(kb / "sources" / "test-article.yaml", "extent: 400", "extent: 200")
    assert _problems(kb) == [("citation-extent", "damage-step.yaml", 18, "error")]


def test_a_schema_change_invalidates_every_cached_result(kb, tmp_path, monkeypatch):
    schemas = tmp_path / "schema"
    shutil.copytree(schema.SCHEMA_DIR, schemas)
    monkeypatch.setattr(schema, "SCHEMA_DIR", schemas)
    _fresh_process(monkeypatch)
    _age(kb)
    assert _problems(kb) == []
    assert _problems(kb) == []
    card_schema = schemas / "card.schema.json"
    text = card_schema.read_text(encoding="utf-8")
    at = text.index('"card_type": {')  # the card type's enum (a Spell/Trap subject further down also says "trap")
    assert '"trap"' in text[at:at + 600]
    card_schema.write_text(text[:at] + text[at:].replace('"trap"', '"trampa"', 1), encoding="utf-8")
    _fresh_process(monkeypatch)  # as a new run of `ygorules check` after the edit
    assert ("schema-enum", "mirror-force.yaml", 4, "error") in _problems(kb)


def _fresh_process(monkeypatch):
    """Forget the schemas, validators and fingerprint read so far, as a new run would."""
    for f in (schema.schemas, schema.registry, schema.validator, cache.fingerprint):
        f.cache_clear()


@pytest.fixture(autouse=True)
def _clear_caches_after():
    yield
    for f in (schema.schemas, schema.registry, schema.validator, cache.fingerprint):
        f.cache_clear()


# The modules whose code decides a file's results; fsutil (atomic writes) and __init__ (whose
# __version__ is hashed separately) do not.
RESULT_MODULES = ["loader", "schema", "errors", "cache", "model", "build", "link", "kb", "terms_lint", "extents", "activation"]


@pytest.fixture
def code_copy(tmp_path, monkeypatch):
    """A copy of the package's code and schemas that fingerprint() reads instead of the real ones."""
    here = Path(cache.__file__).parent
    pkg = tmp_path / "pkg" / "ygorules"
    shutil.copytree(here, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    schemas = tmp_path / "schema"
    shutil.copytree(schema.SCHEMA_DIR, schemas)
    monkeypatch.setattr(cache, "__file__", str(pkg / "cache.py"))
    monkeypatch.setattr(schema, "SCHEMA_DIR", schemas)
    cache.fingerprint.cache_clear()
    return pkg, schemas


def _fingerprint() -> str:
    cache.fingerprint.cache_clear()
    return cache.fingerprint()


@pytest.mark.parametrize("module", RESULT_MODULES)
def test_the_fingerprint_changes_with_the_code_of_each_pass(code_copy, module):
    pkg, _ = code_copy
    before = _fingerprint()
    assert _fingerprint() == before  # stable while nothing changes
    with open(pkg / f"{module}.py", "a", encoding="utf-8") as f:
        f.write("\n# changed\n")
    assert _fingerprint() != before


def test_the_fingerprint_changes_with_any_schema_and_the_version(code_copy, monkeypatch):
    _, schemas = code_copy
    seen = {_fingerprint()}
    for path in sorted(schemas.glob("*.json")):
        with open(path, "a", encoding="utf-8") as f:
            f.write("\n")
        seen.add(_fingerprint())
    assert len(seen) == len(list(schemas.glob("*.json"))) + 1
    import ygorules
    monkeypatch.setattr(ygorules, "__version__", ygorules.__version__ + ".post1")
    assert _fingerprint() not in seen


def test_a_cache_written_under_another_fingerprint_is_not_used(kb, monkeypatch):
    _age(kb)
    assert _problems(kb) == [] and _cached_files(kb) == 13
    monkeypatch.setattr(cache, "fingerprint", lambda: "another")
    assert _cached_files(kb) == 0


def test_a_size_change_with_the_old_mtime_is_seen(kb):
    """The stamp holds the size: restoring the old mtime after an edit does not hide it."""
    _age(kb)
    assert _problems(kb) == []
    card = kb / "cards" / "mirror-force.yaml"
    st = card.stat()
    _edit(card, "card_type: trap", "card_type: trampas")
    os.utime(card, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert card.stat().st_size != st.st_size
    assert _problems(kb) == [("schema-enum", "mirror-force.yaml", 4, "error")]


def test_a_replaced_file_with_the_old_size_and_mtime_is_seen(kb):
    """The stamp holds the inode: a file saved by replacing it (as editors do) is read again."""
    _age(kb)
    assert _problems(kb) == []
    card = kb / "cards" / "mirror-force.yaml"
    st = card.stat()
    new = card.with_name("mirror-force.yaml.new")
    new.write_text(card.read_text(encoding="utf-8").replace("card_type: trap", "card_type: trop"), encoding="utf-8")
    keep = kb / "kept.tmp"
    os.replace(card, keep)  # keep the old inode alive so it is not reused
    os.replace(new, card)
    os.utime(card, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert card.stat().st_size == st.st_size and card.stat().st_ino != st.st_ino
    keep.unlink()
    assert _problems(kb) == [("schema-enum", "mirror-force.yaml", 4, "error")]


def test_two_kb_folders_do_not_share_results(kb, tmp_path):
    other = tmp_path / "other"
    shutil.copytree(kb, other)
    _age(kb)
    _age(other)
    _edit(other / "cards" / "mirror-force.yaml", "card_type: trap", "card_type: trop")
    os.utime(other / "cards" / "mirror-force.yaml", ns=((kb / "cards" / "mirror-force.yaml").stat().st_atime_ns,) * 2)
    assert _problems(kb) == []
    assert _problems(other) == [("schema-enum", "mirror-force.yaml", 4, "error")]
    assert _problems(kb) == []


def test_the_cache_is_not_written_when_disabled(kb, tmp_path):
    collect(kb, cache=False, need_model=False)
    assert not list((tmp_path / "cache").glob("check-*"))


def test_a_dangling_reference_appears_when_the_target_of_an_old_file_is_deleted(kb):
    """An old file taken from the cache by its stamp still brings its references to the link pass."""
    _age(kb)
    assert _problems(kb) == []
    assert _problems(kb) == []
    (kb / "cards" / "mirror-force.yaml").unlink()  # (not a term or source: those change the keys of every file)
    assert _problems(kb) == [("dangling-reference", "test-example.yaml", 29, "error"), ("dangling-reference", "test-ruling.yaml", 21, "error")]


def test_stamps_are_refreshed_so_that_later_runs_read_nothing(kb, monkeypatch):
    """A file touched without a change is parsed by no run (its hash matches) and read by none after the next."""
    import ygorules.core.kb as kb_module
    parsed, read = [], []
    real_load, real_read = kb_module.load_bytes, Path.read_bytes
    monkeypatch.setattr(kb_module, "load_bytes", lambda raw, display, path: parsed.append(path.name) or real_load(raw, display, path))
    _age(kb, 60)
    assert _problems(kb) == [] and len(parsed) == 13
    _age(kb, 30)  # touched: new mtimes, same content
    parsed.clear()
    assert _problems(kb) == [] and parsed == []  # read again, but found by content hash: nothing parsed
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or real_read(self))
    for _ in range(2):  # the new stamps were recorded, and are kept by a run that trusts them
        read.clear()
        assert _problems(kb) == []
        assert not [p for p in read if p.parent.name not in ("terms", "sources") and p.name != "locales.yaml"], read


def _full(root: Path) -> tuple:
    kb, problems = collect(root, cache=False, need_model=False)
    return kb.checked, sorted((p.code, Path(p.path).name, p.line, p.severity) for p in problems)


def _cached(root: Path) -> tuple:
    kb, problems = collect(root, cache=True, need_model=False)
    return kb.checked, sorted((p.code, Path(p.path).name, p.line, p.severity) for p in problems)


def test_a_recheck_reports_what_a_full_check_reports(kb):
    """Problems of every sort (a file's own, a dangling reference, a warning) and the count of entries, run after run."""
    _edit(kb / "rulings" / "test-ruling.yaml", "cards: [mirror-force]", "cards: [mirror-forse]")
    _edit(kb / "steps" / "start-step.yaml", "    it: Un passo di prova.\n", "")
    _edit(kb / "examples" / "test-example.yaml", "id: test-example", "id: test-exampel")
    _age(kb)
    expected = _full(kb)
    codes = {code for code, *_ in expected[1]}
    assert {"dangling-reference", "id-filename", "missing-translation"} <= codes
    assert _cached(kb) == expected  # fills the cache
    assert _cached(kb) == expected  # every file by its stamp
    _edit(kb / "schemes" / "test-scheme.yaml", "id: test-scheme", "id: test-scheme  # touched")
    assert _cached(kb) == _full(kb) == expected  # one file changed, the others' results (links included) recorded


def test_an_unchanged_file_keeps_its_dangling_reference_while_another_changes(kb):
    _edit(kb / "rulings" / "test-ruling.yaml", "cards: [mirror-force]", "cards: [mirror-forse]")
    _age(kb)
    dangling = ("dangling-reference", "test-ruling.yaml", 21, "error")
    assert _problems(kb) == [dangling]
    assert _problems(kb) == [dangling]
    _edit(kb / "cards" / "mirror-force.yaml", "card_type: trap", "card_type: trap  # edited")
    assert _problems(kb) == [dangling]
    shutil.copy(kb / "cards" / "mirror-force.yaml", kb / "cards" / "mirror-forse.yaml")
    _edit(kb / "cards" / "mirror-forse.yaml", "id: mirror-force", "id: mirror-forse")
    assert _problems(kb) == []  # a file was added: the old ruling's references are checked again


@pytest.mark.parametrize("damage", ["deleted", "wrong"])
def test_old_files_references_are_read_again_when_the_references_blob_cannot_be_trusted(kb, tmp_path, damage):
    import marshal
    _age(kb)
    assert _problems(kb) == []
    assert _problems(kb) == []
    (blob,) = (tmp_path / "cache").glob("check.refs-*")
    if damage == "deleted":
        blob.unlink()
    else:  # the references of every file replaced by none: the keys in the records no longer match
        stored = marshal.loads(blob.read_bytes())
        blob.write_bytes(marshal.dumps({**stored, "refs": {rel: [] for rel in stored["refs"]}}))
    (kb / "cards" / "mirror-force.yaml").unlink()
    assert _problems(kb) == [("dangling-reference", "test-example.yaml", 29, "error"), ("dangling-reference", "test-ruling.yaml", 21, "error")]


def test_a_cache_in_a_folder_others_can_write_is_not_loaded(kb, tmp_path):
    _age(kb)
    assert _problems(kb) == [] and _cached_files(kb) == 13
    folder = tmp_path / "cache"
    folder.chmod(0o777)
    try:
        assert _cached_files(kb) == 0
    finally:
        folder.chmod(0o700)
    assert _cached_files(kb) == 13


def test_a_corrupt_part_of_the_records_only_costs_a_reread(kb, tmp_path):
    _age(kb)
    assert _problems(kb) == []
    parts = list((tmp_path / "cache").glob("check.part-*.marshal"))
    assert len(parts) == cache.CheckCache.SHARDS
    for part in parts:
        part.write_bytes(b"\0garbage")
    _edit(kb / "cards" / "mirror-force.yaml", "card_type: trap", "card_type: trampa")
    assert _problems(kb) == [("schema-enum", "mirror-force.yaml", 4, "error")]
    _edit(kb / "cards" / "mirror-force.yaml", "card_type: trampa", "card_type: trap")
    assert _problems(kb) == []


def test_a_change_to_the_language_list_is_seen_by_a_recheck(kb):
    locales = kb / "locales.yaml"
    _age(kb)
    assert _problems(kb) == []
    assert _problems(kb) == []  # the language list taken from the cache by its stamp
    _edit(locales, "  - code: es\n", "  - code: ES\n")
    assert _problems(kb) == [("schema-enum", "locales.yaml", 3, "error")]
    _edit(locales, "  - code: ES\n", "  - code: es\n")
    assert _problems(kb) == []
    kb_model, _ = collect(kb, cache=True, need_model=False)
    assert [l["code"] for l in kb_model.locales] == ["es", "pt", "it", "en"]  # the languages come with the cached result
