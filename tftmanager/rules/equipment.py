"""Weapons, armor and shields as frozen rules data."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tftmanager.rules.dice import DamageDice


class CarryFree(enum.Enum):
    """Whether a weapon counts against Melee's carry limit."""

    NO = "no"
    DAGGER = "dagger"
    ALWAYS = "always"


@dataclass(frozen=True)
class Weapon:
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
    note: str = ""
    source: str = "Melee"
    uncertain: str = ""


@dataclass(frozen=True)
class Armor:
    """Body armor: hits stopped per attack, DX adjustment and the wearer's MA."""

    key: str
    name: str
    stops: int
    dx: int
    ma: int
    ma_alternative: int | None = None
    metal: bool = False
    source: str = "Melee"
    uncertain: str = ""


@dataclass(frozen=True)
class Shield:
    """A shield: hits stopped to the front when ready, DX adjustment when ready."""

    key: str
    name: str
    stops: int
    dx: int
    metal: bool = False
    source: str = "Melee"
    uncertain: str = ""
