"""Learning, forgetting and studying talents in a campaign."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.app.abilities import (
    LearnRefused,
    cancel_study,
    forget_spell,
    forget_talent,
    learn_spell,
    learn_talent,
    start_study,
    studies_of,
)
from tftmanager.app.assignments import assign, get_assignment
from tftmanager.app.campaigns import character_sheet, current_week, set_profile
from tftmanager.app.changes import Changes
from tftmanager.app.characters import create_character, edit_character, get_character
from tftmanager.app.weeks import run_weeks
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

JOE_TALENTS = ("sword", "axe_mace", "shield", "horsemanship", "alertness", "swimming")
JOE = Character(
    name="Joe the Barbarian", race="human", st=11, dx=12, iq=9,
    talents=tuple(KnownTalent(k) for k in JOE_TALENTS),
)
MERLIN = Character(name="Merlin", race="human", st=8, dx=10, iq=14,
                   kind=CharacterKind.WIZARD)


def add(store: CampaignStore, character: Character) -> int:
    return create_character(store=store, character=character).id


def talents(store: CampaignStore, character_id: int) -> list[str]:
    return [t.key for t in get_character(store=store, character_id=character_id).talents]


# --- learning --------------------------------------------------------------------


def test_joe_cannot_learn_running_with_his_memory_full(store: CampaignStore) -> None:
    joe = add(store, JOE)
    with pytest.raises(LearnRefused, match="memory full by 2") as refused:
        learn_talent(store=store, character_id=joe, key="running")
    assert "Joe the Barbarian cannot learn Running" in str(refused.value)
    assert talents(store, joe) == list(JOE_TALENTS)


def test_joe_learns_running_after_a_skill_point(store: CampaignStore) -> None:
    joe = add(store, JOE)
    edit_character(store=store, character_id=joe,
                   character=replace(JOE, sp=1, bought_points=1))
    changes = learn_talent(store=store, character_id=joe, key="running")
    assert changes == Changes(characters=frozenset({joe}))
    assert talents(store, joe) == [*JOE_TALENTS, "running"]
    sheet = character_sheet(store=store, character_id=joe)
    assert sheet.problems == ()


def test_learning_refuses_with_every_reason(store: CampaignStore) -> None:
    wulf = add(store, Character(name="Wulf", race="human", st=14, dx=10, iq=8))
    with pytest.raises(LearnRefused) as refused:
        learn_talent(store=store, character_id=wulf, key="fencing")
    message = str(refused.value)
    assert "IQ 8 is below Fencing's IQ level 10" in message
    assert "needs Sword first" in message
    assert "needs DX 12 (has 10)" in message
    assert talents(store, wulf) == []


def test_learning_an_unknown_or_known_talent_is_refused(store: CampaignStore) -> None:
    joe = add(store, JOE)
    with pytest.raises(LearnRefused, match="not a talent"):
        learn_talent(store=store, character_id=joe, key="no_such_talent")
    with pytest.raises(LearnRefused, match="already knows Sword"):
        learn_talent(store=store, character_id=joe, key="sword")


def test_forget_is_the_inverse_of_learn(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    learn_talent(store=store, character_id=joe, key="running")
    changes = forget_talent(store=store, character_id=joe, key="running")
    assert changes == Changes(characters=frozenset({joe}))
    assert talents(store, joe) == list(JOE_TALENTS)


def test_wizard_learns_and_forgets_spells(store: CampaignStore) -> None:
    merlin = add(store, MERLIN)
    learn_spell(store=store, character_id=merlin, key="flame_shield")
    learn_spell(store=store, character_id=merlin, key="staff")
    assert get_character(store=store, character_id=merlin).spells == ("flame_shield", "staff")
    with pytest.raises(LearnRefused, match="already knows Flame Shield"):
        learn_spell(store=store, character_id=merlin, key="flame_shield")
    with pytest.raises(LearnRefused, match="needs Staff II first"):
        learn_spell(store=store, character_id=merlin, key="staff_iii")
    with pytest.raises(LearnRefused, match="IQ 14 is below Control Will's IQ level 16"):
        learn_spell(store=store, character_id=merlin, key="control_will")
    with pytest.raises(LearnRefused, match="not a spell"):
        learn_spell(store=store, character_id=merlin, key="no_such_spell")
    forget_spell(store=store, character_id=merlin, key="flame_shield")
    assert get_character(store=store, character_id=merlin).spells == ("staff",)


def test_wizard_memory_holds_one_point_spells(store: CampaignStore) -> None:
    # IQ 14: nine spells (1 each), Running (2, doubled) and Literacy (1 for a wizard).
    merlin = add(store, MERLIN)
    nine = ["blur", "detect_magic", "drop_weapon", "light", "image", "magic_fist",
            "slow_movement", "staff", "aid"]
    for key in nine:
        learn_spell(store=store, character_id=merlin, key=key)
    # Talents cost a wizard double: Running 2 -> 4, Literacy 1 (wizard cost).
    learn_talent(store=store, character_id=merlin, key="running")
    learn_talent(store=store, character_id=merlin, key="literacy")
    assert character_sheet(store=store, character_id=merlin).problems == ()
    with pytest.raises(LearnRefused, match="memory full by 1"):
        learn_spell(store=store, character_id=merlin, key="flame_shield")


def test_hero_spells_cost_three_unless_the_setting_is_off(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, talents=()))
    for key in ("blur", "detect_magic", "light"):
        learn_spell(store=store, character_id=joe, key=key)
    with pytest.raises(LearnRefused, match=r"memory full by 3 points \(12 of 9\)"):
        learn_spell(store=store, character_id=joe, key="staff")
    set_profile(store=store, profile=RuleProfile(hero_spells_triple=False))
    learn_spell(store=store, character_id=joe, key="staff")
    assert len(get_character(store=store, character_id=joe).spells) == 4


def test_retired_talent_is_not_learned(demo_store: CampaignStore) -> None:
    from tftmanager.app.library import entries, save_entry
    from tftmanager.rules.library_entries import Entry

    running = next(e for e in entries(store=demo_store) if (e.kind, e.key) == ("talent",
                                                                                "running"))
    save_entry(store=demo_store, entry=Entry("talent", "running", running.data, retired=True))
    joe = add(demo_store, replace(JOE, name="Joe II", sp=1, bought_points=1))
    with pytest.raises(LearnRefused, match="retired"):
        learn_talent(store=demo_store, character_id=joe, key="running")


# --- study -----------------------------------------------------------------------------


def weekly(store: CampaignStore) -> None:
    """One week per memory point, so studies finish in a few weeks."""
    set_profile(store=store, profile=RuleProfile(study_weeks_per_point=1))


def test_start_study_records_the_weeks(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=1, bought_points=1))  # room for Running
    assert current_week(store=store) == 1
    started = start_study(store=store, character_id=joe, key="running", teacher=False)
    assert started.weeks == 8  # category 1, cost 2, 4 weeks a point
    assert started.changes == Changes(characters=frozenset({joe}))
    [study] = studies_of(store=store, character_id=joe)
    assert (study.id, study.talent, study.name) == (started.id, "running", "Running")
    assert (study.weeks_done, study.weeks_needed, study.teacher) == (0, 8, False)


def test_study_time_by_category(store: CampaignStore) -> None:
    student = add(store, Character(name="Student", race="human", st=12, dx=12, iq=12,
                                   talents=(KnownTalent("sword"),)))
    assert start_study(store=store, character_id=student, key="running",
                       teacher=True).weeks == 6
    assert start_study(store=store, character_id=student, key="bow",
                       teacher=False).weeks == 10
    assert start_study(store=store, character_id=student, key="tactics",
                       teacher=False).weeks == 8
    with pytest.raises(LearnRefused, match="only be learned with an instructor"):
        start_study(store=store, character_id=student, key="fencing", teacher=False)
    assert start_study(store=store, character_id=student, key="fencing",
                       teacher=True).weeks == 12
    with pytest.raises(LearnRefused, match="on-the-job"):
        start_study(store=store, character_id=student, key="seamanship", teacher=True)
    assert start_study(store=store, character_id=student, key="seamanship", teacher=True,
                       on_the_job=True).weeks == 4
    assert len(studies_of(store=store, character_id=student)) == 5


def test_willpower_shortens_study(store: CampaignStore) -> None:
    willed = add(store, Character(name="Willed", race="human", st=12, dx=12, iq=12,
                                  talents=(KnownTalent("willpower"),)))
    # Sword alone: 10 weeks x 0.9 = 9.
    assert start_study(store=store, character_id=willed, key="sword", teacher=False).weeks == 9


def test_study_refused_before_its_prerequisite_is_known(store: CampaignStore) -> None:
    wulf = add(store, Character(name="Wulf", race="human", st=14, dx=12, iq=10))
    with pytest.raises(LearnRefused, match="needs Sword first"):
        start_study(store=store, character_id=wulf, key="fencing", teacher=True)
    assert studies_of(store=store, character_id=wulf) == []


def test_study_refused_for_a_known_or_unknown_talent(store: CampaignStore) -> None:
    joe = add(store, JOE)
    with pytest.raises(LearnRefused, match="already knows Sword"):
        start_study(store=store, character_id=joe, key="sword", teacher=True)
    with pytest.raises(LearnRefused, match="not a talent"):
        start_study(store=store, character_id=joe, key="no_such_talent", teacher=True)
    with pytest.raises(LearnRefused, match="IQ 9 is below"):
        start_study(store=store, character_id=joe, key="physicker", teacher=True)
    assert studies_of(store=store, character_id=joe) == []


def test_the_same_talent_is_not_studied_twice(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    start_study(store=store, character_id=joe, key="running", teacher=False)
    with pytest.raises(LearnRefused, match="already being studied"):
        start_study(store=store, character_id=joe, key="running", teacher=True)
    assert len(studies_of(store=store, character_id=joe)) == 1


def test_another_character_may_study_the_same_talent(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    other = add(store, replace(JOE, name="Jim", sp=1, bought_points=1))
    start_study(store=store, character_id=joe, key="running", teacher=False)
    start_study(store=store, character_id=other, key="running", teacher=False)
    assert len(studies_of(store=store, character_id=other)) == 1


def test_cancel_study(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    started = start_study(store=store, character_id=joe, key="running", teacher=False)
    assert cancel_study(store=store, study_id=started.id) == Changes(
        characters=frozenset({joe}))
    assert studies_of(store=store, character_id=joe) == []
    with pytest.raises(LookupError):
        cancel_study(store=store, study_id=started.id)


def study_week(store: CampaignStore, *students: int) -> dict[str, list[str]]:
    """One week of the party (``app.weeks.run_weeks``), the ``students`` assigned to study.

    Studies progress in the week a character studies; returns each
    character's lines of the week's report, by name.
    """
    for cid in students:
        assign(store=store, character_id=cid, data=Assignment(activity=Activity.STUDY))
    [applied] = run_weeks(store=store, seed=1)
    return {week.name: list(week.lines) for week in applied.report.characters}


def test_a_study_week_moves_the_week_and_every_study(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=2, bought_points=2))
    start_study(store=store, character_id=joe, key="running", teacher=False)   # 8 weeks
    start_study(store=store, character_id=joe, key="climbing", teacher=True)   # 3 weeks
    lines = study_week(store, joe)["Joe the Barbarian"]
    assert current_week(store=store) == 2
    assert lines == ["Studied Running: week 1 of 8.", "Studied Climbing: week 1 of 3."]
    assert [(s.talent, s.weeks_done) for s in studies_of(store=store, character_id=joe)] == [
        ("running", 1), ("climbing", 1)]


def test_a_finished_study_adds_the_talent(store: CampaignStore) -> None:
    weekly(store)
    joe = add(store, replace(JOE, sp=2, bought_points=2))
    start_study(store=store, character_id=joe, key="climbing", teacher=False)  # 1 week
    start_study(store=store, character_id=joe, key="running", teacher=False)   # 2 weeks
    assert "Studied; learned Climbing." in study_week(store, joe)["Joe the Barbarian"]
    assert talents(store, joe) == [*JOE_TALENTS, "climbing"]
    assert [s.talent for s in studies_of(store=store, character_id=joe)] == ["running"]
    assert "Studied; learned Running." in study_week(store, joe)["Joe the Barbarian"]
    assert talents(store, joe) == [*JOE_TALENTS, "climbing", "running"]
    assert studies_of(store=store, character_id=joe) == []
    assert character_sheet(store=store, character_id=joe).problems == ()
    assert current_week(store=store) == 3


def test_a_study_that_would_not_fit_is_refused_at_the_start(store: CampaignStore) -> None:
    joe = add(store, JOE)  # 9 of 9: Climbing could never be learned
    with pytest.raises(LearnRefused, match=r"would not fit in memory \(9 of 9 used; "
                       r"Climbing would need 1 point, 0 free\)"):
        start_study(store=store, character_id=joe, key="climbing", teacher=False)
    assert studies_of(store=store, character_id=joe) == []


def test_a_study_counts_the_talents_already_being_studied(store: CampaignStore) -> None:
    joe = add(store, replace(JOE, sp=1, bought_points=1))  # 9 of 11
    start_study(store=store, character_id=joe, key="running", teacher=False)  # 2 points
    with pytest.raises(LearnRefused, match="Climbing and the talents being studied"):
        start_study(store=store, character_id=joe, key="climbing", teacher=False)


def test_a_study_report_says_the_talent_whatever_the_name_holds(store: CampaignStore) -> None:
    # The report's sentence once took the talent back out of "Name: Talent" by
    # splitting at the first ": "; a name with a colon in it garbled it.
    weekly(store)
    name = "Joe: the Barbarian"
    joe = add(store, replace(JOE, name=name, sp=1, bought_points=1))
    start_study(store=store, character_id=joe, key="climbing", teacher=False)
    edit_character(store=store, character_id=joe, character=replace(JOE, name=name))
    assert ("Finished studying Climbing, but it does not fit in memory: it waits for room "
            "(forget a talent or raise IQ).") in study_week(store, joe)[name]
    edit_character(store=store, character_id=joe,
                   character=replace(JOE, name=name, sp=1, bought_points=1))
    assert "Studied; learned Climbing." in study_week(store, joe)[name]


def test_a_finished_study_waits_for_room_in_memory(store: CampaignStore) -> None:
    weekly(store)
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    start_study(store=store, character_id=joe, key="climbing", teacher=False)
    # Joe loses the Skill Point meanwhile: Climbing no longer fits.
    edit_character(store=store, character_id=joe, character=JOE)
    lines = study_week(store, joe)["Joe the Barbarian"]
    assert lines[0].startswith("Finished studying Climbing, but it does not fit in memory")
    assert talents(store, joe) == list(JOE_TALENTS)
    [study] = studies_of(store=store, character_id=joe)
    assert study.weeks_done == study.weeks_needed == 1
    assert study.waiting
    assert study.progress == "finished after 1 week, waiting for room in memory"
    # Reported once: a week later it waits, without running past its length.
    lines = study_week(store, joe)["Joe the Barbarian"]
    assert not any(line.startswith("Finished studying") for line in lines)
    assert "Meant to study, but Climbing is finished and waits for room in memory." in lines
    assert studies_of(store=store, character_id=joe)[0].weeks_done == 1
    # A Skill Point makes room: the next week it is learned.
    edit_character(store=store, character_id=joe, character=replace(JOE, sp=1, bought_points=1))
    assert "Studied; learned Climbing." in study_week(store, joe)["Joe the Barbarian"]
    assert talents(store, joe) == [*JOE_TALENTS, "climbing"]
    assert studies_of(store=store, character_id=joe) == []


def test_studies_of_different_characters_progress_together(store: CampaignStore) -> None:
    weekly(store)
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    merlin = add(store, MERLIN)
    start_study(store=store, character_id=joe, key="climbing", teacher=False)
    # Literacy costs a wizard 1 (its wizard cost): a week with a teacher.
    start_study(store=store, character_id=merlin, key="literacy", teacher=True)
    # Swimming costs a wizard 2: two weeks alone.
    start_study(store=store, character_id=merlin, key="swimming", teacher=False)
    lines = study_week(store, joe, merlin)
    assert "Studied; learned Climbing." in lines["Joe the Barbarian"]
    assert "Studied; learned Literacy." in lines["Merlin"]
    assert talents(store, merlin) == ["literacy"]
    assert "Studied; learned Swimming." in study_week(store, merlin)["Merlin"]


def test_a_study_of_a_talent_learned_meanwhile_adds_it_once(store: CampaignStore) -> None:
    weekly(store)
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    start_study(store=store, character_id=joe, key="running", teacher=False)  # 2 weeks
    learn_talent(store=store, character_id=joe, key="running")
    study_week(store, joe)
    lines = study_week(store, joe)["Joe the Barbarian"]
    assert not any("learned" in line or "Finished" in line for line in lines)
    assert talents(store, joe) == [*JOE_TALENTS, "running"]
    assert studies_of(store=store, character_id=joe) == []
    assert character_sheet(store=store, character_id=joe).problems == ()


def test_a_student_with_nothing_left_to_study_goes_idle(store: CampaignStore) -> None:
    weekly(store)
    joe = add(store, replace(JOE, sp=1, bought_points=1))
    assign(store=store, character_id=joe, data=Assignment(activity=Activity.STUDY))
    start_study(store=store, character_id=joe, key="climbing", teacher=False)  # 1 week
    assert "Studied; learned Climbing." in study_week(store, joe)["Joe the Barbarian"]
    assert get_assignment(store=store, character_id=joe).activity is Activity.IDLE
