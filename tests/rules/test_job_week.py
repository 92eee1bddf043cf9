"""One character's job week, every family, with the dice chosen face by face.

A scripted generator gives random() values that make the chosen faces (face
f from a value in [(f-1)/6, f/6)) and refuses to give more than scripted, so
each test also proves which rolls were made, in order: find, minimum weeks,
risk, disaster (attribute roll, damage), arrest, pay dice.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived, derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.job_data import Job, JobCatalogue
from tftmanager.rules.job_week import (
    JobWeek,
    eligibility,
    find_roll,
    present_total,
    risk_numbers,
    run_job_week,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile

pytestmark = pytest.mark.rules

PROFILE = RuleProfile()
QUIET = (3, 3, 4)  # a risk roll of 10: no bonus, no disaster on 4/17


class Faces:
    """random() giving the chosen faces in order; more rolls than scripted fail."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.used = 0

    def random(self) -> float:
        if self.used >= len(self.faces):
            raise AssertionError(f"more dice rolled than the {len(self.faces)} scripted")
        face = self.faces[self.used]
        self.used += 1
        return (face - 1) / 6 + 1 / 12


def three(total: int) -> tuple[int, ...]:
    """Three faces adding up to ``total`` (3..18)."""
    return next(f for f in product(range(1, 7), repeat=3) if sum(f) == total)


GEAR_KEYS = ("armor", "shield", "shield_ready", "weapons", "ready_weapon")


def hero(talents: Iterable[str] = ("sword",), **values: Any) -> Character:
    """A human (ST 11, DX 11, IQ 8 unless given) knowing these talents.

    Gear is named as keys (``armor="plate"``) and becomes possessions.
    """
    base: dict[str, Any] = {"name": "Hero", "race": "human", "st": 11, "dx": 11, "iq": 8}
    gear = {k: values.pop(k) for k in GEAR_KEYS if k in values}
    base.update(values)
    return Character(**base, talents=tuple(KnownTalent(t) for t in talents),
                     items=outfit(**gear))


def wizard(talents: Iterable[str] = (), **values: Any) -> Character:
    return hero(talents, kind=CharacterKind.WIZARD, **values)


@pytest.fixture
def catalogue(library: RulesLibrary) -> JobCatalogue:
    assert library.jobs is not None
    return library.jobs


class Runner:
    """Run one job week with scripted faces; every scripted face must be used."""

    def __init__(self, library: RulesLibrary, catalogue: JobCatalogue) -> None:
        self.library = library
        self.catalogue = catalogue

    def job(self, job: str | Job) -> Job:
        return job if isinstance(job, Job) else self.catalogue.jobs[job]

    def __call__(self, character: Character, job: str | Job, faces: Iterable[int],
                 assignment: Assignment | None = None, derived: Derived | None = None,
                 catalogue: JobCatalogue | None = None) -> JobWeek:
        the_job = self.job(job)
        assignment = assignment or Assignment(the_job.key, found=True, weeks_left=3)
        derived = derived or derive(character, self.library, PROFILE)
        rng = Faces(faces)
        week = run_job_week(character, derived, the_job, assignment,
                            catalogue or self.catalogue, Dice(rng))
        assert rng.used == len(rng.faces), f"only {rng.used} of {rng.faces} rolled"
        return week

    def pay(self, character: Character, job: str | Job, assignment: Assignment | None = None,
            quiet: Iterable[int] = QUIET, **kwargs: Any) -> int:
        """Pay for a quiet week (no bonus, no disaster) of a job already found."""
        week = self(character, job, quiet, assignment, **kwargs)
        assert week.worked and not week.disaster and not week.bonus_xp
        return week.pay


@pytest.fixture
def run(library: RulesLibrary, catalogue: JobCatalogue) -> Runner:
    return Runner(library, catalogue)


def labels(week: JobWeek) -> list[str]:
    return [label for label, _roll, _note in week.rolls]


# --- finding, minimum weeks ------------------------------------------------------------------


def test_finding_the_job_on_the_roll(run: Runner) -> None:
    week = run(hero(), "garrison", [4, 4, 3, *QUIET], Assignment("garrison"))
    assert labels(week) == ["find", "min_weeks", "risk"]
    assert week.found and week.worked
    assert week.rolls[0][1].total == 8  # 2d/IQ: 8 vs IQ 8 succeeds
    assert week.weeks_left == 2  # 1d = 3, one worked this week
    assert week.pay == 5


def test_failing_to_find_spends_the_week_looking(run: Runner) -> None:
    week = run(hero(), "garrison", [4, 5], Assignment("garrison"))
    assert labels(week) == ["find"]
    assert not week.found and not week.worked
    assert (week.pay, week.xp, week.bonus_xp) == (0, 0, 0)
    assert "found nothing" in week.lines[0]


@pytest.mark.parametrize(("job", "faces", "weeks"), [
    ("garrison", (6,), 6), ("guard_1", (1,), 2), ("guard_2", (3,), 5),
    ("caravan", (2,), 6),
])
def test_minimum_weeks_are_rolled_once_found(run: Runner, job: str, faces: tuple[int, ...],
                                             weeks: int) -> None:
    character = hero(st=16, dx=16, talents=("sword", "shield", "warrior"), iq=18)
    find = [1] * (3 if run.job(job).find.startswith("3d") else 2)
    week = run(character, job, [*find, *faces, *QUIET], Assignment(job))
    assert labels(week)[:2] == ["find", "min_weeks"]
    assert week.weeks_left == weeks - 1


