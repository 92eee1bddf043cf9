"""A character row's values to the rules' Character and back, with no ORM imported.

Rows are read by attribute (an ORM object, a SQLAlchemy row, or the plain
rows of ``store.peek``), so the same code reads the party at start-up, before
SQLAlchemy is loaded, and everywhere after.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, Status
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount, Quality

if TYPE_CHECKING:
    from tftmanager.store.tables import CharacterSpellRow, CharacterTalentRow, PossessionRow

# Character fields that are plain columns of the character row.
SCALAR_FIELDS = (
    "name", "race", "player", "notes", "st", "dx", "iq", "sp", "bought_points",
    "memory_bought", "body_kg",
    "wounds", "recovery_weeks", "fatigue", "age",
)


@dataclass
class ChildRows:
    """A character's list rows, loaded together."""

    talents: list[CharacterTalentRow | Any] = field(default_factory=list)
    spells: list[CharacterSpellRow | Any] = field(default_factory=list)
    possessions: list[PossessionRow | Any] = field(default_factory=list)


# Stored values to their enum members by a dict: calling an enum class to look a
# member up costs several times as much, and a party of 20,000 has 165,000 items.
_KINDS = {kind.value: kind for kind in ItemKind}
_STATES = {state.value: state for state in ItemState}


def _item(row: PossessionRow | Any) -> Item:
    return Item(  # an unknown value goes to the enum itself, which refuses it as before
        kind=_KINDS.get(row.kind) or ItemKind(row.kind), key=row.key,
        state=_STATES.get(row.state) or ItemState(row.state),
        quality=Quality(row.fine_dx, row.fine_damage, row.silver, row.good),
        hits_taken=row.hits_taken, quantity=row.quantity, note=row.note,
        uid=row.uid,
    )


def mount_from_text(text: str) -> Mount | None:
    """The stored mount (JSON), or None."""
    if not text:
        return None
    data = json.loads(text)
    return Mount(str(data["name"]), int(data["st"]), int(data["dx"]), int(data["ma"]),
                 float(data.get("extra_kg", 0.0)))


def mount_to_text(mount: Mount | None) -> str:
    """JSON for a mount ("" for none)."""
    return json.dumps(asdict(mount)) if mount else ""


def to_character(row: Any, children: ChildRows) -> Character:
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
        bought_points=row.bought_points,
        kind=CharacterKind(row.kind),
        talents=tuple(
            KnownTalent(t.talent, t.extra_points)
            for t in sorted(children.talents, key=lambda t: t.position)
        ),
        spells=tuple(s.spell for s in sorted(children.spells, key=lambda s: s.position)),
        memory_bought=row.memory_bought,
        items=tuple(_item(p) for p in sorted(children.possessions, key=lambda p: p.position)),
        body_kg=row.body_kg,
        mount=mount_from_text(row.mount),
        wounds=row.wounds,
        recovery_weeks=row.recovery_weeks,
        fatigue=row.fatigue,
        status=Status(row.status),
        languages=languages_from_text(row.languages),
        age=row.age,
    )


def languages_from_text(text: str) -> tuple[str, ...]:
    """The stored languages (one a line)."""
    return tuple(line for line in (text or "").split("\n") if line.strip())


def scalar_values(character: Character) -> dict[str, object]:
    """A character's scalar columns as the row stores them."""
    values: dict[str, object] = {name: getattr(character, name) for name in SCALAR_FIELDS}
    values["kind"] = character.kind.value
    values["mount"] = mount_to_text(character.mount)
    values["status"] = character.status.value
    values["languages"] = "\n".join(character.languages)
    return values
