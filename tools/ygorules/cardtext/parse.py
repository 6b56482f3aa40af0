"""Reading one card's official English text into card facts (see the package docstring)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .patterns import (ALSO_PATTERNS, ATTRIBUTES, CAUSE_PATTERNS, DAMAGE_STEP_PATTERNS, EVENT_PATTERNS, FLAG_PATTERNS, FROM_PATTERNS,
                       INDIRECT_PATTERNS, MOVE_PATTERNS, TIMING_PATTERNS, TURN_PATTERNS, TYPES, Pattern)

_MONSTER_KINDS = {"normal": "normal", "effect": "effect", "flip": "flip", "fusion": "fusion", "ritual": "ritual",
                  "synchro": "synchro", "xyz": "xyz", "link": "link", "pendulum": "pendulum", "tuner": "tuner",
                  "spirit": "spirit", "gemini": "gemini", "union": "union", "toon": "toon"}
_PROPERTY = {"normal": "normal", "quick-play": "quick-play", "continuous": "continuous", "counter": "counter",
             "field": "field", "equip": "equip", "ritual": "ritual"}
_EXTRA = ("fusion", "synchro", "xyz", "link")
_CHOICES = re.compile(r"(?:these|the following|1 of the following|one of these|either of these) effects?|based on|depending on|apply (?:1|one|each)")
_LASTING = ("continuous", "field", "equip")
"""Properties whose card stays on the field: its activation is free, and its sentences are the effects of the face-up card."""
_QUOTED = re.compile(r'"([^"]+)"')
_RESTRICTION = re.compile(r"^(?:you can only (?:use|activate(?! this card (?:when|if|during|after|at))|special summon|control|apply)|you cannot (?:special summon|conduct|activate|normal summon|summon)"
                          r"|this card cannot be|cannot be (?:special summoned|used as|normal summoned)|must (?:first )?be|once per (?:turn|chain|duel)[,.]? "
                          r"you can only|\(this card is always treated|\(this card's name|this card's name becomes|this card is (?:also )?always treated|"
                          r"each player can only|neither player can|you can only have|you must)")
_OLD_TRIGGER = re.compile(r"^(when|if|each time|after|at the (?:start|end)|during)\b")
_ACTIVATE_ONLY = r"^(?:activate (?:this card )?only\b|you can only activate this card (?:when|if|during)|this card can only be activated (?:when|if|during))"
"""The older wording of the card's own activation condition ("Activate only when …"), a condition, not a restriction."""
_LASTS = re.compile(r"during (?:the )?damage (?:step|calculation) only|\b(?:cannot|can't) activate[^.]*until the end of (?:the )?damage step")
"""An older sentence that applies for a while with no Chain: "…, it gains 500 ATK during the Damage Step only" (continuous)."""
_INDIRECT = re.compile(r"\bspecial summon\b|\bduring the next\b")
"""An action whose ATK/DEF change is not a direct modifier: it follows a Special Summon (Summon-and-boost), or comes in a later
phase (R15)."""
def _change_follows_other(main: str, change: re.Pattern, used: list[str]) -> bool:
    """Whether the effect's ATK/DEF change comes only after a first sentence that does something else (an ``indirect`` row:
    "Destroy 1 … . All … gain 1000 ATK", "Change all … to Defense Position. … their DEF becomes 0"): the change goes
    with that action, it is not a direct modifier of its own (R15)."""
    first, _, later = main.partition(". ")
    if not later or "●" in main or change.search(first) or not change.search(later):  # choices (●) are alternatives, not a sequence
        return False
    for p in INDIRECT_PATTERNS:
        if p.regex.search(first):
            used.append(p.name)
            return True
    return False


_NEGATES_ACTIVATION = re.compile(r"negate (?:the|its|that) activation|negate the activation")
"""An effect that negates the activation it answers (then it is a Spell Speed 2 answer in the Chain, never a trigger)."""
_MAIN_CUT = re.compile(r",? then,? |\. then,? |\. (?=while\b)")
"""Where the effect's own action ends: at what it does "then", and before a "While …" sentence (a lasting statement that
follows it, e.g. an equipped card's "While you control the equipped monster, it gains 500 ATK": no direct change, R15)."""
_OLD_ACTION = re.compile(r"^(?:after damage calculation|at the end of the damage step|during damage calculation|during the damage step,? you can|"
                         r"(?:your opponent|the monster|that monster|the attacking monster|the attack target|it|this card|the controller) "
                         r"(?:skips|loses|gains|is destroyed|is returned|is changed|cannot|must|can attack)|you can|you may|destroy|draw|special summon|add|inflict \d+|inflict damage|send|banish|remove|return|target|select|"
                         r"gain \d+|increase|your opponent (?:takes|discards|loses)|negate|change|look|take control|place|shuffle|equip|"
                         r"that player|its controller|both players|each player|you (?:gain|lose|take|draw))")
