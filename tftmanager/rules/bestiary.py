"""The bestiary: creature and NPC templates an encounter adds as figures.

Templates are rules data (``resources/rules/bestiary.toml``, kind
``creature`` in a campaign's library) so a GM edits and extends them like
weapons or talents.  A template names its armor, shield and weapons by
library key, so a house-ruled broadsword is the broadsword every figure uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.dice import DamageDice
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record
from tftmanager.rules.references import Reference, entry_reference

KINDS = ("creature", "npc")


@dataclass(frozen=True, eq=False, repr=False)
class Creature(Record):
    """One template of the bestiary."""

    key: str
    name: str
    kind: str
    st: int
    dx: int
    iq: int
    ma: int
    race: str = ""
    armor: str = ""
    shield: str = ""
    weapons: tuple[str, ...] = ()
    attack: str = ""
    damage: DamageDice | None = None
    stops: int = 0
    hide: bool = True  # the stops are natural armor (half against a house-rules double)
    hexes: int = 1  # hexes the figure occupies (a giant: 3), for its Height row
    dx_against: int = 0
    count: int = 1  # how many come together ("6 goblins"), as a stat block gave it
    other_ma: int = 0  # another way it moves ("Flies MA 16"): its MA
    other_move: str = ""  # and how: "flies", "swims"
    note: str = ""
    source: str = ""
    reference: Reference | None = None  # for the reader (rules.references)
    assumed: str = ""


def creature_from_data(row: Mapping[str, Any]) -> Creature:
    """Read one ``[[creature]]``; a bad value is a RulesDataError naming the entry."""
    key = str(row.get("key", ""))
    try:
        kind = str(row.get("kind", "creature"))
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        weapons = row.get("weapons", [])
        if not isinstance(weapons, list) or not all(isinstance(w, str) for w in weapons):
            raise ValueError("weapons must be a list of weapon keys")
        damage_text = str(row.get("damage", "") or "")
        attack = str(row.get("attack", "") or "")
        if bool(attack) != bool(damage_text):
            raise ValueError("a natural attack needs both its name and its damage")
        values = {name: _whole(row, name) for name in ("st", "dx", "iq", "ma")}
        if values["st"] < 1 or values["dx"] < 1 or values["ma"] < 0:
            raise ValueError("ST and DX must be 1 or more, MA 0 or more")
        if _whole(row, "hexes", 1) < 1:
            raise ValueError("hexes must be 1 or more")
        if _whole(row, "count", 1) < 1 or _whole(row, "other_ma", 0) < 0:
            raise ValueError("count must be 1 or more, the other MA 0 or more")
        return Creature(
            key=key, name=str(row["name"]), kind=kind, **values,
            race=str(row.get("race", "")), armor=str(row.get("armor", "")),
            shield=str(row.get("shield", "")), weapons=tuple(weapons), attack=attack,
            damage=DamageDice.parse(damage_text) if damage_text else None,
            stops=_whole(row, "stops", 0), dx_against=_whole(row, "dx_against", 0),
            hide=_flag(row, "hide"), hexes=_whole(row, "hexes", 1),
            count=_whole(row, "count", 1), other_ma=_whole(row, "other_ma", 0),
            other_move=str(row.get("other_move", "") or ""),
            note=str(row.get("note", "")), source=str(row.get("source", "")),
            assumed=str(row.get("assumed", "")), reference=entry_reference(row),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesDataError(f"Creature '{key or row.get('name', '?')}': {exc}") from exc


def _flag(row: Mapping[str, Any], name: str) -> bool:
    """A true/false field (true when absent: ``stops`` is documented as a hide's)."""
    value = row.get(name, True)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not '{value}'")
    return value


def _whole(row: Mapping[str, Any], name: str, default: int | None = None) -> int:
    """A whole-number field, or a ValueError naming it."""
    value = row.get(name, default)
    if isinstance(value, bool) or value is None:
        raise ValueError(f"{name.upper() if len(name) == 2 else name} is missing")
    try:
        return int(value)
    except (TypeError, ValueError):
        label = name.upper() if len(name) == 2 else name
        raise ValueError(f"{label} must be a whole number, not '{value}'") from None


def template_problems(creature: Creature, weapons: Mapping[str, Any],
                      armors: Mapping[str, Any], shields: Mapping[str, Any],
                      races: Mapping[str, Any]) -> list[str]:
    """What a template names that the library does not have."""
    problems = [f"no weapon '{w}'" for w in creature.weapons if w not in weapons]
    if creature.armor and creature.armor not in armors:
        problems.append(f"no armor '{creature.armor}'")
    if creature.shield and creature.shield not in shields:
        problems.append(f"no shield '{creature.shield}'")
    if creature.race and creature.race not in races:
        problems.append(f"no race '{creature.race}'")
    return problems
