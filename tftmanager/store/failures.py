"""Failures of the disk and of SQLite, said in the user's words.

The command line and the GUI both show these instead of a traceback: a full
disk, a read-only folder or a damaged file is something the user can act on.
Anything not recognised here is a bug, and is reported as one.
"""

from __future__ import annotations

import sqlite3
import sys

from tftmanager.store.errors import CampaignError
from tftmanager.store.files import OutputError, describe_os_error

# Substrings of SQLite's messages, and what they mean for the user.
_SQLITE_MESSAGES = (
    ("database or disk is full", "the disk is full; nothing was saved"),
    ("readonly database", "the campaign file or its folder is read-only; nothing was saved"),
    ("disk i/o error", "the disk could not be written (full, removed or failing); "
                       "nothing was saved"),
    ("unable to open database file", "the campaign file cannot be opened (no permission, "
                                     "or its folder is gone)"),
    ("database is locked", "the campaign is busy in another TFT Manager; try again"),
    ("malformed", "the campaign file is damaged"),
    ("file is not a database", "the campaign file is damaged"),
    ("no such table", "the campaign file is damaged (a table is missing)"),
    ("no such column", "the campaign file is damaged (a column is missing)"),
)


def _unwrap(exc: BaseException) -> BaseException:
    """The driver's own error behind SQLAlchemy's wrapper.

    Looked up, not imported: the command line's reading commands run without
    SQLAlchemy, and where it was never loaded nothing can be wrapped in it.
    """
    loaded = sys.modules.get("sqlalchemy.exc")
    if loaded is None:
        return exc
    while isinstance(exc, loaded.StatementError) and exc.orig is not None:
        exc = exc.orig
    return exc


def user_message(exc: BaseException) -> str | None:
    """One line for a failure the user can act on, or None for a bug."""
    exc = _unwrap(exc)
    if isinstance(exc, CampaignError | OutputError):
        return exc.message
    if isinstance(exc, sqlite3.Error):
        text = str(exc).lower()
        for needle, message in _SQLITE_MESSAGES:
            if needle in text:
                return message
        return None
    if isinstance(exc, OverflowError):
        return "a number is too large to store"
    if isinstance(exc, MemoryError):
        return "not enough memory"
    if isinstance(exc, OSError) and exc.errno is not None:
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{describe_os_error(exc)}"
    return None
