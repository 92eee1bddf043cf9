"""SQLAlchemy engines for campaign files: real transactions, durable writes.

Python's sqlite3 driver (3.11) does not BEGIN before every statement, so
SQLAlchemy's documented hooks take over transaction control: the driver is
put in autocommit and each transaction starts with ``BEGIN IMMEDIATE`` (the
write lock is taken up front, so two writers fail fast rather than deadlock).
The rollback journal keeps a campaign one file a user can copy or mail.

A writing engine keeps one connection for the campaign's life (``StaticPool``)
rather than one per action: connecting and reading the schema again cost
about 3 ms of every action.  The pragmas are set once, when it connects; the
store drops the connection (``dispose``) after a migration, which turns
foreign keys off while it runs, and after a failed write, so the next action
starts from a fresh one.  The connection is used by one thread at a time,
whichever runs the action (``check_same_thread`` off), as a store always was.

A reading engine opens the file with ``mode=ro``: it takes no lock file,
works in a read-only folder, and its plain ``BEGIN`` shares the file with the
writer (SQLite makes the writer wait, up to the busy timeout, while a read
transaction is open, so a reader sees one consistent snapshot).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.pool import NullPool, StaticPool
from sqlmodel import create_engine

from tftmanager.store.inspect import read_only_uri

PRAGMAS = ("foreign_keys=ON", "busy_timeout=5000", "journal_mode=DELETE", "synchronous=FULL")
READ_PRAGMAS = ("busy_timeout=5000", "query_only=ON")


def make_engine(path: Path, *, read_only: bool = False) -> Engine:
    """An engine for one campaign file with the pragmas and BEGIN hooks set."""
    if read_only:
        uri = read_only_uri(path)
        engine = create_engine("sqlite://", poolclass=NullPool,
                               creator=lambda: sqlite3.connect(uri, uri=True))
    else:
        engine = create_engine(f"sqlite:///{path}", poolclass=StaticPool,
                               connect_args={"check_same_thread": False})
    pragmas = READ_PRAGMAS if read_only else PRAGMAS
    begin = "BEGIN" if read_only else "BEGIN IMMEDIATE"

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_con: Any, _record: Any) -> None:
        dbapi_con.isolation_level = None
        for pragma in pragmas:
            dbapi_con.execute(f"PRAGMA {pragma}")

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql(begin)

    if not read_only:
        _share_statements(engine)
    return engine


class _Shared:
    """The dialect, and the statements compiled for it, of every campaign file written to."""

    dialect: Any = None
    compiled: Any = None


def _share_statements(engine: Engine) -> None:
    """Let the engine use the statements other campaign files' engines compiled.

    SQLAlchemy compiles each statement once per engine (its cache is keyed by
    the engine's own dialect object): a campaign opened anew compiled every
    statement its first actions ran again (about twenty for a run of weeks,
    some 8 ms).  Every file is SQLite through the same driver, so the writing
    engines share one dialect (set up by the first file's connection, as any
    engine's is) and one cache; an engine made before any has connected
    keeps its own until one does.
    """
    if _Shared.dialect is None or _Shared.dialect.server_version_info is None:
        _Shared.dialect, _Shared.compiled = engine.dialect, engine._compiled_cache
        return
    engine.dialect = _Shared.dialect
    engine.pool._dialect = _Shared.dialect
    engine._compiled_cache = _Shared.compiled
