"""Bad input to a fight is one clear line and changes nothing; the book's rules through the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tftmanager.app import encounters as enc
from tftmanager.app.campaigns import get_profile, set_profile
from tftmanager.app.characters import create_character
from tftmanager.app.encounter_end import end_encounter, review_end
from tftmanager.app.experience import ledger_lines
from tftmanager.app.journal import history
from tftmanager.rules.awards import CombatType
from tftmanager.rules.character import Character, KnownTalent
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.new_figures import QuickFigure
from tftmanager.rules.settings import (
    OPTION_INFO,
    ArmorWear,
    CriticalHits,
    FatigueAtZero,
    InjuryReactions,
    ManySides,
    StoppedFirst,
)
from tftmanager.store.campaign import CampaignStore

from .test_encounters import _glade

Call = Callable[[CampaignStore, int], Any]


@pytest.mark.parametrize(("call", "message"), [
    (lambda s, e: enc.roll_initiative(store=s, encounter_id=e, rolls=[5, 2], first="Nobody"),
     "'Nobody' is not a side"),
    (lambda s, e: enc.hit(store=s, encounter_id=e, target="Wulf", damage=10**20),
     "more than any blow"),
    (lambda s, e: enc.hit(store=s, encounter_id=e, target="Wulf", damage=2**63),
     "more than any blow"),
    (lambda s, e: enc.spend_st(store=s, encounter_id=e, figure="Wulf", amount=2**63),
     "more than any spell"),
    (lambda s, e: enc.choose_option(store=s, encounter_id=e, figure="Wulf", option="fly"),
     "not one of Melee's options"),
    (lambda s, e: enc.choose_option(store=s, encounter_id=e, figure="Flavius",
                                    option="missile"), "needs a missile weapon"),
    (lambda s, e: enc.attack(store=s, encounter_id=e, attacker="Wulf", target="Flavius",
                             rolls=[9, 5], dice=7), "up to 6 with Bladeturn"),
    (lambda s, e: enc.attack(store=s, encounter_id=e, attacker="Wulf", target="Flavius",
                             rolls=[9, 5], second_shot=True), "has not fired"),
    (lambda s, e: enc.ready(store=s, encounter_id=e, figure="Wulf", weapon=7),
     "no weapon number 8"),
    (lambda s, e: enc.flesh(store=s, encounter_id=e, figure="Wulf", spell="Fireball"),
     "not a spell that stops hits"),
    (lambda s, e: enc.flesh(store=s, encounter_id=e, figure="Wulf", spell="none"),
     "under no flesh spell"),
    (lambda s, e: enc.mount(store=s, encounter_id=e, figure="Wulf", mounted=False),
     "already on foot"),
    (lambda s, e: enc.mount(store=s, encounter_id=e, figure="Nobody"), "No figure 'Nobody'"),
])
def test_bad_input_is_refused_and_nothing_is_saved(store: CampaignStore, call: Call,
                                                   message: str) -> None:
    """`initiative --first Nobody` used to save its roll: now the whole action is refused."""
    _cid, eid = _glade(store)
    before = enc.show(store=store, encounter_id=eid).encounter
    lines = len(history(store=store))
    with pytest.raises(enc.EncounterRefused, match=message):
        call(store, eid)
    assert enc.show(store=store, encounter_id=eid).encounter == before
    assert len(history(store=store)) == lines


def test_a_figure_of_another_encounter(store: CampaignStore) -> None:
    """Each action names figures of its own encounter only."""
    _cid, eid = _glade(store)
    other = enc.new_encounter(store=store, name="Elsewhere", seed=1)
    enc.add_template(store=store, encounter_id=other, key="wolf", side="Wolves")
    before = enc.show(store=store, encounter_id=eid).encounter
    with pytest.raises(enc.EncounterRefused, match="No figure 'Wolf' in The glade"):
        enc.hit(store=store, encounter_id=eid, target="Wolf", damage=3)
    assert enc.show(store=store, encounter_id=eid).encounter == before


def _against_a_wolf(store: CampaignStore, character: Character) -> int:
    """A new encounter of the character against the bestiary's wolf; its id."""
    cid = create_character(store=store, character=character).id
    eid = enc.new_encounter(store=store, name="Yard", seed=1)
    enc.add_character(store=store, encounter_id=eid, character_id=cid, side="A")
    enc.add_template(store=store, encounter_id=eid, key="wolf", side="Wolves")
    return eid


