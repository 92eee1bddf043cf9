"""A party character's weapons in a fight, through the application (issue 37 items 1 and 6)."""

from __future__ import annotations

import pytest

from tftmanager.app import encounters as enc
from tftmanager.app.characters import create_character, get_character
from tftmanager.app.encounter_end import end_encounter
from tftmanager.rules import new_figures as enc_figures
from tftmanager.rules.character import Character
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.store.campaign import CampaignStore

R = ItemState.READIED
ROBIN = Character(name="Robin", race="human", st=12, dx=12, iq=8, items=(
    Item(ItemKind.WEAPON, "longbow", R), Item(ItemKind.WEAPON, "shortsword", R)))


def _sherwood(store: CampaignStore) -> tuple[int, int]:
    cid = create_character(store=store, character=ROBIN).id
    eid = enc.new_encounter(store=store, name="Sherwood", seed=3)
    enc.add_character(store=store, encounter_id=eid, character_id=cid, side="Outlaws")
    enc.add_quick(store=store, encounter_id=eid, side="Sheriff",
                  quick=enc_figures.QuickFigure("Goon", st=10, dx=9, weapon="club"))
    return cid, eid


def test_a_dropped_longbow_does_not_fire_and_is_lost(store: CampaignStore) -> None:
    """003 line 198: a weapon stays ready "unless it is thrown or dropped" (issue 37 item 1:
    `drop Robin 1` then a second shot hit; `end --lose-dropped` kept the longbow)."""
    cid, eid = _sherwood(store)
    robin = enc.show(store=store, encounter_id=eid).encounter.figure("Robin")
    assert robin.attacks[0].name == "Longbow (missile)"
    enc.drop(store=store, encounter_id=eid, figure="Robin", weapon=0)
    for second in (False, True):
        with pytest.raises(enc.EncounterRefused, match="dropped the Longbow"):
            enc.attack(store=store, encounter_id=eid, attacker="Robin", target="Goon",
                       rolls=[5, 3], second_shot=second)
    end_encounter(store=store, encounter_id=eid, lose_dropped=True)
    keys = [i.key for i in get_character(store=store, character_id=cid).items]
    assert "longbow" not in keys and "shortsword" in keys


def test_a_typed_in_figure_needs_the_bows_st(store: CampaignStore) -> None:
    """001 line 381: "A ST 14 bow that does 2d damage" (issue 37 item 6: a ST 8 figure
    fired a Great Bow); Melee's table gives every weapon's ST."""
    _cid, eid = _sherwood(store)
    for key in ("great_bow", "heavy_crossbow"):
        with pytest.raises(enc.EncounterRefused, match=r"ST 8.*needs ST 1[45]"):
            enc.add_quick(store=store, encounter_id=eid, side="Sheriff",
                          quick=enc_figures.QuickFigure("Weak", st=8, dx=12, weapon=key))
    assert "Weak" not in [f.name for f in enc.show(store=store, encounter_id=eid)
                          .encounter.figures]


def test_typed_rolls_in_either_form(store: CampaignStore) -> None:
    """Issue 34 item 5: "9 4" (to hit, then damage) for an attack that misses, and one number
    per die, are both taken; the log says which rolls the action took."""
    _cid, eid = _sherwood(store)
    enc.add_quick(store=store, encounter_id=eid, side="Sheriff",
                  quick=enc_figures.QuickFigure("Brute", st=15, dx=9, weapon="battleaxe"))
    enc.attack(store=store, encounter_id=eid, attacker="Goon", target="Robin", rolls=[16, 4])
    log = enc.show(store=store, encounter_id=eid).encounter.log
    assert log[-1] == ("Turn 1: 1 typed roll (4) not needed: the attack missed, so no damage "
                       "was rolled.")
    # the battleaxe's 3d typed one number per die after a total to hit: 7, then 5 4 1 = 10
    enc.attack(store=store, encounter_id=eid, attacker="Brute", target="Robin",
               rolls=[7, 5, 4, 1])
    robin = enc.show(store=store, encounter_id=eid).encounter.figure("Robin")
    assert robin.wounds == 10
    # the to-hit roll per die too: 2 2 3 = 7
    enc.next_turn(store=store, encounter_id=eid)
    enc.attack(store=store, encounter_id=eid, attacker="Goon", target="Robin",
               rolls=[2, 2, 3, 6])
    assert enc.show(store=store, encounter_id=eid).encounter.figure("Robin").wounds == 16
    with pytest.raises(enc.EncounterRefused, match=r"left over: this action needed 2 rolls: "
                                                    r"Brute to hit Robin \(3 dice\); "):
        enc.attack(store=store, encounter_id=eid, attacker="Brute", target="Robin",
                   rolls=[5, 3, 9])