def test_war_lasts_2d_weeks(run: Runner) -> None:
    character = hero(st=16, dx=16, iq=12)
    week = run(character, "war_2", [1, 1, 6, 5, *three(3)], Assignment("war_2"))
    assert labels(week) == ["find", "min_weeks", "risk"]
    assert week.weeks_left == 10
    assert week.bonus_xp == 5 * 44 and not week.disaster


def test_a_found_job_rolls_only_risk(run: Runner) -> None:
    week = run(hero(), "garrison", QUIET, Assignment("garrison", found=True, weeks_left=1))
    assert labels(week) == ["risk"]
    assert week.weeks_left == 0
    week = run(hero(), "garrison", QUIET, Assignment("garrison", found=True, weeks_left=0))
    assert week.weeks_left == 0


# --- mercenary pay and its bonuses -----------------------------------------------------------


def test_base_pay_and_xp(run: Runner, catalogue: JobCatalogue) -> None:
    garrison = replace(catalogue.jobs["garrison"], xp_week=1)
    week = run(hero(), garrison, QUIET)
    assert (week.pay, week.xp, week.bonus_xp) == (5, 1, 0)
    week = run(hero(st=12, dx=12, talents=("sword", "shield")), "guard_1", QUIET)
    assert week.pay == 8
    assert week.xp == 0  # guard_1's XP/week is unset in the shipped data


@pytest.mark.parametrize(("talents", "bonus"), [
    (("sword", "shield"), 0),                                   # the 1 combat required
    (("sword", "shield", "warrior"), 0),                        # 1 extra
    (("sword", "shield", "warrior", "tactics"), 1),             # 2 extra
    (("sword", "shield", "warrior", "tactics", "veteran"), 1),  # 3 extra
    (("sword", "shield", "warrior", "tactics", "veteran", "two_weapons"), 2),  # 4 extra
    (("sword", "bow", "shield"), 0),  # weapon talents are not combat talents
])
def test_one_dollar_per_two_extra_combat_talents(run: Runner, talents: tuple[str, ...],
                                                 bonus: int) -> None:
    character = hero(st=13, dx=13, talents=talents)  # guard_2: ST+DX 26 exactly
    assert run.pay(character, "guard_2") == 10 + bonus


@pytest.mark.parametrize(("st", "dx", "bonus"), [
    (13, 13, 0), (15, 15, 0), (15, 16, 1), (17, 18, 1), (18, 18, 2), (20, 20, 2),
])
def test_st_dx_over_the_minimum(run: Runner, st: int, dx: int, bonus: int) -> None:
    character = hero(st=st, dx=dx, talents=("sword", "shield"))
    assert run.pay(character, "guard_2") == 10 + bonus


@pytest.mark.parametrize(("weapon", "dx", "bonus"), [
    ("longbow", 17, 0), ("longbow", 18, 1), ("small_bow", 14, 0), ("small_bow", 15, 1),
    ("light_crossbow", 14, 1), ("shortsword", 18, 0),
])
def test_rapid_fire_missile_weapon_at_its_fast_dx(run: Runner, library: RulesLibrary,
                                                  weapon: str, dx: int, bonus: int) -> None:
    # ST + DX over the minimum by less than 5, so only the weapon can add.
    character = hero(st=26 - dx + 4, dx=dx, talents=("bow", "sword", "shield", "crossbow"),
                     weapons=(weapon,), ready_weapon=weapon)
    derived = derive(character, library, PROFILE)
    assert derived.adj_dx == dx
    assert run.pay(character, "guard_2") == 10 + bonus


def test_rapid_fire_counts_adjusted_dx(run: Runner, library: RulesLibrary) -> None:
    # DX 18 in leather (-2) is adjDX 16: too slow for a longbow's 18.
    character = hero(st=12, dx=18, armor="leather", talents=("bow", "sword", "shield"),
                     weapons=("longbow",))
    assert derive(character, library, PROFILE).adj_dx == 16
    assert run.pay(character, "guard_2") == 10  # ST+DX 30 is only 4 over the minimum


@pytest.mark.parametrize(("armor", "shield", "stops", "bonus"), [
    (None, None, 0, 0),
    ("chainmail", None, 3, 0),
    ("half_plate", None, 4, 0),
    ("chainmail", "large_shield", 5, 1),   # Flavius: armor and shield stop 5
    ("plate", None, 5, 1),
    ("fine_plate", None, 6, 1),
    ("fine_plate", "small_shield", 7, 2),
    ("plate", "large_shield", 7, 2),
])
def test_armor_stopping_5_and_7(run: Runner, library: RulesLibrary, armor: str | None,
                                shield: str | None, stops: int, bonus: int) -> None:
    character = hero(st=13, dx=13, talents=("sword", "shield"), armor=armor, shield=shield)
    derived = derive(character, library, PROFILE)
    assert (derived.hits_stopped_shield or derived.hits_stopped) == stops
    assert run.pay(character, "guard_2") == 10 + bonus


