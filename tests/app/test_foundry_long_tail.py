"""Foundry actors from the long tail: odd files, money, and what must survive the way back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import campaigns, equipment
from tftmanager.app.arrivals import Already, Landed
from tftmanager.app.foundry import (
    FoundryError,
    actor_files,
    export_actors,
    import_actor_files,
    import_actors,
    preview_actors,
    read_actors,
)
from tftmanager.app.import_unknowns import Choice, Resolution, choices_for
from tftmanager.app.library import library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.app.outputs import write_outputs
from tftmanager.rules.items import ItemKind
from tftmanager.rules.money import MoneyKind
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "foundry"


def test_two_characters_of_one_name_are_two_files(demo_store: CampaignStore,
                                                  tmp_path: Path) -> None:
    (ragnar,) = export_actors(store=demo_store, names=["Ragnar"])
    import_actors(store=demo_store, text=ragnar[1], as_copies=True)
    actors = export_actors(store=demo_store)
    assert [name for name, _ in actors].count("Ragnar") == 2
    folder = tmp_path / "party"
    folder.mkdir()
    write_outputs(folder, actor_files(actors))
    written = sorted(p.name for p in folder.iterdir())
    assert len(written) == len(actors) == 6
    assert {"Ragnar.json", "Ragnar_2.json"} <= set(written)
    assert sorted(json.loads(p.read_text(encoding="utf-8"))["name"]
                  for p in folder.iterdir()).count("Ragnar") == 2


def _uldor() -> dict[str, Any]:
    return json.loads((DATA / "system" / "uldor_bb6283f.json").read_text(encoding="utf-8"))


def _import(store: CampaignStore, doc: object, **options: Any) -> Landed:
    return import_actor_files(store=store, texts=[json.dumps(doc)], **options)


def test_an_item_with_two_paragraphs_of_notes_can_be_added(store: CampaignStore) -> None:
    """The system's own Uldor: --choose "Wizards Staff=add" (its notes are five paragraphs)."""
    text = json.dumps(_uldor())
    seen = preview_actors(store=store, texts=[text])
    chosen = choices_for(seen.unknowns, {"wizards staff": Resolution(Choice.ADD)},
                         NameIndex(library_for(store)))
    import_actor_files(store=store, texts=[text], choices=chosen)
    (uldor,) = campaigns.party_sheets(store=store)
    (staff,) = [i for i in uldor.character.items if i.key == "wizards_staff"]
    paragraphs = next(i for i in _uldor()["items"] if i["name"] == "Wizards Staff")[
        "system"]["notes"].count("<p>")
    assert paragraphs > 1 and staff.note.count("\n") == paragraphs - 1
    (_name, back), = export_actors(store=store)
    (item,) = [i for i in json.loads(back)["items"] if i["name"] == "Wizards Staff"]
    assert item["system"]["notes"].count("<p>") == paragraphs


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["_stats"].update(systemId="dnd5e"),
     "Uldor is an actor of the dnd5e system, not of The Fantasy Trip's"),
    (lambda d: d.update(type="vehicle"),
     "Uldor is a Foundry actor of type 'vehicle'; only characters and NPCs are read"),
    (lambda d: d.update(items={"a": 1}), "Uldor: its items must be a list, not dict"),
    (lambda d: d["system"].update(damage=99), "Uldor: damage 99 is more than its ST 9"),
    (lambda d: d["items"][2]["system"].update(qty=-5),
     "Silver Coins has quantity -5; a quantity is 0 or more")])
def test_what_is_no_fantasy_trip_character_is_refused_naming_it(
        store: CampaignStore, change: Callable[[dict[str, Any]], None], message: str) -> None:
    doc = _uldor()
    change(doc)
    with pytest.raises(FoundryError, match=re.escape(message)):
        _import(store, doc)
    assert campaigns.party_sheets(store=store) == []


def test_notes_given_as_a_list_are_paragraphs_and_said(store: CampaignStore) -> None:
    doc = _uldor()
    doc["system"]["notes"] = ["<p>First</p>", "Second"]
    result = _import(store, doc)
    (uldor,) = campaigns.party_sheets(store=store)
    assert uldor.character.notes.startswith("First\nSecond\n")
    assert "Uldor: notes given as a list: read one paragraph an entry" in result.report


