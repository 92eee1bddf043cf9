"""What an actor from Foundry holds that this campaign's library lacks, carried both ways.

Imported, each such thing is a line of the character's notes in one form,
"Label: Name xN (figures; note)": "Armor: Light Leather (stops 1, $10, 2 lb)",
"Ability: Keen nose (+3 to notice)", "Job: Scribe (pay $20)", "Mana: 12",
"Movement: fly 16".  The notes are where the user sees and edits it.
Exported, each line goes back onto the Foundry sheet as the item or field it
was (the line is then left out of the sheet's notes, and kept whole in our
flags), so an actor read here and written back loses nothing that was on
its sheet.  This module holds both directions of that one form.
"""

from __future__ import annotations

import html
import re
from typing import Any

from tftmanager.app.import_unknowns import LABEL

ITEM_LABELS = {label: kind for kind, label in LABEL.items()} | {"Ability": "ability"}
SHEET_LABELS = ("Job", "Mana", "Movement")  # fields of the actor, not items
LOCATIONS = ("readied", "dropped", "packed", "stowed", "stored")
OLD_LOCATIONS = {"equipped": "readied", "carried": "packed"}  # the system's words before 1.0
FOUNDRY_ONLY_PLACES = ("dropped", "stowed")  # read as carried and stored, said in the note
PARAGRAPH = " ¶ "  # between the paragraphs of an item's note, in its one line
DEFAULT_LOCATION = {"armor": "readied", "shield": "readied"}  # else "packed"
_LINE = re.compile(r"^(?P<label>" + "|".join(sorted(
    (re.escape(k) for k in (*ITEM_LABELS, *SHEET_LABELS)), key=len, reverse=True))
    + r"): (?P<rest>.+)$")
_ENTRY = re.compile(r"^(?P<name>.+?)(?: x(?P<qty>\d{1,9}))?(?: \((?P<figures>.*)\))?$")
_DICE = re.compile(r"^\d{1,3}d6?(?:[+-]\d{1,3})?$", re.IGNORECASE)
_STOPS = re.compile(r"^stops (\d{1,3})$")
_COST = re.compile(r"^\$(\d+(?:\.\d+)?)$")
_WEIGHT = re.compile(r"^(\d+(?:\.\d+)?) lb$")
_TALENT = re.compile(r"^IQ (\d{1,2})(?:, cost (\d{1,2}))?(?:, (\w+))?$")
_HELD = re.compile(r"^a spell \((.+)\)$")  # a spell the actor did not hold, by its uuid
_HOLDS = re.compile(r"^holds (\d+(?:\.\d+)?)$")
_MOVE = re.compile(r"(walk|swim|fly) ([+-]?\d{1,3})")


def is_kept(line: str) -> bool:
    """Whether a line of the notes is one this module writes back onto the sheet."""
    found = _LINE.match(line)
    return found is not None and _ENTRY.match(found.group("rest")) is not None


def visible_notes(notes: str) -> str:
    """The notes as the Foundry sheet shows them: without the lines that are items or fields."""
    return "\n".join(line for line in notes.split("\n") if not is_kept(line))


def placed(note: str, system: dict[str, Any]) -> str:
    """Read where an item from Foundry was out of its note, into ``system``; the rest.

    An item's note begins with what Foundry said of its place, when we hold
    no field for it ("dropped; in Backpack; spells: Light, Ink Stain; its own
    note"): the place (``location``), the container (``in``, linked by name
    when the actor is written) and the spells it holds (``spell_names``).
    """
    parts = note.split("; ") if note else []
    while parts and (parts[0] in FOUNDRY_ONLY_PLACES or parts[0].startswith("in ")):
        part = parts.pop(0)
        if part.startswith("in "):
            system["in"] = part[3:]
        else:
            system["location"] = part
    if parts and parts[0].startswith("spells: "):
        system["spell_names"] = parts.pop(0)[len("spells: "):].split(", ")
    return "; ".join(parts)


def link(items: list[dict[str, Any]]) -> None:
    """Put each item back into its container and its spells back into it, by name (ids set)."""
    by_name = {str(item["name"]): str(item["_id"]) for item in items}
    spells = {str(item["name"]): str(item["_id"]) for item in items if item["type"] == "spell"}
    for item in items:
        system = item["system"]
        inside = system.pop("in", None)
        if inside is not None:
            system["container"] = by_name.get(inside)
        names = system.pop("spell_names", None)
        if names is not None:
            held = [_HELD.match(n) for n in names]
            system["spells"] = [{"uuid": m.group(1) if m else f"Item.{spells[n]}", "burn": False}
                                for n, m in zip(names, held, strict=True) if m or n in spells]


def item_figures(kind: str, system: dict[str, Any], parts: list[str], note: str) -> str:
    """The figures of a kept line: Foundry's ("stops 1, $10, 2 lb"), its place, its note.

    A container says how much it holds ("holds 20"); the note's paragraphs
    are joined by " ¶ " so the line stays one line.
    """
    capacity = system.get("capacity")
    if isinstance(capacity, int | float) and not isinstance(capacity, bool) and capacity > 0:
        parts = [*parts, f"holds {capacity:g}"]
    location = OLD_LOCATIONS.get(str(system.get("location")), str(system.get("location")))
    if location in LOCATIONS and location != DEFAULT_LOCATION.get(kind, "packed"):
        parts = [*parts, location]
    note = PARAGRAPH.join(line.strip() for line in note.splitlines() if line.strip())
    return ", ".join([*parts, *([note] if note else [])])


