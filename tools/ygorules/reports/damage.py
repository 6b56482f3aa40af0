"""The outcome of damage calculation: which monsters are destroyed by battle, who takes battle damage, how much.

A small pure function that mirrors the table in kb/damage/damage-calculation.yaml (tests/test_damage.py checks it
against every row). Values are the ones the monsters have at damage calculation, after every modifier.
"""
from __future__ import annotations

from dataclasses import dataclass

POSITIONS = ("attack", "defense", "direct")
"""What is attacked: a monster in Attack Position, one in Defense Position, or nobody (a direct attack)."""


@dataclass(frozen=True)
class Outcome:
    """The result of one battle, in the vocabulary of the damage table's rows."""

    case: str
    """The table row that applies, e.g. 'attack-vs-defense-lower' (a row with only_if adds its suffix:
    'attack-vs-attack-equal-zero', 'attack-vs-defense-higher-piercing')."""
    destroyed: frozenset
    """The monsters destroyed by battle: a subset of {'attacker', 'defender'}."""
    damage_to: str
    """Who takes battle damage: 'none', 'attacker-controller' or 'defender-controller'."""
    amount: int
    """How much battle damage (0 when nobody takes any)."""


def _check_value(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if value < 0:
        raise ValueError(f"{name} cannot be negative (got {value}); ATK and DEF are 0 or more")
    return value


def outcome(attacker_atk: int, target_position: str, target_value: int | None = None, piercing: bool = False) -> Outcome:
    """The outcome of an attack by a monster with ``attacker_atk`` against a target.

    ``target_position`` is 'attack' (``target_value`` is the target's ATK), 'defense' (its DEF) or 'direct'
    (no target, ``target_value`` stays None). ``piercing`` is the attacker's piercing effect, which only
    matters against a Defense Position monster with lower DEF.

    >>> outcome(2500, "attack", 2000)
    Outcome(case='attack-vs-attack-higher', destroyed=frozenset({'defender'}), damage_to='defender-controller', amount=500)
    >>> outcome(1500, "attack", 1500).destroyed == {"attacker", "defender"}
    True
    >>> outcome(0, "attack", 0)
    Outcome(case='attack-vs-attack-equal-zero', destroyed=frozenset(), damage_to='none', amount=0)
    >>> outcome(1000, "defense", 1800)
    Outcome(case='attack-vs-defense-lower', destroyed=frozenset(), damage_to='attacker-controller', amount=800)
    >>> outcome(3000, "defense", 2000).amount, outcome(3000, "defense", 2000, piercing=True).case
    (0, 'attack-vs-defense-higher-piercing')
    >>> outcome(1200, "direct")
    Outcome(case='direct-attack', destroyed=frozenset(), damage_to='defender-controller', amount=1200)
    """
    atk = _check_value("attacker_atk", attacker_atk)
    if target_position not in POSITIONS:
        raise ValueError(f"target_position must be one of {', '.join(POSITIONS)} (got {target_position!r})")
    if target_position == "direct":
        if target_value is not None:
            raise ValueError("a direct attack has no target: leave target_value out")
        return Outcome("direct-attack", frozenset(), "defender-controller", atk)
    if target_value is None:
        raise ValueError(f"an attack on a monster in {target_position} position needs target_value (its {'ATK' if target_position == 'attack' else 'DEF'})")
    value = _check_value("target_value", target_value)
    comparison = "higher" if atk > value else "equal" if atk == value else "lower"
    case = f"attack-vs-{target_position}-{comparison}"
    difference = abs(atk - value)
    if target_position == "attack":
        if comparison == "higher":
            return Outcome(case, frozenset({"defender"}), "defender-controller", difference)
        if comparison == "equal":
            if atk == 0:  # 0 against 0: neither is destroyed (TCG since 2010; before, both were)
                return Outcome(case + "-zero", frozenset(), "none", 0)
            return Outcome(case, frozenset({"attacker", "defender"}), "none", 0)
        return Outcome(case, frozenset({"attacker"}), "attacker-controller", difference)
    if comparison == "higher":
        if piercing:
            return Outcome(case + "-piercing", frozenset({"defender"}), "defender-controller", difference)
        return Outcome(case, frozenset({"defender"}), "none", 0)
    if comparison == "equal":
        return Outcome(case, frozenset(), "none", 0)
    return Outcome(case, frozenset(), "attacker-controller", difference)
