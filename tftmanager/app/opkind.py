"""What sort of action an operation is, and the bounds of the journal's undo limit.

Kept apart from ``app.journal`` so every use case can name its kind without
importing undo itself.
"""

from __future__ import annotations

from enum import StrEnum

from tftmanager.refusal import Refusal


class OpKind(StrEnum):
    """The families of user action; every use case that writes names one."""

    CHARACTER = "character"
    EXPERIENCE = "experience"
    EQUIPMENT = "equipment"
    ABILITIES = "abilities"
    LIBRARY = "library"
    JOBS = "jobs"
    WEEK = "week"
    SETTINGS = "settings"
    IMPORT = "import"
    ENCOUNTER = "encounter"
    NOTES = "notes"


UNDO_LIMIT_RANGE = (1, 10_000)


class UndoLimitRefused(Refusal, ValueError):
    """An undo limit outside its bounds; the message says what they are."""


def check_undo_limit(limit: int) -> None:
    """Refuse an undo limit that is not a whole number within the bounds."""
    low, high = UNDO_LIMIT_RANGE
    if isinstance(limit, bool) or not isinstance(limit, int) or not low <= limit <= high:
        raise UndoLimitRefused(f"The undo limit is {low} to {high:,} operations.")
