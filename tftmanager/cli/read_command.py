"""The reading commands ``list``, ``export`` and ``library show``.

They read through ``app.reading``: a campaign file that passes a real
open's checks is read with the standard library, without loading the store,
so these commands start in a fraction of the time; anything else (a server
campaign, an older file, a crash's unfinished write) is opened for reading
as always.  Exit codes follow main.py.
"""

from __future__ import annotations

import argparse
import json

from tftmanager.app import library_show, reading
from tftmanager.app.names import NameNotFound
from tftmanager.cli.exit_codes import OK
from tftmanager.cli.output import write_or_print
from tftmanager.cli.report import pad, sheet_json, text_width
from tftmanager.cli.text_input import UsageError
from tftmanager.rules.problems import problems_summary


def cmd_list(args: argparse.Namespace) -> int:
    """List a campaign's characters."""
    party = reading.party(path=args.campaign)
    sheets = [party.sheet(s) for s in party.characters]
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
        problems = problems_summary(len(s.errors), len(s.problems) - len(s.errors))
        print(f"{pad(c.name, width)}  {pad(race, 9)} {c.st:>3}  {adj:<8} {c.iq:>3} {c.sp:>3} "
              f"{d.ma:>3}  {problems}")
    return OK

def cmd_export(args: argparse.Namespace) -> int:
    """Write one character as JSON to stdout or a file."""
    text = reading.export_by_name(path=args.campaign, name=args.name)
    write_or_print(text, args.out)
    return OK

def show_library_entry(args: argparse.Namespace) -> int:
    """Print one entry of the campaign's rules library and its reference."""
    try:
        entry = library_show.find_entry(reading.library_entries(path=args.campaign), args.name,
                                        args.kind)
    except NameNotFound as exc:
        raise UsageError(str(exc)) from None
    print("\n".join(library_show.entry_lines(entry)))
    return OK
