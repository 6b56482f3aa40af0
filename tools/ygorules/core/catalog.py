"""The interface text of the command line, from the same gettext catalogs as the site's.

Every user-facing string of the CLI is written in English in the code, marked with ``_()`` (or ``N_()`` where it
is only named and translated where shown), and translated in ``site_src/locales/<lang>/LC_MESSAGES/messages.po``,
the catalogs that also hold the site's strings (``ygorules site catalogs`` extracts both into ``messages.pot``),
so that each language's interface is reviewed in one place. ``use(lang)`` chooses the catalog for the rest of the
run: answers and errors alike.

A command compiles nothing: the first run in a language compiles its ``.po`` into a ``.mo`` in the cache folder
(:mod:`ygorules.core.cache`, keyed on the ``.po``'s path, size and time), and every later run reads that ``.mo``
with the standard library's gettext. ``.mo`` files are never committed nor shipped (the wheel carries the ``.po``).
Only ``os`` is imported at first, and nothing at all when the language is English, the source language.
"""
from __future__ import annotations

import os

from . import resources

SOURCE_LANG = "en"
"""The language the strings are written in: it needs no catalog."""


class _Identity:
    """English: every string is its own translation."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_current = _Identity()
_lang = SOURCE_LANG


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (it is translated where it is shown)."""
    return message


def po_path(lang: str) -> str:
    """The .po catalog of ``lang`` (es, pt, it)."""
    return os.path.join(resources.path("site_src"), "locales", lang, "LC_MESSAGES", "messages.po")


def translations(lang: str):
    """The translations of ``lang``: the identity for English; else the catalog compiled once into the cache.

    A missing catalog is an error (YgoError), never an English interface without a word.
    """
    if lang == SOURCE_LANG:
        return _Identity()
    import gettext
    import io

    from . import cache

    po = po_path(lang)
    try:
        st = os.stat(po)
    except OSError:
        from .errors import YgoError
        raise YgoError(f"{po}: the {lang} interface catalog is missing → reinstall ygorules, or run "
                       "`ygorules site catalogs` in a checkout and translate it") from None
    key = f"{po}\0{st.st_size}\0{st.st_mtime_ns}"
    loaded = _LOADED.get(key)
    if loaded is not None:
        return loaded
    mo = cache.read_blob("catalog", key, ".mo")
    if mo is None:
        mo = compile_po(po, lang)
        cache.write_blob("catalog", key, mo, ".mo")  # a cache that cannot be written only costs time
    loaded = _LOADED[key] = gettext.GNUTranslations(io.BytesIO(mo))
    return loaded


_LOADED: dict = {}
"""The catalogs read in this run, by their .po's path, size and time: each is parsed once (the pool's answers ask
for one per unknown answer and language: 44 of the 108 s of the site's answers, profiled, were spent re-reading them)."""


def compile_po(po: str, lang: str) -> bytes:
    """The .mo bytes of a .po file (fuzzy and untranslated entries left out: they show in English)."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def use(lang: str) -> None:
    """Translate every later ``_()`` of this run into ``lang``."""
    global _current, _lang
    _current, _lang = translations(lang), lang


def current() -> str:
    """The language ``use`` chose (English until then)."""
    return _lang


def _(message: str) -> str:
    """``message`` in the chosen language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the chosen language."""
    return _current.ngettext(singular, plural, n)


QUOTES = {"es": ("«", "»"), "pt": ("“", "”"), "it": ("«", "»"), "en": ("“", "”")}
"""The quotation marks of each language's house style for a quoted word, form or heading (card names: ``card_name``)."""


def quote(text: str, lang: str | None = None) -> str:
    """``text`` between the quotation marks of ``lang`` (default: the chosen language).

    >>> quote("Mirror Force", "es"), quote("Mirror Force", "en")
    ('«Mirror Force»', '“Mirror Force”')
    """
    left, right = QUOTES.get(lang or _lang, QUOTES["en"])
    return f"{left}{text}{right}"


VIDEO_GAME = N_("video game only")
ENGLISH = N_("English name")
TRANSLATED = N_("unofficial translation, never printed")


