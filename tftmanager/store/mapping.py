"""Rows to rules objects and back: the only place that knows both shapes.

Reading a row (``to_character``) lives in ``row_values``, which needs no ORM,
so the start-up preview reads the party before SQLAlchemy is imported.
"""

from __future__ import annotations

from typing import Any

from tftmanager.rules.character import Character
from tftmanager.store.row_values import (
    SCALAR_FIELDS,
    ChildRows,
    mount_from_text,
    mount_to_text,
    scalar_values,
    to_character,
)
from tftmanager.store.tables import (
    CharacterRow,
    CharacterSpellRow,
    CharacterTalentRow,
    PossessionRow,
)

ChildRow = CharacterTalentRow | CharacterSpellRow | PossessionRow
__all__ = ["SCALAR_FIELDS", "ChildRow", "ChildRows", "apply_to_row", "child_rows",
           "child_values", "mount_from_text", "mount_to_text", "scalar_values", "to_character"]


def apply_to_row(row: CharacterRow, character: Character) -> None:
    """Copy a character's scalar fields onto its row (only those that differ).

    Setting an ORM row's field is costly (validation, history); a notes edit
    changes one field of some twenty.
    """
    for name, value in scalar_values(character).items():
        if getattr(row, name, None) != value:
            setattr(row, name, value)


def child_values(character_id: int, character: Character
                 ) -> list[tuple[type[ChildRow], dict[str, Any]]]:
    """The list rows of a character's talents, spells and possessions, as plain values.

    In order, each as its table and every column's value but the id: an
    update compares them with the stored rows and builds ORM rows only for
    the ones that changed.
    """
    values: list[tuple[type[ChildRow], dict[str, Any]]] = [
        (CharacterTalentRow, {"character_id": character_id, "position": i, "talent": t.key,
                              "extra_points": t.extra_points})
        for i, t in enumerate(character.talents)
    ]
    values += [
        (CharacterSpellRow, {"character_id": character_id, "position": i, "spell": key})
        for i, key in enumerate(character.spells)
    ]
    values += [
        (PossessionRow, {"character_id": character_id, "position": i, "kind": item.kind.value,
                         "key": item.key, "state": item.state.value,
                         "fine_dx": item.quality.fine_dx,
                         "fine_damage": item.quality.fine_damage,
                         "silver": item.quality.silver, "good": item.quality.good,
                         "hits_taken": item.hits_taken, "quantity": item.quantity,
                         "note": item.note, "uid": item.uid})
        for i, item in enumerate(character.items)
    ]
    return values


def child_rows(character_id: int, character: Character) -> list[ChildRow]:
    """Rows for a character's talents, spells and possessions, in order."""
    return [model(**values) for model, values in child_values(character_id, character)]
