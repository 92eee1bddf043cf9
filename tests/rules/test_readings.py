"""Each reading the documents leave open is a campaign option that changes its outcome.

One test per option (Campaign Rules): the same week or the same numbers
under the default reading and under the other, so an option that stopped
doing anything would fail here.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.job_data import Job, JobCatalogue
from tftmanager.rules.job_week import risk_numbers
from tftmanager.rules.settings import (
    OPTION_INFO,
    JobReadings,
    RuleProfile,
    ThiefFractions,
    ThiefSpells,
    Upkeep,
    profile_label,
)
from tftmanager.rules.week import WeekResult, played_job, resolve_week
from tftmanager.shipped import shipped_library

pytestmark = pytest.mark.rules

LIBRARY = shipped_library()
assert LIBRARY.jobs is not None
CATALOGUE = LIBRARY.jobs
DEFAULT = RuleProfile()
HERO = Character(name="Hero", race="human", st=12, dx=12, iq=10,
                 talents=(KnownTalent("sword"),))


def thief_row(**values: object) -> Job:
    """Thief row 3 with the lost values filled in (risk 4/10, cap 14)."""
    base: dict[str, object] = {"risk": (4, 10), "find": "", "min_weeks": "", "pay": 10,
                               "unset": ()}
    base.update(values)
    return replace(CATALOGUE.jobs["thief_3"], **base)  # type: ignore[arg-type]


def with_job(job: Job) -> JobCatalogue:
    return replace(CATALOGUE, jobs={**CATALOGUE.jobs, job.key: job})


def week(character: Character, assignment: Assignment, profile: RuleProfile,
         catalogue: JobCatalogue = CATALOGUE, seed: int = 3) -> WeekResult:
    return resolve_week(character, assignment, library=LIBRARY, catalogue=catalogue,
                        profile=profile, dice=Dice(random.Random(seed)), week=2, balance=500)


def test_every_option_quotes_or_explains_its_reading() -> None:
    for name in ("disaster_week_xp", "thief_fractions", "thief_spells", "upkeep",
                 "job_readings"):
        info = OPTION_INFO[name]
        assert info.explanation and len(info.choices) == 2
        assert "default" in " ".join(info.choices.values()).lower() or name == "job_readings"


def test_disaster_week_xp_option_gives_or_withholds_the_weeks_xp() -> None:
    deadly = with_job(replace(CATALOGUE.jobs["garrison"], risk=(3, 3), xp_week=2,
                              damage_fail="1", damage_save="1", unset=()))
    job = Assignment("garrison", activity=Activity.JOB, found=True, weeks_left=3)
    strict = week(HERO, job, DEFAULT, deadly)
    assert strict.xp_total == 0 or "bonus" in strict.xp[0].reason
    lenient = week(HERO, job, replace(DEFAULT, disaster_week_xp=True), deadly)
    assert lenient.xp_total - strict.xp_total == 2


def test_thief_fractions_option_rounds_a_negative_sum_down_or_toward_zero() -> None:
    slow = Character(name="Slow", race="human", st=12, dx=12, iq=10)
    derived = replace(derive(slow, LIBRARY, DEFAULT), ma=6)  # -3/4
    job = thief_row()
    assert risk_numbers(slow, derived, job, CATALOGUE, DEFAULT)[1] == 9
    zero = replace(DEFAULT, thief_fractions=ThiefFractions.TOWARD_ZERO)
    assert risk_numbers(slow, derived, job, CATALOGUE, zero)[1] == 10


def test_thief_spells_option_counts_appropriate_spells_or_all() -> None:
    mage = Character(name="Mage", race="human", st=9, dx=11, iq=14,
                     kind=CharacterKind.WIZARD,
                     spells=("aid", "blur", "light", "staff", "invisibility"))
    derived = derive(mage, LIBRARY, DEFAULT)
    job = thief_row()
    assert "invisibility" in CATALOGUE.thief_spells
    assert "aid" not in CATALOGUE.thief_spells
    assert risk_numbers(mage, derived, job, CATALOGUE, DEFAULT)[1] == 10  # 1/4 dropped
    every = replace(DEFAULT, thief_spells=ThiefSpells.ALL)
    assert risk_numbers(mage, derived, job, CATALOGUE, every)[1] == 11  # 5/4 -> 1


def test_appropriate_spells_are_editable_data() -> None:
    mage = Character(name="Mage", race="human", st=9, dx=11, iq=14,
                     kind=CharacterKind.WIZARD, spells=("aid", "blur", "light", "staff"))
    derived = derive(mage, LIBRARY, DEFAULT)
    edited = replace(CATALOGUE, thief_spells=frozenset({"aid", "blur", "light", "staff"}))
    assert risk_numbers(mage, derived, thief_row(), edited, DEFAULT)[1] == 11
    assert CATALOGUE.thief_spell_reduction == Fraction(1, 4)


def test_the_risk_cap_limits_only_what_reductions_add() -> None:
    plain = Character(name="Plain", race="human", st=12, dx=12, iq=10)
    derived = replace(derive(plain, LIBRARY, DEFAULT), ma=10)
    # A base y the GM set above the cap (16 > 14) is not lowered.
    assert risk_numbers(plain, derived, thief_row(risk=(4, 16)), CATALOGUE)[1] == 16
    skilled = replace(plain, talents=tuple(KnownTalent(t) for t in (
        "master_thief", "spying", "silent_movement", "disguise")))
    # Reductions still cannot take it past the larger of y and the cap.
    assert risk_numbers(skilled, derived, thief_row(risk=(4, 16)), CATALOGUE)[1] == 16
    assert risk_numbers(skilled, derived, thief_row(risk=(4, 12)), CATALOGUE)[1] == 14
    # A negative sum is never capped upwards.
    slow = replace(derived, ma=6)
    assert risk_numbers(plain, slow, thief_row(risk=(4, 16)), CATALOGUE)[1] == 15


@pytest.mark.parametrize("activity", [Activity.REST, Activity.STUDY])
def test_upkeep_option_charges_rest_and_study_weeks(activity: Activity) -> None:
    assignment = Assignment("", activity=activity, lifestyle="poor")
    assert week(HERO, assignment, DEFAULT).money_total == 0
    paying = week(HERO, assignment, replace(DEFAULT, upkeep=Upkeep.NO_JOB))
    assert paying.money_total == -CATALOGUE.lifestyles["poor"].total // CATALOGUE.lifestyle_weeks
    idle = Assignment("", activity=Activity.IDLE, lifestyle="poor")
    assert week(HERO, idle, DEFAULT).money_total == paying.money_total


def test_job_readings_option_plays_war_1_at_13_or_3_xp() -> None:
    war = CATALOGUE.jobs["war_1"]
    assert war.xp_week == 13 and war.alternatives == {"xp_week": 3}
    assert "3" in war.uncertain and "13" in war.uncertain
    assert played_job(war, DEFAULT).xp_week == 13
    other = replace(DEFAULT, job_readings=JobReadings.ALTERNATIVE)
    assert played_job(war, other).xp_week == 3
    quiet = with_job(replace(war, risk=(0, 19), find="", min_weeks=""))
    job = Assignment("war_1", activity=Activity.JOB, found=True, weeks_left=3)
    soldier = replace(HERO, talents=(KnownTalent("sword"),))
    assert week(soldier, job, DEFAULT, quiet).xp_total == 13
    assert week(soldier, job, other, quiet).xp_total == 3


def test_armorers_goldsmith_bonus_is_settled() -> None:
    for key in ("armorer", "master_armorer"):
        job = CATALOGUE.jobs[key]
        assert "Goldsmith" not in job.uncertain
        assert [(b.talent, b.pay) for b in job.pay_bonuses] == [("goldsmith", 5)]


def test_the_rest_rule_heals_every_wound_or_none() -> None:
    hurt = replace(HERO, wounds=5)
    rest = Assignment("", activity=Activity.REST)
    assert CATALOGUE.rest_heals_all
    assert week(hurt, rest, DEFAULT).character.wounds == 0
    none = replace(CATALOGUE, rest_heals_all=False)
    assert week(hurt, rest, DEFAULT, none).character.wounds == 5


def test_the_lifestyle_period_spreads_the_upkeep() -> None:
    idle = Assignment("", activity=Activity.IDLE, lifestyle="middle")
    total = CATALOGUE.lifestyles["middle"].total
    assert week(HERO, idle, DEFAULT).money_total == -16  # week 2 of 4: $65 as 16+16+16+17
    period = [resolve_week(HERO, idle, library=LIBRARY, catalogue=CATALOGUE, profile=DEFAULT,
                           dice=Dice(random.Random(1)), week=n, balance=500).money_total
              for n in range(1, CATALOGUE.lifestyle_weeks + 1)]
    assert sum(period) == -total  # the period's cost, no more
    monthly = replace(CATALOGUE, lifestyle_weeks=1)
    assert week(HERO, idle, DEFAULT, monthly).money_total == -total


def test_the_new_options_are_stored_and_read_back() -> None:
    chosen = replace(DEFAULT, disaster_week_xp=True, thief_fractions=ThiefFractions.TOWARD_ZERO,
                     thief_spells=ThiefSpells.ALL, upkeep=Upkeep.NO_JOB,
                     job_readings=JobReadings.ALTERNATIVE)
    stored = chosen.to_dict()
    assert stored["upkeep"] == "no_job" and stored["job_readings"] == "alternative"
    assert RuleProfile.from_dict(stored) == chosen
    before = RuleProfile.from_dict({})  # a campaign from before these options
    assert (before.disaster_week_xp, before.thief_fractions, before.thief_spells,
            before.upkeep, before.job_readings) == (
        DEFAULT.disaster_week_xp, DEFAULT.thief_fractions, DEFAULT.thief_spells,
        DEFAULT.upkeep, DEFAULT.job_readings)


def test_changing_an_option_is_labelled_for_the_history() -> None:
    label = profile_label(DEFAULT, replace(DEFAULT, job_readings=JobReadings.ALTERNATIVE))
    assert label == "Campaign rules: Garbled job values As read -> The named alternative"