_CONTINUE = re.compile(r"^(?:then|if you do|also|otherwise|in addition|it |its |that |they |their |this turn|for the rest|the |"
                       r"during (?:this|that|the rest)|until|while|after that|if this card|if it|you cannot|your opponent cannot|"
                       r"\(|● |after this|at the end of this|if that)")


@dataclass
class Derived:
    """What the reader derived from one card: its facts (the KB's ``facts:`` shape), what it could not read, and how sure it is."""

    facts: dict
    unknown: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)  # the names of the table rows that decided something

    @property
    def confidence(self) -> str:
        """The lowest confidence among the card's effects (``high`` when it has none)."""
        order = {"high": 2, "medium": 1, "low": 0}
        values = [e.get("confidence", "high") for e in self.facts.get("effects", [])]
        return min(values, key=order.__getitem__) if values else "high"


def _lower_masked(text: str) -> tuple[str, list[str]]:
    """The text in lower case with each quoted name replaced by "q0", "q1"… (and the names, in order)."""
    names: list[str] = []

    def sub(m):
        names.append(m.group(1))
        return f'"q{len(names) - 1}"'

    return _QUOTED.sub(sub, text).lower(), names


_COLON_MARKS = re.compile(r'["():●]')
_SENTENCE_MARKS = re.compile(r'["()\n.]')


def _scan(text: str, marks: re.Pattern):
    """(index, character, whether it stands outside quotes and parentheses) for each character of ``text`` that
    ``marks`` matches (one character each; it must match the quote and both parentheses, which change the state):
    the characters in between change nothing, so they are skipped (the import reads 14,000 card texts)."""
    depth, quoted = 0, False
    for m in marks.finditer(text):
        i = m.start()
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth = max(0, depth - 1)
        yield i, ch, depth == 0 and not quoted


def _split_colon(sentence: str) -> tuple[str | None, str]:
    """(condition, rest) at the first colon outside quotes and parentheses, before any choice (●); (None, sentence) without one."""
    for i, ch, outside in _scan(sentence, _COLON_MARKS):
        if ch == "●":
            break
        if ch == ":" and outside:
            return sentence[:i].strip(), sentence[i + 1:].strip()
    return None, sentence


def sentences(text: str) -> list[str]:
    """The sentences of a card text: split at '. ' (outside quotes and parentheses) and at line breaks; '●' lines stay with their sentence."""
    out, start, n = [], 0, len(text)
    for i, ch, outside in _scan(text, _SENTENCE_MARKS):
        ends = i + 1 == n or text[i + 1] in " \n"
        if ch == "\n" or (outside and ends and (ch == "." or (ch == ")" and i > 0 and text[i - 1] == "."))):
            out.append(text[start:i + 1].strip())
            start = i + 1
    out.append(text[start:].strip())
    out = [s for s in out if s]
    merged: list[str] = []
    choices = False  # inside the choices (●) of an effect whose sentence ended with a colon
    for s in out:
        if s.startswith("●") and merged and not _RESTRICTION.match(merged[-1].lower()) and (choices or merged[-1].rstrip().endswith((":", ";")) or _CHOICES.search(merged[-1].lower())) \
                and not _own_effect(s[1:]):
            merged[-1] += " " + s
            choices = True
            continue
        choices = False
        merged.append(_LABEL.sub("", s[1:].strip()) if s.startswith("●") else s)
    return merged


_LABEL_BODY = (r"(?:(?:\d+\+?|\d+ or (?:more|less|fewer)|heads|tails)\s*:\s*|"
               r"(?!\s)(?!(?:if|when|each time|during|before|after|at the|once|twice|up to|you can|flip|quick|\(quick)\b)[^:,.;●\"()\n]{1,40}?:\s*"
               r"(?=(?:if|when|each time)\b))")
_LABEL = re.compile("^" + _LABEL_BODY, re.IGNORECASE)
"""The label of a ● line that says when the card has that effect ("3+:", "Heads:"; or, before the effect's own "If …" /
"When …" condition, an Attribute, a Tributed monster, a battle position: "● WATER: If …"): a state, not an activation
condition."""
_BULLET_LABEL = re.compile(r"●\s*(?!\s)(?!(?:if|when|each time|during|before|after|at the|once|twice|up to|you can|flip|quick|\(quick)\b)[^:,.;●\"()\n]{1,40}?:",
                           re.IGNORECASE)
"""A ● line's label wherever it stands in a text ("● LIGHT:", "● While in Attack Position:"): its colon is no
Problem-Solving Card Text colon, so an older text with labels is still read as older text."""
_WHILE_LEAD = re.compile(r"^while [^,:]{0,80}, (?=(?:when|if|each time)\b)")
"""An older sentence's leading state before its event ("While equipped …, each time the equipped monster …, draw 1 card"):
the event still makes it a trigger, as the same words with a colon do (``_PREFIX``)."""


