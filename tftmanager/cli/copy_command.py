"""``tftmanager copy CAMPAIGN DEST``: File > Save a Copy from a shell.

The campaign is opened for reading (no lock, so it works while the GUI has
it open) and copied with SQLite's backup API by the same application
function the GUI calls.  Exit codes follow main.py: 0 copied, 2 refused
(one line on stderr; nothing is written).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tftmanager.app import campaigns
from tftmanager.app.copies import save_copy
from tftmanager.app.location import CampaignLocation
from tftmanager.cli.exit_codes import OK


def add_parser(subparsers: Any) -> None:
    """Add ``copy`` to main.py's sub-parsers."""
    p = subparsers.add_parser(
        "copy", help="write a consistent copy of a campaign file",
        description="Write a copy of a campaign (its party, ledgers, rules library and "
                    "history) that opens as the same campaign. Safe while the campaign "
                    "is open in TFT Manager.")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("dest", help="the new file (an existing file is kept unless --replace)")
    p.add_argument("--replace", action="store_true",
                   help="replace DEST if it exists (never the campaign itself)")


def run(args: argparse.Namespace) -> int:
    """Copy the campaign and say where the copy went (a server campaign is pulled)."""
    with campaigns.open_for_reading(path=args.campaign) as store:
        written = save_copy(store=store, target=Path(args.dest), replace=args.replace)
    print(f"Copied {args.campaign} to {written}")
    return OK
