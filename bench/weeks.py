"""Benchmark: 52 job weeks for a party of 100, against the bare rules loop.

The bare loop runs the same rules (derive, eligibility, the job week) on the
same characters with no store; the ratio says what the store adds.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from tftmanager.app import assignments, weeks
from tftmanager.app.campaigns import new_campaign
from tftmanager.app.library import library_for
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.job_week import eligibility, run_job_week
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile
from tftmanager.store import queries
from tftmanager.store import weeks as week_store

JOBS = ("garrison", "guard_1", "war_1")


def _character(i: int) -> Character:
    return Character(name=f"Soldier {i:03d}", race="human", st=12 + i % 3, dx=12, iq=8,
                     items=outfit(armor="leather", weapons=("broadsword",),
                                  ready_weapon="broadsword"),
                     talents=(KnownTalent("sword"), KnownTalent("shield")))


def bench_weeks(count: int = 100, weeks_to_run: int = 52) -> dict[str, Any]:
    """Seconds for the app to run the weeks, and for the bare rules loop."""
    with tempfile.TemporaryDirectory(prefix="tftm-weeks-") as tmp:
        store = new_campaign(path=Path(tmp) / "weeks.tftcampaign", name="Bench weeks")
        for job in ("garrison", "guard_1"):
            assignments.set_job_value(store=store, job=job, field_name="xp_week", value=1)
        with store.operation("bench", "Bench party") as op:
            session = op.session
            for i in range(count):
                stored = queries.insert_character(session=session,
                                                  campaign_id=store.campaign_id,
                                                  character=_character(i))
                week_store.set_assignment(
                    session=session, character_id=stored.id,
                    data=Assignment(activity=Activity.JOB, job=JOBS[i % 3]))
        start = time.perf_counter()
        for week in range(weeks_to_run):
            weeks.run_week(store=store, seed=week)
        app_seconds = time.perf_counter() - start
        library = library_for(store)
        store.close()
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
    bare_seconds = time.perf_counter() - start
    ratio = app_seconds / bare_seconds
    return {
        "name": "job_weeks",
        "seconds": app_seconds,
        "bare_seconds": bare_seconds,
        "ratio": ratio,
        "text": (f"{weeks_to_run} weeks for {count} characters: {app_seconds:.2f} s; bare "
                 f"rules loop {bare_seconds:.2f} s; the store adds {ratio:.1f}x"),
    }


if __name__ == "__main__":
    print(bench_weeks()["text"])
