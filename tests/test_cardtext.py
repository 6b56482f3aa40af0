"""The card-text reader: one table row per pattern, each with a sentence written for the test (never a card's text)."""
import pytest

from ygorules.cardtext import PATTERNS, derive
from ygorules.cardtext.parse import monster_kinds, sentences


def monster(text, type_line="Warrior / Effect", pend=None):
    card = {"card_type": "Monster", "monster_type_line": type_line, "text": {"en": text}}
    if pend:
        card["pendulum_effect"] = {"en": pend}
    return card


def spell(text, prop="Normal"):
    return {"card_type": "Spell", "property": prop, "text": {"en": text}}


def trap(text, prop="Normal"):
    return {"card_type": "Trap", "property": prop, "text": {"en": text}}


# pattern name → (card, index of the effect, the facts that effect must have)
CASES = {
    "phase-outside-battle-phase": (monster('During your Main Phase: You can draw 1 card.'), 0, {"kind": "ignition", "when": "outside-battle-phase"}),
    "during-battle-step": (monster('During the Battle Step, if this card battles (Quick Effect): You can make it gain 500 ATK.'), 0,
                           {"kind": "quick", "when": "battle-step", "changes_atk_def": True}),
    "start-of-damage-step": (monster('At the start of the Damage Step, if this card battles: You can banish that monster.'), 0,
                             {"kind": "trigger", "when": "damage-step.start"}),
    "before-damage-calculation": (monster('Before damage calculation, if this card battles a monster: You can double its ATK.'), 0,
                                  {"kind": "trigger", "when": "damage-step.before-damage-calculation"}),
    "during-damage-calculation": (monster('During damage calculation, if your monster battles (Quick Effect): You can discard this card; it gains 800 ATK.'),
                                  0, {"kind": "quick", "when": "damage-step.during-damage-calculation", "from": ["hand"], "changes_atk_def": True}),
    "after-damage-calculation": (monster('After damage calculation, if this card attacked: Destroy the attack target.'), 0,
                                 {"kind": "trigger", "when": "damage-step.after-damage-calculation", "mandatory": True}),
    "end-of-damage-step": (trap('At the end of the Damage Step, if a monster you control battled: Draw 1 card.'), 0,
                           {"kind": "card-activation", "when": "damage-step.end"}),
    "start-of-battle-phase": (monster('At the start of the Battle Phase: You can Special Summon this card from your hand.'), 0,
                              {"kind": "trigger", "when": "start-of-battle-phase", "from": ["hand"]}),
    "end-of-battle-phase": (monster('At the end of the Battle Phase: You can shuffle this card into the Deck.'), 0,
                            {"kind": "trigger", "when": "end-of-battle-phase"}),
    "during-battle-phase": (trap('During the Battle Phase: Target 1 monster your opponent controls; change its battle position.'), 0,
                            {"kind": "card-activation", "speed": 2}),
    "during-damage-step": (monster('During the Damage Step (Quick Effect): You can make this card gain 300 ATK.'), 0,
                           {"kind": "quick", "when": "damage-step"}),
    "attack-negated": (trap('When an attack is negated: Inflict 500 damage to your opponent.'), 0,
                       {"kind": "card-activation", "when": "battle-step.after-declaration", "inflicts_damage": True}),
    "successful-direct-attack": (monster('When this card successfully attacks directly, draw 1 card.'), 0,
                                 {"kind": "trigger", "when": "battle-damage-inflicted", "confidence": "medium"}),
    "direct-attack-declared": (trap('When an opponent\'s monster declares a direct attack: Negate the attack.'), 0,
                               {"kind": "card-activation", "when": "direct-attack-declared", "player": "opponent", "negates_attack": True}),
    "targeted-for-attack": (monster('When this card is targeted for an attack: You can end the Battle Phase.'), 0,
                            {"kind": "trigger", "when": "targeted-for-attack", "subject": {"card": "this-card"}, "negates_attack": True}),
    "this-card-attacks": (monster('If this card attacks: It gains 400 ATK until the end of the Damage Step.'), 0,
                          {"kind": "trigger", "when": "attack-declared", "mandatory": True}),
    "attack-declared": (trap('When an opponent\'s monster declares an attack: Destroy all Attack Position monsters your opponent controls.'), 0,
                        {"kind": "card-activation", "speed": 2, "when": "attack-declared", "player": "opponent", "destroys": True}),
    "spell-activated": (trap('When your opponent activates a Spell Card: Negate the activation, and if you do, destroy it.', "Counter"), 0,
                        {"kind": "card-activation", "speed": 3, "when": "spell-activated", "player": "opponent", "negates_activation": True}),
    "trap-activated": (trap('When a Trap Card is activated: Negate the activation.', "Counter"), 0,
                       {"kind": "card-activation", "when": "trap-activated", "negates_activation": True}),
    "monster-effect-activated": (monster('When your opponent activates a monster effect (Quick Effect): You can discard this card; negate the activation.'),
                                 0, {"kind": "quick", "speed": 2, "when": "monster-effect-activated", "player": "opponent",
                                     "negates_activation": True, "from": ["hand"]}),
    "card-activated": (trap('When a card or effect is activated: Negate the activation.', "Counter"), 0,
                       {"kind": "card-activation", "when": "card-activated"}),
    "destroys-by-battle": (monster('If this card destroys an opponent\'s monster by battle: You can draw 1 card.'), 0,
                           {"kind": "trigger", "when": "destroys-by-battle"}),
    "destroyed-by-battle": (monster('If this card is destroyed by battle: You can add 1 card from your GY to your hand.'), 0,
                            {"kind": "trigger", "when": "destroyed-by-battle", "subject": {"card": "this-card"}}),
    "battle-damage-inflicted": (monster('If this card inflicts battle damage to your opponent: Draw 1 card.'), 0,
                                {"kind": "trigger", "when": "battle-damage-inflicted", "mandatory": True}),
    "battle-damage-taken": (trap('When you take battle damage: Gain LP equal to the damage you took.'), 0,
                            {"kind": "card-activation", "when": "battle-damage-taken", "player": "you"}),
    "damage-taken": (monster('If your opponent takes effect damage: You can Special Summon this card from your GY.'), 0,
                     {"kind": "trigger", "when": "damage-taken", "player": "opponent", "from": ["graveyard"], "summons": True}),
    "flipped": (monster('If this card is flipped face-up: You can target 1 card on the field; destroy it.'), 0,
                {"kind": "trigger", "when": "flipped", "destroys": True}),
    "battled": (monster('If this card battles a Fiend monster: You can banish that monster.'), 0, {"kind": "trigger", "when": "battled"}),
    "this-card-leaves-field": (monster('If this face-up card leaves the field: You can draw 1 card.'), 0,
                               {"kind": "trigger", "when": "this-card-leaves-field", "subject": {"face_up": True}}),
    "this-card-destroyed": (monster('If this card is destroyed: You can target 1 monster in your GY; Special Summon it.'), 0,
                            {"kind": "trigger", "when": "this-card-destroyed", "summons": True}),
    "this-card-sent-to-graveyard": (monster('If this card is sent to the GY: You can add 1 Warrior monster from your Deck to your hand.'), 0,
                                    {"kind": "trigger", "when": "this-card-sent-to-graveyard", "mandatory": False}),
    "this-card-summoned": (monster('If this card is Normal or Special Summoned: Place 1 counter on it.'), 0,
                           {"kind": "trigger", "when": "this-card-summoned", "mandatory": True}),
    "this-card-other-move": (monster('If this card is banished: You can add it to your hand.'), 0,
                             {"kind": "trigger", "when": "this-card-moves", "move": "banished"}),
    "card-moves": (monster('If a face-up Fish monster you control is banished: You can draw 1 card.'), 0,
                   {"kind": "trigger", "when": "card-moves", "move": "banished",
                    "subject": {"card": "monster", "controller": "you", "face_up": True, "type": "fish"}}),
    "move-field-zone": (monster('If a face-up Field Spell is placed in your opponent\'s Field Zone: You can draw 1 card.'), 0,
                        {"when": "card-moves", "move": "field-zone", "subject": {"controller": "opponent", "face_up": True}}),
    "move-added-to-hand": (trap('When your opponent adds a card from their Deck to their hand, except by drawing it: Draw 1 card.'), 0,
                           {"kind": "card-activation", "when": "card-moves", "move": "added-to-hand", "player": "opponent"}),
    "move-drawn": (monster('Each time your opponent draws a card: Inflict 200 damage to your opponent.'), 0,
                   {"kind": "trigger", "when": "card-moves", "move": "drawn", "player": "opponent", "mandatory": True}),
    "move-banished": (monster('If another card is banished: You can draw 1 card.'), 0, {"when": "card-moves", "move": "banished"}),
    "move-returned": (monster('If a monster you control is returned to the Extra Deck: You can draw 1 card.'), 0,
                      {"when": "card-moves", "move": "returned", "subject": {"card": "monster", "controller": "you"}}),
    "move-discarded": (monster('If this card is discarded to the hand of nobody: You can draw 1 card.'), 0,
                       {"when": "this-card-moves", "move": "discarded"}),
    "move-tributed": (monster('If a DARK monster you control is Tributed: You can draw 1 card.'), 0,
                      {"when": "card-moves", "move": "tributed", "subject": {"card": "monster", "controller": "you", "attribute": "dark"}}),
    "move-material": (monster('If a material is detached from this card: You can draw 1 card.'), 0, {"when": "this-card-moves", "move": "material"}),
    "move-placed": (monster('If a card is placed in your Spell & Trap Zone: You can draw 1 card.'), 0, {"when": "card-moves", "move": "placed"}),
    "move-position": (monster('If the battle position of a monster you control is changed: You can draw 1 card.'), 0,
                      {"when": "card-moves", "move": "position"}),
    "move-leaves-field": (monster('If this Set card has left the field because of an opponent\'s card: You can draw 1 card.'), 0,
                          {"when": "this-card-leaves-field"}),
    "move-control": (monster('If control of this face-up card changes: You can draw 1 card.'), 0, {"when": "this-card-moves", "move": "control"}),
    "move-zone": (monster('If this card in the Monster Zone moves to another Monster Zone: You can draw 1 card.'), 0,
                  {"when": "this-card-moves", "move": "zone"}),
    "move-counter": (monster('If the 5th counter is placed on this card: You can draw 1 card.'), 0, {"when": "this-card-moves", "move": "counter"}),
    "move-equipped": (monster('If this card becomes equipped with an Equip Spell: You can draw 1 card.'), 0,
                      {"when": "this-card-moves", "move": "equipped", "mandatory": False}),
    "move-leaves-graveyard": (monster('If your opponent moves a card(s) out of either GY (except during the Damage Step): You can draw 1 card.'), 0,
                              {"when": "card-moves", "move": "leaves-graveyard", "damage_step": "forbidden-by-card"}),
    "move-sent-to-graveyard": (monster('If this card is excavated from the Deck and sent to the GY by a card effect: You can draw 1 card.'), 0,
                               {"kind": "trigger", "when": "this-card-moves", "move": "sent-to-graveyard"}),
    "monster-destroyed-and-sent-to-graveyard": (trap('When a face-up Dinosaur monster you control is destroyed and sent to the GY: Draw 2 cards.'), 0,
                                                {"kind": "card-activation", "when": "monster-destroyed-and-sent-to-graveyard",
                                                 "subject": {"controller": "you", "face_up": True, "type": "dinosaur"}}),
    "monster-destroyed": (monster('If a LIGHT monster you control is destroyed: You can Special Summon this card from your hand.'), 0,
                          {"kind": "trigger", "when": "monster-destroyed", "subject": {"controller": "you", "attribute": "light"}}),
    "monster-sent-to-graveyard": (trap('When a monster is sent from the field to your GY: Draw 1 card.'), 0,
                                  {"kind": "card-activation", "when": "monster-sent-to-graveyard"}),
    "summoned": (trap('When your opponent Special Summons a monster: Destroy that monster.'), 0,
                 {"kind": "card-activation", "when": "summoned", "player": "opponent", "destroys": True}),
    "targeted": (monster('If a monster you control is targeted by a card effect (Quick Effect): You can banish this card from your GY; negate that effect.'),
                 0, {"kind": "quick", "when": "card-activated", "from": ["graveyard"]}),
    "normal-draw": (monster('When you draw this card: You can reveal it; draw 1 more card.'), 0, {"kind": "trigger", "when": "outside-battle-phase"}),
    "outside-battle-phase": (monster('Once per turn, if a card is added to your hand during the Main Phase: You can draw 1 card.'), 0,
                             {"kind": "trigger", "when": "outside-battle-phase"}),
    "also-by-battle": (monster('If this card is destroyed by an opponent\'s card (by battle or by card effect): You can draw 1 card.'), 1,
                       {"kind": "trigger", "when": "destroyed-by-battle", "mandatory": False}),
    "also-battle-damage": (monster('If you take damage: You can Special Summon this card from your hand.'), 1,
                           {"kind": "trigger", "when": "battle-damage-taken", "player": "you", "from": ["hand"]}),
    "names-after-damage-calculation": (monster('If this card attacks a Fiend monster, destroy that monster after damage calculation.'), 0,
                                       {"kind": "trigger", "when": "damage-step.after-damage-calculation", "mandatory": True, "destroys": True}),
    "names-end-of-damage-step": (monster('Banish any monster that battles this card at the end of the Damage Step.'), 0,
                                 {"kind": "trigger", "when": "damage-step.end", "confidence": "medium"}),
    "names-damage-step": (monster('When a Warrior monster you control battles, during the Damage Step you can discard this card to make it gain 500 ATK.'), 0,
                          {"kind": "quick", "when": "damage-step", "changes_atk_def": True, "confidence": "medium"}),
    "names-no-damage-calculation": (monster('If this card attacks a face-down monster, you can destroy that monster without applying damage calculation.'), 0,
                                    {"kind": "trigger", "when": "damage-step.start", "mandatory": False}),
    "opponents-turn": (monster('During your opponent\'s turn (Quick Effect): You can banish this card from your GY; negate an attack.'), 0,
                       {"kind": "quick", "turn": "opponents", "from": ["graveyard"], "negates_attack": True}),
    "your-turn": (monster('During your Battle Phase (Quick Effect): You can Tribute this card; all monsters you control gain 500 ATK.'), 0,
                  {"kind": "quick", "turn": "yours", "changes_atk_def": True}),
    "negates-activation": (trap('When a monster effect is activated: Negate the activation.', "Counter"), 0, {"negates_activation": True}),
    "negates-attack": (trap('When a monster declares an attack: Negate the attack, then end the Battle Phase.'), 0, {"negates_attack": True}),
    "changes-atk-def": (spell('Target 1 face-up monster on the field; it gains 1000 ATK until the end of this turn.', "Quick-Play"), 0,
                        {"kind": "card-activation", "speed": 2, "changes_atk_def": True}),
    "names-the-cause": (trap('When a monster you control is destroyed by a card effect: Draw 1 card.'), 0,
                        {"kind": "card-activation", "when": "monster-destroyed", "unknown": None, "confidence": "high"}),
    "change-follows-other": (spell('Target 1 face-up Fiend monster you control and destroy it. All Fiend monsters you control gain 800 ATK until the End Phase.',
                                   "Quick-Play"), 0, {"kind": "card-activation", "destroys": True, "changes_atk_def": None}),
    "destroys": (spell('Destroy all monsters on the field.'), 0, {"kind": "card-activation", "speed": 1, "destroys": True}),
    "inflicts-damage": (spell('Inflict 800 damage to your opponent.'), 0, {"inflicts_damage": True}),
    "summons": (spell('Special Summon 1 monster from your GY.'), 0, {"summons": True}),
    "except-damage-step": (monster('If a monster is Special Summoned (except during the Damage Step): You can draw 1 card.'), 0,
                           {"kind": "trigger", "when": "summoned", "damage_step": "forbidden-by-card"}),
    "even-damage-step": (monster('If you gain LP, even during the Damage Step: You can Special Summon this card from your hand.'), 0,
                         {"kind": "trigger", "damage_step": "allowed-by-card", "from": ["hand"]}),
    "from-graveyard": (monster('You can banish this card from your GY; draw 1 card.'), 0, {"kind": "ignition", "from": ["graveyard"]}),
    "from-hand": (monster('You can discard this card; add 1 Spell from your Deck to your hand.'), 0, {"kind": "ignition", "from": ["hand"]}),
    "from-banished": (monster('While this card is banished (Quick Effect): You can Special Summon it.'), 0, {"kind": "quick", "from": ["banished"]}),
    "from-pendulum-zone": (monster('Normal Summon text.', "Spellcaster / Pendulum / Effect",
                                   pend='You can destroy this card in your Pendulum Zone; add 1 card from your Deck to your hand.'), 1,
                           {"kind": "ignition", "pendulum": True}),
}


