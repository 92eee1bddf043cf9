"""Races: attribute minimums and starting totals under each creation scheme."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tftmanager.rules.injury import InjuryThresholds
from tftmanager.rules.records import Record
from tftmanager.rules.references import Reference
from tftmanager.rules.settings import CreationScheme


class Effect(enum.Enum):
    """What a racial modifier changes."""

    DX = "dx"
    DAMAGE = "damage"


class AttackMode(enum.Enum):
    """How a weapon is used in an attack."""

    STRIKE = "strike"
    THROWN = "thrown"
    MISSILE = "missile"


@dataclass(frozen=True, eq=False, repr=False)
class CreationLimits(Record):
    """Minimums and the starting total for one creation scheme.

    ``min_iq`` is None under Melee, which has no IQ.
    """

    min_st: int
    min_dx: int
    total: int
    min_iq: int | None = None
    source: str = ""
    uncertain: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class RacialModifier(Record):
    """A racial note that adjusts DX or damage for some weapons or attack modes."""

    effect: Effect
    amount: int
    weapon_tags: frozenset[str] = frozenset()
    modes: frozenset[AttackMode] = frozenset()
    note: str = ""

    def applies(self, tags: frozenset[str], mode: AttackMode) -> bool:
        """True when this modifier counts for an attack with these tags in this mode."""
        tag_ok = not self.weapon_tags or bool(self.weapon_tags & tags)
        mode_ok = not self.modes or mode in self.modes
        return tag_ok and mode_ok


@dataclass(frozen=True, eq=False, repr=False)
class Race(Record):
    """A race a figure can be built from."""

    key: str
    name: str
    ma: int
    melee: CreationLimits
    itl: CreationLimits
    armor_ma: dict[str, int] = field(default_factory=dict)
    modifiers: tuple[RacialModifier, ...] = ()
    source: str = ""
    reference: Reference | None = None  # for the reader (rules.references)
    injury: InjuryThresholds | None = None  # its own Melee reactions (a giant's 9 and 16)

    def limits(self, scheme: CreationScheme) -> CreationLimits:
        """The minimums and total that apply under a creation scheme."""
        return self.melee if scheme is CreationScheme.MELEE else self.itl
