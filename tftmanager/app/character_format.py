"""The character and party JSON formats, declared once as pydantic models.

The models check every field's type and range (the bounds come from the rules'
input check, so there is one source for them) and generate the JSON Schema
shipped as ``docs/character-format.schema.json``, so other tools can validate
a file before they send it.  Checking field by field by hand is how a fine
bonus of 2**63 once slipped through.  Pydantic's errors are turned into the
one-line messages the format has always given (``characters[1]: "dx" must be
a whole number``).

Regenerate the schema with ``python -m tftmanager.app.character_format``.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from tftmanager.rules.character import (
    AGE_MAX,
    ATTRIBUTE_BOUNDS,
    BODY_KG_MAX,
    FINE_BONUS_MAX,
    KEY_MAX,
    MAX_ITEMS,
    MAX_LANGUAGES,
    NOTES_MAX,
)

CHARACTER_FORMAT = "tftmanager.character"
PARTY_FORMAT = "tftmanager.party"
# Version 2 added kind, talents, spells and memory_bought; version 3 items (with
# quality and wear), body_kg and mount; version 4 keeps equipment in items only
# (the armor, shield and weapon keys of versions 1-3 are read into items);
# version 5 adds languages and age.
FORMAT_VERSION = 5
OLD_GEAR_FIELDS = ("armor", "shield", "shield_ready", "weapons", "ready_weapon")

_STRICT = ConfigDict(extra="forbid", strict=True)
Key = Annotated[str, Field(max_length=KEY_MAX)]


def _bounded(name: str, default: int | None = None) -> Any:
    low, high = ATTRIBUTE_BOUNDS[name]
    if default is None:
        return Field(ge=low, le=high)
    return Field(default, ge=low, le=high)


class ItemModel(BaseModel):
    """A possession: kind, library key and where it is, with quality and wear."""

    model_config = _STRICT
    kind: Literal["weapon", "armor", "shield", "gear", "magic"]
    key: Key
    state: Literal["readied", "carried", "stored"] = "carried"
    fine_dx: int = Field(0, ge=0, le=FINE_BONUS_MAX)
    fine_damage: int = Field(0, ge=0, le=FINE_BONUS_MAX)
    silver: bool = False
    good: bool = False
    hits_taken: int = Field(0, ge=0, le=100000)
    quantity: int = Field(1, ge=1, le=10000)
    note: str = Field("", max_length=NOTES_MAX)


class TalentModel(BaseModel):
    """A talent bought with extra points (Sign Language); a plain key otherwise."""

    model_config = _STRICT
    key: Key
    extra_points: int = Field(0, ge=0, le=20)


class MountModel(BaseModel):
    """A riding animal and the extra load it carries."""

    model_config = _STRICT
    name: str = Field(max_length=KEY_MAX)
    st: int = Field(ge=1, le=300)
    dx: int = Field(ge=1, le=100)
    ma: int = Field(ge=1, le=100)
    extra_kg: float = Field(0.0, ge=0, le=10000)


class CharacterModel(BaseModel):
    """One character, as ``character_to_dict`` writes it."""

    model_config = _STRICT
    uid: str | None = Field(None, min_length=1, max_length=36)
    name: str
    race: Key
    player: str = ""
    notes: str = Field("", max_length=NOTES_MAX)
    st: int = _bounded("st")
    dx: int = _bounded("dx")
    iq: int = _bounded("iq", 8)
    sp: int = _bounded("sp", 0)
    bought_points: int = _bounded("bought_points", 0)
    # Versions 1-3 only: the gear keys, read into items (refused in version 4).
    armor: Key | None = None
    shield: Key | None = None
    shield_ready: bool = False
    weapons: list[Key] = Field(default_factory=list, max_length=12)
    ready_weapon: Key | None = None
    kind: Literal["hero", "wizard"] = "hero"
    talents: list[Key | TalentModel] = Field(default_factory=list)
    spells: list[Key] = Field(default_factory=list)
    memory_bought: int = _bounded("memory_bought", 0)
    items: list[ItemModel] = Field(default_factory=list, max_length=MAX_ITEMS)
    body_kg: float = Field(0.0, ge=0, le=BODY_KG_MAX)
    mount: MountModel | None = None
    languages: list[Key] = Field(default_factory=list, max_length=MAX_LANGUAGES)
    age: int = Field(0, ge=0, le=AGE_MAX)


class CharacterDocument(BaseModel):
    """``{"format": "tftmanager.character", "version": 4, "character": {...}}``."""

    model_config = _STRICT
    format: Literal["tftmanager.character"]
    version: int = Field(ge=1, le=FORMAT_VERSION)
    character: CharacterModel


class PartyDocument(BaseModel):
    """``{"format": "tftmanager.party", "version": 4, "characters": [...]}``."""

    model_config = _STRICT
    format: Literal["tftmanager.party"]
    version: int = Field(ge=1, le=FORMAT_VERSION)
    characters: list[CharacterModel] = Field(min_length=1)


DOCUMENT = TypeAdapter(CharacterDocument | PartyDocument)
_CHARACTERS: TypeAdapter[list[CharacterModel]] = TypeAdapter(
    Annotated[list[CharacterModel], Field(min_length=1)])
_CHARACTER: TypeAdapter[CharacterModel] = TypeAdapter(CharacterModel)

_NULLABLE = {"uid", "armor", "shield", "ready_weapon", "mount"}
_PHRASES = {
    "string_type": "must be text", "int_type": "must be a whole number",
    "bool_type": "must be true or false", "float_type": "must be a number",
    "list_type": "must be a list", "model_type": "must be an object",
    "dict_type": "must be an object", "model_attributes_type": "must be an object",
}
# The bounded counts that are not attributes, named as the editor names them.
_LABELS = {"bought_points": "Points bought", "memory_bought": "Memory bought"}
_WHAT = {"weapons": "weapon keys", "spells": "spell keys", "talents": "talents",
         "items": "items", "languages": "language names"}


def _is_union_tag(part: int | str) -> bool:
    """Pydantic names the union member tried (``str``, ``TalentModel``) in the location."""
    return isinstance(part, str) and (part in ("str", "constrained-str") or part[:1].isupper())


def _locate(loc: tuple[int | str, ...], root: str) -> tuple[str, str, bool]:
    """Where an error is (``characters[1].items[0]``), and in which field.

    The flag says an element of a list field is wrong, not the field itself.
    """
    parts = [p for p in loc if not _is_union_tag(p)]
    in_list = bool(parts) and isinstance(parts[-1], int)
    index = parts.pop() if in_list else None
    if not parts:
        if index is not None:
            return f"{root}[{index}]", "", False
        return "", root, False
    *path, field = parts
    where = root + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    return where, str(field), in_list


def _phrase(error: Any, field: str, in_list: bool) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "missing":
        return f'"{field}" is missing'
    if kind == "extra_forbidden":
        return f"unknown field {field}"
    if field == "characters":
        return '"characters" must be a non-empty list'
    if in_list and kind in _PHRASES:
        return f'"{field}" must be a list of {_WHAT.get(field, "values")}'
    if kind in _PHRASES:
        tail = " or null" if field in _NULLABLE and kind not in ("missing",) else ""
        return f'"{field}" {_PHRASES[kind]}{tail}'
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        return (f'"{field}" must not be empty' if least == 1
                else f'"{field}" must be text of at least {least} characters')
    if kind in ("string_too_long", "too_long"):
        size = ctx.get("max_length")
        return f'"{field}" must be text of at most {size} characters' if kind.startswith(
            "string") else f'"{field}" can hold at most {size} entries'
    if kind in ("greater_than_equal", "less_than_equal") and field in _BOUNDS:
        low, high = _BOUNDS[field]
        label = _LABELS.get(field, field.upper() if field in ATTRIBUTE_BOUNDS else f'"{field}"')
        return f"{label} must be between {low:g} and {high:g}, not {error['input']}"
    if kind == "literal_error":
        return f'"{field}" must be {ctx.get("expected", "one of the listed values")}'
    return f'"{field}": {error["msg"]}'


def _first(exc: ValidationError) -> Any:
    """The error to report: for a talent given as an object, the object's own error."""
    errors = exc.errors()
    first = errors[0]
    if isinstance(first.get("input"), dict) and any(_is_union_tag(p) for p in first["loc"]):
        return next((e for e in errors[1:] if e["loc"][:len(first["loc"]) - 1]
                     == first["loc"][:-1]), first)
    return first


