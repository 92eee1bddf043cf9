"""Running job weeks: the one use case the GUI and the command line both call.

Running a week resolves the whole party at once with one seeded generator
(each character's week is decided by :func:`tftmanager.rules.week.resolve_week`)
and writes everything (XP, money, wounds, study progress, upkeep, assignment
progress, the log) in one transaction; the result holds the party as it was
before, so one undo takes the whole week back.  A dry run rolls every week
and writes nothing.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from sqlmodel import Session

from tftmanager.app.abilities import progress_studies
from tftmanager.app.assignments import missing_values
from tftmanager.app.changes import Changes
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.app.week_report import (
    AppliedWeek,
    CharacterWeek,
    NeedsValues,
    Snapshot,
    WeekRefused,
    WeekReport,
    catalogue_of,
    party_snapshots,
)
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.study import study_progress
from tftmanager.rules.week import (
    DEFAULT_STOP_ON,
    LedgerWrite,
    StopEvent,
    WeekResult,
    resolve_week,
)
from tftmanager.store import ledger, queries
from tftmanager.store import study as study_store
from tftmanager.store import weeks as week_store
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.tables import MoneyEntryRow, XPEntryRow

__all__ = ["MAX_WEEKS", "AppliedWeek", "draw_seed", "run_week", "run_weeks"]

MAX_WEEKS = 520
REASON_MAX = 300  # the ledgers' reason column


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
    missing = missing_values(store=store)
    if missing:
        raise NeedsValues(missing)
    base = seed if seed is not None else draw_seed()
    library = library_for(store)
    catalogue = catalogue_of(library)
    results: list[AppliedWeek] = []
    try:
        with store.operation(OpKind.WEEK) as op:
            for i in range(weeks):
                applied = _resolve(op.session, store, library, catalogue,
                                   Dice(random.Random(base + i)), base + i, str(uuid.uuid4()),
                                   stop_on)
                results.append(applied)
                if (progress is not None and progress(i + 1, weeks) is False) \
                        or applied.report.stop:
                    break
            op.label = _run_label(results, base)
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass
    return results


def _run_label(results: list[AppliedWeek], seed: int) -> str:
    """"Ran week 5 (seed 123)" or "Ran weeks 5-8 (seed 123)"."""
    first, last = results[0].report.week, results[-1].report.week
    weeks = f"week {first}" if first == last else f"weeks {first}-{last}"
    return f"Ran {weeks} (seed {seed})"


def run_week(*, store: CampaignStore, seed: int, dry_run: bool = False) -> AppliedWeek:
    """Resolve one week for the whole party."""
    return run_weeks(store=store, weeks=1, seed=seed, dry_run=dry_run)[0]


@dataclass
class _Writes:
    """What a week will write, gathered first and written in bulk at the end."""

    week: int
    batch: str
    characters: dict[int, Character] = field(default_factory=dict)
    assignments: dict[int, Assignment] = field(default_factory=dict)
    xp: list[dict[str, object]] = field(default_factory=list)
    money: list[dict[str, object]] = field(default_factory=list)

    def add(self, cid: int, snap: Snapshot, result: WeekResult) -> None:
        """Gather one character's week."""
        if result.character != snap.character:
            self.characters[cid] = result.character
        if result.assignment != snap.assignment:
            self.assignments[cid] = result.assignment
        self.xp += [self._row(cid, w) for w in result.xp]
        self.money += [self._row(cid, w) for w in result.money]

    def _row(self, cid: int, write: LedgerWrite) -> dict[str, object]:
        return {"character_id": cid, "amount": write.amount, "kind": write.kind,
                "reason": write.reason[:REASON_MAX], "week": self.week, "batch": self.batch}


