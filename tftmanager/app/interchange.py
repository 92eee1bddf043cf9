"""The character JSON format (see docs/character-format.md).

A document is either one character or a party:

    {"format": "tftmanager.character", "version": 4, "character": {...}}
    {"format": "tftmanager.party", "version": 4, "characters": [{...}, ...]}

Reading is strict: anything malformed, foreign or from a newer version raises
FormatError with one line for the user, and nothing is imported.  The fields
and their ranges are declared once, as pydantic models in
``app/character_format.py`` (which also give ``docs/character-format.schema.json``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from tftmanager.app.character_format import (
    CHARACTER_FORMAT,
    FORMAT_VERSION,
    OLD_GEAR_FIELDS,
    PARTY_FORMAT,
    CharacterModel,
    check_character,
    check_characters,
)
from tftmanager.app.documents import DocumentError, parse_json
from tftmanager.refusal import Refusal
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount, Quality
from tftmanager.rules.loadout import outfit


class FormatError(Refusal, ValueError):
    """A document that is not a character file this version can read."""


@dataclass(frozen=True)
class Entry:
    """One character read from a document, with the uid it carried (if any)."""

    uid: str | None
    character: Character


def character_to_dict(character: Character, uid: str | None = None) -> dict[str, Any]:
    """The JSON object for one character."""
    data: dict[str, Any] = {"uid": uid} if uid else {}
    data.update(
        name=character.name,
        race=character.race,
        player=character.player,
        notes=character.notes,
        st=character.st,
        dx=character.dx,
        iq=character.iq,
        sp=character.sp,
        bought_points=character.bought_points,
        kind=character.kind.value,
        talents=[
            {"key": t.key, "extra_points": t.extra_points} if t.extra_points else t.key
            for t in character.talents
        ],
        spells=list(character.spells),
        memory_bought=character.memory_bought,
        items=[_item_to_dict(i) for i in character.items],
        body_kg=character.body_kg,
        mount=asdict(character.mount) if character.mount else None,
    )
    if character.languages:
        data["languages"] = list(character.languages)
    if character.age:
        data["age"] = character.age
    return data


def _item_to_dict(item: Item) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": item.kind.value, "key": item.key,
                            "state": item.state.value}
    q = item.quality
    for name, value in (("fine_dx", q.fine_dx), ("fine_damage", q.fine_damage),
                        ("silver", q.silver), ("good", q.good),
                        ("hits_taken", item.hits_taken), ("note", item.note)):
        if value:
            data[name] = value
    if item.quantity != 1:
        data["quantity"] = item.quantity
    return data


def dump_character(character: Character, uid: str | None = None) -> str:
    """A one-character document."""
    doc = {
        "format": CHARACTER_FORMAT,
        "version": FORMAT_VERSION,
        "character": character_to_dict(character, uid),
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def loads(text: str) -> list[Entry]:
    """Read a character or party document; raises FormatError on anything else."""
    try:
        doc = parse_json(text)
    except DocumentError as exc:
        raise FormatError(str(exc)) from exc
    if not isinstance(doc, dict) or doc.get("format") not in (CHARACTER_FORMAT, PARTY_FORMAT):
        raise FormatError("not a TFT Manager character file (no \"format\": "
                          f"\"{CHARACTER_FORMAT}\")")
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise FormatError("the file has no valid \"version\"")
    if version > FORMAT_VERSION:
        raise FormatError(f"written by a newer TFT Manager (format version {version}; "
                          f"this version reads {FORMAT_VERSION})")
    try:
        if doc["format"] == CHARACTER_FORMAT:
            return [_entry(check_character(doc.get("character")), "character", version)]
        models = check_characters(doc.get("characters"))
    except ValueError as exc:
        raise FormatError(str(exc)) from None
    return [_entry(model, f"characters[{i}]", version) for i, model in enumerate(models)]


def _items(model: CharacterModel, where: str, version: int) -> tuple[Item, ...]:
    """The possessions; versions 1-3 named the gear by keys, made possessions here."""
    items = tuple(Item(kind=ItemKind(i.kind), key=i.key, state=ItemState(i.state),
                       quality=Quality(i.fine_dx, i.fine_damage, i.silver, i.good),
                       hits_taken=i.hits_taken, quantity=i.quantity, note=i.note)
                  for i in model.items)
    old = sorted(f for f in OLD_GEAR_FIELDS if f in model.model_fields_set)
    if version >= 4:
        if old:
            fields = "field" if len(old) == 1 else "fields"
            raise FormatError(f"{where}: unknown {fields} {', '.join(old)} (version 4 keeps "
                              "equipment in \"items\")")
        return items
    return outfit(items, armor=model.armor, shield=model.shield,
                  shield_ready=model.shield_ready, weapons=model.weapons,
                  ready_weapon=model.ready_weapon)


def _entry(model: CharacterModel, where: str, version: int) -> Entry:
    """A checked document character as the rules' Character (then the input check)."""
    mount = model.mount
    character = Character(
        name=model.name, race=model.race, player=model.player, notes=model.notes,
        st=model.st, dx=model.dx, iq=model.iq, sp=model.sp,
        bought_points=model.bought_points, memory_bought=model.memory_bought,
        kind=CharacterKind(model.kind),
        talents=tuple(KnownTalent(t) if isinstance(t, str) else KnownTalent(t.key, t.extra_points)
                      for t in model.talents),
        spells=tuple(model.spells),
        items=_items(model, where, version),
        body_kg=float(model.body_kg),
        mount=Mount(mount.name, mount.st, mount.dx, mount.ma, float(mount.extra_kg))
        if mount else None,
        languages=tuple(" ".join(lang.split()) for lang in model.languages), age=model.age)
    try:
        check_input(character)
    except InputError as exc:
        raise FormatError(f"{where}: {exc.message}") from exc
    return Entry(model.uid, character)
