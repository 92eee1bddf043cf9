"""``tftmanager COMMAND ...``: campaign files and characters from a shell.

Exit codes: 0 done (for ``check``: the character is legal), 1 the character
has problems, 2 the input could not be used or the disk refused (one line on
stderr says why, and nothing was changed; a closed output pipe ends the
command quietly with 2), 70 a bug (one line names the crash report holding
the traceback), 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from tftmanager import __version__, activity_log
from tftmanager.app import (
    assignments,
    campaigns,
    experience,
    library,
    library_show,
    transfer,
    weeks,
)
from tftmanager.app.arrivals import Arrival, same_names
from tftmanager.app.documents import MAX_CHARS
from tftmanager.app.interchange import FormatError, loads
from tftmanager.app.location import CampaignLocation, new_campaign_path
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.sheet import Sheet, evaluate
from tftmanager.app.week_report import WeekRefused, catalogue_of, totals_text
from tftmanager.cli import (
    cards_command,
    copy_command,
    encounter_command,
    failures,
    interop_command,
    journal_command,
    party_command,
    server_command,
    sheet_command,
    story_command,
)
from tftmanager.cli.arguments import Parser as _Parser
from tftmanager.cli.arguments import stop_events
from tftmanager.cli.exit_codes import OK, PROBLEMS
from tftmanager.cli.output import write_or_print
from tftmanager.cli.report import pad, sheet_json, sheet_text, text_width
from tftmanager.cli.text_input import UnreadableInput, read_text
from tftmanager.refusal import Refusal
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.experience import Attribute
from tftmanager.rules.library_entries import KINDS
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.text import count
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent
from tftmanager.shipped import shipped_library


class UsageError(Refusal):
    """Input the command cannot use; the message is printed as is."""


def _read_text(name: str) -> str:
    """The text of a file (or stdin for '-'), read only up to the documents' size limit."""
    try:
        return read_text(name, MAX_CHARS + 1)
    except UnreadableInput as exc:
        raise UsageError(str(exc)) from None


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


def cmd_list(args: argparse.Namespace) -> int:
    """List a campaign's characters."""
    with campaigns.open_for_reading(path=args.campaign) as store:
        sheets = campaigns.party_sheets(store=store)
    if args.json:
        print(json.dumps([sheet_json(s) for s in sheets], indent=2))
        return OK
    if not sheets:
        print("No characters.")
        return OK
    width = max(text_width(s.character.name) for s in sheets)
    print(f"{pad('Name', width)}  Race       ST  DX (adj)  IQ  SP  MA  Problems")
    for s in sheets:
        c, d = s.character, s.derived
        adj = f"{c.dx} ({d.adj_dx})"
        race = s.race_name or c.race
        problems = count(len(s.errors), "problem") if s.errors else "OK"
        print(f"{pad(c.name, width)}  {pad(race, 9)} {c.st:>3}  {adj:<8} {c.iq:>3} {c.sp:>3} "
              f"{d.ma:>3}  {problems}")
    return OK


def cmd_check(args: argparse.Namespace) -> int:
    """Validate characters from a JSON file and print derived stats and problems."""
    try:
        entries = loads(_read_text(args.file))
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


def cmd_export(args: argparse.Namespace) -> int:
    """Write one character as JSON to stdout or a file."""
    with campaigns.open_for_reading(path=args.campaign) as store:
        text = transfer.export_by_name(store=store, name=args.name)
    write_or_print(text, args.out)
    return OK


def cmd_import(args: argparse.Namespace) -> int:
    """Add the characters of a JSON file to a campaign (all or none)."""
    try:
        entries = loads(_read_text(args.file))
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
    """Show one entry, or export or import a campaign's rules library."""
    if args.action == "show":
        with campaigns.open_for_reading(path=args.campaign) as store:
            try:
                entry = library_show.find_entry(library.entries(store=store), args.name,
                                                args.kind)
            except NameNotFound as exc:
                raise UsageError(str(exc)) from None
        print("\n".join(library_show.entry_lines(entry)))
        return OK
    if args.action == "export":
        fmt = _format_of(args.out or "", args.format)
        with campaigns.open_for_reading(path=args.campaign) as store:
            text = library.export_library(store=store, fmt=fmt)
        write_or_print(text, args.out)
        return OK
    text = _read_text(args.file)
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


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "new": cmd_new,
    "list": cmd_list,
    "check": cmd_check,
    "export": cmd_export,
    "import": cmd_import,
    "library": cmd_library,
    "xp": cmd_xp,
    "week": cmd_week,
    "jobs": cmd_jobs,
    "cards": cards_command.run,
    "sheet": sheet_command.run,
    "statblock": interop_command.run_statblock,
    "foundry": interop_command.run_foundry,
    "history": journal_command.run_history,
    "undo": journal_command.run_undo,
    "redo": journal_command.run_redo,
    "encounter": encounter_command.run,
    "copy": copy_command.run,
    "rename": party_command.run_rename,
    "journal": story_command.run,
    "server": server_command.run_server,
    "push": server_command.run_push,
    "pull": server_command.run_pull,
}


def _add_library_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """``library show|export|import``."""
    p = sub.add_parser("library", help="show an entry, export or import a campaign's rules "
                       "library")
    lib = p.add_subparsers(dest="action", required=True, parser_class=_Parser)
    q = lib.add_parser("show", help="print an entry (talent, spell, weapon...) and its reference")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name", help="the entry's name, or the start of it (any case)")
    q.add_argument("--kind", choices=sorted(KINDS), help="only entries of this kind")
    q = lib.add_parser("export", help="write the library (TOML unless --format json)")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("--out", help="file to write (default: standard output)")
    q.add_argument("--format", choices=["toml", "json"])
    q = lib.add_parser("import", help="replace the library from a file (all or nothing)")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("file")
    q.add_argument("--format", choices=["toml", "json"])


