"""The UI strings our templates and the command line add, as gettext catalogs managed with Babel.

``site_src/locales/messages.pot`` is extracted from the templates, from this package and from the CLI
(``ygorules/commands``, ``cli.py``, ``core/catalog.py``, which reads the same catalogs at run time);
``site_src/locales/<lang>/LC_MESSAGES/messages.po`` holds es, pt and it (English is the source
language). ``.mo`` files are compiled at build time into ``build/``, never committed.
"""
from __future__ import annotations

import gettext
import os
from pathlib import Path

from ..core import locales, resources
from ..core.errors import YgoError

SITE_SRC = Path(resources.path("site_src"))
LOCALES = SITE_SRC / "locales"
POT = LOCALES / "messages.pot"
PACKAGE = Path(__file__).resolve().parent.parent
CATALOG_LANGS = locales.TRANSLATED
"""The languages with a catalog: all but English, the source language of the UI strings."""
JINJA_SYNTAX = {"comment_start_string": "{##", "comment_end_string": "##}"}
"""Jinja comments are {## … ##}: Markdown's {#anchor} attributes must stay literal."""
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (it is translated where shown)."""
    return message


def po_path(lang: str) -> Path:
    """The .po catalog of one language."""
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def extract():
    """A Babel catalog of every UI string in site_src/templates and in this package."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="ygorules", version="0.1.0", charset="utf-8")
    sources = [(SITE_SRC / "templates", [("**.j2", "jinja2"), ("**.html", "jinja2")], {"jinja2": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true", **JINJA_SYNTAX}}),
               (Path(__file__).parent, [("**.py", "python")], {}),
               (PACKAGE / "commands", [("**.py", "python")], {}),  # the CLI's messages share the catalogs
               (PACKAGE, [("cli.py", "python"), ("core/catalog.py", "python")], {})]
    for folder, method_map, options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
                folder, method_map, options_map={pat: options.get(m, {}) for pat, m in method_map},
                keywords=KEYWORDS, strip_comment_tags=True):
            rel = Path(os.path.relpath(folder / filename, SITE_SRC.parent)).as_posix()  # installed: the package is not below
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def _sorted_ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def update() -> list[str]:
    """Rewrite messages.pot from the sources and merge it into each .po; return the files that changed
    (a file whose content would stay the same is not written at all)."""
    from babel.messages.pofile import read_po, write_po

    if resources.checkout() is None:
        raise YgoError("`ygorules site catalogs` updates site_src/locales/ of a checkout, and this ygorules is installed "
                       "from a wheel → run it in a clone of the project (with `pip install -e .`)", exit_code=2)
    template = extract()
    if POT.exists():  # keep the header date unless the strings changed, so the file only changes with them
        with open(POT, "rb") as fh:
            old = read_po(fh)
        if _sorted_ids(old) == _sorted_ids(template):
            template.creation_date = old.creation_date
    POT.parent.mkdir(parents=True, exist_ok=True)
    changed = [str(POT)] if _write_if_changed(POT, template, omit_header=False, sort_output=True, no_location=False,
                                              width=100) else []
    for lang in CATALOG_LANGS:
        path = po_path(lang)
        if path.exists():
            with open(path, "rb") as fh:
                catalog = read_po(fh, locale=lang)
            catalog.update(template, update_header_comment=False)
        else:
            from babel.messages.catalog import Catalog
            catalog = Catalog(locale=lang, project="ygorules", version="0.1.0", charset="utf-8")
            catalog.update(template)
            path.parent.mkdir(parents=True, exist_ok=True)
        if _write_if_changed(path, catalog, sort_output=True, width=100, ignore_obsolete=True):
            changed.append(str(path))
    return changed


def _write_if_changed(path: Path, catalog, **options) -> bool:
    """Write the catalog to ``path`` only when its bytes differ from the file's (a no-op run touches nothing)."""
    import io

    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, **options)
    data = buf.getvalue()
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def problems() -> list[str]:
    """Stale or incomplete catalogs: strings missing from the .pot or a .po, untranslated or fuzzy ones."""
    from babel.messages.pofile import read_po

    out = []
    wanted = _sorted_ids(extract())
    if not POT.exists():
        return [f"{POT}: missing → run `ygorules site catalogs`"]
    with open(POT, "rb") as fh:
        pot_ids = _sorted_ids(read_po(fh))
    for msg in sorted(map(str, wanted - pot_ids)):
        out.append(f"{POT}: stale: {msg!r} is used by a template but missing here → run `ygorules site catalogs`")
    for msg in sorted(map(str, pot_ids - wanted)):
        out.append(f"{POT}: stale: {msg!r} is no longer used → run `ygorules site catalogs`")
    for lang in CATALOG_LANGS:
        path = po_path(lang)
        if not path.exists():
            out.append(f"{path}: missing → run `ygorules site catalogs`, then translate it")
            continue
        with open(path, "rb") as fh:
            catalog = read_po(fh, locale=lang)
        ids = _sorted_ids(catalog)
        for msg in sorted(map(str, wanted - ids)):
            out.append(f"{path}: stale: {msg!r} is missing → run `ygorules site catalogs`, then translate it")
        for m in catalog:
            if not m.id or m.id not in wanted:
                continue
            strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
            if m.fuzzy or not all(strings):
                out.append(f"{path}:{m.lineno}: untranslated{' (fuzzy)' if m.fuzzy else ''}: {m.id!r} → write its translation in msgstr")
    return out


def compile_all(out_dir: Path) -> None:
    """Compile every .po into ``out_dir/<lang>/LC_MESSAGES/messages.mo``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for lang in CATALOG_LANGS:
        path = po_path(lang)
        if not path.exists():
            raise YgoError(f"{path}: the {lang} catalog is missing → run `ygorules site catalogs`, then translate it")
        with open(path, "rb") as fh:
            catalog = read_po(fh, locale=lang)
        target = out_dir / lang / "LC_MESSAGES" / "messages.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as fh:
            write_mo(fh, catalog)


def translations(lang: str, mo_dir: Path):
    """The compiled translations of ``lang`` (English: the identity); a missing .mo is an error, never silence."""
    if lang == "en":
        return gettext.NullTranslations()
    from babel.support import Translations

    mo = mo_dir / lang / "LC_MESSAGES" / "messages.mo"
    if not mo.exists():  # Translations.load would return empty translations without a word
        raise YgoError(f"{mo}: compiled catalog missing → run `ygorules site build`")
    with open(mo, "rb") as fh:
        return Translations(fh, domain="messages")
