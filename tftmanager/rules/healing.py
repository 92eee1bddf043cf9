"""Wounds in a week between adventures that is not rest: what it heals, and the report's words.

A week of rest heals as the job rules' ``[rest]`` entry says
(``calendar.rest``).  Whether a week of work, study or idleness heals is in
no document: the campaign option ``week_healing`` holds the reading
(``settings.WeekHealing``; by default only rest heals).  A worker still
wounded after the week gets a line saying so (hits taken, ST now) and what
the campaign's reading will do about it, with the words it is read from and
where, so the GM never has to guess why Wulf is still at ST 7.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from tftmanager.rules.assignment import Activity
from tftmanager.rules.character import Character, Status
from tftmanager.rules.option_references import reading_reference
from tftmanager.rules.settings import WeekHealing
from tftmanager.rules.text import count, st_now

# The words each reading rests on, quoted in the report (the option's explanation
# quotes them in full).
_QUOTED = {
    WeekHealing.REST_ONLY: "a survivor recovers 'every week the person rests'",
    WeekHealing.EVERY_WEEK: "hits are erased 'since he will take time to recover before "
                            "another fight'",
}


def _week_name(activity: Activity, worked: bool) -> str:
    """"A week of work", "A week of study", "An idle week": the week the line speaks of."""
    if activity is Activity.JOB:
        return "A week of work" if worked else "A week without work"
    return "A week of study" if activity is Activity.STUDY else "An idle week"


def weeks_to_recover(character: Character, rest_heals_all: bool) -> int:
    """Weeks before the character is whole (a week's rest, when rest heals every wound)."""
    return max(character.recovery_weeks, 1 if character.wounds and rest_heals_all else 0)


def heals_busy_weeks(healing: WeekHealing, rest_heals_all: bool) -> bool:
    """Whether a week of work, study or idleness heals the wounds carried into it."""
    return healing is WeekHealing.EVERY_WEEK and rest_heals_all


@cache  # a constant per reading: a year of a wounded party's weeks asked it thousands of times
def _reading(healing: WeekHealing) -> str:
    """"our reading of TFT Rules Expansion, Death and Dying: a survivor recovers '...'"."""
    reference = reading_reference("week_healing", healing)
    where = f" of {reference.shown()}" if reference is not None else ""
    return f"our reading{where}: {_QUOTED[healing]}"


def _still_wounded(after: Character, week: str, healing: WeekHealing,
                   rest_heals_all: bool) -> str:
    """The line for a figure the week leaves wounded: hits, ST now, what will heal them."""
    if heals_busy_weeks(healing, rest_heals_all):
        what = "The next week away from adventure heals them"
    elif healing is WeekHealing.EVERY_WEEK:
        what = ("Every week heals as rest does, and rest heals no wounds in this campaign: "
                "record healing by hand")
    elif rest_heals_all:
        what = f"{week} heals none of them; a week of rest heals them all"
    else:
        what = (f"{week} heals none of them, nor does rest in this campaign: record "
                "healing by hand")
    return (f"Wounded: {count(after.wounds, 'hit')} taken, ST {st_now(after.st, after.wounds)} "
            f"now. {what} ({_reading(healing)}).")


def busy_week_healing(before: Character, after: Character, activity: Activity, *,
                      worked: bool, healing: WeekHealing,
                      rest_heals_all: bool) -> tuple[Character, tuple[str, ...]]:
    """The figure after a week of work, study or idleness, healed as the campaign reads it.

    ``before`` is the figure as the week began (its wounds are the ones the
    week may heal; hits taken during the week stay until the next); ``after``
    is the figure as the week's work left it.  Returns it with the report's
    lines.  A figure that cannot act (dying, arrested) is left to its status.
    """
    if activity not in (Activity.JOB, Activity.STUDY, Activity.IDLE) \
            or after.status is not Status.ACTIVE or not (before.wounds or after.wounds):
        return after, ()
    week = _week_name(activity, worked)
    lines = []
    healed = min(before.wounds, after.wounds) if heals_busy_weeks(healing, rest_heals_all) \
        else 0
    if healed:
        after = replace(after, wounds=after.wounds - healed)
        lines.append(f"Healed {count(healed, 'hit')}: {week.lower()} heals as rest does "
                     f"({_reading(healing)}).")
    if after.wounds:
        lines.append(_still_wounded(after, week, healing, rest_heals_all))
    return after, tuple(lines)
