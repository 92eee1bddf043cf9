"""Whether a campaign changed since the last look, for the table server's live pages.

A file is watched with SQLite's ``PRAGMA data_version`` on one read-only
connection of its own: the number changes whenever another connection (the
window's, the table server's own edits, an undo) commits, and reading it
costs no query of the tables.  The file's identity (device and inode) is
checked too, so a campaign moved, replaced or deleted under the server is
seen as gone rather than silently recreated empty by the next connection.
A server campaign has no file: it is watched through a stamp of its journal.
"""

from __future__ import annotations

import enum
import sqlite3
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from tftmanager.store.campaign import CampaignStore
from tftmanager.store.inspect import read_only_uri


class Seen(enum.Enum):
    """What a look at the campaign found."""

    SAME = "same"
    CHANGED = "changed"
    GONE = "gone"


class FileWatch:
    """Watches one campaign file; used from one thread at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._identity = self._stat()
        self._connection: sqlite3.Connection | None = sqlite3.connect(
            read_only_uri(path), uri=True, check_same_thread=False)
        self._version = self._data_version()

    def _stat(self) -> tuple[int, int] | None:
        try:
            info = self.path.stat()
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def _data_version(self) -> int | None:
        if self._connection is None:
            return None
        try:
            row = self._connection.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return None
        return int(row[0])

    def look(self) -> Seen:
        """Changed, the same, or gone (moved, deleted, replaced) since the last look."""
        if self._connection is None or self._identity is None \
                or self._stat() != self._identity:
            self.close()
            return Seen.GONE
        version = self._data_version()
        if version is None:
            return Seen.GONE
        if version == self._version:
            return Seen.SAME
        self._version = version
        return Seen.CHANGED

    def close(self) -> None:
        """Close the watching connection."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()


STAMP = text("SELECT count(*), coalesce(max(id), 0), "
             "coalesce(sum(CASE WHEN undone THEN id ELSE 0 END), 0) "
             "FROM operation WHERE campaign_id = :c")


class StampWatch:
    """Watches a server campaign by its journal's stamp (operations, undone ones)."""

    def __init__(self, store: CampaignStore) -> None:
        self.store = store
        self._stamp = self._read()

    def _read(self) -> tuple[int, ...] | None:
        try:
            with self.store.transaction() as session:
                row = session.execute(STAMP, {"c": self.store.campaign_id}).one()
        except SQLAlchemyError:  # a lost server reads as gone; the pages say so
            return None
        return tuple(int(v) for v in row)

    def look(self) -> Seen:
        """Changed, the same, or gone (the server cannot be read)."""
        stamp = self._read()
        if stamp is None:
            return Seen.GONE
        if stamp == self._stamp:
            return Seen.SAME
        self._stamp = stamp
        return Seen.CHANGED

    def close(self) -> None:
        """Nothing held."""


def watch(store: CampaignStore) -> FileWatch | StampWatch:
    """A watch for an open campaign: its file's, or its server's."""
    return StampWatch(store) if store.shared else FileWatch(store.path)
