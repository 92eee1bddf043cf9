"""The audit of resources/rules against the documents: each finding fixed, added or re-marked.

Each test names the document and line the value comes from.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive, movement
from tftmanager.rules.items import Quality
from tftmanager.rules.library_entries import (
    EQUIPMENT_RULES,
    INJURY,
    JOB_RULES,
    Entry,
    library_from_entries,
    with_shipped_values,
)
from tftmanager.rules.settings import InjuryReactions, RuleProfile
from tftmanager.shipped import rules_documents, shipped_entries, shipped_library

pytestmark = pytest.mark.rules

LIBRARY = shipped_library()
DOCS = rules_documents()
PROFILE = RuleProfile()


def _row(doc: str, table: str, key: str) -> dict[str, object]:
    return next(r for r in DOCS[doc][table] if r["key"] == key)


@pytest.mark.parametrize(("armor", "race", "ma"), [
    ("fine_chainmail", "human", 8), ("fine_chainmail", "elf", 10),
    ("fine_half_plate", "human", 6), ("fine_half_plate", "elf", 8),
    ("fine_plate", "elf", 8), ("chainmail", "elf", 6)])
def test_fine_armor_ma_is_relative_to_the_wearer(armor: str, race: str, ma: int) -> None:
    """001 lines 410-416: fine chainmail is '-2 MA', fine half-plate and plate '-4 MA'."""
    assert movement(LIBRARY.races[race], LIBRARY.armors[armor], PROFILE, 10) == ma


def test_fine_armor_ma_is_no_longer_marked_uncertain() -> None:
    for key, penalty in (("fine_chainmail", -2), ("fine_half_plate", -4), ("fine_plate", -4)):
        row = _row("armor", "armor", key)
        assert row["ma_penalty"] == penalty and "uncertain" not in row
        assert LIBRARY.armors[key].ma_penalty == penalty


def test_the_small_metal_shield_is_settled() -> None:
    """001 line 428: 'Small shields may be made of metal': stops 1, no DX penalty."""
    row = _row("armor", "shield", "small_metal_shield")
    assert "uncertain" not in row and "428" in str(row["settled"])
    shield = LIBRARY.shields["small_metal_shield"]
    assert (shield.stops, shield.dx, shield.metal) == (1, 0, True)


def test_the_main_gauche_parry_is_values() -> None:
    """Melee (003) lines 212 and 260."""
    parry = _row("weapons", "weapon", "main_gauche")["parry"]
    assert parry == {"hits_stopped": 1, "dx_as_shield": -2, "dx_as_second_weapon": -4,
                     "missiles": False}


@pytest.mark.parametrize(("weight", "dx"), [("light", -2), ("heavy", -4)])
def test_winter_clothing_dx_and_hits_stopped_are_values(weight: str, dx: int) -> None:
    """001 line 448: 'Rated to 0 C, -2 DX, stops 1' (heavy: -20 C, -4 DX)."""
    for cls in ("lower", "middle", "upper"):
        row = _row("gear", "gear", f"{weight}_winter_clothing_{cls}")
        assert (row["dx"], row["hits_stopped"]) == (dx, 1)
        assert "448" in str(row["values_source"])


def test_willpower_study_is_data() -> None:
    """001 line 105: Willpower: 'learned in 10% less time' (already in experience.toml)."""
    study = DOCS["experience"]["study"]
    assert (study["willpower_talent"], study["willpower_times"]) == ("willpower", "9/10")


@pytest.mark.parametrize(("quality", "face"), [
    (Quality(), None), (Quality(good=True), 4), (Quality(fine_dx=1), 4),
    (Quality(fine_damage=1), 5), (Quality(fine_dx=1, fine_damage=1), 5),
    (Quality(fine_damage=2), 6), (Quality(fine_dx=1, fine_damage=2, silver=True), 6)])
def test_the_break_roll_of_fine_and_good_weapons(quality: Quality, face: int | None) -> None:
    """001 lines 393-402: +1 damage breaks on 5-6, +2 damage only on 6, good on 4-6."""
    assert LIBRARY.equipment_rules is not None
    assert LIBRARY.equipment_rules.breaks_on(quality) == face


def test_a_fine_pole_weapons_extra_damage_does_not_count_in_a_charge() -> None:
    """004 line 15."""
    rules = LIBRARY.equipment_rules
    assert rules is not None
    assert rules.charge_damage_bonus(Quality(fine_damage=2)) == 0
    assert replace(rules, fine_damage_in_charge=True).charge_damage_bonus(
        Quality(fine_damage=2)) == 2


def test_an_older_campaigns_equipment_rules_gain_the_new_sections() -> None:
    shipped = [e for e in shipped_entries() if e.kind == EQUIPMENT_RULES]
    old = Entry(EQUIPMENT_RULES, "table", {k: v for k, v in shipped[0].data.items()
                                           if k not in ("breaking", "charge")})
    filled = with_shipped_values([old], shipped)
    assert {"breaking", "charge"} <= set(filled[0].data)


def test_a_giant_reacts_to_injury_at_9_and_16_under_melee() -> None:
    """Melee (003) line 439; the house table by ST replaces it as it replaces 5 and 8."""
    giant = LIBRARY.races["giant"]
    assert giant.injury is not None
    melee = LIBRARY.injury.thresholds(30, InjuryReactions.MELEE, giant.injury)
    assert (melee.dx_penalty_hits, melee.knockdown_hits) == (9, 16)
    human = LIBRARY.injury.thresholds(30, InjuryReactions.MELEE, LIBRARY.races["human"].injury)
    assert (human.dx_penalty_hits, human.knockdown_hits) == (5, 8)
    house = LIBRARY.injury.thresholds(30, InjuryReactions.HOUSE_BY_ST, giant.injury)
    assert (house.dx_penalty_hits, house.knockdown_hits) == (10, 16)
    figure = Character(name="Grond", race="giant", st=30, dx=9, iq=7)
    shown = derive(figure, LIBRARY, replace(PROFILE, injury_reactions=InjuryReactions.MELEE))
    assert (shown.injury.dx_penalty_hits, shown.injury.knockdown_hits) == (9, 16)
    assert "459" in giant.source and "439" in giant.source


@pytest.mark.parametrize(("current_st", "dx"), [(4, 0), (3, -3), (1, -3), (0, -3)])
def test_st_reduced_to_3_or_less_gives_a_further_minus_3_dx(current_st: int, dx: int) -> None:
    """Melee (003) line 441."""
    assert LIBRARY.injury.weakness_dx(current_st) == dx


def test_the_lance_and_the_pike_with_their_charge_rules() -> None:
    """001 lines 1393-1401."""
    lance, pike = LIBRARY.weapons["lance"], LIBRARY.weapons["pike"]
    assert (str(lance.damage), lance.st, lance.pole) == ("2d-2", 13, False)
    assert (str(pike.damage), pike.throwable, pike.pole) == ("1d+1", False, False)
    lance_row, pike_row = _row("weapons", "weapon", "lance"), _row("weapons", "weapon", "pike")
    assert (lance_row["charge"], lance_row["knockdown_roll"]) == ("2d x2", "4d/ST")
    assert "3d/ST" in str(lance_row["keep_roll"]) and "3d/adjDX" in str(lance_row["keep_roll"])
    assert (pike_row["charge"], pike_row["receive_charge"], pike_row["receive_rider"]) == (
        "", "2d+2", "1d+3 x2")
    assert "1393" in str(lance_row["source"]) and "1398" in str(pike_row["source"])


def test_an_older_campaign_reads_the_new_job_and_injury_values_from_the_shipped_library() -> None:
    """A campaign made before this version lacks wizard_spells and [low_st]; nothing is written."""
    shipped = shipped_entries()
    old = []
    for entry in shipped:
        data = dict(entry.data)
        if entry.kind == JOB_RULES:
            data["thief_factors"] = {k: v for k, v in data["thief_factors"].items()
                                     if k not in ("wizard_spells", "wizard_spells_assumed")}
        if entry.kind == INJURY:
            data.pop("low_st")
        old.append(Entry(entry.kind, entry.key, data, entry.retired))
    library = library_from_entries(old, shipped)
    assert library.jobs is not None and "invisibility" in library.jobs.thief_spells
    assert library.injury.weakness_dx(3) == -3