def test_a_halfling_shoots_at_its_bow_dx(store: CampaignStore) -> None:
    """Melee: "Halflings get +3 DX with missile and thrown weapons": DX 11 shoots at 14."""
    pip = Character(name="Pip", race="halfling", st=9, dx=11, iq=9, items=(
        Item(ItemKind.WEAPON, "small_bow", ItemState.READIED),))
    eid = _against_a_wolf(store, pip)
    fig = enc.show(store=store, encounter_id=eid).encounter.figure("Pip")
    assert (fig.dx, fig.adj_dx()) == (11, 14)
    enc.attack(store=store, encounter_id=eid, attacker="Pip", target="Wolf", rolls=[14, 3])
    assert "against adjDX 14: hit" in enc.show(store=store, encounter_id=eid).encounter.log[-4]


def test_a_negative_award_is_written(store: CampaignStore) -> None:
    """003: defeated arena survivors "lose 10 EP" when they ran away unhurt."""
    cid, eid = _glade(store)
    enc.flee(store=store, encounter_id=eid, figure="Flavius")
    # typed in a combat to the death, it would leave -10: refused (issue 37 item 19) ...
    with pytest.raises(enc.EncounterRefused, match="would leave -10"):
        end_encounter(store=store, encounter_id=eid, awards={cid: -10})
    # ... as the arena's own award, it stands, as one operation
    done = len(history(store=store))
    end_encounter(store=store, encounter_id=eid, awards={cid: -10}, combat=CombatType.ARENA)
    assert [(line.amount, line.kind) for line in ledger_lines(store=store, character_id=cid)] \
        == [(-10, "combat")]
    assert len(history(store=store)) == done + 1  # the ending is one operation


def test_a_new_encounter_plays_the_campaigns_options(store: CampaignStore) -> None:
    """Campaign Rules: the fight's open readings are options; a new encounter takes them."""
    profile = replace(get_profile(store=store), many_sides=ManySides.MELEE,
                      fatigue_at_zero=FatigueAtZero.AS_WOUNDS,
                      stopped_first=StoppedFirst.SHIELD,
                      injury_reactions=InjuryReactions.MELEE)
    set_profile(store=store, profile=profile)
    fight = enc.show(store=store, encounter_id=enc.new_encounter(
        store=store, name="Options", seed=1)).encounter
    assert (fight.many_sides, fight.fatigue_kills, fight.shield_first,
            fight.house_knockdowns) == ("melee", True, True, False)
    assert "many_sides" in OPTION_INFO and OPTION_INFO["armor_wear"].assumed


def test_wear_by_points_is_the_campaigns_other_reading(store: CampaignStore) -> None:
    """001: "(20 + 10x hits stopped) hits": by points, every point stopped counts."""
    _cid, eid = _glade(store)
    enc.hit(store=store, encounter_id=eid, target="Flavius", damage=9)  # 3 and 2 stopped
    set_profile(store=store, profile=replace(get_profile(store=store),
                                             armor_wear=ArmorWear.POINTS))
    (ending,) = review_end(store=store, encounter_id=eid).endings
    assert [w.hits for w in ending.wear] == [3, 2]


def test_a_rider_and_an_acrobat_from_the_party(store: CampaignStore) -> None:
    """000: a mounted figure is the chart's "2 Hex Horseman" (falls 1d at 3-4 tile heights);
    004: "Someone with the Acrobatics talent may choose to make the above two rolls against
    their adjDX": a character who knows the talent joins with it."""
    set_profile(store=store, profile=replace(get_profile(store=store), three_d=True))
    _cid, eid = _glade(store)
    enc.mount(store=store, encounter_id=eid, figure="Flavius")
    rider = enc.show(store=store, encounter_id=eid).encounter.figure("Flavius")
    assert (rider.mounted, rider.height, rider.falls) == (True, "4 (-2 to climb)",
                                                          ["3-4", "5-6", "7-8"])
    enc.mount(store=store, encounter_id=eid, figure="Flavius", mounted=False)
    assert enc.show(store=store, encounter_id=eid).encounter.figure("Flavius").falls == [
        "4-6", "7-9", "10-12"]
    assert not rider.acrobatics
    tumbler = Character(name="Tumbler", race="human", st=10, dx=14, iq=10,
                        talents=(KnownTalent("acrobatics"),))
    tid = create_character(store=store, character=tumbler).id
    enc.add_character(store=store, encounter_id=eid, character_id=tid, side="Romans")
    assert enc.show(store=store, encounter_id=eid).encounter.figure("Tumbler").acrobatics


