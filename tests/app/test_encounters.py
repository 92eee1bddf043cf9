"""Melee's example of play run through the application functions, ended into the ledgers."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import encounters as enc
from tftmanager.app import journal
from tftmanager.app.campaigns import get_profile, open_existing, set_profile
from tftmanager.app.characters import create_character, get_character
from tftmanager.app.encounter_end import end_encounter, review_end
from tftmanager.app.equipment import sell
from tftmanager.app.experience import ledger_lines
from tftmanager.app.journal import undo
from tftmanager.rules import new_figures as enc_figures
from tftmanager.rules.character import Character, Status
from tftmanager.rules.encounter_figure import Condition
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.settings import CriticalHits, InjuryReactions
from tftmanager.store.campaign import CampaignStore

R = ItemState.READIED
FLAVIUS = Character(name="Flavius", race="human", st=12, dx=12, iq=8, items=(
    Item(ItemKind.ARMOR, "chainmail", R), Item(ItemKind.SHIELD, "large_shield", R),
    Item(ItemKind.WEAPON, "shortsword", R)))


def _glade(store: CampaignStore) -> tuple[int, int]:
    """Flavius (a party character) against Wulf (the bestiary's tribesman).

    The campaign plays Melee's double damage, as the example does (003 line 511: "He
    rolls a 4, which is a hit with double damage ... 5, which is doubled: 10 hits"); a new
    campaign's default is the house rules' reading.
    """
    set_profile(store=store, profile=replace(get_profile(store=store),
                                             critical_hits=CriticalHits.MELEE_MULTIPLY))
    cid = create_character(store=store, character=FLAVIUS).id
    eid = enc.new_encounter(store=store, name="The glade", seed=7)
    enc.add_character(store=store, encounter_id=eid, character_id=cid, side="Romans")
    enc.add_template(store=store, encounter_id=eid, key="tribesman", side="Germans",
                     name="Wulf")
    return cid, eid


def _fight(store: CampaignStore, eid: int) -> None:
    """Turns 1-9 with the book's rolls (the initiative and tie dice are ours)."""
    def attack(who: str, whom: str, rolls: list[int], **kw: Any) -> None:
        enc.attack(store=store, encounter_id=eid, attacker=who, target=whom, rolls=rolls, **kw)

    def turn() -> None:
        enc.next_turn(store=store, encounter_id=eid)

    enc.roll_initiative(store=store, encounter_id=eid, rolls=[5, 2])
    attack("Wulf", "Flavius", [9, 5])                       # turn 1: 7 hits, 5 stopped
    turn()
    enc.roll_initiative(store=store, encounter_id=eid, rolls=[1, 4])
    enc.choose_first(store=store, encounter_id=eid, side="Romans")
    attack("Wulf", "Flavius", [16], dice=4)                 # turn 2: dodged, misses
    turn()
    attack("Wulf", "Flavius", [8, 2])                       # turn 3: 4 hits, all stopped
    turn()
    enc.drop(store=store, encounter_id=eid, figure="Wulf", weapon=0)
    enc.ready(store=store, encounter_id=eid, figure="Wulf", weapon=1)  # the 2-handed sword
    attack("Flavius", "Wulf", [16])                         # turn 4: misses
    turn()
    enc.order_attacks(store=store, encounter_id=eid, rolls=[])
    attack("Wulf", "Flavius", [13], weapon=1)               # turn 5
    attack("Flavius", "Wulf", [8, 7])                       # 6 hits on Wulf
    turn()
    assert _fig(store, eid, "Wulf").adj_dx() == 8           # turn 6
    enc.order_attacks(store=store, encounter_id=eid, rolls=[2, 5])
    attack("Wulf", "Flavius", [4, 6], weapon=1)             # double: 10, 5 stopped, 5 taken
    turn()
    assert _fig(store, eid, "Flavius").adj_dx() == 6        # turn 7: Flavius defends
    attack("Wulf", "Flavius", [14], dice=4, weapon=1)
    turn()
    attack("Wulf", "Flavius", [13], weapon=1)               # turn 8
    attack("Flavius", "Wulf", [6, 7])
    assert _fig(store, eid, "Wulf").wounds == 12
    turn()
    assert _fig(store, eid, "Wulf").adj_dx() == 5           # turn 9
    attack("Flavius", "Wulf", [7, 3])


def _fig(store: CampaignStore, eid: int, name: str) -> Any:
    return enc.show(store=store, encounter_id=eid).encounter.figure(name)


def test_flavius_against_wulf_into_the_ledgers(
        store: CampaignStore, campaign_dump: Callable[[Path], Any]) -> None:
    cid, eid = _glade(store)
    flavius = _fig(store, eid, "Flavius")
    assert (flavius.dx, flavius.stops) == (8, 5)
    _fight(store, eid)
    fight = enc.show(store=store, encounter_id=eid).encounter
    rules_log = "\n".join(fight.log)
    assert "Wulf's Longbow: 7 hits on Flavius; stopped 5 (Chainmail 3, Large shield 2); " \
           "2 taken" in rules_log
    assert "3d-1 rolls 6: 5 x2 = 10" in rules_log
    assert "Roll for Wulf to hit Flavius: 9 on 3 dice (typed)." in rules_log
    review = review_end(store=store, encounter_id=eid)
    (ending,) = review.endings
    assert (ending.wounds, ending.award.amount, ending.condition) == (7, 50, Condition.FIGHTING)
    # Wear counts the blows each stopped hits of (the campaign's default reading of 001):
    # turns 1, 3 and 6 (Melee's points would be 9 and 5).
    items = get_character(store=store, character_id=cid).items
    assert [(w.item_id, w.name, w.hits) for w in ending.wear] == [
        (items[0].uid, "Chainmail", 3), (items[1].uid, "Large shield", 3)]
    before = campaign_dump(store.path)
    end_encounter(store=store, encounter_id=eid)
    after = get_character(store=store, character_id=cid)
    assert after.wounds == 7
    assert [(i.key, i.hits_taken) for i in after.items[:2]] == [("chainmail", 3),
                                                                 ("large_shield", 3)]
    assert [(line.amount, line.kind) for line in ledger_lines(store=store, character_id=cid)] \
        == [(50, "combat")]
    with pytest.raises(enc.EncounterRefused, match="already ended"):
        end_encounter(store=store, encounter_id=eid)
    undo(store=store)  # one undo takes the whole ending back
    assert campaign_dump(store.path) == before
    assert not enc.show(store=store, encounter_id=eid).encounter.ended


def test_a_new_campaigns_fight_plays_the_house_reading_of_both(store: CampaignStore) -> None:
    """004 line 17: "Instead of actually doubling damage, ignore armor and shields the foe
    has"; line 19: "Whenever double or triple damage is mentioned, treat it in this fashion"
    (issue 37 item 16): Flavius's 4 with a shortsword against a chainmail man."""
    cid = create_character(store=store, character=FLAVIUS).id
    eid = enc.new_encounter(store=store, name="Yard", seed=3)
    fight = enc.show(store=store, encounter_id=eid).encounter
    assert (fight.critical_hits, fight.pole_charge) == ("house", "house")
    enc.add_character(store=store, encounter_id=eid, character_id=cid, side="Romans")
    enc.add_quick(store=store, encounter_id=eid, side="Foes", quick=enc_figures.QuickFigure(
        "Mailed", 12, 10, 8, 6, "chainmail", "", "shortsword", ""))
    enc.attack(store=store, encounter_id=eid, attacker="Flavius", target="Mailed",
               rolls=[4, 7])  # 2d-1 rolls 7: 6 hits, the chainmail stops none
    assert _fig(store, eid, "Mailed").wounds == 6


def test_an_encounter_resumes_after_closing(campaign_path: Path, store: CampaignStore) -> None:
    _cid, eid = _glade(store)
    enc.roll_initiative(store=store, encounter_id=eid)  # the seeded generator rolls
    enc.hit(store=store, encounter_id=eid, target="Flavius", damage=7, by="Wulf")
    saved = enc.show(store=store, encounter_id=eid).encounter
    store.close()
    again = open_existing(path=campaign_path)
    try:
        assert enc.current_id(store=again) == eid
        assert enc.show(store=again, encounter_id=eid).encounter == saved
        enc.next_turn(store=again, encounter_id=eid)
        assert enc.show(store=again, encounter_id=eid).encounter.turn == 2
    finally:
        again.close()


def test_seeded_rolls_are_logged_and_repeatable(store: CampaignStore) -> None:
    _cid, eid = _glade(store)
    enc.attack(store=store, encounter_id=eid, attacker="Wulf", target="Flavius")
    first = enc.show(store=store, encounter_id=eid).encounter.log[-3:]
    undo(store=store)
    enc.attack(store=store, encounter_id=eid, attacker="Wulf", target="Flavius")
    assert enc.show(store=store, encounter_id=eid).encounter.log[-3:] == first
    assert any("(rolled)" in line for line in first)


@pytest.mark.parametrize(("call", "message"), [
    (lambda s, e: enc.hit(store=s, encounter_id=e, target="Wulf", damage="seven"),  # type: ignore[arg-type]
     "whole number"),
    (lambda s, e: enc.attack(store=s, encounter_id=e, attacker="Wulf", target="Flavius",
                             rolls=[19]), "cannot be rolled on 3 dice"),
    (lambda s, e: enc.attack(store=s, encounter_id=e, attacker="Wulf", target="Flavius",
                             rolls=[9, 5, 3]), "left over"),
    (lambda s, e: enc.attack(store=s, encounter_id=e, attacker="Wulf", target="Flavius",
                             rolls=[9]), "needed"),
    (lambda s, e: enc.hit(store=s, encounter_id=e, target="Nobody", damage=3), "No figure"),
])
def test_bad_input_changes_nothing(store: CampaignStore, call: Any, message: str) -> None:
    _cid, eid = _glade(store)
    before = enc.show(store=store, encounter_id=eid).encounter
    with pytest.raises(enc.EncounterRefused, match=message):
        call(store, eid)
    assert enc.show(store=store, encounter_id=eid).encounter == before


def test_a_dead_figure_cannot_attack(store: CampaignStore) -> None:
    _cid, eid = _glade(store)
    enc.hit(store=store, encounter_id=eid, target="Wulf", damage=14)
    before = enc.show(store=store, encounter_id=eid).encounter
    with pytest.raises(enc.EncounterRefused, match="Wulf is dead"):
        enc.hit(store=store, encounter_id=eid, target="Flavius", damage=4, by="Wulf")
    assert enc.show(store=store, encounter_id=eid).encounter == before


def test_a_character_at_zero_st_is_left_dying(store: CampaignStore) -> None:
    cid, eid = _glade(store)
    enc.hit(store=store, encounter_id=eid, target="Flavius", damage=17)  # 12 taken: ST 0
    enc.spend_st(store=store, encounter_id=eid, figure="Wulf", amount=2)
    end_encounter(store=store, encounter_id=eid, awards={cid: 0})
    after = get_character(store=store, character_id=cid)
    assert (after.wounds, after.status) == (12, Status.DYING)


def test_spent_st_comes_from_the_spell_and_is_fatigue(store: CampaignStore) -> None:
    cid, eid = _glade(store)
    enc.spend_st(store=store, encounter_id=eid, figure="Flavius", spell="Light")
    fig = _fig(store, eid, "Flavius")
    assert fig.fatigue >= 1 and fig.wounds == 0
    end_encounter(store=store, encounter_id=eid)
    after = get_character(store=store, character_id=cid)
    assert (after.fatigue, after.wounds) == (fig.fatigue, 0)


def test_gm_adjusts_the_award(store: CampaignStore) -> None:
    cid, eid = _glade(store)
    enc.hit(store=store, encounter_id=eid, target="Wulf", damage=14, by="Flavius")
    end_encounter(store=store, encounter_id=eid, awards={cid: 70})
    assert [line.amount for line in ledger_lines(store=store, character_id=cid)] == [70]


def test_a_campaign_from_before_encounters_runs_one(tmp_path: Path) -> None:
    """Schema 7's library lacks the to-hit rules: the shipped values stand in."""
    copy = tmp_path / "old.tftcampaign"
    shutil.copyfile(Path(__file__).parent.parent / "data" / "campaign-schema7.tftcampaign", copy)
    store = open_existing(path=copy)
    try:
        eid = enc.new_encounter(store=store, name="Old", seed=1)
        enc.add_quick(store=store, encounter_id=eid, side="A",
                      quick=enc_figures.QuickFigure("Guard", 11, 11, weapon="club"))
        enc.add_quick(store=store, encounter_id=eid, side="B",
                      quick=enc_figures.QuickFigure("Thief", 10, 12, damage="1d-1"))
        enc.attack(store=store, encounter_id=eid, attacker="Guard", target="Thief",
                   rolls=[4, 3])
        assert _fig(store, eid, "Thief").wounds == 6
    finally:
        store.close()


def test_reactions_to_injury_follow_the_campaigns_option(store: CampaignStore) -> None:
    """A giant: Melee's own 9 and 16; the house table by ST 24: 7 and 12."""
    for option, expected in ((InjuryReactions.MELEE, (9, 16)),
                             (InjuryReactions.HOUSE_BY_ST, (7, 12))):
        set_profile(store=store, profile=replace(get_profile(store=store),
                                                 injury_reactions=option))
        eid = enc.new_encounter(store=store, name=f"Giant {option.value}", seed=1)
        enc.add_template(store=store, encounter_id=eid, key="giant", side="Giants")
        giant = _fig(store, eid, "Giant")
        assert (giant.dx_penalty_hits, giant.knockdown_hits) == expected


def test_three_d_shows_height_and_applies_a_fall(store: CampaignStore) -> None:
    set_profile(store=store, profile=replace(get_profile(store=store), three_d=True))
    _cid, eid = _glade(store)
    flavius = _fig(store, eid, "Flavius")
    assert (flavius.height, flavius.falls) == ("3", ["4-6", "7-9", "10-12"])
    # 7 tile heights: 2d; 12 against adjDX 8 fails the saving roll; 2d rolls 8, and the
    # chainmail stops 2 of it ("Armor ... will only stop a maximum of 2 points", 000).
    enc.fall(store=store, encounter_id=eid, figure="Flavius", tiles=7, rolls=[12, 8])
    assert _fig(store, eid, "Flavius").wounds == 6


def test_wear_finds_the_armor_even_if_the_possessions_changed_mid_fight(
        store: CampaignStore) -> None:
    """Selling the first possession mid-fight must not put the chainmail's hits on the shield."""
    cid, eid = _glade(store)
    enc.hit(store=store, encounter_id=eid, target="Flavius", damage=9)  # 3 and 2 stopped
    mail = next(i.uid for i in get_character(store=store, character_id=cid).items
                if i.key == "chainmail")
    sell(store=store, character_id=cid, uid=mail, price=0)
    end_encounter(store=store, encounter_id=eid)
    after = {i.key: i.hits_taken for i in get_character(store=store, character_id=cid).items}
    assert "chainmail" not in after
    assert after["large_shield"] == 1  # only the shield's own blow


def test_wear_goes_to_the_very_shield_that_stopped_the_hits(store: CampaignStore) -> None:
    """001: "When shields have taken (15x hits stopped) hits, they are split asunder": the
    hits belong to the shield in hand, not to a spare of the same kind that a sale moved
    into its place (possessions have a stable identity since schema 11)."""
    spare = Item(ItemKind.SHIELD, "large_shield", ItemState.CARRIED)
    cid = create_character(store=store, character=replace(
        FLAVIUS, items=(spare, *FLAVIUS.items))).id
    eid = enc.new_encounter(store=store, name="Shields", seed=1)
    enc.add_character(store=store, encounter_id=eid, character_id=cid, side="Romans")
    enc.add_template(store=store, encounter_id=eid, key="wolf", side="Wolves")
    enc.hit(store=store, encounter_id=eid, target="Flavius", damage=9)  # 3 and 2 stopped
    mail = next(i.uid for i in get_character(store=store, character_id=cid).items
                if i.key == "chainmail")
    sell(store=store, character_id=cid, uid=mail, price=0)
    end_encounter(store=store, encounter_id=eid)
    after = get_character(store=store, character_id=cid).items
    assert [(i.state, i.hits_taken) for i in after if i.key == "large_shield"] == [
        (ItemState.CARRIED, 0), (R, 1)]


def test_the_ending_says_one_hit_not_1_hits(store: CampaignStore) -> None:
    """Issue 34: the history said "Flavius Marcellus 50 XP, 1 hits"."""
    cid, eid = _glade(store)
    enc.hit(store=store, encounter_id=eid, target="Flavius", damage=6)  # 5 stopped
    assert _fig(store, eid, "Flavius").wounds == 1
    end_encounter(store=store, encounter_id=eid, awards={cid: 50})
    assert journal.next_undo(store=store).label == "Ended The glade: Flavius 50 XP, 1 hit"
