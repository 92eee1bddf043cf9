"""A wounded worker's week: the report says the hits and ST now, and what heals them.

Melee (003), on the record card: "if he survives, the hits he took can be
erased, since he will take time to recover before another fight."  The
expansion (001), Death and Dying: "The -5 DX penalty will drop by 1 every week
the person rests."  Neither says whether a week of work heals; the campaign
option ``week_healing`` holds the reading (by default only rest heals).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character, Status
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.healing import weeks_to_recover
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.option_references import OPTION_REFERENCES, reading_reference
from tftmanager.rules.settings import OPTION_INFO, RuleProfile, WeekHealing
from tftmanager.rules.week import WeekResult, resolve_week
from tftmanager.shipped import shipped_library

pytestmark = pytest.mark.rules

LIBRARY = shipped_library()
assert LIBRARY.jobs is not None
CATALOGUE = LIBRARY.jobs
HURT = Character(name="Wulf", race="human", st=12, dx=12, iq=10,
                 talents=(KnownTalent("sword"),), wounds=5)
GARRISON = Assignment("garrison", activity=Activity.JOB, found=True, weeks_left=3)
# A garrison week that always hurts: the risk roll is a disaster, 1 hit either way.
HARMFUL = replace(CATALOGUE, jobs={**CATALOGUE.jobs, "garrison": replace(
    CATALOGUE.jobs["garrison"], risk=(18, 3), damage_fail="1", damage_save="1", unset=())})
DEFAULT = RuleProfile()
EVERY_WEEK = RuleProfile(week_healing=WeekHealing.EVERY_WEEK)


def week(character: Character, assignment: Assignment, profile: RuleProfile = DEFAULT,
         catalogue: JobCatalogue = CATALOGUE, seed: int = 1) -> WeekResult:
    return resolve_week(character, assignment, library=LIBRARY, catalogue=catalogue,
                        profile=profile, dice=Dice(random.Random(seed)), week=4, balance=100)


def wound_line(result: WeekResult) -> str:
    [line] = [text for text in result.lines if text.startswith("Wounded: ")]
    return line


def test_the_option_is_a_marked_reading_with_a_reference_per_choice() -> None:
    info = OPTION_INFO["week_healing"]
    assert RuleProfile().week_healing is WeekHealing.REST_ONLY
    assert "every week the person rests" in info.explanation
    assert "take time to recover before another fight" in info.explanation
    assert info.assumed.startswith("Our reading") and "(default)" in info.choices[
        WeekHealing.REST_ONLY]
    assert len(OPTION_REFERENCES["week_healing"]) == len(info.choices)
    assert reading_reference("week_healing", WeekHealing.EVERY_WEEK).book == "Melee"


@pytest.mark.parametrize(("assignment", "week_name"), [
    (GARRISON, "A week of work"), (Assignment(activity=Activity.IDLE), "An idle week"),
    (Assignment(activity=Activity.STUDY), "A week of study")])
def test_by_default_a_busy_week_heals_nothing_and_says_so(assignment: Assignment,
                                                          week_name: str) -> None:
    result = week(HURT, assignment)
    assert result.character.wounds == HURT.wounds + result.wounds
    hits = result.character.wounds
    assert wound_line(result) == (
        f"Wounded: {hits} hits taken, ST {12 - hits} of 12 now. {week_name} heals none of "
        "them; a week of rest heals them all (our reading of TFT Rules Expansion, Death "
        "and Dying: a survivor recovers 'every week the person rests').")


def test_a_week_of_rest_still_heals_every_wound() -> None:
    result = week(HURT, Assignment(activity=Activity.REST))
    assert result.character.wounds == 0
    assert not any(line.startswith("Wounded: ") for line in result.lines)


def test_read_the_other_way_a_week_of_work_heals_the_hits_carried_into_it() -> None:
    """The 5 old hits heal; the hit the week's disaster dealt stays until next week."""
    result = week(HURT, GARRISON, EVERY_WEEK, HARMFUL)
    assert result.wounds == 1 and result.character.wounds == 1
    assert f"Healed {HURT.wounds} hits: a week of work heals as rest does (our reading of " \
           "Melee, Creating a Figure: hits are erased 'since he will take time to recover " \
           "before another fight')." in result.lines
    assert wound_line(result).startswith("Wounded: 1 hit taken, ST 11 of 12 now. The next "
                                         "week away from adventure heals them")


def test_an_idle_week_read_the_other_way_leaves_no_wound_and_no_line() -> None:
    result = week(HURT, Assignment(activity=Activity.IDLE), EVERY_WEEK)
    assert result.character.wounds == 0
    assert not any(line.startswith("Wounded: ") for line in result.lines)


@pytest.mark.parametrize("profile", [DEFAULT, EVERY_WEEK])
def test_when_rest_heals_nothing_the_line_sends_the_gm_to_heal_by_hand(
        profile: RuleProfile) -> None:
    no_rest = replace(CATALOGUE, rest_heals_all=False)
    result = week(HURT, Assignment(activity=Activity.IDLE), profile, no_rest)
    assert result.character.wounds == HURT.wounds
    assert "record healing by hand" in wound_line(result)


def test_a_whole_figure_gets_no_wound_line() -> None:
    result = week(replace(HURT, wounds=0), Assignment(activity=Activity.IDLE))
    assert not any(line.startswith(("Wounded: ", "Healed ")) for line in result.lines)


@pytest.mark.parametrize("status", [Status.DYING, Status.ARRESTED])
def test_who_cannot_act_keeps_wounds_and_status_without_a_healing_line(status: Status) -> None:
    result = week(replace(HURT, status=status), Assignment(activity=Activity.IDLE), EVERY_WEEK)
    assert result.character.wounds == HURT.wounds
    assert result.lines == (f"Cannot act this week ({status.value}).",)


def test_adventuring_is_the_gms_to_tell() -> None:
    result = week(HURT, Assignment(activity=Activity.ADVENTURE), EVERY_WEEK)
    assert result.character.wounds == HURT.wounds
    assert result.lines == ("Adventuring (nothing happens automatically).",)


@pytest.mark.parametrize(("wounds", "recovery", "rest_heals_all", "weeks"), [
    (0, 0, True, 0), (4, 0, True, 1), (4, 0, False, 0), (4, 3, True, 3), (0, 2, False, 2),
])
def test_weeks_to_recover(wounds: int, recovery: int, rest_heals_all: bool,
                          weeks: int) -> None:
    """The party board's "weeks to recover": a survivor's recovery weeks (the survival
    rules), else one week of rest for the wounds when the campaign's rest heals them all."""
    hurt = Character(name="Hurt", race="human", st=12, dx=10, iq=8, wounds=wounds,
                     recovery_weeks=recovery)
    assert weeks_to_recover(hurt, rest_heals_all) == weeks
