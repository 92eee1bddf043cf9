"""What a character does with a campaign week: its activity and how it works a job.

This is the one definition of a weekly assignment: the rules read it, the
store maps rows to it, the app and the GUI pass it around.  ``found``,
``weeks_left`` and ``held`` are the job's progress, kept by the week itself.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tftmanager.rules.records import Record


class Activity(enum.StrEnum):
    """What a character does with a campaign week (stored as its text)."""

    JOB = "job"
    STUDY = "study"
    REST = "rest"
    ADVENTURE = "adventure"
    IDLE = "idle"

    @property
    def label(self) -> str:
        """Word for the week planner."""
        return _LABELS[self]


_LABELS = {Activity.JOB: "Job", Activity.STUDY: "Study", Activity.REST: "Rest and recovery",
           Activity.ADVENTURE: "Adventuring", Activity.IDLE: "Idle"}


@dataclass(frozen=True, eq=False, repr=False)
class Assignment(Record):
    """A character's weekly activity, and how it works its job.

    ``job`` comes first so a job week can be written ``Assignment("garrison")``;
    ``lifestyle`` is what an idle week (or an ineligible job week) costs;
    ``held`` lists every job the character has worked (wizard ranks climb one
    by one).
    """

    job: str = ""
    officer: str = ""
    mounted: bool = False
    flying_mount: bool = False
    own_lifestyle: bool = False
    self_employed: bool = False
    found: bool = False
    weeks_left: int = 0
    activity: Activity = Activity.IDLE
    lifestyle: str = "poor"
    held: tuple[str, ...] = ()

    def same_work(self, other: Assignment) -> bool:
        """True when both are the same activity, job and rank (progress carries over)."""
        return (self.activity, self.job, self.officer) == (other.activity, other.job,
                                                           other.officer)
