"""SQLAlchemy engines for campaign files: real transactions, durable writes.

Python's sqlite3 driver (3.11) does not BEGIN before every statement, so
SQLAlchemy's documented hooks take over transaction control: the driver is
put in autocommit and each transaction starts with ``BEGIN IMMEDIATE`` (the
write lock is taken up front, so two writers fail fast rather than deadlock).
The rollback journal keeps a campaign one file a user can copy or mail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.pool import NullPool
from sqlmodel import create_engine

PRAGMAS = ("foreign_keys=ON", "busy_timeout=5000", "journal_mode=DELETE", "synchronous=FULL")


def make_engine(path: Path) -> Engine:
    """An engine for one campaign file with the pragmas and BEGIN hooks set."""
    engine = create_engine(f"sqlite:///{path}", poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_con: Any, _record: Any) -> None:
        dbapi_con.isolation_level = None
        for pragma in PRAGMAS:
            dbapi_con.execute(f"PRAGMA {pragma}")

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine
