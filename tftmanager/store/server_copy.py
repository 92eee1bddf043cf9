"""Moving a whole campaign between a file and a server: push and pull.

Both copy every table row for row, ids included, in one transaction on the
receiving side, so the journal (undo, history, the story) travels with the
campaign and a pushed file pulled back is the same file, row for row.
The copy is made with the journal's triggers told it is replaying: a push
or pull is not a user's action in the campaign.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, DateTime, Table, delete, insert, select, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, SQLModel

from tftmanager.store import journal
from tftmanager.store.campaign import CampaignStore, open_campaign_for_reading
from tftmanager.store.engine import make_engine
from tftmanager.store.errors import CampaignError, ServerError
from tftmanager.store.journal_triggers import expand_ranges, install_triggers
from tftmanager.store.server import (
    check_schema,
    make_server_engine,
    refuse_or_raise,
    server_schema_version,
)
from tftmanager.store.server_address import ServerAddress
from tftmanager.store.server_admin import migrate_server
from tftmanager.store.server_schema import NOTIFY_CHANNEL

# Alembic's own row and the file's one-row switchboard are made by each side itself.
NOT_COPIED = frozenset({"alembic_version", "journal_state"})
SQLITE_STAMP = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy writes a DateTime into SQLite


def _tables() -> list[Table]:
    return [t for t in SQLModel.metadata.sorted_tables if t.name not in NOT_COPIED]


def _copy_rows(source: Connection, target: Connection,
               image_fix: Any = None) -> dict[str, int]:
    """Every row of every table, parents before children; returns the counts."""
    counts = {}
    for table in _tables():
        query = select(table).order_by(*table.primary_key)
        rows = [dict(r._mapping) for r in source.execute(query)]
        if table.name == "row_change" and source.dialect.name == "sqlite":
            rows = expand_ranges(source, rows)  # a server's journal records every row
        if table.name == "row_change" and image_fix is not None:
            rows = [image_fix(r) for r in rows]
        if rows:
            target.execute(insert(table), rows)
        counts[table.name] = len(rows)
    return counts


def _server_is_empty(conn: Connection) -> bool:
    return not conn.execute(text(
        "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).scalar()


def push(path: Path, address: ServerAddress, *, replace: bool = False) -> dict[str, int]:
    """Upload a campaign file to a server database (set up there if it is empty).

    A database already holding a campaign is refused unless ``replace``; then
    its rows (not its players' logins) are replaced by the file's.
    """
    from tftmanager.store.server_admin import (  # noqa: PLC0415
        check_database_name,
        create_database_if_missing,
    )

    check_database_name(address)
    source_store = open_campaign_for_reading(path)
    create_database_if_missing(address)
    engine = make_server_engine(address)
    try:
        with engine.connect() as conn:
            fresh = _server_is_empty(conn)
            if not fresh:
                with Session(bind=conn) as session:
                    check_schema(address, server_schema_version(session))
                if not replace:
                    raise ServerError(Path(address.url), f"{address.display} already holds a "
                                      "campaign; nothing was changed. Push with --replace to "
                                      "overwrite it with the file.")
            conn.rollback()
            with conn.begin(), _source(source_store) as source:
                if fresh:
                    migrate_server(conn, address.database)
                _replaying(conn)
                for table in reversed(_tables()):
                    conn.execute(delete(table))
                counts = _copy_rows(source, conn)
                _reset_sequences(conn)
                # Open windows start over from the new campaign (at the commit).
                conn.execute(text("SELECT pg_notify(:ch, :p)"), {"ch": NOTIFY_CHANNEL, "p": (
                    '{"op": 0, "kind": "replaced", "characters": null}')})
            return counts
    except DBAPIError as exc:
        refuse_or_raise(address, exc)
    finally:
        engine.dispose()
        source_store.close()


@contextmanager
def _source(store: CampaignStore) -> Iterator[Connection]:
    """The file's read snapshot as a connection (or a connection of its own)."""
    if store.snapshot is not None:
        yield store.snapshot
        return
    with store.engine.connect() as conn:
        yield conn


def _replaying(conn: Connection) -> None:
    """The copy is no user's operation: the journal is quiet (the GM's right alone)."""
    conn.execute(text("SELECT tft_quiet(true)"))


def _reset_sequences(conn: Connection) -> None:
    """After copying ids, each table's next id follows its highest."""
    for table in _tables():
        if "id" not in table.c or not table.c.id.autoincrement:
            continue
        conn.execute(text(
            f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', 'id'), "
            f"coalesce((SELECT max(id) FROM \"{table.name}\"), 1), "
            f"(SELECT max(id) FROM \"{table.name}\") IS NOT NULL)"))


def _file_image(row: dict[str, Any]) -> dict[str, Any]:
    """A row image the server wrote, in the form a file's undo puts back.

    Images a file wrote (pushed, then pulled back) are left as they were.
    """
    columns = SQLModel.metadata.tables.get(row["table_name"])
    for key in ("old", "new"):
        if not row[key] or columns is None:
            continue
        image, changed = json.loads(row[key]), False
        for name, value in image.items():
            column = columns.c.get(name)
            if column is None:
                continue
            if isinstance(column.type, DateTime) and isinstance(value, str) and "T" in value:
                image[name] = datetime.datetime.fromisoformat(value).strftime(SQLITE_STAMP)
                changed = True
            elif isinstance(value, bool):
                image[name], changed = int(value), True
        if changed:
            row[key] = json.dumps(image, separators=(",", ":"))
    return row


def pull(address: ServerAddress, path: Path) -> dict[str, int]:
    """Write a server campaign to a new campaign file (a backup, or to play offline)."""
    from tftmanager.store.migrate import upgrade_to_head  # noqa: PLC0415

    path = Path(path).resolve()
    if path.exists():
        raise CampaignError(path, f"{path.name} already exists; choose another name.")
    if not path.parent.is_dir():
        raise CampaignError(path, f"The folder {path.parent} does not exist.")
    engine = make_server_engine(address)
    try:
        with engine.connect() as server:
            with Session(bind=server) as session:
                check_schema(address, server_schema_version(session))
            server.rollback()
            server.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"))
            sqlite3.connect(path).close()
            target = make_engine(path)
            try:
                upgrade_to_head(target)
                with target.begin() as conn, Session(bind=conn) as session, \
                        journal.unrecorded(session):
                    counts = _copy_rows(server, session.connection(), _file_image)
                with target.begin() as conn:
                    install_triggers(conn)
            finally:
                target.dispose()
            server.rollback()
            return counts
    except BaseException as exc:
        path.unlink(missing_ok=True)
        if isinstance(exc, DBAPIError):
            refuse_or_raise(address, exc)
        raise
    finally:
        engine.dispose()
