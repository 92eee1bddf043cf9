"""Job weeks: the campaign calendar, weekly activities, and running weeks.

Running a week resolves the whole party at once with one seeded generator and
writes everything (XP, money, wounds, study progress, upkeep, assignment
progress, the log) in one transaction; the result holds the party as it was
before, so one undo takes the whole week back.  A dry run rolls everything
and writes nothing.
"""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.library import library_for, save_entry
from tftmanager.app.opkind import OpKind
from tftmanager.rules.calendar import Activity, rest, weekly_upkeep
from tftmanager.rules.character import Character, Status
from tftmanager.rules.derived import derive
from tftmanager.rules.dice_expr import Dice, DiceError, parse_check, parse_formula, parse_roll
from tftmanager.rules.experience import XPKind
from tftmanager.rules.job_data import Job, JobCatalogue
from tftmanager.rules.job_week import Assignment, eligibility, run_job_week
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.survival import Outcome, Situation, after_roll, is_dying, resolve
from tftmanager.store import ledger, queries
from tftmanager.store import study as study_store
from tftmanager.store import weeks as week_store
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.ledger import LedgerLine
from tftmanager.store.tables import MoneyEntryRow, XPEntryRow
from tftmanager.store.weeks import AssignmentData, StudyData

__all__ = ["AppliedWeek", "AssignmentData", "NeedsValues", "WeekRefused", "run_weeks"]

MAX_WEEKS = 520


class WeekRefused(ValueError):
    """A week that cannot be run as asked; the message says why."""


class NeedsValues(WeekRefused):
    """Assigned jobs have values the scan lost; the GM must supply them first."""

    def __init__(self, missing: list[tuple[str, str, tuple[str, ...]]]) -> None:
        self.missing = missing
        names = "; ".join(f"{name}: {', '.join(fields)}" for _key, name, fields in missing)
        super().__init__(f"Set these job values first (the scan lost them): {names}.")


class _DryRun(Exception):
    """Raised inside the transaction to roll a dry run back."""


@dataclass
class CharacterWeek:
    """One character's week in the report."""

    character_id: int
    name: str
    activity: str
    lines: list[str] = field(default_factory=list)
    rolls: list[str] = field(default_factory=list)
    xp: int = 0
    money: int = 0
    wounds: int = 0
    events: list[str] = field(default_factory=list)


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
        """For the week log (built by hand: asdict is slow for a big party)."""
        return json.dumps({
            "week": self.week, "seed": self.seed, "stop": self.stop,
            "characters": [vars(c) for c in self.characters],
        }, ensure_ascii=False)


@dataclass(frozen=True)
class Snapshot:
    """A character's state that a week can change."""

    character: Character
    assignment: AssignmentData
    studies: tuple[StudyData, ...]


@dataclass(frozen=True)
class AppliedWeek:
    """Everything needed to take a week back and put it back exactly."""

    report: WeekReport
    batch: str
    week_before: int
    before: dict[int, Snapshot]
    after: dict[int, Snapshot]
    xp_lines: tuple[LedgerLine, ...]
    money_lines: tuple[LedgerLine, ...]
    changes: Changes


def catalogue_of(library: RulesLibrary) -> JobCatalogue:
    """The campaign's job catalogue (refused when its library has none)."""
    if library.jobs is None:
        raise WeekRefused("This campaign's library has no job catalogue.")
    return library.jobs


# Assignments

def get_assignment(*, store: CampaignStore, character_id: int) -> AssignmentData:
    """What a character is set to do each week."""
    with store.transaction() as session:
        return week_store.get_assignment(session=session, character_id=character_id)


