"""``tftmanager table-server CAMPAIGN [--lan] [--port N]``: the players' pages.

Opens the campaign for editing (a file's lock is held, as the window holds
it), gives every character with a player and no link a new link, prints the
links and the GM's page, and serves until Ctrl+C.  ``--invite NAME`` gives a
character a new link (an old one stops working); ``--revoke NAME`` takes a
character's link away.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from tftmanager.app import campaigns, player_links
from tftmanager.app.location import CampaignLocation
from tftmanager.app.names import find_by_name
from tftmanager.cli.exit_codes import OK
from tftmanager.collector import serving
from tftmanager.tableserver.runner import DEFAULT_PORT, TableServer


def add_parser(subparsers: Any) -> None:
    """Add ``table-server`` to main.py's sub-parsers."""
    p = subparsers.add_parser("table-server",
                              help="serve each player's character to their phone, live")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--lan", action="store_true",
                   help="listen on the local network (default: this computer only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port (default {DEFAULT_PORT}; another when it is taken)")
    p.add_argument("--invite", action="append", default=[], metavar="NAME",
                   help="give this character a new link (an old one stops working)")
    p.add_argument("--revoke", action="append", default=[], metavar="NAME",
                   help="take this character's link away")


def _ids(store: campaigns.Campaign, names: list[str]) -> list[int]:
    sheets = campaigns.party_sheets(store=store)
    return [s.id for s in (find_by_name(sheets, n, lambda s: s.character.name) for n in names)
            if s.id is not None]


def run(args: argparse.Namespace) -> int:
    """Serve the campaign's pages until Ctrl+C."""
    store = campaigns.open_existing(path=args.campaign)
    try:
        for cid in _ids(store, args.revoke):
            player_links.revoke(store=store, character_id=cid)
        for cid in _ids(store, args.invite):
            player_links.invite(store=store, character_id=cid)
        have = {link.character_id for link in player_links.links(store=store)}
        revoked = set(_ids(store, args.revoke))
        for sheet in campaigns.party_sheets(store=store):
            if sheet.id is not None and sheet.character.player and sheet.id not in have \
                    and sheet.id not in revoked:
                player_links.invite(store=store, character_id=sheet.id)
        server = TableServer(store, lan=args.lan, port=args.port)
        where = "the local network" if args.lan else "this computer only"
        print(f"The table server listens on {where}: {server.address.base}")
        for link in player_links.links(store=store):
            print(f"  {link.name} ({link.player or 'no player named'}): "
                  f"{server.address.player_url(link)}")
        print(f"  The GM's page: {server.address.gm_url}")
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C is how it stops, even this soon
            print("Stop it with Ctrl+C.", flush=True)
            serving()  # the collector set for many short requests
            server.serve()
        print("The table server stopped.")
    finally:
        store.close()
    return OK