def _own_effect(bullet: str) -> bool:
    """Whether a ● line is an effect of its own (its own activation condition), not a choice of the effect before it."""
    low = _LABEL.sub("", bullet.strip().lower())
    if low.startswith("(quick effect)") or re.match(r"^[^:]{0,120}\(quick effect\):", low):
        return True
    return bool(re.match(r"^(?:when|if|each time|during|before|after|at the|once per|you can)\b", low)) and (":" in low or "," in low)


def _material_line(text: str, monster: list[str]) -> str:
    """The text without the materials line of an Extra Deck (or Ritual-free) monster."""
    if any(k in monster for k in _EXTRA) and "\n" in text:
        first, rest = text.split("\n", 1)
        if ":" not in first and not first.rstrip().endswith("."):
            return rest
    return text


def _match(patterns: tuple[Pattern, ...], cond: str, rest: str, used: list[str]) -> Pattern | None:
    for p in patterns:
        hay = cond if p.where == "condition" else rest if p.where == "effect" else cond + " " + rest
        if p.regex.search(hay):
            used.append(p.name)
            return p
    return None


_ACTIVATIONS = frozenset({"card-activated", "spell-activated", "trap-activated", "monster-effect-activated"})
_ACTIVATOR = (re.compile(r"\b(?:your )?opponent (?:controls )?activates|activated by your opponent|\b(?:an|your) opponent's (?:[\w\"'/-]+ )*?(?:card|effect|spell|trap)s?\b(?: or effects?)?,? (?:is|are) activated|"
                         r"\b(?:an|your) opponent's (?:[\w\"'/-]+ )*?(?:card|effect|spell|trap|monster)s? activat|\bactivat\w* (?:a |an )?[^:]{0,40}?on (?:your )?opponent's (?:side of the )?field"),
              re.compile(r"\byou activate|activated by you\b|\bactivated on your (?:side of the )?field|\byour (?:[\w\"'/-]+ )*?(?:card|effect|spell|trap)s?\b(?: or effects?)? (?:is|are) activated"))


def _activator(cond: str) -> str | None:
    """Who activates the card or effect of an activation event: "your opponent activates", "you activate" (None: either).
    "That targets a monster you control" names the target's controller, not the activating player."""
    return "opponent" if _ACTIVATOR[0].search(cond) else "you" if _ACTIVATOR[1].search(cond) else None


_TYPES_LONGEST_FIRST = tuple(sorted(TYPES, key=len, reverse=True))
_TYPE_RES = tuple((t, re.compile(rf"\b{re.escape(t)}(?:-type)? monsters?\b")) for t in _TYPES_LONGEST_FIRST)
_ATTRIBUTE_RES = tuple((a, re.compile(rf"\b{a} (?:[\w-]+ )?monsters?\b")) for a in ATTRIBUTES)


def _subject_and_player(event: str, cond: str, names: list[str]) -> tuple[dict, str | None]:
    """Who and which the condition names: (subject, player) from the masked lower-case condition."""
    subject: dict = {}
    player = None
    if event.startswith("this-card") or event in ("flipped",) or re.search(r"\bthis card\b|\bthis face-up card\b", cond) and event in (
            "destroyed-by-battle", "destroys-by-battle", "battled", "battle-damage-inflicted", "targeted-for-attack", "attack-declared"):
        if event not in ("this-card-leaves-field", "this-card-destroyed", "this-card-sent-to-graveyard", "this-card-summoned", "this-card-moves",
                         "flipped", "destroys-by-battle"):
            subject["card"] = "this-card"
        if "face-up" in cond.split("this", 1)[-1][:20]:
            subject["face_up"] = True
        if event == "destroys-by-battle" and "this card" not in cond:
            subject.pop("card", None)
        return subject, None
    if re.search(r"(?:an|your) opponent's|your opponent (?:controls|declares|activates|special summons|normal summons|summons)|"
                 r"opponent (?:declares|activates)|controlled by your opponent|your opponent's monster", cond):
        who = "opponent"
    elif re.search(r"you control|your monster|you declare|you activate|your (?:\"q\d+\" )?[\w-]* ?monster|you (?:take|would take)|"
                   r"sent to your (?:gy|graveyard)|in your (?:gy|graveyard)|you summon|you special summon", cond):
        who = "you"
    else:
        who = None
    if event in _ACTIVATIONS:
        player = _activator(cond)
    elif event in ("attack-declared", "direct-attack-declared", "battle-damage-taken", "damage-taken", "summoned"):
        player = who
        if event in ("battle-damage-taken", "damage-taken"):
            player = "you" if re.search(r"\byou (?:take|would take|receive)", cond) else "opponent" if "opponent" in cond else None
    elif who:
        subject["controller"] = who
    if "face-up" in cond:
        subject["face_up"] = True
    if "monster" in cond:  # (what the type and attribute patterns all end with)
        for t, regex in _TYPE_RES:  # "Winged Beast monster" is a Winged Beast, not a Beast
            if regex.search(cond):
                subject["type"] = t.replace(" ", "-")
                break
        for a, regex in _ATTRIBUTE_RES:
            if regex.search(cond):
                subject["attribute"] = a
                break
    m = re.search(r'"q(\d+)" (?:[\w-]+ )?(?:monster|card|spell|trap)', cond)
    if m:
        subject["series"] = names[int(m.group(1))]
    else:
        m = re.search(r'"q(\d+)"', cond)
        if m and event not in ("card-activated",):
            subject["name"] = names[int(m.group(1))]
    return subject, player


