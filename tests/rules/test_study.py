"""Study time by learning category, and no study alongside its own prerequisites."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tftmanager.rules.abilities import CharacterKind, KnownTalent, Talent
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.study import all_prerequisites, concurrent_conflict, study_weeks
from tftmanager.rules.study_rules import StudyRules

pytestmark = pytest.mark.rules

PROFILE = RuleProfile()  # 4 weeks per point
STUDENT = Character(name="Student", race="human", st=10, dx=12, iq=10)
WILLED = replace(STUDENT, talents=(KnownTalent("willpower"),))


def talent(category: int, cost: int = 3) -> Talent:
    """A made-up talent of a category (no cost exception names it)."""
    return Talent(key=f"test_cat_{category}", name=f"Test {category}", iq=8, cost=cost,
                  category=category)


def weeks(t: Talent, library: RulesLibrary, *, teacher: bool, on_the_job: bool = False,
          character: Character = STUDENT, profile: RuleProfile = PROFILE) -> int | None:
    return study_weeks(t, character, library, profile, teacher=teacher,
                       on_the_job=on_the_job).weeks


def test_base_time_is_cost_times_weeks_per_point(library: RulesLibrary) -> None:
    assert PROFILE.study_weeks_per_point == 4
    assert weeks(talent(2, cost=3), library, teacher=True) == 12
    assert weeks(talent(2, cost=1), library, teacher=True) == 4
    assert weeks(talent(2, cost=3), library, teacher=True,
                 profile=RuleProfile(study_weeks_per_point=10)) == 30


# Cost 3 at 4 weeks a point: 12 weeks base.
@pytest.mark.parametrize(
    ("category", "alone", "with_teacher"),
    [
        (1, 12, 9),      # alone at base; a teacher cuts 25%
        (2, 15, 12),     # alone 25% longer
        (3, 24, 12),     # alone twice as long
        (4, None, 12),   # instructor only
    ],
)
def test_category_times(library: RulesLibrary, category: int, alone: int | None,
                        with_teacher: int) -> None:
    t = talent(category)
    assert weeks(t, library, teacher=False) == alone
    assert weeks(t, library, teacher=True) == with_teacher


def test_category_4_refused_alone_says_why(library: RulesLibrary) -> None:
    terms = study_weeks(talent(4), STUDENT, library, PROFILE, teacher=False)
    assert not terms.possible
    assert "instructor" in terms.refusal


def test_category_5_needs_instructor_and_on_the_job_training(library: RulesLibrary) -> None:
    t = talent(5)
    alone = study_weeks(t, STUDENT, library, PROFILE, teacher=False, on_the_job=True)
    assert not alone.possible and "instructor" in alone.refusal
    taught = study_weeks(t, STUDENT, library, PROFILE, teacher=True, on_the_job=False)
    assert not taught.possible and "on-the-job" in taught.refusal
    neither = study_weeks(t, STUDENT, library, PROFILE, teacher=False)
    assert not neither.possible
    both = study_weeks(t, STUDENT, library, PROFILE, teacher=True, on_the_job=True)
    assert both.possible and both.weeks == 12


def test_part_weeks_round_up(library: RulesLibrary) -> None:
    one = RuleProfile(study_weeks_per_point=1)
    five = RuleProfile(study_weeks_per_point=5)
    # 1 x 0.75 = 0.75 -> 1; 5 x 0.75 = 3.75 -> 4; 5 x 1.25 = 6.25 -> 7.
    assert weeks(talent(1, cost=1), library, teacher=True, profile=one) == 1
    assert weeks(talent(1, cost=1), library, teacher=True, profile=five) == 4
    assert weeks(talent(2, cost=1), library, teacher=False, profile=five) == 7


@pytest.mark.parametrize(
    ("category", "teacher", "on_the_job", "plain", "with_willpower"),
    [
        (1, False, False, 12, 11),   # 10.8 -> 11
        (1, True, False, 9, 9),      # 8.1 -> 9
        (2, False, False, 15, 14),   # 13.5 -> 14
        (3, False, False, 24, 22),   # 21.6 -> 22
        (4, True, False, 12, 11),
        (5, True, True, 12, 11),
    ],
)
def test_willpower_cuts_ten_percent(library: RulesLibrary, category: int, teacher: bool,
                                    on_the_job: bool, plain: int, with_willpower: int) -> None:
    t = talent(category)
    assert weeks(t, library, teacher=teacher, on_the_job=on_the_job) == plain
    assert weeks(t, library, teacher=teacher, on_the_job=on_the_job,
                 character=WILLED) == with_willpower


def test_willpower_does_not_open_a_closed_category(library: RulesLibrary) -> None:
    assert weeks(talent(4), library, teacher=False, character=WILLED) is None


def test_shipped_talents_by_category(library: RulesLibrary) -> None:
    # Running (1, cost 2), Sword (2, cost 2), Tactics (3, cost 1),
    # Literacy (4, cost 1), Seamanship (5, cost 1).
    talents = library.talents
    assert (talents["running"].category, talents["running"].cost) == (1, 2)
    assert weeks(talents["running"], library, teacher=False) == 8
    assert weeks(talents["running"], library, teacher=True) == 6
    assert (talents["sword"].category, talents["sword"].cost) == (2, 2)
    assert weeks(talents["sword"], library, teacher=False) == 10
    assert weeks(talents["sword"], library, teacher=True) == 8
    assert (talents["tactics"].category, talents["tactics"].cost) == (3, 1)
    assert weeks(talents["tactics"], library, teacher=False) == 8
    assert weeks(talents["tactics"], library, teacher=True) == 4
    assert (talents["literacy"].category, talents["literacy"].cost) == (4, 1)
    assert weeks(talents["literacy"], library, teacher=False) is None
    assert weeks(talents["literacy"], library, teacher=True) == 4
    assert (talents["seamanship"].category, talents["seamanship"].cost) == (5, 1)
    assert weeks(talents["seamanship"], library, teacher=True) is None
    assert weeks(talents["seamanship"], library, teacher=True, on_the_job=True) == 4


def test_time_follows_what_the_talent_costs_this_character(library: RulesLibrary) -> None:
    # Physicker costs 1 with First Aid, so it takes 1 point's time instead of 2.
    physicker = library.talents["physicker"]
    medic = replace(STUDENT, iq=11, talents=(KnownTalent("first_aid"),))
    assert weeks(physicker, library, teacher=True) == 8
    assert weeks(physicker, library, teacher=True, character=medic) == 4
    mage = replace(STUDENT, kind=CharacterKind.WIZARD)
    assert weeks(library.talents["running"], library, teacher=False, character=mage) == 16


# --- concurrent study ------------------------------------------------------------


def test_all_prerequisites_follows_the_chain(library: RulesLibrary) -> None:
    assert all_prerequisites("sword", library) == set()
    assert all_prerequisites("fencing", library) == {"sword"}
    assert all_prerequisites("master_fencer", library) == {"fencing", "sword"}
    assert all_prerequisites("unarmed_combat_v", library) == {
        "unarmed_combat_i", "unarmed_combat_ii", "unarmed_combat_iii", "unarmed_combat_iv"}
    assert all_prerequisites("no_such_talent", library) == set()


def test_sword_and_fencing_not_together(library: RulesLibrary) -> None:
    # The expansion's own example, both ways round.
    one = concurrent_conflict("fencing", ["sword"], library)
    other = concurrent_conflict("sword", ["fencing"], library)
    for message in (one, other):
        assert "Sword is a prerequisite of Fencing" in message
        assert "same time" in message


def test_indirect_prerequisites_conflict_too(library: RulesLibrary) -> None:
    assert "Sword is a prerequisite of Master Fencer" in concurrent_conflict(
        "master_fencer", ["sword"], library)
    assert "Sword is a prerequisite of Master Fencer" in concurrent_conflict(
        "sword", ["master_fencer"], library)
    assert concurrent_conflict("unarmed_combat_i", ["unarmed_combat_v"], library)
    assert concurrent_conflict("unarmed_combat_v", ["unarmed_combat_i"], library)


def test_unrelated_talents_may_be_studied_together(library: RulesLibrary) -> None:
    assert concurrent_conflict("fencing", [], library) == ""
    assert concurrent_conflict("running", ["sword"], library) == ""
    assert concurrent_conflict("sword", ["running", "swimming", "bow"], library) == ""
    # Fencing and Sword Expertise share Sword but neither needs the other.
    assert concurrent_conflict("fencing", ["sword_expertise"], library) == ""


def test_the_same_talent_twice(library: RulesLibrary) -> None:
    assert "already being studied" in concurrent_conflict("running", ["running"], library)


def test_conflict_found_among_several_studies(library: RulesLibrary) -> None:
    assert "Sword" in concurrent_conflict("fencing", ["running", "bow", "sword"], library)


def test_a_woodsman_learns_snowshoe_in_one_winter(library: RulesLibrary) -> None:
    snowshoe = library.talents["snowshoe"]
    woodsman = Character(name="Ranger", race="human", st=11, dx=11, iq=11,
                         talents=(KnownTalent("naturalist"), KnownTalent("woodsman")))
    terms = study_weeks(snowshoe, woodsman, library, RuleProfile(), teacher=False)
    assert terms.weeks == 13  # "one winter (3 months)"
    other = replace(woodsman, talents=())
    assert study_weeks(snowshoe, other, library, RuleProfile(), teacher=False).weeks != 13


def test_study_times_are_the_library_s(library: RulesLibrary) -> None:
    """A GM who makes category 2 take double alone, and Willpower save a quarter, sees it."""
    assert library.study is not None
    house = replace(library, study=replace(
        library.study, alone_times={**library.study.alone_times, 2: Fraction(2)},
        willpower_times=Fraction(3, 4), instructor_from=3))
    assert weeks(talent(2), house, teacher=False) == 24
    assert weeks(talent(2), house, teacher=False, character=WILLED) == 18
    refused = study_weeks(talent(3), STUDENT, house, PROFILE, teacher=False)
    assert not refused.possible and "instructor" in refused.refusal


@pytest.mark.parametrize("doc", [
    {},
    {"alone_times": {"1": "1"}, "teacher_times": {"1": "1"}, "instructor_from": 4,
     "on_the_job": 5, "willpower_talent": "willpower", "willpower_times": "9/10"},
    {"alone_times": {"1": "x"}, "teacher_times": {}, "instructor_from": 2,
     "on_the_job": 5, "willpower_talent": "willpower", "willpower_times": "9/10"},
])
def test_incomplete_study_rules_are_refused(doc: dict[str, object]) -> None:
    with pytest.raises(RulesDataError):
        StudyRules.from_data(doc)
