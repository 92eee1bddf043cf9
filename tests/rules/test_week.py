"""One character's week, resolved by the rules: who may act, jobs, harm, ranks, rest, upkeep.

Outcomes are forced through the catalogue (a GM may correct any value): a
risk of 18/3 makes every roll both special and disastrous, damage of 6d+20
fells anyone of ordinary ST, and an arrest roll against IQ-30 always fails;
so each test holds for every seed, and a property test checks the rest.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character, Status
from tftmanager.rules.derived import derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.experience import XPKind
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.job_week import JobWeek, weekly_pay
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent, WeekResult, resolve_week
from tftmanager.shipped import shipped_library

pytestmark = pytest.mark.rules

PROFILE = RuleProfile()
SOLDIER = Character(name="Soldier", race="human", st=12, dx=12, iq=10,
                    talents=(KnownTalent("sword"),))
LIBRARY = shipped_library()
assert LIBRARY.jobs is not None
CATALOGUE = LIBRARY.jobs


def forced(catalogue: JobCatalogue, key: str, **values: object) -> JobCatalogue:
    """The catalogue with one job's values replaced."""
    job = replace(catalogue.jobs[key], **values)  # type: ignore[arg-type]
    return replace(catalogue, jobs={**catalogue.jobs, key: job})


DEADLY = forced(CATALOGUE, "garrison", risk=(18, 3), xp_week=1, damage_fail="6d+20",
                damage_save="6d+20", unset=())
THIEVING = replace(forced(CATALOGUE, "thief_3", risk=(18, 3), find="", min_weeks="",
                          pay=10, damage_fail="1d", damage_save="1d", unset=()),
                   arrest_roll="3d/IQ-30")


def week(character: Character, assignment: Assignment, catalogue: JobCatalogue = CATALOGUE,
         seed: int = 1, balance: int = 100) -> WeekResult:
    return resolve_week(character, assignment, library=LIBRARY, catalogue=catalogue,
                        profile=PROFILE, dice=Dice(random.Random(seed)), week=7,
                        balance=balance)


GARRISON = Assignment("garrison", activity=Activity.JOB, found=True, weeks_left=3)


@pytest.mark.parametrize("status", [Status.DYING, Status.ARRESTED, Status.DEAD])
def test_who_cannot_act_does_nothing(status: Status) -> None:
    character = replace(SOLDIER, status=status)
    result = week(character, GARRISON, DEADLY)
    assert result.lines == (f"Cannot act this week ({status.value}).",)
    assert (result.character, result.assignment) == (character, GARRISON)
    assert (result.xp, result.money, result.events, result.rolls) == ((), (), (), ())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_disaster_that_fells_the_figure_leaves_it_dying(seed: int) -> None:
    result = week(SOLDIER, GARRISON, DEADLY, seed=seed)
    after = result.character
    assert result.wounds >= 26 and after.wounds == result.wounds
    assert after.status is Status.DYING
    assert result.events == (f"was injured ({result.wounds} hits)",
                             "is dying (0 ST or below): use the survival calculator")
    assert result.kinds == (StopEvent.INJURY, StopEvent.DYING)
    assert result.worked
    # A disaster earns no week's XP, but the special roll's bonus is paid in full.
    [xp] = result.xp
    assert xp.kind == XPKind.JOB.value and "bonus" in xp.reason and "week 7" in xp.reason
    assert result.xp_total == xp.amount > 0
    [pay] = result.money
    assert pay.kind == MoneyKind.JOB.value and pay.amount == result.money_total > 0
    assert result.assignment.held == ("garrison",)
    assert result.assignment.weeks_left == 2
    assert result.activity == "Job: Garrison"


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_disaster_line_says_what_happened_in_plain_words(seed: int) -> None:
    """A made roll means the lesser harm; the line never reads "takes 5 hits (saved)"."""
    result = week(SOLDIER, GARRISON, DEADLY, seed=seed)
    [line] = [text for text in result.lines if text.startswith("Disaster!")]
    made = any(r.startswith("disaster:") and "saved" in r for r in result.rolls)
    hurt = f"{result.wounds} hit" if result.wounds else "no hits"
    if made:
        assert line.startswith("Disaster! Made the roll against") and "lesser harm" in line
    else:
        assert line.startswith("Disaster! Missed the roll against")
    assert hurt in line and "saved" not in line and "failed" not in line