def test_mounted_adds_a_quarter_after_bonuses_and_costs_2_iq_to_find(
        run: Runner, catalogue: JobCatalogue) -> None:
    guard_2 = catalogue.jobs["guard_2"]
    mounted = Assignment("guard_2", mounted=True)
    assert find_roll(guard_2, mounted, catalogue) == ("3d/IQ-2", -2)
    character = hero(st=15, dx=16, iq=10, talents=("sword", "shield"))  # +$1 ST+DX
    assert run.pay(character, "guard_2") == 11
    assert run.pay(character, "guard_2", replace(mounted, found=True)) == 13  # 11 x 1.25
    # The roll to find is against IQ 10 - 2: 8 finds, 9 does not.
    week = run(character, "guard_2", [3, 3, 2, 1, *QUIET], mounted)
    assert week.found and week.rolls[0][1].expression == "3d/IQ-2"
    week = run(character, "guard_2", [3, 3, 3], mounted)
    assert not week.found


def test_flying_mount_adds_half_and_a_die_to_find(run: Runner,
                                                  catalogue: JobCatalogue) -> None:
    flying = Assignment("caravan", flying_mount=True)
    assert find_roll(catalogue.jobs["caravan"], flying, catalogue) == ("4d/IQ", 0)
    assert find_roll(catalogue.jobs["garrison"], Assignment("garrison", flying_mount=True),
                     catalogue) == ("3d/IQ", 0)
    character = hero(st=14, dx=14, iq=12, talents=("sword", "shield", "warrior"))
    caravan = replace(catalogue.jobs["caravan"], pay_max=100)
    assert run.pay(character, caravan) == 20
    assert run.pay(character, caravan, Assignment("caravan", flying_mount=True,
                                                  found=True)) == 30
    week = run(character, caravan, [3, 3, 3, 3, 1, *QUIET], flying)  # 12 on 4d vs IQ 12
    assert labels(week) == ["find", "min_weeks", "risk"]
    assert len(week.rolls[0][1].faces) == 4


def test_pay_is_capped_at_the_maximum(run: Runner) -> None:
    # Garrison $5 ($8): +$2 ST+DX 10 over, +$2 armor 7, +$1 per 2 extra combat.
    character = hero(st=16, dx=16, talents=("sword", "shield", "warrior"),
                     armor="plate", shield="large_shield")
    week = run(character, "garrison", QUIET)
    assert week.pay == 8
    assert "capped at $8" in week.lines[-1]
    # Mounted comes before the cap: still $8.
    assert run.pay(character, "garrison", Assignment("garrison", mounted=True,
                                                     found=True)) == 8


def test_reptile_men_gargoyles_and_giants_get_2_dollars(run: Runner,
                                                        catalogue: JobCatalogue) -> None:
    # No such race ships yet; the bonus is keyed by race in the data.
    assert catalogue.merc["races"] == {"reptile_man": 2, "gargoyle": 2, "giant": 2}
    character = replace(hero(st=13, dx=13, talents=("sword", "shield")), race="gargoyle")
    assert run.pay(character, "guard_2") == 12


# --- officers --------------------------------------------------------------------------------


@pytest.mark.parametrize(("officer", "pay", "capped"), [
    # base $20, max $22, raised by 0/25/50/75% (fractions dropped)
    ("", 20, 22), ("sergeant", 25, 27), ("lieutenant", 30, 33), ("captain", 35, 38),
])
def test_officers_raise_base_and_maximum_pay(run: Runner, catalogue: JobCatalogue,
                                             officer: str, pay: int, capped: int) -> None:
    job = replace(catalogue.jobs["garrison"], pay=20, pay_max=22)
    character = hero(st=15, dx=14, talents=("sword", "tactics", "literacy"))  # 29: 7 over
    assignment = Assignment("garrison", officer=officer, found=True)
    assert run.pay(character, job, assignment) == min(pay + 1, capped)  # +$1 ST+DX 5 over
    assert run.pay(character, replace(job, pay_max=100), assignment) == pay + 1
    # +$6 of bonuses: ST+DX 14 over, armor 7, 5 extra combat talents.
    rich = hero(st=18, dx=18, talents=("sword", "tactics", "literacy", "shield", "warrior",
                                       "veteran", "two_weapons"),
                armor="plate", shield="large_shield")
    assert run.pay(rich, replace(job, pay_max=100), assignment) == pay + 6
    assert run.pay(rich, job, assignment) == capped


def test_officer_percent_is_on_base_pay_bonuses_added_after(run: Runner,
                                                            catalogue: JobCatalogue) -> None:
    # "+25% base and max. pay": base $20 becomes $25 and the bonuses (+$4 here:
    # +$2 ST+DX 10 over, +$2 armor 7) are added, not raised with it.
    job = replace(catalogue.jobs["garrison"], pay=20, pay_max=100)
    character = hero(st=16, dx=16, talents=("sword", "tactics", "literacy"),
                     armor="plate", shield="large_shield")
    assert run.pay(character, job) == 24
    assert run.pay(character, job, Assignment("garrison", officer="sergeant",
                                              found=True)) == 25 + 4
    assert run.pay(character, job, Assignment("garrison", officer="captain",
                                              found=True)) == 35 + 4


def test_officer_cap_and_rounding(run: Runner) -> None:
    # Garrison $5 ($8) as sergeant: $6 ($10), fractions dropped.
    character = hero(st=13, dx=13, talents=("sword",))
    sergeant = Assignment("garrison", officer="sergeant", found=True)
    assert run.pay(character, "garrison", sergeant) == 6
    strong = hero(st=18, dx=18, talents=("sword", "shield", "warrior", "tactics", "veteran"),
                  armor="plate", shield="large_shield")
    assert run.pay(strong, "garrison", sergeant) == 10


