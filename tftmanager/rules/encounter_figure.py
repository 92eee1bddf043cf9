"""One figure in a fight: its ST boxes, adjusted DX for the turn, and the hits it takes.

A figure is built by the application from a party character (its derived
stats) or a bestiary template; from then on the fight changes only what this
module tracks: wounds and fatigue (kept apart, both off ST), hits in the
current and the last turn (Melee's reactions to injury), a knock-down, the
hits each armor and shield stopped (their wear), and dropped weapons.
"""

from __future__ import annotations

import enum
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from tftmanager.rules.encounter_rules import CombatRules


class Condition(enum.Enum):
    """Whether a figure can act."""

    FIGHTING = "fighting"
    DOWN = "knocked down"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"

    @property
    def out(self) -> bool:
        """Out of the fight for good (counts as defeated)."""
        return self in (Condition.UNCONSCIOUS, Condition.DEAD)


@dataclass
class Protection:
    """A worn armor or a ready shield, and the hits it stopped in this fight."""

    kind: str  # "armor", "shield" or "natural" (talents, a hide: no wear)
    key: str
    name: str
    stops: int
    stopped: int = 0
    item: int = -1  # the character's possession (its index) that wears, -1 for none


@dataclass
class Attack:
    """A weapon (or natural attack) a figure can strike with."""

    name: str
    damage: str  # dice in the documents' notation, e.g. "2d-1"
    key: str = ""
    missile: bool = False
    twice_at_dx: int | None = None  # a bow's second shot a turn from this adjDX (003)


@dataclass(frozen=True)
class HitOutcome:
    """What one blow did to its target."""

    damage: int
    stopped: tuple[tuple[str, int], ...]  # (item name, hits it stopped)
    taken: int
    fell: bool  # knocked down by this blow (hits in the turn reached the threshold)
    condition: Condition

    @property
    def stopped_total(self) -> int:
        """Hits armor and shield took."""
        return sum(n for _name, n in self.stopped)


@dataclass
class Figure:
    """A fighter's state for the length of one encounter."""

    fid: str
    name: str
    side: str
    st: int
    dx: int  # adjusted DX before this fight's injuries (armor, shield, talents)
    iq: int = 0
    ma: int = 10
    base_dx: int = 0  # basic DX, for Melee's awards (0: the same as ``dx``)
    protections: list[Protection] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    dx_penalty_hits: int = 5
    knockdown_hits: int = 8
    low_st_max: int = 3
    low_st_dx: int = -3
    character_id: int | None = None
    template: str = ""
    wounds_before: int = 0
    wounds: int = 0
    fatigue: int = 0
    hits_this_turn: int = 0
    hits_last_turn: int = 0
    knocked_down_turn: int = 0
    attacked_turn: int = 0
    height: str = ""
    falls: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    missiles_spent: int = 0

    @property
    def current_st(self) -> int:
        """ST left after wounds (earlier and in this fight) and fatigue."""
        return self.st - self.wounds_before - self.wounds - self.fatigue

    @property
    def stops(self) -> int:
        """Hits stopped per attack by everything worn and ready."""
        return sum(p.stops for p in self.protections)

    @property
    def attribute_total(self) -> int:
        """ST + basic DX, which Melee's awards compare."""
        return self.st + (self.base_dx or self.dx)

    def condition(self, rules: CombatRules, turn: int) -> Condition:
        """Dead at ``dead_st`` or less, unconscious at ``unconscious_st``, down after 8+ hits."""
        if self.current_st <= rules.dead_st:
            return Condition.DEAD
        if self.current_st <= rules.unconscious_st:
            return Condition.UNCONSCIOUS
        if self.knocked_down_turn and turn - self.knocked_down_turn <= 1:
            return Condition.DOWN
        return Condition.FIGHTING

    def adj_dx(self) -> int:
        """Adjusted DX this turn: -2 after heavy hits last turn, -3 at low ST (Melee)."""
        value = self.dx
        if self.hits_last_turn >= self.dx_penalty_hits:
            value -= 2
        if self.current_st <= self.low_st_max:
            value += self.low_st_dx
        return value

    def dx_notes(self) -> list[str]:
        """Why adjDX differs from the figure's own, in words."""
        notes = []
        if self.hits_last_turn >= self.dx_penalty_hits:
            notes.append(f"-2 for {self.hits_last_turn} hits last turn")
        if self.current_st <= self.low_st_max:
            notes.append(f"{self.low_st_dx} for ST {self.current_st}")
        return notes

    def take(self, damage: int, rules: CombatRules, turn: int,
             ignore_armor: bool = False) -> HitOutcome:
        """Armor, then shield (``stopped_order``), then talents stop what they can.

        The rest comes off ST.  Talents' and hides' stops (kind ``natural``)
        come after the items in the order, and wear nothing.
        """
        left = damage
        stopped: list[tuple[str, int]] = []
        kinds = [*rules.stopped_order,
                 *{p.kind for p in self.protections if p.kind not in rules.stopped_order}]
        if not ignore_armor:
            for kind in kinds:
                for item in (p for p in self.protections if p.kind == kind):
                    n = min(left, item.stops)
                    if n:
                        item.stopped += n
                        stopped.append((item.name, n))
                        left -= n
        before = self.hits_this_turn
        self.wounds += left
        self.hits_this_turn += left
        fell = before < self.knockdown_hits <= self.hits_this_turn
        if fell:
            self.knocked_down_turn = turn
        return HitOutcome(damage, tuple(stopped), left, fell, self.condition(rules, turn))

    def may_attack(self, rules: CombatRules, turn: int) -> str:
        """Why this figure may not attack now, or "" if it may."""
        state = self.condition(rules, turn)
        if state is Condition.DEAD:
            return f"{self.name} is dead (ST {self.current_st}) and cannot attack."
        if state is Condition.UNCONSCIOUS:
            return f"{self.name} is unconscious (ST {self.current_st}) and cannot attack."
        if self.knocked_down_turn and self.knocked_down_turn == turn:
            return (f"{self.name} took {self.hits_this_turn} hits this turn and fell; "
                    f"no attack this turn.")
        if self.knocked_down_turn and self.knocked_down_turn == turn - 1:
            return f"{self.name} was knocked down last turn and may only stand up this turn."
        return ""

    def next_turn(self) -> None:
        """Move the hits of this turn to last turn's (the -2 DX lasts the next turn only)."""
        self.hits_last_turn = self.hits_this_turn
        self.hits_this_turn = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain values for the saved encounter."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Figure:
        """Read a saved figure."""
        values = dict(data)
        values["protections"] = [Protection(**p) for p in data.get("protections", [])]
        values["attacks"] = [Attack(**a) for a in data.get("attacks", [])]
        return cls(**values)


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def fall_dice(falls: list[str], tiles: int) -> int:
    """Dice of falling damage for a drop of ``tiles`` (000, Height Chart).

    ``falls`` are the chart's ranges for 1d, 2d and 3d.  A shorter drop costs
    nothing; a longer one than the chart prints is read as 3d (the chart stops).
    """
    dice = 0
    for count, text in enumerate(falls, start=1):
        match = _RANGE.match(text)
        if match is None:
            continue
        low = int(match.group(1))
        if tiles >= low:
            dice = count
    return dice
