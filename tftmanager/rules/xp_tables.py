"""Experience tables as data: the cost schemes (and, in awards.py, Melee's awards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class CostStep(Record):
    """Points reaching ``total`` (and below, for the first step) cost ``cost``."""

    total: int
    cost: int


@dataclass(frozen=True, eq=False, repr=False)
class CostTables(Record):
    """Both schemes' data."""

    melee_cost: int
    itl_steps: tuple[CostStep, ...]
    double_after_last: bool
    memory_cost: int  # XP per memory point, Legacy rule ([memory] cost)
    iq_per_sp: int  # at most IQ // iq_per_sp SP ([skill_points])

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> CostTables:
        """Read ``experience.toml``."""
        try:
            melee = int(doc["melee"]["cost"])
            steps = tuple(sorted((CostStep(int(s["total"]), int(s["cost"]))
                                  for s in doc["itl"]["steps"]), key=lambda s: s.total))
            double = bool(doc["itl"]["double_after_last"])
            memory = int(doc["memory"]["cost"])
            iq_per_sp = int(doc["skill_points"]["iq_per_sp"])
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Experience table is malformed: {exc}") from exc
        if melee <= 0 or not steps or any(s.cost <= 0 for s in steps):
            raise RulesDataError("Experience costs must be positive")
        if iq_per_sp <= 0:
            raise RulesDataError("iq_per_sp must be positive")
        return cls(melee, steps, double, memory, iq_per_sp)

    def sp_cap(self, iq: int) -> int:
        """The most SP a character of this IQ may have."""
        return iq // self.iq_per_sp

    def itl_cost(self, new_total: int) -> int:
        """Cost of the point that brings the attribute total to ``new_total``."""
        for step in self.itl_steps:
            if new_total <= step.total:
                return step.cost
        last = self.itl_steps[-1]
        if not self.double_after_last:
            return last.cost
        return int(last.cost * 2 ** (new_total - last.total))


@dataclass(frozen=True, eq=False, repr=False)
class MemoryCosts(Record):
    """Memory points a spell costs, and the wizard's factor for talents ([memory_costs])."""

    spell: int
    hero_spell: int
    wizard_talent_times: int
    capacity_per_sp: int  # memory capacity is IQ + this x SP

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> MemoryCosts:
        """Read ``[memory_costs]`` of experience.toml."""
        try:
            costs = cls(int(doc["spell"]), int(doc["hero_spell"]),
                        int(doc["wizard_talent_times"]), int(doc["capacity_per_sp"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Memory costs are malformed: {exc}") from exc
        if min(costs.spell, costs.hero_spell, costs.wizard_talent_times,
               costs.capacity_per_sp) < 0:
            raise RulesDataError("Memory costs must not be negative")
        return costs
