"""The character JSON format: round trips, strict reading, all-or-none import."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app.campaigns import party_sheets
from tftmanager.app.characters import create_character
from tftmanager.app.interchange import (
    CHARACTER_FORMAT,
    FORMAT_VERSION,
    PARTY_FORMAT,
    Entry,
    FormatError,
    dump_character,
    loads,
)
from tftmanager.app.transfer import TransferError, export_by_name, import_entries
from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

RAGNAR = Character(
    name="Ragnar", race="human", st=11, dx=13, iq=8, player="Sven",
    notes="Viking — «ünïcode» notes\nover two lines",
    items=outfit(armor="leather", shield="large_shield", shield_ready=False,
                 weapons=("spear", "dagger"), ready_weapon="spear"),
)
JOE = Character(
    name="Joe the Barbarian", race="human", st=11, dx=12, iq=9, sp=1, bought_points=1,
)
UID = "0ff97711-2438-4de8-9688-925a632731c0"


def character_doc(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Ragnar", "race": "human", "st": 11, "dx": 13}
    data.update(fields)
    return {"format": CHARACTER_FORMAT, "version": 1, "character": data}


def test_character_round_trip() -> None:
    text = dump_character(RAGNAR, UID)
    assert loads(text) == [Entry(UID, RAGNAR)]
    doc = json.loads(text)
    assert doc["format"] == "tftmanager.character"
    assert doc["version"] == FORMAT_VERSION
    assert [(i["key"], i["state"]) for i in doc["character"]["items"]] == [
        ("leather", "readied"), ("large_shield", "carried"), ("spear", "readied"),
        ("dagger", "carried")]
    assert "ünïcode" in text  # written as UTF-8, not escaped


def dump_party(entries: list[Entry]) -> str:
    """A party document (the demo party's format) made of characters as the app exports them."""
    return json.dumps({
        "format": PARTY_FORMAT, "version": FORMAT_VERSION,
        "characters": [json.loads(dump_character(e.character, e.uid))["character"]
                       for e in entries]})


def test_character_without_uid() -> None:
    text = dump_character(JOE)
    assert "uid" not in json.loads(text)["character"]
    assert loads(text) == [Entry(None, JOE)]


def test_party_round_trip() -> None:
    entries = [Entry(UID, RAGNAR), Entry(None, JOE)]
    text = dump_party(entries)
    assert json.loads(text)["format"] == PARTY_FORMAT
    assert loads(text) == entries


def test_version_1_documents_still_read() -> None:
    # The first format; later versions only added fields, so old files import.
    (entry,) = loads(json.dumps({**character_doc(), "version": 1}))
    assert (entry.character.name, entry.character.st, entry.character.dx) == ("Ragnar", 11, 13)


def test_minimal_document_takes_defaults() -> None:
    (entry,) = loads(json.dumps(character_doc()))
    assert entry == Entry(None, Character(name="Ragnar", race="human", st=11, dx=13))
    assert (entry.character.iq, entry.character.sp, entry.character.items) == (8, 0, ())


BAD_DOCUMENTS: dict[str, tuple[str, str]] = {
    "not json": ('{"format": "tftmanager.character", ', "not valid JSON"),
    "json list": ("[1, 2, 3]", "not a TFT Manager character file"),
    "wrong format": (
        json.dumps({"format": "gurps.character", "version": 1, "character": {}}),
        "not a TFT Manager character file",
    ),
    "missing version": (
        json.dumps({"format": CHARACTER_FORMAT, "character": {}}),
        "no valid \"version\"",
    ),
    "version as text": (
        json.dumps({**character_doc(), "version": "1"}),
        "no valid \"version\"",
    ),
    "newer version": (
        json.dumps({**character_doc(), "version": FORMAT_VERSION + 1}),
        f"newer TFT Manager (format version {FORMAT_VERSION + 1}; "
        f"this version reads {FORMAT_VERSION})",
    ),
    "unknown field": (json.dumps(character_doc(colour="red")), "unknown field colour"),
    "missing name": (
        json.dumps({"format": CHARACTER_FORMAT, "version": 1,
                    "character": {"race": "human", "st": 11, "dx": 13}}),
        "\"name\" is missing",
    ),
    "character not an object": (
        json.dumps({"format": CHARACTER_FORMAT, "version": 1, "character": [1]}),
        "character must be an object",
    ),
    "st as string": (json.dumps(character_doc(st="11")), "\"st\" must be a whole number"),
    "st as bool": (json.dumps(character_doc(st=True)), "\"st\" must be a whole number"),
    "st as float": (json.dumps(character_doc(st=11.0)), "\"st\" must be a whole number"),
    "st out of range": (
        json.dumps(character_doc(st=400)), "ST must be between 1 and 300, not 400"
    ),
    "st zero": (json.dumps(character_doc(st=0)), "ST must be between 1 and 300, not 0"),
    "empty name": (json.dumps(character_doc(name=" ")), "needs a name"),
    "name as number": (json.dumps(character_doc(name=7)), "\"name\" must be text"),
    "weapons not a list": (
        json.dumps(character_doc(weapons="spear")), "\"weapons\" must be a list"
    ),
    "weapons of numbers": (
        json.dumps(character_doc(weapons=[1, 2])), "\"weapons\" must be a list"
    ),
    "armor as number": (json.dumps(character_doc(armor=3)), "\"armor\" must be text or null"),
    "shield_ready as text": (
        json.dumps(character_doc(shield_ready="yes")), "\"shield_ready\" must be true or false"
    ),
    "uid too long": (json.dumps(character_doc(uid="x" * 37)), "\"uid\" must be text"),
    "uid empty": (json.dumps(character_doc(uid="")), "\"uid\" must not be empty"),
    "memory bought negative": (json.dumps(character_doc(memory_bought=-1)),
                               "Memory bought must be between 0 and 500, not -1"),
    "empty party": (
        json.dumps({"format": PARTY_FORMAT, "version": 1, "characters": []}),
        "\"characters\" must be a non-empty list",
    ),
    "party without list": (
        json.dumps({"format": PARTY_FORMAT, "version": 1, "characters": {"a": 1}}),
        "\"characters\" must be a non-empty list",
    ),
    "bad second party member": (
        json.dumps({"format": PARTY_FORMAT, "version": 1, "characters": [
            character_doc()["character"], {**character_doc()["character"], "dx": "high"},
        ]}),
        "characters[1]: \"dx\" must be a whole number",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD_DOCUMENTS))
def test_bad_documents_raise_format_error(kind: str) -> None:
    text, message = BAD_DOCUMENTS[kind]
    with pytest.raises(FormatError) as info:
        loads(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)  # one line for the user


def test_unknown_race_or_weapon_keys_are_read() -> None:
    # Rules problems are not format errors: they are reported after import.
    (entry,) = loads(json.dumps(character_doc(race="troll", weapons=["lightsaber"])))
    assert entry.character.race == "troll"
    assert [i.key for i in entry.character.loadout.weapons] == ["lightsaber"]


def test_old_gear_fields_become_possessions_without_doubling() -> None:
    # A version-3 file kept the gear twice: keys, and possessions with their wear.
    old = character_doc(
        armor="chainmail", shield="large_shield", shield_ready=True,
        weapons=["shortsword", "dagger"], ready_weapon="shortsword",
        items=[{"kind": "armor", "key": "chainmail", "state": "carried", "hits_taken": 55},
               {"kind": "weapon", "key": "broadsword", "state": "readied"},
               {"kind": "gear", "key": "skis", "state": "stored"}])
    (entry,) = loads(json.dumps({**old, "version": 3}))
    items = entry.character.items
    assert [(i.kind.value, i.key, i.state.value, i.hits_taken) for i in items] == [
        ("armor", "chainmail", "readied", 55),  # the owned one, worn, its wear kept
        ("shield", "large_shield", "readied", 0),
        ("weapon", "shortsword", "readied", 0),
        ("weapon", "dagger", "carried", 0),
        ("weapon", "broadsword", "carried", 0),  # the keys said the shortsword was in hand
        ("gear", "skis", "stored", 0),
    ]
    # Written back in one form: possessions only, at this version.
    doc = json.loads(dump_character(entry.character))
    assert doc["version"] == FORMAT_VERSION == 5
    assert not {"armor", "shield", "shield_ready", "weapons", "ready_weapon"} & set(
        doc["character"])
    assert loads(json.dumps(doc)) == [Entry(None, entry.character)]


def test_version_4_has_no_gear_fields() -> None:
    doc = {**character_doc(armor="leather"), "version": 4}
    with pytest.raises(FormatError, match=r"unknown fields? armor"):
        loads(json.dumps(doc))


def names(store: CampaignStore) -> list[str]:
    return [s.character.name for s in party_sheets(store=store)]


@pytest.fixture
def other_demo(tmp_path: Path, campaign_templates: Any) -> Iterator[CampaignStore]:
    """A second open campaign, holding the demo party."""
    demo = campaign_templates.open(tmp_path / "demo.tftcampaign", demo=True)
    yield demo
    demo.close()


def test_export_then_import_into_another_campaign(
    store: CampaignStore, other_demo: CampaignStore
) -> None:
    text = export_by_name(store=other_demo, name="  ragnar ")  # case and spaces ignored
    (entry,) = loads(text)
    ragnar = next(s for s in party_sheets(store=other_demo) if s.character.name == "Ragnar")
    assert entry == Entry(ragnar.uid, ragnar.character)
    imported = import_entries(store=store, entries=[entry])
    assert len(imported.ids) == 1
    assert imported.changes.party
    assert imported.changes.characters == frozenset(imported.ids)
    (sheet,) = party_sheets(store=store)
    assert (sheet.uid, sheet.character) == (ragnar.uid, ragnar.character)


def test_export_unknown_and_ambiguous_names(store: CampaignStore) -> None:
    with pytest.raises(TransferError, match="No character named 'Nobody'"):
        export_by_name(store=store, name="Nobody")
    create_character(store=store, character=JOE)
    create_character(store=store, character=JOE)
    with pytest.raises(TransferError, match="2 characters are named"):
        export_by_name(store=store, name="Joe the Barbarian")


def test_reimport_is_refused_unless_as_copies(store: CampaignStore) -> None:
    import_entries(store=store, entries=[Entry(UID, RAGNAR)])
    with pytest.raises(TransferError, match="already in this campaign"):
        import_entries(store=store, entries=[Entry(UID, RAGNAR)])
    assert names(store) == ["Ragnar"]
    copied = import_entries(store=store, entries=[Entry(UID, RAGNAR)], as_copies=True)
    assert names(store) == ["Ragnar", "Ragnar"]
    uids = {s.uid for s in party_sheets(store=store)}
    assert len(uids) == 2 and UID in uids
    assert len(copied.ids) == 1


def test_import_is_all_or_none(store: CampaignStore) -> None:
    existing = create_character(store=store, character=JOE)
    party_text = dump_party([
        Entry("11111111-2222-3333-4444-555555555555", RAGNAR),
        Entry(existing.uid, JOE),  # clashes with the character already there
    ])
    with pytest.raises(TransferError, match="Joe the Barbarian is already in this campaign"):
        import_entries(store=store, entries=loads(party_text))
    # Ragnar, first in the document, was not imported either.
    assert names(store) == ["Joe the Barbarian"]


def test_import_of_the_same_uid_twice_in_one_document(store: CampaignStore) -> None:
    entries = [Entry(UID, RAGNAR), Entry(UID, JOE)]
    with pytest.raises(TransferError):
        import_entries(store=store, entries=entries)
    assert names(store) == []