_STATE = re.compile(r"^(?:if|when|while) (?:(?:only )?(?:you|your opponent|neither player|each player|a player|both players|you and your opponent) "
                    r"(?:control|controls|has|have|do not|does not|has no|have no|control no|controls no|each control)|(?:this card|\"q\d+\") "
                    r"is (?:in|face-up|face-down|equipped|on the field|a |an |treated|currently)|this card has|your lp|your opponent's lp|"
                    r"there (?:is|are)|all (?:monsters|cards)|it is|the (?:total|number|only)|you have|your opponent has|no (?:cards|monsters)|"
                    r"a (?:\"q\d+\" )?(?:card|monster) is in|this card was|you (?:have|control) [\w\"]+ or more|"
                    r"this is the only|\d+ or more|(?:your|your opponent's|their) life points|all |the equipped monster is (?!destroyed|sent|returned|banished|tributed|targeted|removed|flipped|changed|attacked|used)|"
                    r"(?:you|your opponent) (?:has|have) (?:\d+|no|more|less|fewer)|"
                    r"[^:]*\b(?:was|were) (?:[\w-]+ )?(?:destroyed|sent|summoned|special summoned|banished|activated|used)\b[^:]*\bthis turn\b|"
                    r"[^:]*\b(?:took|have taken|has taken) [^:]*\bthis turn\b|[^:]*\b(?:battled|attacked)\b[^:]*\bthis (?:turn|battle phase)\b|(?:this card|it) (?:attacked|battled)$|"
                    r"(?:a|an|your|another) (?:face-up |face-down )?(?:(?!\b(?:is|are|was|were)\b)[\w\"/ -]){0,40}?(?:monster|card)s?(?:\(s\))? (?:is|are) (?:on the field|in (?:your|the|a|either))|"
                    r"this card's (?:current |original )?(?:atk|def|level|rank)|this card is (?:co-linked|linked|already|not|the only))")
_PREFIX = re.compile(r"^(?:(?:once|twice|three times) per (?:turn|battle|chain|duel)|up to (?:twice|three times) per turn|while [^,:]{0,80}, (?=(?:if|when|each time)\b)|(?:during|in) either player's turn|(?:during|in) (?:the |each )?battle phase(?=, (?:if|when)\b))[,:]?\s*")


def _strip_prefix(cond: str) -> str:
    """The condition without its leading "once per turn, " / "during either player's turn, " prefixes."""
    while True:
        cut = _PREFIX.sub("", cond)
        if cut == cond:
            return cond
        cond = cut


def _state_only(head: str) -> bool:
    """Whether a condition (without its "once per turn" prefix) names a state of the game and no event after it."""
    state = _STATE.match(head)
    if not state:
        return False
    after = re.search(r", (?:if|when|each time) (.*)$|,? then (?:is|are|was) ", head[state.end():])
    return after is None or (after.group(1) is not None and bool(_STATE.match("if " + after.group(1))))


def _kind_of_monster_effect(cond: str | None, rest: str, old: bool) -> tuple[str, int]:
    if cond is not None and cond.strip() == "flip":
        return "flip", 1
    if "(quick effect)" in (cond or "") or "(quick effect)" in rest[:40] or "(this is a quick effect)" in rest:
        return "quick", 2
    full = (cond or "").strip()
    if re.search(r"(?<!\beven),? during the damage step$", full) or (old and re.match(
            r"^,?\s*during the damage step,? you can\b|^,?\s*you can [^.;:]{0,120}? during the damage step to\b", rest.strip())):
        return "quick", 2  # "When your monster battles, during the Damage Step (you can) …": activated at will within the Damage Step
    if not old and re.match(r"^(?:(?:once|twice) per (?:turn|battle), )?during (?:the )?damage (?:step|calculation), (?:if|when)\b", full):
        return "trigger", 1  # PSCT marks every Quick Effect: "During damage calculation, if …:" without the mark is a Trigger Effect
    if re.search(r"either player's turn|during (?:the |your opponent's |either player's )?damage (?:step|calculation)|during your opponent's (?:turn|battle phase)", full) \
            and not re.match(r"^(?:when|if|each time|after)\b", full):
        return "quick", 2  # the older wording of a Quick Effect
    head = _strip_prefix(full)
    if _state_only(head):
        return "ignition", 1
    if _STATE.match(head):
        return "trigger", 1  # "While this card is in your GY, if a monster is destroyed by battle:": a state, then an event  # "If you control …:", "If this card is in your GY:": a condition on the state of the game, not an event
    if head.startswith(("when", "if", "each time", "after", "at the start", "at the end", "at the beginning", "before damage calculation")):
        if re.search(r"either player's turn", full) and head.startswith(("when", "if")) and "(quick effect)" not in full:
            return "quick", 2
        return "trigger", 1
    if re.match(r"^(?:once per turn, |once per (?:battle|chain), |up to twice per turn, |twice per turn, )?(?:during|in) (?:the |each |your |your opponent's |either player's )?(?:end phase|standby phase|draw phase)", head):
        return "trigger", 1
    if old and _OLD_TRIGGER.match(head):
        return "trigger", 1
    return "ignition", 1


