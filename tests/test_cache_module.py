"""The one cache module (ygorules.core.cache): where caches live, and that nothing is loaded from a place another user can write."""
import os

import pytest

from ygorules.core import cache


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_blob_is_written_in_a_private_folder_and_read_back(folder):
    assert cache.read_blob("demo", "key") is None
    assert cache.write_blob("demo", "key", b"data")
    assert cache.read_blob("demo", "key") == b"data"
    assert cache.read_blob("demo", "other key") is None
    assert oct(folder.stat().st_mode & 0o777) == "0o700"


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_blob_others_can_write_is_not_read(folder, what):
    cache.write_blob("demo", "key", b"data")
    target = cache.blob_path("demo", "key") if what == "file" else folder
    os.chmod(target, 0o666 if what == "file" else 0o777)
    try:
        assert cache.read_blob("demo", "key") is None
    finally:
        os.chmod(target, 0o600 if what == "file" else 0o700)
    assert cache.read_blob("demo", "key") == b"data"


def test_a_cache_folder_that_cannot_be_made_only_costs_the_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("YGORULES_CACHE", str(blocker / "cache"))
    assert cache.write_blob("demo", "key", b"data") is False
    assert cache.read_blob("demo", "key") is None


class _Bucket:
    def __init__(self, key):
        self.key, self.loaded = key, None

    def bytecode_from_string(self, data):
        self.loaded = data

    def bytecode_to_string(self):
        return b"compiled"


@pytest.mark.parametrize("which", ["theme", "pages"])
def test_compiled_templates_are_not_loaded_from_a_folder_others_can_write(folder, which):
    if which == "theme":
        from ygorules.site.hooks import _ThemeBytecode as Cache
        sub = "jinja-theme"
    else:
        from ygorules.site.pages import _SharedBytecode as Cache
        sub = "jinja"
    Cache().dump_bytecode(_Bucket("k"))
    fresh = _Bucket("k")
    Cache().load_bytecode(fresh)
    assert fresh.loaded == b"compiled"
    os.chmod(folder / sub, 0o777)
    fresh = _Bucket("k")
    Cache().load_bytecode(fresh)
    assert fresh.loaded is None


# ---- where the cache lives ---------------------------------------------------------------------------------------

@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("YGORULES_CACHE", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    return tmp_path / "home"


def test_the_cache_folder_is_ygorules_cache_then_xdg_cache_home_then_home(home, tmp_path, monkeypatch):
    assert cache.cache_folder() == str(home / ".cache" / "ygorules")
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    assert cache.cache_folder() == str(home / ".cache" / "ygorules")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_folder() == str(tmp_path / "xdg" / "ygorules")
    monkeypatch.setenv("YGORULES_CACHE", "")
    assert cache.cache_folder() == str(tmp_path / "xdg" / "ygorules")
    monkeypatch.setenv("YGORULES_CACHE", "~/mine")
    assert cache.cache_folder() == str(home / "mine")


def test_make_folder_makes_the_cache_folder_and_a_subfolder_private(home):
    root = home / ".cache" / "ygorules"
    assert cache.make_folder() == str(root) and _mode(root) == 0o700
    assert cache.make_folder("jinja") == str(root / "jinja") and _mode(root / "jinja") == 0o700
    assert sorted(p.name for p in root.iterdir()) == ["jinja"]


def test_make_folder_makes_a_subfolder_of_a_missing_cache_folder(folder):
    assert cache.make_folder("a") == str(folder / "a")
    assert _mode(folder) == 0o700 and _mode(folder / "a") == 0o700


def test_make_folder_leaves_an_existing_folder_as_it_is(folder):
    (folder / "sub").mkdir(parents=True)
    os.chmod(folder / "sub", 0o755)
    assert cache.make_folder("sub") == str(folder / "sub") and _mode(folder / "sub") == 0o755


def test_make_folder_does_not_fail_when_another_process_makes_the_folder_first(folder, monkeypatch):
    (folder / "sub").mkdir(parents=True)
    isdir, looks = os.path.isdir, []
    # both processes looked before either made it: make_folder's two looks find nothing (makedirs' own see the truth)
    monkeypatch.setattr(os.path, "isdir", lambda path: isdir(path) if looks.append(path) or len(looks) > 2 else False)
    assert cache.make_folder("sub") == str(folder / "sub")


def test_make_folder_raises_when_the_folder_cannot_be_made(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "file" / "cache"))
    with pytest.raises(OSError):
        cache.make_folder("sub")


