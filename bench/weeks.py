"""Benchmark: 52 job weeks run as one operation, against the bare rules loop.

The app's run (``app.weeks.run_weeks``: one operation, the party read once,
written once, journalled) is timed on a fresh copy of the same campaign each
time.  The bare loop runs the same rules (derive, eligibility, the job week)
on the same characters with no store; the ratio of each pair of runs says what
the store adds.  Runs alternate app and bare loop so machine noise hits both.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tftmanager.app import assignments, weeks
from tftmanager.app.campaigns import new_campaign, open_existing
from tftmanager.app.library import library_for
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.job_week import eligibility, run_job_week
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile
from tftmanager.store import queries
from tftmanager.store import weeks as week_store

JOBS = ("garrison", "guard_1", "war_1")
# A trial slowdown (seconds slept in each timed run of the app): to see the guard fail.
TRIAL_SLOWDOWN = float(os.environ.get("TFTM_BENCH_TRIAL_SLOWDOWN", "0") or 0)


def _character(i: int) -> Character:
    return Character(name=f"Soldier {i:04d}", race="human", st=12 + i % 3, dx=12, iq=8,
                     items=outfit(armor="leather", weapons=("broadsword",),
                                  ready_weapon="broadsword"),
                     talents=(KnownTalent("sword"), KnownTalent("shield")))


def make_weeks_campaign(path: Path, count: int) -> RulesLibrary:
    """A campaign of ``count`` soldiers, each assigned a job; returns its library."""
    store = new_campaign(path=path, name="Bench weeks")
    try:
        for job in ("garrison", "guard_1"):
            assignments.set_job_value(store=store, job=job, field_name="xp_week", value=1)
        with store.operation("bench", "Bench party") as op:
            for i in range(count):
                stored = queries.insert_character(session=op.session,
                                                  campaign_id=store.campaign_id,
                                                  character=_character(i))
                week_store.set_assignment(
                    session=op.session, character_id=stored.id,
                    data=Assignment(activity=Activity.JOB, job=JOBS[i % 3]))
        return library_for(store)
    finally:
        store.close()


def time_app_run(template: Path, folder: Path, weeks_to_run: int) -> float:
    """Seconds for ``run_weeks`` on a fresh copy of the campaign (open and close not counted)."""
    copy = folder / f"run-{time.monotonic_ns()}.tftcampaign"
    shutil.copyfile(template, copy)
    store = open_existing(path=copy)
    try:
        start = time.perf_counter()
        done = weeks.run_weeks(store=store, weeks=weeks_to_run, seed=1, stop_on=frozenset())
        time.sleep(TRIAL_SLOWDOWN)
        seconds = time.perf_counter() - start
    finally:
        store.close()
    assert len(done) == weeks_to_run, len(done)
    return seconds


def time_bare_loop(library: RulesLibrary, count: int, weeks_to_run: int) -> float:
    """Seconds for the same rules on the same characters, with no store at all."""
    catalogue = library.jobs
    assert catalogue is not None
    profile = RuleProfile()
    party = [_character(i) for i in range(count)]
    start = time.perf_counter()
    for week in range(weeks_to_run):
        dice = Dice(random.Random(week))
        for i, character in enumerate(party):
            job = catalogue.jobs[JOBS[i % 3]]
            assignment = Assignment(job.key, found=week > 0)
            eligibility(character, job, catalogue, library, assignment)
            run_job_week(character, derive(character, library, profile), job, assignment,
                         catalogue, dice)
    return time.perf_counter() - start


def bench_weeks(count: int = 100, weeks_to_run: int = 52, runs: int = 3) -> dict[str, Any]:
    """Paired runs: the app's whole run of weeks, and the bare rules loop."""
    app, bare = [], []
    with tempfile.TemporaryDirectory(prefix="tftm-weeks-") as tmp:
        template = Path(tmp) / "weeks.tftcampaign"
        library = make_weeks_campaign(template, count)
        time_app_run(template, Path(tmp), 1)  # warm imports and caches; not counted
        for _ in range(runs):
            app.append(time_app_run(template, Path(tmp), weeks_to_run))
            bare.append(time_bare_loop(library, count, weeks_to_run))
    return {"seconds": statistics.median(app), "reference_seconds": statistics.median(bare),
            "ratio": statistics.median(a / b for a, b in zip(app, bare, strict=True)),
            "runs": runs, "all_seconds": app, "all_reference_seconds": bare}


if __name__ == "__main__":
    print(bench_weeks())