@pytest.mark.parametrize(("officer", "text", "mod"), [
    ("sergeant", "2d/IQ-1", -1), ("lieutenant", "2d/IQ-2", -2), ("captain", "3d/IQ", 0),
])
def test_officers_roll_to_find(catalogue: JobCatalogue, officer: str, text: str,
                               mod: int) -> None:
    assert find_roll(catalogue.jobs["garrison"], Assignment("garrison", officer=officer),
                     catalogue) == (text, mod)


def test_officer_modifiers_add_to_the_jobs_own(catalogue: JobCatalogue) -> None:
    active = catalogue.jobs["active"]  # 3d/IQ-1
    assert find_roll(active, Assignment("active", officer="lieutenant"), catalogue)[0] == \
        "3d/IQ-3"
    assert find_roll(active, Assignment("active", officer="lieutenant", mounted=True),
                     catalogue) == ("3d/IQ-5", -4)
    assert find_roll(active, Assignment("active", officer="captain", flying_mount=True),
                     catalogue)[0] == "5d/IQ-1"


def test_a_captain_rolls_an_extra_die_to_find(run: Runner) -> None:
    character = hero(st=15, dx=15, iq=9, talents=("sword", "literacy"))
    captain = Assignment("garrison", officer="captain")
    week = run(character, "garrison", [3, 3, 3, 4, *QUIET], captain)
    assert week.rolls[0][1].faces == (3, 3, 3)  # 3d/IQ: 9 vs 9
    assert week.found


@pytest.mark.parametrize(("officer", "st_dx", "talents", "reason"), [
    ("sergeant", 25, ("sword",), "needs ST + DX 26 (has 25)"),
    ("sergeant", 26, ("sword",), ""),
    ("lieutenant", 27, ("sword", "tactics"), "needs ST + DX 28 (has 27)"),
    ("lieutenant", 28, ("sword",), "Lieutenant needs Tactics"),
    ("lieutenant", 28, ("sword", "tactics"), ""),
    ("captain", 28, ("sword", "literacy"), "needs ST + DX 29 (has 28)"),
    ("captain", 29, ("sword", "tactics"), "Captain needs Literacy"),
    ("captain", 29, ("sword", "literacy"), ""),
])
def test_officer_requirements(library: RulesLibrary, catalogue: JobCatalogue, officer: str,
                              st_dx: int, talents: tuple[str, ...], reason: str) -> None:
    character = hero(st=st_dx - 12, dx=12, talents=talents)
    reasons = eligibility(character, catalogue.jobs["garrison"], catalogue, library,
                          Assignment("garrison", officer=officer))
    assert reasons == ([reason] if reason else [])


def test_own_lifestyle_as_an_officer_is_the_ranks_lifestyle(run: Runner) -> None:
    character = hero(st=13, dx=13, talents=("sword", "literacy"))
    # Garrison as sergeant $6; low-middle $45 a 4-week period: 1/3 is $15, $3 a week.
    assert run.pay(character, "garrison", Assignment(
        "garrison", officer="sergeant", own_lifestyle=True, found=True)) == 6 + 3
    # Captain $8; middle $65: 1/3 is $21, $5 a week.
    assert run.pay(character, "garrison", Assignment(
        "garrison", officer="captain", own_lifestyle=True, found=True)) == 8 + 5
    week = run(character, "garrison", QUIET, Assignment("garrison", officer="captain",
                                                        found=True))
    assert week.lifestyle == "middle"


# --- risk: bonus experience and disasters ----------------------------------------------------


@pytest.mark.parametrize(("roll", "times"), [
    (3, 5), (4, 4), (5, 3), (6, 2), (7, 2), (8, 2), (9, 1), (10, 1),
    (11, Fraction(1, 2)), (12, Fraction(1, 2)), (18, Fraction(1, 2)),
])
def test_bonus_xp_at_each_boundary(run: Runner, catalogue: JobCatalogue, roll: int,
                                   times: Fraction) -> None:
    # A job whose x is 18 and y out of reach: every roll is special.
    job = replace(catalogue.jobs["garrison"], risk=(18, 99), xp_week=1)
    character = hero(st=11, dx=12, iq=9, sp=1)  # 33 with SP
    assert present_total(character) == 33
    week = run(character, job, three(roll))
    assert week.bonus_xp == int(times * 33)  # fractions dropped: 1/2 x 33 = 16
    assert week.xp == 1
    assert not week.disaster


def test_sp_counts_in_the_bonus(run: Runner, catalogue: JobCatalogue) -> None:
    job = replace(catalogue.jobs["garrison"], risk=(18, 99))
    assert run(hero(sp=0), job, three(3)).bonus_xp == 5 * 30
    assert run(hero(sp=2), job, three(3)).bonus_xp == 5 * 32


@pytest.mark.parametrize(("roll", "bonus", "disaster"), [
    (3, 5, False), (8, 2, False), (9, 1, True), (10, 1, True), (11, Fraction(1, 2), True),
    (12, 0, True), (18, 0, True),
])
def test_war_rolls_can_be_both_special_and_disastrous(run: Runner, roll: int,
                                                      bonus: Fraction, disaster: bool) -> None:
    character = hero(st=13, dx=11, iq=8)  # 32; highest attribute ST 13
    faces = [*three(roll)]
    if disaster:
        faces += [1, 1, 1, 2, 2]  # ST roll 3 saves: damage-save 2d-2 = 2
    week = run(character, "war_1", faces)
    assert week.bonus_xp == int(bonus * 32)
    assert week.disaster is disaster
    assert week.damage == (2 if disaster else 0)
    assert week.xp == (0 if disaster else 13)
    assert week.pay == 15


