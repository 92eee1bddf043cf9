"""What a fight leaves on a character: wounds, fatigue, each item's wear, lost weapons, dying."""

from __future__ import annotations

from dataclasses import replace

from tftmanager.rules.awards import Award
from tftmanager.rules.character import Character, Status
from tftmanager.rules.encounter_ending import Ending, Wear, character_after, worn_item
from tftmanager.rules.encounter_figure import EARLIER_ITEM, Condition, saved_protection
from tftmanager.rules.items import Item, ItemKind, ItemState

R = ItemState.READIED
MAIL = Item(ItemKind.ARMOR, "chainmail", R, hits_taken=4, uid="mail")
SHIELD = Item(ItemKind.SHIELD, "large_shield", R, hits_taken=1, uid="shield")
SWORD = Item(ItemKind.WEAPON, "shortsword", R, uid="sword")
FLAVIUS = Character(name="Flavius", race="human", st=12, dx=12, iq=8, wounds=1, fatigue=2,
                    items=(SWORD, MAIL, SHIELD))


def _ending(*, wounds: int = 3, fatigue: int = 1, dying: bool = False,
            wear: tuple[Wear, ...] = (), dropped: tuple[tuple[str, str], ...] = ()) -> Ending:
    return Ending(1, "Flavius", Condition.FIGHTING, wounds, fatigue, dying, wear, dropped, 0,
                  Award("Flavius", 50, "survived"))


def test_wounds_add_and_fatigue_is_what_the_fight_left() -> None:
    """001: wounds heal by rest, so the fight's add to those carried in; the fight's fatigue
    (carried in and spent) is the figure's fatigue at the end."""
    after = character_after(FLAVIUS, _ending(wounds=3, fatigue=5), lose_dropped=False)
    assert (after.wounds, after.fatigue, after.status) == (4, 5, Status.ACTIVE)
    assert after.items == FLAVIUS.items


def test_wear_goes_to_the_possession_by_its_identity() -> None:
    """001: "When armor has taken (20 + 10x hits stopped) hits": each item keeps its own
    count, found by its identity even when the possessions moved."""
    wear = (Wear("mail", "armor", "chainmail", "Chainmail", 3),
            Wear("shield", "shield", "large_shield", "Large shield", 2))
    moved = replace(FLAVIUS, items=(SHIELD, MAIL))  # the sword sold mid-fight
    after = character_after(moved, _ending(wear=wear), lose_dropped=False)
    assert [(i.key, i.hits_taken) for i in after.items] == [("large_shield", 3),
                                                            ("chainmail", 7)]
    gone = character_after(replace(FLAVIUS, items=(SWORD,)), _ending(wear=wear), False)
    assert gone.items == (SWORD,)


def test_wear_of_a_fight_begun_before_identities() -> None:
    """An older fight named the item by its place: its wear goes to the same armor."""
    old = Wear(EARLIER_ITEM, "armor", "chainmail", "Chainmail", 2)
    assert worn_item([SWORD, MAIL, SHIELD], old) == 1
    assert worn_item([MAIL, SWORD], old) == 0  # moved: the same armor elsewhere
    assert worn_item([SWORD, SHIELD], old) is None
    leather = Item(ItemKind.ARMOR, "leather", R)
    assert worn_item([leather, MAIL], old) == 1


def test_an_older_fight_s_protection_is_read_by_identity_only() -> None:
    """A saved protection's place in the list (before schema 11) is no longer kept."""
    saved = {"kind": "armor", "key": "chainmail", "name": "Chainmail", "stops": 3, "item": 1}
    assert saved_protection(saved).item_id == EARLIER_ITEM
    assert saved_protection({**saved, "item_id": "mail"}).item_id == "mail"
    assert saved_protection({**saved, "item": -1}).item_id == ""



def test_dropped_weapons_are_lost_only_when_the_gm_says() -> None:
    """The review asks whether dropped weapons are lost; one weapon per drop."""
    dropped = (("Shortsword (dropped)", "shortsword"), ("Rock", ""))
    scabbard = Item(ItemKind.GEAR, "shortsword")  # not a weapon, though it has the key
    blank = Item(ItemKind.WEAPON, "")
    two = replace(FLAVIUS, items=(scabbard, blank, SWORD, MAIL, SWORD))
    kept = character_after(two, _ending(dropped=dropped), lose_dropped=False)
    lost = character_after(two, _ending(dropped=dropped), lose_dropped=True)
    assert kept.items == two.items
    assert lost.items == (scabbard, blank, MAIL, SWORD)


def test_a_dying_character_is_marked_for_the_death_roll() -> None:
    """001: "A character who has 0 ST left is unconscious and badly wounded. But the
    character may survive": marked dying; one already dying or dead stays as it was."""
    assert character_after(FLAVIUS, _ending(dying=True), False).status is Status.DYING
    dead = replace(FLAVIUS, status=Status.DEAD)
    assert character_after(dead, _ending(dying=True), False).status is Status.DEAD
    assert character_after(FLAVIUS, _ending(dying=False), False).status is Status.ACTIVE
