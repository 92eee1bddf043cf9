"""Experience: the cost of the next attribute point, and what may be raised.

Two cost schemes ship as data (resources/rules/experience.toml): Melee's flat
100 per point, and In the Labyrinth's cost that rises with the attribute total
the point brings the character to.  SP count in that total.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from tftmanager.rules.character import ATTRIBUTE_BOUNDS, Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.memory import memory
from tftmanager.rules.records import Record
from tftmanager.rules.settings import RuleProfile, XPCostScheme
from tftmanager.rules.xp_tables import CostTables


class Attribute(enum.Enum):
    """The attributes experience can buy."""

    ST = "st"
    DX = "dx"
    IQ = "iq"
    SP = "sp"

    @property
    def label(self) -> str:
        """ST, DX, IQ or SP."""
        return self.value.upper()


def attribute_total(character: Character) -> int:
    """ST + DX + IQ + SP: the total the rising cost is keyed to."""
    return character.st + character.dx + character.iq + character.sp


def next_cost(character: Character, tables: CostTables, profile: RuleProfile) -> int:
    """XP for the next point of any attribute (both schemes price all four alike)."""
    if profile.xp_costs is XPCostScheme.MELEE_FLAT:
        return tables.melee_cost
    return tables.itl_cost(attribute_total(character) + 1)


def raised(character: Character, attribute: Attribute) -> Character:
    """The character with one more point of an attribute, bought with experience."""
    return replace(character, **{attribute.value: getattr(character, attribute.value) + 1},
                   bought_points=character.bought_points + 1)


def raise_refusal(character: Character, attribute: Attribute, balance: int,
                  tables: CostTables, profile: RuleProfile) -> str:
    """Why the next point of an attribute cannot be bought now ("" when it can)."""
    cost = next_cost(character, tables, profile)
    if attribute is Attribute.SP and character.sp + 1 > tables.sp_cap(character.iq):
        return (f"SP cannot exceed IQ/{tables.iq_per_sp} rounded down "
                f"({tables.sp_cap(character.iq)} for IQ {character.iq}).")
    # The sanity bounds every stored character is held to (check_input).
    highest = ATTRIBUTE_BOUNDS[attribute.value][1]
    if getattr(character, attribute.value) >= highest:
        return f"{attribute.label} cannot go above {highest}."
    most_bought = ATTRIBUTE_BOUNDS["bought_points"][1]
    if character.bought_points >= most_bought:
        return f"At most {most_bought} points can be bought with experience."
    if balance < cost:
        return f"Needs {cost} XP; {character.name} has {balance}."
    return ""


def memory_refusal(character: Character, balance: int, tables: CostTables,
                   profile: RuleProfile) -> str:
    """Why a memory point cannot be bought with experience ("" when it can; Legacy rule)."""
    if not profile.legacy_memory_xp:
        return "This campaign does not buy memory with experience (a campaign rule)."
    if balance < tables.memory_cost:
        return f"A memory point costs {tables.memory_cost} XP; {character.name} has {balance}."
    return ""


def lowering_refusal(before: Character, after: Character, library: RulesLibrary,
                     profile: RuleProfile) -> str:
    """Why an IQ reduction is refused ("" when it is not a reduction or is allowed).

    IQ may not drop below what the SP or the known talents and spells need.
    """
    if after.iq >= before.iq:
        return ""
    most = library.cost_tables().sp_cap(after.iq)
    if after.sp > most:
        return f"IQ {after.iq} allows at most {most} SP; {after.name} has {after.sp}."
    needs = [t.name for t in (library.talents.get(k.key) for k in after.talents)
             if t is not None and t.iq > after.iq]
    needs += [s.name for s in (library.spells.get(k) for k in after.spells)
              if s is not None and s.iq > after.iq]
    if needs:
        names = ", ".join(needs[:3])
        return f"IQ {after.iq} is below the IQ level of {names}."
    mem = memory(after, library, profile)
    if mem.free < 0:
        return (f"IQ {after.iq} leaves memory for {mem.capacity} points; talents and "
                f"spells use {mem.used}.")
    return ""


class XPKind(enum.Enum):
    """Kinds of ledger entry; job-week bonuses are just another kind."""

    AWARD = "award"
    COMBAT = "combat"
    SPEND = "spend"
    CORRECTION = "correction"
    JOB = "job"

    @property
    def label(self) -> str:
        """Word for the ledger view."""
        return {"award": "GM award", "combat": "Combat", "spend": "Spent",
                "correction": "Correction", "job": "Job week"}[self.value]


# Only these kinds may take experience away: spending, a correction, and
# Melee's -10 for running away unhurt from the arena.
NEGATIVE_ALLOWED = frozenset({XPKind.SPEND, XPKind.CORRECTION, XPKind.COMBAT})
MAX_ENTRY = 1_000_000


def entry_refusal(amount: int, kind: XPKind) -> str:
    """Why a ledger amount is not acceptable ("" when it is)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        return "The amount must be a whole number."
    if amount == 0:
        return "The amount must not be 0."
    if abs(amount) > MAX_ENTRY:
        return f"The amount must be at most {MAX_ENTRY:,} either way."
    if amount < 0 and kind not in NEGATIVE_ALLOWED:
        return ("An award cannot be negative; to take experience away, record a "
                "correction.")
    return ""


@dataclass(frozen=True, eq=False, repr=False)
class WeekPoint(Record):
    """A character's standing at the end of a campaign week."""

    week: int
    xp_balance: int
    attribute_total: int


def progress(current_total: int, entries: list[tuple[int, int, str]]) -> list[WeekPoint]:
    """XP balance and attribute total at the end of each week with ledger entries.

    ``entries`` are (week, amount, attribute bought or ""), oldest first; the
    attribute total before a purchase is worked back from today's total.
    """
    if not entries:
        return []
    bought_after: dict[int, int] = {}
    for week, _amount, attribute in entries:
        if attribute:
            bought_after[week] = bought_after.get(week, 0) + 1
    weeks = sorted({week for week, _a, _b in entries})
    points = []
    balance = 0
    total_bought = sum(bought_after.values())
    bought_so_far = 0
    by_week: dict[int, int] = {}
    for week, amount, _attribute in entries:
        by_week[week] = by_week.get(week, 0) + amount
    for week in weeks:
        balance += by_week[week]
        bought_so_far += bought_after.get(week, 0)
        total = current_total - (total_bought - bought_so_far)
        points.append(WeekPoint(week, balance, total))
    return points
