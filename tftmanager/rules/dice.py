"""Damage dice in the documents' notation (``2d-1`` is Melee's "2-1")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tftmanager.rules.problems import RulesDataError

_DAMAGE = re.compile(r"^\s*(\d+)\s*d\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class DamageDice:
    """A number of six-sided dice plus a fixed adjustment."""

    count: int
    plus: int = 0

    @classmethod
    def parse(cls, text: str) -> DamageDice:
        """Read ``3d``, ``2d-1`` or ``1d+2``; anything else is a data error."""
        match = _DAMAGE.match(text)
        if match is None:
            raise RulesDataError(f"'{text}' is not damage dice like 2d-1")
        count = int(match.group(1))
        plus = int(match.group(3) or 0)
        if match.group(2) == "-":
            plus = -plus
        if count < 1:
            raise RulesDataError(f"'{text}' rolls no dice")
        return cls(count, plus)

    def add(self, amount: int) -> DamageDice:
        """The same dice with a further adjustment (a racial bonus, say)."""
        return DamageDice(self.count, self.plus + amount)

    @property
    def minimum(self) -> int:
        """Lowest roll; damage below 0 counts as 0."""
        return max(0, self.count + self.plus)

    @property
    def maximum(self) -> int:
        """Highest roll."""
        return max(0, 6 * self.count + self.plus)

    def __str__(self) -> str:
        if self.plus == 0:
            return f"{self.count}d"
        return f"{self.count}d{self.plus:+d}"
