"""The languages of the knowledge base: the one list, read from kb/locales.yaml.

``LANGS`` (the codes, in the file's order: the canonical order of every localized text), ``NAMES``
(each language's name in itself) and ``ENGLISH_NAMES``. Every other module, and the site's
JavaScript (through the data the site build writes), takes the languages from here.

Import-light on purpose: ``lookup`` imports this module on every cold start, so the file is not read
with a YAML parser. kb/locales.yaml is kept in canonical form (``ygorules fmt``) and validated by
schema/locales.schema.json (``ygorules check``); ``read`` is a strict reader of exactly that form, and
anything else in the file is an error naming its file and line (tests check that ``read`` agrees with
``yaml.safe_load`` on the real file).
"""
from __future__ import annotations

from . import resources
from .errors import YgoError

FIELDS = ("code", "name", "english_name")
"""The fields of a language that ``read`` returns (``note``, localized text over several lines, is skipped)."""
_SPECIAL = set("'\"&*!|>%@`#,[]{}-?:~") | {" ", "\t"}
"""Characters that may not begin a plain YAML scalar (or would change its meaning there)."""


def _scalar(text: str) -> str | None:
    """A one-line YAML scalar as ``fmt`` writes it (plain, 'single' or "double" quoted without escapes); None if not one.

    >>> _scalar("Español"), _scalar("'it''s'"), _scalar('"a: b"'), _scalar("a: b"), _scalar('"a\\\\tb"')
    ('Español', "it's", 'a: b', None, None)
    """
    if len(text) >= 2 and text[0] == text[-1] == "'":
        inner = text[1:-1]
        return inner.replace("''", "'") if "'" not in inner.replace("''", "") else None
    if len(text) >= 2 and text[0] == text[-1] == '"':
        inner = text[1:-1]
        return inner if '"' not in inner and "\\" not in inner else None
    if (text and text[0] not in _SPECIAL and text == text.strip() and ": " not in text and " #" not in text
            and not text.endswith(":") and text.lower() not in ("null", "true", "false", "yes", "no", "on", "off")):
        return text
    return None


def read(path: str) -> list[dict]:
    """The languages listed in a locales file: ``[{"code", "name", "english_name"}, …]`` in file order.

    Strict: the file must be in canonical form. A line that is not raises YgoError naming ``path:line``.
    The ``note`` of a language (localized text, several lines) is skipped.
    """
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError as exc:
        raise YgoError(f"{path}: cannot read the language list ({exc.strerror or exc}) → restore kb/locales.yaml") from None
    out: list[dict] = []
    seen_top = in_note = False

    def fail(n: int, what: str):
        raise YgoError(f"{path}:{n}: {what} → write the file in canonical form (`ygorules fmt`) and check it "
                       f"against schema/locales.schema.json (`ygorules check`)")

    for n, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        if not seen_top:
            if line.rstrip() != "languages:":
                fail(n, f"expected 'languages:' as the first key, found {line.strip()!r}")
            seen_top = True
            continue
        if in_note and line.startswith("      "):  # a note's languages, and the lines of a block scalar under one
            continue
        in_note = False
        key, sep, value = line.partition(": ")
        if key == "  - code" and sep:
            out.append({})
            key = "code"
        elif key.startswith("    ") and key[4:] in FIELDS and sep:
            key = key[4:]
            if not out:
                fail(n, f"{key!r} before the first '- code:' item")
        elif line.rstrip() == "    note:" and out:
            in_note = True
            continue
        else:
            fail(n, f"unexpected line {line.strip()!r} (expected '  - code: xx', '    name: …', '    english_name: …' or a note)")
        text = _scalar(value.strip())
        if not text:
            fail(n, f"{key}: {value.strip()!r} is not a one-line text")
        if key in out[-1]:
            fail(n, f"{key} given twice for one language")
        out[-1][key] = text
    if not out:
        raise YgoError(f"{path}: no languages listed → list them under 'languages:' as '  - code: xx' items")
    for i, lang in enumerate(out):
        missing = [k for k in FIELDS if k not in lang]
        if missing:
            raise YgoError(f"{path}: language {i + 1} ({lang['code']}) lacks {', '.join(missing)} → add it")
    codes = [lang["code"] for lang in out]
    if len(set(codes)) != len(codes):
        raise YgoError(f"{path}: a language code is listed twice in {codes} → list each language once")
    return out


LOCALES = read(resources.path("locales.yaml"))
"""The languages of the knowledge base, in canonical order (kb/locales.yaml, or the wheel's copy)."""

LANGS: tuple[str, ...] = tuple(lang["code"] for lang in LOCALES)
"""The language codes in canonical order (es, pt, it, en)."""

NAMES: dict[str, str] = {lang["code"]: lang["name"] for lang in LOCALES}
"""Each language's name in itself (Español…)."""

ENGLISH_NAMES: dict[str, str] = {lang["code"]: lang["english_name"] for lang in LOCALES}
"""Each language's name in English (Spanish…)."""

SOURCE_LANG = "en"
"""The language the site's UI strings are written in (site/i18n's catalogs translate them into the others)."""

TRANSLATED: tuple[str, ...] = tuple(lang for lang in LANGS if lang != SOURCE_LANG)
"""Every language but English: the ones with translation catalogs, review states and translated names."""
