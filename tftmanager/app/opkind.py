"""What sort of action an operation is: the history's filter, and the journal's kind column."""

from __future__ import annotations

from enum import StrEnum


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