def _has(actual: dict, expected: dict):
    for key, value in expected.items():
        assert actual.get(key) == value, f"{key}: {actual.get(key)!r} != {value!r} in {actual}"


def test_every_pattern_has_its_case():
    assert sorted(p.name for p in PATTERNS) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_pattern_decides_its_case(name):
    card, index, expected = CASES[name]
    d = derive(card)
    assert name in d.patterns, f"{name} did not decide: {d.patterns}"
    _has(d.facts["effects"][index], expected)


@pytest.mark.parametrize("card_type, prop, speed", [
    ("Spell", "Normal", 1), ("Spell", "Quick-Play", 2), ("Spell", "Ritual", 1), ("Trap", "Normal", 2), ("Trap", "Counter", 3),
])
def test_the_card_itself_is_activated_at_the_spell_speed_of_its_property(card_type, prop, speed):
    card = {"card_type": card_type, "property": prop, "text": {"en": "Draw 2 cards."}}
    (act,) = derive(card).facts["effects"]
    assert (act["kind"], act["speed"]) == ("card-activation", speed)
    assert "when" not in act


@pytest.mark.parametrize("prop", ["Continuous", "Field", "Equip"])
def test_a_lasting_card_is_activated_at_will_and_its_sentences_are_its_effects(prop):
    d = derive(spell("If a monster you control is destroyed by battle: You can draw 1 card. Monsters you control gain 300 ATK.", prop))
    act, trig, cont = d.facts["effects"]
    assert act["kind"] == "card-activation" and "when" not in act and act["changes_atk_def"] is True
    assert (trig["kind"], trig["when"]) == ("trigger", "destroyed-by-battle")
    assert cont["kind"] == "continuous" and "speed" not in cont


