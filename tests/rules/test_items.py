"""Possessions: what they weigh, the carry limit, and what input is refused.

Melee: "A FIGURE MAY CARRY ONE DAGGER OR MAIN-GAUCHE, AND TWO OTHER WEAPONS.
A SHIELD COUNTS AS A WEAPON."  Weapons carried besides the loadout (a spare
sword on the belt) count too; weapons stored elsewhere do not.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.derived import carried_weight, derive, item_weight
from tftmanager.rules.items import ORDINARY, Item, ItemKind, ItemState, Mount, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.problems import Problem
from tftmanager.rules.settings import (
    KG_PER_LB,
    CreationScheme,
    RuleProfile,
    WeightUnit,
    show_weight,
)
from tftmanager.rules.validation import validate

pytestmark = pytest.mark.rules

MELEE = RuleProfile(creation=CreationScheme.MELEE)
BJORN = Character(name="Bjorn", race="human", st=12, dx=12, iq=8)


def weapon(key: str, state: ItemState = ItemState.CARRIED) -> Item:
    return Item(ItemKind.WEAPON, key, state)


def weapon_problems(character: Character, library: RulesLibrary) -> list[Problem]:
    return [p for p in validate(character, library, MELEE) if p.field == "weapons"]


# --- Items ----------------------------------------------------------------


def test_item_defaults() -> None:
    item = Item(ItemKind.GEAR, "skis")
    assert (item.state, item.quality, item.hits_taken, item.quantity, item.note) == (
        ItemState.CARRIED, ORDINARY, 0, 1, "")
    assert Quality() == ORDINARY
    assert not ORDINARY.fine


def test_owns_looks_at_kind_and_key() -> None:
    carried = Item(ItemKind.WEAPON, "broadsword", ItemState.CARRIED, Quality(good=True))
    figure = replace(BJORN, items=(carried, Item(ItemKind.ARMOR, "broadsword")))
    assert figure.owns(ItemKind.WEAPON, "broadsword")
    assert not figure.owns(ItemKind.WEAPON, "mace")
    assert not figure.owns(ItemKind.SHIELD, "broadsword")


# --- Weights --------------------------------------------------------------


def test_item_weight_times_quantity(library: RulesLibrary) -> None:
    assert item_weight(Item(ItemKind.GEAR, "ski_poles", quantity=4), library) == 2.0
    assert item_weight(Item(ItemKind.ARMOR, "chainmail"), library) == 13.61
    assert item_weight(Item(ItemKind.GEAR, "no_such_thing"), library) == 0.0


def test_carried_weight_counts_readied_and_carried_not_stored(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=(
        Item(ItemKind.GEAR, "skis", ItemState.CARRIED),  # 3.0
        Item(ItemKind.GEAR, "ski_poles", ItemState.READIED, quantity=2),  # 1.0
        Item(ItemKind.GEAR, "heavy_wool_blanket", ItemState.STORED),  # not counted
        Item(ItemKind.ARMOR, "plate", ItemState.STORED),  # not counted
    ))
    assert carried_weight(figure, library) == 4.0
    assert derive(figure, library, MELEE).carried_kg == 4.0


def test_loadout_without_owned_items_still_weighs(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=outfit(armor="chainmail", shield="small_shield",
                                         weapons=("broadsword", "dagger")))
    # 13.61 + 4.54 + 2.27 + 0.09
    assert carried_weight(figure, library) == 20.51


def test_a_loadout_item_that_is_owned_counts_once(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=outfit((
        Item(ItemKind.ARMOR, "chainmail", ItemState.READIED),
        Item(ItemKind.WEAPON, "broadsword", ItemState.READIED),
    ), armor="chainmail", weapons=("broadsword",)))
    assert carried_weight(figure, library) == 15.88
    # A second, spare broadsword on the belt adds its weight.
    spare = replace(figure, items=(*figure.items, weapon("broadsword")))
    assert carried_weight(spare, library) == 18.15


def test_a_weapon_listed_twice_is_two_possessions(library: RulesLibrary) -> None:
    # Keys listed twice (an old file) are two daggers: each is a possession and weighs.
    figure = replace(BJORN, items=outfit(weapons=("dagger", "dagger")))
    assert len(figure.items) == 2
    assert carried_weight(figure, library) == 0.18


def test_unknown_keys_weigh_nothing(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=outfit((Item(ItemKind.GEAR, "anvil"),), armor="mithril"))
    assert carried_weight(figure, library) == 0.0


@pytest.mark.parametrize(
    ("kg", "unit", "text"),
    [
        (12.5, WeightUnit.KG, "12.5 kg"),
        (12.0, WeightUnit.KG, "12 kg"),
        (0.0, WeightUnit.KG, "0 kg"),
        (20.51, WeightUnit.KG, "20.5 kg"),
        (12.5, WeightUnit.LB, "27.6 lb"),
        (KG_PER_LB * 10, WeightUnit.LB, "10 lb"),
        (100.0, WeightUnit.LB, "220.5 lb"),
    ],
)
def test_show_weight(kg: float, unit: WeightUnit, text: str) -> None:
    assert show_weight(kg, unit) == text


def test_weight_unit_is_a_rule_option() -> None:
    assert RuleProfile().weight_unit is WeightUnit.KG
    profile = RuleProfile(weight_unit=WeightUnit.LB)
    assert profile.to_dict()["weight_unit"] == "lb"
    assert RuleProfile.from_dict(profile.to_dict()) == profile


# --- The carry limit with possessions ------------------------------------


@pytest.mark.parametrize(
    ("weapons", "shield", "items", "ok"),
    [
        # Two weapons plus a dagger, in the loadout or on the belt.
        (("broadsword", "mace"), None, [weapon("dagger")], True),
        (("broadsword",), None, [weapon("mace"), weapon("dagger")], True),
        ((), None, [weapon("broadsword"), weapon("mace"), weapon("main_gauche")], True),
        # A shield counts as a weapon.
        (("broadsword",), "small_shield", [weapon("dagger")], True),
        (("broadsword",), "small_shield", [weapon("mace")], False),
        # A third weapon carried beyond the loadout counts.
        (("broadsword", "mace"), None, [weapon("club")], False),
        (("broadsword", "mace"), None, [weapon("club", ItemState.READIED)], False),
        # Stored elsewhere, it does not.
        (("broadsword", "mace"), None, [weapon("club", ItemState.STORED)], True),
        (("broadsword",), "small_shield", [weapon("mace", ItemState.STORED)], True),
        # The owned items behind the loadout are not counted twice.
        (("broadsword", "mace"), None,
         [weapon("broadsword", ItemState.READIED), weapon("mace")], True),
        # A spare of a loadout weapon is another weapon.
        (("broadsword", "mace"), None,
         [weapon("broadsword", ItemState.READIED), weapon("broadsword")], False),
        # A second dagger carried counts as a weapon.
        (("broadsword",), None, [weapon("dagger"), weapon("dagger")], True),
        (("broadsword", "mace"), None, [weapon("dagger"), weapon("dagger")], False),
        # A rock is always free.
        (("broadsword", "mace"), None, [weapon("dagger"), weapon("thrown_rock")], True),
        # Armor and gear are not weapons.
        (("broadsword", "mace"), None,
         [Item(ItemKind.ARMOR, "leather"), Item(ItemKind.GEAR, "skis")], True),
    ],
)
def test_carry_limit_counts_carried_items(
    library: RulesLibrary, weapons: tuple[str, ...], shield: str | None, items: list[Item],
    ok: bool,
) -> None:
    figure = replace(BJORN, items=outfit(tuple(items), weapons=weapons, shield=shield))
    problems = weapon_problems(figure, library)
    if ok:
        assert problems == []
    else:
        assert len(problems) == 1
        assert "a figure may carry only 2 plus one dagger or main-gauche" in problems[0].message
        assert ("the shield counts as one" in problems[0].message) == (shield is not None)


def test_carried_weapon_needs_its_st(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=(weapon("battleaxe"),))
    problems = weapon_problems(figure, library)
    assert [(p.item, p.message) for p in problems] == [
        ("battleaxe", "Battleaxe needs ST 15; Bjorn has ST 12.")]
    # Stored elsewhere, nobody has to lift it.
    stored = replace(BJORN, items=(weapon("battleaxe", ItemState.STORED),))
    assert weapon_problems(stored, library) == []


def test_loadout_weapon_st_is_still_checked(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=outfit((weapon("two_handed_sword", ItemState.READIED),),
                                         weapons=("two_handed_sword",)))
    problems = weapon_problems(figure, library)
    # Once, not once for the loadout and again for the owned item.
    assert [p.item for p in problems] == ["two_handed_sword"]


def test_unknown_carried_weapon(library: RulesLibrary) -> None:
    # A weapon carried is one of the figure's weapons: reported there, once.
    figure = replace(BJORN, items=(weapon("lightsaber"),))
    problems = validate(figure, library, MELEE)
    assert [(p.field, p.item) for p in problems] == [("weapons", "lightsaber")]


@pytest.mark.parametrize("kind", list(ItemKind))
def test_unknown_items_are_problems(library: RulesLibrary, kind: ItemKind) -> None:
    figure = replace(BJORN, items=(Item(kind, "no_such_key", ItemState.STORED),))
    problems = [p for p in validate(figure, library, MELEE) if p.field == "items"]
    assert len(problems) == 1
    assert problems[0].item == "no_such_key"
    assert f"is not {kind.value} in this campaign" in problems[0].message


def test_known_gear_armor_and_shields_are_legal(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=(
        Item(ItemKind.GEAR, "skis"), Item(ItemKind.ARMOR, "plate", ItemState.STORED),
        Item(ItemKind.SHIELD, "small_metal_shield", ItemState.STORED, hits_taken=5),
    ))
    assert validate(figure, library, MELEE) == []


# --- Input bounds ---------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"items": (Item(ItemKind.GEAR, "skis", quantity=0),)}, "items"),
        ({"items": (Item(ItemKind.GEAR, "skis", quantity=10_001),)}, "items"),
        ({"items": (Item(ItemKind.ARMOR, "chainmail", hits_taken=-1),)}, "items"),
        ({"items": (Item(ItemKind.ARMOR, "chainmail", hits_taken=100_001),)}, "items"),
        ({"items": tuple(Item(ItemKind.GEAR, "skis") for _ in range(501))}, "items"),
        ({"body_kg": -1.0}, "body_kg"),
        ({"body_kg": 2000.5}, "body_kg"),
        ({"mount": Mount(" ", 23, 12, 24)}, "mount"),
        ({"mount": Mount("Horse", 0, 12, 24)}, "mount"),
        ({"mount": Mount("Horse", 23, 0, 24)}, "mount"),
        ({"mount": Mount("Horse", 23, 12, 0)}, "mount"),
        ({"mount": Mount("Horse", 23, 12, 24, extra_kg=-1)}, "mount"),
        ({"mount": Mount("Horse", 23, 12, 24, extra_kg=10_001)}, "mount"),
    ],
)
def test_check_input_refuses(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as caught:
        check_input(replace(BJORN, **changes))
    assert caught.value.field == field


def test_check_input_accepts_the_bounds() -> None:
    check_input(replace(
        BJORN, body_kg=2000.0, mount=Mount("Horse", 300, 100, 100, extra_kg=10_000),
        items=(Item(ItemKind.GEAR, "skis", quantity=10_000),
               Item(ItemKind.ARMOR, "chainmail", hits_taken=100_000),
               *(Item(ItemKind.GEAR, "skis") for _ in range(498))),
    ))
    check_input(replace(BJORN, body_kg=0.0, mount=Mount("Pony", 1, 1, 1)))