def _effects(body: str, card_type: str, prop: str | None, monster: list[str], pendulum: bool) -> tuple[list[dict], list[str], list[str]]:
    """The effects of one block of text (a card's text, or its Pendulum Effect)."""
    effects, unknown, used = [], [], []
    parts = sentences(body)
    psct = bool(re.search(r":(?![ \t]*(?:\n|$))|;|\(quick effect\)|\bgy\b", _BULLET_LABEL.sub("●", _QUOTED.sub("", body)).lower()))  # a colon that ends a line introduces bullets
    first_sentence = True
    for sentence in parts:
        low, names = _lower_masked(sentence)
        low = low.strip()
        if not low or _RESTRICTION.match(low):
            continue
        if effects and re.match(r"^this is (?:also )?a quick effect\b", low):
            if effects[-1]["kind"] in ("ignition", "trigger"):
                effects[-1]["kind"], effects[-1]["speed"] = "quick", 2
            continue
        if effects and re.match(r"^(?:if|when) you do\b|^if (?:it|they) (?:does|do)\b|^if you call it\b|^if (?:the )?(?:result|coin|die|dice)\b|"
                                r"^(?:when|if) you activate this (?:card|effect)\b|^if (?:it is|they are) (?:a |an )?(?:monster|spell|trap)", low):  # the rest of the effect before
            effects[-1]["_rest"] += " " + low
            continue
        opening = card_type in ("spell", "trap") and first_sentence and prop not in _LASTING and not pendulum
        if re.search(r"\bwould\b", low) and re.search(r"\binstead\b", low) and ":" not in low.split("instead")[0][-3:] and not opening:
            effects.append({"kind": "continuous", "_cond": "", "_rest": low, "_names": names, "_open": False, "confidence": "high"})
            first_sentence = False
            continue
        cond, rest = _split_colon(low)
        if cond is not None and not rest.strip() and not (card_type in ("spell", "trap") and first_sentence and not pendulum):
            continue  # "… it gains this effect:": it introduces the bullets that follow, it is no effect itself
        activation = card_type in ("spell", "trap") and not pendulum and (
            (first_sentence and prop not in _LASTING) or (prop in _LASTING and re.match(r"^(?:when|if) this card is activated\b|" + _ACTIVATE_ONLY, low)
                                                           and not any(e["kind"] == "card-activation" for e in effects)))
        first_sentence = False
        old = False
        if cond is None:
            # older wordings: "When …, you can …", "Activate only when …", "Once per turn, you can …"
            m = re.match(r"^(?:activate (?:this card )?only (?:by [^,;]*? )?|this card can only be activated |you can only activate this card )"
                         r"((?:when|if|during) .*)$", low) \
                or re.match(r"^(?:activate (?:this card )?(?:only )?)((?:at the (?:start|end) of|after|before|during) .*)$", low)
            if m:
                cond, rest, old = m.group(1), m.group(1), True
            elif re.match(r"^(?:when|if|each time|at the (?:start|end)|during|once per turn|after)\b", head := _WHILE_LEAD.sub("", low)) and "," in head \
                    and not psct and not _LASTS.search(low) and (head.startswith(("when", "each time")) or _OLD_ACTION.match(head.split(",", 1)[1].strip())) \
                    and not (head != low and re.match(r"\s*you can also\b", head.split(",", 1)[1])):  # "While …, if you …, you can also use …": a rule, no event
                cond, rest, old = low[:len(low) - len(head)] + head.split(",", 1)[0], head.split(",", 1)[1], True
            elif not psct and low.startswith("once per turn, ") and _strip_prefix(low).startswith(("when ", "each time ")) and "," in _strip_prefix(low) \
                    and not _LASTS.search(low):
                head = _strip_prefix(low)  # "Once per turn, when …, you can …": the prefix stays with the condition
                cond, rest, old = low[:len(low) - len(head)] + head.split(",", 1)[0], head.split(",", 1)[1], True
            elif re.match(r"^(?:you can|once per turn, you can|you may|twice per turn)", low):
                cond, rest, old = "", low, True
            elif activation:
                cond, rest, old = "", low, False
            elif card_type in ("spell", "trap") and prop not in _LASTING and not pendulum and effects and effects[-1]["kind"] == "card-activation":
                effects[-1]["_rest"] += " " + low  # the rest of what the card does when it resolves
                continue
            else:
                if effects and effects[-1]["_open"] and _CONTINUE.match(low):
                    effects[-1]["_rest"] += " " + low
                    continue
                timing = _names_timing(low) if not pendulum and re.search(r"\bbattles?\b|\battack(?:s|ed|ing)?\b", low) \
                    and not re.search(r"\b(?:cannot|can't)\b[^.]*\buntil the end of (?:the )?damage step", low) else None
                if timing is not None:  # "Destroy a monster that battles this card at the end of the Damage Step.": it acts then
                    effects.append({"kind": "trigger", "speed": 2 if card_type == "trap" else 1, "_cond": low, "_rest": low, "_names": names,
                                    "_open": False, "confidence": "medium", "_when": timing})
                    continue
                # a statement that applies without being activated
                effects.append({"kind": "continuous", "_cond": "", "_rest": low, "_names": names, "_open": False, "confidence": "medium"})
                continue
        if activation and re.match(r"^when this card is activated\b", cond or ""):
            cond = ""  # the effect applied on activation: the card itself is activated at will
        eff = {"_cond": cond, "_rest": rest, "_names": names, "_open": True, "confidence": "medium" if old else "high", "_old": old}
        if activation:
            eff["kind"], eff["speed"] = "card-activation", _speed(card_type, prop)
        elif card_type == "monster" and not pendulum:
            eff["kind"], eff["speed"] = _kind_of_monster_effect(cond, rest, old)
            if eff["kind"] in ("trigger", "ignition") and _NEGATES_ACTIVATION.search(rest) and re.search(r"activat", cond or ""):
                eff["kind"], eff["speed"] = "quick", 2  # negating an activation needs Spell Speed 2: the older wording of a Quick Effect
        else:  # an effect of a face-up Spell/Trap (or of a Pendulum Monster in the Pendulum Zone), or from the GY
            kind, _ = _kind_of_monster_effect(cond, rest, old)
            if kind == "trigger" and _NEGATES_ACTIVATION.search(rest) and re.search(r"activat", cond or ""):
                kind = "quick"  # it answers the activation it negates, in the same Chain: Spell Speed 2 at will, not a trigger
            if kind == "trigger":
                eff["kind"], eff["speed"] = "trigger", 2 if card_type == "trap" else 1
            elif card_type == "trap":
                eff["kind"], eff["speed"] = "quick", 2
            elif kind == "quick":
                eff["kind"], eff["speed"] = "quick", 2
            else:
                eff["kind"], eff["speed"] = "ignition", 1
        effects.append(eff)
    if card_type in ("spell", "trap") and not pendulum and not any(e["kind"] == "card-activation" for e in effects):
        # only continuous statements (e.g. a Continuous or Equip Spell): the card itself is still activated
        effects.insert(0, {"kind": "card-activation", "speed": _speed(card_type, prop), "_cond": "", "_rest": "", "_names": [],
                           "_open": False, "confidence": "low" if effects else "medium"})
    out = []
    for eff in effects:
        facts = _facts_of(eff, card_type, prop, used, unknown)
        out.append(facts)
        also = _also(facts, eff["_cond"] or "", used)
        if also is not None:
            out.append(also)
    if card_type in ("spell", "trap") and prop in _LASTING and any(e["kind"] == "continuous" and e.get("changes_atk_def") for e in out):
        for e in out:  # activating the card is what starts the change (the Damage Step rules treat it as a direct modifier)
            opening_summons = e.get("summons") or (len(out) > 1 and out[1].get("summons"))
            if e["kind"] == "card-activation" and not opening_summons:  # unless its opening sentence Summons (Summon-and-boost, R15)
                e["changes_atk_def"] = True
    return out, unknown, used


