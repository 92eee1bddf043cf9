"""Fine and good weapons: which may be made, what they cost, what they do.

The expansion (001, Fine Weapons): "Fine weapons cost 10x their base price for
+1 DX or +1 damage, 20x for +1 DX and +1 damage or +2 damage and 40x for +1 DX
and +2 damage.  Only axes, maces, hammers, swords and pole weapons may be made
finely.  Only bladed weapons may be made to do extra damage, except daggers
which can only be given the +1 DX. ... Silver fine weapons cost double their
normal fine price."  Good Weapons: "... cost 2x their base price."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.equipment_rules import EquipmentRules
from tftmanager.rules.items import ORDINARY, Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.validation import validate

pytestmark = pytest.mark.rules

MELEE = RuleProfile(creation=CreationScheme.MELEE)
BJORN = Character(name="Bjorn", race="human", st=12, dx=12, iq=8,
                  items=outfit(weapons=("broadsword",), ready_weapon="broadsword"))


@pytest.fixture
def rules(library: RulesLibrary) -> EquipmentRules:
    assert library.equipment_rules is not None
    return library.equipment_rules


def fine(dx: int = 0, damage: int = 0, silver: bool = False) -> Quality:
    return Quality(fine_dx=dx, fine_damage=damage, silver=silver)


GOOD = Quality(good=True)


# --- Prices ---------------------------------------------------------------


def test_base_costs_the_prices_are_computed_from(library: RulesLibrary) -> None:
    # The shipped base prices these tests multiply (Legacy's price list).
    costs = {k: library.weapons[k].cost for k in
             ("broadsword", "battleaxe", "mace", "hammer", "dagger", "halberd", "spear",
              "pike_axe", "longbow", "club")}
    assert costs == {"broadsword": 80, "battleaxe": 130, "mace": 40, "hammer": 25,
                     "dagger": 10, "halberd": 70, "spear": 40, "pike_axe": 100,
                     "longbow": 40, "club": 10}


@pytest.mark.parametrize(
    ("quality", "price"),
    [
        (ORDINARY, 80),
        (fine(dx=1), 800),  # 10x
        (fine(damage=1), 800),  # 10x
        (fine(dx=1, damage=1), 1600),  # 20x
        (fine(damage=2), 1600),  # 20x
        (fine(dx=1, damage=2), 3200),  # 40x
        (fine(dx=1, silver=True), 1600),  # silver doubles the fine price
        (fine(damage=2, silver=True), 3200),
        (fine(dx=1, damage=2, silver=True), 6400),
        (GOOD, 160),  # 2x
    ],
)
def test_broadsword_prices(library: RulesLibrary, rules: EquipmentRules, quality: Quality,
                           price: int) -> None:
    broadsword = library.weapons["broadsword"]
    assert rules.quality_refusal(broadsword, quality) == ""
    assert rules.weapon_price(broadsword, quality) == price


@pytest.mark.parametrize(
    ("key", "quality", "price"),
    [
        ("battleaxe", fine(dx=1, damage=2), 130 * 40),  # an axe, bladed
        ("battleaxe", fine(damage=1), 1300),
        ("mace", fine(dx=1), 400),  # a mace may be fine, with DX only
        ("morningstar", fine(dx=1), 1000),  # tagged mace
        ("hammer", fine(dx=1), 250),
        ("dagger", fine(dx=1), 100),  # daggers only +1 DX
        ("main_gauche", fine(dx=1), 100),
        ("dagger", fine(dx=1, silver=True), 200),
        ("halberd", fine(damage=1), 700),  # a bladed pole weapon
        ("spear", fine(dx=1), 400),  # a pole weapon, not bladed: DX only
        ("pike_axe", fine(damage=2), 2000),
        ("rapier", fine(dx=1, damage=1), 800),
        ("longbow", GOOD, 80),  # any weapon may be good
        ("club", GOOD, 20),
        ("light_crossbow", GOOD, 100),
    ],
)
def test_other_legal_prices(library: RulesLibrary, rules: EquipmentRules, key: str,
                            quality: Quality, price: int) -> None:
    weapon = library.weapons[key]
    assert rules.quality_refusal(weapon, quality) == ""
    assert rules.weapon_price(weapon, quality) == price


def test_multipliers_match_the_document(rules: EquipmentRules) -> None:
    assert rules.fine_times == {(1, 0): 10, (0, 1): 10, (1, 1): 20, (0, 2): 20, (1, 2): 40}
    assert rules.silver_times == 2
    assert rules.good_times == 2


# --- Refusals -------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "quality", "words"),
    [
        # Only axes, maces, hammers, swords and pole weapons may be made finely.
        ("longbow", fine(dx=1), "Only axes, maces, hammers, swords and pole weapons"),
        ("small_bow", fine(dx=1), "not a small bow"),
        ("great_bow", fine(dx=1), "Only axes"),
        ("club", fine(dx=1), "not a club"),
        ("light_crossbow", fine(dx=1), "not a light crossbow"),
        ("heavy_crossbow", fine(damage=1), "Only axes"),
        ("sling", fine(dx=1), "Only axes"),
        ("thrown_rock", fine(dx=1), "Only axes"),
        # Only bladed weapons may be made to do extra damage.
        ("mace", fine(damage=1), "Only bladed weapons"),
        ("mace", fine(dx=1, damage=1), "Only bladed weapons"),
        ("hammer", fine(damage=1), "Only bladed weapons"),
        ("morningstar", fine(damage=2), "Only bladed weapons"),
        ("spear", fine(damage=1), "Only bladed weapons"),
        ("javelin", fine(dx=1, damage=2), "Only bladed weapons"),
        # Daggers only get +1 DX.
        ("dagger", fine(damage=1), "only be made fine with +1 DX"),
        ("dagger", fine(dx=1, damage=1), "only be made fine with +1 DX"),
        ("main_gauche", fine(damage=2), "only be made fine with +1 DX"),
        # Good and fine together; silver without fine.
        ("broadsword", Quality(fine_dx=1, good=True), "either good or fine"),
        ("broadsword", Quality(fine_damage=2, silver=True, good=True), "either good or fine"),
        ("broadsword", Quality(silver=True, good=True), "either good or fine"),
        ("broadsword", Quality(silver=True), "Only fine weapons are made of silver"),
        # Bonuses the document does not list.
        ("broadsword", fine(dx=2), "not +2 DX"),
        ("broadsword", fine(dx=2, damage=1), "not +2 DX"),
        ("broadsword", fine(damage=3), "+3 damage"),
        ("broadsword", fine(dx=-1), "not -1 DX"),
        ("dagger", fine(dx=2), "not +2 DX"),
    ],
)
def test_refused(library: RulesLibrary, rules: EquipmentRules, key: str, quality: Quality,
                 words: str) -> None:
    refusal = rules.quality_refusal(library.weapons[key], quality)
    assert words in refusal


def test_ordinary_and_good_need_no_tag(library: RulesLibrary, rules: EquipmentRules) -> None:
    for weapon in library.weapons.values():
        assert rules.quality_refusal(weapon, ORDINARY) == ""
        assert rules.quality_refusal(weapon, GOOD) == ""
        assert rules.weapon_price(weapon, ORDINARY) == weapon.cost
        assert rules.weapon_price(weapon, GOOD) == 2 * weapon.cost


def test_which_weapons_may_be_fine(library: RulesLibrary, rules: EquipmentRules) -> None:
    dx_only = {k for k, w in library.weapons.items()
               if rules.quality_refusal(w, fine(dx=1)) == ""}
    extra_damage = {k for k, w in library.weapons.items()
                    if rules.quality_refusal(w, fine(damage=1)) == ""}
    assert dx_only == {
        "dagger", "main_gauche", "rapier", "hammer", "cutlass", "shortsword", "mace",
        "small_ax", "broadsword", "morningstar", "two_handed_sword", "battleaxe", "javelin",
        "spear", "halberd", "pike_axe", "pike",  # the pike is a pole weapon (001)
    }
    # Bladed, fine-able and not a dagger.
    assert extra_damage == {
        "rapier", "cutlass", "shortsword", "small_ax", "broadsword", "two_handed_sword",
        "battleaxe", "halberd", "pike_axe",
    }


# --- Labels ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("quality", "label"),
    [
        (ORDINARY, ""),
        (GOOD, "good"),
        (fine(dx=1), "fine +1 DX"),
        (fine(damage=2), "fine +2 dmg"),
        (fine(dx=1, damage=1), "fine +1 DX +1 dmg"),
        (fine(dx=1, damage=2, silver=True), "fine +1 DX +2 dmg, silver"),
    ],
)
def test_label(quality: Quality, label: str) -> None:
    assert quality.label == label
    assert quality.fine == bool(quality.fine_dx or quality.fine_damage)


# --- Derived stats --------------------------------------------------------


def owning(character: Character, *items: Item) -> Character:
    return replace(character, items=items)


def test_fine_broadsword_adds_dx_and_damage(library: RulesLibrary) -> None:
    plain = derive(BJORN, library, MELEE)
    [attack] = plain.weapons[0].attacks
    assert (attack.adj_dx, attack.damage) == (12, DamageDice(2, 0))
    figure = owning(BJORN, Item(ItemKind.WEAPON, "broadsword", ItemState.READIED,
                                fine(dx=1, damage=1)))
    derived = derive(figure, library, MELEE)
    [attack] = derived.weapons[0].attacks
    assert attack.adj_dx == 13
    assert attack.damage == DamageDice(2, 1)
    assert "fine +1 DX +1 dmg" in attack.notes
    # The figure's own adjDX is unchanged: the bonus is the weapon's.
    assert derived.adj_dx == plain.adj_dx == 12


def test_fine_bonus_with_a_shield_and_armor(library: RulesLibrary) -> None:
    sword = Item(ItemKind.WEAPON, "broadsword", quality=fine(dx=1, damage=2))
    figure = replace(BJORN, items=outfit((sword,), armor="leather", shield="large_shield",
                                         shield_ready=True))
    [attack] = derive(figure, library, MELEE).weapons[0].attacks
    # DX 12, leather -2, fine +1 = 11; with the large shield (-1) 10.
    assert (attack.adj_dx, attack.adj_dx_shield) == (11, 10)
    assert attack.damage == DamageDice(2, 2)


def test_each_weapon_has_its_own_quality(library: RulesLibrary) -> None:
    figure = replace(BJORN, items=outfit((
        Item(ItemKind.WEAPON, "dagger", quality=fine(dx=1)),
    ), weapons=("broadsword", "dagger")))
    broadsword, dagger = derive(figure, library, MELEE).weapons
    assert [a.adj_dx for a in broadsword.attacks] == [12]
    assert broadsword.attacks[0].notes == ()
    # The dagger strikes and is thrown, both at +1.
    assert [(a.adj_dx, str(a.damage)) for a in dagger.attacks] == [(13, "1d-1"), (13, "1d-1")]


def test_good_quality_changes_no_numbers(library: RulesLibrary) -> None:
    figure = owning(BJORN, Item(ItemKind.WEAPON, "broadsword", quality=GOOD))
    [attack] = derive(figure, library, MELEE).weapons[0].attacks
    assert (attack.adj_dx, attack.damage) == (12, DamageDice(2, 0))
    assert attack.notes == ("good",)


def test_dwarf_bonus_and_fine_bonus_add_up(library: RulesLibrary) -> None:
    axe = Item(ItemKind.WEAPON, "battleaxe", quality=fine(dx=1, damage=1))
    dwarf = Character(name="Gimli", race="dwarf", st=15, dx=10,
                      items=outfit((axe,), weapons=("battleaxe",)))
    [attack] = derive(dwarf, library, MELEE).weapons[0].attacks
    # Dwarves do +1 damage with axes; the fine axe is +1 DX and +1 damage.
    assert attack.adj_dx == 11
    assert attack.damage == DamageDice(3, 2)
    assert attack.notes[0] == "fine +1 DX +1 dmg"


# --- Validation -----------------------------------------------------------


def test_an_illegal_quality_is_a_problem(library: RulesLibrary) -> None:
    figure = owning(BJORN, Item(ItemKind.WEAPON, "longbow", ItemState.STORED, fine(dx=1)))
    problems = validate(figure, library, MELEE)
    assert [(p.field, p.item) for p in problems] == [("items", "longbow")]
    assert "Only axes, maces, hammers, swords and pole weapons" in problems[0].message


def test_quality_on_armor_is_a_problem(library: RulesLibrary) -> None:
    figure = owning(BJORN, Item(ItemKind.ARMOR, "chainmail", quality=GOOD))
    problems = validate(figure, library, MELEE)
    assert [(p.field, p.item) for p in problems] == [("items", "chainmail")]
    assert "only weapons come in fine or good quality" in problems[0].message


def test_legal_qualities_are_no_problem(library: RulesLibrary) -> None:
    figure = owning(BJORN,
                    Item(ItemKind.WEAPON, "broadsword", ItemState.READIED,
                         fine(dx=1, damage=2, silver=True)),
                    Item(ItemKind.WEAPON, "dagger", quality=fine(dx=1)))
    assert validate(figure, library, MELEE) == []
