"""What this build knows about campaign file formats.

Kept free of SQLAlchemy so the first look at a file costs only ``sqlite3``.
"""

from __future__ import annotations

# "TFTM" in ASCII, written to the SQLite header so a campaign can be told from
# any other SQLite file (``file(1)`` shows it too).
APPLICATION_ID = 0x5446544D

# The schema version this build writes; every Alembic revision sets
# PRAGMA user_version to its number.
CURRENT_SCHEMA = 17

SQLITE_HEADER = b"SQLite format 3\x00"


def sqlite_pragma(op: object, pragma: str, value: int) -> None:
    """Set a SQLite header field from a migration; a server database has no such header.

    On PostgreSQL the schema version is Alembic's own ``alembic_version`` row.
    """
    bind = op.get_bind()  # type: ignore[attr-defined]
    if bind.dialect.name == "sqlite":
        op.execute(f"PRAGMA {pragma} = {value}")  # type: ignore[attr-defined]
