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