def shown_name(card, lang: str) -> tuple[str, str | None, str]:
    """What to call a card for a reader of ``lang``: (name, the mark to show after it or None, the name's language).

    The official name in ``lang``; else its video-game name in ``lang``, marked "video game only"; else its official
    English name (or another language's), marked; else a video-game name in another language (English first); else an
    unofficial translation (spellings of kind ``translated``: a card printed in none of our languages), marked; the file
    id only when the card has no name at all (a file id is never shown as if it were a name: «royal-guard (English name)»).
    """
    if card.names.get(lang):
        return card.names[lang], None, lang
    game = [s for s in card.spellings if s.kind == "video-game"]
    own = [s for s in game if s.lang == lang]
    if own:
        return own[0].text, VIDEO_GAME, lang
    for other in ("en", "es", "pt", "it"):
        if card.names.get(other):
            return card.names[other], ENGLISH if other == "en" else None, other
    if game:  # another language's game name: the English one first, as ``Card.name`` does
        pick = next((s for s in game if s.lang == "en"), game[0])
        return pick.text, VIDEO_GAME, pick.lang
    translated = [s for s in card.spellings if s.kind == "translated"]
    if translated:  # the reader's language first, else English first
        pick = next((s for s in translated if s.lang == lang), None) or next((s for s in translated if s.lang == "en"), translated[0])
        return pick.text, TRANSLATED, pick.lang
    return card.id, None, lang


def card_name(name: str) -> str:
    """A card's name inside a sentence: curly double quotes in every language (the house styles' rule for names).

    >>> card_name("Fuerza de Espejo")
    '“Fuerza de Espejo”'
    """
    return f"“{name}”"


def until_label(until: str, gettext=None) -> str:
    """The badge of a rule that held until ``until`` (a year, or a rulebook as ``Rulebook v10``), in the chosen
    language: a rulebook is named in the language with its own article and preposition («fino al regolamento
    v10»), never «fino a Rulebook v10».

    >>> until_label("2015"), until_label("Rulebook v9.1")
    ('Earlier rule (until 2015)', 'Earlier rule (until rulebook v9.1)')
    """
    import re

    tr = gettext or _
    m = re.fullmatch(r"Rulebook v?([\d.]+)", until.strip())
    if m:
        return tr(N_("Earlier rule (until rulebook v%(version)s)")) % {"version": m.group(1)}
    if re.fullmatch(r"\d{4}", until.strip()):  # a year takes its own article in Italian («fino al 2015»)
        return tr(N_("Earlier rule (until %(year)s)")) % {"year": until.strip()}
    return tr(N_("Earlier rule (until %(when)s)")) % {"when": until}


def locator(where: str, gettext=None, lang: str | None = None) -> str:
    """A citation's place in a source, in the chosen language: lines, pages and items in words; a heading of the
    source quoted as it is written there (never an English word such as "section" around it).

    >>> locator("L33-L99"), locator("p. 41"), locator("section After Damage Calculation", lang="es")
    ('lines 33–99', 'page 41', 'section «After Damage Calculation»')
    >>> locator("What can be activated in the Damage Step", lang="pt"), locator("!system 37")
    ('“What can be activated in the Damage Step”', '!system 37')
    """
    if gettext is None:  # the same few places are cited by thousands of answers: each said once per catalog
        key = (where, _lang, lang)
        got = _LOCATED.get(key)
        if got is None:
            got = _LOCATED[key] = _locator(where, _, lang)
        return got
    return _locator(where, gettext, lang)


_LOCATED: dict = {}
"""(place, the language ``use`` chose, lang) → ``locator``'s text."""


def _locator(where: str, tr, lang: str | None) -> str:
    import re

    w = where.strip()
    ranges = ((r"L(\d+)(?:\s*[-–]\s*L?(\d+))?", N_("line %(n)s"), N_("lines %(first)s–%(last)s")),
              (r"pp?\.\s*(\d+)(?:\s*[-–]\s*(\d+))?", N_("page %(n)s"), N_("pages %(first)s–%(last)s")),
              (r"items?\s+(\d+)(?:\s*[-–]\s*(\d+))?", N_("item %(n)s"), N_("items %(first)s–%(last)s")))
    for pattern, one, many in ranges:
        m = re.fullmatch(pattern, w)
        if m:
            return (tr(many) % {"first": m.group(1), "last": m.group(2)} if m.group(2)
                    else tr(one) % {"n": m.group(1)})
    m = re.fullmatch(r"(\d+) texts", w)
    if m:
        return tr(N_("%(n)s texts")) % {"n": m.group(1)}
    m = re.fullmatch(r"passcode (\d+)", w)
    if m:
        return tr(N_("passcode %(n)s")) % {"n": m.group(1)}
    m = re.fullmatch(r"section\s+(.+)", w)
    if m:
        return tr(N_("section %(heading)s")) % {"heading": quote(m.group(1), lang)}
    m = re.fullmatch(r"timing table:\s*(.+)", w)
    if m:
        return tr(N_("timing table, row %(heading)s")) % {"heading": quote(m.group(1), lang)}
    if w.startswith("!") or re.fullmatch(r"[\d\W]+", w):  # a file's own reference or bare numbers: as written
        return w
    return quote(w.strip('"«»“”'), lang)