_SELF_CHANGE = re.compile(r"\b(?:it|this card) (?:is|are) (?:changed|destroyed)\b|\bchange (?:it|this card) to\b|\bcounters?\b|\bloses? \d+ atk")
"""What a card does to itself or to a count after a battle (a position change, a counter, a fixed loss): applied with no Chain."""


def _names_timing(text: str, used: list[str] | None = None) -> str | None:
    """The Damage Step timing an older wording names in what the effect does, or None (also for a change with no Chain)."""
    if _SELF_CHANGE.search(text):
        return None
    for p in TIMING_PATTERNS:
        if p.regex.search(text):
            if used is not None:
                used.append(p.name)
            return p.sets["when"]
    return None


def _speed(card_type: str, prop: str | None) -> int:
    if card_type == "trap":
        return 3 if prop == "counter" else 2
    return 2 if prop == "quick-play" else 1


_BATTLE_OR_NOT = frozenset({"monster-destroyed", "monster-destroyed-and-sent-to-graveyard", "monster-sent-to-graveyard"})
"""Events a battle may cause as well as a card effect."""
DAMAGE_STEP_RULING = ("whether it may answer a monster destroyed by battle, in the Damage Step, depends on the card's rulings, "
                      "which its text does not show")
"""The reason of a card activated (or a Quick Effect) when a monster is destroyed or sent to the GY, whose condition names
no cause: in the Damage Step, R15 allows some such cards by ruling (Chthonian Blast) and not others, so there the answer
is ``unknown`` (the effect's ``unknown: damage-step``); everywhere else its facts answer as read."""


