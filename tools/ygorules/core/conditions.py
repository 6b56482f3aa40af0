"""The condition of an "only if" answer, rendered from one effect's facts in es, pt, it and en.

The templates (wording, articles, gender, word order) are data: ``conditions.yaml`` beside this module,
one set per language, reviewed like any other text. This module only assembles them:

- ``render(eff, timing=None, names=None) -> dict``: the clause that follows "only if" ("solo si", "só se",
  "solo se") for one effect of a card's facts: the turn it works in, its event with the event's player and
  subject ("an opponent's monster declares an attack", "a face-up Dinosaur-Type monster you control is
  destroyed and sent to your GY"; for a card that moves, how: "a monster you control is banished") and where it is activated from, joined by "and";
- ``either(conditions) -> dict | None``: the conditions of several effects as one ("A, or B");
- ``text_differs(eff, names=None) -> dict | None``: the note saying which text the answer follows when the
  TCG text and the OCG text or a ruling differ;
- ``EVENTS``: the events the templates cover (every ``when`` event of schema/card.schema.json but
  ``outside-battle-phase``, which is never an "only if").

``names(kind, id, lang) -> str | None`` gives the localized name of a card (``kind`` "card", by KB id or
English name), a series ("series", by English name) or a ruling ("ruling", by id); None (or no ``names``)
keeps the value as the facts give it.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache

from .locales import LANGS
TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "conditions.yaml")

EVENTS = ("start-of-battle-phase", "end-of-battle-phase", "attack-declared", "direct-attack-declared", "targeted-for-attack",
          "battled", "battle-damage-inflicted", "battle-damage-taken", "damage-taken", "flipped", "destroyed-by-battle",
          "destroys-by-battle", "this-card-destroyed", "this-card-sent-to-graveyard", "this-card-leaves-field",
          "this-card-summoned", "monster-destroyed", "monster-destroyed-and-sent-to-graveyard", "monster-sent-to-graveyard",
          "card-activated", "spell-activated", "trap-activated", "monster-effect-activated", "summoned",
          "this-card-moves", "card-moves")
"""The events whose condition the templates render."""

THIS_CARD_EVENTS = frozenset({"flipped", "destroys-by-battle", "this-card-destroyed", "this-card-sent-to-graveyard",
                              "this-card-leaves-field", "this-card-summoned", "this-card-moves"})
"""The card's own events: their subject is this card (for flipped and destroys-by-battle, unless `subject.card` names another)."""
MOVE_EVENTS = frozenset({"this-card-moves", "card-moves"})
"""Events in which a card moves: `move` picks the template that says how (``moves:`` in conditions.yaml)."""
_ACTIVATION = {"card-activated": None, "spell-activated": "spell", "trap-activated": "trap", "monster-effect-activated": "monster"}
CONTROLLED_BY_PLAYER = frozenset({"attack-declared", "direct-attack-declared", "targeted-for-attack", "battled",
                                  "destroyed-by-battle", "monster-destroyed"})
"""Events whose player is the subject's controller: who declares the attack controls the attacker; the player of a
monster targeted, battling or destroyed controls it."""
_AGREE = re.compile(r"\{([^{}|]*)\|([^{}|]*)\}")
_VOWEL = re.compile(r"^[“\"]?[aeiouAEIOU]")


