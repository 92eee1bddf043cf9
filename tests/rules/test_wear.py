"""Armor and shield wear, and what repairs cost.

The expansion (001, Repairing Armor): "When armor has taken (20 + 10x hits
stopped) hits, it will begin to fall apart.  It will stop 1 fewer hits at this
point.  When it has taken (20 + 20x hits stopped) hits, it is in very bad
shape" (2 fewer).  Cloth and leather cannot be repaired; metal armor is
repaired for 20% of its new price, fine armor for 10%.  Shields: after
(15 x hits stopped) hits a shield splits and is useless; the small metal shield
lasts (20 x hits stopped) and is repaired as armor; other shields cannot be.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.equipment_rules import EquipmentRules
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.shipped import shipped_library

pytestmark = pytest.mark.rules

MELEE = RuleProfile(creation=CreationScheme.MELEE)
SHIPPED = shipped_library()  # for hypothesis tests (fixtures are per test, not per example)
KNIGHT = Character(name="Robin", race="human", st=12, dx=12, iq=8,
                   items=outfit(weapons=("broadsword",)))


@pytest.fixture
def rules(library: RulesLibrary) -> EquipmentRules:
    assert library.equipment_rules is not None
    return library.equipment_rules


# --- Armor ----------------------------------------------------------------

# key: (stops new, first threshold 20 + 10 x stops, second 20 + 20 x stops)
ARMOR_WEAR = {
    "cloth": (1, 30, 40),
    "leather": (2, 40, 60),
    "chainmail": (3, 50, 80),
    "half_plate": (4, 60, 100),
    "plate": (5, 70, 120),
    "fine_chainmail": (3, 50, 80),
    "fine_half_plate": (5, 70, 120),
    "fine_plate": (6, 80, 140),
}


def test_every_armor_is_listed(library: RulesLibrary) -> None:
    assert set(library.armors) == set(ARMOR_WEAR)


@pytest.mark.parametrize("key", sorted(ARMOR_WEAR))
def test_armor_wear_at_each_boundary(library: RulesLibrary, rules: EquipmentRules,
                                     key: str) -> None:
    stops, first, second = ARMOR_WEAR[key]
    armor = library.armors[key]
    assert armor.stops == stops

    def cond(hits: int) -> tuple[int, str]:
        c = rules.armor_condition(armor, hits)
        return c.stops, c.state

    assert cond(0) == (stops, "sound")
    assert cond(first - 1) == (stops, "sound")
    assert cond(first) == (stops - 1, "falling apart")
    assert cond(second - 1) == (stops - 1, "falling apart")
    assert cond(second) == (max(0, stops - 2), "very bad shape")
    assert cond(second + 1000) == (max(0, stops - 2), "very bad shape")


@pytest.mark.parametrize(
    ("key", "hits", "stops"),
    [
        # The named cases.
        ("leather", 39, 2), ("leather", 40, 1), ("leather", 59, 1), ("leather", 60, 0),
        ("chainmail", 49, 3), ("chainmail", 50, 2), ("chainmail", 79, 2), ("chainmail", 80, 1),
        ("plate", 69, 5), ("plate", 70, 4), ("plate", 119, 4), ("plate", 120, 3),
        ("fine_plate", 79, 6), ("fine_plate", 80, 5), ("fine_plate", 139, 5),
        ("fine_plate", 140, 4),
    ],
)
def test_named_armor_cases(library: RulesLibrary, rules: EquipmentRules, key: str, hits: int,
                           stops: int) -> None:
    assert rules.armor_condition(library.armors[key], hits).stops == stops


def test_cloth_never_stops_less_than_nothing(library: RulesLibrary,
                                             rules: EquipmentRules) -> None:
    cloth = library.armors["cloth"]
    assert rules.armor_condition(cloth, 40).stops == 0
    assert rules.armor_condition(cloth, 10_000).stops == 0


def test_armor_condition_details(library: RulesLibrary, rules: EquipmentRules) -> None:
    chainmail = library.armors["chainmail"]
    sound = rules.armor_condition(chainmail, 45)
    assert sound.detail == "5 more hits before it weakens"
    assert not sound.broken
    weak = rules.armor_condition(chainmail, 60)
    assert weak.detail == "stops 1 fewer; 20 more hits to very bad"
    bad = rules.armor_condition(chainmail, 80)
    assert bad.detail == "stops 2 fewer"


# --- Shields --------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "stops", "splits_at"),
    [
        ("small_shield", 1, 15),
        ("large_shield", 2, 30),
        ("small_metal_shield", 1, 20),
    ],
)
def test_shield_splits(library: RulesLibrary, rules: EquipmentRules, key: str, stops: int,
                       splits_at: int) -> None:
    shield = library.shields[key]
    assert shield.stops == stops
    before = rules.shield_condition(shield, splits_at - 1)
    assert (before.stops, before.state, before.broken) == (stops, "sound", False)
    assert before.detail == "1 more hits before it splits"
    assert rules.shield_condition(shield, 0).stops == stops
    split = rules.shield_condition(shield, splits_at)
    assert (split.stops, split.state, split.broken) == (0, "split", True)
    assert rules.shield_condition(shield, splits_at + 50).broken


def test_a_shield_without_a_factor_uses_the_default(library: RulesLibrary,
                                                    rules: EquipmentRules) -> None:
    shield = replace(library.shields["large_shield"], wear_factor=0)
    assert rules.default_shield_factor == 15
    assert not rules.shield_condition(shield, 29).broken
    assert rules.shield_condition(shield, 30).broken


# --- Derived stats use the worn values ------------------------------------


def armored(armor: str | None = "chainmail", shield: str | None = "large_shield",
            *items: Item) -> Character:
    return replace(KNIGHT, items=outfit((*KNIGHT.items, *items), armor=armor, shield=shield,
                                        weapons=("broadsword",)))


def test_ordinary_values_without_owned_items(library: RulesLibrary) -> None:
    d = derive(armored(), library, MELEE)
    assert (d.hits_stopped, d.hits_stopped_shield) == (3, 5)
    assert d.armor_condition is not None and d.armor_condition.state == "sound"
    assert d.shield_condition is not None and d.shield_condition.state == "sound"


def test_worn_armor_and_shield_stop_less(library: RulesLibrary) -> None:
    figure = armored("chainmail", "large_shield",
                     Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=50),
                     Item(ItemKind.SHIELD, "large_shield", ItemState.READIED, hits_taken=29))
    d = derive(figure, library, MELEE)
    assert (d.hits_stopped, d.hits_stopped_shield) == (2, 4)
    assert d.armor_condition is not None and d.armor_condition.state == "falling apart"
    figure = armored("chainmail", "large_shield",
                     Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=80),
                     Item(ItemKind.SHIELD, "large_shield", ItemState.READIED, hits_taken=30))
    d = derive(figure, library, MELEE)
    assert (d.hits_stopped, d.hits_stopped_shield) == (1, 1)
    assert d.shield_condition is not None and d.shield_condition.broken


@pytest.mark.parametrize(
    ("key", "hits", "stops"),
    [("leather", 39, 2), ("leather", 40, 1), ("leather", 60, 0),
     ("plate", 70, 4), ("fine_plate", 140, 4)],
)
def test_worn_armor_alone(library: RulesLibrary, key: str, hits: int, stops: int) -> None:
    figure = armored(key, None, Item(ItemKind.ARMOR, key, ItemState.READIED, hits_taken=hits))
    d = derive(figure, library, MELEE)
    assert d.hits_stopped == stops
    assert d.hits_stopped_shield is None
    assert d.shield_condition is None


def test_small_metal_shield_lasts_longer(library: RulesLibrary) -> None:
    def stops(hits: int) -> int | None:
        item = Item(ItemKind.SHIELD, "small_metal_shield", ItemState.READIED, hits_taken=hits)
        return derive(armored(None, "small_metal_shield", item), library, MELEE)\
            .hits_stopped_shield

    assert stops(19) == 1
    assert stops(20) == 0


def test_worn_items_of_other_keys_do_not_count(library: RulesLibrary) -> None:
    # The figure wears leather and carries a battered chainmail: leather is sound.
    figure = armored("leather", "small_shield",
                     Item(ItemKind.ARMOR, "chainmail", hits_taken=500),
                     Item(ItemKind.SHIELD, "large_shield", hits_taken=500))
    d = derive(figure, library, MELEE)
    assert (d.hits_stopped, d.hits_stopped_shield) == (2, 3)


def test_the_readied_item_is_the_one_worn(library: RulesLibrary) -> None:
    spare = Item(ItemKind.ARMOR, "chainmail", ItemState.CARRIED, hits_taken=80)
    worn = Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=0)
    figure = armored("chainmail", None, spare, worn)
    assert figure.loadout.armor == worn
    assert derive(figure, library, MELEE).hits_stopped == 3
    # With only the battered one, that one is worn.
    assert derive(armored("chainmail", None, spare), library, MELEE).hits_stopped == 1


def test_no_equipment_rules_means_ordinary_values(library: RulesLibrary) -> None:
    bare = replace(library, equipment_rules=None)
    figure = armored("chainmail", "large_shield",
                     Item(ItemKind.ARMOR, "chainmail", hits_taken=80),
                     Item(ItemKind.SHIELD, "large_shield", hits_taken=30))
    d = derive(figure, bare, MELEE)
    assert (d.hits_stopped, d.hits_stopped_shield) == (3, 5)
    assert d.armor_condition is None and d.shield_condition is None


# --- Repair ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "key", "cost"),
    [
        ("armor", "chainmail", 40),  # $200 x 20%
        ("armor", "half_plate", 60),  # $300 x 20%
        ("armor", "plate", 100),  # $500 x 20%
        ("armor", "fine_chainmail", 200),  # $2000 x 10%
        ("armor", "fine_half_plate", 350),  # $3500 x 10%
        ("armor", "fine_plate", 500),  # $5000 x 10%
        ("shield", "small_metal_shield", 9),  # $45 x 20%
    ],
)
def test_repair_costs(library: RulesLibrary, rules: EquipmentRules, kind: str, key: str,
                      cost: int) -> None:
    entry = library.armors[key] if kind == "armor" else library.shields[key]
    assert rules.repair_refusal(entry) == ""
    assert rules.repair_cost(entry) == cost


@pytest.mark.parametrize(
    ("kind", "key", "words"),
    [
        ("armor", "leather", "Leather armor cannot be repaired"),
        ("armor", "cloth", "Cloth armor cannot be repaired"),
        ("shield", "large_shield", "cannot be repaired"),
        ("shield", "small_shield", "cannot be repaired"),
    ],
)
def test_repair_refused(library: RulesLibrary, rules: EquipmentRules, kind: str, key: str,
                        words: str) -> None:
    entry = library.armors[key] if kind == "armor" else library.shields[key]
    refusal = rules.repair_refusal(entry)
    assert words in refusal
    assert "only metal armor and metal shields" in refusal


def test_repair_cost_rounds_up_to_whole_dollars(library: RulesLibrary,
                                                rules: EquipmentRules) -> None:
    odd = replace(library.armors["chainmail"], cost=201)
    assert rules.repair_cost(odd) == 41  # $40.20
    assert rules.repair_cost(replace(odd, cost=205)) == 41  # exactly $41, not $42


@given(hits=st.integers(0, 500), more=st.integers(0, 500),
       key=st.sampled_from(sorted(ARMOR_WEAR)))
def test_more_hits_never_stop_more(hits: int, more: int, key: str) -> None:
    rules = SHIPPED.equipment_rules
    assert rules is not None
    armor = SHIPPED.armors[key]
    now = rules.armor_condition(armor, hits).stops
    later = rules.armor_condition(armor, hits + more).stops
    assert 0 <= later <= now <= armor.stops
    assert armor.stops - later <= 2