def _mode(path) -> int:
    return os.stat(path).st_mode & 0o777


# ---- what may be loaded ------------------------------------------------------------------------------------------

@pytest.fixture
def tree(tmp_path):
    """tmp/w/a/b/x: a file three folders below tmp/w."""
    leaf = tmp_path / "w" / "a" / "b"
    leaf.mkdir(parents=True)
    (leaf / "x").write_bytes(b"x")
    return tmp_path / "w"


@pytest.mark.parametrize("mode,ours", [(0o700, True), (0o755, True), (0o750, True), (0o775, False), (0o702, False),
                                       (0o720, False)])
def test_a_file_is_ours_only_while_neither_the_group_nor_others_may_write_it(tree, mode, ours):
    os.chmod(tree / "a" / "b" / "x", mode)
    assert cache.owned_by_us(tree / "a" / "b" / "x") is ours
    assert cache.owned_by_us(str(tree / "a" / "b" / "x"), top=tree) is ours


def test_a_file_another_user_owns_is_not_ours(tree, monkeypatch):
    assert cache.owned_by_us(tree / "a" / "b" / "x")
    monkeypatch.setattr(os, "getuid", lambda: os.stat(tree).st_uid + 1)
    assert not cache.owned_by_us(tree / "a" / "b" / "x")


def test_outside_the_cache_the_two_folders_above_a_file_are_checked_and_no_more(tree):
    x = tree / "a" / "b" / "x"
    os.chmod(tree, 0o777)
    assert cache.owned_by_us(x)  # tmp/w is three levels up: not looked at
    os.chmod(tree / "a", 0o777)
    assert not cache.owned_by_us(x)
    os.chmod(tree / "a", 0o700)
    assert not cache.owned_by_us(x, top=tree)  # unless ``top`` says so
    os.chmod(tree, 0o700)


def test_inside_the_cache_every_folder_up_to_the_cache_folder_is_checked(tree, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tree))
    x = tree / "a" / "b" / "x"
    assert cache.owned_by_us(x)
    os.chmod(tree, 0o770)
    try:
        assert not cache.owned_by_us(x)
        monkeypatch.setenv("YGORULES_CACHE", str(tree / "a"))  # tmp/w is now above the cache folder
        assert cache.owned_by_us(x)
    finally:
        os.chmod(tree, 0o700)


def test_a_folder_whose_name_extends_the_cache_folders_is_not_inside_it(tree, monkeypatch):
    monkeypatch.setenv("YGORULES_CACHE", str(tree))
    beside = tree.with_name(tree.name + "x") / "a" / "b"
    beside.mkdir(parents=True)
    (beside / "x").write_bytes(b"x")
    assert cache.owned_by_us(beside / "x")


def test_a_relative_path_and_a_top_below_the_path_are_understood(tree, monkeypatch):
    monkeypatch.chdir(tree / "a")
    assert cache.owned_by_us(os.path.join("b", "x"), top=".")
    assert not cache.owned_by_us(tree / "a", top=tree / "a" / "b")  # ``top`` is not above the path
    assert not cache.owned_by_us(tree / "a" / "missing", top=tree)


def test_the_walk_up_stops_at_the_root_of_the_file_system(monkeypatch):
    monkeypatch.setattr(os, "getuid", lambda: os.stat("/").st_uid)  # as the owner of / (root) would run it
    assert not cache.owned_by_us("/", top="/nonexistent")