def assign(*, store: CampaignStore, character_id: int, data: AssignmentData) -> Changes:
    """Set a character's weekly activity (a new job starts unfound)."""
    library = library_for(store)
    catalogue = catalogue_of(library)
    try:
        activity = Activity(data.activity)
    except ValueError:
        raise WeekRefused(f"'{data.activity}' is not an activity.") from None
    if activity is Activity.JOB and data.job not in catalogue.jobs:
        raise WeekRefused(f"'{data.job}' is not a job in this campaign.")
    if data.officer and data.officer not in catalogue.officers:
        raise WeekRefused(f"'{data.officer}' is not an officer rank.")
    if data.lifestyle not in catalogue.lifestyles:
        raise WeekRefused(f"'{data.lifestyle}' is not a lifestyle.")
    with store.operation(OpKind.JOBS) as op:
        session = op.session
        name = queries.get_character(session=session, character_id=character_id).character.name
        op.label = f"{name}: {assignment_label(data, catalogue)}"
        current = week_store.get_assignment(session=session, character_id=character_id)
        if (current.activity, current.job, current.officer) != (data.activity, data.job,
                                                                data.officer):
            data = replace(data, found=False, weeks_left=0, held=current.held)
        week_store.set_assignment(session=session, character_id=character_id, data=data)
    return Changes(characters=frozenset({character_id}))


def missing_values(*, store: CampaignStore) -> list[tuple[str, str, tuple[str, ...]]]:
    """(job key, name, fields) for jobs assigned to active characters whose values were lost.

    Dead, dying and arrested characters do not work, so their jobs do not block a week.
    """
    catalogue = catalogue_of(library_for(store))
    found: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    with store.transaction() as session:
        party = _party(session, store.campaign_id)
        for snap in party.values():
            data = snap.assignment
            if snap.character.status is not Status.ACTIVE:
                continue
            job = catalogue.jobs.get(data.job) if data.activity == Activity.JOB.value else None
            if job is not None and job.missing:
                found[job.key] = (job.key, job.name, job.missing)
    return list(found.values())


def assignment_label(data: AssignmentData, catalogue: JobCatalogue) -> str:
    """"works as Garrison soldier" / "studies" / "rests", for the history."""
    if data.activity == Activity.JOB.value:
        job = catalogue.jobs.get(data.job)
        return f"works as {job.name if job else data.job}"
    return f"assigned to {data.activity}"


def set_job_value(*, store: CampaignStore, job: str, field_name: str,
                  value: int | str) -> Changes:
    """Supply a value the scan lost; remembered in the campaign's library."""
    entry = next((e for e in _entries(store) if e.kind == "job" and e.key == job), None)
    if entry is None:
        raise WeekRefused(f"'{job}' is not a job in this campaign.")
    data = dict(entry.data)
    data[field_name] = job_value(field_name, value)
    data["unset"] = [f for f in data.get("unset", []) if f != field_name]
    notes = str(data.get("note", ""))
    data["note"] = (notes + " " if notes else "") + f"{field_name} set by the GM."
    return save_entry(store=store, entry=Entry("job", job, data, entry.retired))


_WHOLE_NUMBERS = ("pay", "pay_max", "xp_week", "risk_cap")
_DICE: dict[str, Callable[[str], object]] = {
    "find": parse_check, "min_weeks": parse_roll, "damage_fail": parse_roll,
    "damage_save": parse_roll, "pay_formula": parse_formula}


def job_value(field_name: str, value: object) -> object:
    """A value the GM typed, as the job catalogue stores it; WeekRefused when unusable.

    Risk is written ``x/y`` (``4/17``); dice fields in the documents' notation.
    """
    text = str(value).strip()
    if field_name == "risk":
        numbers = list(value) if isinstance(value, list | tuple) else text.split("/")
        try:
            x, y = (int(str(n).strip()) for n in numbers)
        except ValueError:
            raise WeekRefused(f"Risk is two whole numbers x/y (like 4/17), not '{text}'.") \
                from None
        return [x, y]
    if field_name in _WHOLE_NUMBERS:
        if isinstance(value, bool) or not (isinstance(value, int)
                                           or (text.isascii() and text.isdigit())) \
                or int(text) < 0:
            raise WeekRefused(f"{field_name} must be a whole number (0 or more), "
                              f"not '{text}'.")
        return int(text)
    if field_name in _DICE:
        try:
            _DICE[field_name](text)
        except DiceError as exc:
            raise WeekRefused(f"{field_name}: {exc}") from None
        return text
    raise WeekRefused(f"'{field_name}' is not a job value that can be set here.")


