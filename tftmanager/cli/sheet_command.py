"""``tftmanager sheet CAMPAIGN [NAME...] --out FILE.pdf``: full character sheets.

One Letter or A4 page per character, set and painted as the cards are
(tftmanager.cards).  Exit codes as main.py: 0 written, 2 the input could not
be used (one line on stderr says why).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tftmanager.app.location import CampaignLocation
from tftmanager.cards.layout import Paper
from tftmanager.cards.sheet_gather import campaign_sheets
from tftmanager.cli.cards_command import write_party_pdf


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``sheet`` sub-command to main.py's sub-parsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "sheet", help="print full character sheets to a PDF",
        description="Write a full character sheet (one page each: the card, notes, the "
                    "experience ledger's last entries, every possession) to a PDF.")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="only these characters (a unique start of a name will do; "
                        "default: the whole party)")
    p.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.add_argument("--page", choices=[s.value for s in Paper], default="letter",
                   help="page size (default: letter)")
    return p


def run(args: argparse.Namespace) -> int:
    """Write the sheets; every expected failure is one line on stderr and exit 2."""

    def export(out: Path, faces: Sequence[Any]) -> int:
        from tftmanager.cards.export import export_sheets_pdf  # noqa: PLC0415 - Qt, late

        return export_sheets_pdf(out, faces, paper=Paper(args.page))

    return write_party_pdf("sheet", args, args.names, campaign_sheets, export, "sheets")