def test_what_a_lasting_card_does_when_it_is_activated_is_its_activation():
    d = derive(spell("When this card is activated: Target 1 monster you control; it gains 500 ATK. Monsters you control gain 100 ATK.", "Field"))
    act = d.facts["effects"][0]
    assert act["kind"] == "card-activation" and "when" not in act and act.get("changes_atk_def") is True
    assert [e["kind"] for e in d.facts["effects"]] == ["card-activation", "continuous"]


def test_a_state_condition_is_not_an_event():
    (eff,) = derive(monster("If you control no monsters: You can Special Summon this card from your hand.")).facts["effects"]
    assert (eff["kind"], eff.get("when"), eff["from"]) == ("ignition", None, ["hand"])
    (eff,) = derive(monster("If this card is in your GY: You can shuffle 1 card from your hand into the Deck; add this card to your hand.")).facts["effects"]
    assert eff["kind"] == "ignition" and eff["from"] == ["graveyard"]


def test_either_players_turn_is_the_older_wording_of_a_quick_effect():
    (eff,) = derive(monster("Once per turn, during either player's turn: You can target 1 monster; it loses 500 ATK.")).facts["effects"]
    assert (eff["kind"], eff["speed"]) == ("quick", 2)


def test_negating_an_activation_with_a_monster_needs_spell_speed_2():
    (eff,) = derive(monster("When your opponent activates a Spell Card, you can discard this card to negate the activation.")).facts["effects"]
    assert (eff["kind"], eff["speed"], eff["negates_activation"]) == ("quick", 2, True)


def test_this_is_a_quick_effect_sentence_makes_the_effect_before_it_quick():
    d = derive(monster("You can target 1 monster; change it to Defense Position. This is a Quick Effect if you control a Tuner."))
    (eff,) = d.facts["effects"]
    assert (eff["kind"], eff["speed"]) == ("quick", 2)


def test_the_materials_line_of_an_extra_deck_monster_is_not_an_effect():
    d = derive(monster("2 Level 4 monsters\nYou can detach 1 material from this card; draw 1 card.", "Warrior / Xyz / Effect"))
    (eff,) = d.facts["effects"]
    assert eff["kind"] == "ignition"


def test_choices_belong_to_their_effect_and_bulleted_effects_stand_alone():
    d = derive(spell("Apply 1 of these effects.\n● Draw 1 card.\n● Gain 1000 LP."))
    assert [e["kind"] for e in d.facts["effects"]] == ["card-activation"]
    d = derive(monster("You can only use each of the following effects once per turn.\n● If this card is Summoned: You can draw 1 card.\n"
                       "● If this card is sent to the GY: You can draw 1 card."))
    assert [e.get("when") for e in d.facts["effects"]] == ["this-card-summoned", "this-card-sent-to-graveyard"]


def test_a_replacement_is_continuous_and_restrictions_are_no_effect():
    d = derive(monster("If this card would be destroyed by battle, you can banish 1 card from your GY instead. "
                       "You can only use this effect once per turn."))
    assert [e["kind"] for e in d.facts["effects"]] == ["continuous"]


