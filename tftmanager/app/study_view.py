"""A study in progress as the windows show it, from the store or from the start-up preview."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.study import study_progress


class StudyValues(Protocol):
    """What a study's stored values hold (``store.study.StudyData``, a preview's row)."""

    @property
    def id(self) -> int: ...
    @property
    def talent(self) -> str: ...
    @property
    def weeks_done(self) -> int: ...
    @property
    def weeks_needed(self) -> int: ...
    @property
    def teacher(self) -> bool: ...


@dataclass(frozen=True)
class StudyView:
    """A study in progress, for display."""

    id: int
    talent: str
    name: str
    weeks_done: int
    weeks_needed: int
    teacher: bool

    @property
    def progress(self) -> str:
        """"week 2 of 4", or finished and waiting for room in memory."""
        return study_progress(self.weeks_done, self.weeks_needed)

    @property
    def waiting(self) -> bool:
        """Finished, but the talent did not fit in memory."""
        return self.weeks_done >= self.weeks_needed


def study_view(study: StudyValues, library: RulesLibrary) -> StudyView:
    """The study under the talent's name in this library (its key when the library lacks it)."""
    talent = library.talents.get(study.talent)
    return StudyView(study.id, study.talent, talent.name if talent else study.talent,
                     study.weeks_done, study.weeks_needed, study.teacher)