def _entries(store: CampaignStore) -> list[Entry]:
    from tftmanager.app.library import entries  # noqa: PLC0415 - avoid a name clash

    return entries(store=store)


# Running weeks

def run_weeks(
    *, store: CampaignStore, weeks: int = 1, seed: int | None = None, dry_run: bool = False,
    progress: Callable[[int, int], bool] | None = None,
) -> list[AppliedWeek]:
    """Run weeks one after another as one operation; stop early on a figure in trouble.

    Week ``i`` rolls with ``seed + i``, so a run can be replayed.  The run is
    one transaction: a failure part-way leaves no week applied.
    ``progress(done, total)`` is called after each week and may return False
    to stop; the weeks finished by then are kept, and reported.  A dry run
    rolls every week on from the one before and writes nothing.
    """
    if isinstance(weeks, bool) or not isinstance(weeks, int) or not 1 <= weeks <= MAX_WEEKS:
        raise WeekRefused(f"Run 1 to {MAX_WEEKS} weeks at a time.")
    missing = missing_values(store=store)
    if missing:
        raise NeedsValues(missing)
    base = seed if seed is not None else random.SystemRandom().randrange(2**31)
    library = library_for(store)
    catalogue = catalogue_of(library)
    results: list[AppliedWeek] = []
    try:
        with store.operation(OpKind.WEEK) as op:
            for i in range(weeks):
                applied = _resolve(op.session, store, library, catalogue,
                                   Dice(random.Random(base + i)), base + i, str(uuid.uuid4()))
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
    full_update: set[int] = field(default_factory=set)
    assignments: dict[int, AssignmentData] = field(default_factory=dict)
    xp: list[dict[str, object]] = field(default_factory=list)
    money: list[dict[str, object]] = field(default_factory=list)
    balances: dict[int, int] = field(default_factory=dict)

    def entry(self, rows: list[dict[str, object]], cid: int, amount: int, kind: str,
              reason: str) -> None:
        rows.append({"character_id": cid, "amount": amount, "kind": kind,
                     "reason": reason[:300], "week": self.week, "batch": self.batch})


def _party(session: Session, campaign_id: int) -> dict[int, Snapshot]:
    """Everyone's state in a handful of queries, whatever the party size."""
    stored = queries.list_characters(session=session, campaign_id=campaign_id)
    assignments = week_store.all_assignments(session=session, campaign_id=campaign_id)
    studies = week_store.all_studies(session=session, campaign_id=campaign_id)
    return {s.id: Snapshot(s.character, assignments.get(s.id, AssignmentData()),
                           studies.get(s.id, ())) for s in stored}


