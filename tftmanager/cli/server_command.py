"""``tftmanager server|push|pull``: a campaign shared by a group on a PostgreSQL server.

- ``server init URL [--name NAME]``: set up an empty database as a campaign;
- ``server upgrade URL [--dump-dir DIR]``: bring an older one to this version,
  dumping it first;
- ``server add-player URL NAME --character NAME ... [--gm] [--password]``: a
  player (who acts through the table server, with no database login) or a
  co-GM (a database login);
- the operator's tools: ``server status URL`` (limits, usage, today's counts,
  who is connected), ``server set-limit URL NAME VALUE``, ``server
  end-session URL PID``, ``server remove-player URL NAME``;
- ``push FILE URL [--replace]`` and ``pull URL FILE``.

Every other command takes a server URL where it takes a campaign file.
Passwords never go on the command line: libpq reads ``PGPASSWORD`` or
``~/.pgpass``, or the system keyring holds one remembered by the GUI;
``--password`` asks for a new co-GM's password at a prompt.  A URL typed
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
    q = server.add_parser("add-player", help="let a player play characters (or add a co-GM)")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("login", help="the player's name (a co-GM's: their database login)")
    q.add_argument("--character", action="append", default=[], metavar="NAME",
                   help="a character the player may change (repeat for more)")
    q.add_argument("--gm", action="store_true",
                   help="make it a co-GM's database login instead (created if missing)")
    q.add_argument("--password", action="store_true",
                   help="ask for the co-GM login's password (not echoed)")
    q = server.add_parser("status", help="limits, usage, today's changes and who is connected")
    q.add_argument("url", help=URL_HELP)
    q = server.add_parser("set-limit", help="change a limit on what a player may add")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("name", help="the limit, as server status names it")
    q.add_argument("value", type=int, help="its new value")
    q = server.add_parser("end-session", help="end a session that holds the others up")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("pid", type=int, help="the session's number, as server status lists it")
    q = server.add_parser("remove-player", help="take a player off the campaign")
    q.add_argument("url", help=URL_HELP)
    q.add_argument("player", help="the player's name")
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
        _upgrade(args.url, args.dump_dir)
        return OK
    operator = OPERATOR.get(args.server_command)
    if operator is not None:
        return operator(args)
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


def _upgrade(url: str, dump_dir: Path | None) -> None:
    done = server_campaigns.upgrade(url=url, dump_folder=dump_dir)
    if done.dump is None:
        print(f"{CampaignLocation.parse(url)} is already at this version "
              f"(schema {done.schema}); its roles, rules and checks were installed again.")
    else:
        print(f"Upgraded from schema {done.schema}; what it held before is in {done.dump}")
    if done.ended:
        print(f"Ended {count(done.ended, 'session')} that would have held the upgrade up.")
    if done.players:
        print(f"Players' database logins dropped: {', '.join(done.players)}. They keep "
              "their characters and join through the table server's links.")
    if done.broken:
        print(f"Stored values the app cannot read, in {', '.join(done.broken)}: new writes "
              "are checked; correct these rows (tftmanager pull shows them).")


def _status(args: argparse.Namespace) -> int:
    found = server_campaigns.report(url=args.url)
    print(f"{CampaignLocation.parse(args.url)}: {found.database_bytes / 1e6:,.1f} MB")
    print("Limits (server set-limit URL NAME VALUE):")
    for limit in found.limits:
        print(f"  {limit.name:<28}{limit.value:>14,}  {limit.about}")
    print("Usage (rows, bytes) of the characters using most:")
    for used in found.usage[:20]:
        print(f"  {used.character:<28}{used.rows:>14,}{used.bytes:>14,}")
    print("Players' changes today (UTC):" + ("" if found.today else " none"))
    for player, done in found.today.items():
        print(f"  {player:<28}{done:>14,}")
    connected = server_campaigns.sessions(url=args.url)
    print("Connected (server end-session URL PID):" + ("" if connected else " nobody else"))
    for c in connected:
        change = (f", in a change since {c.in_change_since:%H:%M:%S}"
                  if c.in_change_since is not None else "")
        print(f"  {c.pid:>8}  {c.login} from {c.address} ({c.program or 'unknown'}), "
              f"{c.state or 'connecting'}{change}")
    return OK


def _set_limit(args: argparse.Namespace) -> int:
    server_campaigns.set_limit(url=args.url, name=args.name, value=args.value)
    print(f"{args.name} is now {args.value:,}.")
    return OK


def _end_session(args: argparse.Namespace) -> int:
    if server_campaigns.end_session(url=args.url, pid=args.pid):
        print(f"Ended session {args.pid}; any change it held open was rolled back.")
        return OK
    failures.say("server", f"end-session: no session {args.pid} on this campaign that your "
                 "login may end (server status lists them).")
    return 1


def _remove_player(args: argparse.Namespace) -> int:
    names = server_campaigns.remove_player(url=args.url, player=args.player)
    plays = f" and no longer plays {', '.join(names)}" if names else ""
    print(f"{args.player} has left the campaign{plays}.")
    return OK


OPERATOR = {"status": _status, "set-limit": _set_limit, "end-session": _end_session,
            "remove-player": _remove_player}


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
