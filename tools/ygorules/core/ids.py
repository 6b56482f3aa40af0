"""Entry ids: ASCII kebab-case, never translated (DESIGN.md, "The knowledge base")."""
from __future__ import annotations

import re
import unicodedata


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
