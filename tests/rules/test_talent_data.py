"""The shipped talents and spells agree with the expansion (seeds/001)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.rules.abilities import SpellType
from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import rules_documents

pytestmark = pytest.mark.rules

ROOT = Path(__file__).resolve().parents[2]

# Joe the Barbarian: Sword (2), Axe (2), Shield (1), Horsemanship (1),
# Alertness (2), Swimming (1), then Running (2).
JOE_COSTS = [("sword", 2), ("axe_mace", 2), ("shield", 1), ("horsemanship", 1),
             ("alertness", 2), ("swimming", 1), ("running", 2)]

# The expansion's examples of each learning category ("Diver" is diving).
NAMED_CATEGORIES = {
    "running": 1, "silent_movement": 1, "climbing": 1, "swimming": 1, "acute_hearing": 1,
    "sword": 2, "bow": 2, "crossbow": 2, "horsemanship": 2, "diving": 2,
    "thief": 3, "expert_horsemanship": 3, "tactics": 3, "armourer": 3,
    "physicker": 4, "literacy": 4, "recognize_value": 4, "fencing": 4, "mechanician": 4,
    "master_armourer": 4,
    "seamanship": 5, "captain": 5, "master_physicker": 5,
}

# New and Changed Skills: key -> (IQ, cost, requires, min_adj_dx).
NEW_TALENTS = {
    "snowshoe": (8, 1, (), 0),
    "sign_language": (8, 1, (), 0),
    "military_discipline": (8, 1, (), 0),
    "willpower": (9, 1, (), 0),
    "sleight_of_hand": (9, 1, (), 13),
    "skiing": (9, 1, (), 0),
    "advanced_shield": (10, 2, ("shield",), 13),
    "pole_weapon_master": (10, 3, ("pole_weapons",), 14),
    "axeplay": (10, 3, ("axe_mace",), 14),
    "first_aid": (10, 1, (), 0),
    "master_skier": (11, 1, ("skiing",), 0),
    "two_weapons": (11, 3, (), 0),
    "master_vet": (14, 2, ("vet",), 0),
}

C, T = SpellType.CREATION, SpellType.THROWN
# New and Changed Spells: key -> (IQ, type, ST to cast, ST to maintain).
NEW_SPELLS = {
    "flame_shield": (9, T, "2", "1"),
    "deflect_missiles": (9, T, "1", "1"),
    "summon_small_animal": (9, C, "2", "1"),
    "complex_image": (10, C, "2", ""),
    "summon_myrmidon": (10, C, "2", "1"),
    "wall_of_fire": (11, C, "3", ""),
    "acute_hearing": (11, T, "2", ""),
    "levitate": (11, T, "2", "1"),
    "summon_animal": (11, C, "3", "1"),
    "summon_warrior": (12, C, "3", "1"),
    "3_hex_wall_of_fire": (13, C, "5", ""),
    "summon_large_animal": (13, C, "4", "1"),
    "amnesia": (14, T, "4+", ""),
    "bladeturn": (14, T, "4", "1"),
    "summon_veteran": (15, C, "4", "1"),
    "control_missile": (15, T, "3", "1"),
    "summon_great_animal": (15, C, "5", "1"),
    "spellturn": (15, T, "4", "1"),
    "control_will": (16, T, "5", "1"),
    "7_hex_wall_of_fire": (17, C, "7", ""),
}


def test_shipped_data_loads(library: RulesLibrary) -> None:
    assert len(library.talents) > 100
    assert len(library.spells) > 100
    docs = rules_documents()
    assert len(library.talents) == len(docs["talents"]["talent"])
    assert len(library.spells) == len(docs["spells"]["spell"])
    assert len(library.cost_exceptions) == len(docs["talents"]["cost_exception"])
    assert not library.retired


def test_joe_the_barbarians_costs(library: RulesLibrary) -> None:
    assert [(k, library.talents[k].cost) for k, _ in JOE_COSTS] == JOE_COSTS
    assert [library.talents[k].cost for k, _ in JOE_COSTS] == [2, 2, 1, 1, 2, 1, 2]


def test_named_learning_categories(library: RulesLibrary) -> None:
    for key, category in NAMED_CATEGORIES.items():
        talent = library.talents[key]
        assert talent.category == category, key
        assert talent.category_assumed is False, key


def test_every_other_category_is_marked_assumed(library: RulesLibrary) -> None:
    others = [t for k, t in library.talents.items() if k not in NAMED_CATEGORIES]
    assert others
    assert [t.key for t in others if not t.category_assumed] == []


def test_every_category_is_one_to_five(library: RulesLibrary) -> None:
    assert {t.category for t in library.talents.values()} == {1, 2, 3, 4, 5}
    assert {s.category for s in library.spells.values()} <= {1, 2, 3, 4, 5}


@pytest.mark.parametrize("key", sorted(NEW_TALENTS))
def test_new_talents(library: RulesLibrary, key: str) -> None:
    iq, cost, requires, min_adj_dx = NEW_TALENTS[key]
    talent = library.talents[key]
    assert (talent.iq, talent.cost, talent.requires, talent.min_adj_dx) == (
        iq, cost, requires, min_adj_dx)
    assert "Expansion" in talent.source


def test_new_talent_details(library: RulesLibrary) -> None:
    # Willpower: wizards learn it at normal cost; Sign Language takes extra points.
    assert library.talents["willpower"].wizard_cost == 1
    assert library.talents["sign_language"].extra_points
    assert [t.key for t in library.talents.values() if t.extra_points] == ["sign_language"]


@pytest.mark.parametrize("key", sorted(NEW_SPELLS))
def test_new_spells(library: RulesLibrary, key: str) -> None:
    iq, kind, st_cost, maintain = NEW_SPELLS[key]
    spell = library.spells[key]
    assert (spell.iq, spell.type, spell.st_cost, spell.maintain) == (iq, kind, st_cost, maintain)
    assert "Expansion" in spell.source


def test_spells_ship_with_an_assumed_category(library: RulesLibrary) -> None:
    # The expansion names no spell in its category examples.
    assert all(s.category_assumed for s in library.spells.values())


def test_prerequisites_name_entries_of_the_same_kind(library: RulesLibrary) -> None:
    for talent in library.talents.values():
        assert set(talent.requires) <= set(library.talents), talent.key
    for spell in library.spells.values():
        assert set(spell.requires) <= set(library.spells), spell.key


def test_no_prerequisite_cycles(library: RulesLibrary) -> None:
    for entries in (library.talents, library.spells):
        for key in entries:
            seen: set[str] = set()
            todo = list(entries[key].requires)
            while todo:
                current = todo.pop()
                assert current != key, f"{key} requires itself"
                if current not in seen:
                    seen.add(current)
                    todo.extend(entries[current].requires)


def test_check_script_passes() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_library_data.py")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
