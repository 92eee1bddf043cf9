"""What a run of weeks reports and keeps: the report, each week's before and after.

Shared by running weeks (``weeks``), assignments (``assignments``) and the
survival roll (``survival``), so none of them imports another for its types.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.refusal import Refusal
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.text import st_now
from tftmanager.store import queries
from tftmanager.store import study as study_store
from tftmanager.store import weeks as week_store
from tftmanager.store.ledger import LedgerLine, Written
from tftmanager.store.study import StudyData


class WeekRefused(Refusal, ValueError):
    """A week that cannot be run as asked; the message says why."""


class NeedsValues(WeekRefused):
    """Assigned jobs have values the scan lost; the GM must supply them first."""

    def __init__(self, missing: list[tuple[str, str, tuple[str, ...]]]) -> None:
        self.missing = missing
        names = "; ".join(f"{name}: {', '.join(fields)}" for _key, name, fields in missing)
        super().__init__(f"Set these job values first (the scan lost them): {names}.")


@dataclass(slots=True)
class CharacterWeek:
    """One character's week in the report.

    Its lines, rolls and events are the rules' own tuples (``WeekResult``),
    not copies: a year's run keeps thousands of these until it is shown, and
    each copied list was one more object to make and for Python's cycle
    collector to walk once the run ends.
    """

    character_id: int
    name: str
    activity: str
    lines: tuple[str, ...] = ()
    rolls: tuple[str, ...] = ()
    xp: int = 0
    money: int = 0
    wounds: int = 0
    events: tuple[str, ...] = ()
    worked: bool = False
    # Hits not yet healed after the week, and ST (a wounded worker's journal line).
    wounds_after: int = 0
    st: int = 0


# A character's part of a week as the week log keeps it (to_json), in this order.
SECTION_FIELDS = ("character_id", "name", "activity", "lines", "rolls", "xp", "money", "wounds",
                  "events", "worked", "wounds_after", "st")
_SECTION_ROW = attrgetter(*SECTION_FIELDS)  # a part's values in that order, in one call


@dataclass
class WeekReport:
    """A week that was run (or dry-run): the seed and every character's week."""

    week: int
    seed: int
    characters: list[CharacterWeek]
    stop: str = ""

    def text(self) -> str:
        """The report as plain text (CLI, session log)."""
        out = [f"Week {self.week} (seed {self.seed})"]
        for cw in self.characters:
            out.append(f"  {cw.name} — {cw.activity}")
            out += [f"    roll {r}" for r in cw.rolls]
            out += [f"    {line}" for line in cw.lines]
        if self.stop:
            out.append(f"  Stopped: {self.stop}")
        return "\n".join(out)

    def to_json(self) -> str:
        """For the week log: each character's part as a row of values, in ``SECTION_FIELDS``.

        A year of a party's weeks is thousands of parts; naming every field in
        each (the format before schema 17, which ``story_reads`` still reads)
        was about a third of the log's bytes, and of the time to write it.
        """
        return json.dumps({
            "week": self.week, "seed": self.seed, "stop": self.stop, "fields": SECTION_FIELDS,
            "rows": list(map(_SECTION_ROW, self.characters)),  # each a tuple: a JSON array
        }, check_circular=False,  # plain data: no cycle to look for
            separators=(",", ":"))  # ASCII (the rolls' dashes escaped): no wide string to encode


@dataclass(frozen=True)
class Snapshot:
    """A character's state that a week can change."""

    character: Character
    assignment: Assignment
    studies: tuple[StudyData, ...]


class WeekLines(NamedTuple):
    """A week's part of the ledger lines its run wrote: lines ``*_at`` to ``*_to``."""

    xp: Written
    xp_at: int
    xp_to: int
    money: Written
    money_at: int
    money_to: int


@dataclass(frozen=True)
class AppliedWeek:
    """A week a run wrote: its report, its ledger lines, everyone as it left them."""

    report: WeekReport
    batch: str
    after: dict[int, Snapshot]
    written: WeekLines
    changes: Changes

    @property
    def xp_lines(self) -> tuple[LedgerLine, ...]:
        """The experience lines the week wrote, in the order written."""
        found = self.written
        return found.xp.lines(found.xp_at, found.xp_to)

    @property
    def money_lines(self) -> tuple[LedgerLine, ...]:
        """The money lines the week wrote, in the order written."""
        found = self.written
        return found.money.lines(found.money_at, found.money_to)


def catalogue_of(library: RulesLibrary) -> JobCatalogue:
    """The campaign's job catalogue (refused when its library has none)."""
    if library.jobs is None:
        raise WeekRefused("This campaign's library has no job catalogue.")
    return library.jobs


def party_snapshots(session: Session, campaign_id: int) -> dict[int, Snapshot]:
    """Everyone's state in a handful of queries, whatever the party size."""
    stored = queries.list_characters(session=session, campaign_id=campaign_id)
    assignments = week_store.all_assignments(session=session, campaign_id=campaign_id)
    studies = study_store.campaign_studies(session=session, campaign_id=campaign_id)
    return {s.id: Snapshot(s.character, assignments.get(s.id, Assignment()),
                           studies.get(s.id, ())) for s in stored}


@dataclass(frozen=True)
class RunTotals:
    """One character's totals over a run of weeks (the table above the rolls)."""

    name: str
    xp: int
    money: int
    hits: int
    st_now: str
    status: str
    worked: int


def run_totals(results: list[AppliedWeek]) -> list[RunTotals]:
    """Per character, what a run of weeks added up to, in report order.

    Twelve weeks of a dozen characters are thousands of lines of rolls; the
    GM first wants who earned what, who is hurt and who is in trouble.
    """
    if not results:
        return []
    sums: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for applied in results:
        for cw in applied.report.characters:
            names[cw.character_id] = cw.name
            row = sums.setdefault(cw.character_id, [0, 0, 0, 0])
            row[0] += cw.xp
            row[1] += cw.money
            row[2] += cw.wounds
            row[3] += int(cw.worked)
    last = {cid: snap.character for cid, snap in results[-1].after.items()}
    return [RunTotals(names[cid], xp, money, hits,
                      st_now(last[cid].st, last[cid].wounds) if cid in last else "",
                      last[cid].status.value if cid in last else "", worked)
            for cid, (xp, money, hits, worked) in sums.items()]


TOTALS_HEADER = ("Character", "XP", "Money", "Hits taken", "ST now", "Status", "Weeks worked")


def totals_text(results: list[AppliedWeek]) -> str:
    """The totals as a plain-text table (the command line prints it first)."""
    first, last = results[0].report.week, results[-1].report.week
    rows = [TOTALS_HEADER] + [
        (t.name, f"{t.xp:+d}", f"{t.money:+d}", str(t.hits), t.st_now, t.status, str(t.worked))
        for t in run_totals(results)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(TOTALS_HEADER))]
    out = [f"Weeks {first}-{last}: totals"]
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) if i != 4 else c.ljust(w)
                                             for i, (c, w) in enumerate(
                                                 zip(row[1:], widths[1:], strict=True))]
        out.append("  " + "  ".join(cells).rstrip())
    return "\n".join(out)
