"""The order the shop lists its wares in: armor by what it stops, weapons by kind then ST.

Alphabetical order put Plate before Half-plate and "Small ax" beside
"Battleaxe" only by their letters (issue 34). Armor and shields go from the
least protection to the most (then by price); weapons by their shelf (the
weapon data's ``shelves``: the first listed tag a weapon has), then by the ST
they need, then by price. Gear and magic items keep their names' order.
"""

from __future__ import annotations

from collections.abc import Sequence

from tftmanager.rules.equipment import Armor, Shield, Weapon


def weapon_shelf(weapon: Weapon, shelves: Sequence[str]) -> tuple[int, int, int, str]:
    """A weapon's place: its shelf (unlisted tags last), the ST it needs, its price, its name."""
    shelf = next((i for i, tag in enumerate(shelves) if tag in weapon.tags), len(shelves))
    return shelf, weapon.st, weapon.cost, weapon.name.casefold()


def armor_shelf(armor: Armor | Shield) -> tuple[int, int, str]:
    """Armor's or a shield's place: hits stopped, then price, then name."""
    return armor.stops, armor.cost, armor.name.casefold()
