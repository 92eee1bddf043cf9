"""A first look at a file before it is trusted, with the standard library only.

Nothing here writes: the file is opened read-only, so a file that is refused
is left exactly as it was.  A write a crash interrupted leaves a "hot"
journal that only a writer may roll back; that is reported as
:class:`InterruptedWrite` so the caller can roll it back once it holds the
lock (or, reading only, say so), never before.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tftmanager.rules.records import Record
from tftmanager.store.errors import DamagedCampaign, NewerCampaign, NotACampaign
from tftmanager.store.schema import APPLICATION_ID, CURRENT_SCHEMA, SQLITE_HEADER

SQLITE_READONLY_ROLLBACK = 776  # a hot journal that a read-only connection cannot roll back

# Table name -> the columns this build's models declare (from the metadata).
Structure = Mapping[str, frozenset[str]]


class InterruptedWrite(DamagedCampaign):
    """A crash interrupted a write; a writer holding the lock must roll it back first."""


@dataclass(frozen=True, eq=False, repr=False)
class FileInfo(Record):
    """What the first look found: the schema version of a campaign file."""

    path: Path
    schema: int


def read_only_uri(path: Path) -> str:
    """The URI that opens ``path`` read-only (escaped, so any file name works)."""
    return path.resolve().as_uri() + "?mode=ro"


def _check_header(path: Path) -> None:
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
    if header[68:72] != APPLICATION_ID.to_bytes(4, "big"):
        raise NotACampaign(
            path, f"{path.name} is a database from another program, not a TFT Manager campaign.")


def inspect_file(path: Path, structure: Structure | None = None) -> FileInfo:
    """Check that ``path`` is an intact campaign this build can open.

    ``structure`` (tables and their columns) is checked when the file is at
    this build's schema; an older file is only checked for a known version,
    since its migration will rebuild it.  Raises NotACampaign,
    DamagedCampaign, InterruptedWrite or NewerCampaign with a message for the user.
    """
    _check_header(path)
    try:
        con = sqlite3.connect(read_only_uri(path), uri=True, timeout=5)
    except sqlite3.Error as exc:
        raise DamagedCampaign(path, f"{path.name} cannot be opened: {exc}.") from exc
    try:
        rows = con.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise DamagedCampaign(
                path, f"{path.name} is damaged (SQLite's check found: {rows[0][0]})."
            )
        schema = int(con.execute("PRAGMA user_version").fetchone()[0])
        if schema == CURRENT_SCHEMA and structure is not None:
            _check_structure(path, con, structure)
        if 1 <= schema < CURRENT_SCHEMA:
            _check_version_recorded(path, con, schema)
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) == SQLITE_READONLY_ROLLBACK:
            raise InterruptedWrite(
                path, f"{path.name} was left half-written by a crash; open it once where "
                "its folder can be written (TFT Manager then rolls the unfinished write "
                "back).") from exc
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


class VersionSetBack(DamagedCampaign):
    """The file's recorded format version is older than the tables it holds."""


def _tables_format(con: sqlite3.Connection) -> int | None:
    """The format the tables are at, from Alembic's own record (its revision "0010"...)."""
    try:
        row = con.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:  # no such table: nothing to compare
        return None
    digits = re.match(r"\d+", str(row[0])) if row else None
    return int(digits.group()) if digits else None


def _check_version_recorded(path: Path, con: sqlite3.Connection, schema: int) -> None:
    """Refuse a file whose ``user_version`` was set back by hand below its tables' format.

    Its upgrade would find nothing to do, leave the version as it was, and
    take another backup at every open; so it is refused, with nothing written.
    """
    tables = _tables_format(con)
    if tables is not None and tables > schema:
        raise VersionSetBack(
            path, f"{path.name} records format {schema} but its tables are format {tables} "
            "(its version was changed outside TFT Manager); it was left as it was: set "
            f"PRAGMA user_version = {tables} in it again, or open a backup.")


def _check_structure(path: Path, con: sqlite3.Connection, structure: Structure) -> None:
    """Every table and column the models declare must be there (extra ones may be)."""
    present = {name for (name,) in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table in sorted(structure):
        if table not in present:
            raise DamagedCampaign(path, f"{path.name} is damaged: its table '{table}' "
                                  "is missing.")
        columns = {row[1] for row in con.execute(
            "SELECT * FROM pragma_table_info(?)", (table,))}
        missing = sorted(structure[table] - columns)
        if missing:
            noun = "column" if len(missing) == 1 else "columns"
            raise DamagedCampaign(path, f"{path.name} is damaged: table '{table}' lacks "
                                  f"{noun} {', '.join(missing)}.")


def roll_back_interrupted_write(path: Path) -> None:
    """Let SQLite roll back a write that a crash interrupted (only with the lock held).

    A read-only connection cannot roll a hot journal back, so the campaign is
    opened for writing once and read: SQLite puts back the pages the
    interrupted transaction changed and removes the journal.
    """
    try:
        con = sqlite3.connect(path, timeout=5)
        try:
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        pass  # the read-only checks that follow say what is wrong