def build_parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    summary = __doc__.splitlines()[0].replace("``", "") if __doc__ else ""  # no RST in --help
    parser = _Parser(prog="tftmanager", description=summary)
    parser.add_argument("--version", action="version", version=f"TFT Manager {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("new", help="create a campaign file")
    p.add_argument("path")
    p.add_argument("--demo", action="store_true", help="add the demo party")
    p.add_argument("--history", action="store_true",
                   help="the demo party with twelve weeks of play (journal, board, charts)")
    p.add_argument("--name", help="campaign name (default: the file name)")

    p = sub.add_parser("list", help="list a campaign's characters")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("check", help="validate a character JSON file")
    p.add_argument("file", help="character or party JSON ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--creation", choices=[s.value for s in CreationScheme], default="itl",
                   help="creation scheme to check against (default: itl)")
    p.add_argument("--starting-sp", action="store_true",
                   help="allow SP at creation (the expansion says everyone starts with none)")

    p = sub.add_parser("export", help="write a character as JSON")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("name")
    p.add_argument("--out", help="file to write (default: standard output)")

    p = sub.add_parser("import", help="add characters from a JSON file")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("file")
    p.add_argument("--copy", action="store_true", help="import as new characters")

    _add_library_parsers(sub)
    _add_xp_parsers(sub)
    _add_week_parsers(sub)
    cards_command.add_parser(sub)
    sheet_command.add_parser(sub)
    interop_command.add_parsers(sub)
    journal_command.add_parsers(sub)
    encounter_command.add_parser(sub)
    copy_command.add_parser(sub)
    party_command.add_parsers(sub)
    story_command.add_parser(sub)
    server_command.add_parsers(sub)
    return parser


def _add_xp_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """The xp commands."""
    p = sub.add_parser("xp", help="experience: award, correct, raise, show")
    xp = p.add_subparsers(dest="action", required=True, parser_class=_Parser)
    q = xp.add_parser("award", help="award XP to the party or to named characters")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("--party", type=int, metavar="AMOUNT", help="award every character")
    q.add_argument("--name", action="append", default=[], help="a character (repeatable)")
    q.add_argument("--amount", type=int, help="amount for --name")
    q.add_argument("--reason", required=True)
    q.add_argument("--split", action="store_true", help="split the amount evenly")
    q = xp.add_parser("show", help="a character's balance and ledger")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q = xp.add_parser("raise", help="spend XP on one point of an attribute")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q.add_argument("attribute", type=str.lower, choices=[a.value for a in Attribute],
                   help="st, dx, iq or sp (any case)")
    party_command.add_correct_parser(xp)



def _add_week_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """The week and jobs commands."""
    p = sub.add_parser("week", help="run job weeks for the party")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--weeks", type=int, default=1, help="how many weeks (default 1)")
    p.add_argument("--seed", type=int, help="seed: the same seed gives the same report")
    p.add_argument("--dry-run", action="store_true", help="roll everything, write nothing")
    p.add_argument("--stop-on", type=stop_events, default=DEFAULT_STOP_ON,
                   metavar="EVENTS",
                   help="stop a run of weeks after a week with any of these, comma-separated: "
                        f"{', '.join(e.value for e in StopEvent)}, or none "
                        f"(default {','.join(sorted(DEFAULT_STOP_ON))})")

    p = sub.add_parser("jobs", help="job catalogue and weekly assignments")
    jobs = p.add_subparsers(dest="action", required=True, parser_class=_Parser)
    q = jobs.add_parser("list", help="every job, with values still unset")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q = jobs.add_parser("assign", help="set a character's weekly activity")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q.add_argument("activity", type=str.lower, choices=[a.value for a in Activity])
    q.add_argument("--job", help="job key (see jobs list)")
    q.add_argument("--talent", help="for study: the talent to begin studying")
    q.add_argument("--teacher", action="store_true", help="for study: with a teacher")
    q.add_argument("--anyway", action="store_true",
                   help="assign a job the character is not yet eligible for")
    q.add_argument("--officer", choices=["sergeant", "lieutenant", "captain"])
    q.add_argument("--mounted", action="store_true")
    q.add_argument("--flying-mount", action="store_true")
    q.add_argument("--self-employed", action="store_true", help="a merchant with a shop")
    q.add_argument("--own-lifestyle", action="store_true")
    q.add_argument("--lifestyle", default="poor", help="lifestyle paid when idle")
    q = jobs.add_parser("set", help="supply a job value the scan lost")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("job")
    q.add_argument("field", help="e.g. xp_week, pay, risk, find, min_weeks, damage_fail")
    q.add_argument("value", help="a whole number, x/y for risk (4/17), or dice (3d/IQ, 1d+2)")


def run(argv: list[str]) -> int:
    """Parse and run one command; every failure is one line (see cli.failures)."""
    with failures.escaped_output():
        args = build_parser().parse_args(argv)
        activity_log.configure()
        label = " ".join(w for w in (args.command, getattr(args, "action", None)) if w)
        start = activity_log.started(label)
        try:
            code = COMMANDS[args.command](args)
            sys.stdout.flush()  # a closed pipe shows up here, not at interpreter exit
        except BaseException as exc:  # the last line of defence, by design
            if isinstance(exc, SystemExit):
                raise
            return failures.report(args.command, argv, exc, start, label)
        activity_log.done(label, start)
        return code
