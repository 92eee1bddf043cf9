"""Setting up and looking after a server campaign: init, upgrade, players.

These run as the login that owns the campaign database (the GM who set it
up, or a database administrator); each is one transaction, so a failure
leaves the database as it was.
"""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, select

from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile
from tftmanager.store import server_journal, server_schema
from tftmanager.store.errors import ServerError
from tftmanager.store.journal_triggers import forget_row_images
from tftmanager.store.library import replace_library
from tftmanager.store.schema import CURRENT_SCHEMA
from tftmanager.store.server import (
    ServerCampaignStore,
    check_schema,
    make_server_engine,
    open_server_campaign,
    refuse_or_raise,
    server_schema_version,
)
from tftmanager.store.server_address import ServerAddress
from tftmanager.store.server_operator import (
    drop_legacy_logins,
    end_blocking_sessions,
    legacy_logins,
)
from tftmanager.store.server_schema import role_names
from tftmanager.store.sql_text import quote_name
from tftmanager.store.tables import CampaignRow, CharacterRow, PlayerCharacterRow


def migrate_server(conn: Connection, database: str, revision: str = "head") -> None:
    """Run the Alembic history on the server, then (re)install triggers, roles, policies."""
    from alembic import command  # noqa: PLC0415 - costly import, only when needed

    from tftmanager.store.migrate import alembic_config  # noqa: PLC0415

    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    # A migration's own data changes are not a user's operation (the file's
    # upgrade drops its triggers for the same reason): the owner quiets the journal
    # (an older campaign's trigger read a setting instead).
    conn.execute(text("SELECT set_config('tftmanager.replaying', 'on', true)"))
    if conn.execute(text("SELECT to_regclass('tft_private.tx')")).scalar():
        conn.execute(text(QUIET))
    command.upgrade(cfg, revision)
    server_schema.install(conn, database)
    conn.execute(text("DELETE FROM tft_private.tx WHERE txid = txid_current()"))


QUIET = ("INSERT INTO tft_private.tx (txid, quiet, limited) VALUES (txid_current(), true, "
         "false) ON CONFLICT (txid) DO UPDATE SET quiet = true, op = NULL")


def check_database_name(address: ServerAddress) -> None:
    """The campaign's roles are named after its database, within PostgreSQL's 63 bytes."""
    if len(address.database.encode("utf-8")) > server_schema.MAX_DATABASE_NAME:
        raise ServerError(Path(address.url), f"The database name {address.database!r} is too "
                          f"long: at most {server_schema.MAX_DATABASE_NAME} bytes, since the "
                          "campaign's roles are named after it.")


def create_database_if_missing(address: ServerAddress) -> None:
    """Create the campaign's database when the login may (connecting to ``postgres``)."""
    engine = make_server_engine(address.with_database("postgres"))
    try:
        with engine.connect() as conn:
            exists = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :d"),
                                  {"d": address.database}).first()
            if exists is None:
                conn.commit()
                raw = conn.execution_options(isolation_level="AUTOCOMMIT")
                raw.exec_driver_sql(f"CREATE DATABASE {quote_name(address.database)}")
    except DBAPIError:
        pass  # no right to look or create: the connection to the database itself will say
    finally:
        engine.dispose()


