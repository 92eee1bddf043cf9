"""The campaign's story: each recorded operation told in plain sentences.

Pure (no store, no Qt): ``tell`` turns what the journal knows of one
operation (its kind, its label in the user's words, its week, and for a run
of weeks the week reports it wrote) into sentences a GM can send the group.
The labels are written by the use cases in a small number of shapes; each
shape has a sentence here, and anything else (a kind added later, such as
encounters) falls back to its label, so every operation still reads well.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tftmanager.rules.text import st_now

WEEK_RUN = re.compile(r"^Ran weeks? (\d+)(?:-(\d+))? \(seed \d+\)$")


@dataclass(frozen=True)
class OpFacts:
    """What the journal holds of one operation (done, not undone)."""

    id: int
    kind: str
    label: str
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


def weeks_of_run(label: str) -> range | None:
    """The weeks a "Ran weeks 5-8 (seed 1)" operation covers, or None for another label."""
    match = WEEK_RUN.match(label)
    if match is None:
        return None
    first = int(match.group(1))
    last = int(match.group(2) or first)
    return range(first, last + 1)


def sentence(text: str) -> str:
    """Capitalised, ending with a full stop (a label read as a sentence)."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _money(amount: str) -> str:
    return amount if amount.startswith("$") else f"${amount}"


# Each pattern matches one shape of label a use case writes; the function makes the sentence.
_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _award(m: re.Match[str]) -> str:
    who, amount, why = m.group("who"), int(m.group("amount").replace(",", "")), m.group("why")
    if amount < 0:
        return f"{who} lost {-amount:,} XP ({why})."
    if who == "Party award":
        return f"The party earned {amount:,} XP each: {why}."
    if who[0].isupper() and " to " in who and who.split()[-1].isdigit():
        return f"{who.split(' to ')[0]} awards of {amount:,} XP to {who.split()[-1]} " \
               f"characters: {why}."
    return f"{who} earned {amount:,} XP: {why}."


_EXPERIENCE: list[_Rule] = [
    (re.compile(r"^(?P<who>.+?): (?P<attr>ST|DX|IQ|SP|Skill Points) (?P<a>\d+) -> (?P<b>\d+) "
                r"\((?P<cost>[\d,]+) XP\)$"),
     lambda m: f"{m['who']} raised {m['attr']} from {m['a']} to {m['b']} for {m['cost']} XP."),
    (re.compile(r"^(?P<who>.+?): memory (?P<a>\d+) -> (?P<b>\d+) \((?P<cost>[\d,]+) XP\)$"),
     lambda m: f"{m['who']} bought a memory point ({m['a']} to {m['b']}) for {m['cost']} XP."),
    (re.compile(r"^(?P<who>.+?): (?P<amount>[+-][\d,]+) XP, (?P<why>.+)$"), _award),
]

_EQUIPMENT: list[_Rule] = [
    (re.compile(r"^(?P<who>.+?): bought (?P<what>.+) \(\$(?P<price>[\d,]+)\)$"),
     lambda m: f"{m['who']} bought {m['what']} for ${m['price']}."),
    (re.compile(r"^(?P<who>.+?): took (?P<what>.+) \(\$0\)$"),
     lambda m: f"{m['who']} took {m['what']}."),
    (re.compile(r"^(?P<who>.+?): sold (?P<what>.+) for \$(?P<price>[\d,]+)$"),
     lambda m: f"{m['who']} sold {m['what']} for ${m['price']}."),
    (re.compile(r"^(?P<who>.+?): got rid of (?P<what>.+)$"),
     lambda m: f"{m['who']} got rid of {m['what']}."),
    (re.compile(r"^(?P<who>.+?): repaired (?P<what>.+) \(\$(?P<price>[\d,]+)\)$"),
     lambda m: f"{m['who']} had {m['what']} repaired for ${m['price']}."),
    (re.compile(r"^(?P<who>.+?): given (?P<what>.+)$"),
     lambda m: f"{m['who']} was given {m['what']}."),
    (re.compile(r"^(?P<who>.+?): (?P<what>.+) stopped (?P<n>\d+) more hits?$"),
     lambda m: f"{m['who']}'s {m['what'][0].lower() + m['what'][1:]} stopped "
               f"{m['n']} more hit{'' if m['n'] == '1' else 's'}."),
    (re.compile(r"^(?P<who>.+?): \+\$(?P<amount>[\d,]+), (?P<why>.+)$"),
     lambda m: f"{m['who']} received ${m['amount']}: {m['why']}."),
    (re.compile(r"^(?P<who>.+?): -\$(?P<amount>[\d,]+), (?P<why>.+)$"),
     lambda m: f"{m['who']} paid ${m['amount']}: {m['why']}."),
]

