"""Server campaigns for a group: set one up, upgrade it, add players, push and pull.

The GUI and the command line both call these; the store does the work on the
server (``store.server_admin``, ``store.server_copy``).
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.library import initial_library
from tftmanager.app.location import CampaignLocation
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import CampaignError
from tftmanager.store.server_address import ServerAddress, parse_address, remember_password
from tftmanager.store.server_listen import Listener, Notice

# What the GUI names of a server campaign, through here rather than the store.
__all__ = ["Listener", "Notice", "ServerAddress", "add_member", "address_of", "assigned",
           "init", "listen", "open_campaign", "place", "pull", "push", "remember_password",
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


def upgrade(*, url: str, dump_folder: Path | None = None) -> tuple[int, Path | None]:
    """Upgrade an older server campaign (after dumping it); (old schema, dump or None).

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
