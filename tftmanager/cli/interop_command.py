"""``tftmanager statblock ...`` and ``tftmanager foundry ...``: figures in other programs' forms.

Kept apart from cli/main.py, which only registers them.  Exit codes follow
main.py: 0 done, 2 the input could not be used (one line on stderr says
why; a stat block's problems are listed line by line before it).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tftmanager.app import campaigns, foundry, statblocks
from tftmanager.app.arrivals import Already
from tftmanager.app.import_unknowns import (
    ChoiceRefused,
    Resolution,
    Unknown,
    choices_for,
    parse_choice,
)
from tftmanager.app.library import library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.app.location import CampaignLocation
from tftmanager.app.outputs import write_outputs
from tftmanager.cli import failures
from tftmanager.cli.exit_codes import OK, UNUSABLE
from tftmanager.cli.output import write_or_print
from tftmanager.cli.text_input import UnreadableInput, read_text
from tftmanager.rules.statblock import read_statblocks
from tftmanager.rules.text import count


def add_parsers(sub: Any) -> None:
    """Add ``statblock`` and ``foundry`` to main.py's sub-parsers."""
    p = sub.add_parser("statblock", help="import or export text stat blocks",
                       description="Read or write figures as TFT stat blocks (see "
                       "docs/statblocks.md).")
    verbs = p.add_subparsers(dest="verb", required=True)
    q = verbs.add_parser("import", help="add the figures of a text file (all or none)")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("file", help="a text file of stat blocks ('-' for standard input)")
    q.add_argument("--bestiary", action="store_true",
                   help="add them to the bestiary instead of the party")
    _import_options(q)
    q = verbs.add_parser("export", help="write characters as stat blocks")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("names", nargs="*", metavar="NAME", help="default: the whole party")
    q.add_argument("--out", metavar="FILE", help="write to a file instead of the screen")
    q.add_argument("--bestiary", action="store_true",
                   help="the bestiary's templates instead of the party")
    p = sub.add_parser("foundry", help="Foundry VTT (Fantasy Trip system) actors",
                       description="Export characters as Foundry VTT actors of the Fantasy "
                       "Trip system, or import actors exported from it (docs/foundry.md).")
    verbs = p.add_subparsers(dest="verb", required=True)
    q = verbs.add_parser("export", help="write characters as actor JSON")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("names", nargs="*", metavar="NAME", help="default: the whole party")
    q.add_argument("--out", required=True, metavar="FILE",
                   help="the actor file (several characters: a folder, one file each)")
    q = verbs.add_parser("import", help="add the actors of JSON files (all or none)")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("files", nargs="+", metavar="FILE")
    _import_options(q)


def _import_options(q: Any) -> None:
    """--dry-run and --choose for both imports; --update and --copy for characters seen before."""
    q.add_argument("--dry-run", action="store_true",
                   help="show what would be imported (and every name the library lacks) "
                   "and import nothing")
    q.add_argument("--choose", action="append", default=[], metavar="NAME=CHOICE",
                   help="for a name the library lacks: NAME=notes (the default), NAME=add "
                   "(a new library entry) or NAME=LIBRARY NAME (use that entry); repeatable")
    same = q.add_mutually_exclusive_group()
    same.add_argument("--update", action="store_true",
                      help="bring characters already in the campaign up to date")
    same.add_argument("--copy", action="store_true",
                      help="add them as new characters even if the campaign has them")


def _already(args: argparse.Namespace) -> Already | None:
    """--update or --copy (None: refuse a character the campaign already has)."""
    return Already.UPDATE if args.update else Already.COPY if args.copy else None


def _choices(args: argparse.Namespace) -> dict[str, Resolution]:
    """The --choose options by name (a malformed one is one line, exit 2)."""
    try:
        return dict(parse_choice(text) for text in args.choose)
    except ChoiceRefused as exc:
        raise UnreadableInput(exc.message) from None


def show_unknowns(unknowns: list[Unknown], report: list[str]) -> None:
    """Each name the library lacks with the closest entries, then what became of each."""
    for unknown in unknowns:
        near = ", ".join(name for _key, name in unknown.suggestions) or "none close"
        where = f" ({unknown.where})" if unknown.where else ""
        print(f"  not in the library{where}: {unknown.note_line()} [closest: {near}]")
    for line in report:
        print(f"  {line}")


def _statblock_choices(store: Any, text: str, given: dict[str, Resolution]
                       ) -> dict[tuple[str, str], Resolution]:
    """The --choose options for a stat block text, keyed by the names it lacks."""
    if not given:
        return {}
    first = statblocks.preview(store=store, text=text)
    try:
        return choices_for(first.unknowns, given, NameIndex(library_for(store)))
    except ChoiceRefused as exc:
        raise UnreadableInput(exc.message) from None


