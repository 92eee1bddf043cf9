"""A player's database login as an older version made it, for the tests of the legacy wall.

Players act through the table server now and ``server add-player`` gives them
no login; campaigns set up before still hold such logins until ``server
upgrade`` drops them, and the server's rules for them (row security, the
ledgers' checks, the limits) still hold until then.  This makes one as the
older ``add-player`` did.
"""

from __future__ import annotations

from tftmanager.app import server_campaigns
from tftmanager.store.server import make_server_engine
from tftmanager.store.server_address import parse_address
from tftmanager.store.server_schema import limit_login, role_names


def legacy_player(url: str, login: str, characters: list[str]) -> None:
    """A database login in the campaign's player role, playing these characters."""
    address = parse_address(url)
    _gm, player = role_names(address.database)
    engine = make_server_engine(address)
    try:
        with engine.begin() as conn:
            exists = conn.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %(r)s",
                                          {"r": login}).first()
            if exists is None:
                conn.exec_driver_sql(f'CREATE ROLE "{login}" LOGIN')
            limit_login(conn, address.database, login, player=True)
            conn.exec_driver_sql(f'GRANT "{player}" TO "{login}"')
    finally:
        engine.dispose()
    if characters:
        server_campaigns.add_member(url=url, login=login, characters=characters)
