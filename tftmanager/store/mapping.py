"""Rows to rules objects and back: the only place that knows both shapes."""

from __future__ import annotations

from dataclasses import dataclass, field

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character
from tftmanager.store.tables import (
    CharacterRow,
    CharacterSpellRow,
    CharacterTalentRow,
    CharacterWeaponRow,
)

# Character fields that are plain columns of the character row.
SCALAR_FIELDS = (
    "name", "race", "player", "notes", "st", "dx", "iq", "sp", "bought_points",
    "armor", "shield", "shield_ready", "ready_weapon", "memory_bought",
)


@dataclass
class ChildRows:
    """A character's list rows, loaded together."""

    weapons: list[CharacterWeaponRow] = field(default_factory=list)
    talents: list[CharacterTalentRow] = field(default_factory=list)
    spells: list[CharacterSpellRow] = field(default_factory=list)


def to_character(row: CharacterRow, children: ChildRows) -> Character:
    """The rules' view of a stored character."""
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
        weapons=tuple(w.weapon for w in sorted(children.weapons, key=lambda w: w.position)),
        ready_weapon=row.ready_weapon,
        bought_points=row.bought_points,
        kind=CharacterKind(row.kind),
        talents=tuple(
            KnownTalent(t.talent, t.extra_points)
            for t in sorted(children.talents, key=lambda t: t.position)
        ),
        spells=tuple(s.spell for s in sorted(children.spells, key=lambda s: s.position)),
        memory_bought=row.memory_bought,
    )


def apply_to_row(row: CharacterRow, character: Character) -> None:
    """Copy a character's scalar fields onto its row."""
    for name in SCALAR_FIELDS:
        setattr(row, name, getattr(character, name))
    row.kind = character.kind.value


def child_rows(
    character_id: int, character: Character
) -> list[CharacterWeaponRow | CharacterTalentRow | CharacterSpellRow]:
    """Rows for a character's weapons, talents and spells, in order."""
    rows: list[CharacterWeaponRow | CharacterTalentRow | CharacterSpellRow] = [
        CharacterWeaponRow(character_id=character_id, position=i, weapon=key)
        for i, key in enumerate(character.weapons)
    ]
    rows += [
        CharacterTalentRow(character_id=character_id, position=i, talent=t.key,
                           extra_points=t.extra_points)
        for i, t in enumerate(character.talents)
    ]
    rows += [
        CharacterSpellRow(character_id=character_id, position=i, spell=key)
        for i, key in enumerate(character.spells)
    ]
    return rows
