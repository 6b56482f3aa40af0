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