# ---- blobs and cache files ---------------------------------------------------------------------------------------

def test_a_blob_is_named_by_its_kind_a_hash_of_its_key_and_its_extension(folder):
    import re
    path = cache.blob_path("check", "/work/kb", ".marshal")
    assert os.path.dirname(path) == str(folder) and re.fullmatch(r"check-[0-9a-f]{16}\.marshal", os.path.basename(path))
    assert cache.blob_path("check", "/work/kb", ".marshal") == path
    assert cache.blob_path("check", "/work/kb") == path.removesuffix(".marshal")
    assert cache.blob_path("check", "/work/kb2", ".marshal") != path
    assert cache.blob_path("index", "/work/kb", ".marshal") == path.replace("check-", "index-")


def test_a_key_with_an_undecodable_file_name_has_a_blob_of_its_own(folder):
    odd = os.fsdecode(b"/kb/\xff")  # a name that is not UTF-8, as os gives it (surrogate escapes)
    assert cache.blob_path("check", odd) != cache.blob_path("check", os.fsdecode(b"/kb/\xfe"))
    assert cache.write_blob("check", odd, b"data") and cache.read_blob("check", odd) == b"data"


def test_blobs_of_another_extension_are_other_files(folder):
    assert cache.write_blob("demo", "k", b"one", ".a") and cache.write_blob("demo", "k", b"two", ".b")
    assert cache.read_blob("demo", "k", ".a") == b"one" and cache.read_blob("demo", "k", ".b") == b"two"
    assert cache.read_blob("demo", "k") is None


