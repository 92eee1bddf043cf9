"""Actors as a Foundry world writes them come in whole, and ours arrive as Foundry expects.

The fixtures in ``tests/data/foundry`` are written in the shape Foundry VTT's
Fantasy Trip system (pumbers/fantasytrip-foundryvtt 1.2.0) exports: actors made
in Foundry with languages, armor and weapons our library lacks, containers,
coins and a spell book (``world_*.json``), and one exported by us and then
edited in Foundry (``exported_hedda.json``, ``edited_in_foundry_hedda.json``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.test_foundry import MODEL, model_problems
from tftmanager.app import equipment, experience
from tftmanager.app.arrivals import Already
from tftmanager.app.campaigns import party_sheets
from tftmanager.app.foundry import export_actors, import_actor_files, import_actors
from tftmanager.app.import_unknowns import Choice, Resolution
from tftmanager.app.journal import undo
from tftmanager.app.library import library_for
from tftmanager.app.transfer import TransferError
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.rules.settings import KG_PER_LB
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "foundry"


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_a_foundry_party_imports_whole_and_the_report_names_every_item(
        store: CampaignStore) -> None:
    result = import_actors(store=store, text=_text("world_party.json"))
    sheets = {s.character.name: s for s in party_sheets(store=store)}
    brannoc, tamsin = sheets["Brannoc the Scribe"], sheets["Tamsin Reedwater"]
    b = brannoc.character
    assert b.languages == ("Common", "Goblin", "Sorcerers' Tongue")
    assert (b.age, b.fatigue, b.kind.value) == (31, 3, "wizard")
    assert [t.key for t in b.talents] == ["literacy", "area_knowledge", "quarterstaff"]
    assert b.spells == ("light", "fireball")
    (sword,) = b.items
    assert (sword.key, sword.state, sword.note) == ("shortsword", ItemState.CARRIED,
                                                    "in Backpack")
    assert experience.status(store=store, character_id=brannoc.id).balance == 120
    # 16 silver are money; 10 copper ($1 in all, but a copper is $0.10) stay coins
    assert equipment.money(store=store, character_id=brannoc.id) == 16
    assert any(line.startswith("Equipment: Copper Coins x10") for line in b.notes.splitlines())
    assert equipment.money(store=store, character_id=tamsin.id) == 30  # 3 gold at $10
    kept = [line for line in b.notes.splitlines() if ": " in line]
    assert "Equipment: Torch x3 ($1, 0.5 lb, in Backpack)" in kept
    assert ("Equipment: Book of Shadows ($1000, 5 lb, in Backpack; spells: Light, Ink Stain)"
            in kept)
    assert "Job: Scribe (pay $20)" in kept
    for name in ("Cipher Lore", "Ink Stain", "Light Leather", "Wizards Staff", "Backpack",
                 "Belt Pouch", "Torch", "Book of Shadows", "Hunting Bow", "Arrows", "Lucky"):
        assert any(name in line and "kept in the notes" in line for line in result.report), name
    assert any("became $16 of money" in line for line in result.report)
    assert tamsin.character.wounds == 2 and tamsin.character.languages == ("Common",)


def test_names_the_library_lacks_can_be_mapped_or_added(store: CampaignStore) -> None:
    choices = {("armor", "light leather"): Resolution(Choice.MAP, "leather"),
               ("weapon", "wizards staff"): Resolution(Choice.ADD),
               ("talent", "cipher lore"): Resolution(Choice.ADD)}
    result = import_actor_files(store=store, texts=[_text("world_wizard_brannoc.json")],
                                choices=choices)
    (sheet,) = party_sheets(store=store)
    keys = [(i.kind, i.key, i.state) for i in sheet.character.items]
    assert (ItemKind.ARMOR, "leather", ItemState.READIED) in keys
    assert (ItemKind.WEAPON, "wizards_staff", ItemState.READIED) in keys
    assert "cipher_lore" in [t.key for t in sheet.character.talents]
    staff = library_for(store).weapons["wizards_staff"]
    assert (str(staff.damage), staff.st, staff.cost) == ("1d+3", 11, 300)
    assert staff.weight_kg == pytest.approx(5 * KG_PER_LB, abs=0.001)  # Foundry weighs in lb
    assert any("mapped to Leather armor" in line for line in result.report)
    assert any("Wizards Staff" in line and "added to the library" in line
               for line in result.report)
    undo(store=store)  # one operation: the character and the new entries go together
    assert party_sheets(store=store) == []
    assert "wizards_staff" not in library_for(store).weapons


def _ids(doc: dict[str, Any]) -> list[str]:
    return [item["_id"] for item in doc["items"]]


def test_the_export_is_what_foundry_expects(demo_store: CampaignStore) -> None:
    library = library_for(demo_store)
    for name, text in export_actors(store=demo_store):
        doc = json.loads(text)
        assert model_problems(doc) == [], name
        assert set(doc) <= set(MODEL["document"]), name
        assert set(doc["prototypeToken"]) <= set(MODEL["token"])
        assert doc["prototypeToken"]["actorLink"] is True  # a player character's token
        ids = _ids(doc)
        assert len(set(ids)) == len(ids)
        assert all(re.fullmatch(MODEL["id_pattern"], i) for i in ids)
        talents = {i["_id"] for i in doc["items"] if i["type"] == "talent"}
        for item in doc["items"]:
            assert set(item) <= set(MODEL["item_document"])
            system = item["system"]
            if item["type"] in ("talent", "spell"):
                assert system["defaultAttribute"] in MODEL["attributes"]
            for attack in system["attacks"]:
                assert attack["talent"] is None or attack["talent"] in talents
    flavius = json.loads(export_actors(store=demo_store, names=["Flavius"])[0][1])
    by_name = {i["name"]: i for i in flavius["items"]}
    sword = by_name["Shortsword"]
    assert sword["system"]["wt"] == round(library.weapons["shortsword"].weight_kg / KG_PER_LB, 2)
    talent_id = sword["system"]["attacks"][0]["talent"]  # rolls with Sword, not unskilled
    assert next(i["name"] for i in flavius["items"] if i["_id"] == talent_id) == "Sword"
    assert by_name["Sword"]["system"]["defaultAttribute"] == "dx.value"
    assert "Large Shield" in by_name  # the compendium's spelling, not "Large shield"


def test_a_spell_that_does_damage_has_its_attack(demo_store: CampaignStore) -> None:
    for _name, text in export_actors(store=demo_store):
        for item in json.loads(text)["items"]:
            if item["name"] in ("Fireball", "Magic Fist"):
                (attack,) = item["system"]["attacks"]
                assert re.fullmatch(r"\d+d6([+-]\d+)?", attack["baseDamage"])


def test_an_actor_edited_in_foundry_updates_the_character_it_came_from(
        store: CampaignStore) -> None:
    """What the player changed in Foundry wins over the flags we wrote on export."""
    import_actors(store=store, text=_text("exported_hedda.json"))
    (before,) = party_sheets(store=store)
    assert before.character.languages == ("Dwarvish",) and before.character.age == 60
    assert experience.status(store=store, character_id=before.id).balance == 40
    assert equipment.money(store=store, character_id=before.id) == 25
    edited = _text("edited_in_foundry_hedda.json")
    with pytest.raises(TransferError, match="--update"):
        import_actors(store=store, text=edited)
    result = import_actors(store=store, text=edited, already=Already.UPDATE)
    (after,) = party_sheets(store=store)
    c = after.character
    assert after.id == before.id and after.uid == before.uid
    assert (c.st, c.wounds, c.fatigue, c.age) == (14, 3, 2, 61)
    assert c.notes == "Carries her father's axe.\nSwore an oath at the Black Gate.\n" \
                      "Equipment: Torch x3 ($1, 0.5 lb)"
    shield = next(i for i in c.items if i.kind is ItemKind.SHIELD)
    javelin = next(i for i in c.items if i.key == "javelin")
    assert (shield.state, javelin.quantity) == (ItemState.READIED, 1)
    assert experience.status(store=store, character_id=after.id).balance == 15
    assert equipment.money(store=store, character_id=after.id) == 18
    updated = next(line for line in result.report if line.startswith("Updated "))
    assert "ST 13 -> 14" in updated and "notes edited" in updated
    undo(store=store)  # the update is one operation
    (again,) = party_sheets(store=store)
    assert again.character == before.character


def test_the_same_actor_twice_can_be_a_copy(store: CampaignStore) -> None:
    import_actors(store=store, text=_text("exported_hedda.json"))
    import_actors(store=store, text=_text("exported_hedda.json"), already=Already.COPY)
    first, second = party_sheets(store=store)
    assert first.uid != second.uid and first.character == second.character