def test_quoted_names_never_read_as_conditions():
    d = derive(monster('If "Attack and Receive" is in your GY: You can draw 1 card.'))
    (eff,) = d.facts["effects"]
    assert eff["kind"] == "ignition" and "when" not in eff


def test_a_series_and_a_named_card_in_the_condition_are_the_subject():
    (eff,) = derive(monster('If a "Six Samurai" monster you control is destroyed by battle: You can draw 1 card.')).facts["effects"]
    assert eff["subject"] == {"controller": "you", "series": "Six Samurai"}
    (eff,) = derive(trap('When "Dark Magician" is destroyed: Draw 1 card.')).facts["effects"]
    assert eff["subject"]["name"] == "Dark Magician"


@pytest.mark.parametrize("text, when, move", [
    ("If this card is returned to the hand: You can draw 1 card.", "this-card-moves", "returned"),
    ("If this face-up card is changed to face-down Defense Position: You can draw 1 card.", "this-card-moves", "position"),
    ("If this card is used as Synchro Material: You can draw 1 card.", "this-card-moves", "material"),
    ("If a card is banished while this card is in your GY: You can Special Summon this card.", "card-moves", "banished"),
    ("If another monster leaves the field by card effect: You can draw 1 card.", "card-moves", "leaves-field"),
    ("If you draw a card by a card effect: You can reveal it.", "card-moves", "drawn"),
    ("Each time your opponent Sets a Spell or Trap: Inflict 100 damage to your opponent.", "card-moves", "placed"),
    ("If this Pendulum Summoned card is used for a Synchro Summon: You can draw 1 card.", "this-card-moves", "material"),
    ("When the control of this face-up card on the field shifts to your opponent: Draw 1 card.", "this-card-moves", "control"),
    ("If this card is excavated from the Deck and sent to the Graveyard by a card effect: You can draw 1 card.", "this-card-moves", "sent-to-graveyard"),
    # a Summon while this card is banished: the event is the Summon, "while this card is banished" its state
    ("If a Winged Beast monster is Normal Summoned to your field while this card is banished: You can add this card to your hand.", "summoned", None),
    ("If a card is added from the Main Deck to your opponent's hand: You can draw 1 card.", "card-moves", "added-to-hand"),
    ("If a card is added from the field to your Extra Deck face-up: You can draw 1 card.", "card-moves", "returned"),
    # a Field Spell put in a Field Zone, however it gets there; leaving the Field Zone is another move
    ("If this card is placed face-up in your Field Zone: You can draw 1 card.", "this-card-moves", "field-zone"),
    ("If a Field Spell is returned to the Field Zone: You can draw 1 card.", "card-moves", "field-zone"),
    ("If your opponent Sets a card in their Field Zone: You can draw 1 card.", "card-moves", "field-zone"),
    ("If this card in the Field Zone is returned to the hand: You can draw 1 card.", "this-card-moves", "returned"),
    ("If you Set a Spell/Trap while you control a card in your Field Zone: You can draw 1 card.", "card-moves", "placed"),
    # not moves: being targeted is an activation that targets it; "while this card is equipped" is a state
    ("During either player's turn, when this card is targeted by a card effect: You can draw 1 card.", "card-activated", None),
    ("During your opponent's turn, while this card is equipped with an Equip Card (Quick Effect): You can draw 1 card.", None, None),
])
def test_a_card_that_moves_is_this_card_or_another_and_says_how(text, when, move):
    eff = derive(monster(text)).facts["effects"][0]
    assert (eff.get("when"), eff.get("move")) == (when, move)


def test_a_card_that_moves_answers_in_the_damage_step_only_if_it_is_this_card_or_mandatory():
    """R15: a Trigger effect set off by the card itself moving, or a mandatory one, may be activated in the Damage Step;
    an optional one on another card moving may not."""
    from ygorules.core.activation import decide
    own = derive(monster("If this card is banished: You can draw 1 card."))
    other = derive(monster("If another card is banished: You can draw 1 card."))
    forced = derive(monster("If another card is banished: Draw 1 card."))
    timing = "damage-step.end"
    assert decide(own.facts, own.facts["effects"][0], timing)[0] == "only-if"
    assert decide(other.facts, other.facts["effects"][0], timing)[:2] == ("no", "damage-step-what-may-be-activated")
    assert decide(forced.facts, forced.facts["effects"][0], timing)[0] == "only-if"


@pytest.mark.parametrize("text, move, verdicts", [
    # the card itself moves (R15): its optional trigger may be activated at every Damage Step timing but damage calculation
    ("If this card is returned to the hand: You can draw 1 card.", "returned", ["only-if", "only-if", "no", "only-if", "only-if"]),
    ("If this face-up card is changed to face-down Defense Position: You can draw 1 card.", "position",
     ["only-if", "only-if", "no", "only-if", "only-if"]),
    # it stays where it is: a counter is placed on it, a card is equipped to it; optional, it waits; mandatory, it does not
    ("If a counter is placed on this card: You can draw 1 card.", "counter", ["no"] * 5),
    ("If the 3rd counter is placed on this card: You can destroy 1 card on the field.", "counter", ["no"] * 5),
    ("If a counter is placed on this card: Draw 1 card.", "counter", ["only-if", "only-if", "no", "only-if", "only-if"]),
    ("If this card becomes equipped with an Equip Spell: You can draw 1 card.", "equipped", ["no"] * 5),
    ("If this card becomes equipped with an Equip Spell: Draw 1 card.", "equipped", ["only-if", "only-if", "no", "only-if", "only-if"]),
])
def test_a_counter_or_an_equip_card_on_this_card_is_not_the_card_moving_in_the_damage_step(text, move, verdicts):
    """R15 (KDS): the Trigger effects of the card itself moving may be activated in the Damage Step; a counter placed
    on it, or a card equipped to it, does not move it, so only a mandatory trigger on one is activated there."""
    d = derive(monster(text))
    eff = d.facts["effects"][0]
    assert (eff["when"], eff["move"]) == ("this-card-moves", move)
    assert _verdicts(d.facts, eff) == verdicts


@pytest.mark.parametrize("text, player", [
    ("When a card or effect is activated that targets a monster you control: You can negate the activation.", None),
    ("When your opponent activates a Spell Card: You can negate the activation.", "opponent"),
    ("When an opponent's WIND monster's effect is activated: You can negate the activation.", "opponent"),
    ("When a monster effect is activated on your opponent's field: You can negate the activation.", "opponent"),
    ("If you activate a Trap Card: You can draw 1 card.", "you"),
])
def test_the_player_of_an_activation_is_who_activates_not_whose_monster_is_targeted(text, player):
    eff = derive(trap(text, "Continuous")).facts["effects"][1]
    assert eff.get("player") == player, eff


# ── Continuous Traps in the Damage Step (R15, R17) ─────────────────────────
# Activating the card itself is barred there unless the activation negates, is a Counter Trap or changes ATK/DEF
# directly; an effect of the face-up card answers by its own kind and event.

DS = ("damage-step.start", "damage-step.before-damage-calculation", "damage-step.during-damage-calculation",
      "damage-step.after-damage-calculation", "damage-step.end")


