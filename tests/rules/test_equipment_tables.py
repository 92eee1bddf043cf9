"""The weapon, armor and shield tables against Melee's own.

Melee: "WEAPON TABLE" (dice, ST, * may be thrown, † two-handed), "ARMOR",
"SHIELDS" and "POLE WEAPONS".  The scan lost the crossbows' ST column; the
shipped values are the Legacy ones (TFT-FACTS 6a: light 12, heavy 15).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tftmanager.rules.dice import DamageDice
from tftmanager.rules.equipment import CarryFree
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError

pytestmark = pytest.mark.rules

# key: (dice, ST, two-handed †, thrown *, pole, missile)
WEAPON_TABLE = {
    "dagger": ("1d-1", 0, False, True, False, False),
    "main_gauche": ("1d-1", 0, False, False, False, False),
    "rapier": ("1d", 9, False, False, False, False),
    "club": ("1d", 9, False, True, False, False),
    "hammer": ("1d+1", 10, False, True, False, False),
    "cutlass": ("2d-2", 10, False, False, False, False),
    "shortsword": ("2d-1", 11, False, False, False, False),
    "mace": ("2d-1", 11, False, True, False, False),
    "small_ax": ("1d+2", 11, False, True, False, False),
    "broadsword": ("2d", 12, False, False, False, False),
    "morningstar": ("2d+1", 13, False, False, False, False),
    "two_handed_sword": ("3d-1", 14, True, False, False, False),
    "battleaxe": ("3d", 15, True, False, False, False),
    # "The javelin, spear, halberd, and pike axe are 'pole weapons.'"
    "javelin": ("1d-1", 9, False, True, True, False),
    "spear": ("1d+1", 11, True, True, True, False),
    "halberd": ("2d-1", 13, True, False, True, False),
    "pike_axe": ("2d+2", 15, True, False, True, False),
    "thrown_rock": ("1d-4", 0, False, False, False, True),
    "sling": ("1d-2", 0, False, False, False, True),
    "small_bow": ("1d-1", 9, True, False, False, True),
    "horse_bow": ("1d", 10, True, False, False, True),
    "longbow": ("1d+2", 11, True, False, False, True),
    "light_crossbow": ("2d", 12, True, False, False, True),
    "heavy_crossbow": ("3d", 15, True, False, False, True),
}

# Bows: "2 shots/turn if adjDX = 15+ / 16+ / 18+"; crossbows fire faster at
# adjDX 14+ (light: every turn) and 16+ (heavy: every other turn).
FAST_DX = {
    "small_bow": 15,
    "horse_bow": 16,
    "longbow": 18,
    "light_crossbow": 14,
    "heavy_crossbow": 16,
}


def test_the_table_has_every_melee_weapon(library: RulesLibrary) -> None:
    assert set(WEAPON_TABLE) <= set(library.weapons)
    # Anything beyond Melee's table comes from the expansion and says so.
    for key in set(library.weapons) - set(WEAPON_TABLE):
        assert "Expansion" in library.weapons[key].source, key


@pytest.mark.parametrize("key", sorted(WEAPON_TABLE))
def test_weapon_row(library: RulesLibrary, key: str) -> None:
    dice, st_needed, two_handed, throwable, pole, missile = WEAPON_TABLE[key]
    weapon = library.weapons[key]
    assert str(weapon.damage) == dice
    assert weapon.damage == DamageDice.parse(dice)
    assert weapon.st == st_needed
    assert weapon.two_handed is two_handed
    assert weapon.throwable is throwable
    assert weapon.pole is pole
    assert weapon.missile is missile


@pytest.mark.parametrize("key", sorted(WEAPON_TABLE))
def test_fast_dx(library: RulesLibrary, key: str) -> None:
    assert library.weapons[key].fast_dx == FAST_DX.get(key)


def test_crossbow_st_is_marked_uncertain(library: RulesLibrary) -> None:
    for key in ("light_crossbow", "heavy_crossbow"):
        assert library.weapons[key].uncertain, key
    assert not library.weapons["longbow"].uncertain


def test_melee_damage_examples(library: RulesLibrary) -> None:
    # "a broadsword gets 2 dice"; "A small ax gets 1+2 ... roll 3, the enemy
    # takes 5 hits"; "A dagger gets 1-1; if you roll a 3 ... only 2 hits".
    assert library.weapons["broadsword"].damage == DamageDice(2, 0)
    small_ax = library.weapons["small_ax"].damage
    assert (small_ax.count, small_ax.plus) == (1, 2)
    assert 3 + small_ax.plus == 5
    assert 3 + library.weapons["dagger"].damage.plus == 2


def test_carry_free_weapons(library: RulesLibrary) -> None:
    # "A FIGURE MAY CARRY ONE DAGGER OR MAIN-GAUCHE, AND TWO OTHER WEAPONS";
    # "A figure can always pick up a rock."
    free = {k: w.carry_free for k, w in library.weapons.items() if w.carry_free is not CarryFree.NO}
    assert free == {
        "dagger": CarryFree.DAGGER,
        "main_gauche": CarryFree.DAGGER,
        "thrown_rock": CarryFree.ALWAYS,
    }


# key: (hits stopped, DX adjustment, MA), Melee "ARMOR".
ARMOR_TABLE = {
    "plate": (5, -6, 6),
    "chainmail": (3, -3, 6),
    "leather": (2, -2, 8),
}


@pytest.mark.parametrize("key", sorted(ARMOR_TABLE))
def test_armor_row(library: RulesLibrary, key: str) -> None:
    armor = library.armors[key]
    assert (armor.stops, armor.dx, armor.ma) == ARMOR_TABLE[key]


def test_leather_ma_has_both_readings(library: RulesLibrary) -> None:
    # Movement section: "leather armor = MA 8"; armor table: "wearer's MA = 9".
    leather = library.armors["leather"]
    assert leather.ma == 8
    assert leather.ma_alternative == 9


def test_metal_armor(library: RulesLibrary) -> None:
    assert library.armors["plate"].metal
    assert library.armors["chainmail"].metal
    assert not library.armors["leather"].metal


def test_cloth_armor_is_marked_as_not_melee(library: RulesLibrary) -> None:
    cloth = library.armors["cloth"]
    assert cloth.uncertain
    assert cloth.source != "Melee"


def test_shields(library: RulesLibrary) -> None:
    # "Large shield takes 2 hits/attack (to front); -1 to DX. Small shield
    # takes 1 hit/attack (to front); no DX penalty."
    assert {"large_shield", "small_shield"} <= set(library.shields)
    # The expansion adds a small metal shield: stops 1, lasts 20 x hits stopped, $45, 7 kg.
    metal = library.shields["small_metal_shield"]
    assert (metal.stops, metal.dx, metal.metal, metal.wear_factor) == (1, 0, True, 20)
    assert (metal.cost, metal.weight_kg) == (45, 7.0)
    large, small = library.shields["large_shield"], library.shields["small_shield"]
    assert (large.stops, large.dx) == (2, -1)
    assert (small.stops, small.dx) == (1, 0)


@pytest.mark.parametrize(
    ("text", "count", "plus"),
    [
        ("3d", 3, 0),
        ("2d-1", 2, -1),
        ("1d+2", 1, 2),
        ("1d-4", 1, -4),
        ("1D+1", 1, 1),
        (" 2 d - 2 ", 2, -2),
        ("10d+10", 10, 10),
    ],
)
def test_parse_good_dice(text: str, count: int, plus: int) -> None:
    dice = DamageDice.parse(text)
    assert (dice.count, dice.plus) == (count, plus)


@pytest.mark.parametrize(
    "text", ["", "d", "2", "2-1", "0d", "0d+3", "2d6", "2d+", "-1d", "2d*2", "1d+1d", "two d"]
)
def test_parse_bad_dice(text: str) -> None:
    with pytest.raises(RulesDataError, match="dice"):
        DamageDice.parse(text)


def test_dice_range() -> None:
    assert (DamageDice(2, -1).minimum, DamageDice(2, -1).maximum) == (1, 11)
    assert (DamageDice(1, 2).minimum, DamageDice(1, 2).maximum) == (3, 8)
    # Damage below 0 counts as 0 (a thrown rock, 1-4, can do nothing).
    assert (DamageDice(1, -4).minimum, DamageDice(1, -4).maximum) == (0, 2)
    assert DamageDice(1, -1).add(1) == DamageDice(1, 0)


@given(count=st.integers(min_value=1, max_value=50), plus=st.integers(-60, 60))
def test_dice_text_round_trips(count: int, plus: int) -> None:
    dice = DamageDice(count, plus)
    text = str(dice)
    assert DamageDice.parse(text) == dice
    assert str(DamageDice.parse(text)) == text
    assert 0 <= dice.minimum <= dice.maximum
    assert dice.maximum - dice.minimum <= 5 * count


@given(
    count=st.integers(min_value=1, max_value=50),
    sign=st.sampled_from(["+", "-", ""]),
    amount=st.integers(0, 60),
    spaces=st.sampled_from(["", " ", "  "]),
    letter=st.sampled_from(["d", "D"]),
)
def test_parse_then_format_is_canonical(
    count: int, sign: str, amount: int, spaces: str, letter: str
) -> None:
    suffix = f"{spaces}{sign}{spaces}{amount}" if sign else ""
    dice = DamageDice.parse(f"{spaces}{count}{spaces}{letter}{suffix}{spaces}")
    expected_plus = -amount if sign == "-" else amount if sign == "+" else 0
    assert dice == DamageDice(count, expected_plus)
    assert DamageDice.parse(str(dice)) == dice
    assert dice.minimum <= dice.maximum