def _resolve(session: Session, store: CampaignStore, library: RulesLibrary,
             catalogue: JobCatalogue, dice: Dice, seed: int, batch: str,
             stop_on: frozenset[StopEvent] = DEFAULT_STOP_ON) -> AppliedWeek:
    """One week for everyone, written in bulk; what undo needs comes back."""
    profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
    campaign = queries.campaign_row(session=session, campaign_id=store.campaign_id)
    week = campaign.week
    before = party_snapshots(session, store.campaign_id)
    writes = _Writes(week, batch)
    balances = ledger.balances(session=session, campaign_id=store.campaign_id,
                               table=MoneyEntryRow)
    sections = []
    stops: list[str] = []
    studied: set[int] = set()
    for cid, snap in sorted(before.items(), key=lambda kv: kv[1].character.name.casefold()):
        result = resolve_week(snap.character, snap.assignment, library=library,
                              catalogue=catalogue, profile=profile, dice=dice, week=week,
                              balance=balances.get(cid, 0))
        writes.add(cid, snap, result)
        section = _section(cid, snap, result)
        stops += [f"{section.name} {event}" for kind, event in
                  zip(result.kinds, result.events, strict=True) if kind in stop_on]
        if result.studies:
            lines, still_studying = _study(session, library, profile, cid)
            section.lines += lines
            if not still_studying:
                writes.assignments[cid] = replace(result.assignment, activity=Activity.IDLE)
            studied.add(cid)
        sections.append(section)
    _write(session, store.campaign_id, writes)
    campaign.week = week + 1
    session.add(campaign)
    report = WeekReport(week, seed, sections, "; ".join(stops))
    week_store.log_week(session=session, campaign_id=store.campaign_id, week=week, seed=seed,
                        batch=batch, report=report.to_json())
    after = {cid: _after(session, cid, snap, writes, cid in studied)
             for cid, snap in before.items()}
    xp_lines = tuple(ledger.batch_lines(session=session, batch=batch, table=XPEntryRow))
    money_lines = tuple(ledger.batch_lines(session=session, batch=batch, table=MoneyEntryRow))
    changes = Changes(characters=frozenset(before), ledger=True, week=True)
    return AppliedWeek(report, batch, week, before, after, xp_lines, money_lines, changes)


def _section(cid: int, snap: Snapshot, result: WeekResult) -> CharacterWeek:
    """The report's part for one character."""
    return CharacterWeek(cid, snap.character.name, result.activity, list(result.lines),
                         list(result.rolls), result.xp_total, result.money_total,
                         result.wounds, list(result.events), result.worked)


def _study(session: Session, library: RulesLibrary, profile: RuleProfile,
           cid: int) -> tuple[list[str], bool]:
    """A week of study, written at once (study rows are the app's to keep).

    Returns the report's lines and whether a study is still running.  A
    character with nothing left to study goes back to idle, so a study that
    cannot finish (its talent no longer fits in memory) is reported once and
    does not fill every later week's report.
    """
    learned, waiting, _ = progress_studies(
        session=session, library=library, profile=profile,
        studies=study_store.studies(session=session, character_id=cid))
    session.flush()
    lines = [f"Studied; learned {x.split(': ', 1)[1]}." for x in learned]
    lines += [f"Finished studying {x.split(': ', 1)[1].removesuffix(' (memory full)')}, "
              "but it does not fit in memory: it waits for room (forget a talent or raise "
              "IQ)." for x in waiting]
    left = study_store.studies(session=session, character_id=cid)
    running = [row for row in left if row.weeks_done < row.weeks_needed]
    for row in running:
        talent = library.talents.get(row.talent)
        name = talent.name if talent else row.talent
        lines.append(f"Studied {name}: {study_progress(row.weeks_done, row.weeks_needed)}.")
    if not left:
        if not learned:
            lines.append("Meant to study, but is studying nothing.")
    elif not running and not waiting:
        names = ", ".join(library.talents[r.talent].name if r.talent in library.talents
                          else r.talent for r in left)
        lines.append(f"Meant to study, but {names} is finished and waits for room in "
                     "memory.")
    if not running:
        lines.append("Nothing left to study: now idle.")
    return lines, bool(running)


def _write(session: Session, campaign_id: int, writes: _Writes) -> None:
    """Everything gathered, in a few bulk statements."""
    queries.update_scalars(session=session, changed=writes.characters)
    week_store.set_assignments(session=session, campaign_id=campaign_id,
                               changed=writes.assignments)
    ledger.append_many(session=session, table=XPEntryRow, rows=writes.xp)
    ledger.append_many(session=session, table=MoneyEntryRow, rows=writes.money)


def _after(session: Session, cid: int, snap: Snapshot, writes: _Writes,
           studied: bool) -> Snapshot:
    """A character as the week left it (read back when its studies moved)."""
    character = writes.characters.get(cid, snap.character)
    studies = snap.studies
    if studied:
        character = queries.get_character(session=session, character_id=cid).character
        studies = week_store.studies_data(session=session, character_id=cid)
    return Snapshot(character, writes.assignments.get(cid, snap.assignment), studies)