def _facts_of(eff: dict, card_type: str, prop: str | None, used: list[str], unknown: list[str]) -> dict:
    cond, rest, names = eff["_cond"] or "", eff["_rest"], eff["_names"]
    kind = eff["kind"]
    facts = {"kind": kind}
    if kind != "continuous":
        facts["speed"] = eff["speed"]
    if kind == "flip":
        facts["when"] = "flipped"
        facts["mandatory"] = not rest.lstrip().startswith("you can")
    elif kind != "continuous":
        ev = _match(EVENT_PATTERNS, cond, rest, used) if cond.strip() and "_when" not in eff and not _state_only(_strip_prefix(cond.strip())) else None
        named = _names_timing(rest, used) if eff.get("_old") or "_when" in eff else None
        if named is not None and (ev is None or not ev.sets["when"].startswith("damage-step")):
            facts["when"] = named  # the older wording acts at the Damage Step timing it names ("if this card attacks, after damage calculation, …")
            subject, player = _subject_and_player(ev.sets["when"] if ev is not None and ev.sets["when"] else "battled", cond, names)
            if subject:
                facts["subject"] = subject
        elif ev is not None and not ev.sets["when"]:
            pass  # a condition that names the whole Battle Phase (or another moment with no event): activated at will within it
        elif ev is not None:
            facts["when"] = ev.sets["when"]
            subject, player = _subject_and_player(facts["when"], cond, names)
            if facts["when"] in ("card-moves", "this-card-moves"):
                subject, player = _moving(facts, cond, subject, used)
            if player:
                facts["player"] = player
            if subject:
                facts["subject"] = subject
        elif cond.strip() and (kind == "trigger" or (kind == "card-activation" and re.match(r"^(?:when|if|each time|after|at the|before)\b", cond.strip())
                                                       and not _STATE.match(cond.strip()))):
            unknown.append(f"the event of {'a trigger effect' if kind == 'trigger' else 'the activation'} is not recognised: {cond.strip()[:80]!r}")
            facts["unknown"] = "event"
        if kind == "trigger":
            facts["mandatory"] = not (rest.lstrip().startswith("you can") or "you can" in cond)
        turn = _match(TURN_PATTERNS, cond, rest, used) if cond.strip() else None
        if turn is not None:
            facts["turn"] = turn.sets["turn"]
        ds = _match(DAMAGE_STEP_PATTERNS, cond, rest, used)
        if ds is not None:
            facts["damage_step"] = ds.sets["damage_step"]
        if kind in ("card-activation", "quick") and facts.get("when") in _BATTLE_OR_NOT and ds is None and not _match(CAUSE_PATTERNS, cond, rest, used):
            unknown.append(DAMAGE_STEP_RULING)
            facts["unknown"] = "damage-step"
        fr = _match(FROM_PATTERNS, cond, rest, used)
        if fr is not None and fr.sets["from_"] != "field" and not (kind == "card-activation" and fr.sets["from_"] in ("graveyard", "banished")):
            facts["from"] = [fr.sets["from_"]]
    # the effect's own action, after its cost and before what it does "then" (a continuous statement has no cost of its own: a
    # ";" after a choice belongs to that choice, e.g. "● 3+: they gain 100 ATK. ● 10: You can send this card to the GY; draw 2
    # cards"; one before any choice ends what a lasting card does on activation: "Discard 1 card, then target 1 monster; it gains …")
    own = rest if kind == "continuous" and ";" not in rest.split("●", 1)[0] else rest.split(";", 1)[-1]
    main = _MAIN_CUT.split(own, 1)[0]
    main = re.sub(r"\([^)]*\)", "", main)  # a parenthesis (a Trap Monster's stats, a reminder) is not the effect's action
    for flag in FLAG_PATTERNS:
        if flag.name == "changes-atk-def" and flag.regex.search(main) and _INDIRECT.search(main[:flag.regex.search(main).start()]):
            continue  # a Summon-and-boost: the ATK/DEF change comes with the Summon, not directly (R15)
        if flag.name == "changes-atk-def" and _change_follows_other(main.strip(), flag.regex, used):
            continue  # the change goes with a destruction or a position change done first (R15: not a direct modifier)
        hay = (main if flag.name == "changes-atk-def" else rest) if flag.where == "effect" else cond + " " + rest
        if flag.regex.search(hay):
            used.append(flag.name)
            facts.update(flag.sets)
    facts["confidence"] = eff["confidence"] if "unknown" not in facts else "low"
    return facts