def test_no_bonus_no_disaster_between_x_and_y(run: Runner) -> None:
    for roll in range(5, 17):
        week = run(hero(), "garrison", three(roll))
        assert (week.bonus_xp, week.disaster) == (0, False), roll
    assert run(hero(), "garrison", three(4)).bonus_xp == 4 * 30
    assert run(hero(), "garrison", [*three(17), 1, 1, 1, 1]).disaster


@pytest.mark.parametrize(("attrs", "highest"), [
    ({"st": 14, "dx": 11, "iq": 9}, "ST"),
    ({"st": 10, "dx": 13, "iq": 9}, "DX"),
    ({"st": 10, "dx": 11, "iq": 15}, "IQ"),
])
def test_disaster_rolls_against_the_highest_attribute(run: Runner, attrs: dict[str, Any],
                                                      highest: str) -> None:
    character = hero(**attrs)
    target = attrs[highest.lower()]
    saved = three(target)
    week = run(character, "garrison", [*three(17), *saved, 3])  # save: 1d+1
    label, roll, note = week.rolls[1]
    assert label == "disaster" and roll.expression == f"3d/{highest}"
    assert note.startswith(f"against {highest} {target}: saved")
    assert week.damage == 4
    failed = three(target + 1)
    week = run(character, "garrison", [*three(17), *failed, 1, 2, 3, 4])  # 2x(2d-1)
    assert "failed" in week.rolls[1][2]
    assert week.rolls[2][1].faces == (1, 2, 3, 4)
    assert week.damage == (1 + 2 - 1) + (3 + 4 - 1)


def test_damage_fail_2x_is_rolled_twice(run: Runner) -> None:
    character = hero(st=12, dx=12, talents=("sword", "shield"))
    week = run(character, "guard_2", [*three(16), 6, 6, 6, 6, 6, 5, 5])  # 2x(2d)
    assert week.rolls[2][0] == "damage"
    assert week.rolls[2][1].faces == (6, 6, 5, 5)
    assert week.damage == 22
    week = run(character, "guard_2", [*three(16), 1, 1, 1, 4, 4])  # save: 2d-1
    assert week.damage == 7


def test_a_disaster_week_is_paid_but_gives_no_weekly_xp(run: Runner,
                                                        catalogue: JobCatalogue) -> None:
    job = replace(catalogue.jobs["garrison"], xp_week=1)
    week = run(hero(), job, [*three(18), 1, 1, 1, 1])
    assert week.disaster and week.worked
    assert (week.xp, week.pay) == (0, 5)
    assert not week.arrested
    assert labels(week) == ["risk", "disaster", "damage"]  # no arrest roll: not a thief


def test_damage_never_negative(run: Runner) -> None:
    week = run(hero(st=13, dx=11), "war_1", [*three(12), 1, 1, 1, 1, 1])  # 2d-2 = 0
    assert week.disaster and week.damage == 0


# --- thieves ---------------------------------------------------------------------------------


@pytest.fixture
def thief_job(catalogue: JobCatalogue) -> Job:
    """Row 3 with the values the scan lost filled in (cap 14)."""
    job = replace(catalogue.jobs["thief_3"], risk=(4, 10), find="3d/IQ", min_weeks="1d",
                  pay=10, unset=())
    assert job.missing == ()
    return job


def thief(talents: Iterable[str] = (), **values: Any) -> Character:
    return hero(talents, **values)


@pytest.mark.parametrize(("talents", "ma", "y"), [
    ((), 10, 10),
    (("literacy", "mimic", "climbing"), 10, 10),              # 3/4: dropped
    (("master_thief",), 10, 10),                               # 3/4: dropped
    (("master_thief", "detect_traps"), 10, 11),                # 1 1/4 -> 1
    (("master_thief", "spying", "silent_movement"), 10, 12),   # 2 1/4 -> 2
    (("alertness", "acute_hearing", "remove_traps", "acrobatics"), 10, 12),
    (("master_thief", "spying", "silent_movement", "disguise"), 10, 13),  # 3
    (("master_thief", "spying", "silent_movement", "disguise", "detect_traps"), 10, 13),
    (("master_thief", "spying", "silent_movement", "disguise", "detect_traps",
      "alertness"), 10, 14),                                   # 4: at the cap
    (("master_thief", "spying", "silent_movement", "disguise", "detect_traps",
      "alertness", "acute_hearing", "remove_traps"), 10, 14),  # 5 -> capped at 14
    ((), 14, 11), ((), 16, 11), ((), 12, 10), (("alertness",), 12, 11),
    (("master_thief", "literacy"), 8, 10),                     # 1 - 1/4 = 3/4
    (("master_thief", "detect_traps"), 6, 10),                 # 1 1/4 - 3/4
    (("recognize_value", "assess_value"), 10, 10),             # pay only
])
def test_thief_risk_reductions(library: RulesLibrary, catalogue: JobCatalogue,
                               thief_job: Job, talents: tuple[str, ...], ma: int,
                               y: int) -> None:
    character = thief(talents=talents)
    derived = replace(derive(character, library, PROFILE), ma=ma)
    x, new_y, _notes = risk_numbers(character, derived, thief_job, catalogue)
    assert (x, new_y) == (4, y)


