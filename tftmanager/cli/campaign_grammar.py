"""The arguments of new, list, check, export, import and library.

Kept apart from the commands themselves (campaign_command, read_command) so
that reading the arguments of ``list`` loads nothing ``list`` does not use.
"""

from __future__ import annotations

import argparse

from tftmanager.app.location import CampaignLocation
from tftmanager.cli.arguments import Parser
from tftmanager.rules.library_entries import KINDS
from tftmanager.rules.settings import CreationScheme


def add_new_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """``new``: each command's arguments are added alone, so ``list`` builds only its own."""
    p = sub.add_parser("new", help="create a campaign file")
    p.add_argument("path")
    p.add_argument("--demo", action="store_true", help="add the demo party")
    p.add_argument("--history", action="store_true",
                   help="the demo party with twelve weeks of play (journal, board, charts)")
    p.add_argument("--name", help="campaign name (default: the file name)")


def add_list_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """``list``."""
    p = sub.add_parser("list", help="list a campaign's characters")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--json", action="store_true")


def add_check_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """``check``."""
    p = sub.add_parser("check", help="validate a character JSON file")
    p.add_argument("file", help="character or party JSON ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--creation", choices=[s.value for s in CreationScheme], default="itl",
                   help="creation scheme to check against (default: itl)")
    p.add_argument("--starting-sp", action="store_true",
                   help="allow SP at creation (the expansion says everyone starts with none)")


def add_export_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """``export``."""
    p = sub.add_parser("export", help="write a character as JSON")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("name")
    p.add_argument("--out", help="file to write (default: standard output)")


def add_import_parser(sub: argparse._SubParsersAction[Parser]) -> None:
    """``import``."""
    p = sub.add_parser("import", help="add characters from a JSON file")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("file")
    p.add_argument("--copy", action="store_true", help="import as new characters")


def add_library_parsers(sub: argparse._SubParsersAction[Parser]) -> None:
    """``library show|export|import``."""
    p = sub.add_parser("library", help="show an entry, export or import a campaign's rules "
                       "library")
    lib = p.add_subparsers(dest="action", required=True, parser_class=Parser)
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
