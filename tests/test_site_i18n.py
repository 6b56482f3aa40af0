import shutil

import pytest
from ygorules.core.errors import YgoError
from ygorules.site import i18n


def test_catalogs_are_current_and_complete():
    assert i18n.problems() == [], "run `ygorules site catalogs`, then translate every new msgstr"


@pytest.fixture
def copied_catalogs(tmp_path, monkeypatch):
    shutil.copytree(i18n.LOCALES, tmp_path / "locales")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path / "locales")
    monkeypatch.setattr(i18n, "POT", tmp_path / "locales" / "messages.pot")
    return tmp_path / "locales"


def _drop_msgid(path, msgid):
    from babel.messages.pofile import read_po, write_po
    with open(path, "rb") as fh:
        catalog = read_po(fh)
    catalog.delete(msgid)
    with open(path, "wb") as fh:
        write_po(fh, catalog)


def test_a_template_string_missing_from_the_pot_is_reported_stale(copied_catalogs):
    _drop_msgid(copied_catalogs / "messages.pot", "Cards that act here")
    assert any("stale" in p and "Cards that act here" in p for p in i18n.problems())


def test_a_template_string_missing_from_a_po_is_reported_stale(copied_catalogs):
    _drop_msgid(copied_catalogs / "it" / "LC_MESSAGES" / "messages.po", "Cards that act here")
    found = [p for p in i18n.problems() if "Cards that act here" in p]
    assert found and "it/LC_MESSAGES" in found[0]


def test_an_untranslated_message_is_reported(copied_catalogs):
    path = copied_catalogs / "pt" / "LC_MESSAGES" / "messages.po"
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgstr "Cards que agem aqui"', 'msgstr ""')
    path.write_text(text, encoding="utf-8")
    assert any("untranslated" in p and "Cards that act here" in p for p in i18n.problems())


def test_a_missing_compiled_catalog_is_an_error_not_silent_english(tmp_path):
    with pytest.raises(YgoError, match="compiled catalog missing"):
        i18n.translations("es", tmp_path)


def test_compiled_catalogs_translate(tmp_path):
    i18n.compile_all(tmp_path)
    assert i18n.translations("pt", tmp_path).gettext("Cards that act here") == "Cards que agem aqui"


def test_catalogs_run_again_with_nothing_changed_writes_no_file(copied_catalogs):
    i18n.update()  # bring the copy up to date with the templates
    files = sorted(copied_catalogs.rglob("*.po*"))
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files}
    assert i18n.update() == []
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files} == before


def test_catalogs_rewrite_only_the_files_whose_content_changes(copied_catalogs):
    i18n.update()
    pot = copied_catalogs / "messages.pot"
    _drop_msgid(pot, "Cards that act here")
    assert str(pot) in i18n.update()
    assert "Cards that act here" in pot.read_text(encoding="utf-8")