def test_a_fine_weapon_strikes_at_its_own_adjdx(store: CampaignStore) -> None:
    """001, Fine Weapons: "Fine weapons cost 10x their base price for +1 DX"; a fine
    shortsword's +1 is that weapon's adjDX in a fight (8 with chainmail and a large shield,
    9 with it): a roll of 9 hits."""
    fine = Item(ItemKind.WEAPON, "shortsword", ItemState.READIED, Quality(fine_dx=1))
    hero = Character(name="Fino", race="human", st=12, dx=12, iq=8, items=(
        Item(ItemKind.ARMOR, "chainmail", ItemState.READIED),
        Item(ItemKind.SHIELD, "large_shield", ItemState.READIED), fine))
    eid = _against_a_wolf(store, hero)
    fig = enc.show(store=store, encounter_id=eid).encounter.figure("Fino")
    assert (fig.dx, fig.adj_dx()) == (8, 9)
    enc.attack(store=store, encounter_id=eid, attacker="Fino", target="Wolf", rolls=[9, 3])
    assert "against adjDX 9: hit" in " ".join(enc.show(store=store,
                                                       encounter_id=eid).encounter.log)


def test_a_giant_falls_on_its_own_row(store: CampaignStore) -> None:
    """000: "3 or 4 Hex Figure 4 (+) 5 - 8 tile heights 9 - 12 tile heights 13 - 16 tile
    heights": the bestiary's giant (3 hexes) can fall; 9 tile heights are 2d, the save of
    12 misses adjDX 9, the dice roll 7."""
    set_profile(store=store, profile=replace(get_profile(store=store), three_d=True))
    eid = enc.new_encounter(store=store, name="Cliff", seed=1)
    enc.add_template(store=store, encounter_id=eid, key="giant", side="Giants")
    giant = enc.show(store=store, encounter_id=eid).encounter.figure("Giant")
    assert (giant.height, giant.falls, giant.hexes) == ("4 (+)", ["5-8", "9-12", "13-16"], 3)
    enc.fall(store=store, encounter_id=eid, figure="Giant", tiles=9, rolls=[12, 7])
    assert enc.show(store=store, encounter_id=eid).encounter.figure("Giant").wounds == 7
    with pytest.raises(enc.EncounterRefused, match="does not ride"):
        enc.mount(store=store, encounter_id=eid, figure="Giant")


def test_a_stone_flesh_item_counts_as_the_spell(store: CampaignStore) -> None:
    """004: "people using the Stone or Iron Flesh spells stop half as much (rounded down)":
    a readied Stone Flesh item (001's magic item) joins as the spell, not as a talent, so a
    double blow of 9 under the house rules is stopped 2, not 4."""
    set_profile(store=store, profile=replace(get_profile(store=store),
                                             critical_hits=CriticalHits.HOUSE_IGNORE_ARMOR))
    wearer = Character(name="Stony", race="human", st=12, dx=12, iq=8, items=(
        Item(ItemKind.MAGIC, "stone_flesh", ItemState.READIED),))
    cid = create_character(store=store, character=wearer).id
    eid = enc.new_encounter(store=store, name="Tower", seed=1)
    enc.add_character(store=store, encounter_id=eid, character_id=cid, side="A")
    enc.add_quick(store=store, encounter_id=eid, side="B",
                  quick=QuickFigure("Brute", 12, 12, damage="2d"))
    stony = enc.show(store=store, encounter_id=eid).encounter.figure("Stony")
    assert [(p.kind, p.name, p.stops) for p in stony.protections] == [
        ("spell", "Stone Flesh", 4)]
    enc.attack(store=store, encounter_id=eid, attacker="Brute", target="Stony", rolls=[4, 9])
    assert enc.show(store=store, encounter_id=eid).encounter.figure("Stony").wounds == 7


@pytest.mark.parametrize(("typed", "kept"), [
    ("2-1", "2d-1"), ("1+2", "1d+2"), ("2d6-1", "2d-1"), (" 3 D + 1 ", "3d+1"), ("2d", "2d")])
def test_a_figure_typed_in_takes_its_damage_as_the_documents_write_it(
        store: Any, typed: str, kept: str) -> None:
    """Melee's weapon table says "2-1": a GM copying it into a fight is understood."""
    eid = enc.new_encounter(store=store, name="Ford", seed=1)
    enc.add_quick(store=store, encounter_id=eid, side="B",
                  quick=QuickFigure("Orc", 12, 11, damage=typed))
    orc = enc.show(store=store, encounter_id=eid).encounter.figure("Orc")
    assert [a.damage for a in orc.attacks][-1] == kept


def test_a_damage_typed_in_that_is_no_dice_is_refused(store: Any) -> None:
    eid = enc.new_encounter(store=store, name="Ford", seed=1)
    for typed in ("3d+2x", "2", "0+2"):
        with pytest.raises(enc.EncounterRefused, match="dice"):
            enc.add_quick(store=store, encounter_id=eid, side="B",
                          quick=QuickFigure("Ogre", 30, 11, damage=typed))
    assert enc.show(store=store, encounter_id=eid).encounter.figures == []
