"""Entry templates for `ygorules new`: each passes `ygorules check` once its blanks are filled."""
from __future__ import annotations

import re

from ..core.model import LANGS


def _loc(key: str, indent: int = 0) -> str:
    pad = " " * indent
    return f"{pad}{key}:\n" + "\n".join(f"{pad}  {l}: ''" for l in LANGS)


REVIEW = "review:\n" + "\n".join(f"  {l}: ''" for l in LANGS) + "\n"
"""Every template ends with the review state of each language, a blank to fill (machine-draft, self-reviewed or
native-reviewed)."""


def _statement(key: str, indent: int = 0) -> str:
    pad = " " * indent
    return f"{pad}{key}:\n{_loc('text', indent + 2)}\n{pad}  sources: ['']"


TEMPLATES = {
    "card": lambda i: card_template(i),
    "term": lambda i: f"""id: {i}
category: ''
names:
  es: ''
  pt: ''
  it: ''
  en: ''
variants:
  - text: ''
    lang: en
    status: official-current
    sources: ['']
{_statement('definition')}
{REVIEW}""",
    "ruling": lambda i: f"""id: {i}
{_loc('title')}
{_loc('question')}
{_statement('answer')}
status: current
cards: []
substeps: []
{REVIEW}""",
    "example": lambda i: f"""id: {i}
{_loc('title')}
{_statement('setup')}
sequence:
  - substep: ''
{_loc('text', 4)}
{_statement('outcome')}
cards: []
sources: ['']
{REVIEW}""",
    "source": lambda i: f"""id: {i}
type: ''
title: ''
lang: ''
url: ''
locator: ''
{_loc('covers')}
{REVIEW}""",
    "substep": lambda i: f"""id: {i}
step: {i.split('.', 1)[0]}
order: 0
{_loc('title')}
{_statement('summary')}
chains: ''
{REVIEW}""",
    "unidentified": lambda i: f"""id: {i}
text: ''
lang: ''
source: ''
{_loc('known')}
{REVIEW}""",
}
"""Templates by kind; '' and 0 mark the blanks to fill."""


_TIMING = "timings:\n  - substep: ''\n    role: ''\n" + _loc("note", 4) + "\n    sources: ['']\n" + REVIEW


def _facts(card_type) -> list[str]:
    """The blank facts of a card (what `ygorules can` answers from): a Spell's or Trap's property or a monster's
    types, and one effect with its kind and Spell Speed."""
    head = {"spell": ["  property: ''"], "trap": ["  property: ''"], "monster": ["  monster: ['']"]}.get(card_type, [])
    return ["facts:", *head, "  effects:", "    - kind: ''", "      speed: 0"]


GAME_SOURCE = "master-duel-card-names"
"""The kb source of the names a card has only in Master Duel (kb/sources/master-duel-card-names.yaml)."""


def card_template(entry_id: str, record=None, game_source: str | None = GAME_SOURCE) -> str:
    """A card entry; with a name-table ``record``, its official names, passcode and type are filled in.

    A null name gets the reason ``never-printed`` (``video-game-only`` when the table holds a
    name from a video game only, which is then recorded as a spelling of kind ``video-game`` citing
    ``game_source`` (None: not recorded), so that the card page shows it marked as such). The timing is always left blank:
    where the card acts is for the contributor to say (or to delete when only names are needed).

    >>> print(card_template("honest").split("spellings")[0].strip())
    id: honest
    passcode: ''
    card_type: ''
    facts:
      effects:
        - kind: ''
          speed: 0
    names:
      es: ''
      pt: ''
      it: ''
      en: ''
    """
    if record is None:
        head = [f"id: {entry_id}", "passcode: ''", "card_type: ''", *_facts(None), "names:", *(f"  {l}: ''" for l in LANGS),
                "spellings: []"]
        return "\n".join(head) + "\n" + _TIMING
    passcode = f"'{record.passcode}'" if record.has_passcode else "''"
    lines = [f"id: {entry_id}", f"passcode: {passcode}", f"card_type: {record.card_type or repr('')}",
             *_facts(record.card_type), "names:"]
    unofficial = getattr(record, "unofficial", {}) or {}
    absent = {}
    for lang in LANGS:
        name = record.names.get(lang)
        lines.append(f"  {lang}: {yaml_str(name) if name else 'null'}")
        if not name:
            absent[lang] = "video-game-only" if lang in unofficial else "never-printed"
    if absent:
        lines.append("absent:")
        lines.extend(f"  {lang}: {why}" for lang, why in absent.items())
    games = [(lang, unofficial[lang]) for lang in LANGS if absent.get(lang) == "video-game-only" and unofficial.get(lang)
             and game_source]
    if games:  # the card page shows these, marked as Master Duel names, where the language has no printed name
        lines.append("spellings:")
        for lang, text in games:
            lines += [f"  - text: {yaml_str(text)}", f"    lang: {lang}", "    kind: video-game", f"    source: {game_source}"]
            if record.has_passcode:
                lines.append(f"    where: card {record.passcode}")
    else:
        lines.append("spellings: []")
    return "\n".join(lines) + "\n" + _TIMING


_SIMPLE = re.compile(r"[^\W\d_][\w .,'!?&()/-]*")
_SPECIAL_WORDS = {"y", "yes", "n", "no", "on", "off", "true", "false", "null"}


def yaml_str(text: str) -> str:
    """``text`` as a YAML scalar: plain when every YAML version reads it as this very text, else single-quoted.

    >>> [yaml_str(t) for t in ("Mirror Force", "L'Onesto", "yes", "1.10", "A: B", "'Quoted'", "#1")]
    ['Mirror Force', "L'Onesto", "'yes'", "'1.10'", "'A: B'", "'''Quoted'''", "'#1'"]
    """
    from ..core.loader import LoadError, parse

    if _SIMPLE.fullmatch(text) and text.lower() not in _SPECIAL_WORDS and not text.endswith(" "):
        return text  # starts with a letter, only letters, digits, spaces and harmless punctuation
    plain = (bool(text) and text[0].isalnum() and text == text.strip() and ": " not in text and " #" not in text
             and not text.endswith(":") and "\n" not in text)
    if plain:
        try:
            plain = parse(f"k: {text}\n", "name").data == {"k": text}
        except LoadError:
            plain = False
    return text if plain else "'" + text.replace("'", "''") + "'"


def blanks(text: str) -> list[str]:
    """The keys whose values are blanks ('' or order 0) in a template, as dotted paths."""
    out, stack = [], []
    for line in text.splitlines():
        m = re.match(r"^(\s*)(- )?([a-z_]+):\s*(.*)$", line)
        if not m:
            continue
        indent = len(m.group(1)) + (2 if m.group(2) else 0)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        key, value = m.group(3), m.group(4)
        stack.append((indent, key))
        if value in ("''", "['']", "0"):
            out.append(".".join(k for _, k in stack))
    return out
