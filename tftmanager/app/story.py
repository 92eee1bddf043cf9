"""The campaign's story: each recorded operation told in plain sentences.

Pure (no store, no Qt): ``tell`` turns what the journal knows of one
operation (its kind, its deed, its week, and for a run of weeks the week
reports it wrote) into sentences a GM can send the group.  The sentence of a
deed is ``deed_words.told_as``: the story reads the data the operation kept,
never its label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tftmanager.app.deed_words import sentence, told_as
from tftmanager.app.deeds import Deed, weeks_run
from tftmanager.rules.text import st_now


@dataclass(frozen=True)
class OpFacts:
    """What the journal holds of one operation (done, not undone)."""

    id: int
    kind: str
    deed: Deed
    week: int
    when: datetime
    characters: tuple[int, ...] = ()
    # For a run of weeks: each week's report as the week log stores it (JSON objects).
    reports: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class StoryLine:
    """One sentence of the story, with what the filters need."""

    week: int
    kind: str
    text: str
    characters: frozenset[int] = field(default_factory=frozenset)
    operation_id: int = 0
    when: datetime | None = None


def _activity(activity: str) -> str:
    if activity.startswith("Job: "):
        return f"worked as {activity[5:]}"
    return {"Study": "studied", "Rest and recovery": "rested", "Adventuring": "adventured",
            "Idle": "stayed idle"}.get(activity, activity.lower())


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def character_week(report: Mapping[str, Any]) -> str:
    """One character's week as a sentence: what it did, earned, suffered."""
    name = str(report.get("name", "Someone"))
    doing = _activity(str(report.get("activity", "")))
    gains = []
    if report.get("money"):
        amount = int(report["money"])
        gains.append(f"earned ${amount:,}" if amount > 0
                     else f"paid ${-amount:,} for food and lodging")
    if report.get("xp"):
        gains.append(f"gained {int(report['xp']):,} XP")
    events = [str(e) for e in report.get("events", ())]
    activity = str(report.get("activity", ""))
    first = str(next(iter(report.get("lines", ())), "")).rstrip(".")
    text = f"{name} {doing}"
    if first and (activity == "Study" or (activity.startswith("Job: ")
                                          and not report.get("worked"))):
        text = f"{name} {first[0].lower()}{first[1:]}"  # "studied Horsemanship: week 1 of 4"
    parts = [", ".join(gains)] if gains else []
    if events:
        parts.append(" and ".join(events))
    wounds, st = int(report.get("wounds_after", 0)), int(report.get("st", 0))
    if wounds and st and not any("dying" in e for e in events):
        parts.append(f"wounded, ST {st_now(st, wounds)} now")
    return text + (": " + "; ".join(parts) if parts else "") + "."


def _week_lines(op: OpFacts) -> list[StoryLine]:
    lines = []
    for report in op.reports:
        week = int(report.get("week", op.week))
        for section in report.get("characters", ()):
            cid = section.get("character_id")
            lines.append(StoryLine(week, op.kind, character_week(section),
                                   frozenset({cid}) if isinstance(cid, int) else frozenset(),
                                   op.id, op.when))
        if report.get("stop"):
            lines.append(StoryLine(week, op.kind, sentence(f"The run stopped: {report['stop']}"),
                                   frozenset(), op.id, op.when))
    return lines


def tell(op: OpFacts) -> list[StoryLine]:
    """The sentences of one operation (a run of weeks: one per character per week)."""
    if weeks_run(op.deed) is not None:
        lines = _week_lines(op)
        if lines:
            return lines
    text = told_as(op.kind, op.deed)
    if not text:
        return []
    return [StoryLine(op.week, op.kind, text, frozenset(op.characters), op.id, op.when)]


def tell_all(ops: Sequence[OpFacts]) -> list[StoryLine]:
    """The story of many operations, oldest first, week by week."""
    lines = [line for op in sorted(ops, key=lambda o: o.id) for line in tell(op)]
    return sorted(lines, key=lambda line: line.week)  # stable: order within a week kept
