"""``tftmanager server|push|pull``: a campaign shared by a group on a PostgreSQL server.

- ``server init URL [--name NAME]``: set up an empty database as a campaign;
- ``server upgrade URL [--dump-dir DIR]``: bring an older one to this version,
  dumping it first;
- ``server add-player URL LOGIN --character NAME ... [--gm] [--password]``;
- ``push FILE URL [--replace]`` and ``pull URL FILE``.

Every other command takes a server URL where it takes a campaign file.
Passwords never go on the command line: libpq reads ``PGPASSWORD`` or
``~/.pgpass``, or the system keyring holds one remembered by the GUI;
``--password`` asks for a new player's password at a prompt.  A URL typed
with a password anyway is printed without it (``CampaignLocation.display``).
"""

from __future__ import annotations

import argparse
import getpass
from pathlib import Path
from typing import Any

from tftmanager.app import server_campaigns
from tftmanager.app.location import CampaignLocation
from tftmanager.cli import failures
from tftmanager.cli.exit_codes import OK
from tftmanager.rules.text import count

URL_HELP = "the campaign's database, e.g. postgresql://gm@server/dragons"


def add_parsers(subparsers: Any) -> None:
    """Add ``server``, ``push`` and ``pull`` to main.py's sub-parsers."""
    p = subparsers.add_parser("server", help="set up and look after a server campaign")
    server = p.add_subparsers(dest="server_command", required=True)
    q = server.add_parser("init", help="set up an empty PostgreSQL database as a campaign")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("--name", default="", help="the campaign's name (default: the database's)")
    q = server.add_parser("upgrade", help="upgrade a server campaign made by an older version")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("--dump-dir", type=Path, default=None,
                   help="where the dump taken first goes (default: this folder)")
    q = server.add_parser("add-player", help="let a login play characters (or be a GM)")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("login", help="the player's database login (created if missing)")
    q.add_argument("--character", action="append", default=[], metavar="NAME",
                   help="a character the player may change (repeat for more)")
    q.add_argument("--gm", action="store_true", help="make the login a GM instead")
    q.add_argument("--password", action="store_true",
                   help="ask for a password for the login (not echoed)")
    p = subparsers.add_parser("push", help="upload a campaign file to a server")
    p.add_argument("file")
    p.add_argument("url", help=URL_HELP)
    p.add_argument("--replace", action="store_true",
                   help="replace the campaign the server already holds")
    p = subparsers.add_parser("pull", help="write a server campaign to a new campaign file")
    p.add_argument("url", help=URL_HELP)
    p.add_argument("file")


def run_server(args: argparse.Namespace) -> int:
    """``server init|upgrade|add-player``."""
    if args.server_command == "init":
        address = server_campaigns.init(url=args.url, name=args.name)
        print(f"Set up {address.display}: the campaign is ready. Add players with "
              f"tftmanager server add-player {address.url} LOGIN --character NAME")
        return OK
    if args.server_command == "upgrade":
        old, dump = server_campaigns.upgrade(url=args.url, dump_folder=args.dump_dir)
        if dump is None:
            print(f"{CampaignLocation.parse(args.url)} is already at this version "
                  f"(schema {old}); its roles and policies were checked.")
        else:
            print(f"Upgraded from schema {old}; what it held before is in {dump}")
        return OK
    if not args.character and not args.gm:
        failures.say("server", "add-player: name at least one --character NAME (or give --gm).")
        return 2
    password = getpass.getpass(f"Password for {args.login}: ") if args.password else None
    names = server_campaigns.add_member(url=args.url, login=args.login,
                                        characters=args.character, gm=args.gm,
                                        password=password)
    role = "a GM" if args.gm else "a player"
    plays = f", playing {', '.join(names)}" if names else ""
    print(f"{args.login} is {role} of the campaign{plays}.")
    return OK


def run_push(args: argparse.Namespace) -> int:
    """Upload a file."""
    counts = server_campaigns.push(path=Path(args.file), url=args.url, replace=args.replace)
    print(f"Pushed {args.file} to {CampaignLocation.parse(args.url)}: "
          f"{count(counts.get('character', 0), 'character')}, "
          f"{count(counts.get('operation', 0), 'journal operation')}.")
    return OK


def run_pull(args: argparse.Namespace) -> int:
    """Write a file."""
    counts = server_campaigns.pull(url=args.url, path=Path(args.file))
    print(f"Pulled {CampaignLocation.parse(args.url)} into {args.file}: "
          f"{count(counts.get('character', 0), 'character')}, "
          f"{count(counts.get('operation', 0), 'journal operation')}.")
    return OK
