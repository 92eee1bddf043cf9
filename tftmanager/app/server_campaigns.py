"""Server campaigns for a group: set one up, upgrade it, add players, push and pull.

The GUI and the command line both call these; the store does the work on the
server (``store.server_admin``, ``store.server_copy``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from tftmanager.app.library import initial_library
from tftmanager.app.location import CampaignLocation
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import CampaignError
from tftmanager.store.server_address import ServerAddress, parse_address, remember_password
from tftmanager.store.server_listen import Listener, Notice

if TYPE_CHECKING:
    from tftmanager.store.server import ServerCampaignStore
    from tftmanager.store.server_admin import Upgraded
    from tftmanager.store.server_operator import Connected, Report

# What the GUI names of a server campaign, through here rather than the store.
__all__ = ["Listener", "Notice", "ServerAddress", "add_member", "address_of", "assigned",
           "end_session", "init", "listen", "open_campaign", "place", "pull", "push",
           "remember_password", "remove_player", "report", "serve_many", "sessions", "set_limit",
           "upgrade"]


def address_of(url: str, *, user: str | None = None) -> ServerAddress:
    """A server campaign's URL read (a bad one refused in the user's terms)."""
    return parse_address(url, user=user)


def place(location: CampaignLocation) -> str:
    """A server campaign in a few words ("dragons on db.example.org (as alice)").

    A URL that cannot be read is shown as the location shows it (no password).
    """
    try:
        return parse_address(location.url or "").display
    except CampaignError:
        return location.display


def listen(*, store: CampaignStore) -> Listener:
    """Hear the other users' changes to an open server campaign, on a connection of its own."""
    from tftmanager.store.server import ServerCampaignStore  # noqa: PLC0415 - needs psycopg

    assert isinstance(store, ServerCampaignStore), "only a server campaign has news"
    return Listener(store.address)


def open_campaign(*, address: ServerAddress) -> CampaignStore:
    """Open a server campaign as the address's login (and its password, if typed)."""
    from tftmanager.store.server import open_server_campaign  # noqa: PLC0415 - needs psycopg

    return open_server_campaign(address)


def assigned(*, store: CampaignStore) -> set[int] | None:
    """The characters this login may change; None when it may change every one (a GM)."""
    from tftmanager.store.server import ServerCampaignStore, assigned_characters  # noqa: PLC0415

    if not isinstance(store, ServerCampaignStore) or store.role == "gm":
        return None
    return assigned_characters(store)


def init(*, url: str, name: str = "") -> ServerAddress:
    """Set up an empty database as a campaign: schema, roles, policies, rules library."""
    from tftmanager.store.server_admin import init_server  # noqa: PLC0415

    address = address_of(url)
    init_server(address, name=name, library=initial_library())
    return address


def upgrade(*, url: str, dump_folder: Path | None = None) -> Upgraded:
    """Upgrade an older server campaign (after dumping it), or repair a current one.

    The dump goes to ``dump_folder`` (the current folder when not given).
    """
    from tftmanager.store.server_admin import upgrade_server  # noqa: PLC0415

    return upgrade_server(address_of(url), dump_folder=dump_folder or Path.cwd())


def add_member(*, url: str, login: str, characters: list[str], gm: bool = False,
               password: str | None = None) -> list[str]:
    """Give a login a role in the campaign (and a player their characters)."""
    from tftmanager.store.server_admin import add_member as add  # noqa: PLC0415

    return add(address_of(url), login, characters=characters, gm=gm, password=password)


def push(*, path: Path, url: str, replace: bool = False) -> dict[str, int]:
    """Upload a campaign file to a server database."""
    from tftmanager.store.server_copy import push as push_file  # noqa: PLC0415

    return push_file(Path(path), address_of(url), replace=replace)


def pull(*, url: str, path: Path) -> dict[str, int]:
    """Write a server campaign to a new campaign file."""
    from tftmanager.store.server_copy import pull as pull_file  # noqa: PLC0415

    return pull_file(address_of(url), Path(path))


@contextmanager
def _as_gm(url: str) -> Iterator[ServerCampaignStore]:
    """The campaign opened for an operator's command (a GM's or co-GM's login)."""
    from tftmanager.store.server import ServerCampaignStore  # noqa: PLC0415

    store = open_campaign(address=address_of(url))
    try:
        assert isinstance(store, ServerCampaignStore)
        yield store
    finally:
        store.close()


# Connections a table server keeps to a server campaign: its players act at once.
TABLE_CONNECTIONS = 16


def serve_many(*, store: CampaignStore) -> None:
    """Let an open server campaign carry many players' actions at once (a table server's)."""
    from tftmanager.store.server import ServerCampaignStore  # noqa: PLC0415

    if isinstance(store, ServerCampaignStore):
        store.widen(TABLE_CONNECTIONS)


def report(*, url: str) -> Report:
    """The campaign's limits, each character's usage and each player's changes today."""
    from tftmanager.store import server_operator  # noqa: PLC0415

    with _as_gm(url) as store:
        return server_operator.report(store)


def sessions(*, url: str) -> list[Connected]:
    """Who is connected to the campaign's database."""
    from tftmanager.store import server_operator  # noqa: PLC0415

    with _as_gm(url) as store:
        return server_operator.sessions(store)


def end_session(*, url: str, pid: int) -> bool:
    """End one session on the campaign's database; whether there was one to end."""
    from tftmanager.store import server_operator  # noqa: PLC0415

    with _as_gm(url) as store:
        return server_operator.end_session(store, pid)


def set_limit(*, url: str, name: str, value: int) -> None:
    """Change one of the limits on what a player adds."""
    from tftmanager.store import server_operator  # noqa: PLC0415

    with _as_gm(url) as store:
        server_operator.set_limit(store, name, value)


def remove_player(*, url: str, player: str) -> list[str]:
    """Take a player off the campaign; the characters they no longer play."""
    from tftmanager.store import server_operator  # noqa: PLC0415

    with _as_gm(url) as store:
        return server_operator.remove_player(store, player)
