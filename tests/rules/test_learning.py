"""Whether a character can learn a talent or spell now, and every reason why not."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.learning import (
    ability_problems,
    adjusted_dx,
    spell_availability,
    spell_requirements,
    talent_availability,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile

pytestmark = pytest.mark.rules

PROFILE = RuleProfile()


def figure(*talents: str, **fields: object) -> Character:
    """A clever human hero with room in memory, knowing these talents.

    Gear is named as keys (``armor="plate"``) and becomes possessions.
    """
    gear = {k: fields.pop(k) for k in ("armor", "shield", "shield_ready") if k in fields}
    base = Character(name="Test", race="human", st=12, dx=12, iq=16, sp=4,
                     talents=tuple(KnownTalent(k) for k in talents),
                     items=outfit(**gear))  # type: ignore[arg-type]
    return replace(base, **fields)  # type: ignore[arg-type]


def wizard(*spells: str, **fields: object) -> Character:
    return figure(kind=CharacterKind.WIZARD, spells=spells, **fields)


def reasons(key: str, character: Character, library: RulesLibrary) -> tuple[str, ...]:
    return talent_availability(library.talents[key], character, library, PROFILE).reasons


# --- prerequisites -------------------------------------------------------------


def test_sword_then_fencing_then_master_fencer(library: RulesLibrary) -> None:
    assert library.talents["fencing"].requires == ("sword",)
    assert library.talents["master_fencer"].requires == ("fencing",)
    fighter = figure(dx=14)
    assert reasons("sword", fighter, library) == ()
    assert reasons("fencing", fighter, library) == ("needs Sword first",)
    assert reasons("master_fencer", fighter, library) == ("needs Fencing first",)
    fighter = figure("sword", dx=14)
    assert reasons("fencing", fighter, library) == ()
    assert reasons("master_fencer", fighter, library) == ("needs Fencing first",)
    fighter = figure("sword", "fencing", dx=14)
    assert reasons("master_fencer", fighter, library) == ()


def test_unarmed_combat_chain(library: RulesLibrary) -> None:
    levels = ["unarmed_combat_i", "unarmed_combat_ii", "unarmed_combat_iii",
              "unarmed_combat_iv", "unarmed_combat_v"]
    for lower, higher in pairwise(levels):
        assert library.talents[higher].requires == (lower,)
    brawler = figure(st=12, dx=14)
    for i, key in enumerate(levels):
        assert reasons(key, brawler, library) == (), key
        if i + 1 < len(levels):
            needed = library.talents[key].name
            assert reasons(levels[i + 1], brawler, library) == (f"needs {needed} first",)
        brawler = replace(brawler, talents=(*brawler.talents, KnownTalent(key)))
    assert ability_problems(brawler, library, PROFILE) == []


def test_a_missing_prerequisite_is_a_problem_for_a_known_talent(library: RulesLibrary) -> None:
    character = figure("fencing", dx=14)
    problems = ability_problems(character, library, PROFILE)
    assert [(p.field, p.item) for p in problems] == [("talents", "fencing")]
    assert "Sword" in problems[0].message


def test_several_reasons_are_all_given(library: RulesLibrary) -> None:
    # Fencing: IQ 10, Sword first, DX 12.
    dull = figure(iq=8, sp=0, dx=10)
    found = reasons("fencing", dull, library)
    assert "IQ 8 is below Fencing's IQ level 10" in found
    assert "needs Sword first" in found
    assert "needs DX 12 (has 10)" in found


# --- IQ, ST and DX -------------------------------------------------------------------


def test_iq_level(library: RulesLibrary) -> None:
    physicker = library.talents["physicker"]
    assert physicker.iq == 11
    assert reasons("physicker", figure(iq=10, sp=0), library) == (
        "IQ 10 is below Physicker's IQ level 11",)
    assert reasons("physicker", figure(iq=11, sp=0), library) == ()


def test_minimum_st(library: RulesLibrary) -> None:
    assert library.talents["axe_mace"].min_st == 9
    assert reasons("axe_mace", figure(st=8), library) == ("needs ST 9 (has 8)",)
    assert reasons("axe_mace", figure(st=9), library) == ()


def test_minimum_dx_is_basic_dx(library: RulesLibrary) -> None:
    # Fencing's DX 12 is basic DX: armor does not count against it.
    assert library.talents["fencing"].min_dx == 12
    assert reasons("fencing", figure("sword", dx=12, armor="plate"), library) == ()
    assert reasons("fencing", figure("sword", dx=11), library) == ("needs DX 12 (has 11)",)


def test_adjusted_dx_counts_armor_not_the_shield(library: RulesLibrary) -> None:
    assert library.armors["leather"].dx == -2
    assert adjusted_dx(figure(dx=14), library) == 14
    assert adjusted_dx(figure(dx=14, armor="leather"), library) == 12
    assert adjusted_dx(figure(dx=14, shield="large_shield", shield_ready=True), library) == 14


def test_advanced_shield_needs_adjusted_dx_13(library: RulesLibrary) -> None:
    talent = library.talents["advanced_shield"]
    assert (talent.min_adj_dx, talent.requires) == (13, ("shield",))
    unarmored = figure("shield", dx=14)
    assert reasons("advanced_shield", unarmored, library) == ()
    in_leather = replace(unarmored, items=outfit(armor="leather"))
    assert reasons("advanced_shield", in_leather, library) == ("needs adjusted DX 13 (has 12)",)
    exactly = figure("shield", dx=13)
    assert reasons("advanced_shield", exactly, library) == ()
    # Known already, the threshold becomes a problem on the sheet.
    problems = ability_problems(replace(in_leather, talents=(
        KnownTalent("shield"), KnownTalent("advanced_shield"))), library, PROFILE)
    assert [p.item for p in problems] == ["advanced_shield"]
    assert "adjusted DX 13" in problems[0].message


def test_sleight_of_hand_and_axeplay_thresholds(library: RulesLibrary) -> None:
    assert library.talents["sleight_of_hand"].min_adj_dx == 13
    assert reasons("sleight_of_hand", figure(dx=13), library) == ()
    assert reasons("sleight_of_hand", figure(dx=13, armor="cloth"), library) == (
        "needs adjusted DX 13 (has 12)",)
    assert library.talents["axeplay"].min_adj_dx == 14
    assert reasons("axeplay", figure("axe_mace", dx=14), library) == ()
    assert reasons("axeplay", figure("axe_mace", dx=15, armor="leather"), library) == (
        "needs adjusted DX 14 (has 13)",)


# --- known, retired, memory ----------------------------------------------------------


def test_a_known_talent_is_not_available_and_has_no_reasons(library: RulesLibrary) -> None:
    availability = talent_availability(library.talents["sword"], figure("sword"), library,
                                       PROFILE)
    assert availability.known
    assert not availability.available
    assert availability.reasons == ()


def test_a_retired_talent_is_not_offered(library: RulesLibrary) -> None:
    retired = library.with_retired(frozenset({("talent", "sword")}))
    sword = replace(retired.talents["sword"], retired=True)
    availability = talent_availability(sword, figure(), retired, PROFILE)
    assert not availability.available
    assert any("retired" in r for r in availability.reasons)


def test_memory_reason_names_the_shortfall(library: RulesLibrary) -> None:
    # IQ 8, no SP: Sword (2) + Axe/Mace (2) + Pole Weapons (2) + Bow (2) = 8, full.
    full = figure("sword", "axe_mace", "pole_weapons", "bow", iq=8, sp=0)
    found = reasons("knife", full, library)
    assert found == ("memory full by 1 point (9 of 8)",)


# --- spells ------------------------------------------------------------------------------


def test_spell_iq_level(library: RulesLibrary) -> None:
    control_will = library.spells["control_will"]
    assert control_will.iq == 16
    low = wizard(iq=15, sp=3)
    assert spell_requirements(control_will, low, library) == [
        "IQ 15 is below Control Will's IQ level 16"]
    assert spell_requirements(control_will, wizard(iq=16), library) == []


def test_prerequisite_spells_chain(library: RulesLibrary) -> None:
    chain = ["staff", "staff_ii", "staff_iii", "staff_iv", "staff_v"]
    for lower, higher in pairwise(chain):
        assert library.spells[higher].requires == (lower,)
    caster = wizard(iq=17)
    for i, key in enumerate(chain):
        availability = spell_availability(library.spells[key], caster, library, PROFILE)
        assert availability.available, (key, availability.reasons)
        if i + 1 < len(chain):
            nxt = spell_availability(library.spells[chain[i + 1]], caster, library, PROFILE)
            assert nxt.reasons == (f"needs {library.spells[key].name} first",)
        caster = replace(caster, spells=(*caster.spells, key))
    assert ability_problems(caster, library, PROFILE) == []


def test_a_spell_without_its_prerequisite_is_a_problem(library: RulesLibrary) -> None:
    problems = ability_problems(wizard("staff_ii", iq=17), library, PROFILE)
    assert [(p.field, p.item) for p in problems] == [("spells", "staff_ii")]
    assert "Staff" in problems[0].message


def test_spell_cost_shown_and_memory_checked(library: RulesLibrary) -> None:
    hero = figure(iq=9, sp=0, talents=(KnownTalent("sword"), KnownTalent("shield"),
                                       KnownTalent("running"), KnownTalent("alertness")))
    # 7 used of 9: a spell costs a hero 3.
    availability = spell_availability(library.spells["blur"], hero, library, PROFILE)
    assert availability.cost == 3
    assert availability.reasons == ("memory full by 1 point (10 of 9)",)
    mage = replace(hero, kind=CharacterKind.WIZARD, talents=())
    availability = spell_availability(library.spells["blur"], mage, library, PROFILE)
    assert (availability.cost, availability.available) == (1, True)
