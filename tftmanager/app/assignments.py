"""Weekly assignments: what each character does with a week, and job values the scan lost."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tftmanager.app import library as library_app
from tftmanager.app.changes import Changes
from tftmanager.app.deed_words import record
from tftmanager.app.deeds import Deed, Event, Who, deed
from tftmanager.app.names import did_you_mean
from tftmanager.app.opkind import OpKind
from tftmanager.app.week_report import Snapshot, WeekRefused, catalogue_of, party_snapshots
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Status
from tftmanager.rules.dice_expr import DiceError, parse_check, parse_formula, parse_roll
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.job_week import eligibility
from tftmanager.rules.library_entries import Entry
from tftmanager.store import queries
from tftmanager.store import weeks as week_store
from tftmanager.store.campaign import CampaignStore


def get_assignment(*, store: CampaignStore, character_id: int) -> Assignment:
    """What a character is set to do each week."""
    with store.transaction() as session:
        return week_store.get_assignment(session=session, character_id=character_id)


def assign(*, store: CampaignStore, character_id: int, data: Assignment) -> Changes:
    """Set a character's weekly activity (a new job starts unfound, ranks held are kept)."""
    catalogue = catalogue_of(library_app.library_for(store))
    try:
        activity = Activity(data.activity)
    except ValueError:
        raise WeekRefused(f"'{data.activity}' is not an activity.") from None
    if activity is Activity.JOB and not data.job:
        raise WeekRefused("Say which job (the job list shows them).")
    if activity is Activity.JOB and data.job not in catalogue.jobs:
        raise WeekRefused(f"'{data.job}' is not a job in this campaign."
                          + did_you_mean(data.job, sorted(catalogue.jobs)))
    if data.officer and data.officer not in catalogue.officers:
        raise WeekRefused(f"'{data.officer}' is not an officer rank.")
    if data.lifestyle not in catalogue.lifestyles:
        raise WeekRefused(f"'{data.lifestyle}' is not a lifestyle.")
    data = replace(data, activity=activity)
    with store.operation(OpKind.JOBS) as op:
        session = op.session
        stored = queries.get_character(session=session, character_id=character_id)
        record(op, assignment_deed(Who(stored.uid, stored.character.name), data, catalogue))
        current = week_store.get_assignment(session=session, character_id=character_id)
        if not current.same_work(data):
            data = replace(data, found=False, weeks_left=0, held=current.held)
        week_store.set_assignment(session=session, character_id=character_id, data=data)
    return Changes(characters=frozenset({character_id}))


def ineligibility(*, store: CampaignStore, character_id: int, data: Assignment) -> list[str]:
    """Every requirement of the assigned job the character does not meet, in words."""
    catalogue = catalogue_of(library_app.library_for(store))
    job = catalogue.jobs.get(data.job)
    if data.activity is not Activity.JOB or job is None:
        return []
    with store.transaction() as session:
        character = queries.get_character(session=session, character_id=character_id).character
        held = week_store.get_assignment(session=session, character_id=character_id).held
    return eligibility(character, job, catalogue, library_app.library_for(store), data,
                       frozenset(held))


def assignment_deed(who: Who, data: Assignment, catalogue: JobCatalogue) -> Deed:
    """"works as Garrison soldier" or "assigned to rest", for the history and the story."""
    if data.activity is Activity.JOB:
        job = catalogue.jobs.get(data.job)
        return deed(Event.JOB, who, job=job.name if job else data.job)
    return deed(Event.ASSIGNED, who, activity=Activity(data.activity).value)


def missing_values(*, store: CampaignStore) -> list[tuple[str, str, tuple[str, ...]]]:
    """(job key, name, fields) for jobs assigned to active characters whose values were lost.

    Dead, dying and arrested characters do not work, so their jobs do not block a week.
    """
    catalogue = catalogue_of(library_app.library_for(store))
    with store.transaction() as session:
        party = party_snapshots(session, store.campaign_id)
    return missing_in(party, catalogue)


def missing_in(party: dict[int, Snapshot],
               catalogue: JobCatalogue) -> list[tuple[str, str, tuple[str, ...]]]:
    """The same, for a party already read (a run of weeks checks the party it runs)."""
    found: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for snap in party.values():
        data = snap.assignment
        if snap.character.status is not Status.ACTIVE or data.activity != Activity.JOB:
            continue
        job = catalogue.jobs.get(data.job)
        if job is not None and job.missing:
            found[job.key] = (job.key, job.name, job.missing)
    return list(found.values())


def set_job_value(*, store: CampaignStore, job: str, field_name: str,
                  value: int | str) -> Changes:
    """Supply a value the scan lost; remembered in the campaign's library."""
    entry = next((e for e in library_app.entries(store=store)
                  if e.kind == "job" and e.key == job), None)
    if entry is None:
        raise WeekRefused(f"'{job}' is not a job in this campaign.")
    data = dict(entry.data)
    data[field_name] = job_value(field_name, value)
    data["unset"] = [f for f in data.get("unset", []) if f != field_name]
    notes = str(data.get("note", ""))
    data["note"] = (notes + " " if notes else "") + f"{field_name} set by the GM."
    return library_app.save_entry(store=store, entry=Entry("job", job, data, entry.retired))


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