@lru_cache(maxsize=1)
def templates() -> dict:
    """The template sets, by language (read once)."""
    import yaml
    with open(TEMPLATES, encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # (libyaml's: ten times faster)


@lru_cache(maxsize=1)
def type_words() -> frozenset:
    """The monster Types in es, pt, it and en, folded ("spellcaster", "lanzador de conjuros", "incantatore"). Kept in
    the cache, keyed on the templates and the folding code: reading the templates' YAML is about 50 ms, which a
    translation (``names.evidence``) would pay at each start for these few words."""
    import marshal

    from . import fold
    from .cache import digest_files, read_blob, write_blob
    key = "types;" + digest_files([TEMPLATES, fold.__file__], "1")
    raw = read_blob("conditions", key, ".marshal")
    if raw is not None:
        try:
            got = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            got = None
        if isinstance(got, list):
            return frozenset(got)
    words = frozenset(fold.normalize(v) for t in templates().values() if isinstance(t, dict)
                      for v in (t.get("types") or {}).values())
    write_blob("conditions", key, marshal.dumps(sorted(words)), ".marshal")
    return words


def _agree(text: str, gender: str) -> str:
    """`{o|a}` → the masculine or the feminine form."""
    return _AGREE.sub(lambda m: m.group(1) if gender == "m" else m.group(2), text)


def _fill(text: str, **slots) -> str:
    for key, value in slots.items():
        text = text.replace("{" + key + "}", value)
    return " ".join(text.split())


def _quoted(t: dict, value: str) -> str:
    return t["quotes"][0] + value + t["quotes"][1]


def _phrase(t: dict, lang: str, subject: dict, default: str, names) -> tuple[str, str]:
    """The noun phrase of a subject (and its gender): "a face-up Dinosaur-Type monster you control"."""
    card = subject.get("card") or default
    this = card == "this-card"
    noun = t["nouns"]["card" if this else card]
    gender = noun["gender"]
    slots = {"noun": noun["text"], "owner": "", "control": "", "face_up": "", "position": "", "attribute": "",
             "series": "", "type": "", "kind": ""}
    if subject.get("name") and not this:  # a copy of a named card, as card text says it: 'a "Terrorking Archfiend" you control'
        name = (names("card", subject["name"], lang) if names else None) or subject["name"]
        slots["noun"] = _quoted(t, name)
    if not this:
        controller = subject.get("controller")
        slots["owner"] = t["owner"].get(controller, "") if controller else ""
        slots["control"] = t["control"].get(controller, "") if controller else ""
        if subject.get("position"):
            slots["position"] = t["position"][subject["position"]]
        if subject.get("attribute"):
            slots["attribute"] = _fill(t["attribute_form"], attribute=t["attributes"][subject["attribute"]])
        if subject.get("type"):
            slots["type"] = _fill(t["type_form"], type=t["types"][subject["type"]])
        if subject.get("series"):
            series = (names("series", subject["series"], lang) if names else None) or subject["series"]
            slots["series"] = _fill(t["series_form"], series=_quoted(t, series))
        if subject.get("monster"):
            slots["kind"] = " ".join(t["kinds"][k] for k in subject["monster"])
    if subject.get("face_up"):
        slots["face_up"] = t["face_up"]
    slots = {k: _agree(v, gender) for k, v in slots.items()}
    text = _fill(t["phrase"], art="{art}", **slots)
    rest = text.replace("{art}", "", 1).strip()
    if this:
        art = t["this"][gender]
    else:
        art = t["article"].get("vowel") if "vowel" in t["article"] and _VOWEL.match(rest) else t["article"][gender]
    return _fill(text, art=art), gender


def _event(t: dict, lang: str, eff: dict, timing: str | None, names) -> str:
    on, player = eff["when"], eff.get("player")
    subject = dict(eff.get("subject") or {})
    events = t["events"]
    key = on
    if on in THIS_CARD_EVENTS and on.startswith("this-card"):
        subject = {"card": "this-card", **({"face_up": True} if subject.get("face_up") else {})}
    elif on in THIS_CARD_EVENTS:
        subject.setdefault("card", "this-card")
    if on in CONTROLLED_BY_PLAYER and player and "controller" not in subject and subject.get("card") != "this-card":
        subject["controller"] = player
    slots: dict = {"to_gy": t["to_gy"][player or "any"]}
    if on in _ACTIVATION:
        key = "card-activated"
        default = _ACTIVATION[on]
        if on == "monster-effect-activated":
            if subject:
                inner, _ = _phrase(t, lang, subject, "monster", names)
                phrase, gender = _fill(t["effect_of"]["text"], subject=inner), t["effect_of"]["gender"]
            else:
                phrase, gender = t["monster_effect"]["text"], t["monster_effect"]["gender"]
        elif default is None and not subject:
            special = t["card_or_effect_negatable" if eff.get("negates_activation") else "card_or_effect"]
            phrase, gender = special["text"], special["gender"]
        else:
            phrase, gender = _phrase(t, lang, subject, default or "card", names)
    elif on in STEP_OR_TIMING:
        if subject:
            key = "timing.subject"
            phrase, gender = _phrase(t, lang, subject, "monster", names)
        else:
            key, phrase, gender = "timing", "", "m"
    else:
        if on == "targeted-for-attack" and timing == REPLAY_TIMING:
            key = "targeted-for-attack.replay"
        phrase, gender = _phrase(t, lang, subject, "card" if on in MOVE_EVENTS else "monster", names)
        if on in MOVE_EVENTS and eff.get("move"):
            key = ("moves", eff["move"])
        if on == "destroys-by-battle":
            slots["victim"], _ = _phrase(t, lang, {"controller": player} if player else {}, "monster", names)
    template = t["moves"][key[1]] if isinstance(key, tuple) else events[key]
    if isinstance(template, dict):
        template = template[player or "any"]
    text = _agree(template, gender)
    if on in ("battle-damage-taken", "damage-taken") and eff.get("subject"):
        involved, g = _phrase(t, lang, subject, "monster", names)
        text += " " + _agree(events["involving"], g).replace("{subject}", involved)
    return _fill(text, subject=phrase, **slots)


STEP_OR_TIMING = frozenset({"start-step", "battle-step", "battle-step.start", "battle-step.attack-declaration",
                            "battle-step.after-declaration", "damage-step", "damage-step.start",
                            "damage-step.before-damage-calculation", "damage-step.during-damage-calculation",
                            "damage-step.after-damage-calculation", "damage-step.end", "end-step"})
"""The `when` values that name a step or a timing rather than an event."""


def _join(t: dict, clauses: list[str], word: str) -> str:
    if len(clauses) <= 1:
        return "".join(clauses)
    return ", ".join(clauses[:-1]) + f" {t[word]} " + clauses[-1]


def _es_y(text: str) -> str:
    """Spanish "y" becomes "e" before a word that begins with the sound /i/ (i-, hi- but not hie-, hia-)."""
    return re.sub(r"\by (?=(?:[iíIÍ]|[hH][iíIÍ](?![aeoAEO])))", "e ", text)


REPLAY_TIMING = "battle-step.after-declaration"
"""The one timing that changes how a condition reads: a target of an attack there is a replay's new target."""


def timing_read(eff: dict, timing: str | None) -> str | None:
    """What of ``timing`` ``render(eff, timing)`` reads: the timing for an attack's target at the replay timing, else
    None (every other condition reads the same at every timing). A memo of renders is keyed by this."""
    return timing if timing == REPLAY_TIMING and eff.get("when") == "targeted-for-attack" else None


def render(eff: dict, timing: str | None = None, names=None) -> dict | None:
    """The condition of an effect, by language; None for an effect without an event, turn or location to state."""
    clauses_needed = eff.get("when") is not None or eff.get("turn") or _from(eff)
    if not clauses_needed:
        return None
    out = {}
    for lang in LANGS:
        t = templates()[lang]
        clauses = []
        if eff.get("turn"):
            clauses.append(t["turn"][eff["turn"]])
        if eff.get("when") is not None:
            clauses.append(_event(t, lang, eff, timing, names))
        where = _from(eff)
        if where:
            clauses.append(_join(t, [t["from"][w] for w in where], "or"))
        text = _join(t, clauses, "and")
        out[lang] = _es_y(text) if lang == "es" else text
    return out


def either(rendered: list[dict | None]) -> dict | None:
    """Several effects' conditions as one ("A, or B"; each once, in order); None when there is none."""
    parts = []
    for r in rendered:
        if r is not None and r not in parts:
            parts.append(r)
    if len(parts) <= 1:
        return parts[0] if parts else None
    out = {}
    for lang in LANGS:
        t = templates()[lang]
        out[lang] = f", {t['or']} ".join(p[lang] for p in parts)
    return out


def _from(eff: dict) -> list[str]:
    """The locations to state: none when the effect is (also) activated on the field, the default."""
    where = list(eff.get("from") or [])
    return [] if not where or "field" in where else where


def text_differs(eff: dict, names=None) -> dict | None:
    """"This card's TCG and OCG texts differ; this answer follows the OCG text", by language (None when they agree)."""
    diff = eff.get("text_differs")
    if not diff:
        return None
    out = {}
    for lang in LANGS:
        t = templates()[lang]["text_differs"]
        follows = t["follows"][diff["follows"]]
        if diff.get("ruling"):
            title = (names("ruling", diff["ruling"], lang) if names else None) or diff["ruling"]
            follows = _fill(t["ruling"], follows=follows, ruling=title)
        out[lang] = _fill(t["note"][diff["from"]], follows=follows)
    return out
