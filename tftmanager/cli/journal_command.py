"""``tftmanager history | undo | redo CAMPAIGN``: the campaign's journal from a shell.

The same application functions as Edit > Undo, Edit > Redo and the History
panel, so a GM who ran a week by mistake yesterday can take it back today
from either.  Exit codes follow main.py: 0 done, 2 nothing to undo or redo
or the input could not be used (one line on stderr; nothing is changed).
"""

from __future__ import annotations

import argparse
from typing import Any

from tftmanager.app import campaigns, journal
from tftmanager.app.journal import Operation
from tftmanager.app.location import CampaignLocation
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.cli.arguments import positive_int
from tftmanager.cli.exit_codes import OK
from tftmanager.refusal import Refusal


class NoSuchCharacter(Refusal, ValueError):
    """A ``--character`` name the campaign does not hold; the message says so."""


def add_parsers(subparsers: Any) -> None:
    """Add ``history``, ``undo`` and ``redo`` to main.py's sub-parsers."""
    p = subparsers.add_parser(
        "history", help="list the campaign's changes, newest first",
        description="List every change made to the campaign, newest first; undone "
                    "changes (which redo would make again) are marked.")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--limit", type=positive_int("a whole number", "the limit must be 1 or more"),
                   default=None, metavar="N", help="show only the N newest changes")
    p.add_argument("--character", metavar="NAME",
                   help="only changes that touched this character")
    for name, what in (("undo", "take back the newest change"),
                       ("redo", "make the newest undone change again")):
        q = subparsers.add_parser(name, help=what, description=f"{what.capitalize()}.")
        q.add_argument("campaign", type=CampaignLocation.parse)


def line(operation: Operation) -> str:
    """One history line: number, week, when, who (on a server), label, and if it is undone."""
    when = operation.when.strftime("%Y-%m-%d %H:%M")
    who = f"{operation.author}: " if operation.author else ""
    state = f"  ({operation.state})" if operation.state else ""
    return (f"{operation.id:>5}  week {operation.week:>3}  {when}  {who}"
            f"{operation.label}{state}")


def _character_id(store: Any, name: str) -> int:
    try:
        sheet = find_by_name(campaigns.party_sheets(store=store), name,
                             lambda s: s.character.name)
    except NameNotFound as exc:
        raise NoSuchCharacter(str(exc)) from None
    assert sheet.id is not None
    return sheet.id


def run_history(args: argparse.Namespace) -> int:
    """Print the journal, newest first."""
    with campaigns.open_for_reading(path=args.campaign) as store:
        character_id = _character_id(store, args.character) if args.character else None
        operations = journal.history(store=store, limit=args.limit, character_id=character_id)
    if not operations:
        print("No changes yet.")
    for operation in operations:
        print(line(operation))
    return OK


def run_undo(args: argparse.Namespace) -> int:
    """Take back the newest change and say what it was."""
    with campaigns.open_existing(path=args.campaign) as store:
        replayed = journal.undo(store=store)
    print(f"Undid: {replayed.operation.label}")
    return OK


def run_redo(args: argparse.Namespace) -> int:
    """Make the newest undone change again and say what it was."""
    with campaigns.open_existing(path=args.campaign) as store:
        replayed = journal.redo(store=store)
    print(f"Redid: {replayed.operation.label}")
    return OK
