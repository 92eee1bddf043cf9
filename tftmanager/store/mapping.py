"""Rows to rules objects and back: the only place that knows both shapes."""

from __future__ import annotations

from tftmanager.rules.character import Character
from tftmanager.store.tables import CharacterRow, CharacterWeaponRow

# Character fields that are plain columns of the character row.
SCALAR_FIELDS = (
    "name", "race", "player", "notes", "st", "dx", "iq", "sp", "bought_points",
    "armor", "shield", "shield_ready", "ready_weapon",
)


def to_character(row: CharacterRow, weapons: list[CharacterWeaponRow]) -> Character:
    """The rules' view of a stored character."""
    ordered = tuple(w.weapon for w in sorted(weapons, key=lambda w: w.position))
    return Character(
        name=row.name,
        race=row.race,
        st=row.st,
        dx=row.dx,
        iq=row.iq,
        sp=row.sp,
        player=row.player,
        notes=row.notes,
        armor=row.armor,
        shield=row.shield,
        shield_ready=row.shield_ready,
        weapons=ordered,
        ready_weapon=row.ready_weapon,
        bought_points=row.bought_points,
    )


def apply_to_row(row: CharacterRow, character: Character) -> None:
    """Copy a character's scalar fields onto its row."""
    for name in SCALAR_FIELDS:
        setattr(row, name, getattr(character, name))


def weapon_rows(character_id: int, character: Character) -> list[CharacterWeaponRow]:
    """Rows for a character's weapon list, in order."""
    return [
        CharacterWeaponRow(character_id=character_id, position=i, weapon=key)
        for i, key in enumerate(character.weapons)
    ]
