"""The table the card-text reader works from: one pattern, one row, each with its test (tests/test_cardtext.py).

Patterns are matched on a clause in lower case in which every quoted name has been replaced by
``"q0"``, ``"q1"``… (so that a card name such as "Attack and Receive" never reads as a condition).
Each row says where it looks (``condition``: the text before the colon; ``effect``: the text after
it; ``any``: both) and which fact it sets. Within a group the first row that matches decides, so
the more specific rows come first.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pattern:
    """One recognised wording: its name (reported with counts), the group it decides, where it looks, the facts it sets."""

    name: str
    group: str  # "event" | "move" | "also" | "timing" | "turn" | "flag" | "indirect" | "damage-step" | "cause" | "from"
    where: str  # "condition" | "effect" | "any"
    regex: re.Pattern
    sets: dict = field(default_factory=dict)


def _p(name, group, where, regex, **sets) -> Pattern:
    return Pattern(name, group, where, re.compile(regex), sets)


_MON = r"(?:[\w\-\"]+ )*?monsters?"
THIS = (r"this (?:face-up |face-down |set |attack position |defense position |[\w-]+-type |\"q\d+\" |"
        r"(?:normal |special |fusion |synchro |xyz |link |ritual |pendulum |tribute |flip )+summoned )*card"
        r"(?:,? (?:which was )?summoned this way,?| that was [\w ]{0,30}?summoned[\w ]{0,40}?,?)?"
        r"(?: on the field| you control| in (?:your|its owner's) (?:possession|control)| in its owner's (?:possession|control))?")

PATTERNS: tuple[Pattern, ...] = (
    # ── the event or timing of the activation condition (first match wins) ──
    _p("phase-outside-battle-phase", "event", "condition",
       r"^(?:(?:once|twice) per turn, )?(?:during|in|at the (?:start|end) of) (?:the |your |your opponent's |each |either player's |each of your |each of your opponent's )?(?:main phase|standby phase|draw phase|end phase)(?! or)(?!.{0,30}battle phase)",
       when="outside-battle-phase"),
    _p("during-battle-step", "event", "condition", r"^(?:(?:once|twice) per (?:turn|battle), )?during (?:the |your |your opponent's |either player's |each )?battle step\b",
       when="battle-step"),
    _p("start-of-damage-step", "event", "condition", r"at the start of the damage step", when="damage-step.start"),
    _p("before-damage-calculation", "event", "condition", r"before damage calculation", when="damage-step.before-damage-calculation"),
    _p("during-damage-calculation", "event", "condition", r"during (?:the |that |this )?damage calculation|damage calculation,? (?:only|once)|at damage calculation",
       when="damage-step.during-damage-calculation"),
    _p("after-damage-calculation", "event", "condition", r"after damage calculation", when="damage-step.after-damage-calculation"),
    _p("end-of-damage-step", "event", "condition", r"at the end of the damage step", when="damage-step.end"),
    _p("start-of-battle-phase", "event", "condition", r"at the start of (?:the |your |your opponent's |each )?battle phase|start step",
       when="start-of-battle-phase"),
    _p("end-of-battle-phase", "event", "condition", r"at the end of (?:the |your |your opponent's |each )?battle phase|end of the battle phase",
       when="end-of-battle-phase"),
    _p("during-battle-phase", "event", "condition", r"^(?:activate (?:this card )?only )?(?:during|in) (?:the |either player's |each )?battle phase\b(?!.{0,40}\b(?:when|if)\b)", when=""),
    _p("during-damage-step", "event", "condition", r"(?<!except )(?<!not )(?<!even )during (?:the |either player's |your |your opponent's |each )?damage step", when="damage-step"),
    _p("attack-negated", "event", "condition", r"attack is negated|attacks? (?:was|were|are|is) negated|negates? (?:an|the|a) attack", when="battle-step.after-declaration"),
    _p("successful-direct-attack", "event", "condition", r"successfully attacks? (?:your opponent |you |your opponent's life points |your life points )?directly|attacks directly and inflicts|inflicts? battle damage (?:to your opponent )?by a direct attack",
       when="battle-damage-inflicted"),
    _p("direct-attack-declared", "event", "condition", r"declares? a direct attack|attacks? (?:you |your opponent )?directly|direct attack is declared",
       when="direct-attack-declared"),
    _p("targeted-for-attack", "event", "condition",
       r"(?:is|are|becomes?) (?:targeted|selected|chosen) (?:as the attack target|for an attack|as an attack target)|targets? .{0,60}for an attack|is attacked|are attacked|is being attacked",
       when="targeted-for-attack"),
    _p("this-card-attacks", "event", "condition", r"^(?:(?:once|twice) per (?:turn|battle), )?(?:if|when) (?:this card|this attacking card|the equipped monster|your monster) attacks\b", when="attack-declared"),
    _p("attack-declared", "event", "condition", r"declares? an attack|attack (?:is )?declared|attack declaration|declares? attacks?|declares? a (?:second|third) (?:direct )?attack|attacks? of [\w ]{1,30} (?:is|are) declared",
       when="attack-declared"),
    _p("spell-activated", "event", "condition", r"spell card (?:or effect )?(?:is )?activated|activates? a spell card|spell card activation|spell card is activated",
       when="spell-activated"),
    _p("trap-activated", "event", "condition", r"trap card (?:or effect )?(?:is )?activated|activates? a trap card|trap card activation", when="trap-activated"),
    _p("monster-effect-activated", "event", "condition", r"monster effect is activated|activates? (?:a |an |its )?monster(?:'s)? effect|monster's effect is activated|monster activates its effect|activates? (?:the )?effect of a monster",
       when="monster-effect-activated"),
    _p("card-activated", "event", "condition", r"(?:card|effect|cards|effects|spell/trap card),? (?:or effect )?(?:is|are) activated|activates? (?:a |an )?(?:card|effect|spell/trap)|is activated|activation of|activates|"
       r"\byou activate (?:a |an |this |the )?(?:set |face-down |[\w-]+ )*?(?:\"q\d+\"|card|spell|trap|effect)",
       when="card-activated"),
    _p("destroys-by-battle", "event", "condition", r"destroys? (?:an? |your opponent's |an opponent's |that |the |\d+ )?(?:[\w\-\"]+ )*?monsters? (?:by|as a result of) battle|destroys? .{0,40} by battle|destroys? [^:]{0,80}? as a result of battle",
       when="destroys-by-battle"),
    _p("destroyed-by-battle", "event", "condition", r"(?:is|are) destroyed by battle|destroyed by battle|destroyed as a result of battle", when="destroyed-by-battle"),
    _p("battle-damage-inflicted", "event", "condition", r"inflicts? (?:\d+ or (?:more|less) )?(?:battle (?:or effect )?)?damage to (?:your |the |an? )?opponent(?! (?:with|by) (?:a |an |your )?(?:card )?effect)|inflicts? (?:\d+ or (?:more|less) )?battle damage",
       when="battle-damage-inflicted"),
    _p("battle-damage-taken", "event", "condition", r"(?:takes?|would take|receives?) (?:\d+ or more )?battle damage|battle damage is inflicted|(?:take|takes|took) damage from a battle|damage (?:by|from) battle", when="battle-damage-taken"),
    _p("damage-taken", "event", "condition", r"(?:takes?|would take|receives?|took) (?:\d+ or more )?(?:battle or effect |effect )?damage|damage is inflicted|inflicts? damage", when="damage-taken"),
    _p("flipped", "event", "condition", r"(?:is|are) flipped face-up|flipped face-up", when="flipped"),
    _p("battled", "event", "condition", r"\b(?:battles|battled|is battling)\b|battle involving|would battle", when="battled"),
    _p("this-card-leaves-field", "event", "condition", THIS + r" (?:in [\w &']+ )?leaves the field|" + THIS + r" is removed from the field",
       when="this-card-leaves-field"),
    _p("this-card-destroyed", "event", "condition", THIS + r" (?:in [\w &']+ )?(?:is|was) destroyed|" + THIS + r" you control is destroyed",
       when="this-card-destroyed"),
    _p("this-card-sent-to-graveyard", "event", "condition", THIS + r" (?:in [\w &']+ )?is (?:sent|discarded|tributed|detached|used)[\w ,]*?(?:to the (?:gy|graveyard)|graveyard|gy)|" + THIS + r" is sent from",
       when="this-card-sent-to-graveyard"),
    _p("this-card-summoned", "event", "condition",
       THIS + r" is (?:normal |special |flip |tribute |fusion |synchro |xyz |link |ritual |pendulum |or |successfully |summoned |, )*summoned",
       when="this-card-summoned"),
    _p("this-card-other-move", "event", "condition", r"(?<!while )" + THIS + r" (?:in [\w &']+ )?is (?:banished|returned|added|shuffled|tributed|detached|sent|used|discarded|removed from play|excavated|"
       r"placed|revealed|equipped|flipped face-down|changed (?:to|from)|attached)|" + THIS + r" (?:in [\w &']+ )?(?:moves|becomes equipped)|"
       r"(?:battle position|control) of " + THIS + r" [^:]*?(?:is changed|changes|shifts)|\busing this card as (?:[\w-]+ )?material",
       when="this-card-moves"),
    _p("monster-destroyed-and-sent-to-graveyard", "event", "condition", r"destroyed and sent to (?:the |your |their |your opponent's )?(?:gy|graveyard)",
       when="monster-destroyed-and-sent-to-graveyard"),
    _p("monster-destroyed", "event", "condition", r"(?:is|are|gets?) destroyed|destroys?\b", when="monster-destroyed"),
    _p("monster-sent-to-graveyard", "event", "condition", r"(?:is|are) (?:sent|discarded)[\w ,']*?(?:gy|graveyard)|sent to (?:the |your |their |your opponent's )?(?:gy|graveyard)",
       when="monster-sent-to-graveyard"),
    _p("summoned", "event", "condition", r"(?:normal|special|flip|tribute|fusion|synchro|xyz|link|ritual|pendulum)? ?summon(?:s|ed)?\b|would be summoned",
       when="summoned"),
    _p("targeted", "event", "condition", r"(?:is|are|becomes?) targeted by|targets? .{0,50} with (?:a |an |its |their )?(?:card|effect|spell|trap|monster)", when="card-activated"),
    _p("normal-draw", "event", "condition", r"normal draw|draw phase|when you draw this card|when (?:you|your opponent) draws?", when="outside-battle-phase"),
    _p("outside-battle-phase", "event", "condition", r"\b(?:standby phases?|main phase(?: 1| 2)?|draw phases?|end phases?)\b(?! or (?:the )?battle phase)(?![^:]{0,40}battle phase)|(?:during|in) (?:your |your opponent's |the |either player's |each )?(?:main phase|standby phase|draw phase|end phase)|at the (?:start|end) of (?:the |your |your opponent's )?(?:main phase|standby phase|draw phase|end phase)",
       when="outside-battle-phase"),
    _p("card-moves", "event", "condition",
       r"\b(?:is|are|gets?|becomes?|was|were) (?:face-up |face-down |then )?(?:banished|returned|added|tributed|detached|discarded|placed|set|drawn|removed from play)\b|"
       r"\bshuffled (?:into|back into) (?:the |your |their |its owner's )?(?:main )?deck|\b(?:leaves?|left) the field|removed from the field|\breturns? (?:to|from)\b|"
       r"\b(?:banish|tribute|discard|detach)(?:es|s|ed)?\b|\bdraws?\b|\bdrawing\b|\badds? [^:]{0,60}?\bto (?:your |their |the |its owner's )?(?:hand|deck|extra deck)\b|"
       r"\b(?:sets|set) (?:a|an|exactly|\d)\b|\bsets (?:cards?|spells?|traps?|monsters?)\b|battle position[^:]{0,60}?\b(?:is|are) changed|\bchanged to (?:face-down|face-up|attack|defense)|"
       r"flipped face-down|\bmaterials? (?:is|are) detached|\bus(?:e|es|ed|ing) [^:]{0,60}?\bas (?:an? )?(?:[\w-]+ )?material|\bmoves? [^:]{0,40}?\bout of",
       when="card-moves"),
    # ── how the card of this-card-moves / card-moves moves (first match wins; none: in any way) ──
    _p("move-field-zone", "move", "condition",
       r"\b(?:plac(?:ed|es?)|sets?|return(?:ed|s)?|mov(?:ed|es?)|puts?) (?:(?:back|face-up|face-down|an?(?: face-up| face-down)? (?:card|field spell(?: card)?)|it|them)\s+)*"
       r"(?:in|on|to|into) (?:a |the |your |their |your opponent's |either player's |any |its owner's )?field zones?\b",
       move="field-zone"),
    _p("move-added-to-hand", "move", "condition", r"\badd(?:s|ed)?\b[^:]{0,60}?\bto (?:your |their |the |its owner's |a player's |one player's |your opponent's )?hand\b", move="added-to-hand"),
    _p("move-drawn", "move", "condition", r"\bdraws?\b|\bdrawn\b|\bdrawing\b", move="drawn"),
    _p("move-banished", "move", "condition", r"\bbanish|removed from play", move="banished"),
    _p("move-returned", "move", "condition", r"\breturn(?:s|ed)?\b|\bshuffled\b|\badded (?:from [\w ]{1,30}? )?to (?:the |your |their |its owner's )?(?:main |extra )?deck", move="returned"),
    _p("move-discarded", "move", "condition", r"\bdiscard", move="discarded"),
    _p("move-tributed", "move", "condition", r"\btribut", move="tributed"),
    _p("move-material", "move", "condition", r"\bmaterials?\b|\bdetach|\bused for (?:an? )?(?:[\w-]+ )?summon", move="material"),
    _p("move-control", "move", "condition", r"\bcontrol of [^:]{0,60}?\b(?:changes|shifts|is (?:changed|switched))\b|\bcontrol (?:changes|shifts)\b", move="control"),
    _p("move-zone", "move", "condition", r"\bmoves? to (?:another|an adjacent|a different|an unused) (?:main )?monster zone", move="zone"),
    _p("move-counter", "move", "condition", r"\bcounters? (?:is|are) placed on\b|\bplaces? [^:]{0,30}?\bcounters? on\b", move="counter"),
    _p("move-equipped", "move", "condition", r"\b(?:becomes?|is|gets?) equipped with\b", move="equipped"),
    _p("move-sent-to-graveyard", "move", "condition", r"\bsent to (?:the |your |its owner's )?(?:gy|graveyard)\b", move="sent-to-graveyard"),
    _p("move-leaves-graveyard", "move", "condition", r"\bmoves? [^:]{0,40}?\bout of (?:the |your |their |either |each )?(?:gy|graveyard)s?\b|\bleaves? (?:the |your |their )?(?:gy|graveyard)\b",
       move="leaves-graveyard"),
    _p("move-leaves-field", "move", "condition", r"\b(?:leaves?|left) the field|removed from the field", move="leaves-field"),
    _p("move-placed", "move", "condition", r"\bplaced (?:in|on (?:the|your|their) field)|\b(?:is|are|becomes?) set\b|\b(?:sets|set) (?:a|an|exactly|\d)\b|\bsets (?:cards?|spells?|traps?|monsters?)\b", move="placed"),
    _p("move-position", "move", "condition", r"battle position|\bchanged? (?:to|from) (?:face-down|face-up|attack|defense)|flipped face-down|\bposition (?:is )?chang", move="position"),
    # ── a second event the same condition also names (the effect is listed once per event) ──
    _p("also-by-battle", "also", "condition",
       r"(?:destroyed|sent to (?:the |your |their |your opponent's )?(?:gy|graveyard)|leaves? the field|removed from the field)[^:]{0,90}?"
       r"(?:(?<!except )\bby battle\b|as a result of (?:a )?battle|(?:opponent's|their|an opponent's) attack(?:ing monster)?\b)",
       when="destroyed-by-battle"),
    _p("also-battle-damage", "also", "condition",
       r"^(?:(?!\beffects?\b).)*\b(?:takes?|took|receives?) (?:any |\d+ or more )?damage\b(?:(?!\beffects?\b).)*$|"
       r"\b(?:battle or effect|effect or battle) damage|damage from an attack", when="battle-damage-taken"),
    # ── the Damage Step timing an older wording names in what the effect does ("…, destroy it at the end of the Damage Step") ──
    _p("names-after-damage-calculation", "timing", "effect", r"\bafter damage calculation\b", when="damage-step.after-damage-calculation"),
    _p("names-end-of-damage-step", "timing", "effect", r"\bat the end of (?:the )?damage step\b", when="damage-step.end"),
    _p("names-damage-step", "timing", "effect", r"^,?\s*during the damage step,? you can\b|^,?\s*you can [^.;:]{0,120}? during the damage step to\b", when="damage-step"),
    _p("names-no-damage-calculation", "timing", "effect",
       r"without (?:flipping it face-up or )?(?:applying|conducting|doing) damage calculation|no damage calculation is (?:conducted|applied|performed)",
       when="damage-step.start"),
    # ── the turn ──
    _p("opponents-turn", "turn", "condition", r"your opponent's (?:turn|battle phase|main phase|standby phase|end phase)|opponent's turn", turn="opponents"),
    _p("your-turn", "turn", "condition", r"(?:during|in) your (?:turn|battle phase|main phase|standby phase|end phase)|your battle phase", turn="yours"),
    # ── what the effect does that the Damage Step rules look at ──
    _p("negates-activation", "flag", "effect", r"negate (?:the|its|that|their|this) (?:card's |monster's |effect's )?activation|negate the activation|negate that activation|"
       r"(?:the|that|its) activation (?:is|will be) negated|negates? the activations?|negate the (?:summon or activation|activation or summon)", negates_activation=True),
    _p("negates-attack", "flag", "effect", r"negate (?:the|that|this|an|its) attacks?|negate the attack|end the battle phase|attack is negated", negates_attack=True),
    _p("changes-atk-def", "flag", "effect",
       r"\b(?:gains?|loses?)\b(?![^.;]{0,25}\b(?:life points|lp)\b)[^.;]{0,60}?\b(?:atk|def)\b|(?:increase|decrease|reduce) (?![^.;]{0,20}\b(?:life points|lp)\b)[^.;]{0,40}\b(?:atk|def)\b|\b(?:atk|def)\b[^.;]{0,60}?\bbecomes?\b|\b(?:atk|def)(?:/def)? (?:becomes|become|is halved|are halved|is doubled|changes?)|(?:halve|double|change) (?:the |its |their |that monster's |that target's )?(?:original )?(?:atk|def)|(?:atk|def) (?:of|to) \d+\b(?!\s+(?:[\w-]+\s+)?(?:monsters?|cards?|targets?)\b)|\bmake (?:the |its |their )?(?:original )?(?:atk|def)\b|increase (?:its|the) (?:atk|def)|decrease (?:its|the) (?:atk|def)|"
       r"\b(?:atk|def)(?: and def|/def| and atk)? (?:are|is) (?:doubled|halved|reduced|increased|switched)|\b(?:atk|def) of (?:the |that |this |its |your |your opponent's |the opponent's )?[\w' -]{0,30}? (?:is|are) (?:reduced|increased|doubled|halved)\b|"
       r"\bswitch (?:the |its |their |that monster's |that target's )?(?:current |original )?(?:atk|def)|(?:halve|double) [\w' ]{0,30}?\b(?:atk|def)\b",
       changes_atk_def=True),
    # ── an ATK/DEF change that is not a direct modifier: the row matches the effect's first sentence, which does something
    #    else first (a destruction, a battle position change); the change comes only in a later sentence (R15) ──
    _p("change-follows-other", "indirect", "effect", r"\bdestroy\b|\bchange [^.;]{0,80}?\bposition\b|\bto (?:face-up |face-down )?(?:attack|defense) position\b"),
    _p("destroys", "flag", "effect", r"\bdestroy\b|\bdestroy (?:it|them|that|all)", destroys=True),
    _p("inflicts-damage", "flag", "effect", r"inflict \d+ damage|inflict damage|takes? \d+ damage|take (?:any )?(?:battle )?damage|damage (?:you take|to you|your opponent takes|[\w ]{0,30}takes?) [^.;]{0,30}(?:becomes|is doubled|is halved)|(?:battle )?damage [^.;]{0,30}is (?:doubled|halved)",
       inflicts_damage=True),
    _p("summons", "flag", "effect", r"special summon", summons=True),
    # ── what the text says of the Damage Step ──
    _p("except-damage-step", "damage-step", "any", r"except during the damage step|(?:cannot|can't) be activated during the damage step|not during the damage step",
       damage_step="forbidden-by-card"),
    _p("even-damage-step", "damage-step", "any", r"even during the damage step|(?:can|may) (?:also )?be activated during the damage step|during either player's turn, including the damage step",
       damage_step="allowed-by-card"),
    # ── what destroyed the monster, or sent it to the GY, in the condition of a card activated on it ──
    _p("names-the-cause", "cause", "condition",
       r"\bby (?:a |an |the |your |your opponent's |an opponent's |its own |their own |that |this )?(?:[\w\"/-]+ )?(?:card effects?|effects?|battle|cards?|attacks?|spells?|traps?)\b|"
       r"\bbattle\b|\battack(?:s|ed|ing)?\b|\bexcept\b|\bas a result of\b|\bfrom (?:the |your |their |either player's )?(?:hand|deck|main deck|extra deck)\b|\bthis turn\b|"
       r"\bdamage step\b|\bas (?:a |an )?(?:cost|material)|\beffects?\b|^(?!.*\bmonsters?\b)"),  # an effect, or no monster (only a monster battles)
    # ── where it is activated from ──
    _p("from-graveyard", "from", "any", r"(?:while|if) this card is in (?:your |the )?(?:gy|graveyard)|banish this card from (?:your |the )?(?:gy|graveyard)|this card in (?:your |the )?(?:gy|graveyard)|shuffle this card from your (?:gy|graveyard)|from your (?:gy|graveyard); |return this card from (?:your |the )?(?:gy|graveyard)|special summon this card from (?:your |the )?(?:gy|graveyard)",
       from_="graveyard"),
    _p("from-hand", "from", "any", r"discard this card|(?:reveal|send) this card (?:from your hand|in your hand)|this card (?:is )?in your hand|from your hand; |special summon this card from your hand|banish this card from your hand|you can (?:discard|send) this card",
       from_="hand"),
    _p("from-banished", "from", "any", r"(?:while|if) this card is banished|this (?:banished )?card is banished|return this banished card", from_="banished"),
    _p("from-pendulum-zone", "from", "any", r"in (?:your |the )?pendulum zone|destroy this card in your pendulum zone", from_="field"),
)
"""Every pattern the reader knows, in the order it tries them within each group."""

EVENT_PATTERNS = tuple(p for p in PATTERNS if p.group == "event")
MOVE_PATTERNS = tuple(p for p in PATTERNS if p.group == "move")
ALSO_PATTERNS = tuple(p for p in PATTERNS if p.group == "also")
TIMING_PATTERNS = tuple(p for p in PATTERNS if p.group == "timing")
TURN_PATTERNS = tuple(p for p in PATTERNS if p.group == "turn")
FLAG_PATTERNS = tuple(p for p in PATTERNS if p.group == "flag")
INDIRECT_PATTERNS = tuple(p for p in PATTERNS if p.group == "indirect")
DAMAGE_STEP_PATTERNS = tuple(p for p in PATTERNS if p.group == "damage-step")
CAUSE_PATTERNS = tuple(p for p in PATTERNS if p.group == "cause")
FROM_PATTERNS = tuple(p for p in PATTERNS if p.group == "from")

TYPES = ("aqua", "beast-warrior", "beast", "cyberse", "dinosaur", "divine-beast", "dragon", "fairy", "fiend", "fish", "illusion",
         "insect", "machine", "plant", "psychic", "pyro", "reptile", "rock", "sea serpent", "spellcaster", "thunder", "warrior",
         "winged beast", "wyrm", "zombie")
"""Monster Types as card texts write them (lower case)."""
ATTRIBUTES = ("light", "dark", "earth", "water", "fire", "wind", "divine")
