"""Melee's experience awards for surviving combat, and the GM's free awards.

The amounts ship as data (``[awards]`` in experience.toml).  Sides are compared
by their AVERAGE ST + DX, as Melee says for multi-figure combats.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


class CombatType(enum.Enum):
    """Melee's three kinds of combat."""

    DEATH = "death"
    ARENA = "arena"
    PRACTICE = "practice"


class Outcome(enum.Enum):
    """What became of one figure on the party's side."""

    SURVIVED = "survived"          # death match: alive at the end
    WON = "won"                    # arena: on the winning side, alive
    DEFEATED = "defeated"          # arena: on the losing side, alive
    RAN_AWAY_UNHURT = "ran_away"   # arena: escaped through the door, no hits taken
    ON_FEET = "on_feet"            # practice: still standing when a side was eliminated
    DOWN = "down"                  # practice: dropped out; or dead in any combat


@dataclass(frozen=True, eq=False, repr=False)
class AwardTable(Record):
    """Melee's award amounts."""

    death_survivor: int
    death_survivor_vs_superior: int
    death_superior_margin: int
    arena_winner: int
    arena_defeated: int
    arena_ran_away_unhurt: int
    arena_weaker_side_bonus: int
    arena_weaker_margin: int
    practice_on_feet: int

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> AwardTable:
        """Read ``[awards]``."""
        try:
            return cls(**{name: int(doc[name]) for name in cls.__dataclass_fields__})
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Award table is malformed: {exc}") from exc


@dataclass(frozen=True, eq=False, repr=False)
class Award(Record):
    """One figure's award, with the reason in words."""

    name: str
    amount: int
    reason: str


def average(totals: Sequence[int]) -> Fraction:
    """Exact average ST + DX of a side."""
    if not totals:
        raise ValueError("A side needs at least one figure.")
    return Fraction(sum(totals), len(totals))


def combat_awards(
    combat: CombatType,
    party: Sequence[tuple[str, int, Outcome]],
    enemy_totals: Sequence[int],
    table: AwardTable,
    side_totals: Sequence[int] | None = None,
) -> list[Award]:
    """Awards for the party's figures: (name, ST + DX, outcome) each.

    The enemy is given as each enemy figure's ST + DX.  Melee compares the
    sides' AVERAGE ST + DX: ``side_totals`` is every figure on the party's
    side (allies that earn nothing, a summoned warrior, say, count too);
    without it the party is the whole side.  Figures that died (or dropped
    out of practice) get nothing and are listed with 0.
    """
    ours = average(list(side_totals) if side_totals
                   else [total for _name, total, _outcome in party])
    theirs = average(enemy_totals)
    awards = []
    for name, _total, outcome in party:
        amount, why = _one(combat, outcome, ours, theirs, table)
        awards.append(Award(name, amount, why))
    return awards


def _one(combat: CombatType, outcome: Outcome, ours: Fraction, theirs: Fraction,
         table: AwardTable) -> tuple[int, str]:
    if outcome is Outcome.DOWN:
        return 0, "did not survive (or dropped out)"
    if combat is CombatType.DEATH:
        if outcome is not Outcome.SURVIVED:
            raise ValueError(f"'{outcome.value}' is not an outcome of a combat to the death")
        if theirs - ours > table.death_superior_margin:
            return (table.death_survivor_vs_superior,
                    f"survived a combat to the death against a side averaging "
                    f"{float(theirs - ours):.1f} stronger in ST + DX")
        return table.death_survivor, "survived a combat to the death"
    if combat is CombatType.PRACTICE:
        if outcome is not Outcome.ON_FEET:
            raise ValueError(f"'{outcome.value}' is not an outcome of practice combat")
        return table.practice_on_feet, "on their feet at the end of practice combat"
    base = {
        Outcome.WON: (table.arena_winner, "won an arena combat"),
        Outcome.DEFEATED: (table.arena_defeated, "survived defeat in the arena"),
        Outcome.RAN_AWAY_UNHURT: (table.arena_ran_away_unhurt, "ran away unhurt"),
    }.get(outcome)
    if base is None:
        raise ValueError(f"'{outcome.value}' is not an outcome of arena combat")
    amount, why = base
    if theirs - ours >= table.arena_weaker_margin:
        amount += table.arena_weaker_side_bonus
        why += f" (+{table.arena_weaker_side_bonus}: their side averaged 3 or more weaker)"
    return amount, why


@dataclass(frozen=True, eq=False, repr=False)
class Split(Record):
    """A GM award shared out: each share, and what is left over."""

    each: int
    remainder: int


def split_evenly(amount: int, people: int) -> Split:
    """Divide an award evenly; the remainder is shown, not lost silently."""
    if people <= 0:
        raise ValueError("There is nobody to award.")
    return Split(amount // people, amount % people)
