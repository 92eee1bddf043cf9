"""The character JSON format (see docs/character-format.md).

A document is either one character or a party:

    {"format": "tftmanager.character", "version": 1, "character": {...}}
    {"format": "tftmanager.party", "version": 1, "characters": [{...}, ...]}

Reading is strict: anything malformed, foreign or from a newer version raises
FormatError with one line for the user, and nothing is imported.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from tftmanager.app.documents import DocumentError, parse_json
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount, Quality

# Version 2 added kind, talents, spells and memory_bought; version 3 items (with
# quality and wear), body_kg and mount.  Older files still read.
FORMAT_VERSION = 3
CHARACTER_FORMAT = "tftmanager.character"
PARTY_FORMAT = "tftmanager.party"

_INT_FIELDS = ("st", "dx", "iq", "sp", "bought_points", "memory_bought")
_STR_FIELDS = ("player", "notes")
_KEY_FIELDS = ("armor", "shield", "ready_weapon")
_KNOWN = {"uid", "name", "race", "weapons", "shield_ready", "kind", "talents", "spells",
          "items", "body_kg", "mount", *_INT_FIELDS, *_STR_FIELDS, *_KEY_FIELDS}
_ITEM_FIELDS = {"kind", "key", "state", "fine_dx", "fine_damage", "silver", "good",
                "hits_taken", "quantity", "note"}


class FormatError(ValueError):
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
        armor=character.armor,
        shield=character.shield,
        shield_ready=character.shield_ready,
        weapons=list(character.weapons),
        ready_weapon=character.ready_weapon,
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


def dump_party(entries: list[Entry]) -> str:
    """A party document."""
    doc = {
        "format": PARTY_FORMAT,
        "version": FORMAT_VERSION,
        "characters": [character_to_dict(e.character, e.uid) for e in entries],
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
    if doc["format"] == CHARACTER_FORMAT:
        return [_entry(doc.get("character"), "character")]
    items = doc.get("characters")
    if not isinstance(items, list) or not items:
        raise FormatError("\"characters\" must be a non-empty list")
    return [_entry(item, f"characters[{i}]") for i, item in enumerate(items)]


def _entry(data: object, where: str) -> Entry:
    if not isinstance(data, dict):
        raise FormatError(f"{where} must be an object")
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise FormatError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for required in ("name", "race", "st", "dx"):
        if required not in data:
            raise FormatError(f"{where}: \"{required}\" is missing")
    values: dict[str, Any] = {}
    for name in ("name", "race", *_STR_FIELDS):
        if name in data:
            if not isinstance(data[name], str):
                raise FormatError(f"{where}: \"{name}\" must be text")
            values[name] = data[name]
    for name in _INT_FIELDS:
        if name in data:
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int):
                raise FormatError(f"{where}: \"{name}\" must be a whole number")
            values[name] = value
    for name in _KEY_FIELDS:
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            raise FormatError(f"{where}: \"{name}\" must be text or null")
        values[name] = value
    weapons = data.get("weapons", [])
    if not isinstance(weapons, list) or not all(isinstance(w, str) for w in weapons):
        raise FormatError(f"{where}: \"weapons\" must be a list of weapon keys")
    ready = data.get("shield_ready", False)
    if not isinstance(ready, bool):
        raise FormatError(f"{where}: \"shield_ready\" must be true or false")
    try:
        kind = CharacterKind(data.get("kind", "hero"))
    except ValueError:
        raise FormatError(f"{where}: \"kind\" must be \"hero\" or \"wizard\"") from None
    talents = _talents(data.get("talents", []), where)
    spells = data.get("spells", [])
    if not isinstance(spells, list) or not all(isinstance(x, str) for x in spells):
        raise FormatError(f"{where}: \"spells\" must be a list of spell keys")
    uid = data.get("uid")
    if uid is not None and (not isinstance(uid, str) or not 0 < len(uid) <= 36):
        raise FormatError(f"{where}: \"uid\" must be text of at most 36 characters")
    items = _items(data.get("items", []), where)
    body = data.get("body_kg", 0.0)
    if isinstance(body, bool) or not isinstance(body, int | float):
        raise FormatError(f"{where}: \"body_kg\" must be a number of kg")
    mount = _mount(data.get("mount"), where)
    character = Character(weapons=tuple(weapons), shield_ready=ready, kind=kind,
                          talents=talents, spells=tuple(spells), items=items,
                          body_kg=float(body), mount=mount, **values)
    try:
        check_input(character)
    except InputError as exc:
        raise FormatError(f"{where}: {exc.message}") from exc
    return Entry(uid, character)


def _talents(items: object, where: str) -> tuple[KnownTalent, ...]:
    """Talents as keys, or {"key": ..., "extra_points": n} for extra points."""
    if not isinstance(items, list):
        raise FormatError(f"{where}: \"talents\" must be a list")
    result = []
    for item in items:
        if isinstance(item, str):
            result.append(KnownTalent(item))
        elif (isinstance(item, dict) and isinstance(item.get("key"), str)
              and set(item) <= {"key", "extra_points"}):
            extra = item.get("extra_points", 0)
            if isinstance(extra, bool) or not isinstance(extra, int):
                raise FormatError(f"{where}: a talent's \"extra_points\" must be a number")
            result.append(KnownTalent(item["key"], extra))
        else:
            raise FormatError(f"{where}: each talent must be a key or "
                              "{\"key\": ..., \"extra_points\": n}")
    return tuple(result)


def _int(data: dict[str, Any], name: str, default: int, where: str) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(f"{where}: \"{name}\" must be a whole number")
    return value


def _items(items: object, where: str) -> tuple[Item, ...]:
    """Possessions: kind, key and state, with optional quality, wear and quantity."""
    if not isinstance(items, list):
        raise FormatError(f"{where}: \"items\" must be a list")
    result = []
    for i, item in enumerate(items):
        at = f"{where}.items[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("key"), str):
            raise FormatError(f"{at}: each item needs a \"key\"")
        unknown = sorted(set(item) - _ITEM_FIELDS)
        if unknown:
            raise FormatError(f"{at}: unknown field(s) {', '.join(unknown)}")
        try:
            kind = ItemKind(item.get("kind"))
            state = ItemState(item.get("state", "carried"))
        except ValueError as exc:
            raise FormatError(f"{at}: {exc}") from None
        for flag in ("silver", "good"):
            if not isinstance(item.get(flag, False), bool):
                raise FormatError(f"{at}: \"{flag}\" must be true or false")
        note = item.get("note", "")
        if not isinstance(note, str):
            raise FormatError(f"{at}: \"note\" must be text")
        result.append(Item(
            kind=kind, key=item["key"], state=state,
            quality=Quality(_int(item, "fine_dx", 0, at), _int(item, "fine_damage", 0, at),
                            item.get("silver", False), item.get("good", False)),
            hits_taken=_int(item, "hits_taken", 0, at), quantity=_int(item, "quantity", 1, at),
            note=note))
    return tuple(result)


def _mount(data: object, where: str) -> Mount | None:
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise FormatError(f"{where}: \"mount\" must be an object with a name")
    extra = data.get("extra_kg", 0.0)
    if isinstance(extra, bool) or not isinstance(extra, int | float):
        raise FormatError(f"{where}: the mount's \"extra_kg\" must be a number")
    unknown = sorted(set(data) - {"name", "st", "dx", "ma", "extra_kg"})
    if unknown:
        raise FormatError(f"{where}: mount: unknown field(s) {', '.join(unknown)}")
    return Mount(data["name"], _int(data, "st", 0, where + ".mount"),
                 _int(data, "dx", 0, where + ".mount"), _int(data, "ma", 0, where + ".mount"),
                 float(extra))