def test_thief_risk_cap_is_the_rows_number(library: RulesLibrary, catalogue: JobCatalogue,
                                           thief_job: Job) -> None:
    character = thief(talents=("master_thief", "spying", "silent_movement", "disguise"))
    derived = replace(derive(character, library, PROFILE), ma=14)
    assert risk_numbers(character, derived, thief_job, catalogue)[1] == 14  # 10 + 4, cap 14
    assert risk_numbers(character, derived, replace(thief_job, risk_cap=12),
                        catalogue)[1] == 12
    assert risk_numbers(character, derived, replace(thief_job, risk_cap=None),
                        catalogue)[1] == 14
    # Only thieves' risks are changed.
    garrison = catalogue.jobs["garrison"]
    assert risk_numbers(character, derived, garrison, catalogue) == (4, 17, [])


def test_a_thief_wizard_counts_spells_as_quarter_reductions(
        library: RulesLibrary, catalogue: JobCatalogue, thief_job: Job) -> None:
    four = wizard(spells=("invisibility", "shadow", "darkness", "lock_knock"))
    derived = derive(four, library, PROFILE)
    assert risk_numbers(four, derived, thief_job, catalogue)[1] == 11
    three_spells = wizard(spells=("invisibility", "shadow", "darkness"))
    assert risk_numbers(three_spells, derive(three_spells, library, PROFILE), thief_job,
                        catalogue)[1] == 10


@pytest.mark.parametrize(("pay", "talents", "expected"), [
    (10, (), 10),
    (10, ("climbing",), 11),
    (10, ("master_thief", "spying"), 14),
    (10, ("master_thief", "spying", "acrobatics"), 15),                       # +5 = the cap
    (10, ("master_thief", "spying", "acrobatics", "assess_value"), 15),       # +7 -> +5
    (4, ("master_thief",), 6),                                                # half of 4
    (5, ("master_thief",), 7),                                                # half of 5: 2
    (12, ("recognize_value", "assess_value"), 15),
])
def test_thief_pay_increases_capped_at_half_the_fixed_pay(
        run: Runner, thief_job: Job, pay: int, talents: tuple[str, ...],
        expected: int) -> None:
    assert run.pay(thief(talents=talents), replace(thief_job, pay=pay),
                   quiet=three(7)) == expected


def test_thief_disaster_rolls_to_avoid_arrest(run: Runner, thief_job: Job) -> None:
    character = thief(st=12, dx=11, iq=10)
    # Risk 10 >= y 10: disaster; ST roll 12 saves (1d+2); arrest 3d/IQ 11 > 10.
    week = run(character, thief_job, [*three(10), *three(12), 4, *three(11)])
    assert labels(week) == ["risk", "disaster", "damage", "arrest"]
    assert week.damage == 6
    assert week.arrested
    assert "Arrested." in week.lines
    week = run(character, thief_job, [*three(10), *three(12), 4, *three(10)])
    assert not week.arrested
    # A failed attribute roll: 2x(2d-1).
    week = run(character, thief_job, [*three(10), *three(13), 1, 1, 1, 1, *three(3)])
    assert week.damage == 2 and not week.arrested


def test_thief_week_from_looking_to_paid(run: Runner, thief_job: Job) -> None:
    character = thief(iq=10, talents=("master_thief", "detect_traps"))
    week = run(character, thief_job, [*three(10), 2, *three(10)],
               Assignment(thief_job.key))
    assert labels(week) == ["find", "min_weeks", "risk"]
    assert "thief: " in week.rolls[2][2] and "risk 4/11" in week.rolls[2][2]
    assert week.xp == 3
    assert week.pay == 13


# --- wizards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "attrs", "spells", "held", "reasons"), [
    ("student", {"st": 9, "dx": 12, "iq": 7}, (), (), []),
    ("student", {"st": 9, "dx": 12, "iq": 6}, (), (), ["needs IQ 7 (has 6)",
                                                       "needs attributes totalling 28 (has 27)"]),
    ("student", {"st": 9, "dx": 11, "iq": 7, "sp": 1}, (), (), []),  # SP count
    ("probationer", {"st": 10, "dx": 12, "iq": 8}, (), (), [
        "must first hold the rank of Student"]),
    ("probationer", {"st": 10, "dx": 12, "iq": 8}, (), ("student",), []),
    ("neophyte", {"st": 10, "dx": 13, "iq": 9}, ("aid",), ("probationer",), []),
    ("neophyte", {"st": 10, "dx": 13, "iq": 9}, ("blur",), ("probationer",), [
        "must know Aid"]),
    ("neophyte", {"st": 10, "dx": 12, "iq": 9}, ("aid",), ("probationer",), [
        "needs attributes totalling 32 (has 31)"]),
    ("neophyte", {"st": 10, "dx": 14, "iq": 8}, ("aid",), ("probationer",), [
        "needs IQ 9 (has 8)"]),
    ("adeptus_minor_outer", {"st": 10, "dx": 14, "iq": 14}, (), ("dominus_liminus",), []),
])
def test_wizard_rank_requirements(library: RulesLibrary, catalogue: JobCatalogue, key: str,
                                  attrs: dict[str, Any], spells: tuple[str, ...],
                                  held: tuple[str, ...], reasons: list[str]) -> None:
    character = wizard(spells=spells, **attrs)
    assert eligibility(character, catalogue.jobs[key], catalogue, library, Assignment(key),
                       frozenset(held)) == reasons