def test_coins_are_money_and_copper_stays_coins(store: CampaignStore) -> None:
    """16 silver and 8 copper ($16.80): $16 of money, the copper kept as coins."""
    result = _import(store, _uldor())
    (uldor,) = campaigns.party_sheets(store=store)
    assert equipment.money(store=store, character_id=uldor.id) == 16
    assert "Equipment: Copper Coins x8 ($0.1, 0.01 lb, in Belt Pouch)" in \
        uldor.character.notes.splitlines()
    assert "Uldor: 16 Silver Coins ($16) became $16 of money" in result.report


def test_coins_without_a_cost_are_money_by_their_metal(store: CampaignStore) -> None:
    """Foundry's own text import gives "Silver Coins (40)" no cost."""
    doc = _uldor()
    doc["items"] = [{"name": "Silver Coins", "type": "equipment", "system": {"qty": 40}},
                    {"name": "Gold pieces", "type": "equipment", "system": {"qty": 2}}]
    _import(store, doc)
    (uldor,) = campaigns.party_sheets(store=store)
    assert equipment.money(store=store, character_id=uldor.id) == 60


@pytest.mark.parametrize(("coins", "money"), [(0, 0), (None, 0), (12, 12)])
def test_our_actor_back_from_foundry_says_the_money(demo_store: CampaignStore,
                                                   coins: int | None, money: int) -> None:
    """Coins set to 0 or the coins item deleted in Foundry: no money left."""
    ragnar = _id(demo_store, "Ragnar")
    equipment.record_money(store=demo_store, character_id=ragnar, amount=60,
                           kind=MoneyKind.FOUND, reason="Loot")
    (_name, text), = export_actors(store=demo_store, names=["Ragnar"])
    doc = json.loads(text)
    (purse,) = [i for i in doc["items"] if i["name"] == "Silver Coins"]
    if coins is None:
        doc["items"].remove(purse)
    else:
        purse["system"]["qty"] = coins
    seen = preview_actors(store=demo_store, texts=[json.dumps(doc)])
    (match,) = seen.already
    assert match is not None and match.differences["money"][1] == str(money)
    result = _import(demo_store, doc, already=Already.UPDATE)
    assert equipment.money(store=demo_store, character_id=ragnar) == money
    assert any(f"money ${money} (was" in line for line in result.report)


def test_names_and_values_are_the_systems(demo_store: CampaignStore) -> None:
    """Block, Strike, Shot, Punch; Sword's cost and Pole Weapons' IQ as its compendium has them."""
    actors = {name: json.loads(text) for name, text in export_actors(store=demo_store)}
    items = [i for doc in actors.values() for i in doc["items"]]
    actions = {a["action"] for i in items for a in i["system"].get("attacks", [])}
    defenses = {d["action"] for i in items for d in i["system"].get("defenses", [])}
    assert "Attack" not in actions and {"Strike", "Shot"} <= actions
    assert defenses <= {"Block", "Chest/Torso"} and "Block" in defenses
    talents = {i["name"]: i["system"] for i in items if i["type"] == "talent"}
    assert (talents["Sword"]["minIQ"], talents["Sword"]["iqCost"]) == (7, 1)
    assert talents["Pole Weapons"]["minIQ"] == 8
    fist = next(i for i in items if i["name"] == "Magic Fist")
    assert fist["system"]["attacks"][0]["action"] == "Punch"
    leather = [i["name"] for i in items
               if i.get("flags", {}).get("tftmanager", {}).get("key") == "leather"]
    assert leather and set(leather) == {"Light Leather"}


def test_a_rods_points_are_not_rods(demo_store: CampaignStore) -> None:
    """Morgaine's "Magic Fist rod" with 2 points is one rod in Foundry, 2 points here."""
    morgaine = campaigns.party_sheets(store=demo_store)
    (sheet,) = [s for s in morgaine if s.character.name == "Morgaine"]
    rods = [i for i in sheet.character.items if i.kind is ItemKind.MAGIC]
    assert rods and rods[0].quantity > 1
    (_name, text), = export_actors(store=demo_store, names=["Morgaine"])
    (rod,) = [i for i in json.loads(text)["items"]
              if i.get("flags", {}).get("tftmanager", {}).get("key") == rods[0].key]
    assert rod["system"]["qty"] == 1 and f"{rods[0].quantity} points" in rod["system"]["notes"]
    (read,) = read_actors(text, library_for(demo_store))
    assert read.character.items == sheet.character.items


def _id(store: CampaignStore, name: str) -> int:
    return next(s.id for s in campaigns.party_sheets(store=store) if s.character.name == name)
