"""The entries of a stat block's lists: "Shield (1)", "2 Javelins", "Leather stops 2", "Mace 2+1".

A list is cut at commas and semicolons outside parentheses.  Each entry keeps
its name (the text outside parentheses), the details inside them (split at
commas: "2d", "ready", "fine +1 DX"), a count ("2 javelins", "javelin x2") and
the line it starts on, so a name the library does not hold can be reported
where it was written.  What a detail means (a talent's cost, a weapon's
damage, a quantity) is decided by the application, which knows the section.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cache

from tftmanager.rules.records import Record

_COUNT_BEFORE = re.compile(r"^(\d{1,9})\s*[x×]?\s+(?=\D)", re.IGNORECASE)
_COUNT_AFTER = re.compile(r"\s*[x×]\s*(\d{1,9})$", re.IGNORECASE)
# Damage written after a weapon's name without parentheses, as adventures print it:
# "Mace 2+1", "Broadsword 2d", "Club 1d+2" (Melee's "2+1" is 2d+1). A bare number is
# a count or part of a name ("Torches 3"), never damage.
_DAMAGE_AFTER = re.compile(r"\s+(\d{1,2}d(?:\s*[+-]\s*\d{1,2})?|\d{1,2}\s*[+-]\s*\d{1,2})$",
                           re.IGNORECASE)
_STOPS = re.compile(r"\s+(stops?\s+\d+)(?:\s+hits?(?:\s*/\s*attack|\s+per\s+attack)?)?\s*$",
                    re.IGNORECASE)


@dataclass(frozen=True, eq=False, repr=False)
class ListEntry(Record):
    """One entry of a list as written."""

    text: str
    name: str
    details: tuple[str, ...]
    count: int
    line: int


@cache
def _marks(marks: str) -> re.Pattern[str]:
    return re.compile("[()" + re.escape(marks) + "]")


def outside_parentheses(text: str, marks: str) -> list[int]:
    """Where any of ``marks`` stands outside parentheses (one regex scan: linear, and fast)."""
    depth, found = 0, []
    for match in _marks(marks).finditer(text):
        char = match.group()
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0:
            found.append(match.start())
    return found


def _cut(text: str) -> list[tuple[int, str]]:
    """The entries with their offsets, cut at top-level commas and semicolons.

    A bullet list ("• Powerstone, 5 ST (emerald)") is cut at its bullets only.
    """
    parts: list[tuple[int, str]] = []
    start = 0
    for i in outside_parentheses(text, "•" if "•" in text else ",;"):
        parts.append((start, text[start:i]))
        start = i + 1
    parts.append((start, text[start:]))
    return parts


def _entry(raw: str, line: int) -> ListEntry | str:
    """An entry, or what is wrong with it."""
    text = raw.strip().rstrip(".").strip()
    if text.count("(") != text.count(")"):
        return f"'{text}' has unbalanced parentheses"
    details: list[str] = []
    outside = ""
    depth = 0
    inside = ""
    for char in text if "(" in text else ():
        if char == "(":
            depth += 1
            if depth == 1:
                inside = ""
                continue
        if char == ")":
            depth -= 1
            if depth < 0:
                return f"'{text}' has unbalanced parentheses"
            if depth == 0:
                details += [d.strip() for d in re.split(r"[,;]", inside) if d.strip()]
                continue
        if depth:
            inside += char
        else:
            outside += char
    name = " ".join((outside if "(" in text else text).split())
    stops = _STOPS.search(" " + name)
    if stops:
        details.append(stops.group(1).lower())
        name = (" " + name)[:stops.start()].strip()
    damage = _DAMAGE_AFTER.search(name)
    if damage and damage.start() > 0:
        details.append(damage.group(1).replace(" ", ""))
        name = name[:damage.start()].strip()
    count = 1
    before, after = _COUNT_BEFORE.match(name), _COUNT_AFTER.search(name)
    if before:
        count, name = int(before.group(1)), name[before.end():]
    elif after:
        count, name = int(after.group(1)), name[:after.start()]
    if not name.strip():
        return f"'{text}' has no name"
    return ListEntry(text, name.strip(), tuple(details), count, line)


def split_entries(text: str, starts: list[tuple[int, int]]
                  ) -> tuple[list[ListEntry], list[tuple[int, str]]]:
    """The entries of a list and its problems as (line, message).

    ``starts`` maps offsets in ``text`` to the line each continuation began on.
    """
    offsets = [offset for offset, _ in starts]
    entries: list[ListEntry] = []
    problems: list[tuple[int, str]] = []
    for offset, raw in _cut(text):
        if not raw.strip():
            continue
        lead = offset + len(raw) - len(raw.lstrip())
        line = starts[max(bisect.bisect_right(offsets, lead) - 1, 0)][1]
        found = _entry(raw, line)
        if isinstance(found, str):
            problems.append((line, found))
        else:
            entries.append(found)
    return entries, problems
