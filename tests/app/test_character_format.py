"""The character format's pydantic models: the shipped JSON Schema and what it accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tftmanager.app.character_format import DOCUMENT, json_schema
from tftmanager.app.interchange import dump_character, loads
from tftmanager.shipped import resource

pytestmark = pytest.mark.app

SCHEMA = Path(__file__).parents[2] / "docs" / "character-format.schema.json"


def test_the_shipped_schema_is_current() -> None:
    """Regenerate with: python -m tftmanager.app.character_format > docs/...schema.json."""
    assert json.loads(SCHEMA.read_text(encoding="utf-8")) == json_schema()


def test_every_document_we_write_validates_against_the_schema() -> None:
    entries = loads(resource("demo", "party.json").read_text(encoding="utf-8"))
    for entry in entries:
        written = json.loads(dump_character(entry.character, entry.uid))
        DOCUMENT.validate_python(written)
        assert loads(json.dumps(written)) == [entry]


def test_ranges_come_from_the_rules_input_check() -> None:
    character = json_schema()["$defs"]["CharacterModel"]["properties"]
    assert (character["st"]["minimum"], character["st"]["maximum"]) == (1, 300)
    item = json_schema()["$defs"]["ItemModel"]["properties"]
    assert item["fine_dx"]["maximum"] == 10
