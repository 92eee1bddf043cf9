"""How the learning categories change study time: ``[study]`` of experience.toml.

Kept apart from the experience tables (``rules.xp_tables``) because the
library builds it only when a study is first timed (``rules.library_parts``):
a listing never does, and its factors are fractions (``fractions`` and
``decimal`` load with them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class StudyRules(Record):
    """How the learning categories change study time ([study] in experience.toml)."""

    alone_times: dict[int, Fraction]
    teacher_times: dict[int, Fraction]
    instructor_from: int
    on_the_job: int
    willpower_talent: str
    willpower_times: Fraction

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> StudyRules:
        """Read ``[study]``: every category studied alone or taught needs its factor."""
        try:
            rules = cls(
                alone_times={int(k): Fraction(str(v)) for k, v in doc["alone_times"].items()},
                teacher_times={int(k): Fraction(str(v))
                               for k, v in doc["teacher_times"].items()},
                instructor_from=int(doc["instructor_from"]),
                on_the_job=int(doc["on_the_job"]),
                willpower_talent=str(doc["willpower_talent"]),
                willpower_times=Fraction(str(doc["willpower_times"])),
            )
        except (KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError) as exc:
            raise RulesDataError(f"Study rules are malformed: {exc}") from exc
        lacking = [c for c in range(1, rules.instructor_from) if c not in rules.alone_times]
        lacking += [c for c in range(1, 6) if c not in rules.teacher_times]
        if lacking:
            raise RulesDataError(f"Study rules give no time factor for categories {lacking}")
        return rules