def test_a_wizard_rank_is_not_looked_for(run: Runner) -> None:
    character = wizard(st=10, dx=13, iq=10, spells=("aid",))
    week = run(character, "neophyte", QUIET, Assignment("neophyte"))
    assert labels(week) == ["risk"]  # no find, no minimum weeks
    assert week.found and week.worked
    assert (week.pay, week.xp) == (5, 2)
    week = run(character, "practicus", [4, *QUIET], Assignment("practicus"))
    assert labels(week) == ["min_weeks", "risk"]
    assert week.weeks_left == 2 + 4 - 1
    assert run(character, "student", QUIET).pay == 0


def test_a_wizard_mercenary_counts_two_spells_as_a_combat_skill(
        run: Runner, library: RulesLibrary, catalogue: JobCatalogue) -> None:
    guard_1 = catalogue.jobs["guard_1"]
    one_spell = wizard(st=12, dx=12, talents=("sword",), spells=("aid",))
    assert eligibility(one_spell, guard_1, catalogue, library, Assignment("guard_1")) == [
        "needs 1 combat talent (has 0)"]
    two = replace(one_spell, spells=("aid", "blur"))
    assert eligibility(two, guard_1, catalogue, library, Assignment("guard_1")) == []
    assert run.pay(two, "guard_1") == 8 + 1        # wizard +$1
    six = replace(one_spell, spells=("aid", "blur", "light", "staff", "image",
                                     "magic_fist"))  # 3 skills: 2 beyond the 1 needed
    assert run.pay(six, "guard_1") == 8 + 1 + 1
    # A hero's spells count for nothing.
    hero_spells = replace(two, kind=CharacterKind.HERO)
    assert eligibility(hero_spells, guard_1, catalogue, library, Assignment("guard_1")) == [
        "needs 1 combat talent (has 0)"]


# --- miscellaneous jobs ----------------------------------------------------------------------


@pytest.mark.parametrize(("key", "attrs", "talents", "pay"), [
    ("scribe", {"iq": 9}, ("literacy",), 4),
    ("scribe", {"iq": 12}, ("literacy",), 6),
    ("scholar", {"iq": 13}, ("scholar",), 13),
    ("sage", {"iq": 14}, ("scholar",), 28),
    ("chemist", {"iq": 12, "dx": 11}, ("chemist",), 26),
    ("chemist", {"iq": 12, "dx": 11}, ("chemist", "alchemy"), 31),
    ("alchemist", {"iq": 12, "dx": 13}, ("alchemy", "chemist"), 33),
    ("animal_handler", {}, ("animal_handler",), 15),
    ("animal_handler", {}, ("animal_handler", "vet"), 20),
    ("animal_trainer", {}, ("animal_handler", "vet"), 25),
    ("armorer", {}, ("armourer", "goldsmith"), 20),
    ("master_armorer", {}, ("master_armourer",), 25),
])
def test_misc_pay(run: Runner, library: RulesLibrary, catalogue: JobCatalogue, key: str,
                  attrs: dict[str, int], talents: tuple[str, ...], pay: int) -> None:
    character = hero(talents=talents, **attrs)
    assert eligibility(character, catalogue.jobs[key], catalogue, library,
                       Assignment(key)) == []
    job = catalogue.jobs[key]
    quiet = three(10 if job.risk and job.risk[0] < 10 < job.risk[1] else 9)
    week = run(character, job, quiet)
    assert not week.disaster and not week.bonus_xp
    assert week.pay == pay
    assert week.xp == job.xp_week


def test_dice_pay_is_rolled_each_week(run: Runner) -> None:
    character = hero(iq=10)
    week = run(character, "master_healer", [*QUIET, 1, 2, 3, 4])
    assert week.pay == 12 + 10
    assert week.rolls[-1][0] == "pay" and week.rolls[-1][1].faces == (1, 2, 3, 4)
    week = run(character, "master_healer", [*QUIET, 6, 6, 6, 6])
    assert week.pay == 36
    healer = replace(run.job("healer"), pay_formula="5+3d")
    assert run(character, healer, [*QUIET, 1, 1, 1]).pay == 8


def test_misc_requirements(library: RulesLibrary, catalogue: JobCatalogue) -> None:
    scribe = catalogue.jobs["scribe"]
    assert eligibility(hero(), scribe, catalogue, library, Assignment("scribe")) == [
        "needs Literacy"]
    assert eligibility(hero(talents=("literacy",)), scribe, catalogue, library,
                       Assignment("scribe", officer="sergeant")) == [
        "officer ranks and mounts apply to mercenaries only"]
    assert eligibility(hero(talents=("literacy",)), scribe, catalogue, library,
                       Assignment("scribe", mounted=True)) == [
        "officer ranks and mounts apply to mercenaries only"]


@pytest.mark.parametrize(("pay", "raised"), [(8, 13), (15, 20), (20, 25), (21, 26),
                                              (25, 31), (40, 50)])
