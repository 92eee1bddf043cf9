"""Running job weeks: the one use case the GUI and the command line both call.

Running a week resolves the whole party at once with one seeded generator
(each character's week is decided by :func:`tftmanager.rules.week.resolve_week`).
A run of weeks reads the party once, carries it from week to week in memory
and writes everything (XP, money, wounds, study progress, upkeep, assignment
progress, the log) once at the end, in the one transaction of its operation:
all or nothing, and one undo takes the whole run back.  A dry run rolls every
week and writes nothing.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from sqlmodel import Session

from tftmanager.app.abilities import StudyWeek, progress_studies
from tftmanager.app.assignments import missing_in
from tftmanager.app.changes import Changes
from tftmanager.app.deed_words import record
from tftmanager.app.deeds import Event, deed
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.app.week_report import (
    AppliedWeek,
    CharacterWeek,
    NeedsValues,
    Snapshot,
    WeekLines,
    WeekRefused,
    WeekReport,
    catalogue_of,
    party_snapshots,
)
from tftmanager.collector import collector_paused
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.study import study_progress
from tftmanager.rules.text import REASON_MAX
from tftmanager.rules.week import (
    DEFAULT_STOP_ON,
    StopEvent,
    WeekResult,
    resolve_week,
)
from tftmanager.store import ledger, queries
from tftmanager.store import weeks as week_store
from tftmanager.store.campaign import CampaignStore

__all__ = ["MAX_WEEKS", "AppliedWeek", "draw_seed", "run_week", "run_weeks"]

MAX_WEEKS = 520


class _DryRun(Exception):
    """Raised inside the transaction to roll a dry run back."""


def draw_seed() -> int:
    """A fresh seed for a run whose caller gave none (shown in every report)."""
    return random.SystemRandom().randrange(2**31)


def run_weeks(
    *, store: CampaignStore, weeks: int = 1, seed: int | None = None, dry_run: bool = False,
    progress: Callable[[int, int], bool] | None = None,
    stop_on: frozenset[StopEvent] = DEFAULT_STOP_ON,
) -> list[AppliedWeek]:
    """Run weeks one after another as one operation; stop early where the GM must decide.

    ``stop_on`` names the events that end the run after their week (by
    default a dying figure and an arrest; an injury only when asked).

    Refused (NeedsValues) while an assigned job has values the scan lost.
    Week ``i`` is rolled with ``seed + i``, so a dry run shows exactly the
    weeks a real run with the same seed will write.  The run is one
    transaction, so a failure part-way applies no week, and one undo takes
    the run back.  ``progress(done, total)`` is called after each week and
    may return False to stop: the weeks finished by then are kept, and
    reported.  A dry run rolls every week on from the one before and then
    writes nothing.
    """
    if isinstance(weeks, bool) or not isinstance(weeks, int) or not 1 <= weeks <= MAX_WEEKS:
        raise WeekRefused(f"Run 1 to {MAX_WEEKS} weeks at a time.")
    base = seed if seed is not None else draw_seed()
    weeks_done: list[_Week] = []
    results: list[AppliedWeek] = []
    try:
        with collector_paused(keep=True), store.operation(OpKind.WEEK) as op:
            library = library_for(store, session=op.session)  # read in the run's transaction
            catalogue = catalogue_of(library)
            run = _Run.start(op.session, store.campaign_id)
            if not run.party:  # the calendar stays where it is
                raise WeekRefused("Nobody to run: the campaign has no characters yet. "
                                  "Add or import one first.")
            missing = missing_in(run.party, catalogue)
            if missing:
                raise NeedsValues(missing)
            for i in range(weeks):
                week = _resolve(op.session, run, library, catalogue,
                                Dice(random.Random(base + i)), base + i, stop_on)
                weeks_done.append(week)
                if (progress is not None and progress(i + 1, weeks) is False) \
                        or week.report.stop:
                    break
            results = run.finish(op.session, weeks_done)
            record(op, deed(Event.WEEKS, first=results[0].report.week,
                            last=results[-1].report.week, seed=base))
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass
    return results


def run_week(*, store: CampaignStore, seed: int, dry_run: bool = False) -> AppliedWeek:
    """Resolve one week for the whole party."""
    return run_weeks(store=store, weeks=1, seed=seed, dry_run=dry_run)[0]




@dataclass
class _Week:
    """One week resolved in memory; the run writes it with the others at the end."""

    report: WeekReport
    batch: str
    week: int
    before: dict[int, Snapshot]
    after: dict[int, Snapshot]
    xp: int = 0  # how many XP lines and money lines it wrote
    money: int = 0


@dataclass
class _Run:
    """A run of weeks carried in memory, written once when it ends.

    The party is read once; each week starts from the snapshots the week
    before left, so a year of weeks costs one read and one write of each
    changed row (the journal records each once, and undo stays exact).
    """

    campaign_id: int
    profile: RuleProfile
    party: dict[int, Snapshot]
    balances: dict[int, int]
    week: int
    characters: dict[int, Character] = field(default_factory=dict)
    assignments: dict[int, Assignment] = field(default_factory=dict)
    xp: ledger.Columns = field(default_factory=ledger.Columns)
    money: ledger.Columns = field(default_factory=ledger.Columns)
    order: list[int] = field(default_factory=list)  # the report's order: by name, set once

    def __post_init__(self) -> None:
        self.order = sorted(self.party, key=lambda cid: self.party[cid].character.name.casefold())

    @classmethod
    def start(cls, session: Session, campaign_id: int) -> _Run:
        """Everything the weeks read, read once."""
        campaign = queries.campaign(session=session, campaign_id=campaign_id)
        return cls(campaign_id, queries.rule_profile(session=session, campaign_id=campaign_id),
                   party_snapshots(session, campaign_id),
                   ledger.balances(session=session, campaign_id=campaign_id,
                                   table=ledger.MONEY), campaign.week)

    def finish(self, session: Session, weeks: list[_Week]) -> list[AppliedWeek]:
        """Write the run in a few bulk statements and report each week with its lines."""
        queries.update_scalars(session=session, changed=self.characters)
        week_store.set_assignments(session=session, campaign_id=self.campaign_id,
                                   changed=self.assignments)
        xp = ledger.append_columns(session=session, table=ledger.XP, columns=self.xp)
        money = ledger.append_columns(session=session, table=ledger.MONEY, columns=self.money)
        week_store.log_weeks(session=session, campaign_id=self.campaign_id,
                             weeks=[(done.week, done.report.seed, done.batch,
                                     done.report.to_json()) for done in weeks])
        queries.set_campaign(session=session, campaign_id=self.campaign_id, week=self.week)
        xp_at = money_at = 0  # the lines are in the order written: each week's in a run
        applied = []
        for done in weeks:
            lines = WeekLines(xp, xp_at, xp_at + done.xp, money, money_at,
                              money_at + done.money)
            xp_at, money_at = lines.xp_to, lines.money_to
            applied.append(AppliedWeek(done.report, done.batch, done.after, lines,
                                       Changes(characters=frozenset(done.before), ledger=True,
                                               week=True)))
        return applied


def _resolve(session: Session, run: _Run, library: RulesLibrary, catalogue: JobCatalogue,
             dice: Dice, seed: int, stop_on: frozenset[StopEvent]) -> _Week:
    """One week for everyone, from the party as the week before left it."""
    batch = str(uuid.uuid4())
    lines = len(run.xp), len(run.money)
    before = run.party
    after = dict(before)
    sections = []
    stops: list[str] = []
    balances, week_no = run.balances, run.week
    # The lines' columns, each appended to where the week finds a line (``ledger.Columns``).
    xp_cid, xp_amount, xp_kind, xp_reason, xp_week, xp_batch = (
        column.append for column in run.xp.lists())
    money_cid, money_amount, money_kind, money_reason, money_week, money_batch = (
        column.append for column in run.money.lists())
    for cid in run.order:
        snap = before[cid]
        result = resolve_week(snap.character, snap.assignment, library=library,
                              catalogue=catalogue, profile=run.profile, dice=dice,
                              week=week_no, balance=balances.get(cid, 0))
        money = xp = 0
        for w in result.xp:  # the character's XP and money, kept until the run writes
            xp += w.amount
            xp_cid(cid)
            xp_amount(w.amount)
            xp_kind(w.kind)
            xp_reason(w.reason[:REASON_MAX])
            xp_week(week_no)
            xp_batch(batch)
        if result.money:
            for w in result.money:
                money_cid(cid)
                money_amount(w.amount)
                money_kind(w.kind)
                money_reason(w.reason[:REASON_MAX])
                money_week(week_no)
                money_batch(batch)
                money += w.amount
            balances[cid] = balances.get(cid, 0) + money
        section = CharacterWeek(cid, snap.character.name, result.activity, result.lines,
                                result.rolls, xp, money, result.wounds,
                                result.events, result.worked, result.character.wounds,
                                result.character.st)
        if result.kinds:
            stops += [f"{section.name} {event}" for kind, event in
                      zip(result.kinds, result.events, strict=True) if kind in stop_on]
        if result.studies or result.character is not snap.character \
                or result.assignment is not snap.assignment:  # else as the week found it
            after[cid] = _carry(session, run, library, cid, snap, result, section)
        sections.append(section)
    week = _Week(WeekReport(run.week, seed, sections, "; ".join(stops)), batch, run.week,
                 before, after, len(run.xp) - lines[0], len(run.money) - lines[1])
    run.party = after
    run.week += 1
    return week


def _carry(session: Session, run: _Run, library: RulesLibrary, cid: int, snap: Snapshot,
           result: WeekResult, section: CharacterWeek) -> Snapshot:
    """A character as the week left it; a student's studies are written at once."""
    character, assignment, studies = result.character, result.assignment, snap.studies
    if result.studies:
        done = progress_studies(session=session, library=library, profile=run.profile,
                                character_id=cid, character=character, studies=studies)
        section.lines = (*section.lines, *_study_lines(library, done))
        if not _still_studying(done):
            assignment = replace(assignment, activity=Activity.IDLE)
        character, studies = done.character, done.left
    # A week that changed nothing hands back the very objects it was given; a character
    # is compared field by field (the costly part) only when it is a new object.
    changed = character is not snap.character and character != snap.character
    if changed:
        run.characters[cid] = character  # its scalars, written with the others at the end
    moved = assignment is not snap.assignment and assignment != snap.assignment
    if moved:
        run.assignments[cid] = assignment
    if not changed and not moved and studies == snap.studies:
        return snap
    return Snapshot(character if changed else snap.character,
                    assignment if moved else snap.assignment, studies)