def _read(name: str) -> str:
    """A text file's contents (stdin for '-'); a file that cannot be read is one line."""
    return read_text(name, statblocks.MAX_TEXT + 1, encoding="utf-8-sig")


def _show_lines(preview: statblocks.Preview) -> None:
    for note in preview.lines:
        marks = [*(f"!! {p}" for p in note.problems), *(f"?  {w}" for w in note.warnings)]
        became = "; ".join(note.became)
        if not (became or marks):
            continue
        print(f"{note.number:4}  {note.text.strip()[:60]}")
        if became:
            print(f"      -> {became}")
        for mark in marks:
            print(f"      {mark}")


def run_statblock(args: argparse.Namespace) -> int:
    """Import (all or nothing) or export stat blocks."""
    if args.verb == "export":
        with campaigns.open_for_reading(path=args.campaign) as store:
            text = statblocks.export_statblocks(store=store, names=args.names,
                                                bestiary=args.bestiary)
        write_or_print(text, args.out)
        return OK
    text = _read(args.file)
    opener = campaigns.open_for_reading if args.dry_run else campaigns.open_existing
    with opener(path=args.campaign) as store:
        chosen = _statblock_choices(store, text, _choices(args)) if not args.bestiary else {}
        seen = (statblocks.preview_templates(store=store, text=text) if args.bestiary
                else statblocks.preview(store=store, text=text, choices=chosen))
        if args.dry_run or seen.problems:
            _show_lines(seen)
            show_unknowns(seen.unknowns, [])
        if seen.problems:
            failures.say("statblock", f"{count(len(seen.problems), 'problem')}; "
                         "nothing was imported.")
            return UNUSABLE
        if args.dry_run:
            if not args.bestiary:
                print(f"Would import {count(len(seen.figures), 'figure')}.")
            return OK
        result = statblocks.import_statblocks(store=store, text=text, bestiary=args.bestiary,
                                              choices=chosen, already=_already(args))
    if args.bestiary:
        found = read_statblocks(text).blocks
        print(f"Imported {count(len(found), 'template')} into the bestiary: "
              + ", ".join(b.name for b in found))
        return OK
    names = ", ".join(c.name for c in seen.figures)
    print(f"Imported {count(len(result.ids), 'figure')}: {names}")
    for warning in seen.warnings:
        print(f"  {warning}")
    return OK


def _import_foundry(args: argparse.Namespace) -> int:
    texts = [read_text(name, foundry.MAX_ACTOR_TEXT + 1, encoding="utf-8-sig")
             for name in args.files]
    given = _choices(args)
    opener = campaigns.open_for_reading if args.dry_run else campaigns.open_existing
    with opener(path=args.campaign) as store:
        first = foundry.preview_actors(store=store, texts=texts)
        library = NameIndex(library_for(store))
        try:
            chosen = choices_for(first.unknowns, given, library)
        except ChoiceRefused as exc:
            raise UnreadableInput(exc.message) from None
        seen = foundry.preview_actors(store=store, texts=texts, choices=chosen)
        for name in seen.same_names:
            print(f"  note: the party already has a character named {name}")
        for match in (m for m in seen.already if m is not None):
            print(f"  {match.name} is already in this campaign; differs in: "
                  + (", ".join(match.differences) or "nothing"))
        if args.dry_run:
            show_unknowns(seen.unknowns, seen.report)
            held = [m.name for m in seen.already if m is not None]
            if held and _already(args) is None:  # what the real run would refuse
                failures.say("foundry", f"{held[0]} is already in this campaign; import it "
                             "with --update to bring it up to date or --copy to add it as a "
                             "new character. Nothing would be imported.")
                return UNUSABLE
            print(f"Would import {count(len(seen.reads), 'character')}.")
            return OK
        result = foundry.import_actor_files(store=store, texts=texts, already=_already(args),
                                            choices=chosen)
    print(f"Imported {count(len(result.ids), 'character')} from "
          f"{', '.join(args.files)}")
    for line in result.report:
        print(f"  {line}")
    return OK


def run_foundry(args: argparse.Namespace) -> int:
    """Export actors to a file (or a folder of files) or import them."""
    if args.verb == "import":
        return _import_foundry(args)
    with campaigns.open_for_reading(path=args.campaign) as store:
        actors = foundry.export_actors(store=store, names=args.names)
    if len(actors) == 1:
        write_or_print(actors[0][1], args.out)
        return OK
    write_outputs(Path(args.out), foundry.actor_files(actors))
    print(f"Wrote {count(len(actors), 'actor')} to {args.out}/")
    return OK