def test_a_giant_shrugs_off_the_same_disaster() -> None:
    giant = replace(SOLDIER, st=60)
    result = week(giant, GARRISON, DEADLY)
    assert result.character.status is Status.ACTIVE
    assert result.events == (f"was injured ({result.wounds} hits)",)


def test_a_thief_who_fails_the_catalogue_s_arrest_roll_is_arrested() -> None:
    thief = replace(SOLDIER, st=40)  # survives the 1d
    result = week(thief, Assignment("thief_3", activity=Activity.JOB, found=True), THIEVING)
    assert result.character.status is Status.ARRESTED
    assert "was arrested" in result.events
    assert result.kinds[-1] is StopEvent.ARREST
    assert {StopEvent.ARREST, StopEvent.DYING} == DEFAULT_STOP_ON
    assert any(r.startswith("arrest:") for r in result.rolls)
    # With the document's own roll (3d/IQ) the same week may end free.
    lenient = replace(THIEVING, arrest_roll="3d/IQ+30")
    free = week(thief, Assignment("thief_3", activity=Activity.JOB, found=True), lenient)
    assert free.character.status is Status.ACTIVE and "was arrested" not in free.events


def test_an_ineligible_character_pays_its_upkeep_and_may_fall_into_debt() -> None:
    weakling = replace(SOLDIER, st=6, dx=6)
    assignment = replace(GARRISON, lifestyle="poor")
    result = week(weakling, assignment, balance=100)
    assert result.lines[0].startswith("Not eligible for Garrison: needs ST + DX")
    assert result.lines[1].startswith("Idle: Poor lifestyle") and "debt" not in result.lines[1]
    [upkeep] = result.money
    assert upkeep.kind == MoneyKind.UPKEEP.value and upkeep.amount < 0
    assert result.assignment == assignment and result.character == weakling
    broke = week(weakling, assignment, balance=0)
    assert broke.lines[1].endswith("(now in debt)")


def test_ranks_held_are_kept_and_a_failed_search_adds_none() -> None:
    looking = Assignment("garrison", activity=Activity.JOB, held=("guard_1",))
    never = forced(CATALOGUE, "garrison", find="2d/IQ-30", xp_week=1, unset=())
    result = week(SOLDIER, looking, never)
    assert not result.assignment.found and result.assignment.held == ("guard_1",)
    assert result.lines == ("Spent the week looking for work as Garrison; found nothing.",)


def test_rest_heals_and_recovers_by_the_survival_rules() -> None:
    survivor = replace(SOLDIER, wounds=12, recovery_weeks=5)
    result = week(survivor, Assignment(activity=Activity.REST))
    assert (result.character.wounds, result.character.recovery_weeks) == (0, 4)
    assert "Recovering: DX penalty -5 → -4." in result.lines
    rested = week(SOLDIER, Assignment(activity=Activity.REST))
    assert rested.character is SOLDIER and rested.lines == ("Rested.",)


def test_study_is_left_to_the_app_and_adventure_does_nothing() -> None:
    study = week(SOLDIER, Assignment(activity=Activity.STUDY))
    assert study.studies and study.lines == () and study.activity == "Study"
    away = week(SOLDIER, Assignment(activity=Activity.ADVENTURE))
    assert not away.studies and away.lines == ("Adventuring (nothing happens automatically).",)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**31 - 1), job=st.sampled_from(["garrison", "guard_1", "war_1"]),
       strength=st.integers(8, 30), found=st.booleans())