def _still_studying(done: StudyWeek) -> bool:
    return any(study.weeks_done < study.weeks_needed for study in done.left)


def _study_lines(library: RulesLibrary, done: StudyWeek) -> list[str]:
    """The report's lines for a week of study (its studies already written).

    A character with nothing left to study goes back to idle, so a study that
    cannot finish (its talent no longer fits in memory) is reported once and
    does not fill every later week's report.
    """
    lines = [f"Studied; learned {name}." for name in done.learned]
    lines += [f"Finished studying {name}, but it does not fit in memory: it waits for room "
              "(forget a talent or raise IQ)." for name in done.waiting]
    running = [row for row in done.left if row.weeks_done < row.weeks_needed]
    for row in running:
        talent = library.talents.get(row.talent)
        name = talent.name if talent else row.talent
        lines.append(f"Studied {name}: {study_progress(row.weeks_done, row.weeks_needed)}.")
    if not done.left:
        if not done.learned:
            lines.append("Meant to study, but is studying nothing.")
    elif not running and not done.waiting:
        names = ", ".join(library.talents[r.talent].name if r.talent in library.talents
                          else r.talent for r in done.left)
        lines.append(f"Meant to study, but {names} is finished and waits for room in "
                     "memory.")
    if not running:
        lines.append("Nothing left to study: now idle.")
    return lines