def _resolve(session: Session, store: CampaignStore, library: RulesLibrary,
             catalogue: JobCatalogue, dice: Dice, seed: int, batch: str) -> AppliedWeek:
    profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
    campaign = queries.campaign_row(session=session, campaign_id=store.campaign_id)
    week = campaign.week
    before = _party(session, store.campaign_id)
    writes = _Writes(week, batch)
    writes.balances = ledger.balances(session=session, campaign_id=store.campaign_id,
                                      table=MoneyEntryRow)
    sections = []
    stops = []
    studied: set[int] = set()
    for cid, snap in sorted(before.items(), key=lambda kv: kv[1].character.name.casefold()):
        section = CharacterWeek(cid, snap.character.name,
                                Activity(snap.assignment.activity).label)
        if _one(session, library, catalogue, profile, dice, writes, cid, snap, section):
            studied.add(cid)
        sections.append(section)
        stops += [f"{section.name} {event}" for event in section.events]
    queries.update_scalars(session=session, changed={
        cid: c for cid, c in writes.characters.items() if cid not in writes.full_update})
    for cid in writes.full_update:
        queries.update_character(session=session, character_id=cid,
                                 character=writes.characters[cid])
    week_store.set_assignments(session=session, campaign_id=store.campaign_id,
                               changed=writes.assignments)
    ledger.append_many(session=session, table=XPEntryRow, rows=writes.xp)
    ledger.append_many(session=session, table=MoneyEntryRow, rows=writes.money)
    campaign.week = week + 1
    session.add(campaign)
    report = WeekReport(week, seed, sections, "; ".join(stops))
    week_store.log_week(session=session, campaign_id=store.campaign_id, week=week, seed=seed,
                        batch=batch, report=report.to_json())
    after = {}
    for cid, snap in before.items():
        character = writes.characters.get(cid, snap.character)
        if cid in studied:
            character = queries.get_character(session=session, character_id=cid).character
            studies = week_store.studies_data(session=session, character_id=cid)
        else:
            studies = snap.studies
        after[cid] = Snapshot(character, writes.assignments.get(cid, snap.assignment), studies)
    xp_lines = tuple(ledger.batch_lines(session=session, batch=batch, table=XPEntryRow))
    money_lines = tuple(ledger.batch_lines(session=session, batch=batch, table=MoneyEntryRow))
    changes = Changes(characters=frozenset(before), ledger=True, week=True)
    return AppliedWeek(report, batch, week, before, after, xp_lines, money_lines, changes)


def _one(session: Session, library: RulesLibrary, catalogue: JobCatalogue,
         profile: RuleProfile, dice: Dice, writes: _Writes, cid: int, snap: Snapshot,
         section: CharacterWeek) -> bool:
    """Resolve one character's week; True when studies moved (they are written at once)."""
    character = snap.character
    data = snap.assignment
    if character.status is not Status.ACTIVE:
        section.lines.append(f"Cannot act this week ({character.status.value}).")
        return False
    activity = Activity(data.activity)
    if activity is Activity.JOB:
        _job(library, catalogue, profile, dice, writes, cid, snap, section)
    elif activity is Activity.STUDY:
        from tftmanager.app.abilities import progress_studies  # noqa: PLC0415

        learned, waiting, _ = progress_studies(
            session=session, library=library, profile=profile,
            studies=study_store.studies(session=session, character_id=cid))
        section.lines += [f"Studied; learned {x.split(': ', 1)[1]}" for x in learned]
        section.lines += [f"Finished studying {x.split(': ', 1)[1]}" for x in waiting]
        if not learned and not waiting:
            section.lines.append("Studied." if snap.studies else
                                 "Meant to study, but is studying nothing.")
        return True
    elif activity is Activity.REST:
        wounds, recovery, lines = rest(character)
        section.lines += lines
        if (wounds, recovery) != (character.wounds, character.recovery_weeks):
            writes.characters[cid] = replace(character, wounds=wounds,
                                             recovery_weeks=recovery)
    elif activity is Activity.ADVENTURE:
        section.lines.append("Adventuring (nothing happens automatically).")
    else:
        _upkeep(catalogue, writes, cid, data.lifestyle, section)
    return False


def _upkeep(catalogue: JobCatalogue, writes: _Writes, cid: int, lifestyle: str,
            section: CharacterWeek) -> None:
    cost, text = weekly_upkeep(lifestyle, catalogue)
    if cost:
        writes.entry(writes.money, cid, -cost, MoneyKind.UPKEEP.value, text)
        writes.balances[cid] = writes.balances.get(cid, 0) - cost
        section.money -= cost
    debt = writes.balances.get(cid, 0) < 0
    section.lines.append(f"Idle: {text}" + (" (now in debt)" if debt else ""))


