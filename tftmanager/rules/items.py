"""What a character owns: items with their quality, wear and where they are."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tftmanager.rules.records import Record


class ItemKind(enum.Enum):
    """What sort of library entry an item is."""

    WEAPON = "weapon"
    ARMOR = "armor"
    SHIELD = "shield"
    GEAR = "gear"
    MAGIC = "magic"  # a magic item: its effects hold while it is readied


class ItemState(enum.Enum):
    """Where an item is; what that means depends on the item (``rules.loadout``).

    Readied armor is worn, a readied shield is ready on the arm and a readied
    weapon is in hand.  Carried armor is in the pack, a carried shield is
    slung on the back and a carried weapon is at the belt.  Stored items are
    kept elsewhere and weigh nothing on the figure.
    """

    READIED = "readied"
    CARRIED = "carried"
    STORED = "stored"


def _new_uid() -> str:
    """A fresh possession identity (uuid loaded on first use: a listing makes none)."""
    import uuid  # noqa: PLC0415 - uuid loads platform and more

    return uuid.uuid4().hex


@dataclass(frozen=True, eq=False, repr=False)
class Quality(Record):
    """Fine (+DX, +damage, silver) or good workmanship; ordinary when all are off."""

    fine_dx: int = 0
    fine_damage: int = 0
    silver: bool = False
    good: bool = False

    @property
    def fine(self) -> bool:
        """A fine weapon has a DX or damage bonus."""
        return bool(self.fine_dx or self.fine_damage)

    @property
    def label(self) -> str:
        """Short description: "fine +1 DX +1 dmg, silver", "good", or ""."""
        if self.good:
            return "good"
        if not self.fine:
            return ""
        parts = ["fine"]
        if self.fine_dx:
            parts.append(f"+{self.fine_dx} DX")
        if self.fine_damage:
            parts.append(f"+{self.fine_damage} dmg")
        text = " ".join(parts)
        return text + (", silver" if self.silver else "")


ORDINARY = Quality()


@dataclass(frozen=True, eq=False, repr=False)
class Item(Record):
    """One possession.  ``hits_taken`` counts hits an armor or shield has stopped."""

    kind: ItemKind
    key: str
    state: ItemState = ItemState.CARRIED
    quality: Quality = ORDINARY
    hits_taken: int = 0
    quantity: int = 1
    note: str = ""
    # The possession's stable identity, given when the item is made: every action
    # names a possession by it, never by its place.  It does not take part in
    # comparisons (two possessions alike are equal items).
    uid: str = field(default_factory=_new_uid, compare=False)

    def __post_init__(self) -> None:
        if not self.uid:
            raise ValueError("a possession has an identity (uid); an empty one names nothing")


@dataclass(frozen=True, eq=False, repr=False)
class Mount(Record):
    """A riding animal: a figure with ST, DX and MA that carries a load."""

    name: str
    st: int
    dx: int
    ma: int
    extra_kg: float = 0.0
