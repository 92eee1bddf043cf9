"""Weekly assignments, job values the scan lost, running weeks, survival rolls.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from collections.abc import Callable

from tftmanager.app import (
    assignments,
    survival,
    weeks,
)
from tftmanager.app.changes import Changes
from tftmanager.app.week_report import AppliedWeek
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.survival import Situation
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent
from tftmanager.ui.session import CampaignSession


def assign(session: CampaignSession, character_id: int, data: Assignment) -> bool:
    """Set a character's weekly activity (undoable)."""
    return session.run("Assign", lambda: assignments.assign(
        store=session.store, character_id=character_id, data=data)) is not None


def set_job_value(session: CampaignSession, job: str, field_name: str, value: int | str) -> bool:
    """Remember a value the GM supplied (in the campaign's library); False when refused."""
    return session.run("Set job value", lambda: assignments.set_job_value(
        store=session.store, job=job, field_name=field_name, value=value)) is not None


def run_weeks(session: CampaignSession, count: int, seed: int | None = None,
              progress: Callable[[int, int], bool] | None = None, *,
              dry_run: bool = False,
              stop_on: frozenset[StopEvent] = DEFAULT_STOP_ON) -> list[AppliedWeek]:
    """Run (or dry-run) weeks through the one use case, ``weeks.run_weeks``.

    Its refusals (NeedsValues, WeekRefused) reach the caller, which may ask
    for the missing values and try again.  A real run is one operation.
    """
    results = weeks.run_weeks(store=session.store, weeks=count, seed=seed, dry_run=dry_run,
                              progress=progress, stop_on=stop_on)
    if not dry_run:
        for applied in results:
            session.signals.changes_applied.emit(applied.changes)
        session.signals.journal_changed.emit()
    return results


def survival_roll(session: CampaignSession, character_id: int, situation: Situation,
                  seed: int | None = None) -> survival.SurvivalResult | None:
    """Roll for a dying character (undoable)."""
    result = session.run("Survival roll", lambda: survival.survival_roll(
        store=session.store, character_id=character_id, situation=situation, seed=seed))
    if result is not None:
        session.signals.changes_applied.emit(Changes(characters=frozenset({character_id})))
    return result
