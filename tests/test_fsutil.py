"""Atomic writes leave files with the usual permissions and keep an existing file's mode."""
import os
import stat

import pytest

from ygorules.core.fsutil import write_atomic


def test_a_new_file_gets_the_usual_mode(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.txt", "hello")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644
    assert (tmp_path / "new.txt").read_text() == "hello"


def test_an_existing_file_keeps_its_mode(tmp_path):
    path = tmp_path / "script.sh"
    path.write_text("old")
    path.chmod(0o750)
    write_atomic(path, b"new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o750 and path.read_bytes() == b"new"


def test_nothing_is_left_behind(tmp_path):
    write_atomic(tmp_path / "a.txt", "x")
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_an_explicit_mode_replaces_the_mode_of_an_existing_file(tmp_path):
    target = tmp_path / "cache-file"
    target.write_bytes(b"old")
    target.chmod(0o666)
    write_atomic(target, b"new", mode=0o600)
    assert target.read_bytes() == b"new" and stat.S_IMODE(target.stat().st_mode) == 0o600


def test_a_cache_file_made_writable_to_others_is_private_again_once_rewritten(tmp_path, monkeypatch):
    from ygorules.core import cache
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    assert cache.write_blob("probe", "k", b"one")
    path = cache.blob_path("probe", "k")
    os.chmod(path, 0o666)
    assert cache.read_blob("probe", "k") is None  # refused while others may write it
    assert cache.write_blob("probe", "k", b"two")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and cache.read_blob("probe", "k") == b"two"


def test_an_interrupt_just_after_the_rename_is_passed_on_as_it_is(tmp_path, monkeypatch):
    """Ctrl-C may land between the rename and the end of the write: the caller sees the interrupt, not a
    FileNotFoundError from cleaning up a temporary file that is already the target."""
    replace = os.replace

    def replace_then_interrupt(src, dst):
        replace(src, dst)
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", replace_then_interrupt)
    with pytest.raises(KeyboardInterrupt) as err:
        write_atomic(tmp_path / "a.txt", "new")
    assert err.value.__context__ is None
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"] and (tmp_path / "a.txt").read_text() == "new"


@pytest.mark.parametrize("name", ["a" * 251 + ".txt", "😀" * 63 + ".md"])  # 255 bytes: the longest name a file may have
def test_a_file_with_the_longest_name_allowed_is_written(tmp_path, name):
    write_atomic(tmp_path / name, "x")
    assert [p.name for p in tmp_path.iterdir()] == [name] and (tmp_path / name).read_text() == "x"