def test_any_job_week_keeps_its_books(seed: int, job: str, strength: int,
                                      found: bool) -> None:
    """Whatever the dice: wounds add up, dying follows ST, XP and money match the entries."""
    catalogue = forced(CATALOGUE, job, xp_week=1, unset=())
    character = replace(SOLDIER, st=strength)
    assignment = Assignment(job, activity=Activity.JOB, found=found, weeks_left=2)
    result = week(character, assignment, catalogue, seed=seed)
    assert result == week(character, assignment, catalogue, seed=seed)  # replayable
    after = result.character
    assert after.wounds == character.wounds + result.wounds
    assert (after.status is Status.DYING) == (after.current_st <= 0 < result.wounds)
    assert bool(result.wounds) == any("injured" in e for e in result.events)
    if result.lines[0].startswith("Not eligible"):  # guard duty needs a combat talent
        assert result.assignment == assignment and result.xp == () and result.wounds == 0
        assert [w.kind for w in result.money] == [MoneyKind.UPKEEP.value]
        return
    assert all(w.amount > 0 and w.kind == MoneyKind.JOB.value for w in result.money)
    if any(r.startswith("disaster:") for r in result.rolls):  # no XP for a disastrous week
        assert all("for the week" not in w.reason for w in result.xp)
    # Working the job (found before, or found now) is what makes it a rank held.
    assert (job in result.assignment.held) == result.assignment.found


# ------------------------------------------------- eligibility judged once per figure and job


def test_the_same_figure_in_the_same_job_is_judged_as_it_was() -> None:
    """A figure's eligibility is kept for the same figure, job and assignment's fields only.

    The first week judges it; later weeks of the same (immutable) figure give the
    same reasons, and a figure, rank or catalogue that differs is judged again.
    """
    weak = replace(SOLDIER, st=6, dx=6)
    war = Assignment("war_1", activity=Activity.JOB, found=True, weeks_left=3)
    first = week(weak, war)
    assert first.lines[0].startswith("Not eligible for War 1: needs ST + DX")
    assert week(weak, war, seed=2).lines == first.lines  # the same reasons, kept
    middling = replace(weak, st=12, dx=12)  # ST + DX 24: enough for War 1 (22), not more
    assert not week(middling, war).lines[0].startswith("Not eligible")  # another figure
    sergeant = week(middling, replace(war, officer="sergeant"))  # the rank adds 4 to 22
    assert sergeant.lines[0] == "Not eligible for War 1: needs ST + DX 26 (has 24)."
    easier = forced(CATALOGUE, "war_1", requires={})
    assert not week(weak, war, easier).lines[0].startswith("Not eligible")  # other rules


# ------------------------------------------------- a mercenary's pay bonus worked out once


def _pay_line(result: WeekResult) -> str:
    [line] = [line for line in result.lines if line.startswith("Pay $")]
    return line


def test_a_fixed_pay_is_the_rules_own_for_the_same_figure_job_and_assignment() -> None:
    """The pay a week remembers is the one the rules work out, and a changed figure's is new.

    The first week works the pay out; a later week of the same (immutable)
    figure pays the same, and a stronger figure, a mounted one or another
    catalogue is paid its own, as ``job_week.weekly_pay`` alone gives it.
    """
    soldier = replace(SOLDIER, talents=(KnownTalent("sword"), KnownTalent("shield")))
    stronger = replace(soldier, st=16)  # ST + DX 28: a step more over the minimum
    first, again, other = (_pay_line(week(f, GARRISON, seed=s)) for f, s in
                           ((soldier, 1), (soldier, 2), (stronger, 1)))
    assert again == first
    assert other != first
    job = CATALOGUE.jobs["garrison"]
    for figure in (soldier, stronger):
        alone = JobWeek(figure.name, job.name)  # the rules alone, nothing remembered
        weekly_pay(figure, derive(figure, LIBRARY, PROFILE), job, GARRISON, CATALOGUE,
                   Dice(random.Random(1)), alone)
        assert _pay_line(week(figure, GARRISON)) == alone.lines[-1]
    mounted = _pay_line(week(soldier, replace(GARRISON, mounted=True)))
    assert mounted != first and "mounted +" in mounted  # the assignment's own pay
    richer = replace(CATALOGUE, merc={**CATALOGUE.merc, "races": {"human": 7}})
    assert _pay_line(week(soldier, GARRISON, richer)) != first  # another catalogue: new bonus
    assert "human +$7" in _pay_line(week(soldier, GARRISON, richer))
