"""``tftmanager journal CAMPAIGN``: the campaign's story and session notes, to send the group.

The same ``app.campaign_journal`` as Campaign > Journal, filtered by week
range, character and kind, printed as Markdown or written as Markdown, HTML
or PDF.  Exit codes follow main.py: 0 done, 2 input it cannot use (one line
on stderr, nothing written).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tftmanager.app import campaigns
from tftmanager.app.campaign_journal import JournalFilter, campaign_journal
from tftmanager.app.errors import CampaignError
from tftmanager.app.journal_export import title, to_html, to_markdown
from tftmanager.app.location import CampaignLocation
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.opkind import OpKind
from tftmanager.app.outputs import OutputError
from tftmanager.cards.errors import CardExportError
from tftmanager.cli import failures
from tftmanager.cli.arguments import positive_int
from tftmanager.cli.cards_command import ensure_gui_application
from tftmanager.cli.exit_codes import OK, UNUSABLE
from tftmanager.cli.output import write_or_print

# What --kind accepts: every kind of operation the journal tells (notes are shown as
# themselves, not filtered by kind).
JOURNAL_KINDS = frozenset(k.value for k in OpKind) - {OpKind.NOTES.value}

FORMATS = ("md", "html", "pdf")


_week = positive_int("a week number", "campaign weeks start at week 1")


def add_parser(subparsers: Any) -> None:
    """Add ``journal`` to main.py's sub-parsers."""
    p = subparsers.add_parser(
        "journal", help="the campaign's story week by week, with the session notes",
        description="Tell the campaign's story week by week from its history (awards, "
                    "raises, purchases, job weeks, survival rolls...) beside the GM's "
                    "session notes; Markdown on the screen, or a file with --out.")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--from", dest="first", type=_week, metavar="WEEK",
                   help="start at this campaign week")
    p.add_argument("--to", dest="last", type=_week, metavar="WEEK",
                   help="end at this campaign week")
    p.add_argument("--character", metavar="NAME", help="only what touched this character")
    p.add_argument("--kind", action="append", default=[], metavar="KIND",
                   help="only this kind (experience, equipment, week, jobs, abilities, "
                        "character, library, settings...); may be repeated")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="md, html or pdf (default: from the --out name, else md)")
    p.add_argument("--out", metavar="FILE", help="write to this file instead of the screen")


def _format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    suffix = Path(args.out).suffix.lower().lstrip(".") if args.out else ""
    return {"markdown": "md", "htm": "html"}.get(suffix, suffix if suffix in FORMATS else "md")


def _where(store: Any, args: argparse.Namespace) -> JournalFilter:
    character_id = None
    if args.character:
        sheet = find_by_name(campaigns.party_sheets(store=store), args.character,
                             lambda s: s.character.name)
        character_id = sheet.id
    return JournalFilter(character_id, args.first, args.last, frozenset(args.kind))


def run(args: argparse.Namespace) -> int:
    """Print or write the journal; every expected failure is one line and exit 2."""
    fmt = _format(args)
    if fmt == "pdf" and not args.out:
        failures.say("journal", "A PDF needs a file: add --out FILE.pdf")
        return UNUSABLE
    unknown = sorted(set(args.kind) - JOURNAL_KINDS)
    if unknown:
        failures.say("journal", f"No kind '{unknown[0]}'; the kinds are "
                     + ", ".join(sorted(JOURNAL_KINDS)) + ".")
        return UNUSABLE
    if args.first and args.last and args.first > args.last:
        failures.say("journal", f"--from {args.first} is after --to {args.last}.")
        return UNUSABLE
    try:
        with campaigns.open_for_reading(path=args.campaign) as store:
            journal = campaign_journal(store=store, where=_where(store, args))
        if fmt == "pdf":
            ensure_gui_application()
            from tftmanager.cards.journal_pdf import export_journal_pdf  # noqa: PLC0415 - Qt

            pages = export_journal_pdf(Path(args.out), to_html(journal, standalone=False),
                                       title(journal))
            print(f"Wrote {args.out}: {journal.sentence_count} entries on {pages} "
                  f"page{'s' if pages != 1 else ''}")
            return OK
        text = to_html(journal) if fmt == "html" else to_markdown(journal)
        write_or_print(text, args.out, wrote=f": {journal.sentence_count} entries")
    except (NameNotFound, CardExportError) as exc:
        failures.say("journal", exc)
        return UNUSABLE
    except (CampaignError, OutputError) as exc:
        failures.say("journal", exc.message)
        return UNUSABLE
    return OK
