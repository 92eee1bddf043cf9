"""What a figure wears and holds, read from its possessions and set on them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tftmanager.rules.character import Character
from tftmanager.rules.describe import changed_fields, edit_label
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import (
    added_items,
    carry_weapons,
    loadout_of,
    outfit,
    ready_shield,
    ready_weapon,
    take_shield,
    wear_armor,
    where_text,
)
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.validation import validate

pytestmark = pytest.mark.rules

R, C, S = ItemState.READIED, ItemState.CARRIED, ItemState.STORED
MELEE = RuleProfile(creation=CreationScheme.MELEE)


def armor(key: str, state: ItemState = R, hits: int = 0) -> Item:
    return Item(ItemKind.ARMOR, key, state, hits_taken=hits)


def weapon(key: str, state: ItemState = C) -> Item:
    return Item(ItemKind.WEAPON, key, state)


def shield(key: str, state: ItemState = R) -> Item:
    return Item(ItemKind.SHIELD, key, state)


def test_loadout_reads_the_states() -> None:
    items = (weapon("dagger"), armor("leather", C), armor("chainmail"),
             shield("small_shield", C), shield("large_shield"), weapon("spear", R),
             weapon("mace", S))
    gear = loadout_of(items)
    assert gear.armor == armor("chainmail")  # leather in the pack is not worn
    assert gear.shield == shield("large_shield")  # the ready one before a slung one
    assert gear.shield_ready
    assert [w.key for w in gear.weapons] == ["dagger", "spear"]  # the stored mace is not
    assert gear.ready_weapon == weapon("spear", R)
    assert gear.extra_armor == ()


def test_where_text_fits_the_item() -> None:
    assert where_text(ItemKind.ARMOR, R) == "Worn"
    assert where_text(ItemKind.SHIELD, C) == "Slung on the back"
    assert where_text(ItemKind.WEAPON, R) == "In hand"
    assert where_text(ItemKind.GEAR, S) == "Stored elsewhere"


def test_wear_armor_takes_a_spare_before_a_new_one() -> None:
    spare = armor("chainmail", S, hits=40)
    items = (armor("leather"), spare)
    # The chainmail kept elsewhere is put on (with its wear); the leather is stored, not lost.
    assert wear_armor(items, "chainmail") == (armor("leather", S), armor("chainmail", R, hits=40))
    # Nothing owned of that key: a new piece, unworn; the old one is kept, with its wear.
    assert wear_armor((armor("leather", hits=9),), "plate") == (
        armor("leather", S, hits=9), armor("plate"))
    assert wear_armor((), "plate") == (armor("plate"),)
    assert wear_armor(items, None) == (armor("leather", S), spare)
    assert wear_armor(items, "leather") == items  # no change


def test_added_items_are_what_a_choice_needs_to_get() -> None:
    spare = armor("chainmail", S, hits=40)
    items = (armor("leather"), spare)
    assert added_items(items, wear_armor(items, "chainmail")) == ()  # a swap
    assert added_items(items, wear_armor(items, "plate")) == (armor("plate"),)
    assert added_items((), carry_weapons((), ("mace", "dagger"))) == (
        weapon("mace"), weapon("dagger"))
    # Readying or slinging changes where things are, not what is owned.
    assert added_items(items, ready_shield(items, True)) == ()


def test_shield_choice_and_readiness() -> None:
    items = take_shield((weapon("spear", R),), "large_shield", ready=False)
    assert items == (weapon("spear", R), shield("large_shield", C))
    assert ready_shield(items, True)[1] == shield("large_shield", R)
    assert ready_shield((weapon("spear"),), True) == (weapon("spear"),)  # no shield
    assert take_shield(items, None, ready=True) == (weapon("spear", R), shield("large_shield", S))


def test_carry_weapons_and_ready_one() -> None:
    fine = Item(ItemKind.WEAPON, "broadsword", S, Quality(fine_dx=1))
    items = (weapon("dagger"), weapon("spear", R), fine, Item(ItemKind.GEAR, "skis"))
    carried = carry_weapons(items, ("dagger", "broadsword"))
    # The spear is stored; the stored fine broadsword is taken along.
    assert carried == (weapon("dagger"), weapon("spear", S),
                       Item(ItemKind.WEAPON, "broadsword", C, Quality(fine_dx=1)),
                       Item(ItemKind.GEAR, "skis"))
    assert carry_weapons((), ("mace",)) == (weapon("mace"),)
    in_hand = ready_weapon(carried, "broadsword")
    assert [w.state for w in loadout_of(in_hand).weapons] == [C, R]
    assert loadout_of(ready_weapon(in_hand, None)).ready_weapon is None
    # A weapon not carried is taken in hand.
    assert ready_weapon((), "club") == (weapon("club", R),)


def test_outfit_makes_owned_items_the_named_gear() -> None:
    worn = armor("chainmail", C, hits=55)
    spare = weapon("broadsword", R)  # "at the belt" under the old keys
    items = outfit((spare, worn, Item(ItemKind.GEAR, "skis", R)), armor="chainmail",
                   shield="large_shield", shield_ready=True, weapons=("shortsword",),
                   ready_weapon="shortsword")
    assert items == (armor("chainmail", R, hits=55), shield("large_shield"),
                     weapon("shortsword", R), weapon("broadsword", C),
                     Item(ItemKind.GEAR, "skis", R))


def test_two_worn_armors_is_a_problem(library: RulesLibrary) -> None:
    figure = Character("Bjorn", "human", 12, 12, items=(armor("leather"), armor("cloth")))
    problems = [p for p in validate(figure, library, MELEE) if p.field == "armor"]
    assert [(p.item, p.message) for p in problems] == [
        ("cloth", "Only one armor can be worn; take off the cloth armor.")]


KEYS = st.sampled_from(["dagger", "spear", "leather", "chainmail", "large_shield"])
KINDS = st.sampled_from(list(ItemKind))
ITEMS = st.lists(st.builds(Item, KINDS, KEYS, st.sampled_from(list(ItemState)),
                           hits_taken=st.integers(0, 90)), max_size=6).map(tuple)


@settings(max_examples=examples(200), deadline=None)
@given(items=ITEMS, armor_key=st.none() | KEYS, shield_key=st.none() | KEYS,
       ready=st.booleans(), weapons=st.lists(KEYS, max_size=3),
       in_hand=st.none() | KEYS)
def test_outfit_never_doubles_an_owned_item(
    items: tuple[Item, ...], armor_key: str | None, shield_key: str | None, ready: bool,
    weapons: list[str], in_hand: str | None,
) -> None:
    result = outfit(items, armor=armor_key, shield=shield_key, shield_ready=ready,
                    weapons=weapons, ready_weapon=in_hand)
    named = Counter([(ItemKind.ARMOR, armor_key), (ItemKind.SHIELD, shield_key)]
                    + [(ItemKind.WEAPON, k) for k in weapons])
    if in_hand and in_hand not in weapons:
        named[(ItemKind.WEAPON, in_hand)] += 1
    owned = Counter((i.kind, i.key) for i in items)
    added = sum(max(0, n - owned[(kind, key)]) for (kind, key), n in named.items() if key)
    assert len(result) == len(items) + added
    gear = loadout_of(result)
    assert (gear.armor.key if gear.armor else None) == armor_key
    if shield_key:
        assert gear.shield is not None and gear.shield.key == shield_key
        assert gear.shield_ready == ready
    else:
        assert not gear.shield_ready  # an unnamed shield is at most slung
    # The named weapons are carried; unnamed ones the figure had stay carried, not in hand.
    named_weapons = Counter(
        [*weapons, *([in_hand] if in_hand and in_hand not in weapons else [])])
    assert not named_weapons - Counter(w.key for w in gear.weapons)
    assert (gear.ready_weapon.key if gear.ready_weapon else None) == in_hand
    assert len(gear.ready_weapons) == (1 if in_hand else 0)
    # Wear is kept: owned pieces are reused, new ones are unworn.
    assert sum(i.hits_taken for i in result) == sum(i.hits_taken for i in items)


def test_history_tells_gear_edits_as_the_choices_made() -> None:
    ragnar = Character("Ragnar", "human", 11, 13, items=outfit(
        armor="leather", shield="large_shield", weapons=("spear",), ready_weapon="spear"))

    def label(items: tuple[Item, ...]) -> str:
        return edit_label("Ragnar", changed_fields(ragnar, replace(ragnar, items=items)))

    assert label(wear_armor(ragnar.items, "chainmail")) == "Ragnar: armor leather -> chainmail"
    assert label(ready_shield(ragnar.items, True)) == "Ragnar: shield ready no -> yes"
    assert label(carry_weapons(ragnar.items, ("spear", "dagger"))) == "Ragnar: weapons changed"
    # Gear that is not worn or carried is still "possessions changed".
    assert label((*ragnar.items, Item(ItemKind.GEAR, "skis"))) == (
        "Ragnar: possessions changed")
