"""Edits in the player's words: "Ragnar: ST 11 -> 12", for the history and undo menu.

The journal keeps the first and last value of each field a run of typing
changed, so a merged edit still reads from where it started.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary

# Fields shown with their values; the others are named only ("notes edited").
_SHOWN = {
    "name": "name", "race": "race", "st": "ST", "dx": "DX", "iq": "IQ", "sp": "SP",
    "player": "player", "armor": "armor", "shield": "shield", "ready_weapon": "weapon in hand",
    "kind": "kind", "body_kg": "body weight", "wounds": "wounds",
    "recovery_weeks": "recovery weeks", "status": "status", "shield_ready": "shield ready",
    "bought_points": "points bought", "memory_bought": "memory bought",
    "fatigue": "fatigue", "age": "age",
}
_NAMED = {
    "notes": "notes edited", "weapons": "weapons changed", "talents": "talents changed",
    "spells": "spells changed", "items": "possessions changed", "mount": "mount changed",
    "languages": "languages changed",
}
_TEXT_MAX = 24


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, float):
        return f"{value:g}"
    text = " ".join(str(value).split())
    return text if len(text) <= _TEXT_MAX else text[: _TEXT_MAX - 1] + "\u2026"


def _names(library: RulesLibrary | None) -> dict[str, Mapping[str, Any]]:
    """Where each field's keys are named: a label says "Fine plate", never "fine_plate"."""
    if library is None:
        return {}
    return {"race": library.races, "armor": library.armors, "shield": library.shields,
            "ready_weapon": library.weapons}


def _named(field_name: str, value: Any, names: Mapping[str, Mapping[str, Any]]) -> Any:
    table = names.get(field_name)
    entry = table.get(value) if table is not None and isinstance(value, str) else None
    return getattr(entry, "name", value) if entry is not None else value


def _gear(character: Character) -> dict[str, Any]:
    """The Character tab's gear choices, read from the possessions."""
    gear = character.loadout
    ready = gear.ready_weapon
    return {
        "armor": gear.armor.key if gear.armor else None,
        "shield": gear.shield.key if gear.shield else None,
        "shield_ready": gear.shield_ready if gear.shield else None,
        "weapons": [w.key for w in gear.weapons],
        "ready_weapon": ready.key if ready else None,
    }


def changed_fields(before: Character, after: Character,
                   library: RulesLibrary | None = None) -> dict[str, tuple[str, str]]:
    """Each changed field with its old and new value as the user reads them.

    Equipment is possessions; when the worn armor, the shield or the weapons
    changed, the edit is told as those choices rather than "possessions changed".
    With the library, races and gear are told by their names, not their keys.
    """
    names = _names(library)

    def shown(field_name: str, value: Any) -> str:
        return _shown(_named(field_name, value, names))

    changed = {
        f.name: (shown(f.name, getattr(before, f.name)), shown(f.name, getattr(after, f.name)))
        for f in fields(Character)
        if getattr(before, f.name) != getattr(after, f.name)
    }
    if "items" in changed:
        old, new = _gear(before), _gear(after)
        gear = {k: (shown(k, old[k]), shown(k, new[k])) for k in old if old[k] != new[k]}
        if gear:
            del changed["items"]
            changed.update(gear)
    return changed


def shows_values(field_name: str) -> bool:
    """Whether an edit of this field is told with its values ("ST 11 -> 12"), not only named."""
    return field_name not in _NAMED and field_name != "name"


def edit_label(name: str, changes: Mapping[str, tuple[str, str] | list[str]]) -> str:
    """"Ragnar: ST 11 -> 12; DX 13 -> 12" (the name is the character's current one)."""
    parts = []
    for field_name, (old, new) in changes.items():
        if field_name in _NAMED:
            parts.append(_NAMED[field_name])
        elif field_name == "name":
            parts.append(f"renamed from {old}")
        else:
            parts.append(f"{_SHOWN.get(field_name, field_name)} {old} -> {new}")
    return f"{name}: " + ("; ".join(parts) if parts else "no change")