def init_server(address: ServerAddress, *, name: str,
                library: tuple[list[Entry], str]) -> None:
    """Create the schema, roles, policies and an empty campaign on an empty database."""
    check_database_name(address)
    create_database_if_missing(address)
    engine = make_server_engine(address)
    try:
        with engine.connect() as conn:
            existing = conn.execute(text(
                "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).scalar()
            if existing:
                raise ServerError(Path(address.url), f"{address.display} is not empty "
                                  f"({existing} tables): server init sets up only an empty "
                                  "database, so nothing was changed.")
            conn.rollback()
            with conn.begin():
                migrate_server(conn, address.database)
                with Session(bind=conn) as session, server_journal.unrecorded(session):
                    # The whole profile, as a campaign file stores it: a new campaign's
                    # readings are written, never left to a later version's defaults.
                    row = CampaignRow(name=name or address.database,
                                      rules_profile=json.dumps(RuleProfile().to_dict()))
                    session.add(row)
                    session.flush()
                    assert row.id is not None
                    replace_library(session=session, campaign_id=row.id,
                                    entries=library[0], version=library[1], shipped=True)
    except DBAPIError as exc:
        refuse_or_raise(address, exc)
    finally:
        engine.dispose()


def _dump(address: ServerAddress, conn: Connection, folder: Path, schema: int) -> Path:
    """Keep what an upgrade changes: pg_dump's SQL when it is installed, else JSON rows."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    folder.mkdir(parents=True, exist_ok=True)
    pg_dump = shutil.which("pg_dump")
    target = folder / f"{address.database}-schema{schema}-{stamp}"
    if pg_dump is not None:
        path = target.with_suffix(".sql")
        env_url = address.url
        done = subprocess.run([pg_dump, "--no-owner", "--file", str(path), env_url],
                              capture_output=True, text=True, check=False,
                              env=_libpq_env(address))
        if done.returncode == 0:
            return path
    path = target.with_suffix(".json")
    tables = server_schema.tables(conn)
    rows = {t: [r[0] for r in conn.exec_driver_sql(f'SELECT to_jsonb(x) FROM "{t}" x')]
            for t in tables}
    path.write_text(json.dumps(rows, default=str, indent=1), encoding="utf-8")
    return path


def _libpq_env(address: ServerAddress) -> dict[str, str]:
    import os  # noqa: PLC0415

    env = dict(os.environ)
    password = address.password or address.remembered_password()
    if password:
        env["PGPASSWORD"] = password  # only in the child's environment, never on disk
    return env


@dataclass(frozen=True)
class Upgraded:
    """What ``server upgrade`` did: the schema it found, its dump, and what it repaired."""

    schema: int
    dump: Path | None
    # players' database logins left by an older version, now dropped (their
    # characters stay theirs: they join through the table server)
    players: list[str] = field(default_factory=list)
    # sessions ended because they would have held the upgrade up
    ended: int = 0
    # value checks the stored rows break (they hold for every write from now on)
    broken: list[str] = field(default_factory=list)


def upgrade_server(address: ServerAddress, *, dump_folder: Path) -> Upgraded:
    """Upgrade an older server campaign to this build's schema, after dumping it.

    Other sessions on the campaign's database are ended first (their open
    changes roll back), so the upgrade does not fail waiting on their locks;
    the players' database logins an older version made are dropped.
    """
    engine = make_server_engine(address)
    try:
        with engine.connect() as conn:
            with Session(bind=conn) as session:
                schema = server_schema_version(session)
            conn.rollback()
            if schema is not None and schema < CURRENT_SCHEMA:
                dump = _dump(address, conn, dump_folder, schema)
                conn.rollback()
                with conn.begin():
                    ended = end_blocking_sessions(conn)
                    migrate_server(conn, address.database)
                    forget_row_images(conn)  # old rows cannot be put back into new tables
                    players = _retire_player_logins(conn, address.database)
                return Upgraded(schema, dump, players, ended, _broken(conn))
            check_schema(address, schema)
            with conn.begin():  # current: reinstall the policies (a repair)
                ended = end_blocking_sessions(conn)
                broken = server_schema.install(conn, address.database)
                players = _retire_player_logins(conn, address.database)
            return Upgraded(schema or CURRENT_SCHEMA, None, players, ended, broken)
    except DBAPIError as exc:
        refuse_or_raise(address, exc)
    finally:
        engine.dispose()


def _retire_player_logins(conn: Connection, database: str) -> list[str]:
    """Players act through the table server now: their old logins go (their characters stay)."""
    return drop_legacy_logins(conn, database, legacy_logins(conn, database))


def _broken(conn: Connection) -> list[str]:
    """The value checks left unvalidated by the install that just ran (the rows break them)."""
    rows = conn.exec_driver_sql(
        "SELECT c.relname || '.' || substr(k.conname, 11) FROM pg_constraint k "
        "JOIN pg_class c ON c.oid = k.conrelid WHERE k.contype = 'c' AND NOT k.convalidated "
        "AND starts_with(k.conname, 'tft_check_') ORDER BY 1")
    return [str(r[0]) for r in rows]



def add_member(address: ServerAddress, login: str, *, characters: list[str], gm: bool = False,
               password: str | None = None) -> list[str]:
    """Give a player their characters, or a login the GM's role.

    A player gets no database login: they act through the table server,
    which holds the campaign's connection; ``login`` is the name the
    campaign's history gives their changes.  A GM's (or co-GM's) login is
    created when it does not exist (with ``password`` if given; otherwise it
    signs in however the server's administrator arranged).  Returns the
    names of the characters assigned.  The assignment is one journalled
    operation, so the campaign's history says who plays whom.
    """
    login = login.strip()
    if not login or len(login) > 63:
        raise ServerError(Path(address.url), "A login name is 1 to 63 characters.")
    if password and not gm:
        raise ServerError(Path(address.url), "A player has no database password: players "
                          "join through the table server's links (tftmanager table-server).")
    store = open_server_campaign(address)
    try:
        return _add_member(store, login, characters, gm=gm, password=password)
    finally:
        store.close()


def _set_password(session: Session, login: str, password: str) -> None:
    """Send the server a SCRAM-SHA-256 verifier computed here, never the password itself.

    libpq computes it (``PQencryptPasswordConn``, with PostgreSQL's own
    normalisation of the password), so the password appears in no statement,
    log or ``pg_stat_statements``.  ALTER ROLE takes no parameters: psycopg
    quotes the verifier as a literal.
    """
    from psycopg import sql  # noqa: PLC0415

    raw: Any = session.connection().connection.driver_connection
    verifier = raw.pgconn.encrypt_password(password.encode("utf-8"), login.encode("utf-8"),
                                           b"scram-sha-256").decode("ascii")
    statement = sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(login),
                                                             sql.Literal(verifier))
    raw.execute(statement)


def _add_member(store: ServerCampaignStore, login: str, characters: list[str], *, gm: bool,
                password: str | None) -> list[str]:
    gm_role, _player_role = role_names(store.address.database)
    with store.operation("settings", f"{login} joins as {'GM' if gm else 'a player'}") as op:
        session = op.session
        by_name = {c.name.casefold(): c for c in session.exec(select(CharacterRow).where(
            CharacterRow.campaign_id == store.campaign_id))}
        chosen = []
        for name in characters:
            found = by_name.get(name.strip().casefold())
            if found is None:
                raise ServerError(store.path, f"There is no character called {name!r} in "
                                  "the campaign; nothing was changed.")
            chosen.append(found)
        if gm:
            exists = session.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                                     {"r": login}).first()
            if exists is None:
                session.execute(text(f"CREATE ROLE {quote_name(login)} LOGIN"))
            if password:
                _set_password(session, login, password)
            server_schema.limit_login(session.connection(), store.address.database, login,
                                      player=False)
            session.execute(text(f"GRANT {quote_name(gm_role)} TO {quote_name(login)}"))
        for character in chosen:
            if not gm and not character.player:  # the table server names their edits by it
                character.player = login
                session.add(character)
            taken = session.exec(select(PlayerCharacterRow).where(
                PlayerCharacterRow.login == login,
                PlayerCharacterRow.character_id == character.id)).first()
            if taken is None:
                session.add(PlayerCharacterRow(login=login, character_id=character.id or 0))
        if chosen:
            op.label = f"{login} plays {', '.join(c.name for c in chosen)}"
        return [c.name for c in chosen]