def test_self_employed_merchants_raise_pay_25_percent_or_5(
        run: Runner, catalogue: JobCatalogue, pay: int, raised: int) -> None:
    job = replace(catalogue.jobs["armorer"], pay=pay)
    character = hero(talents=("armourer",))
    assert run.pay(character, job) == pay
    assert run.pay(character, job, Assignment("armorer", self_employed=True,
                                              found=True)) == raised


@pytest.mark.parametrize(("key", "own"), [
    ("garrison", 2),        # poor $30: 1/3 is $10 a 4-week period, $2 a week
    ("scribe", 2),          # poor
    ("scholar", 3),         # low-middle $45: $15, $3 a week
    ("thief_5", 5),         # middle $65: $21, $5 a week
])
def test_own_lifestyle_adds_a_third_of_the_provided_lifestyle(
        run: Runner, catalogue: JobCatalogue, key: str, own: int) -> None:
    job = replace(catalogue.jobs[key], risk=(4, 17), pay=10, pay_formula="", pay_max=None,
                  pay_bonuses=(), requires={})
    character = hero(talents=())
    base = run.pay(character, job)
    assert run.pay(character, job, Assignment(key, own_lifestyle=True, found=True)) == \
        base + own
    monthly = replace(catalogue, lifestyle_weeks=1)
    total = catalogue.lifestyles[job.lifestyle].total
    assert run.pay(character, job, Assignment(key, own_lifestyle=True, found=True),
                   catalogue=monthly) == base + total // 3


def test_own_lifestyle_is_not_eaten_by_the_cap(run: Runner) -> None:
    strong = hero(st=18, dx=18, talents=("sword", "shield", "warrior"),
                  armor="plate", shield="large_shield")
    assert run.pay(strong, "garrison", Assignment("garrison", own_lifestyle=True,
                                                  found=True)) == 8 + 2


def test_the_report_says_what_happened(run: Runner) -> None:
    week = run(hero(st=16, dx=16), "garrison", [4, 4, 3, *three(4)], Assignment("garrison"))
    text = "\n".join(week.lines)
    assert "Found work as Garrison for at least 3 weeks." in text
    assert "bonus 160 XP (4 x attributes 40)" in text
    assert "Pay $7" in text
    assert str(week.rolls[0][1]) == "2d/IQ = 8 [4+4]"


# --- the risk roll's rates over many weeks --------------------------------------------------


def exact_3d(predicate: Callable[[int], bool]) -> Fraction:
    """The exact chance of a 3d total, by enumerating the 216 outcomes."""
    hits = sum(1 for f in product(range(1, 7), repeat=3) if predicate(sum(f)))
    return Fraction(hits, 216)


@pytest.mark.slow
@pytest.mark.parametrize(("key", "seed"), [("garrison", 20240), ("war_1", 77)])
def test_bonus_and_disaster_rates_match_3d(library: RulesLibrary, catalogue: JobCatalogue,
                                           key: str, seed: int) -> None:
    job = catalogue.jobs[key]
    assert job.risk is not None
    x, y = job.risk
    character = hero(st=13, dx=11, iq=9)
    derived = derive(character, library, PROFILE)
    assignment = Assignment(key, found=True, weeks_left=99)
    dice = Dice(seed=seed)
    n = 20_000
    bonus = disaster = both = 0
    for _ in range(n):
        week = run_job_week(character, derived, job, assignment, catalogue, dice)
        risk = next(roll for label, roll, _note in week.rolls if label == "risk")
        assert (week.bonus_xp > 0) == (risk.total <= x)
        assert week.disaster == (risk.total >= y)
        bonus += week.bonus_xp > 0
        disaster += week.disaster
        both += week.bonus_xp > 0 and week.disaster
    for observed, p in ((bonus, exact_3d(lambda t: t <= x)),
                        (disaster, exact_3d(lambda t: t >= y)),
                        (both, exact_3d(lambda t: y <= t <= x))):
        expected = float(p)
        se = math.sqrt(expected * (1 - expected) / n)
        assert abs(observed / n - expected) <= 4 * se + 1e-12, (key, observed, p)
    assert exact_3d(lambda t: t <= 4) == Fraction(4, 216)
    assert exact_3d(lambda t: t >= 17) == Fraction(4, 216)
    assert exact_3d(lambda t: t <= 11) == Fraction(135, 216)
    assert exact_3d(lambda t: t >= 9) == Fraction(160, 216)


@pytest.mark.parametrize(("find", "flying"), [
    ("3d/IQ", "4d/IQ"), ("2d/IQ-1", "3d/IQ-1"), ("d/IQ", "2d/IQ"), ("2d+1/IQ", "2d+1+1d/IQ"),
])
def test_extra_find_dice_keep_the_rest_of_the_roll(catalogue: JobCatalogue, find: str,
                                                   flying: str) -> None:
    job = replace(catalogue.jobs["garrison"], find=find)
    text, _mod = find_roll(job, Assignment("garrison", flying_mount=True), catalogue)
    assert text == flying


def test_a_self_employed_merchant_lives_a_level_better(library) -> None:
    from tftmanager.rules.job_week import provided_lifestyle

    catalogue = library.jobs
    job = catalogue.jobs["scribe"]  # provides a poor lifestyle
    assert provided_lifestyle(job, Assignment("scribe"), catalogue) == job.lifestyle
    better = provided_lifestyle(job, Assignment("scribe", self_employed=True), catalogue)
    assert catalogue.lifestyles[better].level == catalogue.lifestyles[job.lifestyle].level + 1
