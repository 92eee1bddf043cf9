"""The party board: every figure's readiness for the next adventure, in one table.

Each row is computed by the rules core (``derive``, ``next_cost``, the rest
rule, the problems of ``evaluate``) from what the campaign holds, read in a
handful of bulk queries so a party of a thousand opens at once.  Sort keys
are computed here, once, so the table sorts without asking the rules again.
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from dataclasses import dataclass

from tftmanager.app.library import library_for
from tftmanager.app.sheet import Sheet, evaluate
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Status
from tftmanager.rules.experience import next_cost
from tftmanager.rules.healing import weeks_to_recover
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import Severity
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.text import dollars
from tftmanager.store import ledger, queries
from tftmanager.store import study as study_store
from tftmanager.store import weeks as week_store
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.study import StudyData


class Readiness(enum.IntEnum):
    """How much a figure needs the GM, worst first (the board's colour and icon)."""

    DYING = 0
    ARRESTED = 1
    HURT = 2
    PROBLEM = 3
    READY = 4
    DEAD = 5

    @property
    def label(self) -> str:
        """The word shown beside the colour, for those who cannot see it."""
        return _READINESS_LABELS[self]


_READINESS_LABELS = {
    Readiness.DYING: "Dying: survival roll", Readiness.ARRESTED: "Arrested",
    Readiness.HURT: "Recovering", Readiness.PROBLEM: "Needs a look",
    Readiness.READY: "Ready", Readiness.DEAD: "Dead",
}


@dataclass(frozen=True)
class BoardRow:
    """One figure's readiness, with what every column shows and sorts by."""

    id: int
    name: str
    readiness: Readiness
    status: str  # working, studying, arrested, dying, recovering, resting, idle, dead
    st_now: int
    st_full: int
    wounds: int
    weeks_to_recover: int
    fatigue: int  # ST spent on spells and not yet rested off (gone by the next week)
    mount_fatigue: int  # a mount's fatigue a turn under its load (0 on foot or unloaded)
    ma: int
    mount_ma: int | None  # a rider's mount's MA under its load
    adj_dx: int
    load_kg: float  # what the figure carries; a rider: what the mount carries, rider included
    carry_kg: float | None  # what the mount can carry at a run; None: no limit in the rules
    money: int
    xp: int
    next_cost: int | None
    studying: str
    study_weeks_left: int
    job: str
    problems: tuple[str, ...]

    @property
    def needs(self) -> tuple[str, ...]:
        """What needs the GM, in words (the readiness and the rules problems)."""
        out = [] if self.readiness is Readiness.READY else [self.readiness.label]
        return (*out, *self.problems)

    @property
    def can_raise(self) -> bool:
        """Whether the unspent XP buys the next attribute point."""
        return self.next_cost is not None and self.xp >= self.next_cost

    def sort_key(self, column: str) -> tuple[object, ...]:
        """The precomputed key of a column (ties broken by name)."""
        value = getattr(self, column, None)
        if column == "readiness":
            value = int(self.readiness)
        elif column == "st_now":
            value = self.st_now - self.st_full  # most hurt first
        elif column == "problems":
            value = len(self.problems)
        elif column == "load_kg" and self.carry_kg:
            value = self.load_kg / self.carry_kg
        if value is None:
            value = -1
        return (value if not isinstance(value, str) else value.casefold(),
                self.name.casefold())


def _status(character_status: Status, assignment: Assignment, wounds: int,
            recovery: int) -> str:
    if character_status is not Status.ACTIVE:
        return character_status.value
    if wounds or recovery:
        return "recovering"
    return {Activity.JOB: "working", Activity.STUDY: "studying", Activity.REST: "resting",
            Activity.ADVENTURE: "adventuring"}.get(assignment.activity, "idle")


def _readiness(sheet: Sheet) -> Readiness:
    character = sheet.character
    worst = {Status.DYING: Readiness.DYING, Status.ARRESTED: Readiness.ARRESTED,
             Status.DEAD: Readiness.DEAD}.get(character.status)
    if worst is not None:
        return worst
    if character.wounds or character.recovery_weeks:
        return Readiness.HURT
    if sheet.errors:
        return Readiness.PROBLEM
    return Readiness.READY


def _job(assignment: Assignment, catalogue: JobCatalogue | None) -> str:
    if assignment.activity is not Activity.JOB:
        return assignment.activity.label
    job = catalogue.jobs.get(assignment.job) if catalogue is not None else None
    name = job.name if job is not None else assignment.job.replace("_", " ").capitalize()
    return name + (f" ({assignment.officer})" if assignment.officer else "")


@dataclass(frozen=True)
class _Ledgers:
    money: dict[int, int]
    xp: dict[int, int]
    assignments: dict[int, Assignment]
    studies: dict[int, tuple[StudyData, ...]]


def board_row(sheet: Sheet, library: RulesLibrary, profile: RuleProfile,
              ledgers: _Ledgers, catalogue: JobCatalogue | None) -> BoardRow:
    """One figure's row, from the rules core."""
    cid = sheet.id or 0
    character, derived = sheet.character, sheet.derived
    assignment = ledgers.assignments.get(cid, Assignment())
    studies = ledgers.studies.get(cid, ())
    tables = library.xp_costs
    mount = derived.mount
    heals = catalogue is not None and catalogue.rest_heals_all
    carrying = library.equipment_rules
    return BoardRow(
        id=cid, name=character.name, readiness=_readiness(sheet),
        status=_status(character.status, assignment, character.wounds,
                       character.recovery_weeks),
        st_now=character.current_st, st_full=character.st, wounds=character.wounds,
        weeks_to_recover=weeks_to_recover(character, heals), fatigue=character.fatigue,
        mount_fatigue=mount.fatigue if mount else 0,
        ma=derived.ma, mount_ma=mount.ma if mount else None,
        adj_dx=derived.adj_dx,
        load_kg=round(mount.load_kg if mount else derived.carried_kg, 1),
        carry_kg=(carrying.most_carried_kg(character.mount)
                  if character.mount and carrying is not None else None),
        money=ledgers.money.get(cid, 0), xp=ledgers.xp.get(cid, 0),
        next_cost=next_cost(character, tables, profile) if tables else None,
        studying=", ".join(_talent_name(library, s.talent) for s in studies),
        study_weeks_left=sum(max(0, s.weeks_needed - s.weeks_done) for s in studies),
        job=_job(assignment, catalogue),
        problems=tuple(p.message for p in sheet.problems if p.severity is Severity.ERROR),
    )


def _talent_name(library: RulesLibrary, key: str) -> str:
    talent = library.talents.get(key)
    return talent.name if talent else key


def party_board(*, store: CampaignStore,
                only: Collection[int] | None = None) -> list[BoardRow]:
    """Every figure's row (or ``only`` these ids'), by name, in a few bulk queries.

    ``only`` serves an edit or an award: the rules core runs for those figures alone.
    """
    library = library_for(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
        ledgers = _Ledgers(
            ledger.balances(session=session, campaign_id=store.campaign_id,
                            table=ledger.MONEY),
            ledger.balances(session=session, campaign_id=store.campaign_id, table=ledger.XP),
            week_store.all_assignments(session=session, campaign_id=store.campaign_id),
            study_store.campaign_studies(session=session, campaign_id=store.campaign_id))
    catalogue = library.jobs  # None when the campaign's library has no job rules
    sheets = [evaluate(s.character, library, profile, id=s.id, uid=s.uid) for s in stored
              if only is None or s.id in only]
    return sorted((board_row(s, library, profile, ledgers, catalogue) for s in sheets),
                  key=lambda r: r.name.casefold())


# The board's columns: header, the BoardRow field its sort key reads, and the cell's text.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("Name", "name"), ("Needs the GM", "readiness"), ("Status", "status"),
    ("ST now/full", "st_now"), ("Wounds", "wounds"), ("Weeks to recover", "weeks_to_recover"),
    ("Fatigue", "fatigue"), ("MA", "ma"), ("Adj DX", "adj_dx"), ("Load", "load_kg"),
    ("Money", "money"), ("XP", "xp"), ("Next point", "next_cost"),
    ("Studying", "studying"), ("Job", "job"), ("Problems", "problems"),
)


def _fatigue(row: BoardRow) -> str:
    """The figure's own fatigue, and its mount's under load, apart."""
    parts = ([str(row.fatigue)] if row.fatigue else []) + (
        [f"mount {row.mount_fatigue}"] if row.mount_fatigue else [])
    return "; ".join(parts)


def cells(row: BoardRow) -> tuple[str, ...]:
    """Every column's text, in the words the board (and its printed page) shows."""
    load = f"{row.load_kg:g} kg"
    if row.carry_kg:
        load += f" of {row.carry_kg:g} (mount)"
    ma = f"{row.ma} (mounted {row.mount_ma})" if row.mount_ma is not None else str(row.ma)
    study = (f"{row.studying} ({row.study_weeks_left} wk left)" if row.studying else "")
    return (
        row.name, "; ".join(row.needs) or "Ready", row.status,
        f"{row.st_now}/{row.st_full}", str(row.wounds) if row.wounds else "",
        str(row.weeks_to_recover) if row.weeks_to_recover else "",
        _fatigue(row), ma, str(row.adj_dx), load,
        dollars(row.money), f"{row.xp:,}",
        (f"{row.next_cost:,}" + (" (can raise)" if row.can_raise else ""))
        if row.next_cost is not None else "", study, row.job,
        "; ".join(row.problems),
    )