def _verdicts(facts, eff):
    from ygorules.core.activation import decide
    return [decide(facts, eff, t)[0] for t in DS]


@pytest.mark.parametrize("text, changes", [
    # a cost with "then" before the ";": what the card does on activation is the direct change after it (R15, R17)
    ("Discard 1 card, then target 1 Warrior monster you control; it gains 600 ATK until the end of this turn.", True),
    ("Activate this card by revealing 1 monster in your hand, then target 1 monster your opponent controls; it loses 400 ATK.", True),
    # no cost: what it does "then" is not its own action
    ("Target 1 monster you control, then it gains 600 ATK.", False),
])
def test_a_lasting_trap_whose_cost_says_then_changes_atk_on_activation(text, changes):
    d = derive(trap(text, "Continuous"))
    card = d.facts["effects"][0]
    assert card["kind"] == "card-activation" and bool(card.get("changes_atk_def")) is changes
    assert _verdicts(d.facts, card)[:3] == (["yes", "yes", "no"] if changes else ["no"] * 3)


def test_a_continuous_trap_is_not_activated_in_the_damage_step_but_its_face_up_trigger_may_be_when_its_text_allows():
    d = derive(trap("If a monster is Special Summoned, even during the Damage Step: You can draw 1 card.", "Continuous"))
    card, effect = d.facts["effects"]
    assert card["kind"] == "card-activation" and _verdicts(d.facts, card) == ["no"] * 5
    assert effect["kind"] == "trigger" and _verdicts(d.facts, effect) == ["only-if", "only-if", "no", "only-if", "only-if"]


def test_an_older_during_the_damage_step_you_can_of_a_continuous_trap_is_a_modifier_until_damage_calculation():
    """R17 names Attack of the Cornered Rat: its face-up effect is used up to before damage calculation."""
    d = derive(trap("If a Warrior monster you control battles, during the Damage Step you can pay 500 LP. The ATK of the "
                    "opponent's monster is reduced by 500, until the End Phase.", "Continuous"))
    effect = d.facts["effects"][1]
    assert (effect["kind"], effect["when"], effect.get("changes_atk_def")) == ("quick", "damage-step", True)
    assert _verdicts(d.facts, effect) == ["only-if", "only-if", "no", "no", "no"]


def test_a_continuous_trap_whose_face_up_effect_raises_atk_is_activated_as_a_direct_modifier_even_with_a_later_cost():
    d = derive(trap("This card gains these effects depending on the number of cards in your hand.\n● 3 or more: Monsters you control gain 100 ATK.\n"
                    "● 10: You can send this card to the GY; draw 2 cards.", "Continuous"))
    card = d.facts["effects"][0]
    assert card.get("changes_atk_def") is True
    assert _verdicts(d.facts, card) == ["yes", "yes", "no", "no", "no"]


def test_a_trap_effect_that_negates_the_activation_it_answers_is_a_chain_answer_not_a_trigger():
    d = derive(trap("When a card or effect is activated that targets a monster you control: You can banish this card from your GY; "
                    "negate the activation.", "Continuous"))
    effect = d.facts["effects"][1]
    assert (effect["kind"], effect["speed"], effect["from"]) == ("quick", 2, ["graveyard"])
    assert _verdicts(d.facts, effect) == ["only-if"] * 5  # negation: every Damage Step timing (R15, R19)


# ── where the rules side with the simulator (R15, R19): what the reader now reads ──

def test_an_older_negation_after_a_once_per_turn_prefix_is_a_quick_effect_at_every_damage_step_timing():
    d = derive(monster("Once per turn, when a Special Summoned monster your opponent controls activates its effect, you can negate the activation."))
    (eff,) = d.facts["effects"]
    assert (eff["kind"], eff["when"], eff["player"], eff.get("negates_activation")) == ("quick", "card-activated", "opponent", True)
    assert _verdicts(d.facts, eff) == ["only-if"] * 5


@pytest.mark.parametrize("label", ["3", "3+", "2 or more", "Tails"])
def test_a_labelled_bullet_with_its_own_activation_condition_is_an_effect_of_its_own(label):
    d = derive(monster(f"2+ monsters\nGains these effects based on the number of monsters co-linked to this card.\n"
                       f"● 1+: If a monster co-linked to this card battles, any battle damage it inflicts is doubled.\n"
                       f"● {label}: Once per turn, when a card or effect is activated (Quick Effect): You can negate the activation.",
                       "Spellcaster / Link / Effect"))
    quick = [e for e in d.facts["effects"] if e["kind"] == "quick"]
    assert len(quick) == 1 and quick[0]["when"] == "card-activated" and quick[0]["negates_activation"] is True


@pytest.mark.parametrize("text", [
    "During the Battle Phase, if a Warrior monster you controlled was destroyed by battle this turn: Make the battle damage from 1 monster 0.",
    "If you took damage by battle this turn: Add 1 monster from your Deck to your hand.",
])
def test_what_happened_earlier_this_turn_is_a_state_not_a_damage_step_event(text):
    d = derive(trap(text))
    (eff,) = d.facts["effects"]
    assert eff.get("when") is None and not d.unknown
    assert _verdicts(d.facts, eff) == ["no"] * 5  # a Normal Trap that is no modifier nor negation (R15)


def test_a_quick_effect_after_a_battle_this_battle_phase_is_activated_at_will_and_not_in_the_damage_step():
    d = derive(monster("Once per turn, if this card battled a monster this Battle Phase (Quick Effect): You can draw 1 card."))
    (eff,) = d.facts["effects"]
    assert (eff["kind"], eff.get("when")) == ("quick", None)
    assert _verdicts(d.facts, eff) == ["no"] * 5


def test_an_atk_change_in_a_while_sentence_after_the_action_is_a_lasting_effect_not_a_direct_modifier():
    d = derive(trap("Target 1 Insect monster you control; equip this card to it. While you control the equipped monster, "
                    "your opponent's monsters lose 100 ATK."))
    (card,) = d.facts["effects"]
    assert "changes_atk_def" not in card and _verdicts(d.facts, card) == ["no"] * 5


def test_an_older_you_can_during_the_damage_step_to_is_a_modifier_until_damage_calculation():
    """R15, R17: an Honest-like older wording, the action first and "during the Damage Step" after it."""
    d = derive(monster("If a Warrior monster you control is attacked, you can send this card from your hand to the Graveyard during "
                       "the Damage Step to have your attacked monster gain 1000 DEF until the End Phase."))
    (eff,) = d.facts["effects"]
    assert (eff["kind"], eff["when"], eff["from"], eff.get("changes_atk_def")) == ("quick", "damage-step", ["hand"], True)
    assert _verdicts(d.facts, eff) == ["only-if", "only-if", "no", "no", "no"]


def test_damage_inflicted_with_a_card_effect_is_no_battle_damage_event():
    (eff,) = derive(monster("When you inflict damage to your opponent with a card effect: You can draw 1 card.")).facts["effects"]
    assert eff["when"] == "damage-taken"
    (eff,) = derive(monster("When this card inflicts damage to your opponent: You can draw 1 card.")).facts["effects"]
    assert eff["when"] == "battle-damage-inflicted"


