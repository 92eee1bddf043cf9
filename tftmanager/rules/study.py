"""Studying talents over weeks (the expansion's learning categories).

The base time is the talent's memory cost times the campaign's weeks per
point (the documents give no base time, so it is a setting).  Category then
decides whether a teacher is needed and how time changes (the library's
``[study]``, as shipped):

1. alone at base time; a teacher cuts it by 25%;
2. alone takes 25% longer;
3. alone takes twice as long;
4. only with an instructor;
5. only with an instructor and on-the-job training.

Willpower cuts the result by 10%.  Weeks are whole: a part week rounds up.
A cost exception may fix the time instead (a Woodsman learns Snowshoe in one
winter, 13 weeks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from tftmanager.rules.abilities import Talent
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.memory import talent_cost
from tftmanager.rules.records import Record
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.text import count


@dataclass(frozen=True, eq=False, repr=False)
class StudyTerms(Record):
    """How a study would go: weeks needed, or why it cannot be done this way."""

    talent: str
    weeks: int | None
    refusal: str = ""

    @property
    def possible(self) -> bool:
        """True when the talent can be studied on these terms."""
        return self.weeks is not None


def study_weeks(
    talent: Talent,
    character: Character,
    library: RulesLibrary,
    profile: RuleProfile,
    *,
    teacher: bool,
    on_the_job: bool = False,
) -> StudyTerms:
    """Weeks this character needs to learn a talent, alone or with a teacher."""
    for exception in library.cost_exceptions:
        if (exception.talent == talent.key and exception.study_weeks is not None
                and all(character.knows(k) for k in exception.when_known)):
            return StudyTerms(talent.key, exception.study_weeks)
    rules = library.study_rules()
    category = talent.category
    if category >= rules.instructor_from and not teacher:
        return StudyTerms(talent.key, None,
                          f"{talent.name} (category {category}) can only be learned with "
                          "an instructor.")
    if category >= rules.on_the_job and not on_the_job:
        return StudyTerms(talent.key, None,
                          f"{talent.name} (category {category}) also needs on-the-job "
                          "training.")
    base = Fraction(talent_cost(talent, character, library, profile)
                    * profile.study_weeks_per_point)
    weeks = base * (rules.teacher_times if teacher else rules.alone_times)[category]
    if character.knows(rules.willpower_talent):
        weeks *= rules.willpower_times
    return StudyTerms(talent.key, max(1, math.ceil(weeks)))


def study_progress(done: int, needed: int) -> str:
    """A study's progress in the GM's words, the same on the card, the panel and reports.

    A study at its full length that is still stored is one whose talent did
    not fit in memory when it finished: it waits for room rather than
    pretending to progress.
    """
    if done >= needed:
        return f"finished after {count(needed, 'week')}, waiting for room in memory"
    return f"week {done} of {needed}"


def all_prerequisites(key: str, library: RulesLibrary) -> set[str]:
    """Every talent that must be known before this one, however far back."""
    found: set[str] = set()
    todo = list(library.talents[key].requires) if key in library.talents else []
    while todo:
        current = todo.pop()
        if current in found:
            continue
        found.add(current)
        talent = library.talents.get(current)
        if talent is not None:
            todo.extend(talent.requires)
    return found


def concurrent_conflict(new: str, studying: list[str], library: RulesLibrary) -> str:
    """Why ``new`` cannot be studied alongside ``studying`` ("" when it can).

    A talent and any of its prerequisites cannot be studied at the same time.
    """
    names = library.talents
    for other in studying:
        if other == new:
            return f"{names[new].name} is already being studied."
        if other in all_prerequisites(new, library):
            return (f"{names[other].name} is a prerequisite of {names[new].name}: "
                    "they cannot be studied at the same time.")
        if new in all_prerequisites(other, library):
            return (f"{names[new].name} is a prerequisite of {names[other].name}: "
                    "they cannot be studied at the same time.")
    return ""
