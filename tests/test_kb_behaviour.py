"""core.kb: the check over a kb/ folder, what it reports and what the cached re-check reports again.

Each test runs ``collect`` on a copy of tests/fixtures/mini-kb (the ``mini_kb`` fixture, with a cache of its own),
changes a file or two, and checks the problems and the model: first with every pass run, then from the cache.
"""
import pytest

from ygorules.core import kb as kb_module
from ygorules.core.kb import collect


@pytest.fixture(autouse=True)
def _in_kb_parent(mini_kb, monkeypatch):
    monkeypatch.chdir(mini_kb.parent)  # problems name files from the current folder: kb/cards/...


def _problems(kb, **kw):
    return sorted((p.path, p.line, p.col, p.code, p.message, p.fix) for p in collect(kb, **kw)[1] if p.severity == "error")


@pytest.mark.parametrize("need_model", [True, False])
def test_one_id_listed_twice_is_reported_once_at_the_second_and_again_from_the_cache(mini_kb, monkeypatch, need_model):
    """Ids equal file names and kind folders are flat, so only a file system that lists one entry under two names
    (a case-insensitive one, say) gives two files one id: here ``discover`` lists mirror-force.yaml twice."""
    discover = kb_module.discover

    def twice(root):
        files, problems = discover(root)
        return files + [f for f in files if f[1].endswith("mirror-force.yaml")], problems

    monkeypatch.setattr(kb_module, "discover", twice)
    expected = [("kb/cards/mirror-force.yaml", 1, 1, "duplicate-id", "a second card with id 'mirror-force'",
                 "ids are unique: rename one")]
    for _ in range(2):  # the first check, then the re-check from the cache
        problems = _problems(mini_kb, cache=True, need_model=need_model)
        assert [p[1:] for p in problems] == [p[1:] for p in expected]
        assert problems[0][0].endswith("cards/mirror-force.yaml")
    assert list(collect(mini_kb, cache=True)[0].cards) == ["mirror-force"]


def test_an_id_that_is_not_the_file_name_is_reported_at_the_id(mini_kb):
    card = mini_kb / "cards" / "mirror-force.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("id: mirror-force", "id:   mirror-forse"), encoding="utf-8")
    assert _problems(mini_kb) == [("kb/cards/mirror-force.yaml", 2, 7, "id-filename",
                                   "id 'mirror-forse' differs from the file name 'mirror-force.yaml'",
                                   "set `id: mirror-force` or rename the file to mirror-forse.yaml")]


def test_a_file_over_the_size_limit_is_reported_under_its_kb_path(mini_kb, monkeypatch):
    from ygorules.core import loader
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    monkeypatch.setattr(kb_module, "MAX_FILE_BYTES", 100)
    problems = {p.path: p for p in collect(mini_kb)[1]}
    assert problems["kb/cards/mirror-force.yaml"].code == "too-large"


@pytest.mark.parametrize("cache", [False, True])
def test_every_entry_knows_its_file_whether_checked_or_taken_from_the_cache(mini_kb, cache):
    collect(mini_kb, cache=cache)
    kb, _ = collect(mini_kb, cache=cache)  # the second time from the cache, when there is one
    assert kb.cards["mirror-force"].path == mini_kb / "cards" / "mirror-force.yaml"
    assert kb.steps["damage-step"].path == mini_kb / "steps" / "damage-step.yaml"
    assert kb.substeps["damage-step.start"].path == mini_kb / "substeps" / "damage-step.start.yaml"


def test_a_recheck_counts_the_valid_entries_as_files_break_and_mend(mini_kb):
    full = collect(mini_kb, cache=True, need_model=False)[0].checked
    assert collect(mini_kb, cache=True, need_model=False)[0].checked == full
    card = mini_kb / "cards" / "mirror-force.yaml"
    good = card.read_text(encoding="utf-8")
    card.write_text(good.replace("card_type: trap", "card_type: trampa"), encoding="utf-8")
    assert collect(mini_kb, cache=True, need_model=False)[0].checked == full - 1
    card.write_text(good, encoding="utf-8")
    assert collect(mini_kb, cache=True, need_model=False)[0].checked == full


def test_a_dangling_reference_found_again_from_the_cache_names_its_file(mini_kb):
    ruling = mini_kb / "rulings" / "test-ruling.yaml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("[mirror-force]", "[mirror-forse]"), encoding="utf-8")
    expected = _problems(mini_kb, cache=True, need_model=False)
    assert [p[:4] for p in expected] == [("kb/rulings/test-ruling.yaml", 21, expected[0][2], "dangling-reference")]
    (mini_kb / "sources" / "extra.yaml").write_text(
        (mini_kb / "sources").joinpath(sorted(p.name for p in (mini_kb / "sources").iterdir())[0]).read_text(encoding="utf-8"),
        encoding="utf-8")  # another file: the list of files changed, so every link is checked again
    again = [p for p in _problems(mini_kb, cache=True, need_model=False) if p[3] == "dangling-reference"]
    assert again == expected


def test_a_file_gone_between_listing_and_reading_is_unreadable_under_its_kb_path(mini_kb, monkeypatch):
    discover = kb_module.discover
    ghost = str(mini_kb / "cards" / "ghost.yaml")
    monkeypatch.setattr(kb_module, "discover", lambda root: (discover(root)[0] + [("card", ghost)], discover(root)[1]))
    for cache in (False, True, True):
        problems = [p for p in _problems(mini_kb, cache=cache) if p[3] != "dangling-reference"]
        assert [p[:4] for p in problems] == [("kb/cards/ghost.yaml", 1, 1, "unreadable")]


def test_an_empty_file_is_reported_each_time_also_from_the_cache(mini_kb):
    (mini_kb / "cards" / "blank.yaml").write_bytes(b"")
    for need_model in (True, False, False):
        assert [p[:4] for p in _problems(mini_kb, cache=True, need_model=need_model)] == [
            ("kb/cards/blank.yaml", 1, 1, "empty-file")]


@pytest.mark.parametrize("over", [0, 1])
def test_the_size_limit_admits_a_file_of_exactly_that_size(mini_kb, monkeypatch, over):
    card = mini_kb / "cards" / "mirror-force.yaml"
    from ygorules.core import loader
    for module in (loader, kb_module):
        monkeypatch.setattr(module, "MAX_FILE_BYTES", card.stat().st_size - over)
    codes = [p[3] for p in _problems(mini_kb, cache=True) if p[0] == "kb/cards/mirror-force.yaml"]
    assert codes == (["too-large"] if over else [])


def test_a_touched_file_is_taken_by_its_content_without_reading_it_again(mini_kb, monkeypatch):
    card = mini_kb / "cards" / "mirror-force.yaml"
    first = _problems(mini_kb, cache=True, need_model=False)
    calls = []
    check_file = kb_module._check_file
    monkeypatch.setattr(kb_module, "_check_file", lambda kind, path, *a: calls.append(path.name) or check_file(kind, path, *a))
    card.write_bytes(card.read_bytes())  # new modification time, same content
    import os
    os.utime(card, ns=(card.stat().st_atime_ns, card.stat().st_mtime_ns + 5_000_000_000))
    assert _problems(mini_kb, cache=True, need_model=False) == first and calls == []
    card.write_bytes(card.read_bytes().replace(b"card_type: trap", b"card_type: trampa"))
    assert [p[3] for p in _problems(mini_kb, cache=True, need_model=False)] == ["schema-enum"] and calls == ["mirror-force.yaml"]