def test_a_once_per_turn_replacement_in_older_wording_is_no_trigger():
    (eff,) = derive(monster("Once per turn, if you would take battle or effect damage, you take no damage.")).facts["effects"]
    assert eff["kind"] == "continuous"


def test_an_unread_event_is_unknown_with_the_reason_never_guessed():
    d = derive(monster("When a card is shuffled sideways into a pocket dimension: You can draw 1 card."))
    (eff,) = d.facts["effects"]
    assert eff["unknown"] == "event" and eff["confidence"] == "low"
    assert d.unknown and "not recognised" in d.unknown[0] and d.confidence == "low"


def test_old_wordings_are_read_with_medium_confidence():
    d = derive(trap("Activate only when your opponent's monster declares an attack. Destroy the attacking monster."))
    (eff,) = d.facts["effects"]
    assert (eff["when"], eff["player"], eff["destroys"], eff["confidence"]) == ("attack-declared", "opponent", True, "medium")


def test_a_continuation_joins_the_effect_before_it():
    d = derive(monster("If this card is Summoned: You can add 1 card from your Deck to your hand. If you do: it gains 500 ATK."))
    assert len(d.facts["effects"]) == 1


@pytest.mark.parametrize("card, why", [
    ({"card_type": "Skill", "text": {"en": "x"}}, "unknown card type"),
    ({"card_type": "Spell", "property": "Sideways", "text": {"en": "x"}}, "unknown spell property"),
    ({"card_type": "Trap", "property": "Normal"}, "no English text"),
    ({"card_type": "Monster", "monster_type_line": "Warrior / Effect", "text": {"en": "  "}}, "no English text"),
])
def test_what_cannot_be_read_is_reported(card, why):
    d = derive(card)
    assert d.facts["effects"] == [] and any(why in u for u in d.unknown)


def test_a_normal_monster_has_no_effects():
    d = derive(monster("A knight of old legends.", "Warrior / Normal"))
    assert d.facts == {"monster": ["normal"], "effects": []} and not d.unknown


def test_monster_kinds_of_a_type_line():
    assert monster_kinds("Spellcaster / Flip / Effect") == ["flip", "effect"]
    assert monster_kinds("Dragon / Synchro / Tuner / Effect") == ["synchro", "tuner", "effect"]
    assert monster_kinds(None) == ["normal"]


def test_sentences_split_at_full_stops_outside_quotes_and_parentheses():
    assert sentences('Draw 1 card. Then "Mr. Card" gains 1 ATK (this is not a cost. ever). End.') == \
        ['Draw 1 card.', 'Then "Mr. Card" gains 1 ATK (this is not a cost. ever).', 'End.']


def test_facts_hold_no_card_text():
    text = "If this card is destroyed by battle: You can add 1 card from your GY to your hand."
    d = derive(monster(text))
    flat = repr(d.facts)
    assert "add 1 card" not in flat and "your hand" not in flat
    assert not any(k.startswith("_") for e in d.facts["effects"] for k in e)


def test_an_event_that_includes_its_battle_case_is_listed_once_per_event():
    d = derive(monster("If this card is destroyed by your opponent's card (either by battle or by card effect) and sent to the GY: You can draw 1 card."))
    assert [e["when"] for e in d.facts["effects"]] == ["this-card-destroyed", "destroyed-by-battle"]
    d = derive(trap("When you take battle or effect damage: Gain 500 LP."))
    assert [e["when"] for e in d.facts["effects"]] == ["damage-taken", "battle-damage-taken"]


@pytest.mark.parametrize("text", [
    "If you take damage from a card effect: You can Special Summon this card from your hand.",
    "If your opponent takes damage by a monster effect: This card gains 500 ATK.",
    "If a monster is destroyed and sent to the GY, except by battle: You can draw 1 card.",
    "If this card is destroyed: You can draw 1 card.",
])
def test_an_event_that_excludes_battle_gets_no_battle_case(text):
    d = derive(monster(text))
    assert len(d.facts["effects"]) == 1 and d.facts["effects"][0]["when"] not in ("destroyed-by-battle", "battle-damage-taken")


def test_a_psct_damage_calculation_effect_without_the_quick_effect_mark_is_a_trigger():
    (eff,) = derive(monster("During damage calculation, if this card battles: You can make this card gain 600 ATK.")).facts["effects"]
    assert (eff["kind"], eff["when"]) == ("trigger", "damage-step.during-damage-calculation")
    (eff,) = derive(monster("During damage calculation, if this card battles (Quick Effect): You can make it gain 600 ATK.")).facts["effects"]
    assert eff["kind"] == "quick"
    (eff,) = derive(spell("During damage calculation, if your monster battles: You can pay 500 LP; it gains 500 ATK.", "Field")).facts["effects"][1:]
    assert (eff["kind"], eff["speed"]) == ("trigger", 1)


def test_a_state_then_an_event_is_a_trigger_and_a_state_then_a_state_is_not():
    (eff,) = derive(monster("While this card is in your GY, if a monster you control is destroyed by battle: You can add this card to your hand.")).facts["effects"]
    assert (eff["kind"], eff["when"]) == ("trigger", "destroyed-by-battle")
    (eff,) = derive(monster("If this card was Special Summoned, then is destroyed by battle: You can draw 1 card.")).facts["effects"]
    assert (eff["kind"], eff["when"]) == ("trigger", "destroyed-by-battle")
    (eff,) = derive(monster("While this card is in your GY, if you control no monsters: You can Special Summon this card.")).facts["effects"]
    assert eff["kind"] == "ignition"


@pytest.mark.parametrize("text", [
    "If this card battles a DARK monster, it gains 300 ATK during the Damage Step only.",
    "If this card attacks, your opponent cannot activate Trap Cards until the end of the Damage Step.",
    "If this card attacks, it is changed to Defense Position at the end of the Damage Step.",
])
def test_an_older_sentence_that_applies_with_no_chain_is_not_a_damage_step_trigger(text):
    for eff in derive(monster(text)).facts["effects"]:
        assert not (eff["kind"] == "trigger" and eff.get("when", "").startswith("damage-step")), eff


@pytest.mark.parametrize("text, when", [
    ("If this card is discarded: You can draw 1 card.", "this-card-moves"),
    ("If the battle position of this face-up card is changed: You can draw 1 card.", "this-card-moves"),
    ("When using this card as Synchro Material: You can draw 1 card.", "this-card-moves"),
    ("If a monster is sent from the field to your opponent's GY: You can draw 1 card.", "monster-sent-to-graveyard"),
    ("If this card successfully attacks your opponent's Life Points directly: You can draw 1 card.", "battle-damage-inflicted"),
    ("When the second attack of the turn is declared: You can draw 1 card.", "attack-declared"),
    ("If this card inflicts battle or effect damage to your opponent: You can draw 1 card.", "battle-damage-inflicted"),
    ('If you activate a "Moon Lantern" Quick-Play Spell: You can draw 1 card.', "card-activated"),
    ("When your opponent's second Standby Phase starts: You can draw 1 card.", "outside-battle-phase"),
])
def test_wordings_of_a_known_event(text, when):
    eff = derive(monster(text)).facts["effects"][0]
    assert (eff["kind"], eff.get("when")) == ("trigger", when), eff


