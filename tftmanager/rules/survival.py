"""Death and dying (the expansion): the survival roll and the recovery after it.

A figure at 0 ST, or below 0 with a friend helping, survives on a roll of the
target or better after every modifier; a natural ``always_dies_on`` always
dies.  A survivor wakes weak (0 ST, ``recovery_dx`` DX) and recovers over
``recovery_weeks`` weeks of rest, 1 DX a week.  Every number is in
``[survival]`` of jobs.toml.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import Any

from tftmanager.rules.character import Character, Status
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class SurvivalRules(Record):
    """The survival roll's numbers, as data."""

    target: int
    per_st_below_zero: int
    physicker: int
    master_physicker: int
    first_aid: int
    second_physicker: int
    second_master_physicker: int
    potions_per_bonus: int
    potions_max: int
    per_minute_unhelped: int
    original_st: tuple[tuple[int, int], ...]  # (max ST, modifier), ascending
    always_dies_on: int
    recovery_weeks: int
    recovery_dx: int

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> SurvivalRules:
        """Read ``[survival]``."""
        try:
            return cls(
                target=int(doc["target"]), per_st_below_zero=int(doc["per_st_below_zero"]),
                physicker=int(doc["physicker"]), master_physicker=int(doc["master_physicker"]),
                first_aid=int(doc["first_aid"]), second_physicker=int(doc["second_physicker"]),
                second_master_physicker=int(doc["second_master_physicker"]),
                potions_per_bonus=int(doc["potions_per_bonus"]),
                potions_max=int(doc["potions_max"]),
                per_minute_unhelped=int(doc["per_minute_unhelped"]),
                original_st=tuple(sorted((int(r["max"]), int(r["mod"]))
                                         for r in doc["original_st"])),
                always_dies_on=int(doc["always_dies_on"]),
                recovery_weeks=int(doc["recovery_weeks"]),
                recovery_dx=int(doc["recovery_dx"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Survival rules are malformed: {exc}") from exc


class Helper:
    """Who is helping: the best of the first helper and of a second one."""

    NONE = "none"
    FIRST_AID = "first_aid"
    PHYSICKER = "physicker"
    MASTER = "master_physicker"


@dataclass(frozen=True, eq=False, repr=False)
class Situation(Record):
    """Everything the survival roll depends on."""

    st_now: int             # 0 or below
    original_st: int
    helper: str = Helper.NONE
    second_helper: str = Helper.NONE
    potions: int = 0
    minutes_unhelped: int = 0


@dataclass(frozen=True, eq=False, repr=False)
class Modifier(Record):
    """One line of the calculation, for showing."""

    reason: str
    amount: int


def is_dying(current_st: int) -> bool:
    """A figure at 0 ST or below is unconscious and dying (it needs the survival roll)."""
    return current_st <= 0


def can_survive(situation: Situation) -> str:
    """Why no roll is allowed ("" when one is): below 0 ST needs a friend helping."""
    if situation.st_now > 0:
        return "The figure is not dying (ST above 0)."
    if situation.st_now < 0 and situation.helper == Helper.NONE:
        return "Below 0 ST only a friend's help gives a chance to survive."
    return ""


def modifiers(situation: Situation, rules: SurvivalRules) -> list[Modifier]:
    """Every modifier to the 2d roll, each with its reason."""
    mods = []
    if situation.st_now < 0:
        mods.append(Modifier(f"{-situation.st_now} ST below 0",
                             rules.per_st_below_zero * -situation.st_now))
    first = {Helper.PHYSICKER: rules.physicker, Helper.MASTER: rules.master_physicker,
             Helper.FIRST_AID: rules.first_aid}.get(situation.helper, 0)
    if first:
        mods.append(Modifier(f"helped by {situation.helper.replace('_', ' ')}", first))
    second = {Helper.PHYSICKER: rules.second_physicker,
              Helper.MASTER: rules.second_master_physicker}.get(situation.second_helper, 0)
    if second and situation.helper != Helper.NONE:
        mods.append(Modifier(f"a second {situation.second_helper.replace('_', ' ')}", second))
    potions = min(situation.potions, rules.potions_max)
    if potions >= rules.potions_per_bonus:
        mods.append(Modifier(f"{potions} healing potions", potions // rules.potions_per_bonus))
    if situation.minutes_unhelped:
        mods.append(Modifier(f"{situation.minutes_unhelped} minutes unhelped",
                             rules.per_minute_unhelped * situation.minutes_unhelped))
    for max_st, mod in rules.original_st:
        if situation.original_st <= max_st:
            if mod:
                mods.append(Modifier(f"original ST {situation.original_st}", mod))
            break
    return mods


def chance(situation: Situation, rules: SurvivalRules) -> Fraction:
    """The exact chance of surviving, before rolling (2 always dies)."""
    if can_survive(situation):
        return Fraction(0)
    total = sum(m.amount for m in modifiers(situation, rules))
    wins = sum(1 for a, b in product(range(1, 7), repeat=2)
               if a + b != rules.always_dies_on and a + b + total >= rules.target)
    return Fraction(wins, 36)


@dataclass(frozen=True, eq=False, repr=False)
class Outcome(Record):
    """The roll, its modified total, and whether the figure lives."""

    faces: tuple[int, int]
    total: int
    survives: bool


def resolve(faces: tuple[int, int], situation: Situation, rules: SurvivalRules) -> Outcome:
    """Apply the modifiers to rolled faces."""
    if can_survive(situation):
        return Outcome(faces, sum(faces), False)
    natural = sum(faces)
    total = natural + sum(m.amount for m in modifiers(situation, rules))
    survives = natural != rules.always_dies_on and total >= rules.target
    return Outcome(faces, total, survives)


def recovery_penalty(weeks_left: int, rules: SurvivalRules) -> int:
    """The DX penalty of a survivor with ``weeks_left`` weeks of recovery still to go.

    A survivor wakes at ``recovery_dx`` and gets 1 DX back for each week of
    rest, never above its own DX; a character not recovering has no penalty.
    The rules library keeps both numbers, so a GM who edits ``recovery_dx``
    sees it here (and on the derived figure).
    """
    if weeks_left <= 0:
        return 0
    rested = max(0, rules.recovery_weeks - weeks_left)
    return min(0, rules.recovery_dx + rested)


def after_roll(character: Character, outcome: Outcome, rules: SurvivalRules) -> Character:
    """The character after the roll: dead, or awake at 0 ST and weak, with weeks to recover."""
    if not outcome.survives:
        return replace(character, status=Status.DEAD)
    return replace(character, status=Status.ACTIVE, wounds=character.st,
                   recovery_weeks=rules.recovery_weeks)
