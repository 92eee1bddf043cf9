"""Foundry VTT actors: the export fits the Fantasy Trip data model and comes back unchanged.

``tests/data/foundry/fantasy_trip_model.json`` is written by hand from the
system's own data models (pumbers/fantasytrip-foundryvtt); every field we
write must be one its models declare (Foundry drops the others), with the
type they declare, and choices from its config.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app.campaigns import new_campaign, party_sheets
from tftmanager.app.foundry import FoundryError, export_actors, import_actors, read_actors
from tftmanager.app.foundry_actor import actor
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, Status
from tftmanager.rules.derived import derive
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "foundry"
MODEL = json.loads((DATA / "fantasy_trip_model.json").read_text(encoding="utf-8"))
_TYPES = {"number": (int, float), "string": str, "html": str, "boolean": bool}


def _check(value: Any, spec: Any, where: str) -> list[str]:
    """What in ``value`` the model does not declare or types differently."""
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            return [f"{where} must be an object"]
        wrong = [f"{where}.{k} is not in the system's model" for k in value if k not in spec]
        return wrong + [e for k, v in value.items() if k in spec
                        for e in _check(v, spec[k], f"{where}.{k}")]
    if isinstance(spec, list):
        if not isinstance(value, list):
            return [f"{where} must be a list"]
        inner = MODEL["models"].get(spec[0], spec[0])
        return [e for i, v in enumerate(value) for e in _check(v, inner, f"{where}[{i}]")]
    if spec == "id":
        return [] if value is None or isinstance(value, str) else [f"{where} must be an id"]
    if spec == "string|null":
        return [] if value is None or isinstance(value, str) else [f"{where} must be text"]
    kind = _TYPES[spec]
    if (isinstance(value, bool) and spec != "boolean") or not isinstance(value, kind):
        return [f"{where} must be {spec}, not {value!r}"]
    return []


def model_problems(doc: dict[str, Any]) -> list[str]:
    """Every way an actor document departs from the Fantasy Trip data model."""
    problems = []
    if doc.get("type") not in MODEL["actor_types"]:
        problems.append(f"actor type {doc.get('type')!r}")
    if not isinstance(doc.get("name"), str) or not doc["name"]:
        problems.append("an actor needs a name")
    problems += _check(doc["system"], MODEL["actor"], "system")
    choices = MODEL["choices"]
    if doc["system"]["type"] not in choices["actor.type"]:
        problems.append(f"system.type {doc['system']['type']!r}")
    for i, item in enumerate(doc["items"]):
        where = f"items[{i}] ({item.get('name')})"
        if item.get("type") not in MODEL["items"]:
            problems.append(f"{where}: type {item.get('type')!r}")
            continue
        spec = {**MODEL["item_base"], **MODEL["items"][item["type"]]}
        problems += _check(item["system"], spec, where)
        system = item["system"]
        for attack in system.get("attacks", []):
            problems += [f"{where}: attack {k} missing" for k in MODEL["required"]["attack"]
                         if not attack.get(k)]
            if attack.get("type") not in choices["attack.type"]:
                problems.append(f"{where}: attack type {attack.get('type')!r}")
            if not re.fullmatch(r"\d+d6([+-]\d+)?", attack["baseDamage"]):
                problems.append(f"{where}: {attack['baseDamage']!r} is not a Foundry roll")
        if item["type"] == "equipment" and system["location"] not in choices[
                "equipment.location"]:
            problems.append(f"{where}: location {system['location']!r}")
        if item["type"] == "spell" and system["type"] not in choices["spell.type"]:
            problems.append(f"{where}: spell type {system['type']!r}")
    return problems


def test_the_checker_catches_what_foundry_would_drop() -> None:
    doc = json.loads((DATA / "foundry_export_uldor.json").read_text())
    assert model_problems(doc) == []
    doc["system"]["st"]["value"] = 3
    doc["items"][1]["system"]["attacks"][0]["baseDamage"] = "2 dice"
    assert model_problems(doc) == ["system.st.value is not in the system's model",
                                   "items[1] (Dagger): '2 dice' is not a Foundry roll"]


def test_the_demo_party_export_fits_the_data_model(demo_store: CampaignStore) -> None:
    actors = export_actors(store=demo_store)
    assert [name for name, _ in actors] == [
        "Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]
    for name, text in actors:
        doc = json.loads(text)
        assert model_problems(doc) == [], name
    flavius = json.loads(actors[0][1])
    assert (flavius["system"]["st"]["max"], flavius["system"]["dx"]["max"]) == (12, 12)
    assert flavius["system"]["dx"]["max"] + flavius["system"]["dx"]["mod"] == 9  # adjusted DX
    shortsword = next(i for i in flavius["items"] if i["name"] == "Shortsword")
    assert shortsword["system"]["attacks"][0]["baseDamage"] == "2d6-1"
    assert shortsword["system"]["location"] == "readied"


def test_the_demo_party_comes_back_unchanged(demo_store: CampaignStore,
                                            tmp_path: Path) -> None:
    before = party_sheets(store=demo_store)
    other = new_campaign(path=tmp_path / "other.tftcampaign")
    try:
        for _name, text in export_actors(store=demo_store):
            import_actors(store=other, text=text)
        after = party_sheets(store=other)
    finally:
        other.close()
    assert [(s.uid, s.character) for s in after] == [(s.uid, s.character) for s in before]


FULL = Character(
    name="Every Field", race="elf", st=10, dx=14, iq=12, sp=1, player="Mo",
    notes="First <line> & more\n\nafter a blank line", bought_points=3, memory_bought=2,
    kind=CharacterKind.WIZARD, talents=(KnownTalent("literacy"), KnownTalent("sign_language", 2)),
    spells=("light", "fireball"),
    items=(Item(ItemKind.WEAPON, "dagger", ItemState.CARRIED, Quality(fine_dx=1), note="Gift"),
           Item(ItemKind.WEAPON, "javelin", ItemState.READIED, quantity=3),
           Item(ItemKind.WEAPON, "broadsword", ItemState.STORED, Quality(1, 2, True)),
           Item(ItemKind.ARMOR, "leather", ItemState.CARRIED, hits_taken=4),
           Item(ItemKind.GEAR, "spy_glass", ItemState.READIED, Quality(good=True)),
           Item(ItemKind.MAGIC, "fireball_rod", ItemState.CARRIED, quantity=5)),
    body_kg=61.5, mount=Mount("Dapple", 23, 12, 24, 10.0), wounds=3, recovery_weeks=2,
    status=Status.DYING, fatigue=2, languages=("Common", "Elvish"), age=120,
)


def test_every_field_round_trips(library: RulesLibrary) -> None:
    doc = actor(FULL, library, derive(FULL, library, RuleProfile()), "uid-1")
    assert model_problems(doc) == []
    (entry,) = read_actors(json.dumps(doc), library)
    assert (entry.uid, entry.character) == ("uid-1", FULL)


def test_an_actor_exported_from_foundry_imports_by_name(library: RulesLibrary) -> None:
    (entry,) = read_actors((DATA / "foundry_export_uldor.json").read_text(), library)
    assert entry.uid is None
    assert entry.character == Character(
        name="Uldor", race="human", st=9, dx=8, iq=16, kind=CharacterKind.WIZARD,
        talents=(KnownTalent("literacy"),), spells=("light", "fireball"),
        items=(Item(ItemKind.ARMOR, "cloth", ItemState.READIED),
               Item(ItemKind.WEAPON, "dagger", ItemState.READIED)),
        notes="Apprentice of the Grey Tower.\nOwes the innkeeper & his wife 5 silver.\n"
              "Equipment: Backpack ($5, 1 lb, holds 20)\nAbility: Night Vision",
        wounds=2, fatigue=6, age=18)  # the fatigue Foundry recorded is kept


def test_a_language_is_a_language_and_an_unknown_talent_goes_to_the_notes(
        store: CampaignStore) -> None:
    """Nearly every Foundry character has "Language (Common)"; none is refused for it."""
    doc = json.loads((DATA / "foundry_export_uldor.json").read_text())
    doc["items"][3]["name"] = "Language (Common)"
    doc["items"].append({"name": "Swordplay", "type": "talent",
                         "system": {"minIQ": 9, "iqCost": 2}})
    result = import_actors(store=store, text=json.dumps(doc))
    (sheet,) = party_sheets(store=store)
    assert sheet.character.languages == ("Common",)
    assert sheet.character.talents == ()
    assert "Talent: Swordplay (IQ 9, cost 2)" in sheet.character.notes.splitlines()
    assert "Uldor: Talent: Swordplay (IQ 9, cost 2) kept in the notes" in result.report


@pytest.mark.parametrize(("text", "message"), [
    ("[]", "holds no actors"),
    ("{\"name\": \"X\"}", "not a Foundry actor"),
    ("not json", "not valid JSON"),
])
def test_files_that_are_not_actors_are_refused(library: RulesLibrary, text: str,
                                              message: str) -> None:
    with pytest.raises(FoundryError, match=message):
        read_actors(text, library)
