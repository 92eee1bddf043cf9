"""Running job weeks for a campaign: values first, ledgers, dry runs, undo and redo.

Events are forced through the campaign's own library (a GM may correct any
job value): a risk of 3/3 makes every week special and disastrous, and the
damage dice decide between a scratch and a dying figure.
"""

from __future__ import annotations

import gc
import json
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from tftmanager.app import weeks
from tftmanager.app.abilities import start_study
from tftmanager.app.assignments import assign, get_assignment, missing_values, set_job_value
from tftmanager.app.campaigns import get_profile, new_campaign, open_existing, set_profile
from tftmanager.app.characters import create_character, edit_character, get_character
from tftmanager.app.journal import redo, undo
from tftmanager.app.library import entries, library_for
from tftmanager.app.survival import survival_roll
from tftmanager.app.week_report import NeedsValues, WeekRefused, run_totals, totals_text
from tftmanager.app.weeks import run_week, run_weeks
from tftmanager.collector import collector_paused
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character, Status
from tftmanager.rules.settings import Upkeep
from tftmanager.rules.survival import Helper, Situation
from tftmanager.rules.week import StopEvent
from tftmanager.store import ledger, queries
from tftmanager.store import study as study_store
from tftmanager.store import weeks as week_store
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal_triggers import expand_ranges
from tftmanager.store.tables import MoneyEntryRow, XPEntryRow

pytestmark = pytest.mark.app

SOLDIER = Character(name="Soldier", race="human", st=12, dx=12, iq=8,
                    talents=(KnownTalent("sword"),))


def add(store: CampaignStore, character: Character, **assignment: Any) -> int:
    cid = create_character(store=store, character=character).id
    if assignment:
        assign(store=store, character_id=cid, data=Assignment(**assignment))
    return cid


def state(store: CampaignStore) -> dict[str, Any]:
    """Everything a week can change, read back from the file."""
    with store.transaction() as session:
        ids = week_store.character_ids(session=session, campaign_id=store.campaign_id)
        return {
            "characters": {c: queries.get_character(session=session, character_id=c).character
                           for c in ids},
            "assignments": {c: week_store.get_assignment(session=session, character_id=c)
                            for c in ids},
            "studies": {c: study_store.studies(session=session, character_id=c)
                        for c in ids},
            "xp": [ledger.lines_for(session=session, character_id=c) for c in ids],
            "money": [ledger.lines_for(session=session, character_id=c, table=MoneyEntryRow)
                      for c in ids],
            "log": week_store.week_logs(session=session, campaign_id=store.campaign_id),
            "week": queries.campaign(session=session, campaign_id=store.campaign_id).week,
        }


def force(store: CampaignStore, job: str, **values: str | int) -> None:
    for name, value in values.items():
        set_job_value(store=store, job=job, field_name=name, value=value)


@pytest.fixture
def two_copies(tmp_path: Path,
               campaign_templates: Any) -> Iterator[tuple[CampaignStore, CampaignStore]]:
    first = campaign_templates.file(tmp_path / "first.tftcampaign", name="Copies", demo=True)
    second = tmp_path / "second.tftcampaign"
    shutil.copyfile(first, second)
    a, b = open_existing(path=first), open_existing(path=second)
    yield a, b
    a.close()
    b.close()


# --- values the scan lost ---------------------------------------------------------------------


def test_missing_values_block_the_week(store: CampaignStore) -> None:
    add(store, SOLDIER, activity="job", job="guard_1")
    add(store, replace(SOLDIER, name="Other"), activity="job", job="guard_1")
    add(store, replace(SOLDIER, name="Scribe"), activity="job", job="healer")
    add(store, replace(SOLDIER, name="Idle"), activity="idle", job="")
    before = state(store)
    with pytest.raises(NeedsValues) as info:
        run_weeks(store=store, seed=1)
    assert sorted(info.value.missing) == [
        ("guard_1", "Guard 1", ("xp_week",)),
        ("healer", "Healer", ("pay_formula", "min_weeks")),
    ]
    assert "Guard 1: xp_week" in str(info.value)
    assert "Healer: pay_formula, min_weeks" in str(info.value)
    assert state(store) == before


def test_a_value_set_is_remembered_in_the_campaign_library(campaign_path: Path) -> None:
    store = new_campaign(path=campaign_path, name="Memory")
    add(store, SOLDIER, activity="job", job="guard_1")
    set_job_value(store=store, job="guard_1", field_name="xp_week", value=3)
    assert missing_values(store=store) == []
    job = library_for(store).jobs.jobs["guard_1"]  # type: ignore[union-attr]
    assert (job.xp_week, job.unset, job.missing) == (3, (), ())
    assert "xp_week set by the GM." in job.note
    store.close()
    with open_existing(path=campaign_path) as again:
        assert missing_values(store=again) == []
        entry = next(e for e in entries(store=again) if (e.kind, e.key) == ("job", "guard_1"))
        assert entry.data["xp_week"] == 3
        assert run_weeks(store=again, seed=3)


