"""site build never deletes what it did not make, and leaves the usual permissions."""
import os
import stat

import pytest

from ygorules.core.errors import YgoError
from ygorules.site.build import MARKER, _refuse_foreign, _usual_modes


def test_a_folder_with_other_things_in_it_is_refused_and_left_as_it_was(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.tex").write_text("years of work", encoding="utf-8")
    with pytest.raises(YgoError) as err:
        _refuse_foreign(home)
    assert "not made by `ygorules site build`" in str(err.value) and err.value.exit_code == 2
    assert (home / "thesis.tex").read_text(encoding="utf-8") == "years of work"


def test_an_empty_new_or_marked_folder_and_an_earlier_site_are_accepted(tmp_path):
    _refuse_foreign(tmp_path / "new")
    (tmp_path / "empty").mkdir()
    _refuse_foreign(tmp_path / "empty")
    marked = tmp_path / "marked"
    marked.mkdir()
    (marked / MARKER).write_text("x", encoding="utf-8")
    (marked / "anything").write_text("x", encoding="utf-8")
    _refuse_foreign(marked)
    earlier = tmp_path / "earlier"
    for lang in ("es", "pt"):
        (earlier / lang).mkdir(parents=True)
    (earlier / "index.html").write_text("<html>", encoding="utf-8")
    _refuse_foreign(earlier)


def test_a_file_is_not_a_site_folder(tmp_path):
    (tmp_path / "site").write_text("x", encoding="utf-8")
    with pytest.raises(YgoError):
        _refuse_foreign(tmp_path / "site")


def test_the_built_folder_gets_the_usual_modes(tmp_path):
    root = tmp_path / "site"
    (root / "es" / "cards").mkdir(parents=True)
    root.chmod(0o700)
    old = os.umask(0o022)
    try:
        _usual_modes(root)
    finally:
        os.umask(old)
    assert stat.S_IMODE(root.stat().st_mode) == 0o755
    assert stat.S_IMODE((root / "es" / "cards").stat().st_mode) == 0o755