def _bounds() -> dict[str, tuple[float, float]]:
    """Each bounded field's range, read from the models (for the messages)."""
    found: dict[str, tuple[float, float]] = {}
    for model in (ItemModel, TalentModel, MountModel, CharacterModel):
        for name, info in model.model_fields.items():
            low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
            high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
            if low is not None and high is not None:
                found.setdefault(name, (float(low), float(high)))
    return found


_BOUNDS = _bounds()


def _message(exc: ValidationError, root: str) -> str:
    error = _first(exc)
    where, field, in_list = _locate(tuple(error["loc"]), root)
    if not field:  # a list element that is not an object at all
        return f"{where} must be an object"
    if root == "characters" and not where and field == root:
        return '"characters" must be a non-empty list'
    if not where and field == root and error["type"] in _PHRASES:
        return f"{root} {_PHRASES[error['type']]}"
    text = _phrase(error, field, in_list and error["type"] in _PHRASES)
    return f"{where}: {text}" if where else text


def check_characters(data: object) -> list[CharacterModel]:
    """A party's ``characters`` checked field by field; ValueError says what is wrong."""
    try:
        return _CHARACTERS.validate_python(data)
    except ValidationError as exc:
        raise ValueError(_message(exc, "characters")) from None


def check_character(data: object) -> CharacterModel:
    """One document's ``character`` checked field by field; ValueError says what is wrong."""
    try:
        return _CHARACTER.validate_python(data)
    except ValidationError as exc:
        raise ValueError(_message(exc, "character")) from None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of both documents (what docs/character-format.schema.json holds)."""
    schema = DOCUMENT.json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "TFT Manager character or party document"
    return schema


if __name__ == "__main__":
    sys.stdout.write(json.dumps(json_schema(), indent=2) + "\n")