def test_values_are_checked_before_they_are_remembered(store: CampaignStore) -> None:
    force(store, "thief_1", risk="5/12", find="3d/IQ-1", min_weeks="2+1d", pay="9",
          damage_fail="2x(1d)")
    thief = library_for(store).jobs.jobs["thief_1"]  # type: ignore[union-attr]
    assert (thief.risk, thief.find, thief.min_weeks, thief.pay, thief.damage_fail) == (
        (5, 12), "3d/IQ-1", "2+1d", 9, "2x(1d)")
    assert thief.missing == ()
    before = entries(store=store)
    for name, value, words in [
        ("risk", "5", "x/y"), ("risk", "a/b", "x/y"), ("find", "3d", "check"),
        ("find", 5, "check"), ("min_weeks", "3d6", "six-sided"), ("pay", "lots", "whole"),
        ("pay", -3, "whole"), ("pay_formula", "IQ/", "ends too soon"),
        ("colour", "red", "not a job value"),
    ]:
        with pytest.raises(WeekRefused, match=words):
            set_job_value(store=store, job="thief_2", field_name=name,
                          value=value)  # type: ignore[arg-type]
    with pytest.raises(WeekRefused, match="not a job"):
        set_job_value(store=store, job="no_such_job", field_name="pay", value=5)
    assert entries(store=store) == before


# --- running a week: ledgers match the report ----------------------------------------------------