def sheet_lines(system: dict[str, Any]) -> list[str]:
    """A Foundry-made actor's job, mana and other movement as kept lines."""
    lines = []
    job = system.get("job") if isinstance(system.get("job"), dict) else {}
    if isinstance(job, dict) and job.get("name"):
        lines.append(f"Job: {job['name']}" + (f" (pay ${job.get('pay')})"
                                              if job.get("pay") else ""))
    mana = system.get("mana") if isinstance(system.get("mana"), dict) else {}
    if isinstance(mana, dict) and _whole(mana.get("max")) > 0:
        lines.append(f"Mana: {_whole(mana.get('max'))}")
    moves = system.get("ma") if isinstance(system.get("ma"), dict) else {}
    said = []
    if isinstance(moves, dict):
        walk = moves.get("walk") if isinstance(moves.get("walk"), dict) else {}
        base = _whole(walk.get("max")) if isinstance(walk, dict) else 0
        if isinstance(walk, dict) and _whole(walk.get("mod")):
            said.append(f"walk {_whole(walk.get('mod')):+d}")
        for how in ("swim", "fly"):
            held = moves.get(how)
            ma = _whole(held.get("max")) if isinstance(held, dict) else 0
            if ma and (how == "fly" or ma != base):
                said.append(f"{how} {ma}")
    if said:
        lines.append("Movement: " + ", ".join(said))
    return lines


def _whole(value: object) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        and value == value and abs(value) < 1e9 else 0


def sheet_fields(notes: str) -> dict[str, Any]:
    """The job, mana and movement the kept lines give back to the sheet."""
    fields: dict[str, Any] = {}
    for line in notes.split("\n"):
        found = _LINE.match(line)
        if found is None or found.group("label") not in SHEET_LABELS:
            continue
        rest = found.group("rest")
        if found.group("label") == "Job":
            job = re.match(r"^(?P<name>.+?)(?: \(pay \$(?P<pay>\d{1,9})\))?$", rest)
            if job:
                fields["job"] = (job.group("name"), int(job.group("pay") or 0))
        elif found.group("label") == "Mana" and rest.isdigit():
            fields["mana"] = int(rest)
        else:
            fields["movement"] = {how: int(n) for how, n in _MOVE.findall(rest)}
    return fields


def kept_items(notes: str) -> list[dict[str, Any]]:
    """Each kept item line of the notes as the Foundry item it was (no id yet)."""
    items = []
    for line in notes.split("\n"):
        found = _LINE.match(line)
        entry = _ENTRY.match(found.group("rest")) if found else None
        if found is None or entry is None or found.group("label") in SHEET_LABELS:
            continue
        kind = ITEM_LABELS[found.group("label")]
        items.append(_item(kind, entry.group("name"), int(entry.group("qty") or 1),
                           entry.group("figures") or "", line))
    return items


def _item(kind: str, name: str, qty: int, figures: str, line: str) -> dict[str, Any]:
    """One Foundry item from a kept line's parts."""
    system: dict[str, Any] = {"notes": "", "pdfReference": "", "attacks": [], "defenses": []}
    rest = placed(_figures_into(kind, system, figures), system)
    if rest:
        system["notes"] = "".join(f"<p>{html.escape(part)}</p>" for part in rest.split(PARAGRAPH))
    if kind in ("talent", "spell"):
        doc_type = kind
    elif kind == "ability":
        doc_type = "ability"
        system.update({"isActive": False, "isAlwaysOn": False})
    else:
        doc_type = "equipment"
        system.setdefault("location", DEFAULT_LOCATION.get(kind, "packed"))
        system.update({"qty": qty, "capacity": system.get("capacity", 0),
                       "applyEffectsWhen": ["readied"], "spells": []})
        system.setdefault("cost", 0)
        system.setdefault("wt", 0)
        system.setdefault("container", None)
    return {"name": name, "type": doc_type, "system": system,
            "flags": {"tftmanager": {"kind": "kept", "line": line}}}


def _figures_into(kind: str, system: dict[str, Any], figures: str) -> str:
    """Read "stops 1, 1d6+3, $300, 5 lb, in Backpack, dropped; note" into ``system``.

    Returns what is left (the item's own note).  A container is named by
    ``system["in"]`` for the exporter to link by id.
    """
    head, _, note = figures.partition("; ")
    parts = [p.strip() for p in head.split(", ")] if head else []
    left: list[str] = []
    talent = _TALENT.match(head) if kind in ("talent", "spell") else None
    if talent:
        system["minIQ"] = int(talent.group(1))
        system["iqCost"] = int(talent.group(2) or 1)
        if kind == "spell" and talent.group(3):
            system["type"] = talent.group(3)
        return note
    for part in parts:
        if left:
            left.append(part)
        elif stops := _STOPS.match(part):
            action = "Block" if kind == "shield" else "Body"
            system["defenses"].append({"action": action, "hitsStopped": int(stops.group(1))})
        elif _DICE.match(part):
            system["attacks"].append({"action": "Strike", "minST": 0, "type": "melee",
                                      "toHitMod": 0, "baseDamage": part, "effects": "",
                                      "talent": None})
        elif cost := _COST.match(part):
            system["cost"] = float(cost.group(1))
        elif weight := _WEIGHT.match(part):
            system["wt"] = float(weight.group(1))
        elif holds := _HOLDS.match(part):
            system["capacity"] = float(holds.group(1))
        elif part.startswith("in "):
            system["in"] = part[3:]
        elif part in LOCATIONS:
            system["location"] = part
        else:
            left.append(part)
    return "; ".join(t for t in (", ".join(left), note) if t)
