"""Whether a campaign changed since the last look, for the table server's live pages.

A file is watched with SQLite's ``PRAGMA data_version`` on one read-only
connection of its own: the number changes whenever another connection (the
window's, the table server's own edits, an undo) commits, and reading it
costs no query of the tables.  The file's identity (device and inode) is
checked too, so a campaign moved, replaced or deleted under the server is
seen as gone rather than silently recreated empty by the next connection.
A server campaign has no file: it is watched through its notices (LISTEN).
"""

from __future__ import annotations

import enum
import sqlite3
from pathlib import Path

from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import ConnectionLost
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

    def look(self, skip: set[int] | None = None) -> Seen:
        """Changed, the same, or gone (moved, deleted, replaced) since the last look.

        (``skip`` means nothing here: a file says no more than that it changed.)
        """
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


class ListenWatch:
    """Watches a server campaign by its notices: no query while nothing happens.

    Each operation's commit is announced on the campaign's channel (a LISTEN
    connection of the watch's own, ``server_listen``); a notice is believed
    only when the journal holds its operation.  A dropped connection reads
    as gone, as a lost server does.
    """

    def __init__(self, store: CampaignStore) -> None:
        from tftmanager.store.server import ServerCampaignStore  # noqa: PLC0415 - psycopg
        from tftmanager.store.server_listen import Listener  # noqa: PLC0415

        assert isinstance(store, ServerCampaignStore)
        self._listener: Listener | None = Listener(store.address)

    def look(self, skip: set[int] | None = None) -> Seen:
        """Changed (a notice came), the same, or gone (the connection dropped).

        ``skip``: operations whose first notice is no news (the table server's
        own players' actions, whose pages it told already); each is taken
        out of it as its notice comes.
        """
        if self._listener is None:
            return Seen.GONE
        import psycopg  # noqa: PLC0415 - only a server campaign's watch needs it

        try:
            heard = self._listener.pending(skip)  # (its own operations dropped unread)
        except (ConnectionLost, psycopg.Error):  # the connection is gone, whatever said it
            self.close()
            return Seen.GONE
        return Seen.CHANGED if heard else Seen.SAME

    def close(self) -> None:
        """Stop listening."""
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()


def watch(store: CampaignStore) -> FileWatch | ListenWatch:
    """A watch for an open campaign: its file's, or its server's notices."""
    return ListenWatch(store) if store.shared else FileWatch(store.path)
