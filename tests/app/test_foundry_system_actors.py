"""Every actor of the Fantasy Trip system's own data imports and goes back with nothing missing.

The system's test actor in each of its versions (``tests/data/foundry/system``)
and the Foundry worlds of ``tests/data/foundry`` are imported into a new
campaign and exported again: every item on the sheet (by type and name), its
quantity, where it is and what it holds, the coins, the notes, the job, the
mana and the other ways to move come back as Foundry wrote them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.test_foundry import model_problems
from tftmanager.app.foundry import export_actors, import_actor_files, preview_actors
from tftmanager.app.foundry_reader import plain
from tftmanager.app.library import library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "foundry"
ACTORS = [*sorted((DATA / "system").glob("*.json")), DATA / "world_party.json",
          DATA / "world_wizard_brannoc.json"]
OLD_LOCATIONS = {"equipped": "readied", "carried": "packed"}  # the system's words before bb6283f


def _sheet(doc: dict[str, Any], index: NameIndex) -> dict[tuple[str, str], dict[str, Any]]:
    """What the sheet shows of each item: type, name -> quantity, place, container's name.

    A name is compared as the library reads it ("Buckler" is the Small Shield
    it names), and coins as the money they are (written back as silver).
    """
    by_id = {i.get("_id"): i for i in doc["items"]}
    shown: dict[tuple[str, str], dict[str, Any]] = {}
    for item in doc["items"]:
        system = item.get("system", {})
        if re.search(r"\b(silver|gold) coins\b", item["name"], re.IGNORECASE):
            continue  # money: see _money
        inside = by_id.get(system.get("container"))
        location = system.get("location")
        shown[item["type"], _key(item["name"], index)] = {
            "qty": system.get("qty"), "spells": len(system.get("spells") or []),
            "location": OLD_LOCATIONS.get(location, location),
            "in": _key(inside["name"], index) if inside else None}
    return shown


def _key(name: str, index: NameIndex) -> str:
    for kind in ("weapon", "armor", "shield", "gear", "magic"):
        found = index.find(kind, name).key
        if found is not None:
            return found
    return re.sub(r"[^a-z0-9]", "", name.casefold())


def _money(doc: dict[str, Any]) -> float:
    return sum(i["system"].get("qty", 0) * (i["system"].get("cost") or 1)
               for i in doc["items"]
               if re.search(r"\b(silver|gold) coins\b", i["name"], re.IGNORECASE))


@pytest.mark.parametrize("path", ACTORS, ids=lambda p: p.stem)
def test_an_actor_of_the_system_goes_back_with_nothing_missing(
        path: Path, store: CampaignStore) -> None:
    text = path.read_text(encoding="utf-8")
    originals = json.loads(text)
    originals = originals if isinstance(originals, list) else [originals]
    assert not [m for m in preview_actors(store=store, texts=[text]).already if m]
    import_actor_files(store=store, texts=[text])
    exported = {name: json.loads(doc) for name, doc in export_actors(store=store)}
    for original in originals:
        back = exported[original["name"]]
        assert model_problems(back) == []
        index = NameIndex(library_for(store))
        before, after = _sheet(original, index), _sheet(back, index)
        assert _money(back) == _money(original)
        missing = [k for k in before if k not in after]
        assert missing == [], f"{original['name']} lost {missing}"
        for key, shown in before.items():
            assert after[key]["in"] == shown["in"], key
            assert after[key]["spells"] == shown["spells"], key
            assert after[key]["qty"] == shown["qty"], key
            if shown["location"] is not None and key[0] == "equipment":
                assert after[key]["location"] == shown["location"], key
        system, again = original["system"], back["system"]
        assert plain(again["notes"]) == plain(system["notes"])
        assert again["job"]["name"] == (system.get("job") or {}).get("name", "")
        assert again["mana"]["max"] == (system.get("mana") or {}).get("max", 0)
        for how in ("fly",):
            assert again["ma"][how]["max"] == (system.get("ma") or {}).get(how, {}).get("max", 0)


@pytest.mark.parametrize("path", ACTORS, ids=lambda p: p.stem)
def test_read_back_the_character_is_the_same(path: Path, store: CampaignStore) -> None:
    """Imported from Foundry, exported, and read again: nothing differs."""
    import_actor_files(store=store, texts=[path.read_text(encoding="utf-8")])
    for _name, doc in export_actors(store=store):
        (match,) = preview_actors(store=store, texts=[doc]).already
        assert match is not None and match.differences == {}, match


def test_dropped_and_stowed_come_back_so(store: CampaignStore) -> None:
    """Library items Foundry has dropped or stowed (our carried and stored) keep that place."""
    doc = json.loads(ACTORS[-1].read_text(encoding="utf-8"))
    where = {}
    for item, place in zip((i for i in doc["items"] if i["type"] == "equipment"),
                           ("dropped", "stowed", "dropped", "stowed"), strict=False):
        item["system"]["location"] = place
        where[item["name"]] = place
    import_actor_files(store=store, texts=[json.dumps(doc)])
    (_name, text), = export_actors(store=store)
    back = {i["name"]: i["system"].get("location") for i in json.loads(text)["items"]}
    index = NameIndex(library_for(store))
    for name, place in where.items():
        if re.search(r"coins", name, re.IGNORECASE):
            continue
        shown = next(n for n in back if _key(n, index) == _key(name, index))
        assert back[shown] == place, name
