"""``tftmanager rename`` and ``tftmanager xp correct``: what other messages send users to.

``import`` of the same file twice, or two characters named alike, leave a
campaign whose characters the command line cannot tell apart ("3 characters
are named 'Brunhild'"); ``rename --number N`` picks one of them.  A negative
award is refused with "record a correction", which ``xp correct`` does.
"""

from __future__ import annotations

import argparse
from typing import Any

from tftmanager.app import abilities, assignments, campaigns, characters, experience
from tftmanager.app.location import CampaignLocation
from tftmanager.app.names import NameNotFound, all_named, find_by_name
from tftmanager.app.sheet import Sheet
from tftmanager.cli.exit_codes import OK
from tftmanager.refusal import Refusal
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.text import count


class NotUnderstood(Refusal, ValueError):
    """A name or number the command cannot use; the message says why."""


def add_parsers(subparsers: Any) -> None:
    """Add ``rename`` to main.py's sub-parsers."""
    p = subparsers.add_parser(
        "rename", help="give a character a new name",
        description="Rename a character. With several characters of the same name, "
                    "--number picks one, counted in the order `list` shows them.")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("name", help="the character's name (or a unique start of it)")
    p.add_argument("new_name", metavar="NEW", help="the new name")
    p.add_argument("--number", type=int, metavar="N",
                   help="which of several characters of that name (1 is the first)")


def add_correct_parser(xp: Any) -> None:
    """Add ``xp correct`` to the xp sub-parsers."""
    q = xp.add_parser("correct", help="record a correction (+ or -) in a character's ledger")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q.add_argument("amount", type=int, help="XP to add (or take away, negative)")
    q.add_argument("--reason", required=True, help="why (shown in the ledger)")


def pick(sheets: list[Sheet], name: str, number: int | None) -> Sheet:
    """The character named, or the Nth of several characters of that name."""
    named = all_named(sheets, name, lambda s: s.character.name)
    if number is None or not named:
        try:
            return find_by_name(sheets, name, lambda s: s.character.name)
        except NameNotFound as exc:
            raise NotUnderstood(str(exc)) from None
    if not 1 <= number <= len(named):
        raise NotUnderstood(f"--number is 1 to {len(named)}: "
                            f"{count(len(named), 'character')} named '{name}'.")
    return named[number - 1]


def run_rename(args: argparse.Namespace) -> int:
    """Rename one character (one undoable operation)."""
    with campaigns.open_existing(path=args.campaign) as store:
        sheet = pick(campaigns.party_sheets(store=store), args.name, args.number)
        assert sheet.id is not None
        characters.rename_character(store=store, character_id=sheet.id, name=args.new_name)
        after = characters.get_character(store=store, character_id=sheet.id)
    print(f"Renamed {sheet.character.name} to {after.name}")
    return OK


def run_correct(store: Any, sheet: Sheet, amount: int, reason: str) -> None:
    """Write a correction entry; the caller prints the ledger."""
    assert sheet.id is not None
    experience.correct(store=store, character_id=sheet.id, amount=amount, reason=reason)


def check_assignment(store: Any, sheet: Sheet, data: Assignment, study: str | None,
                     teacher: bool, anyway: bool = False) -> None:
    """Refuse, before anything is written, an assignment the week could not carry out.

    A job needs ``--job``, and the character must be eligible for it; a week
    of study needs something to study (``--talent``, begun here, or a study
    already under way).
    """
    assert sheet.id is not None
    if data.activity is Activity.JOB:
        if not data.job:
            raise NotUnderstood("Say which job with --job KEY (tftmanager jobs list CAMPAIGN "
                                "shows them).")
        reasons = assignments.ineligibility(store=store, character_id=sheet.id, data=data)
        if reasons and not anyway:
            raise NotUnderstood(f"{sheet.character.name} is not eligible for {data.job}: "
                                + "; ".join(reasons) + ". Nothing was changed (--anyway "
                                "assigns it all the same; the week stays idle until eligible).")
    if data.activity is Activity.STUDY:
        if study:
            key = abilities.talent_key(store=store, name=study)
            abilities.start_study(store=store, character_id=sheet.id, key=key, teacher=teacher)
        elif not abilities.studies_of(store=store, character_id=sheet.id):
            raise NotUnderstood(f"{sheet.character.name} is studying nothing: say what with "
                                "--talent NAME (and --teacher if taught).")

