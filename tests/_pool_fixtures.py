"""A small yaml-yugi-style card pool written for the tests of the derived facts (issue 23).

The cards and their texts are made up here in the style of Problem-Solving Card Text; none is a real card's
text. One card file is broken JSON on purpose, and one card shares Mirror Force's passcode (the KB card wins).
"""
from __future__ import annotations

import json
from pathlib import Path

CARDS = {
    "90000001": {"name": {"en": "Quill Sprite of the Ember Vale", "es": "Duende Pluma del Valle de Ascuas",
                          "pt": "Duende Pena do Vale das Brasas", "it": "Folletto Piuma della Valle di Braci"},
                 "card_type": "Monster", "monster_type_line": "Fairy / Tuner / Effect",
                 "text": {"en": "When your opponent activates a monster effect (Quick Effect): You can send this card from your "
                                "hand to the GY; negate that effect. You can only use this effect of \"Quill Sprite of the Ember "
                                "Vale\" once per turn."}},
    "90000002": {"name": {"en": "Lantern Ward", "es": "Custodia de Farol", "pt": "Guarda da Lanterna", "it": "Custodia della Lanterna"},
                 "card_type": "Trap", "property": "Normal",
                 "text": {"en": "When an opponent's monster declares an attack: Destroy that attacking monster."}},
    "90000003": {"name": {"en": "Murmur Tortoise", "es": "Tortuga Murmullo"}, "card_type": "Monster",
                 "monster_type_line": "Aqua / Effect",
                 "text": {"en": "If the tide turns while the moon is full: You can draw 1 card."}},
    "90000004": {"name": {"en": "Blank Scroll"}, "card_type": "Spell", "property": "Quick-Play"},
    "90000005": {"name": {"en": "Bell Chime Guard", "es": "Guardia Campanilla"}, "card_type": "Trap", "property": "Normal",
                 "text": {"en": "When a \"Quill Sprite of the Ember Vale\" you control is targeted for an attack: Negate the attack."}},
    "44095762": {"name": {"en": "Mirror Force", "es": "Fuerza de Espejo"}, "card_type": "Trap", "property": "Normal",
                 "text": {"en": "You can draw 1 card."}},
}
"""passcode → the card object (as in yaml-yugi's data/cards/<passcode>.json)."""
BROKEN = "90000009.json"


def write_pool(root: Path, broken: bool = True) -> Path:
    """A yaml-yugi-style checkout under ``root`` (data/cards/*.json); returns ``root``."""
    cards = root / "data" / "cards"
    cards.mkdir(parents=True, exist_ok=True)
    for passcode, card in CARDS.items():
        doc = {"konami_id": int(passcode) % 100000, "password": int(passcode), **card}
        (cards / f"{passcode}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    if broken:
        (cards / BROKEN).write_text('{"password": 90000009,\n  "name": {"en": "Half Written",}\n', encoding="utf-8")
    return root