def test_a_cache_file_is_written_private_in_a_private_subfolder_and_read_back_as_bytes(folder, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # wherever the command runs
    path = folder / "jinja" / "t.bin"
    data = bytes(range(256))
    assert cache.write_file(str(path), data) is True
    assert cache.read_file(str(path)) == data
    assert _mode(path) == 0o600 and _mode(path.parent) == 0o700 and _mode(folder) == 0o700


def test_a_cache_file_in_the_cache_folder_itself_makes_the_folder(folder):
    assert cache.write_file(str(folder / "f"), b"x") and _mode(folder) == 0o700 and (folder / "f").read_bytes() == b"x"
    assert os.listdir(folder) == ["f"]


def test_a_cache_file_replaces_one_others_could_write(folder):
    path = folder / "f"
    cache.write_file(str(path), b"old")
    os.chmod(path, 0o666)
    assert cache.read_file(str(path)) is None
    assert cache.write_file(str(path), b"new") and _mode(path) == 0o600 and cache.read_file(str(path)) == b"new"


def test_a_cache_file_that_cannot_be_written_or_read_is_false_or_none(folder):
    assert cache.write_file(str(folder / "bad\0name"), b"x") is False  # ValueError from the OS layer
    (folder / "dir").mkdir(parents=True)
    assert cache.write_file(str(folder / "dir"), b"x") is False
    assert cache.read_file(str(folder / "dir")) is None
    assert cache.read_file(str(folder / "missing")) is None


# ---- keys ----------------------------------------------------------------------------------------------------------

def test_digest_files_depends_on_names_bytes_order_and_extras(tmp_path):
    (tmp_path / "a").write_bytes(b"one")
    (tmp_path / "b").write_bytes(b"two")
    (tmp_path / "c").write_bytes(b"one")
    a, b, c = (str(tmp_path / n) for n in "abc")
    base = cache.digest_files([a, b], "1.0")
    assert cache.digest_files([tmp_path / "a", tmp_path / "b"], "1.0") == base  # paths or strings
    others = [cache.digest_files([b, a], "1.0"), cache.digest_files([c, b], "1.0"), cache.digest_files([a, b], "1.1"),
              cache.digest_files([a, b]), cache.digest_files([a], "1.0"), cache.digest_files([a, b], "1.0", "x")]
    assert len({base, *others}) == len(others) + 1
    (tmp_path / "b").write_bytes(b"twO")
    assert cache.digest_files([a, b], "1.0") != base


def test_digest_files_keeps_the_parts_apart(tmp_path):
    assert cache.digest_files([], "ab") != cache.digest_files([], "a", "b")
    one, two = tmp_path / "1", tmp_path / "2"
    one.mkdir()
    two.mkdir()
    (one / "ab").write_bytes(b"")
    (one / "a").write_bytes(b"b")
    assert cache.digest_files([one / "ab"]) != cache.digest_files([one / "a"])  # name "ab" vs name "a", bytes "b"
    (two / "a").write_bytes(b"c\0d")
    (one / "c").write_bytes(b"d")
    (one / "a").write_bytes(b"")
    assert cache.digest_files([two / "a"]) != cache.digest_files([one / "a", one / "c"])  # one file's bytes vs two files


def test_a_file_that_cannot_be_read_counts_as_empty(tmp_path):
    missing = tmp_path / "gone"
    empty = tmp_path / "sub" / "gone"
    empty.parent.mkdir()
    empty.write_bytes(b"")
    assert cache.digest_files([missing], "v") == cache.digest_files([empty], "v")
    assert cache.digest_files([tmp_path / "sub"], "v") == cache.digest_files([tmp_path / "x" / "sub"], "v")


def test_the_fingerprint_is_computed_once_until_forgotten(monkeypatch):
    import ygorules
    first = cache.fingerprint()
    monkeypatch.setattr(ygorules, "__version__", ygorules.__version__ + ".post1")
    assert cache.fingerprint() == first
    cache.fingerprint.cache_clear()
    assert cache.fingerprint() != first


# ---- stat stamps -------------------------------------------------------------------------------------------------

def _unpack(packed: bytes) -> list:
    from array import array
    return list(array("Q", packed))


def test_stamps_pack_as_three_unsigned_numbers_and_none_as_zeros():
    assert _unpack(cache.pack_stamps([(3, 5, 7), None, (1, -1, 2)])) == [3, 5, 7, 0, 0, 0, 1, 2 ** 64 - 1, 2]
    assert cache.pack_stamps([]) == b""


def test_stat_stamps_are_size_mtime_and_inode_and_name_the_unreadable(tmp_path):
    (tmp_path / "a").write_bytes(b"abc")
    st = (tmp_path / "a").stat()
    packed, failed = cache.stat_stamps([tmp_path / "a", tmp_path / "missing", str(tmp_path / "a")])
    assert _unpack(packed) == [3, st.st_mtime_ns, st.st_ino, 0, 0, 0, 3, st.st_mtime_ns, st.st_ino]
    assert failed == [1]


def _stamps(n, changed=(), mtime=5):
    return [(i, mtime + (i in changed), 9) for i in range(n)]


@pytest.mark.parametrize("n,changed", [(3, [1]), (600, [0, 255, 256, 300, 511, 512, 599]), (600, [])])
def test_changed_stamps_names_every_file_whose_stamp_differs(n, changed):
    got = cache.changed_stamps(cache.pack_stamps(_stamps(n, changed)), cache.pack_stamps(_stamps(n)), 1000)
    assert got == changed and all(type(i) is int for i in got)


def test_a_file_modified_at_or_after_the_limit_is_changed_even_with_its_recorded_stamp():
    stamps = cache.pack_stamps([(1, 5, 9), (2, 10, 9), (3, 11, 9), (4, 9, 9)])
    assert cache.changed_stamps(stamps, stamps, 10) == [1, 2]
    assert cache.changed_stamps(stamps, stamps, 12) == []
    assert cache.changed_stamps(b"", b"", 12) == []  # no files
    assert cache.changed_stamps(stamps, stamps, 11) == [2]  # the newest at the limit itself


def test_files_beyond_the_recorded_list_are_changed():
    assert cache.changed_stamps(cache.pack_stamps(_stamps(300)), cache.pack_stamps(_stamps(2)), 1000) == list(range(2, 300))


# ---- the check cache -----------------------------------------------------------------------------------------------

OLD = (10, 1_000_000_000, 77)  # (size, mtime in ns, inode): long before any run
FK = "files-key"


@pytest.fixture
def kb(folder, tmp_path):
    (tmp_path / "kb").mkdir()
    return tmp_path / "kb"


def _problem(message="bad"):
    from ygorules.core.errors import Problem
    return Problem("kb/cards/a.yaml", 3, 1, message, "fix it", "error", "code")


def _recorded(kb, context=None, **files):
    """A check cache of ``kb`` saved with one record per file (name → (entry id, data, problems, refs)), then read back."""
    first = cache.CheckCache(kb, context=context)
    for i, (name, (entry_id, data, problems, refs)) in enumerate(files.items()):
        first.put(name, (10 + i, 1_000_000_000, 77 + i), f"digest-{name}", entry_id, data, problems, refs)
    first.save(FK, list(files))
    return cache.CheckCache(kb, context=context)


def test_a_saved_record_is_read_back_by_a_later_run(kb):
    store = _recorded(kb, a=("card-a", {"x": 1}, [_problem()], [("b", "card")]))
    rec = store.record("a")
    assert rec[:4] == [(10, 1_000_000_000, 77), "digest-a", "card-a", {"x": 1}]
    assert store.problems(rec[4]) == [_problem()] and store.refs_of("a", rec) == [("b", "card")]
    assert store.old == {"a": rec} and store.record("a") == rec  # the same once every part is read
    assert store.record("b") is None


def test_a_record_under_an_undecodable_path_is_kept(kb):
    odd = os.fsdecode(b"kb/cards/\xff.yaml")
    store = _recorded(kb, **{odd: ("x", None, [], [])})
    assert store.record(odd)[2] == "x"


def test_a_disabled_cache_reads_and_writes_nothing(kb, folder):
    _recorded(kb, a=("card-a", None, [], [("b", "card")]))
    off = cache.CheckCache(kb, enabled=False)
    assert off.record("a") is None and off.refs() == {} and off.snapshot(FK) is None
    names = sorted(os.listdir(folder))
    off.put("c", OLD, "d", "card-c", None, [], [("a", "card")])
    off.save(FK, ["c"])
    off.save_changes(FK, {0: ("c", None)})
    assert sorted(os.listdir(folder)) == names


def test_the_check_cache_writes_only_its_own_named_files(kb, folder):
    import re
    _recorded(kb, a=("card-a", None, [], [("b", "card")]))
    names = os.listdir(folder)
    assert names and all(re.fullmatch(r"check(\.refs|\.part)?-[0-9a-f]{16}\.marshal", n) for n in names)
    assert sum(n.startswith("check.refs-") for n in names) == 1 and sum(n.startswith("check-") for n in names) == 1


def test_two_kb_folders_keep_their_references_apart(kb, tmp_path):
    _recorded(kb, a=("card-a", None, [], [("b", "card")]))
    other = tmp_path / "other"
    other.mkdir()
    assert cache.CheckCache(other).refs() == {} and cache.CheckCache(kb).refs() == {"a": [("b", "card")]}


def test_references_from_another_fingerprint_or_a_corrupt_blob_are_not_used(kb, monkeypatch):
    _recorded(kb, a=("card-a", None, [], [("b", "card")]))
    store = cache.CheckCache(kb)
    rec = store.record("a")
    with monkeypatch.context() as m:
        m.setattr(cache, "fingerprint", lambda: "another")
        assert cache.CheckCache(kb).refs() == {}
    assert cache.CheckCache(kb).refs() == {"a": [("b", "card")]}
    with open(store.refs_path, "wb") as f:
        f.write(b"not marshal")
    fresh = cache.CheckCache(kb)
    assert fresh.refs() == {} and fresh.refs_of("a", rec) is None


def test_references_are_known_or_empty_or_unknown(kb):
    store = cache.CheckCache(kb)
    none = store.put("a", OLD, "d", "card-a", None, [], [])
    some = store.put("b", OLD, "d", "card-b", None, [], [("c", "card")])
    assert store.refs_of("a", none) == [] and store.refs_of("b", some) == [("c", "card")]
    assert store.refs_of("c", some) is None  # the blob's pairs of another file are not its own


def test_references_are_rewritten_only_when_a_file_has_new_ones(kb):
    _recorded(kb, a=("card-a", None, [], [("b", "card")]))
    store = cache.CheckCache(kb)
    os.remove(store.refs_path)
    store.put("a", (11, 1_000_000_000, 78), "d2", "card-a", None, [], [("b", "card")])  # the same references
    store.put("n", OLD, "d3", "card-n", None, [], [])  # a new file without any
    store.save(FK, ["a", "n"])
    assert not os.path.exists(store.refs_path)
    store = cache.CheckCache(kb)
    store.put("a", OLD, "d4", "card-a", None, [], [("c", "card")])
    store.save(FK, ["a", "n"])
    again = cache.CheckCache(kb)
    assert again.refs_of("a", again.record("a")) == [("c", "card")]


def test_nothing_is_written_when_a_run_changed_nothing(kb):
    store = _recorded(kb, a=("card-a", None, [], [("b", "card")]))
    os.remove(store.path)
    assert store.by_stamp("a", (10, 1_000_000_000, 77)) is not None
    store.save(FK, ["a"])
    assert not os.path.exists(store.path)


@pytest.mark.parametrize("change", ["files key", "a file less", "a new digest", "a new record", "languages"])
def test_any_change_is_saved(kb, change):
    store = _recorded(kb, a=("card-a", None, [], []), b=("card-b", None, [], []))
    files_key, displays = FK, ["a"] if change == "a file less" else ["a", "b"]
    for d, size, ino in (("a", 10, 77), ("b", 11, 78))[:len(displays)]:
        store.by_stamp(d, (size, 1_000_000_000, ino))
    if change == "files key":
        files_key = "other"
    elif change == "a new digest":
        assert store.by_digest("a", "digest-a", (10, 2_000_000_000, 79))[0] == (10, 2_000_000_000, 79)
    elif change == "a new record":
        store.put("a", (10, 1_000_000_000, 77), "digest-a", "card-a", None, [_problem()], [])
    else:
        store.put_locales(OLD, None, [{"code": "es"}])
    store.save(files_key, displays)
    again = cache.CheckCache(kb)
    assert again.snapshot(files_key) is not None
    if change == "a file less":
        assert again.record("b") is None
    elif change == "a new digest":
        assert again.record("a")[0] == (10, 2_000_000_000, 79)
    elif change == "a new record":
        assert again.problems(again.record("a")[4]) == [_problem()]
    elif change == "languages":
        assert again.locales_hit(OLD) == (None, [{"code": "es"}])


def test_a_record_taken_by_its_stamp_is_kept_when_another_file_changes(kb):
    store = _recorded(kb, a=("card-a", None, [], []), b=("card-b", None, [], []))
    rec = store.by_stamp("a", (10, 1_000_000_000, 77))
    store.put("b", (11, 1_000_000_000, 78), "new", "card-b", None, [], [])
    store.save(FK, ["a", "b"])
    assert cache.CheckCache(kb).record("a") == rec


def test_a_stamp_is_trusted_only_when_equal_and_older_than_two_seconds_before_the_run(kb):
    store = cache.CheckCache(kb)
    store.put("a", (10, 5_000_000_000, 2 ** 62), "d", "card-a", None, [], [])
    store.save(FK, ["a"])
    store = cache.CheckCache(kb)
    assert store.recorded_ns > 5_000_000_000
    store.recorded_ns = 7_000_000_001
    assert store.by_stamp("a", (10, 5_000_000_000, 2 ** 62)) is not None
    assert store.by_stamp("a", (10, 5_000_000_000, 1)) is None
    assert store.by_stamp("a", (11, 1, 2 ** 62)) is None
    store.recorded_ns = 7_000_000_000  # modified exactly two seconds before: the clock may not have ticked
    assert store.by_stamp("a", (10, 5_000_000_000, 2 ** 62)) is None
    store.recorded_ns = 6_000_000_000
    assert store.by_stamp("a", (10, 5_000_000_000, 2 ** 62)) is None
    assert store.by_stamp("missing", (10, 5_000_000_000, 2 ** 62)) is None


def test_the_language_list_is_taken_by_its_stamp_like_a_file(kb):
    store = cache.CheckCache(kb)
    assert store.locales_hit(OLD) is None
    store.put_locales((10, 5_000_000_000, 2 ** 62), [("p",)], [{"code": "es"}])
    store.save(FK, [])
    store = cache.CheckCache(kb)
    store.recorded_ns = 7_000_000_001
    assert store.locales_hit(None) is None and store.locales_hit((10, 5_000_000_000, 1)) is None
    assert store.locales_hit((11, 1, 2 ** 62)) is None
    assert store.locales_hit((10, 5_000_000_000, 2 ** 62)) == ([("p",)], [{"code": "es"}])
    store.put("a", OLD, "d", "card-a", None, [], [])  # saved again for another reason: the languages stay
    store.save(FK, ["a"])
    store = cache.CheckCache(kb)
    store.recorded_ns = 7_000_000_000
    assert store.locales_hit((10, 5_000_000_000, 2 ** 62)) is None
    store.recorded_ns = 6_000_000_000
    assert store.locales_hit((10, 5_000_000_000, 2 ** 62)) is None
    store.recorded_ns = 7_000_000_001
    assert store.locales_hit((10, 5_000_000_000, 2 ** 62)) == ([("p",)], [{"code": "es"}])


def test_a_cache_saved_without_languages_has_none_to_give(kb):
    store = _recorded(kb, a=("card-a", None, [], []))
    assert store.locales_hit(OLD) is None


def test_the_snapshot_holds_every_files_stamp_validity_and_the_records_worth_keeping(kb):
    store = cache.CheckCache(kb)
    recs = [store.put("problems", (1, 5, 1), "d", "card-a", None, [_problem()], []),
            store.put("linked", (2, 5, 2), "d", "card-b", None, [], []),
            store.put("data", (3, 5, 3), "d", "phase-c", {"x": 1}, [], []),
            store.put("plain", (4, 5, 4), "d", "card-d", None, [], [("a", "card")]),
            store.put("invalid", (5, 5, 5), "d", None, None, [], [])]
    recs[1][5] = store.stored([_problem("dangling")])
    store.save(FK, ["problems", "linked", "data", "plain", "invalid", "unreadable"])
    stamps, valid, quick = cache.CheckCache(kb).snapshot(FK)
    assert stamps == cache.pack_stamps([(1, 5, 1), (2, 5, 2), (3, 5, 3), (4, 5, 4), (5, 5, 5), None])
    assert list(valid) == [1, 1, 1, 1, 0, 0]
    assert sorted(quick) == [0, 1, 2] and quick[2] == recs[2]
    assert cache.CheckCache(kb).snapshot("another list") is None


def test_no_snapshot_of_a_list_with_a_file_twice(kb):
    store = cache.CheckCache(kb)
    store.put("a", OLD, "d", "card-a", None, [], [])
    store.save(FK, ["a", "a"])
    assert cache.CheckCache(kb).snapshot(FK) is None


def test_a_recheck_saves_only_what_changed(kb):
    store = _recorded(kb, a=("card-a", None, [], []), b=("card-b", None, [_problem()], []), c=("card-c", {"x": 1}, [], []),
                      d=("card-d", None, [], []))
    assert sorted(store.snapshot(FK)[2]) == [1, 2]
    new_b = store.put("b", (20, 2, 20), "digest-b2", None, None, [_problem("worse")], [])
    new_d = store.put("d", (21, 3, 21), "digest-d2", "card-d", None, [_problem("new")], [])
    store.save_changes(FK, {1: ("b", new_b), 2: ("c", None), 3: ("d", new_d)})
    again = cache.CheckCache(kb)
    stamps, valid, quick = again.snapshot(FK)
    assert stamps == cache.pack_stamps([(10, 1_000_000_000, 77), (20, 2, 20), None, (21, 3, 21)])
    assert list(valid) == [1, 0, 0, 1] and sorted(quick) == [1, 3] and quick[3] == new_d
    assert again.record("a")[1] == "digest-a" and again.record("b") == new_b and again.record("c") is None
    assert again.record("d") == new_d


def test_a_recheck_of_one_file_keeps_the_stamps_of_the_others(kb):
    store = _recorded(kb, a=("card-a", None, [], []), b=("card-b", None, [], []), c=("card-c", None, [], []))
    store.save_changes(FK, {1: ("b", store.put("b", (20, 2, 20), "digest-b2", "card-b", None, [], []))})
    stamps = cache.CheckCache(kb).snapshot(FK)[0]
    assert stamps == cache.pack_stamps([(10, 1_000_000_000, 77), (20, 2, 20), (12, 1_000_000_000, 79)])


def test_a_recheck_of_a_file_that_stays_unreadable_saves_its_stamp(kb):
    first = cache.CheckCache(kb)
    first.put("a", (10, 1_000_000_000, 77), "digest-a", "card-a", None, [], [])
    first.save(FK, ["a", "gone"])  # "gone" could not be read: no record
    store = cache.CheckCache(kb)
    store.save_changes(FK, {1: ("gone", None)})  # still unreadable, and nothing else changed
    again = cache.CheckCache(kb)
    assert again.snapshot(FK)[0] == cache.pack_stamps([(10, 1_000_000_000, 77), None]) and again.record("gone") is None
    os.remove(again.path)
    again.save_changes(FK, {1: ("gone", None)})
    assert os.path.exists(again.path)


def test_a_recheck_that_changed_nothing_writes_nothing(kb):
    store = _recorded(kb, a=("card-a", None, [], []))
    os.remove(store.path)
    store.save_changes(FK, {})
    assert not os.path.exists(store.path)


def test_a_part_of_the_records_left_from_another_context_is_not_used(kb):
    _recorded(kb, context="A", a=("card-a", None, [], []))
    part = cache.CheckCache(kb, context="A")._shard_path(cache.CheckCache(kb)._shard_of("a"))
    with open(part, "rb") as f:
        left = f.read()
    _recorded(kb, context="B", a=("card-a", None, [], []), b=("card-b", None, [], []))
    with open(part, "wb") as f:  # as if the run under context B had not rewritten it
        f.write(left)
    assert cache.CheckCache(kb, context="B").record("a") is None
    assert cache.CheckCache(kb, context="A").record("a") is None  # the main blob is B's


def test_a_file_modified_before_1970_is_never_trusted(tmp_path):
    (tmp_path / "a").write_bytes(b"abc")
    (tmp_path / "b").write_bytes(b"abc")
    os.utime(tmp_path / "a", ns=(-5_000_000_000, -5_000_000_000))
    now, failed = cache.stat_stamps([tmp_path / "a", tmp_path / "b"])
    assert _unpack(now)[1] == 2 ** 64 - 5_000_000_000 and failed == []
    assert cache.changed_stamps(now, now, 10 ** 19) == [0]  # its mtime reads as a huge one


def test_an_unchanged_stamp_with_a_huge_number_is_not_changed_beside_a_changed_one():
    recorded = cache.pack_stamps([(1, -1, 9), (2, 5, 9)])
    assert cache.changed_stamps(cache.pack_stamps([(1, -1, 9), (3, 5, 9)]), recorded, 2 ** 64) == [1]
