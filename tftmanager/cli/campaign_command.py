"""The commands that change a campaign or check characters.

new, check, import, library, xp, week and jobs (``list`` and ``export`` are
in read_command).  Exit codes follow main.py, which only registers these.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from tftmanager.app import assignments, campaigns, experience, library, transfer, weeks
from tftmanager.app.arrivals import Arrival, same_names
from tftmanager.app.interchange import FormatError, loads
from tftmanager.app.location import CampaignLocation, new_campaign_path
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.sheet import Sheet, evaluate
from tftmanager.app.week_report import WeekRefused, catalogue_of, totals_text
from tftmanager.cli import party_command
from tftmanager.cli.exit_codes import OK, PROBLEMS
from tftmanager.cli.output import write_or_print
from tftmanager.cli.report import sheet_json, sheet_text
from tftmanager.cli.text_input import UsageError, read_document
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.experience import Attribute
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.text import count
from tftmanager.shipped import shipped_library


def _opener(read_only: bool) -> Callable[..., campaigns.Campaign]:
    """Reading commands open without the lock (they work beside the GUI)."""
    return campaigns.open_for_reading if read_only else campaigns.open_existing

def cmd_new(args: argparse.Namespace) -> int:
    """Create a campaign file."""
    where = CampaignLocation.parse(args.path)
    if where.is_server:
        raise UsageError(f"new creates a campaign file; set up a server campaign with: "
                         f"tftmanager server init {where}")
    path = new_campaign_path(args.path)
    store = campaigns.new_campaign(path=path, name=args.name or "",
                                   demo=args.demo or args.history, history=args.history)
    count = len(campaigns.party_sheets(store=store))
    store.close()
    print(f"Created {path}" + (f" with {count} characters" if count else ""))
    return OK

def cmd_check(args: argparse.Namespace) -> int:
    """Validate characters from a JSON file and print derived stats and problems."""
    try:
        entries = loads(read_document(args.file))
    except FormatError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    profile = RuleProfile(creation=CreationScheme(args.creation), starting_sp=args.starting_sp)
    library = shipped_library()
    sheets = [evaluate(e.character, library, profile, uid=e.uid) for e in entries]
    if args.json:
        data = [sheet_json(s) for s in sheets]
        print(json.dumps(data[0] if len(data) == 1 else data, indent=2))
    else:
        print("\n\n".join(sheet_text(s) for s in sheets))
    return OK if all(s.legal for s in sheets) else PROBLEMS

def cmd_import(args: argparse.Namespace) -> int:
    """Add the characters of a JSON file to a campaign (all or none)."""
    try:
        entries = loads(read_document(args.file))
    except FormatError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    with campaigns.open_existing(path=args.campaign) as store:
        taken = same_names(store=store, arrivals=[Arrival(e.uid, e.character) for e in entries])
        result = transfer.import_entries(store=store, entries=entries, as_copies=args.copy)
        sheets = [campaigns.character_sheet(store=store, character_id=i) for i in result.ids]
    names = ", ".join(e.character.name for e in entries)
    print(f"Imported {count(len(result.ids), 'character')}: {names}")
    for name in taken:  # two characters of one name: imported, but said
        print(f"  note: the party already had a character named {name}")
    # Imported as they are, but said plainly: a new character with SP, say.
    for sheet in sheets:
        for problem in sheet.errors:
            print(f"  {sheet.character.name}: {problem.message}")
    return OK

def _format_of(name: str, given: str | None) -> str:
    if given:
        return given
    return "json" if name.lower().endswith(".json") else "toml"

def cmd_library(args: argparse.Namespace) -> int:
    """Export or import a campaign's rules library (``library show`` is a reading command)."""
    if args.action == "export":
        fmt = _format_of(args.out or "", args.format)
        with campaigns.open_for_reading(path=args.campaign) as store:
            text = library.export_library(store=store, fmt=fmt)
        write_or_print(text, args.out)
        return OK
    text = read_document(args.file)
    fmt = _format_of(args.file, args.format)
    try:
        entries = library.parse_library(text, fmt)
    except library.LibraryError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    with campaigns.open_existing(path=args.campaign) as store:
        try:
            library.import_library(store=store, text=text, fmt=fmt)
        except library.LibraryError as exc:
            raise UsageError(f"{args.file}: {exc}") from None
    print(f"Imported a library of {len(entries)} entries into {args.campaign}")
    return OK

