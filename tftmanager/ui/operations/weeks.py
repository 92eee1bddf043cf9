"""Weekly assignments, job values the scan lost, running weeks, survival rolls.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tftmanager.app import (
    assignments,
    survival,
    weeks,
)
from tftmanager.app.week_report import AppliedWeek, NeedsValues
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.survival import Situation
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent
from tftmanager.ui.session import CampaignSession, Ran

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def assign(session: CampaignSession, character_id: int, data: Assignment) -> bool:
    """Set a character's weekly activity (undoable)."""
    return session.act("Assign", assignments.assign, character_id=character_id,
                       data=data).done


def set_job_value(session: CampaignSession, job: str, field_name: str, value: int | str) -> bool:
    """Remember a value the GM supplied (in the campaign's library); False when refused."""
    return session.act("Set job value", assignments.set_job_value, job=job, field_name=field_name,
                       value=value).done


def run_weeks(session: CampaignSession, count: int, seed: int | None = None, *,
              dry_run: bool = False, stop_on: frozenset[StopEvent] = DEFAULT_STOP_ON,
              parent: QWidget | None = None) -> Ran[list[AppliedWeek]]:
    """Run (or dry-run) weeks through the one use case, ``weeks.run_weeks``.

    Several weeks show a progress bar whose Cancel stops after the week in
    hand (the weeks done are kept).  A refusal is shown, except NeedsValues,
    which comes back in ``refusal`` so the caller may ask for the missing
    job values and try again.  A real run is one operation.
    """
    return session.act_long(
        "Dry run" if dry_run else f"Run {count} week{'s' if count != 1 else ''}",
        weeks.run_weeks, weeks=count, seed=seed, dry_run=dry_run, stop_on=stop_on,
        steps=count, parent=parent, text="Rolling weeks…" if dry_run else "Running weeks…",
        answers=(NeedsValues,), writes=not dry_run)


def survival_roll(session: CampaignSession, character_id: int, situation: Situation,
                  seed: int | None = None) -> survival.SurvivalResult | None:
    """Roll for a dying character (undoable)."""
    return session.act("Survival roll", survival.survival_roll, character_id=character_id,
                       situation=situation, seed=seed).value
