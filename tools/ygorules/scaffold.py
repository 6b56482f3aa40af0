"""Entry templates for `ygorules new`: each passes `ygorules check` once its blanks are filled."""
from __future__ import annotations

import re
import unicodedata

L4 = "\n".join(f"  {l}: ''" for l in ("es", "pt", "it", "en"))


def slug(name: str, dotted: bool = False) -> str:
    """An ASCII kebab-case id from a name; with ``dotted``, the first dot is kept (substep ids).

    >>> slug("Hada de la Inyección Lily")
    'hada-de-la-inyeccion-lily'
    >>> slug("Rulebook 9.1 pt")
    'rulebook-9-1-pt'
    >>> slug("Damage Step.Before damage calculation", dotted=True)
    'damage-step.before-damage-calculation'
    """
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    if not dotted:
        return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    parts = [re.sub(r"[^a-z0-9]+", "-", p).strip("-") for p in text.split(".", 1)]
    return ".".join(p for p in parts if p)


def _loc(key: str, indent: int = 0) -> str:
    pad = " " * indent
    return f"{pad}{key}:\n" + "\n".join(f"{pad}  {l}: ''" for l in ("es", "pt", "it", "en"))


def _statement(key: str, indent: int = 0) -> str:
    pad = " " * indent
    return f"{pad}{key}:\n{_loc('text', indent + 2)}\n{pad}  sources: ['']"


TEMPLATES = {
    "card": lambda i: f"""id: {i}
passcode: ''
card_type: ''
names:
  es: ''
  pt: ''
  it: ''
  en: ''
spellings: []
timings: []
""",
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
""",
    "ruling": lambda i: f"""id: {i}
{_loc('title')}
{_loc('question')}
{_statement('answer')}
status: current
cards: []
substeps: []
""",
    "example": lambda i: f"""id: {i}
{_loc('title')}
{_statement('setup')}
sequence:
  - substep: ''
{_loc('text', 4)}
{_statement('outcome')}
cards: []
sources: ['']
""",
    "source": lambda i: f"""id: {i}
type: ''
title: ''
lang: ''
{_loc('covers')}
""",
    "substep": lambda i: f"""id: {i}
step: {i.split('.', 1)[0]}
order: 0
{_loc('title')}
{_statement('summary')}
chains: ''
""",
    "unidentified": lambda i: f"""id: {i}
text: ''
lang: ''
source: ''
{_loc('known')}
""",
}
"""Templates by kind; '' and 0 mark the blanks to fill."""


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
