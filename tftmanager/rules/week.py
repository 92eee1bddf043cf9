"""One character's week between adventures, resolved by the rules alone.

The app reads the party, calls :func:`resolve_week` for each character with
one seeded Dice, and writes what comes back; every decision (who may act,
eligibility, wounds, dying, arrest, ranks held, upkeep and debt) is made
here, so the GUI, the command line and a dry run all get the same week.
Studying is the one activity the app finishes itself: its progress lives in
the campaign's study rows (``studies`` in the result says to do it).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.calendar import rest, weekly_upkeep
from tftmanager.rules.character import Character, Status
from tftmanager.rules.derived import Derived, carry_figures, derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.experience import XPKind
from tftmanager.rules.healing import busy_week_healing
from tftmanager.rules.job_data import Job, JobCatalogue
from tftmanager.rules.job_week import (
    JobWeek,
    eligibility,
    mercenary_bonus,
    run_job_week,
    weekly_pay,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record, quick_init
from tftmanager.rules.settings import JobReadings, RuleProfile, Upkeep
from tftmanager.rules.survival import is_dying
from tftmanager.rules.text import count


class StopEvent(enum.StrEnum):
    """What may stop a run of weeks early (the GM chooses which do)."""

    INJURY = "injury"
    ARREST = "arrest"
    DYING = "dying"


# A dying figure and an arrest need the GM's decision before the next week
# (a survival roll, a trial); an injury heals by itself, so a party of a dozen
# in risky jobs is not held at week 1 unless the GM asks for it.
DEFAULT_STOP_ON = frozenset({StopEvent.ARREST, StopEvent.DYING})
_NO_RANKS: frozenset[str] = frozenset()  # held by most: made once, not every week
# The line of a figure that cannot act, by its status: the same every week, made once.
_CANNOT_ACT = {status: (f"Cannot act this week ({status.value}).",) for status in Status}
# A job's name in the report, by the job's and the rank's names: made once, not every week.
_ACTIVITIES: dict[tuple[str, str], str] = {}
# The ledgers' kinds a week writes (an enum's value read once, not in every week).
_PAY, _UPKEEP, _JOB_XP = MoneyKind.JOB.value, MoneyKind.UPKEEP.value, XPKind.JOB.value


@quick_init
@dataclass(frozen=True, eq=False, repr=False)
class LedgerWrite(Record):
    """An experience or money entry the week earns (kind is the ledger's kind value)."""

    amount: int
    kind: str
    reason: str


@quick_init  # one per character per week: made in one step
@dataclass(frozen=True, eq=False, repr=False)
class WeekResult(Record):
    """What one character's week did: the report's words and what to write.

    ``character`` and ``assignment`` are as they are after the week (the
    same objects when nothing changed); ``wounds`` are the hits taken this
    week; ``events`` are what may stop a run of weeks (an injury, an arrest,
    a dying figure), each with its kind in ``kinds`` (the same order);
    ``worked`` is a week of paid work.
    """

    activity: str
    character: Character
    assignment: Assignment
    lines: tuple[str, ...] = ()
    rolls: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    kinds: tuple[StopEvent, ...] = ()
    xp: tuple[LedgerWrite, ...] = ()
    money: tuple[LedgerWrite, ...] = ()
    wounds: int = 0
    studies: bool = False
    worked: bool = False

    @property
    def xp_total(self) -> int:
        """Experience earned this week."""
        return sum([w.amount for w in self.xp]) if self.xp else 0

    @property
    def money_total(self) -> int:
        """Money earned (pay) less money spent (upkeep) this week."""
        return sum([w.amount for w in self.money]) if self.money else 0


def resolve_week(character: Character, assignment: Assignment, *, library: RulesLibrary,
                 catalogue: JobCatalogue, profile: RuleProfile, dice: Dice, week: int,
                 balance: int) -> WeekResult:
    """Resolve one character's week; ``balance`` is its money before the week (for debt)."""
    activity = assignment.activity
    if activity.__class__ is not Activity:  # given as its text (an enum call costs more)
        activity = Activity(activity)
    if character.fatigue:  # ST spent on spells comes back with hours of rest, within the week
        rested = replace(character, fatigue=0)
        carry_figures(character, rested, library, profile)
        character = rested
    if character.status is not Status.ACTIVE:
        return WeekResult(activity.label, character, assignment,
                          _CANNOT_ACT[character.status])
    if activity is Activity.JOB:
        return _job(character, assignment, library, catalogue, profile, dice, week, balance)
    base = WeekResult(activity.label, character, assignment)
    if activity is Activity.STUDY:
        return _healed(_upkeep(replace(base, studies=True), catalogue, profile, balance, week),
                       character, activity, catalogue, profile)
    if activity is Activity.REST:
        if catalogue.survival is None:
            raise RulesDataError("Resting needs the survival rules ([survival] in jobs.toml).")
        wounds, recovery, lines = rest(character, catalogue.survival, catalogue.rest_heals_all)
        after = character
        if (wounds, recovery) != (character.wounds, character.recovery_weeks):
            after = replace(character, wounds=wounds, recovery_weeks=recovery)
        return _upkeep(replace(base, character=after, lines=tuple(lines)), catalogue,
                       profile, balance, week)
    if activity is Activity.ADVENTURE:
        return replace(base, lines=("Adventuring (nothing happens automatically).",))
    return _healed(_idle(base, catalogue, balance, week), character, activity, catalogue,
                   profile)


def _healed(result: WeekResult, before: Character, activity: Activity,
            catalogue: JobCatalogue, profile: RuleProfile) -> WeekResult:
    """A week of work, study or idleness: its healing (the campaign's reading) and wound line."""
    after, lines = busy_week_healing(before, result.character, activity, worked=result.worked,
                                     healing=profile.week_healing,
                                     rest_heals_all=catalogue.rest_heals_all)
    if not lines:
        return result
    return replace(result, character=after, lines=(*result.lines, *lines))


def _idle(result: WeekResult, catalogue: JobCatalogue, balance: int, week: int,
          heading: str = "Idle") -> WeekResult:
    """The lifestyle's upkeep for a week without work (and whether it left a debt)."""
    cost, text = weekly_upkeep(result.assignment.lifestyle, catalogue, week)
    money = result.money
    if cost:
        money = (*money, LedgerWrite(-cost, _UPKEEP, text))
    debt = balance + sum(w.amount for w in money) < 0
    line = f"{heading}: {text}" + (" (now in debt)" if debt else "")
    return replace(result, money=money, lines=(*result.lines, line))


def _upkeep(result: WeekResult, catalogue: JobCatalogue, profile: RuleProfile,
            balance: int, week: int) -> WeekResult:
    """A week of rest or study pays its lifestyle only if the campaign's ``upkeep`` says so.

    The expansion says a job provides its lifestyle, not who pays in a week
    without work; by default only idle weeks pay (the named default).
    """
    if profile.upkeep is Upkeep.IDLE_ONLY:
        return result
    return _idle(result, catalogue, balance, week, heading="Upkeep")


def played_job(job: Job, profile: RuleProfile) -> Job:
    """The job with its named alternative readings, if the campaign plays them."""
    if profile.job_readings is JobReadings.AS_READ or not job.alternatives:
        return job
    values: dict[str, Any] = dict(job.alternatives)
    return replace(job, **values)


def _job(character: Character, data: Assignment, library: RulesLibrary,
         catalogue: JobCatalogue, profile: RuleProfile, dice: Dice, week: int,
         balance: int) -> WeekResult:
    """A week of work: eligibility, the job's rolls, then wounds, dying, arrest, ranks, healing.

    The result is built once, its healing included (not copied field by field
    afterwards): a year of weeks for a party resolves thousands of these.
    """
    job = played_job(catalogue.jobs[data.job], profile)
    activity = _ACTIVITIES.get((job.name, data.officer))
    if activity is None:
        activity = f"Job: {job.name}" + (f" ({data.officer})" if data.officer else "")
        _ACTIVITIES[(job.name, data.officer)] = activity
    reasons = _reasons(character, job, catalogue, library, data, profile)
    if reasons:
        return _healed(_idle(WeekResult(activity, character, data, lines=(
            f"Not eligible for {job.name}: {'; '.join(reasons)}.",)), catalogue, balance, week),
            character, Activity.JOB, catalogue, profile)
    worked = run_job_week(character, derive(character, library, profile), job, data,
                          catalogue, dice, profile, _weekly_pay)
    lines = worked.lines  # the week's own list, made for this result
    xp, parts = _xp(worked, job.name, week)
    if xp:
        lines.append(f"XP +{xp[0].amount} ({parts}).")
    money = ((LedgerWrite(worked.pay, _PAY, f"{job.name}, week {week}"),)
             if worked.worked and worked.pay else ())
    after, harm = _harm(character, worked)
    held = data.held if (not worked.worked or data.job in data.held) else (*data.held,
                                                                           data.job)
    if (worked.found, worked.weeks_left, held) != (data.found, data.weeks_left, data.held):
        data = replace(data, found=worked.found, weeks_left=worked.weeks_left, held=held)
    after, healing = busy_week_healing(character, after, Activity.JOB, worked=worked.worked,
                                       healing=profile.week_healing,
                                       rest_heals_all=catalogue.rest_heals_all)
    lines += healing
    if after is not character:  # hits and status: the figures of next week's work hold
        carry_figures(character, after, library, profile)
    events, kinds = (tuple([e for _k, e in harm]), tuple([k for k, _e in harm])) if harm \
        else ((), ())
    return WeekResult(  # in the fields' order: a year of a party's weeks builds thousands
        activity, after, data, tuple(lines),
        tuple([f"{label}: {roll} — {note}" for label, roll, note in worked.rolls]),
        events, kinds, xp, money, worked.damage, False, worked.worked)


# A figure's eligibility for a job, by the identity of the (immutable) figure and of the
# rules it was judged by, and the assignment's fields eligibility reads: a week changes few
# figures, and the same figure in the same job is eligible, or not for the same reasons,
# week after week.  The entry keeps the objects, so an id is never reused while it lives.
_ELIGIBLE: dict[tuple[Any, ...], tuple[Character, JobCatalogue, RulesLibrary, RuleProfile,
                                        tuple[str, ...]]] = {}
_ELIGIBLE_MAX = 8192


def _reasons(character: Character, job: Job, catalogue: JobCatalogue, library: RulesLibrary,
             data: Assignment, profile: RuleProfile) -> list[str]:
    """``job_week.eligibility`` of the figure, worked out once for the same figure and job."""
    key = (id(character), id(catalogue), id(library), id(profile), data.job, data.officer,
           data.mounted, data.flying_mount, data.held)
    known = _ELIGIBLE.get(key)
    if known is not None and known[0] is character and known[1] is catalogue \
            and known[2] is library and known[3] is profile:
        return list(known[4])
    reasons = eligibility(character, job, catalogue, library, data,
                          frozenset(data.held) if data.held else _NO_RANKS)
    if len(_ELIGIBLE) >= _ELIGIBLE_MAX:
        _ELIGIBLE.clear()
    _ELIGIBLE[key] = (character, catalogue, library, profile, tuple(reasons))
    return reasons


# A job's pay by the identity of the (immutable) figure, its derived figures, its job and
# the catalogue, and the assignment's fields pay reads: a fixed pay and its line are the same
# week after week while none of them changes.  (A mercenary's bonus, by the same identities,
# for a pay rolled every week.)
_PAID: dict[tuple[Any, ...], tuple[Character, Derived, Job, JobCatalogue, int, str]] = {}
_MERC: dict[tuple[int, int, int, int], tuple[Character, Derived, Job, JobCatalogue,
                                             tuple[int, Sequence[str]]]] = {}


def _weekly_pay(character: Character, derived: Derived, job: Job, data: Assignment,
                catalogue: JobCatalogue, dice: Dice, worked: JobWeek) -> int:
    """``job_week.weekly_pay``, a fixed pay worked out once for the same figure and job."""
    if job.pay_formula:  # rolled every week
        return weekly_pay(character, derived, job, data, catalogue, dice, worked, _merc_bonus)
    key = (id(character), id(derived), id(job), id(catalogue), data.officer, data.mounted,
           data.flying_mount, data.self_employed, data.own_lifestyle)
    known = _PAID.get(key)
    if known is not None and known[0] is character and known[1] is derived \
            and known[2] is job and known[3] is catalogue:
        worked.say(known[5])
        return known[4]
    pay = weekly_pay(character, derived, job, data, catalogue, dice, worked, _merc_bonus)
    if len(_PAID) >= _ELIGIBLE_MAX:
        _PAID.clear()
    _PAID[key] = (character, derived, job, catalogue, pay, worked.lines[-1])
    return pay


def _merc_bonus(character: Character, derived: Derived, job: Job,
                catalogue: JobCatalogue) -> tuple[int, Sequence[str]]:
    """``job_week.mercenary_bonus`` of the figure, worked out once for the same figure and job."""
    key = (id(character), id(derived), id(job), id(catalogue))
    known = _MERC.get(key)
    if known is not None and known[0] is character and known[1] is derived \
            and known[2] is job and known[3] is catalogue:
        return known[4]
    bonus, notes = mercenary_bonus(character, derived, job, catalogue)
    if len(_MERC) >= _ELIGIBLE_MAX:
        _MERC.clear()
    _MERC[key] = (character, derived, job, catalogue, (bonus, tuple(notes)))
    return bonus, notes


def _xp(worked: JobWeek, job_name: str, week: int) -> tuple[tuple[LedgerWrite, ...], str]:
    """The week's experience as one entry (XP for the week and any bonus), and its parts."""
    parts = []
    if worked.xp:
        parts.append(f"{worked.xp} for the week")
    if worked.bonus_xp:
        parts.append(f"{worked.bonus_xp} bonus")
    if not parts:
        return (), ""
    text = ", ".join(parts)
    entry = LedgerWrite(worked.xp + worked.bonus_xp, _JOB_XP,
                        f"{job_name}, week {week}: {text}")
    return (entry,), text


def _harm(character: Character,
          worked: JobWeek) -> tuple[Character, tuple[tuple[StopEvent, str], ...]]:
    """Wounds taken, a figure brought to 0 ST dying, a thief arrested (each with its kind)."""
    events: list[tuple[StopEvent, str]] = []
    status = character.status
    wounds = character.wounds + worked.damage
    if worked.damage:
        events.append((StopEvent.INJURY, f"was injured ({count(worked.damage, 'hit')})"))
        if is_dying(character.st - wounds):
            status = Status.DYING
            events.append((StopEvent.DYING,
                           "is dying (0 ST or below): use the survival calculator"))
    if worked.arrested:
        status = Status.ARRESTED
        events.append((StopEvent.ARREST, "was arrested"))
    if (wounds, status) == (character.wounds, character.status):
        return character, tuple(events)
    return replace(character, wounds=wounds, status=status), tuple(events)
