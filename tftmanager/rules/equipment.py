"""Weapons, armor and shields as frozen rules data."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tftmanager.rules.dice import DamageDice
from tftmanager.rules.effects import StatEffect
from tftmanager.rules.records import Record
from tftmanager.rules.references import Reference


class CarryFree(enum.Enum):
    """Whether a weapon counts against Melee's carry limit."""

    NO = "no"
    DAGGER = "dagger"
    ALWAYS = "always"


@dataclass(frozen=True, eq=False, repr=False)
class Weapon(Record):
    """One row of the weapon table."""

    key: str
    name: str
    damage: DamageDice
    st: int
    two_handed: bool = False
    throwable: bool = False
    pole: bool = False
    missile: bool = False
    tags: frozenset[str] = frozenset()
    carry_free: CarryFree = CarryFree.NO
    rate: str = ""
    fast_dx: int | None = None
    fast_rate: str = ""
    fast_shots: int = 1  # shots a turn at fast_dx (bows: 2, "2 shots/turn")
    fast_st: int | None = None  # ST also needed for fast_shots (the Great Bow: 16)
    turns_per_shot: int = 1  # a crossbow fires every 2nd or 3rd turn
    fast_turns_per_shot: int | None = None  # ... and this often at fast_dx
    note: str = ""
    source: str = "Melee"
    reference: Reference | None = None  # for the reader (rules.references)
    uncertain: str = ""
    cost: int = 0
    weight_kg: float = 0.0
    price_source: str = ""
    # False when the documents give no price: kept out of the shop until the GM sets one.
    priced: bool = True
    price_assumed: str = ""

    @property
    def second_shot_dx(self) -> int | None:
        """The adjusted DX at which this missile weapon fires twice a turn, if ever.

        Bows fire "2 shots a turn" at their faster DX (003's table, ``fast_shots``);
        a crossbow's faster rate is only "every turn", which is no second shot.
        """
        if not self.missile or self.fast_dx is None:
            return None
        return self.fast_dx if self.fast_shots > 1 else None


@dataclass(frozen=True, eq=False, repr=False)
class Armor(Record):
    """Body armor: hits stopped per attack, DX adjustment and the wearer's MA."""

    key: str
    name: str
    stops: int
    dx: int
    ma: int
    ma_alternative: int | None = None
    ma_penalty: int | None = None  # fine armor: the wearer's own MA plus this (-2, -4)
    metal: bool = False
    source: str = "Melee"
    reference: Reference | None = None  # for the reader (rules.references)
    uncertain: str = ""
    fine: bool = False
    cost: int = 0
    weight_kg: float = 0.0
    price_source: str = ""
    # False when the documents give no price: kept out of the shop until the GM sets one.
    priced: bool = True
    price_assumed: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Shield(Record):
    """A shield: hits stopped to the front when ready, DX adjustment when ready."""

    key: str
    name: str
    stops: int
    dx: int
    metal: bool = False
    source: str = "Melee"
    reference: Reference | None = None  # for the reader (rules.references)
    uncertain: str = ""
    wear_factor: int = 0
    cost: int = 0
    weight_kg: float = 0.0
    price_source: str = ""
    # False when the documents give no price: kept out of the shop until the GM sets one.
    priced: bool = True
    price_assumed: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Gear(Record):
    """Miscellaneous equipment (skis, blankets, a spy glass...)."""

    key: str
    name: str
    cost: int
    weight_kg: float
    note: str = ""
    source: str = ""
    reference: Reference | None = None  # for the reader (rules.references)
    uncertain: str = ""
    priced: bool = True


@dataclass(frozen=True, eq=False, repr=False)
class MagicItem(Record):
    """A magic item's cost (or cost per point, for rods), making time and effects.

    ``effects`` hold while the item is readied (worn or in hand).  A rod is
    bought by the point: an owned rod's quantity is its points.
    """

    key: str
    name: str
    cost: int | None = None
    cost_per_point: int | None = None
    weeks: int | None = None
    note: str = ""
    source: str = ""
    reference: Reference | None = None  # for the reader (rules.references)
    uncertain: str = ""
    weight_kg: float = 0.0
    effects: tuple[StatEffect, ...] = ()
    effects_source: str = ""
    effects_assumed: str = ""
    assumed: str = ""

    def price(self, points: int = 1) -> int:
        """What it costs: the fixed cost, or the cost per point times the points."""
        if self.cost_per_point is not None:
            return self.cost_per_point * points
        return self.cost or 0