def _find(store: campaigns.Campaign, name: str) -> Sheet:
    """The character a command names (full name or a unique prefix, any case)."""
    try:
        return find_by_name(campaigns.party_sheets(store=store), name,
                            lambda s: s.character.name)
    except NameNotFound as exc:
        raise UsageError(str(exc)) from None


def cmd_xp(args: argparse.Namespace) -> int:
    """Award experience, spend it, or show a character's ledger."""
    with _opener(args.action == "show")(path=args.campaign) as store:
        if args.action == "award":
            if args.party is not None:
                ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
                amount = args.party
            else:
                ids = [_find(store, n).id or 0 for n in args.name]
                amount = args.amount
            if amount is None:
                raise UsageError("give --party AMOUNT, or --name NAME ... --amount AMOUNT")
            written = experience.award(store=store, character_ids=ids, amount=amount,
                                       reason=args.reason, split=args.split)
            print(f"Awarded {count(len(written.lines), 'character')} {written.lines[0].amount} XP "
                  f"each: {written.lines[0].reason}")
            if written.note:
                print(written.note)
            return OK
        sheet = _find(store, args.name)
        assert sheet.id is not None
        if args.action == "correct":
            party_command.run_correct(store, sheet, args.amount, args.reason)
        if args.action == "raise":
            experience.raise_attribute(store=store, character_id=sheet.id,
                                       attribute=Attribute(args.attribute))
        status = experience.status(store=store, character_id=sheet.id)
        lines = experience.ledger_lines(store=store, character_id=sheet.id)
        character = campaigns.character_sheet(store=store, character_id=sheet.id).character
    print(f"{character.name}: {status.balance} XP; next point costs {status.next_cost} "
          f"(ST {character.st}, DX {character.dx}, IQ {character.iq}, SP {character.sp})")
    running = 0
    for line in lines:
        running += line.amount
        print(f"  week {line.week:>3}  {line.kind:<10} {line.amount:>+7}  {running:>7}  "
              f"{line.reason}")
    return OK


def cmd_week(args: argparse.Namespace) -> int:
    """Run job weeks for the party and print the report."""
    with campaigns.open_existing(path=args.campaign) as store:
        try:
            applied = weeks.run_weeks(store=store, weeks=args.weeks, seed=args.seed,
                                      dry_run=args.dry_run, stop_on=args.stop_on)
        except WeekRefused as exc:
            raise UsageError(str(exc)) from None
    if len(applied) > 1:
        print(totals_text(applied))
        if applied[-1].report.stop:
            print(f"  Stopped early after week {applied[-1].report.week}: "
                  f"{applied[-1].report.stop}")
        print()
    for week in applied:
        print(week.report.text())
    if args.dry_run:
        print("Dry run: nothing was written.")
    return OK


def cmd_jobs(args: argparse.Namespace) -> int:
    """List jobs, assign a character's weekly activity, or supply a lost job value."""
    with _opener(args.action == "list")(path=args.campaign) as store:
        catalogue = catalogue_of(library.library_for(store))
        if args.action == "list":
            for job in catalogue.jobs.values():
                missing = f"  [GM to set: {job.missing_words}]" if job.missing else ""
                print(f"{job.key:<24} {job.family:<10} {job.name}{missing}")
            return OK
        if args.action == "set":
            try:  # the value as typed: set_job_value reads numbers, x/y and dice
                assignments.set_job_value(store=store, job=args.job, field_name=args.field,
                                          value=args.value)
            except WeekRefused as exc:
                raise UsageError(str(exc)) from None
            print(f"{args.job}: {args.field} = {args.value}")
            return OK
        sheet = _find(store, args.name)
        assert sheet.id is not None
        data = Assignment(activity=Activity(args.activity), job=args.job or "",
                          officer=args.officer or "", mounted=args.mounted,
                          flying_mount=args.flying_mount, self_employed=args.self_employed,
                          own_lifestyle=args.own_lifestyle, lifestyle=args.lifestyle)
        try:
            party_command.check_assignment(store, sheet, data, args.talent, args.teacher,
                                           args.anyway)
            assignments.assign(store=store, character_id=sheet.id, data=data)
        except WeekRefused as exc:
            raise UsageError(str(exc)) from None
        print(f"{sheet.character.name}: {args.activity}" + (f" ({args.job})" if args.job
                                                            else ""))
    return OK

