"""A first look at a file before it is trusted, with the standard library only.

Nothing here writes: the file is opened read-only, so a file that is refused
is left exactly as it was.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from tftmanager.store.errors import DamagedCampaign, NewerCampaign, NotACampaign
from tftmanager.store.schema import APPLICATION_ID, CURRENT_SCHEMA, SQLITE_HEADER


@dataclass(frozen=True)
class FileInfo:
    """What the first look found: the schema version of a campaign file."""

    path: Path
    schema: int


def inspect_file(path: Path) -> FileInfo:
    """Check that ``path`` is an intact campaign this build can open.

    Raises NotACampaign, DamagedCampaign or NewerCampaign with a message for
    the user.
    """
    if not path.exists():
        raise NotACampaign(path, f"There is no file at {path}.")
    if path.is_dir():
        raise NotACampaign(path, f"{path} is a folder, not a campaign file.")
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise NotACampaign(path, f"{path.name} cannot be read: {exc.strerror}.") from exc
    if header[: len(SQLITE_HEADER)] != SQLITE_HEADER:
        raise NotACampaign(path, f"{path.name} is not a TFT Manager campaign file.")
    if header[68:72] == APPLICATION_ID.to_bytes(4, "big") and _journal(path).exists():
        _roll_back_interrupted_write(path)
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DamagedCampaign(path, f"{path.name} cannot be opened: {exc}.") from exc
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise NotACampaign(
                path, f"{path.name} is a database from another program, not a TFT Manager campaign."
            )
        rows = con.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise DamagedCampaign(
                path, f"{path.name} is damaged (SQLite's check found: {rows[0][0]})."
            )
        schema = int(con.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise DamagedCampaign(path, f"{path.name} is damaged ({exc}).") from exc
    finally:
        con.close()
    if schema > CURRENT_SCHEMA:
        raise NewerCampaign(
            path,
            f"{path.name} was saved by a newer version of TFT Manager (file format "
            f"{schema}; this version reads up to {CURRENT_SCHEMA}). Update TFT Manager to open it.",
        )
    if schema < 1:
        raise DamagedCampaign(path, f"{path.name} has no campaign format version.")
    return FileInfo(path, schema)


def _journal(path: Path) -> Path:
    return path.with_name(path.name + "-journal")


def _roll_back_interrupted_write(path: Path) -> None:
    """Let SQLite roll back a write that a crash interrupted.

    The crash leaves a "hot" journal beside the file; a read-only connection
    cannot roll it back and reports "attempt to write a readonly database",
    which would refuse the campaign as damaged.  So a campaign (and only a
    campaign: its header says so) is opened for writing once and read: SQLite
    puts back the pages the interrupted transaction changed and removes the
    journal.  A journal that is not hot (another process is mid-write) is
    left alone by SQLite.
    """
    try:
        con = sqlite3.connect(path, timeout=5)
        try:
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        pass  # the read-only checks that follow say what is wrong
