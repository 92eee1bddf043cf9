"""The operator's tools for a server campaign: limits, usage, the day's counts, sessions.

What a GM (or a co-GM) would otherwise need ``psql`` for: read the limits
and what each character and player uses of them, see who is connected to
the campaign's database, end a session that holds the others up, change a
limit, and take a player off the campaign.  The reads and the session's end
go through server functions (``tft_report``, ``tft_end_session``) that check
the caller is a GM and touch only this campaign's database.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select

from tftmanager.store.errors import ServerError
from tftmanager.store.server import ServerCampaignStore
from tftmanager.store.server_limits import LIMITS
from tftmanager.store.server_schema import role_names
from tftmanager.store.sql_text import quote_name
from tftmanager.store.tables import CharacterRow, PlayerCharacterRow, PlayerLinkRow


@dataclass(frozen=True)
class Limit:
    """One of the campaign's limits on what a player adds."""

    name: str
    value: int
    about: str


@dataclass(frozen=True)
class Usage:
    """A character's rows and bytes, as the limits count them."""

    character: str
    rows: int
    bytes: int


@dataclass(frozen=True)
class Report:
    """The limits, what each character uses, each player's changes today, the database's size."""

    limits: list[Limit]
    usage: list[Usage]
    today: dict[str, int]
    database_bytes: int


@dataclass(frozen=True)
class Connected:
    """A session connected to the campaign's database."""

    pid: int
    login: str
    program: str
    address: str
    state: str
    since: datetime.datetime | None
    in_change_since: datetime.datetime | None


def report(store: ServerCampaignStore) -> Report:
    """The limits, the usage counts and today's counts (a GM's login only)."""
    with store.transaction() as session:
        found: Any = session.execute(text("SELECT tft_report()")).scalar()
    return Report(
        limits=[Limit(str(x["name"]), int(x["value"]), str(x["about"])) for x in found["limits"]],
        usage=[Usage(str(x["character"]), int(x["rows"]), int(x["bytes"]))
               for x in found["usage"]],
        today={str(x["player"]): int(x["operations"]) for x in found["today"]},
        database_bytes=int(found["database_bytes"]))


def sessions(store: ServerCampaignStore) -> list[Connected]:
    """Every other session on the campaign's database, the longest-open change first."""
    with store.transaction() as session:
        rows = session.execute(text(
            "SELECT pid, coalesce(usename::text, ''), coalesce(application_name, ''), "
            "coalesce(host(client_addr), 'local'), coalesce(state, ''), backend_start, "
            "xact_start FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
            "ORDER BY xact_start NULLS LAST, backend_start")).all()
    return [Connected(int(r[0]), r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]


def end_session(store: ServerCampaignStore, pid: int) -> bool:
    """End one session of the campaign's database (its open change is rolled back)."""
    with store.transaction() as session:
        return bool(session.execute(text("SELECT tft_end_session(:p)"), {"p": pid}).scalar())


def set_limit(store: ServerCampaignStore, name: str, value: int) -> None:
    """Change one of the campaign's limits (the GM's own changes are never limited)."""
    if name not in LIMITS:
        raise ServerError(store.path, f"There is no limit called {name!r}; the limits are "
                          f"{', '.join(LIMITS)}.")
    if not 0 <= value <= 2_147_483_647:
        raise ServerError(store.path, f"A limit is a whole number from 0 to 2,147,483,647, "
                          f"not {value:,}.")
    with store.transaction() as session:
        session.execute(text("SELECT tft_set_limit(:n, :v)"), {"n": name, "v": value})


def remove_player(store: ServerCampaignStore, player: str) -> list[str]:
    """Take a player off the campaign: the characters they played, as one journalled operation.

    Those characters' table server links are revoked with it (their pages
    stop at the next request).  A database login of theirs left by an older version (a member of the
    campaign's player role) loses the role and its sessions end.  Returns
    the characters they no longer play.
    """
    with store.operation("settings", f"{player} leaves the campaign") as op:
        session = op.session
        rows = session.exec(select(PlayerCharacterRow, CharacterRow.name).join(
            CharacterRow, col(CharacterRow.id) == col(PlayerCharacterRow.character_id)).where(
            PlayerCharacterRow.login == player)).all()
        for row, _name in rows:
            session.delete(row)
            link = session.exec(select(PlayerLinkRow).where(
                PlayerLinkRow.character_id == row.character_id)).first()
            if link is not None:  # their table server link stops working at once
                session.delete(link)
        names = sorted(name for _row, name in rows)
        if names:
            op.label = f"{player} no longer plays {', '.join(names)}"
        dropped = drop_legacy_logins(session.connection(), store.address.database, [player])
        if not names and not dropped:
            raise ServerError(store.path, f"{player} plays no character in the campaign; "
                              "nothing was changed.")
    return names


def legacy_logins(conn: Connection, database: str) -> list[str]:
    """The database logins an older version gave players (members of the player role)."""
    _gm, player_role = role_names(database)
    rows = conn.execute(text(
        "SELECT r.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "JOIN pg_roles r ON r.oid = m.member WHERE g.rolname = :p ORDER BY r.rolname"),
        {"p": player_role})
    return [str(r[0]) for r in rows]


def drop_legacy_logins(conn: Connection, database: str, logins: list[str]) -> list[str]:
    """Take the player role from these logins, end their sessions, and drop each login if we may.

    A login that is a member of another role (another campaign's, say), owns
    something elsewhere, or that the campaign's owner may not drop keeps
    existing, but holds no right in this campaign any more.
    Returns the logins dropped or stripped.
    """
    _gm, player_role = role_names(database)
    members = set(legacy_logins(conn, database))
    done = []
    for login in logins:
        if login not in members:
            continue
        quoted = '"' + login.replace('"', '""') + '"'
        conn.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE usename = :l AND pid <> pg_backend_pid()"), {"l": login})
        role, db = quote_name(player_role), quote_name(database)
        if not _tried(conn, f"REVOKE {role} FROM {quoted}"):
            continue  # not ours to take away: the server's administrator must
        _tried(conn, f"ALTER ROLE {quoted} IN DATABASE {db} RESET ALL")
        elsewhere = conn.execute(text(
            "SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member "
            "WHERE r.rolname = :l"), {"l": login}).first()
        if elsewhere is None:  # a login still in another campaign (or group) stays
            _tried(conn, f"DROP ROLE {quoted}")  # kept too if it owns something elsewhere
        done.append(login)
    return done


def end_blocking_sessions(conn: Connection) -> int:
    """End every other session of the campaign's database (before an upgrade locks its tables)."""
    rows = conn.execute(text(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")).all()
    ended = 0
    for (pid,) in rows:
        try:
            with conn.begin_nested():
                ended += bool(conn.execute(text("SELECT pg_terminate_backend(:p)"),
                                           {"p": pid}).scalar())
        except DBAPIError:
            continue  # a session this login may not end: the upgrade waits for it
    return ended



def _tried(conn: Connection, statement: str) -> bool:
    """Run one statement in a savepoint; whether the server allowed it."""
    try:
        with conn.begin_nested():
            conn.exec_driver_sql(statement)
    except DBAPIError:
        return False
    return True
