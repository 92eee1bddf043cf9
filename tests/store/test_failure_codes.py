"""The store's failures are sorted by their code, each rule with the real error it maps.

SQLite's result code (``sqlite_errorcode``, extended codes by their primary
byte) and the operating system's errno say what the user can act on; every
other failure, "no such table" included, is a bug with a crash report.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tftmanager.app.errors import failure_of
from tftmanager.store.failures import user_message

pytestmark = pytest.mark.store


def _raised(action: Callable[[], object]) -> BaseException:
    try:
        action()
    except BaseException as exc:  # noqa: BLE001 - the very error is what is tested
        return exc
    raise AssertionError("nothing was raised")


def _database(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None, timeout=0)
    con.execute("CREATE TABLE IF NOT EXISTS t (x)")
    return con


def test_a_full_disk(tmp_path: Path) -> None:
    con = _database(tmp_path / "c.db")
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    con.execute(f"PRAGMA max_page_count = {pages}")
    exc = _raised(lambda: con.execute("INSERT INTO t VALUES (zeroblob(100000))"))
    assert isinstance(exc, sqlite3.Error) and exc.sqlite_errorcode == sqlite3.SQLITE_FULL
    assert user_message(exc) == "the disk is full; nothing was saved"


def test_a_read_only_file(tmp_path: Path) -> None:
    _database(tmp_path / "c.db").close()
    con = sqlite3.connect(f"file:{tmp_path / 'c.db'}?mode=ro", uri=True)
    exc = _raised(lambda: con.execute("INSERT INTO t VALUES (1)"))
    assert isinstance(exc, sqlite3.Error)
    assert exc.sqlite_errorcode & 0xFF == sqlite3.SQLITE_READONLY
    assert user_message(exc) == "the campaign file or its folder is read-only; nothing was saved"


def test_a_disk_that_cannot_be_written(tmp_path: Path) -> None:
    con = _database(tmp_path / "c.db")
    (tmp_path / "c.db-journal").mkdir()  # the rollback journal cannot be made
    exc = _raised(lambda: con.execute("INSERT INTO t VALUES (1)"))
    assert isinstance(exc, sqlite3.Error)
    assert exc.sqlite_errorcode & 0xFF == sqlite3.SQLITE_IOERR  # an extended I/O code
    assert user_message(exc) is not None and "could not be written" in user_message(exc)


def test_a_file_that_cannot_be_opened(tmp_path: Path) -> None:
    exc = _raised(lambda: sqlite3.connect(tmp_path / "gone" / "c.db").execute("SELECT 1"))
    assert isinstance(exc, sqlite3.Error) and exc.sqlite_errorcode == sqlite3.SQLITE_CANTOPEN
    assert user_message(exc) is not None and "cannot be opened" in user_message(exc)


def test_a_campaign_busy_in_another_connection(tmp_path: Path) -> None:
    first, second = _database(tmp_path / "c.db"), _database(tmp_path / "c.db")
    first.execute("BEGIN IMMEDIATE")
    exc = _raised(lambda: second.execute("BEGIN IMMEDIATE"))
    assert isinstance(exc, sqlite3.Error) and exc.sqlite_errorcode == sqlite3.SQLITE_BUSY
    assert user_message(exc) == "the campaign is busy in another TFT Manager; try again"


def test_a_damaged_file(tmp_path: Path) -> None:
    con = _database(tmp_path / "c.db")
    con.execute("INSERT INTO t VALUES (zeroblob(20000))")
    con.close()
    os.truncate(tmp_path / "c.db", 4096)  # its pages cut off
    exc = _raised(lambda: sqlite3.connect(tmp_path / "c.db").execute("SELECT * FROM t")
                  .fetchall())
    assert isinstance(exc, sqlite3.Error) and exc.sqlite_errorcode == sqlite3.SQLITE_CORRUPT
    assert user_message(exc) == "the campaign file is damaged"
    (tmp_path / "junk.db").write_bytes(b"not a database at all " * 200)
    exc = _raised(lambda: sqlite3.connect(tmp_path / "junk.db").execute("SELECT * FROM t"))
    assert isinstance(exc, sqlite3.Error) and exc.sqlite_errorcode == sqlite3.SQLITE_NOTADB
    assert user_message(exc) == "the campaign file is damaged"


def test_a_missing_table_is_our_bug_not_a_damaged_file(tmp_path: Path) -> None:
    con = _database(tmp_path / "c.db")
    for statement in ("SELECT * FROM no_such_table", "SELECT no_such_column FROM t"):
        exc = _raised(lambda s=statement: con.execute(s))  # type: ignore[misc]
        assert isinstance(exc, sqlite3.Error) and exc.sqlite_errorcode == sqlite3.SQLITE_ERROR
        assert user_message(exc) is None


def test_a_number_too_large_for_sqlite_is_a_bug(tmp_path: Path) -> None:
    """A use case checks its numbers first: one reaching the store unchecked is a bug."""
    con = _database(tmp_path / "c.db")
    exc = _raised(lambda: con.execute("INSERT INTO t VALUES (?)", (10**30,)))
    assert isinstance(exc, OverflowError)
    assert user_message(exc) is None


def test_the_operating_system_by_errno(tmp_path: Path) -> None:
    full = _raised(lambda: Path("/dev/full").write_text("x" * 100_000))
    assert isinstance(full, OSError) and full.errno == 28
    assert user_message(full) == "the disk is full"  # (write() names no file)
    missing = _raised(lambda: (tmp_path / "gone" / "x").read_text())
    assert user_message(missing) == f"{tmp_path / 'gone' / 'x'}: no such file or folder"
    misused = _raised(lambda: os.close(987654))  # EBADF: our own mistake
    assert isinstance(misused, OSError) and misused.errno is not None
    assert user_message(misused) is None


def test_a_programming_error_inside_the_store_gives_a_crash_report(
        any_store: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error of ours raised inside the store's transaction: a report, no refusal."""
    from sqlalchemy import text

    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path))

    def broken() -> None:
        with any_store.transaction() as session:  # type: ignore[attr-defined]
            session.execute(text("SELECT no_such_column FROM campaign"))

    failure = failure_of("Broken", _raised(broken), start=0.0, command="test", argv=[])
    assert failure.bug and failure.report is not None and failure.report.exists()