_CHARACTER: list[_Rule] = [
    (re.compile(r"^Added (?P<who>.+)$"), lambda m: f"{m['who']} joined the party."),
    (re.compile(r"^Deleted (?P<who>.+)$"), lambda m: f"{m['who']} left the party."),
    (re.compile(r"^Duplicated (?P<a>.+) as (?P<b>.+)$"),
     lambda m: f"{m['b']} was made as a copy of {m['a']}."),
    (re.compile(r"^(?P<who>.+?): wounds (?P<a>\d+) -> (?P<b>\d+)$"),
     lambda m: f"{m['who']} took {int(m['b']) - int(m['a'])} hits (wounds now {m['b']})."
     if int(m["b"]) > int(m["a"]) else f"{m['who']}'s wounds went from {m['a']} to {m['b']}."),
    # Other edits of the record (ST 8 -> 20, then 20 -> 12 at session zero) are typing,
    # not play: History keeps them, the story tells nothing.
    (re.compile(r"^(?P<who>.+?): (?P<what>.+ -> .+)$"), lambda m: ""),
]

_WEEK: list[_Rule] = [
    (re.compile(r"^(?P<who>.+?): survival roll (?P<a>\d)\+(?P<b>\d) = (?P<t>-?\d+), "
                r"(?P<fate>survived|died)$"),
     lambda m: f"{m['who']} rolled {m['a']}+{m['b']} for survival (total {m['t']}) and "
               f"{m['fate']}."),
    (re.compile(r"^Advanced to week (?P<w>\d+) \(studies only\)$"),
     lambda m: f"A week of study passed; the campaign moved on to week {m['w']}."),
]

_LIBRARY: list[_Rule] = [
    (re.compile(r"^Library: saved (?P<what>.+)$"),
     lambda m: f"The rules library was changed: {m['what']} saved."),
    (re.compile(r"^Library: deleted (?P<what>.+)$"),
     lambda m: f"The rules library was changed: {m['what']} deleted."),
    (re.compile(r"^Library imported \((?P<n>\d+) entries\)$"),
     lambda m: f"A new rules library was imported ({m['n']} entries)."),
]

_JOBS: list[_Rule] = [
    (re.compile(r"^(?P<who>.+?): works as (?P<job>.+)$"),
     lambda m: f"{m['who']} took a job as {m['job']}."),
    (re.compile(r"^(?P<who>.+?): assigned to (?P<what>.+)$"),
     lambda m: f"{m['who']} was assigned to {m['what']} in the weeks ahead."),
]

_RULES: dict[str, list[_Rule]] = {
    "experience": _EXPERIENCE, "equipment": _EQUIPMENT, "character": _CHARACTER,
    "week": _WEEK, "library": _LIBRARY, "jobs": _JOBS,
}

_PREFIX = {"settings": "Campaign rules changed: ", "library": "Rules library: "}


def _from_label(kind: str, label: str) -> str:
    for pattern, make in _RULES.get(kind, ()):
        match = pattern.match(label)
        if match is not None:
            return make(match)
    return sentence(_PREFIX.get(kind, "") + label)


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
    if op.kind == "week" and weeks_of_run(op.label) is not None:
        lines = _week_lines(op)
        if lines:
            return lines
    text = _from_label(op.kind, op.label)
    if not text:
        return []
    return [StoryLine(op.week, op.kind, text, frozenset(op.characters), op.id, op.when)]


def tell_all(ops: Sequence[OpFacts]) -> list[StoryLine]:
    """The story of many operations, oldest first, week by week."""
    lines = [line for op in sorted(ops, key=lambda o: o.id) for line in tell(op)]
    return sorted(lines, key=lambda line: line.week)  # stable: order within a week kept