_OWN_CARD = re.compile(r"\b(?:this|this face-up|this set) card\b(?!')")
_WHILE = re.compile(r"(?:^|,? )while [^,:()]*|\([^)]*\)")
"""A state the condition names besides its event ("While this card is in your GY, if a card is banished"; "(…)"): the card it
names is not the card that moves."""
_HAND_PLAYER = (re.compile(r"\bopponent (?:adds|draws)|\b(?:their|your opponent's) hand\b"), re.compile(r"\byou (?:draw|add)|\byour hand\b"))


def _moving(facts: dict, cond: str, subject: dict, used: list[str]) -> tuple[dict, str | None]:
    """A card that moves: this card or another (``when``), how (``move``), and who draws or adds it to a hand (the player);
    a card that leaves the field is this card's own event when the card is this one. Returns (subject, player)."""
    own = bool(_OWN_CARD.search(_WHILE.sub("", cond)))
    mv = _match(MOVE_PATTERNS, cond, "", used)
    move = mv.sets["move"] if mv is not None else None
    if facts["when"] == "card-moves" and own:
        facts["when"] = "this-card-moves"
    if facts["when"] == "this-card-moves":
        if move == "leaves-field":
            facts["when"], move = "this-card-leaves-field", None
        if move:
            facts["move"] = move
        return ({"face_up": True} if subject.get("face_up") else {}), None
    if move:
        facts["move"] = move
    player = None
    if move in ("drawn", "added-to-hand"):
        subject.pop("controller", None)
        player = "opponent" if _HAND_PLAYER[0].search(cond) else "you" if _HAND_PLAYER[1].search(cond) else None
    if re.search(r"\bmonsters?\b", cond) and "card" not in subject:
        subject["card"] = "monster"
    return subject, player


_ALSO_ON = {"also-by-battle": frozenset({"this-card-destroyed", "this-card-sent-to-graveyard", "this-card-leaves-field", "monster-destroyed",
                                         "monster-destroyed-and-sent-to-graveyard", "monster-sent-to-graveyard"}),
            "also-battle-damage": frozenset({"damage-taken"})}
"""The events a condition names in general, of which an "also" row reads the battle case the same words include."""


def _also(facts: dict, cond: str, used: list[str]) -> dict | None:
    """The same effect on the battle case of its event, when the condition includes it: "destroyed (by battle or by card
    effect)" also means destroyed by battle, "if you take damage" also means battle damage. The effect is listed once
    per event, so that each moment keeps its own answer (a destruction by card effect may happen anywhere, one by battle
    at the end of the Damage Step)."""
    if facts.get("kind") not in ("trigger", "card-activation", "quick") or facts.get("when") is None:
        return None
    for p in ALSO_PATTERNS:
        if facts["when"] in _ALSO_ON[p.name] and p.regex.search(cond):
            used.append(p.name)
            return {**facts, "when": p.sets["when"]}
    return None


def monster_kinds(type_line: str | None) -> list[str]:
    """The monster-card kinds of a type line ("Spellcaster / Flip / Effect" → [flip, effect])."""
    kinds = []
    for word in (type_line or "").split("/"):
        k = _MONSTER_KINDS.get(word.strip().lower())
        if k and k not in kinds:
            kinds.append(k)
    return kinds or ["normal"]


def derive(card: dict) -> Derived:
    """The facts of one yaml-yugi card object; a card without English text gets ``unknown`` with the reason."""
    ctype = (card.get("card_type") or "").strip().lower()
    if ctype not in ("monster", "spell", "trap"):
        return Derived({"effects": []}, [f"unknown card type {card.get('card_type')!r}"])
    text = (card.get("text") or {}).get("en") if isinstance(card.get("text"), dict) else None
    pend = (card.get("pendulum_effect") or {}).get("en") if isinstance(card.get("pendulum_effect"), dict) else None
    facts: dict = {}
    if ctype == "monster":
        facts["monster"] = monster_kinds(card.get("monster_type_line"))
    else:
        prop = _PROPERTY.get((card.get("property") or "").strip().lower())
        if prop is None:
            return Derived({"effects": []}, [f"unknown {ctype} property {card.get('property')!r}"])
        facts["property"] = prop
    if not isinstance(text, str) or not text.strip():
        if ctype == "monster" and "normal" in facts["monster"]:
            facts["effects"] = []
            return Derived(facts)
        return Derived({**facts, "effects": []}, ["no English text"])
    prop = facts.get("property")
    effects, unknown, used = [], [], []
    if ctype == "monster" and "normal" in facts["monster"] and not pend:
        facts["effects"] = []
        return Derived(facts, [], ["normal-monster"])
    body = _material_line(text, facts.get("monster", []))
    e, u, p = _effects(body, ctype, prop, facts.get("monster", []), pendulum=False)
    effects += e
    unknown += u
    used += p
    if pend:
        e, u, p = _effects(pend, ctype, prop, facts.get("monster", []), pendulum=True)
        for eff in e:
            eff["pendulum"] = True
        effects += e
        unknown += u
        used += p
    facts["effects"] = effects
    return Derived(facts, unknown, used)