def _job(library: RulesLibrary, catalogue: JobCatalogue, profile: RuleProfile, dice: Dice,
         writes: _Writes, cid: int, snap: Snapshot, section: CharacterWeek) -> None:
    character, data = snap.character, snap.assignment
    job: Job = catalogue.jobs[data.job]
    section.activity = f"Job: {job.name}" + (f" ({data.officer})" if data.officer else "")
    assignment = Assignment(data.job, data.officer, data.mounted, data.flying_mount,
                            data.own_lifestyle, data.self_employed, data.found,
                            data.weeks_left)
    reasons = eligibility(character, job, catalogue, library, assignment,
                          frozenset(data.held))
    if reasons:
        section.lines.append(f"Not eligible for {job.name}: {'; '.join(reasons)}.")
        _upkeep(catalogue, writes, cid, data.lifestyle, section)
        return
    derived = derive(character, library, profile)
    result = run_job_week(character, derived, job, assignment, catalogue, library, dice)
    section.rolls += [f"{label}: {roll} — {note}" for label, roll, note in result.rolls]
    section.lines += result.lines
    xp = result.bonus_xp + result.xp
    if xp:
        parts = []
        if result.xp:
            parts.append(f"{result.xp} for the week")
        if result.bonus_xp:
            parts.append(f"{result.bonus_xp} bonus")
        writes.entry(writes.xp, cid, xp, XPKind.JOB.value,
                     f"{job.name}, week {writes.week}: {', '.join(parts)}")
        section.xp = xp
        section.lines.append(f"XP +{xp} ({', '.join(parts)}).")
    if result.worked and result.pay:
        writes.entry(writes.money, cid, result.pay, MoneyKind.JOB.value,
                     f"{job.name}, week {writes.week}")
        section.money += result.pay
    status = character.status
    wounds = character.wounds + result.damage
    if result.damage:
        section.wounds = result.damage
        section.events.append(f"was injured ({result.damage} hits)")
        if is_dying(character.st - wounds):
            status = Status.DYING
            section.events.append("is dying (0 ST or below): use the survival calculator")
    if result.arrested:
        status = Status.ARRESTED
        section.events.append("was arrested")
    held = data.held if (not result.worked or data.job in data.held) else (*data.held,
                                                                           data.job)
    new = replace(data, found=result.found, weeks_left=result.weeks_left, held=held)
    if new != data:
        writes.assignments[cid] = new
    if (wounds, status) != (character.wounds, character.status):
        writes.characters[cid] = replace(character, wounds=wounds, status=status)


# Death and dying

@dataclass(frozen=True)
class SurvivalResult:
    """The roll, and the character as it now is (alive and recovering, or dead)."""

    outcome: Outcome
    before: Character
    after: Character


def survival_roll(*, store: CampaignStore, character_id: int, situation: Situation,
                  seed: int | None = None, faces: tuple[int, int] | None = None
                  ) -> SurvivalResult:
    """Roll (or take the table's dice) for a dying character and record the result.

    A survivor wakes at 0 ST and -5 DX and needs 5 weeks of rest to recover.
    """
    catalogue = catalogue_of(library_for(store))
    rules = catalogue.survival
    if rules is None:
        raise WeekRefused("This campaign's library has no survival rules.")
    with store.operation(OpKind.WEEK) as op:
        session = op.session
        before = queries.get_character(session=session, character_id=character_id).character
        if faces is None:
            dice = Dice(random.Random(seed))
            faces = (dice.die(), dice.die())
        elif not all(1 <= f <= 6 for f in faces):
            raise WeekRefused("Dice faces are 1 to 6.")
        outcome = resolve(faces, situation, rules)  # no chance (refusal) never survives
        op.label = (f"{before.name}: survival roll {faces[0]}+{faces[1]} = {outcome.total}, "
                    f"{'survived' if outcome.survives else 'died'}")
        after = after_roll(before, outcome, rules)
        queries.update_character(session=session, character_id=character_id, character=after)
    return SurvivalResult(outcome, before, after)