@pytest.mark.parametrize("text", [
    "If a Fish monster is on the field: You can draw 1 card.",
    "If this card's current ATK is higher than its original ATK: You can draw 1 card.",
    "If this card is co-linked: You can draw 1 card.",
    "If a monster was destroyed by battle this turn: You can draw 1 card.",
])
def test_a_condition_on_the_state_of_the_game_is_read_as_such(text):
    d = derive(monster(text))
    (eff,) = d.facts["effects"]
    assert eff["kind"] == "ignition" and not d.unknown


@pytest.mark.parametrize("text", [
    "Target 1 face-up monster you control; its ATK and DEF are doubled until the end of this turn.",
    "Target 1 face-up monster on the field; switch its current ATK and DEF until the end of this turn.",
    "Target 1 face-up monster you control; double its ATK until the end of this turn.",
])
def test_direct_atk_def_changes_are_read(text):
    assert derive(spell(text, "Quick-Play")).facts["effects"][0].get("changes_atk_def") is True


@pytest.mark.parametrize("text", [
    "Target 1 monster in your GY; Special Summon it, and if you do, it gains 500 ATK.",
    "Special Summon this card as a Normal Monster (Rock/EARTH/Level 4/ATK 1800/DEF 1800). (This card is also still a Trap.)",
])
def test_a_summon_and_boost_or_a_trap_monster_stat_line_is_no_direct_change(text):
    assert "changes_atk_def" not in derive(trap(text)).facts["effects"][0]


def test_a_change_before_a_summon_is_still_direct():
    (eff,) = derive(monster("(Quick Effect): You can change this card's ATK to 0, and if you do, Special Summon 1 monster from your hand.")).facts["effects"]
    assert eff["changes_atk_def"] is True


def test_a_bullet_marked_quick_effect_is_an_effect_of_its_own_even_after_a_restriction():
    d = derive(monster("You can only use each of these effects once per turn.\n● (Quick Effect): You can discard this card; 1 monster you control "
                       "gains 1000 ATK.\n● If this card is sent to the GY: You can draw 1 card."))
    assert [e["kind"] for e in d.facts["effects"]] == ["quick", "trigger"]
    assert d.facts["effects"][0]["from"] == ["hand"] and d.facts["effects"][0]["changes_atk_def"] is True


@pytest.mark.parametrize("text, when", [
    ("You can only activate this card when you take battle damage. Gain 1000 LP.", "battle-damage-taken"),
    ("Activate only after damage calculation, if a monster you control battled. Draw 1 card.", "damage-step.after-damage-calculation"),
    ("Activate at the end of the Damage Step, if your monster destroyed a monster by battle. Draw 1 card.", "damage-step.end"),
    ("Activate only by discarding 1 card when a monster you control is destroyed by battle. Draw 1 card.", "destroyed-by-battle"),
])
def test_the_older_activation_condition_of_a_trap_is_read_not_skipped(text, when):
    act = derive(trap(text)).facts["effects"][0]
    assert (act["kind"], act.get("when")) == ("card-activation", when), act


def test_a_lasting_trap_with_an_older_activation_condition_is_activated_on_it():
    act = derive(trap("Activate only when a monster you control is destroyed by battle. Monsters you control gain 300 ATK.", "Continuous")).facts["effects"][0]
    assert (act["kind"], act.get("when")) == ("card-activation", "destroyed-by-battle")


def test_a_condition_that_ends_during_the_damage_step_is_activated_at_will_then_and_even_during_is_not():
    (eff,) = derive(monster("When your monster battles, during the Damage Step: You can make it gain 300 ATK.")).facts["effects"]
    assert (eff["kind"], eff["speed"]) == ("quick", 2)
    (eff,) = derive(monster("If a monster is sent to the GY, even during the Damage Step: You can draw 1 card.")).facts["effects"]
    assert eff["kind"] == "trigger"


@pytest.mark.parametrize("text, when", [
    ("If this Fusion Summoned card leaves the field because of an opponent's card: You can draw 1 card.", "this-card-leaves-field"),
    ("If this Ritual Summoned card in its owner's control is destroyed: You can draw 1 card.", "this-card-destroyed"),
    ("When this Tribute Summoned card is sent from the field to the GY: You can draw 1 card.", "this-card-sent-to-graveyard"),
])
def test_a_qualified_this_card_subject_is_still_this_card(text, when):
    (eff,) = derive(monster(text)).facts["effects"]
    assert (eff["kind"], eff["when"]) == ("trigger", when)


def test_an_event_of_the_equipped_monster_is_a_trigger_of_the_equip_card():
    d = derive(spell("Equip only to a Warrior monster. If the equipped monster is destroyed and sent to the GY: You can draw 1 card.", "Equip"))
    assert [(e["kind"], e.get("when")) for e in d.facts["effects"]] == [("card-activation", None), ("continuous", None),
                                                                        ("trigger", "monster-destroyed-and-sent-to-graveyard")]


@pytest.mark.parametrize("text", [
    "When a Spell Card is activated (Quick Effect): This card loses 500 ATK and that activation is negated.",
    "When a monster would be Summoned, OR a Spell Card is activated (Quick Effect): You can detach 1 material; negate the Summon or activation.",
    "When a monster effect is activated (Quick Effect): You can negate that effect's activation.",
])
def test_wordings_of_a_negated_activation(text):
    assert derive(monster(text)).facts["effects"][0]["negates_activation"] is True


def test_a_replacement_in_the_opening_sentence_of_a_normal_trap_is_the_card_activation():
    (act,) = derive(trap("During damage calculation, when you would take battle damage: Send 1 card from your Deck to the GY instead.")).facts["effects"]
    assert (act["kind"], act["when"]) == ("card-activation", "damage-step.during-damage-calculation")


def test_a_while_clause_before_the_event_is_a_condition_of_a_trigger():
    (eff,) = derive(monster("While equipped by this effect, if the equipped monster destroys a monster by battle: Draw 1 card.")).facts["effects"]
    assert (eff["kind"], eff["when"], eff["mandatory"]) == ("trigger", "destroys-by-battle", True)


# A ● line's label (an Attribute, a Tributed monster, a battle position) before the effect's own "If …" / "When …" is a
# state, not the activation condition: the event after it decides (R15: a battle event of the card's own acts in the
# Damage Step). An older text keeps its older reading though its labels have colons.
@pytest.mark.parametrize("text, kind, when, mandatory", [
    ("This card gains these effects.\n● Blue Gear: If this card destroys a monster by battle: Draw 1 card.\n● Red Gear: This card gains 300 ATK.",
     "trigger", "destroys-by-battle", True),
    ("This card gets these effects while a Pyro monster is on the field:\n● WATER: If this card destroys a monster by battle, it can attack again in a row.",
     "trigger", "destroys-by-battle", True),
    ("● While in Defense Position: When this card is destroyed by battle, you can draw 1 card.\n● While in Attack Position: This card gains 300 ATK.",
     "trigger", "destroyed-by-battle", False),
    ("This card gains this effect.\n● Green Gear: If this card inflicts battle damage to your opponent: Inflict 300 damage to your opponent.",
     "trigger", "battle-damage-inflicted", True),
])
def test_a_bullet_label_before_its_own_condition_is_a_state(text, kind, when, mandatory):
    d = derive(monster(text))
    (eff,) = [e for e in d.facts["effects"] if e["kind"] not in ("continuous", "ignition")]
    assert (eff["kind"], eff["when"], eff["mandatory"]) == (kind, when, mandatory)
    assert _verdicts(d.facts, eff)[-2:] != ["no", "no"]  # it acts after damage calculation or at the end of the Damage Step


