"""``tftmanager cards CAMPAIGN --out FILE.pdf``: character cards as a PDF.

Kept apart from cli/main.py so the card command can grow without touching
the other commands; main.py only registers it.  Exit codes follow main.py:
0 written, 2 the input could not be used (one line on stderr says why).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tftmanager.app import campaigns
from tftmanager.app.errors import CampaignError
from tftmanager.app.location import CampaignLocation
from tftmanager.app.outputs import OutputError, check_output
from tftmanager.cards.errors import CardExportError
from tftmanager.cards.gather import UnknownCharacters, campaign_cards
from tftmanager.cards.layout import CardSize, Paper
from tftmanager.cli import failures
from tftmanager.cli.exit_codes import OK, UNUSABLE
from tftmanager.rules.text import count

SIZE_HELP = "3x5 or 4x6 inch index cards, A6, or a full-page sheet (default: 3x5)"

# The application object must outlive every font and PDF object made with it.
_APP: Any = None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``cards`` sub-command to main.py's sub-parsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "cards", help="print character cards to a PDF",
        description="Write character cards (front and back) to a PDF for printing.")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.add_argument("--name", action="extend", nargs="+", default=[], metavar="NAME",
                   help="only these characters (repeatable; default: the whole party)")
    p.add_argument("--size", choices=[s.value for s in CardSize], default="3x5",
                   help=SIZE_HELP)
    p.add_argument("--paper", choices=[s.value for s in Paper], default="letter",
                   help="paper the cards are printed on (default: letter)")
    p.add_argument("--duplex", action="store_true",
                   help="print each back behind its front (print with 'flip on long edge')")
    return p


def ensure_gui_application() -> None:
    """Qt needs a QGuiApplication before any font or PDF work (or it aborts).

    With no display to talk to, the offscreen platform does: a PDF needs none.
    """
    global _APP
    from PySide6.QtGui import QGuiApplication  # noqa: PLC0415 - Qt only for this command

    if QGuiApplication.instance() is not None:
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _APP = QGuiApplication(["tftmanager"])


def write_party_pdf(command: str, args: argparse.Namespace, names: Sequence[str],
                    gather: Callable[..., Sequence[Any]],
                    export: Callable[[Path, Sequence[Any]], int], what: str) -> int:
    """Gather faces from the campaign, write them with ``export``, say what was written.

    The one shape of ``cards`` and ``sheet``: the path and the campaign are
    checked before Qt is loaded, and every expected failure is one line, exit 2.
    """
    out = Path(args.out)
    try:
        check_output(out)  # a bad path or a refused campaign needs no Qt to say so
        with campaigns.open_for_reading(path=args.campaign) as store:
            faces = gather(store=store, names=names)
        ensure_gui_application()
        pages = export(out, faces)
    except (UnknownCharacters, CardExportError) as exc:
        failures.say(command, exc)
        return UNUSABLE
    except (CampaignError, OutputError) as exc:
        failures.say(command, exc.message)
        return UNUSABLE
    print(f"Wrote {out}: {what} for {count(len(faces), 'character')} on "
          f"{count(pages, 'page')}")
    return OK


def run(args: argparse.Namespace) -> int:
    """Write the cards; every expected failure is one line on stderr and exit 2."""

    def export(out: Path, contents: Sequence[Any]) -> int:
        from tftmanager.cards.export import export_pdf  # noqa: PLC0415 - Qt, loaded late

        return export_pdf(out, contents, size=CardSize(args.size), paper=Paper(args.paper),
                          duplex=args.duplex)

    return write_party_pdf("cards", args, args.name, campaign_cards, export, "cards")