def test_the_demo_party_runs_a_week(demo_store: CampaignStore) -> None:
    assert missing_values(store=demo_store) == []
    [applied] = run_weeks(store=demo_store, seed=103)
    report = applied.report
    assert (report.week, report.seed) == (1, 103)
    names = [cw.name for cw in report.characters]
    assert names == ["Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]
    assert report.text().startswith("Week 1 (seed 103)")
    assert "Ragnar — Study" in report.text()
    assert "Studied Horsemanship: week 1 of 4." in report.text()
    assert state(demo_store)["week"] == 2


@pytest.mark.parametrize("seed", [1, 7, 103, 2024])
def test_ledger_entries_match_the_report(store: CampaignStore, seed: int) -> None:
    force(store, "garrison", xp_week=2)
    add(store, SOLDIER, activity="job", job="garrison")
    add(store, replace(SOLDIER, name="Lodger"), activity="job", job="garrison",
        own_lifestyle=True)
    add(store, replace(SOLDIER, name="Loafer"), activity="idle", lifestyle="low_middle")
    add(store, replace(SOLDIER, name="Weakling", st=5, dx=5), activity="job", job="garrison")
    results = run_weeks(store=store, weeks=4, seed=seed)
    xp_total = money_total = 0
    for applied in results:
        for cw in applied.report.characters:
            xp = [line for line in applied.xp_lines if line.character_id == cw.character_id]
            money = [line for line in applied.money_lines
                     if line.character_id == cw.character_id]
            assert sum(line.amount for line in xp) == cw.xp
            assert sum(line.amount for line in money) == cw.money
            assert all(line.kind == "job" for line in xp)
            assert all(line.week == applied.report.week for line in xp + money)
            assert all(line.batch == applied.batch for line in xp + money)
            if cw.name in ("Loafer", "Weakling"):  # idle, or not eligible: upkeep
                # low-middle $45 and poor $30 per 4 weeks, this week's part of them
                total = 45 if cw.name == "Loafer" else 30
                n = applied.report.week
                assert [(line.kind, line.amount) for line in money] == [
                    ("upkeep", total * (n - 1) // 4 - total * n // 4)]
            else:
                assert all(line.kind == "job" and line.amount > 0 for line in money)
            xp_total += cw.xp
            money_total += cw.money
    now = state(store)
    assert sum(line.amount for lines in now["xp"] for line in lines) == xp_total
    assert sum(line.amount for lines in now["money"] for line in lines) == money_total
    assert [w for w, _seed, _report in now["log"]] == [a.report.week for a in results]


def test_job_pay_and_xp_reach_the_ledgers(store: CampaignStore) -> None:
    # Risk 18/99: every roll is special, none disastrous; found on 3d/ST vs 18.
    force(store, "garrison", xp_week=2, risk="18/99", find="3d/ST")
    cid = add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    [applied] = run_weeks(store=store, seed=5)
    [cw] = applied.report.characters
    assert cw.money == 5 + 0  # ST + DX 22: no bonus
    assert cw.xp > 2  # the week's 2 and a bonus
    [line] = applied.xp_lines
    assert line.reason.startswith("Garrison, week 1: 2 for the week, ")
    assert get_assignment(store=store, character_id=cid).found


# --- dry runs and replays ----------------------------------------------------------------------


def test_a_dry_run_writes_nothing(demo_store: CampaignStore) -> None:
    before = state(demo_store)
    dry = run_weeks(store=demo_store, weeks=3, seed=11, dry_run=True)
    assert state(demo_store) == before
    assert [a.report.week for a in dry] == [1, 2, 3][:len(dry)]
    real = run_weeks(store=demo_store, weeks=3, seed=11)
    # The dry run rolled exactly what the real weeks then did, week after week.
    assert [a.report.text() for a in dry] == [a.report.text() for a in real]
    assert state(demo_store) != before


def test_a_dry_run_of_one_week_is_the_week_that_follows(demo_store: CampaignStore) -> None:
    dry = run_week(store=demo_store, seed=8, dry_run=True)
    real = run_week(store=demo_store, seed=8)
    assert dry.report.text() == real.report.text()
    assert dry.report.week == real.report.week == 1


def test_the_same_seed_gives_the_same_report(
        two_copies: tuple[CampaignStore, CampaignStore]) -> None:
    a, b = two_copies
    first = [x.report.text() for x in run_weeks(store=a, weeks=4, seed=424242)]
    second = [x.report.text() for x in run_weeks(store=b, weeks=4, seed=424242)]
    assert first == second
    assert state(a)["log"] == state(b)["log"]
    assert [len(x) for x in state(a)["money"]] == [len(x) for x in state(b)["money"]]


def test_a_run_carried_in_memory_ends_as_one_week_at_a_time(
        two_copies: tuple[CampaignStore, CampaignStore]) -> None:
    """A run reads the party once and writes once; the file ends as week after week would."""
    a, b = two_copies
    for store in (a, b):
        force(store, "thief_1", risk="5/12", find="3d/IQ-1", min_weeks="2+1d", pay="9",
              damage_fail="2x(1d)")
        add(store, replace(SOLDIER, name="Guard"), activity="job", job="guard_1")
        add(store, replace(SOLDIER, name="Thief", dx=13), activity="job", job="thief_1")
        add(store, replace(SOLDIER, name="Hurt", wounds=3, recovery_weeks=2), activity="rest")
    together = run_weeks(store=a, weeks=6, seed=77, stop_on=frozenset())
    apart = [run_weeks(store=b, seed=77 + i, stop_on=frozenset())[0] for i in range(6)]
    assert [x.report.text() for x in together] == [x.report.text() for x in apart]
    assert [x.after for x in together] == [x.after for x in apart]
    first, second = state(a), state(b)
    assert first["characters"] == second["characters"]
    assert first["assignments"] == second["assignments"]
    assert [[(x.amount, x.kind, x.reason, x.week) for x in lines] for lines in first["money"]] \
        == [[(x.amount, x.kind, x.reason, x.week) for x in lines] for lines in second["money"]]
    assert [len(x.xp_lines) for x in together] == [len(x.xp_lines) for x in apart]
    assert first["week"] == second["week"] == 7


def test_a_run_journals_each_row_it_wrote_once(demo_store: CampaignStore) -> None:
    """Every ledger line and week log row of a run is in its operation's journal, once, in order.

    The week log (and the ledger lines, from BULK_ROWS on) go in one statement
    and the journal records them as one range of rowids (issue 35); written out
    (``expand_ranges``) that is each row's image, as the triggers record it. The
    operation still names the characters whose rows it changed.
    """
    add(demo_store, replace(SOLDIER, name="Zed"), activity="job", job="guard_1")
    results = run_weeks(store=demo_store, weeks=4, seed=5, stop_on=frozenset())
    conn = demo_store.engine.connect()
    op, characters = conn.exec_driver_sql(
        "SELECT id, characters FROM operation ORDER BY id DESC LIMIT 1").one()
    batches = ", ".join(f"'{week.batch}'" for week in results)
    for table in ("xp_entry", "money_entry", "week_log"):
        rows = conn.exec_driver_sql(
            f"SELECT * FROM {table} WHERE batch IN ({batches}) ORDER BY id").all()
        journal = expand_ranges(conn, [dict(r._mapping) for r in conn.exec_driver_sql(
            "SELECT id, table_name, action, row_key, old, new FROM row_change "
            "WHERE operation_id = ? "
            "AND table_name = ? ORDER BY id", (op, table))])
        assert [(j["action"], j["row_key"], j["old"]) for j in journal] \
            == [("I", row[0], None) for row in rows]
        assert [json.loads(j["new"]) for j in journal] == [dict(row._mapping) for row in rows]
    lines = [line for week in results for line in (*week.xp_lines, *week.money_lines)]
    named = set(json.loads(characters))
    assert lines and {line.character_id for line in lines} <= named <= set(results[-1].after)


def test_another_seed_gives_another_report(
        two_copies: tuple[CampaignStore, CampaignStore]) -> None:
    a, b = two_copies
    assert run_week(store=a, seed=1).report.text() != run_week(store=b, seed=2).report.text()


# --- undo and redo ------------------------------------------------------------------------------


def test_undo_and_redo_a_week_exactly(demo_store: CampaignStore) -> None:
    ragnar = next(cid for cid, c in state(demo_store)["characters"].items()
                  if c.name == "Ragnar")
    add(demo_store, replace(SOLDIER, name="Sleepy", wounds=4, recovery_weeks=2),
        activity="rest")
    stu = add(demo_store, replace(SOLDIER, name="Student", iq=14), activity="study")
    start_study(store=demo_store, character_id=stu, key="climbing", teacher=True)  # 3 weeks
    run_weeks(store=demo_store, weeks=2, seed=40)
    before = state(demo_store)
    [applied] = run_weeks(store=demo_store, seed=42)  # the study ends: Climbing learned
    after = state(demo_store)
    assert after != before
    assert after["studies"][stu] == ()
    assert get_character(store=demo_store, character_id=stu).knows("climbing")
    assert (after["studies"][ragnar][0].weeks_done
            == before["studies"][ragnar][0].weeks_done + 1)
    assert undo(store=demo_store).operation.label == f"Ran week {applied.report.week} (seed 42)"
    assert state(demo_store) == before
    assert not get_character(store=demo_store, character_id=stu).knows("climbing")
    redo(store=demo_store)
    assert state(demo_store) == after
    undo(store=demo_store)
    assert state(demo_store) == before


def test_undo_restores_an_injured_and_found_character(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1, risk="3/3", find="3d/ST", damage_fail="1d",
          damage_save="1d")
    cid = add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    before = state(store)
    [applied] = run_weeks(store=store, seed=9, stop_on=frozenset({StopEvent.INJURY}))
    assert "was injured" in applied.report.stop
    hurt = get_character(store=store, character_id=cid)
    assert hurt.wounds > 0
    undo(store=store)
    assert state(store) == before
    redo(store=store)
    assert get_character(store=store, character_id=cid) == hurt
    assert get_assignment(store=store, character_id=cid).found


# --- several weeks ------------------------------------------------------------------------------


def test_several_quiet_weeks_run_them_all(store: CampaignStore) -> None:
    add(store, SOLDIER, activity="idle")
    results = run_weeks(store=store, weeks=3, seed=1)
    assert [a.report.week for a in results] == [1, 2, 3]
    assert all(a.report.stop == "" for a in results)
    assert state(store)["week"] == 4
    assert len({a.batch for a in results}) == 3
    assert [a.report.seed for a in results] == [1, 2, 3]


def test_an_injury_stops_the_run_only_when_asked(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1, risk="3/3", find="3d/ST", damage_fail="1",
          damage_save="1")
    add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    results = run_weeks(store=store, weeks=5, seed=1, dry_run=True)
    assert len(results) == 5 and all(a.report.stop == "" for a in results)
    results = run_weeks(store=store, weeks=5, seed=1, stop_on=frozenset({StopEvent.INJURY}))
    assert len(results) == 1
    assert results[0].report.stop == "Soldier was injured (1 hit)"
    assert "Stopped: Soldier was injured" in results[0].report.text()


def test_a_run_adds_up_per_character(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1, risk="3/3", find="3d/ST", damage_fail="1",
          damage_save="1")
    add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    add(store, replace(SOLDIER, name="Loafer"), activity="idle")
    results = run_weeks(store=store, weeks=4, seed=1)
    totals = {t.name: t for t in run_totals(results)}
    soldier = totals["Soldier"]
    assert (soldier.hits, soldier.worked, soldier.status) == (4, 4, "active")
    weeks = [cw for a in results for cw in a.report.characters if cw.name == "Soldier"]
    assert soldier.money == sum(cw.money for cw in weeks) > 0
    assert soldier.xp == sum(cw.xp for cw in weeks)
    assert (totals["Loafer"].worked, totals["Loafer"].xp) == (0, 0)
    assert totals["Loafer"].money < 0
    assert (soldier.st_now, totals["Loafer"].st_now) == (f"{18 - soldier.hits} of 18", "12")
    text = totals_text(results)
    assert text.splitlines()[0] == "Weeks 1-4: totals"
    assert "Hits taken" in text and "ST now" in text and "Weeks worked" in text


def test_a_wounded_worker_is_in_the_report_and_the_journal(store: CampaignStore) -> None:
    """The report says the hits and ST now and that a week of work heals none (the default
    reading); the journal's sentence says ST now; read the other way, the week heals them."""
    from tftmanager.app.campaign_journal import campaign_journal
    from tftmanager.rules.settings import WeekHealing

    add(store, replace(SOLDIER, wounds=3), activity="idle")
    [applied] = run_weeks(store=store, weeks=1, seed=1)
    [section] = applied.report.characters
    assert (section.wounds_after, section.st) == (3, 12)
    assert ("    Wounded: 3 hits taken, ST 9 of 12 now. An idle week heals none of them; a "
            "week of rest heals them all") in applied.report.text()
    told = [line.text for week in campaign_journal(store=store).weeks for line in week.lines]
    assert any(t.startswith("Soldier stayed idle") and t.endswith("; wounded, ST 9 of 12 now.")
               for t in told), told
    set_profile(store=store, profile=replace(get_profile(store=store),
                                             week_healing=WeekHealing.EVERY_WEEK))
    [applied] = run_weeks(store=store, weeks=1, seed=2)
    assert "Healed 3 hits: an idle week heals as rest does" in applied.report.text()
    assert applied.report.characters[0].wounds_after == 0
    assert state(store)["characters"][section.character_id].wounds == 0


def test_a_dying_figure_stops_the_run_and_acts_no_more(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1, risk="3/3", find="3d/ST", damage_fail="20+1d",
          damage_save="20+1d")
    cid = add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    [applied] = run_weeks(store=store, weeks=5, seed=1)
    assert "is dying" in applied.report.stop
    dying = get_character(store=store, character_id=cid)
    assert dying.status is Status.DYING
    assert dying.current_st <= 0
    before = state(store)
    [later] = run_weeks(store=store, seed=2)
    assert list(later.report.characters[0].lines) == ["Cannot act this week (dying)."]
    assert (later.xp_lines, later.money_lines) == ((), ())
    after = state(store)
    assert after["characters"] == before["characters"]
    assert after["assignments"] == before["assignments"]


def test_exactly_zero_st_is_dying(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1, risk="3/3", find="3d/ST", damage_fail="18",
          damage_save="18")
    cid = add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    [applied] = run_weeks(store=store, seed=1)
    assert get_character(store=store, character_id=cid).current_st == 0
    assert get_character(store=store, character_id=cid).status is Status.DYING
    assert "is dying" in applied.report.stop


def test_an_arrest_stops_the_run(store: CampaignStore) -> None:
    # A thief whose risk is always a disaster, no damage, and IQ too low to talk free.
    force(store, "thief_1", risk="3/3", find="3d/ST", min_weeks="1d", pay=10,
          damage_fail="0", damage_save="0")
    cid = add(store, replace(SOLDIER, st=18, iq=2), activity="job", job="thief_1")
    results = run_weeks(store=store, weeks=4, seed=6)
    assert len(results) == 1
    assert results[0].report.stop == "Soldier was arrested"
    assert get_character(store=store, character_id=cid).status is Status.ARRESTED
    assert get_character(store=store, character_id=cid).wounds == 0
    [later] = run_weeks(store=store, seed=7)
    assert list(later.report.characters[0].lines) == ["Cannot act this week (arrested)."]


def test_the_progress_callback_can_cancel(store: CampaignStore) -> None:
    add(store, SOLDIER, activity="idle")
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        calls.append((done, total))
        return done < 2

    results = run_weeks(store=store, weeks=6, seed=1, progress=progress)
    assert len(results) == 2
    assert calls == [(1, 6), (2, 6)]
    assert state(store)["week"] == 3
    dry_calls: list[tuple[int, int]] = []

    def dry_progress(done: int, total: int) -> bool:
        dry_calls.append((done, total))
        return done < 3

    dry = run_weeks(store=store, weeks=4, seed=1, dry_run=True, progress=dry_progress)
    assert len(dry) == 3 and dry_calls == [(1, 4), (2, 4), (3, 4)]
    assert state(store)["week"] == 3


def test_a_progress_callback_returning_none_does_not_cancel(store: CampaignStore) -> None:
    add(store, SOLDIER, activity="idle")
    def silent(done: int, total: int) -> bool:
        return None  # type: ignore[return-value]  # only False cancels

    assert len(run_weeks(store=store, weeks=3, seed=1, progress=silent)) == 3


@pytest.mark.parametrize("count", [0, -1, weeks.MAX_WEEKS + 1, True, 2.0])
def test_week_counts_out_of_range_are_refused(store: CampaignStore, count: Any) -> None:
    add(store, SOLDIER, activity="idle")
    before = state(store)
    with pytest.raises(WeekRefused, match="Run 1 to"):
        run_weeks(store=store, weeks=count, seed=1)
    assert state(store) == before


# --- the other activities -----------------------------------------------------------------------


def test_rest_heals_wounds_and_recovers(store: CampaignStore) -> None:
    cid = add(store, replace(SOLDIER, wounds=6, recovery_weeks=3), activity="rest")
    [applied] = run_weeks(store=store, seed=1)
    rested = get_character(store=store, character_id=cid)
    assert (rested.wounds, rested.recovery_weeks) == (0, 2)
    assert applied.report.characters[0].activity == "Rest and recovery"
    assert any("6 hits healed" in line for line in applied.report.characters[0].lines)
    assert (applied.xp_lines, applied.money_lines) == ((), ())
    run_weeks(store=store, weeks=3, seed=2)
    assert get_character(store=store, character_id=cid).recovery_weeks == 0


@pytest.mark.parametrize(("lifestyle", "first", "period"), [
    ("poor", 7, 30), ("middle", 16, 65), ("very_high", 50, 200)])
def test_idle_pays_the_weekly_upkeep(store: CampaignStore, lifestyle: str, first: int,
                                     period: int) -> None:
    cid = add(store, SOLDIER, activity="idle", lifestyle=lifestyle)
    [applied] = run_weeks(store=store, seed=1)
    [line] = applied.money_lines
    assert (line.character_id, line.amount, line.kind) == (cid, -first, "upkeep")
    assert "(now in debt)" in applied.report.characters[0].lines[0]
    run_weeks(store=store, weeks=3, seed=2)  # the rest of the 4-week period
    with store.transaction() as session:
        assert ledger.balance(session=session, character_id=cid,
                              table=MoneyEntryRow) == -period


def test_an_ineligible_character_lives_idle(store: CampaignStore) -> None:
    force(store, "guard_1", xp_week=1)
    add(store, replace(SOLDIER, st=8, dx=8), activity="job", job="guard_1")
    [applied] = run_weeks(store=store, seed=1)
    lines = applied.report.characters[0].lines
    assert lines[0].startswith("Not eligible for Guard 1: needs ST + DX 24 (has 16)")
    assert [(x.kind, x.amount) for x in applied.money_lines] == [("upkeep", -7)]  # week 1
    assert applied.xp_lines == ()


def test_study_advances_studies(store: CampaignStore) -> None:
    cid = add(store, replace(SOLDIER, iq=14), activity="study")
    start_study(store=store, character_id=cid, key="climbing", teacher=True)
    first, second = run_weeks(store=store, weeks=2, seed=1)
    assert list(first.report.characters[0].lines) == ["Studied Climbing: week 1 of 3."]
    assert list(second.report.characters[0].lines) == ["Studied Climbing: week 2 of 3."]
    [study] = state(store)["studies"][cid]
    assert (study.weeks_done, study.weeks_needed) == (2, 3)
    [applied] = run_weeks(store=store, seed=3)
    assert state(store)["studies"][cid] == ()
    assert get_character(store=store, character_id=cid).knows("climbing")
    assert list(applied.report.characters[0].lines) == ["Studied; learned Climbing.",
                                                  "Nothing left to study: now idle."]
    assert get_assignment(store=store, character_id=cid).activity == "idle"


def test_a_run_reads_the_studies_and_the_students_once(store: CampaignStore) -> None:
    """Twelve weeks of three students: their studies are read once, at the start."""
    students = [add(store, replace(SOLDIER, name=f"Student {n}", iq=14), activity="study")
                for n in range(3)]
    for cid in students:
        start_study(store=store, character_id=cid, key="climbing", teacher=True)  # 3 weeks
    reads: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            reads.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    try:
        run_weeks(store=store, weeks=12, seed=1, stop_on=frozenset())
    finally:
        event.remove(store.engine, "before_cursor_execute", seen)
    assert all(get_character(store=store, character_id=c).knows("climbing") for c in students)
    # the whole campaign's at the start, then each study only to remove it when it ends
    assert sum("FROM study" in r for r in reads) == 1 + len(students)
    # a character is read again only to write the talent it learned, once each
    assert sum("FROM character \nWHERE character.id = ?" in r for r in reads) == 3


def test_studying_nothing_says_so(store: CampaignStore) -> None:
    cid = add(store, SOLDIER, activity="study")
    [applied] = run_weeks(store=store, seed=1)
    assert list(applied.report.characters[0].lines) == ["Meant to study, but is studying nothing.",
                                                  "Nothing left to study: now idle."]
    assert get_assignment(store=store, character_id=cid).activity == "idle"


def test_a_study_that_cannot_be_learned_is_reported_once(store: CampaignStore) -> None:
    cid = add(store, replace(SOLDIER, iq=9), activity="study")  # 2 of 9 used
    start_study(store=store, character_id=cid, key="climbing", teacher=True)
    # Memory shrinks meanwhile (IQ 9 -> 2 would be silly; fill it with talents).
    full = replace(SOLDIER, iq=9, talents=tuple(KnownTalent(k) for k in (
        "sword", "axe_mace", "bow", "shield", "knife", "brawling")))
    edit_character(store=store, character_id=cid, character=full)
    reports = run_weeks(store=store, weeks=5, seed=1)
    lines = [line for week in reports for line in week.report.characters[0].lines]
    finished = [line for line in lines if line.startswith("Finished studying Climbing")]
    assert finished == ["Finished studying Climbing, but it does not fit in memory: it "
                        "waits for room (forget a talent or raise IQ)."]
    assert get_assignment(store=store, character_id=cid).activity == "idle"
    assert lines.count("Nothing left to study: now idle.") == 1
    [study] = state(store)["studies"][cid]
    assert study.weeks_done == study.weeks_needed


def test_studies_wait_while_working(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1)
    cid = add(store, replace(SOLDIER, iq=14), activity="job", job="garrison")
    start_study(store=store, character_id=cid, key="climbing", teacher=True)
    run_weeks(store=store, weeks=2, seed=1)
    [study] = state(store)["studies"][cid]
    assert study.weeks_done == 0


@pytest.mark.parametrize("status", [Status.DEAD, Status.ARRESTED, Status.DYING])
def test_the_dead_and_the_arrested_do_nothing(store: CampaignStore, status: Status) -> None:
    force(store, "garrison", xp_week=1)
    cid = add(store, replace(SOLDIER, status=status, wounds=3), activity="job", job="garrison")
    before = state(store)
    [applied] = run_weeks(store=store, seed=1)
    assert list(applied.report.characters[0].lines) == [f"Cannot act this week ({status.value})."]
    assert (applied.xp_lines, applied.money_lines) == ((), ())
    after = state(store)
    assert after["characters"] == before["characters"]
    assert after["assignments"] == before["assignments"]
    assert after["week"] == before["week"] + 1
    assert get_character(store=store, character_id=cid).status is status


def test_adventuring_does_nothing_automatically(store: CampaignStore) -> None:
    add(store, SOLDIER, activity="adventure")
    [applied] = run_weeks(store=store, seed=1)
    assert list(applied.report.characters[0].lines) == [
        "Adventuring (nothing happens automatically)."]


# --- assignments --------------------------------------------------------------------------------


def test_assignment_is_refused_with_the_reason(store: CampaignStore) -> None:
    cid = add(store, SOLDIER)
    for data, words in [
        (Assignment(activity="sleep"), "not an activity"),
        (Assignment(activity="job", job="pirate"), "not a job"),
        (Assignment(activity="job", job="garrison", officer="general"), "officer"),
        (Assignment(activity="idle", lifestyle="palace"), "not a lifestyle"),
    ]:
        with pytest.raises(WeekRefused, match=words):
            assign(store=store, character_id=cid, data=data)
    assert get_assignment(store=store, character_id=cid) == Assignment()


def test_a_new_job_starts_unfound_and_keeps_ranks_held(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=1, find="3d/ST")
    cid = add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    run_weeks(store=store, seed=1)
    found = get_assignment(store=store, character_id=cid)
    assert found.found and found.held == ("garrison",)
    # Changing only the lifestyle keeps the job found.
    assign(store=store, character_id=cid, data=replace(found, lifestyle="middle"))
    assert get_assignment(store=store, character_id=cid).found
    assign(store=store, character_id=cid,
           data=Assignment(activity="job", job="guard_1", found=True, weeks_left=9))
    changed = get_assignment(store=store, character_id=cid)
    assert (changed.found, changed.weeks_left, changed.held) == (False, 0, ("garrison",))


def test_wizard_ranks_climb_one_by_one(store: CampaignStore) -> None:
    magus = replace(SOLDIER, name="Apprentice", kind=CharacterKind.WIZARD, st=10, dx=10,
                    iq=12)
    cid = add(store, magus, activity="job", job="probationer")
    [applied] = run_weeks(store=store, seed=1)
    assert "must first hold the rank of Student" in applied.report.characters[0].lines[0]
    assign(store=store, character_id=cid, data=Assignment(activity="job", job="student"))
    run_weeks(store=store, seed=2)
    assign(store=store, character_id=cid,
           data=Assignment(activity="job", job="probationer"))
    [applied] = run_weeks(store=store, seed=3)
    assert not applied.report.characters[0].lines[0].startswith("Not eligible")
    assert get_assignment(store=store, character_id=cid).held == ("student", "probationer")


# --- the survival roll --------------------------------------------------------------------------


def test_a_survivor_wakes_weak_and_recovers(store: CampaignStore) -> None:
    cid = add(store, replace(SOLDIER, wounds=12, status=Status.DYING))
    result = survival_roll(store=store, character_id=cid, faces=(4, 4),
                           situation=Situation(st_now=0, original_st=12))
    assert result.outcome.survives and result.outcome.total == 9
    after = get_character(store=store, character_id=cid)
    assert (after.status, after.current_st, after.recovery_weeks) == (Status.ACTIVE, 0, 5)
    assert after == result.after


@pytest.mark.parametrize(("faces", "situation"), [
    ((1, 1), Situation(st_now=0, original_st=18, helper=Helper.MASTER)),   # 2 always dies
    ((3, 3), Situation(st_now=0, original_st=10)),                         # 6 < 8
    ((6, 6), Situation(st_now=-1, original_st=15)),                        # alone below 0
])
def test_a_failed_survival_roll_is_death(store: CampaignStore, faces: tuple[int, int],
                                         situation: Situation) -> None:
    cid = add(store, replace(SOLDIER, wounds=13, status=Status.DYING))
    result = survival_roll(store=store, character_id=cid, faces=faces, situation=situation)
    assert not result.outcome.survives
    assert get_character(store=store, character_id=cid).status is Status.DEAD


def test_survival_dice_must_be_dice(store: CampaignStore) -> None:
    cid = add(store, replace(SOLDIER, wounds=12, status=Status.DYING))
    with pytest.raises(WeekRefused, match="1 to 6"):
        survival_roll(store=store, character_id=cid, faces=(0, 7),
                      situation=Situation(st_now=0, original_st=12))
    assert get_character(store=store, character_id=cid).status is Status.DYING
    seeded = survival_roll(store=store, character_id=cid, seed=5,
                           situation=Situation(st_now=0, original_st=12))
    assert all(1 <= f <= 6 for f in seeded.outcome.faces)


def test_xp_ledger_rows_are_written_to_the_xp_table(store: CampaignStore) -> None:
    force(store, "garrison", xp_week=4, find="3d/ST", risk="3/99")
    cid = add(store, replace(SOLDIER, st=18, dx=4), activity="job", job="garrison")
    run_weeks(store=store, seed=1)
    with store.transaction() as session:
        assert ledger.balance(session=session, character_id=cid, table=XPEntryRow) >= 4


def test_jobs_of_characters_who_cannot_work_do_not_block_the_week(demo_store) -> None:
    from dataclasses import replace as _replace

    from tftmanager.app import assignments as _weeks
    from tftmanager.app import characters as _characters
    from tftmanager.app.campaigns import party_sheets as _sheets
    from tftmanager.rules.character import Status as _Status

    ids = {s.character.name: s.id for s in _sheets(store=demo_store)}
    wulf = ids["Wulf"]
    _weeks.assign(store=demo_store, character_id=wulf,
                  data=Assignment(activity="job", job="caravan"))
    assert any(key == "caravan" for key, _n, _f in _weeks.missing_values(store=demo_store))
    before = _characters.get_character(store=demo_store, character_id=wulf)
    _characters.edit_character(store=demo_store, character_id=wulf,
                               character=_replace(before, status=_Status.ARRESTED))
    assert all(key != "caravan" for key, _n, _f in _weeks.missing_values(store=demo_store))


def test_a_campaign_that_charges_upkeep_without_a_job_charges_a_week_of_rest(
        store: CampaignStore) -> None:
    cid = add(store, replace(SOLDIER, wounds=2), activity="rest", lifestyle="poor")
    [applied] = run_weeks(store=store, seed=1)
    assert applied.money_lines == ()  # the default: idle weeks only
    set_profile(store=store, profile=replace(get_profile(store=store), upkeep=Upkeep.NO_JOB))
    [applied] = run_weeks(store=store, seed=2)
    [line] = applied.money_lines
    assert (line.character_id, line.amount, line.kind) == (cid, -8, "upkeep")
    assert any(text.startswith("Upkeep: Poor lifestyle")
               for text in applied.report.characters[0].lines)


def test_the_collector_is_paused_for_a_run_and_resumed_after() -> None:
    """A run pauses Python's cycle collector (its passes were a fifth of a big run's time)."""
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_what_a_run_kept_is_set_aside_as_it_ends_and_a_failed_one_is_not() -> None:
    """Kept objects are frozen as the collector resumes (its first pass would walk them all).

    A block that fails is not set aside: what it made is garbage for the collector.
    """
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with pytest.raises(ValueError), collector_paused(keep=True):
        made = [[n] for n in range(1000)]
        raise ValueError(len(made))
    assert gc.get_freeze_count() == frozen and gc.isenabled()
    with collector_paused(keep=True):
        kept = [[n] for n in range(1000)]
    assert gc.get_freeze_count() >= frozen + len(kept)
    assert gc.isenabled()
    assert not any(found is kept for found in gc.get_objects())  # in no generation: frozen
