"""The demo's gear is possessions: what Flavius wears is what Record Hits reaches."""

from __future__ import annotations

import pytest

from tftmanager.app import equipment as eq
from tftmanager.app.campaigns import character_sheet, party_sheets
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app


def test_demo_flavius_wears_his_gear_and_it_wears(demo_store: CampaignStore,
                                                  library: RulesLibrary) -> None:
    # Melee's Flavius: chainmail, a large shield ready and a shortsword in hand, all
    # of them possessions, so Record Hits reaches the armor he wears.
    flavius = next(s for s in party_sheets(store=demo_store)
                   if s.character.name == "Flavius Marcellus")
    assert flavius.id is not None
    assert [(i.kind, i.key, i.state) for i in flavius.character.items] == [
        (ItemKind.ARMOR, "chainmail", ItemState.READIED),
        (ItemKind.SHIELD, "large_shield", ItemState.READIED),
        (ItemKind.WEAPON, "shortsword", ItemState.READIED),
        (ItemKind.WEAPON, "dagger", ItemState.CARRIED),  # the demo's own extras
        (ItemKind.GEAR, "heavy_wool_blanket", ItemState.CARRIED),
    ]
    assert flavius.derived.hits_stopped == 3
    eq.record_hits(store=demo_store, character_id=flavius.id,
                   uid=flavius.character.items[0].uid, hits=60)
    sheet = character_sheet(store=demo_store, character_id=flavius.id)
    assert sheet.character.loadout.armor is not None
    assert sheet.character.loadout.armor.hits_taken == 60
    # Past the rules data's first threshold for chainmail, short of its second.
    rules, chainmail = library.equipment_rules, library.armors["chainmail"]
    assert rules is not None
    first = rules.armor_first[0] + rules.armor_first[1] * chainmail.stops
    second = rules.armor_second[0] + rules.armor_second[1] * chainmail.stops
    assert first <= 60 < second
    assert sheet.derived.hits_stopped == chainmail.stops - rules.armor_first[2] == 2
    assert sheet.derived.hits_stopped_shield == 4
    assert sheet.derived.armor_condition is not None
    assert sheet.derived.armor_condition.state == "falling apart"
