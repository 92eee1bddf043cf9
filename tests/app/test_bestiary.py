"""The bestiary: Melee's animals ship as templates; the GM adds, edits and deletes them."""

from __future__ import annotations

import pytest

from tftmanager.app import bestiary, journal
from tftmanager.app.library import LibraryError
from tftmanager.store.campaign import CampaignStore


def test_shipped_templates_carry_the_documents_figures(store: CampaignStore) -> None:
    wolf = bestiary.template(store=store, key="wolf")
    assert (wolf.st, wolf.dx, wolf.ma, str(wolf.damage), wolf.stops) == (10, 14, 12, "1d+1", 1)
    bear = bestiary.template(store=store, key="bear")
    assert (bear.st, bear.dx, bear.ma, str(bear.damage), bear.stops) == (30, 11, 8, "2d+2", 2)
    tribesman = bestiary.template(store=store, key="tribesman")
    assert tribesman.weapons == ("longbow", "two_handed_sword")
    names = [c.name for c in bestiary.list_templates(store=store)]
    assert names == sorted(names, key=str.lower) and "Gargoyle" in names


def test_add_edit_delete_and_undo(store: CampaignStore) -> None:
    bestiary.add_template(store=store, data={
        "name": "Dire wolf", "st": 14, "dx": 14, "ma": 12, "attack": "Bite",
        "damage": "1d+2", "stops": 1})
    assert bestiary.template(store=store, key="dire_wolf").st == 14
    data = bestiary.template_data(store=store, key="dire_wolf")
    bestiary.update_template(store=store, key="dire_wolf", data={**data, "st": 16})
    assert bestiary.template(store=store, key="dire_wolf").st == 16
    journal.undo(store=store)
    assert bestiary.template(store=store, key="dire_wolf").st == 14
    bestiary.delete_template(store=store, key="dire_wolf")
    assert "dire_wolf" not in {c.key for c in bestiary.list_templates(store=store)}


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "", "st": 10, "dx": 10}, "needs a name"),
    ({"name": "Orc raider", "st": 10, "dx": 10, "weapons": ["laser"]}, "no weapon 'laser'"),
    ({"name": "Troll", "st": "lots", "dx": 10}, "ST must be a whole number, not 'lots'"),
    ({"name": "Imp", "st": 6, "dx": 12, "attack": "Claw"}, "both its name and its damage"),
    ({"name": "Wolf", "st": 10, "dx": 14}, "already has 'wolf'"),
])
def test_bad_templates_are_refused_and_nothing_written(
        store: CampaignStore, data: dict[str, object], message: str) -> None:
    before = bestiary.list_templates(store=store)
    with pytest.raises(LibraryError, match=message):
        bestiary.add_template(store=store, data=data)
    assert bestiary.list_templates(store=store) == before