# An older sentence that opens with a state ("While …, each time …, draw 1 card") is still a trigger on its event; the card
# that state names is not the card that moves.
@pytest.mark.parametrize("text, when, move", [
    ("While equipped to a monster by this effect, each time the equipped monster inflicts battle damage to your opponent, draw 1 card.",
     "battle-damage-inflicted", None),
    ("While you control this face-up card, when a Warrior monster is destroyed by battle and sent to the Graveyard, draw 1 card.",
     "destroyed-by-battle", None),
    ("While this card is in your Graveyard, each time a monster your opponent controls is banished, draw 1 card.", "card-moves", "banished"),
    ("While this card is in your GY, if a monster your opponent controls is banished: You can Special Summon this card.", "card-moves", "banished"),
])
def test_a_leading_while_state_keeps_the_older_sentence_a_trigger_on_its_event(text, when, move):
    (eff,) = derive(monster(text)).facts["effects"]
    assert (eff["kind"], eff["when"], eff.get("move")) == ("trigger", when, move)


def test_a_while_state_before_a_rule_of_summoning_is_no_trigger():
    d = derive(monster("Cannot be Normal Summoned.", pend="While this card is in your Pendulum Zone, if you Fusion Summon a Fiend monster, "
                                                          "you can also use this card as material."))
    assert [e["kind"] for e in d.facts["effects"] if e.get("pendulum")] == ["continuous"]


def test_an_older_bulleted_effect_after_an_introducing_colon_is_read_as_older_wording():
    d = derive(monster("While this card is face-up, it gains this effect:\n● When this card destroys a monster and sends it to the Graveyard "
                       "as a result of battle, draw 1 card.", "Warrior / Gemini / Effect"))
    assert [(e["kind"], e.get("when")) for e in d.facts["effects"] if e["kind"] != "continuous"] == [("trigger", "destroys-by-battle")]


@pytest.mark.parametrize("card", [
    trap("Increase your Life Points by the ATK of 1 attacking monster."),
    trap("Target 1 monster you control; banish it. During the next Standby Phase, return it to the field, and if you do, its ATK is doubled."),
])
def test_life_points_and_a_later_phase_are_no_direct_atk_change(card):
    assert "changes_atk_def" not in derive(card).facts["effects"][0]


def test_a_lasting_trap_that_summons_first_does_not_boost_on_activation():
    d = derive(trap("Activate this card by targeting 1 monster in your GY; Special Summon that target. It gains 100 ATK.", "Continuous"))
    assert not any(e["kind"] == "card-activation" and e.get("changes_atk_def") for e in d.facts["effects"])


def test_making_the_atk_of_a_monster_a_value_is_a_direct_change():
    (eff,) = derive(monster("(Quick Effect): You can discard this card; make the ATK of 1 monster on the field 0 until the end of this turn.")).facts["effects"]
    assert eff["changes_atk_def"] is True


def test_a_quick_effect_on_a_state_condition_has_no_event():
    (eff,) = derive(monster("If you control this Normal Summoned card (Quick Effect): You can change its ATK to 0; draw 1 card.")).facts["effects"]
    assert eff["kind"] == "quick" and "when" not in eff


def test_an_event_with_a_while_clause_after_it_is_still_an_event():
    (eff,) = derive(monster('If a "Candy" card is sent to your GY while this card is on the field: You can draw 1 card.')).facts["effects"]
    assert (eff["kind"], eff["when"]) == ("trigger", "monster-sent-to-graveyard")


# ── an ATK/DEF change that goes with another action done first is no direct modifier (R15) ──
@pytest.mark.parametrize("card, changes", [
    (spell("Target 1 monster you control and destroy it. All monsters you control gain 500 ATK until the End Phase.", "Quick-Play"), None),
    (trap("Change all monsters on the field to Defense Position. For the rest of this turn, their original DEF becomes 0."), None),
    (trap("Change 1 monster on the field to face-up Attack Position. It loses 600 ATK."), None),
    # the change is the first action, or stands in the same sentence as the other one: a direct modifier as before
    (spell("All monsters you control gain 500 ATK. Destroy them during the End Phase.", "Quick-Play"), True),
    (spell("Target 1 monster on the field; it loses 700 ATK, and if it has 0 ATK, destroy it.", "Quick-Play"), True),
    (spell("Target 1 face-up monster on the field; it gains 1000 ATK. Destroy it at the end of this turn.", "Quick-Play"), True),
    # choices are alternatives: one that changes ATK is not preceded by the other
    (spell("Activate 1 of these effects;\n● Change 1 monster to Defense Position.\n● Target 1 monster; it gains 1000 ATK.", "Quick-Play"), True),
])
def test_a_change_that_follows_a_destruction_or_position_change_is_not_direct(card, changes):
    act = derive(card).facts["effects"][0]
    assert act.get("changes_atk_def") is changes, act


def test_a_change_that_follows_another_action_keeps_the_card_out_of_the_damage_step():
    from ygorules.core.activation import decide
    facts = derive(spell("Target 1 monster you control and destroy it. All monsters you control gain 500 ATK.", "Quick-Play")).facts
    direct = derive(spell("All monsters you control gain 500 ATK until the End Phase.", "Quick-Play")).facts
    for timing in ("damage-step.start", "damage-step.before-damage-calculation"):
        assert decide(facts, facts["effects"][0], timing)[0] == "no"
        assert decide(direct, direct["effects"][0], timing)[0] != "no"


@pytest.mark.parametrize("text, doubted", [
    ("When a face-up monster you control is destroyed and sent to the GY: Destroy 1 monster on the field.", True),
    ("When a monster is sent from the field to your GY: Draw 1 card.", True),
    ("When a monster you control is destroyed by your opponent's card effect: Draw 1 card.", False),
    ("When a monster you control is destroyed by battle: Draw 1 card.", False),
    ("When a monster is sent from the field to your GY, even during the Damage Step: Draw 1 card.", False),
    ("When a face-up Spell Card you control is destroyed: Draw 1 card.", False),  # only a monster battles
])
def test_a_card_activated_on_a_destruction_with_no_cause_leaves_the_damage_step_to_its_rulings(text, doubted):
    d = derive(trap(text))
    act = d.facts["effects"][0]
    assert (act.get("unknown") == "damage-step") is doubted, act
    assert any("depends on the card's rulings" in r for r in d.unknown) is doubted


@pytest.mark.parametrize("text, kind", [
    ("If a Winged Beast monster is Normal Summoned: You can draw 1 card.", "winged-beast"),
    ("If a Beast monster is Normal Summoned: You can draw 1 card.", "beast"),
    ("If a Beast-Warrior monster is Normal Summoned: You can draw 1 card.", "beast-warrior"),
    ("If a Sea Serpent monster is Normal Summoned: You can draw 1 card.", "sea-serpent"),
])
def test_a_monster_type_of_two_words_is_not_read_as_its_last_word(text, kind):
    assert derive(monster(text)).facts["effects"][0]["subject"]["type"] == kind
