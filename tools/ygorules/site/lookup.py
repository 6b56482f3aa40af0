"""The index of the card-name lookup page: every card's names, folded for matching in the browser."""
from __future__ import annotations

import json
import re
import unicodedata

from ..model import KB, LANGS


def fold(text: str) -> str:
    """Case- and accent-insensitive form of a name, punctuation as single spaces (the JS does the same).

    >>> fold("  Fuerza de Espejo! "), fold("Força do Espelho"), fold("L'Onesto")
    ('fuerza de espejo', 'forca do espelho', 'l onesto')
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return re.sub(r"[^0-9a-z\u00c0-\uffff]+", " ", text.replace("ß", "ss")).strip()


def index(kb: KB, lang: str) -> dict:
    """The lookup index of one language's site: cards with names, other spellings and page URLs."""
    cards = []
    for card in sorted(kb.cards.values(), key=lambda c: c.id):
        keys = []
        for l in LANGS:
            if card.names.get(l):
                keys.append([fold(card.names[l]), l, "official"])
        for s in card.spellings:
            keys.append([fold(s.text), s.lang, s.kind])
        seen, unique = set(), []
        for k in keys:
            if k[0] and (k[0], k[1]) not in seen:
                seen.add((k[0], k[1]))
                unique.append(k)
        cards.append({"id": card.id, "type": card.card_type, "names": {l: card.names.get(l) for l in LANGS},
                      "url": f"../cards/{card.id}/", "keys": unique})
    return {"lang": lang, "cards": cards}


def as_script(data: dict) -> str:
    """The index as a script that sets ``window.ygoLookupIndex`` (a file:// page cannot fetch JSON).

    >>> as_script({"x": "</script>"})
    'window.ygoLookupIndex = {"x": "\\\\u003c/script\\\\u003e"};\\n'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c").replace(">", "\\u003e")
    return f"window.ygoLookupIndex = {text};\n"
