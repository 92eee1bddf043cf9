"""Failures of the disk and of SQLite, said in the user's words.

The command line and the GUI both show these instead of a traceback: a full
disk, a read-only folder or a damaged file is something the user can act on.
They are known by their code (SQLite's result code, the errno), never by
their words or their type alone; anything not recognised here is a bug, and
is reported as one.
"""

from __future__ import annotations

import errno
import sqlite3
import sys

from tftmanager.store.errors import CampaignError
from tftmanager.store.files import OutputError, describe_os_error

# SQLite's primary result codes (the low byte of its extended code) the user can act on.
# Any other, "no such table" or a misused statement (SQLITE_ERROR, SQLITE_MISUSE...)
# included, is a bug of ours and gets a crash report.
_DAMAGED = "the campaign file is damaged"
_SQLITE_CODES = {
    sqlite3.SQLITE_FULL: "the disk is full; nothing was saved",
    sqlite3.SQLITE_READONLY: "the campaign file or its folder is read-only; nothing was saved",
    sqlite3.SQLITE_IOERR: "the disk could not be written (full, removed or failing); "
                          "nothing was saved",
    sqlite3.SQLITE_CANTOPEN: "the campaign file cannot be opened (no permission, or its "
                             "folder is gone)",
    sqlite3.SQLITE_BUSY: "the campaign is busy in another TFT Manager; try again",
    sqlite3.SQLITE_LOCKED: "the campaign is busy in another TFT Manager; try again",
    sqlite3.SQLITE_CORRUPT: _DAMAGED,
    sqlite3.SQLITE_NOTADB: _DAMAGED,
}
# What the operating system refuses that the user can do something about: the disk,
# permissions, a place that is gone or is not a file.  Any other errno is a bug.
_USER_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES,
                          errno.EPERM, errno.ENOENT, errno.EISDIR, errno.ENOTDIR, errno.EIO,
                          errno.ENAMETOOLONG, errno.ELOOP, errno.EMFILE, errno.ENFILE})


def sqlite_message(exc: sqlite3.Error) -> str | None:
    """SQLite's failure in the user's words, by its result code; None for a bug."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else _SQLITE_CODES.get(code & 0xFF)


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
        return sqlite_message(exc)
    if isinstance(exc, MemoryError):
        return "not enough memory"
    if isinstance(exc, OSError) and exc.errno in _USER_ERRNOS:
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{describe_os_error(exc)}"
    return None
