"""The numbers of a fight that are rules data: to-hit results and when a figure falls.

Read from ``[to_hit]`` and ``[fallen]`` of ``injury.toml`` (Melee, lines 240
and 441) so a GM's house rule is an edit of the library, not of the code.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.problems import RulesDataError


class HitResult(enum.Enum):
    """What a roll to hit did."""

    MISS = "miss"
    HIT = "hit"
    DOUBLE = "double"      # Melee: a roll of 4, double damage
    TRIPLE = "triple"      # Melee: a roll of 3, triple damage
    DROPPED = "dropped"    # a 17: misses and drops the weapon
    BROKEN = "broken"      # an 18: misses and breaks the weapon

    @property
    def hits(self) -> bool:
        """Whether the attack struck."""
        return self in (HitResult.HIT, HitResult.DOUBLE, HitResult.TRIPLE)

    @property
    def multiplier(self) -> int:
        """Melee's damage multiple (the house option uses it to ignore armor instead)."""
        return {HitResult.DOUBLE: 2, HitResult.TRIPLE: 3}.get(self, 1)


@dataclass(frozen=True)
class CombatRules:
    """To-hit automatic results and the ST at which a figure falls."""

    triple_on: int
    double_on: int
    always_hits_to: int
    always_misses_from: int
    drops_on: int
    breaks_on: int
    stopped_order: tuple[str, ...]
    unconscious_st: int
    dead_st: int

    @classmethod
    def from_data(cls, injury_doc: Mapping[str, Any]) -> CombatRules:
        """Read ``[to_hit]`` and ``[fallen]`` of the injury document."""
        try:
            hit, fallen = injury_doc["to_hit"], injury_doc["fallen"]
            return cls(
                triple_on=int(hit["triple_on"]), double_on=int(hit["double_on"]),
                always_hits_to=int(hit["always_hits_to"]),
                always_misses_from=int(hit["always_misses_from"]),
                drops_on=int(hit["drops_on"]), breaks_on=int(hit["breaks_on"]),
                stopped_order=tuple(str(s) for s in hit["stopped_order"]),
                unconscious_st=int(fallen["unconscious_st"]),
                dead_st=int(fallen["dead_st"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Combat rules ([to_hit], [fallen] in injury) "
                                 f"are malformed: {exc}") from exc

    def judge(self, roll: int, adj_dx: int, dice: int = 3) -> HitResult:
        """The result of rolling ``roll`` on ``dice`` dice against ``adj_dx``.

        The automatic results belong to the 3-dice roll; a dodged or defended
        attack (4 dice) hits on adjDX or less and nothing else.
        """
        if dice == 3:
            automatic = {self.triple_on: HitResult.TRIPLE, self.double_on: HitResult.DOUBLE,
                         self.drops_on: HitResult.DROPPED, self.breaks_on: HitResult.BROKEN}
            if roll in automatic:
                return automatic[roll]
            if roll <= self.always_hits_to:
                return HitResult.HIT
            if roll >= self.always_misses_from:
                return HitResult.MISS
        return HitResult.HIT if roll <= adj_dx else HitResult.MISS
