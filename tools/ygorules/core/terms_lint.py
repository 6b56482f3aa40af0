"""The terminology linter: forms the glossary marks ``avoid: true``, found in prose of their language.

The glossary (``kb/terms/``) is the single source: a variant with ``avoid: true`` is a form our prose
in that variant's language must not use, and the term's name in that language is the form to use.
Matching is by whole words, case-insensitive, with any run of spaces between words; text inside
quotation marks (“…”, «…», "…") is quoted material and exempt, and so are the variants themselves
(they are data, not prose). ``ygorules check`` reports each hit as a warning with the code
``avoided-term``; ``check --strict-terms`` makes them errors.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .link import localized_texts
from .cache import folder_key
from .loader import LoadError, load_file
from .walk import entry_files

CODE = "avoided-term"
_QUOTED = re.compile(r"“[^”]*”|«[^»]*»|\"[^\"]*\"")


@dataclass(frozen=True)
class Avoided:
    """One avoided form: its text and language, the term it belongs to, and the form to use instead."""

    text: str
    lang: str
    term: str
    preferred: str | None
    note: str | None = None


@dataclass
class Glossary:
    """The avoided forms of every term, by language, with one compiled pattern per language."""

    key: str
    root: Path
    _forms: dict[str, dict[str, Avoided]] | None = field(default=None, repr=False)
    _patterns: dict[str, re.Pattern] = field(default_factory=dict, repr=False)

    @property
    def forms(self) -> dict[str, dict[str, Avoided]]:
        """``{lang: {casefolded text: Avoided}}``, read from kb/terms on first use."""
        if self._forms is None:
            self._forms = _read_forms(self.root / "terms")
        return self._forms

    def pattern(self, lang: str) -> re.Pattern | None:
        """One regular expression matching every avoided form of ``lang`` as whole words, or None."""
        if lang not in self._patterns:
            forms = sorted(self.forms.get(lang, {}).values(), key=lambda a: -len(a.text))
            alternatives = [r"\s+".join(map(re.escape, a.text.split())) for a in forms]
            self._patterns[lang] = (re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)
                                    if alternatives else None)
        return self._patterns[lang]

    def hits(self, text: str, lang: str):
        """Yield (offset, matched text, Avoided) for every avoided form of ``lang`` in ``text`` outside quotes.

        >>> g = Glossary("k", Path("."), {"es": {"paso de daño": Avoided("Paso de Daño", "es", "damage-step", "Damage Step")}})
        >>> [(o, m) for o, m, _ in g.hits("En el paso de  daño, no «Paso de Daño».", "es")]
        [(6, 'paso de  daño')]
        """
        pattern = self.pattern(lang)
        if pattern is None:
            return
        quoted = [m.span() for m in _QUOTED.finditer(text)]
        for m in pattern.finditer(text):
            if any(a <= m.start() < b for a, b in quoted):
                continue
            yield m.start(), m.group(0), self.forms[lang][" ".join(m.group(0).split()).casefold()]


def _read_forms(folder: Path) -> dict[str, dict[str, Avoided]]:
    forms: dict[str, dict[str, Avoided]] = {}
    for path in map(Path, entry_files(folder)):
        try:
            data = load_file(path).data
        except LoadError:
            continue  # the check reports the file itself
        if not isinstance(data, dict):
            continue
        names = data.get("names") if isinstance(data.get("names"), dict) else {}
        variants = data.get("variants")
        for variant in variants if isinstance(variants, list) else ():
            if not (isinstance(variant, dict) and variant.get("avoid") is True and isinstance(variant.get("text"), str)):
                continue
            lang = variant.get("lang")
            if not isinstance(lang, str):
                continue
            note = variant.get("note") if isinstance(variant.get("note"), dict) else {}
            avoided = Avoided(variant["text"], lang, str(data.get("id", path.stem)), names.get(lang), note.get(lang) or note.get("en"))
            forms.setdefault(lang, {})[" ".join(variant["text"].split()).casefold()] = avoided
    return forms


def load(root: Path) -> Glossary:
    """The glossary of the kb/ at ``root``; its key changes whenever a term file changes."""
    return Glossary(folder_key(root / "terms"), root)


def lint(data: dict, glossary: Glossary, texts: list | None = None) -> list[tuple[tuple, str, str]]:
    """Every avoided form in an entry's prose: (path of the text, message, fix).

    ``texts`` is ``list(localized_texts(data))`` when the caller has it already.
    """
    out = []
    for path, text in localized_texts(data) if texts is None else texts:
        for lang, value in text.items():
            for offset, matched, avoided in glossary.hits(value, lang):
                where = ".".join(map(str, (*path, lang)))
                use = f"write '{avoided.preferred}'" if avoided.preferred else "write the term's name"
                why = f" ({avoided.note})" if avoided.note else ""
                out.append((path + (lang,), f"'{matched}' in {where} (character {offset + 1}) is a form the glossary avoids in {lang}",
                            f"{use} (term '{avoided.term}', kb/terms/{avoided.term}.yaml){why}, or quote it if you cite it"))
    return out
