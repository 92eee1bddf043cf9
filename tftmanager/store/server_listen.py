"""Hearing other users' changes to a server campaign as they commit (LISTEN/NOTIFY).

Every operation on a server campaign ends with a ``NOTIFY`` that PostgreSQL
delivers when (and only if) it commits.  A ``Listener`` holds one extra
connection in autocommit that LISTENs; it never blocks: the GUI watches the
connection's socket and calls ``pending()`` when it is readable, a script
may ``wait()``.  A connection that cannot be made or drops is said as
``ConnectionLost`` (the window listens again later); any other error is a
bug and is raised as it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tftmanager.store.errors import ConnectionLost
from tftmanager.store.server_address import ServerAddress
from tftmanager.store.server_schema import NOTIFY_CHANNEL


@dataclass(frozen=True)
class Notice:
    """One committed operation of some user: enough to refresh only what it touched."""

    operation_id: int
    author: str
    kind: str
    label: str
    undone: bool
    # The characters it touched; None when it touched too many to list (refresh all).
    characters: tuple[int, ...] | None

    @classmethod
    def from_payload(cls, payload: str) -> Notice | None:
        """Read a NOTIFY payload; anything else on the channel is ignored."""
        try:
            data = json.loads(payload)
            characters = data.get("characters")
            return cls(int(data["op"]), str(data.get("author", "")), str(data.get("kind", "")),
                       str(data.get("label", "")), bool(data.get("undone", False)),
                       None if characters is None else tuple(int(c) for c in characters))
        except (ValueError, KeyError, TypeError):
            return None


def dropped(exc: BaseException | None) -> bool:
    """Whether a driver error is the connection going (SQLSTATE class 08, a shutdown, none).

    An error with no SQLSTATE (or no driver error at all) came from the client
    side of the socket: the connection is gone.
    """
    state = getattr(exc, "sqlstate", None) or ""
    return state.startswith("08") or state in {"57P01", "57P02", "57P03"} or not state


def _own(notice: Notice, skip: set[int] | None) -> bool:
    """Whether a notice is of one of ``skip``'s operations, done (and take it out of it)."""
    if skip is None or notice.undone or notice.operation_id not in skip:
        return False
    skip.discard(notice.operation_id)
    return True


class Listener:
    """A LISTEN connection to a server campaign (close it when done)."""

    def __init__(self, address: ServerAddress) -> None:
        import psycopg  # noqa: PLC0415

        self._path = Path(address.url)
        url: Any = address.sqlalchemy_url()  # the URL's options (sslmode...) kept
        conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        with self._connection():
            self._conn: Any = psycopg.connect(
                conninfo, autocommit=True, application_name="TFT Manager (listening)",
                connect_timeout=10)
            self._conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
            # Operations changed from now on are news (the server's clock, as it stamps them).
            since: Any = self._conn.execute(
                "SELECT now() AT TIME ZONE 'UTC' - interval '1 second'").fetchone()
        self._since = since[0]
        self._heard: set[tuple[int, bool, Any]] = set()

    @contextmanager
    def _connection(self) -> Iterator[None]:
        """The connection going (or never coming) as ConnectionLost; anything else as it is."""
        import psycopg  # noqa: PLC0415

        try:
            yield
        except psycopg.OperationalError as exc:
            if not dropped(exc):
                raise
            raise ConnectionLost(self._path, "Lost the connection that hears the other "
                                 "users' changes.") from exc

    def fileno(self) -> int:
        """The socket to watch: readable when a notice (or a dropped connection) arrives."""
        return int(self._conn.fileno())

    def pending(self, skip: set[int] | None = None) -> list[Notice]:
        """The notices that have arrived, without waiting (``skip``: as ``wait``'s)."""
        return self.wait(0.0, skip)

    def wait(self, timeout: float, skip: set[int] | None = None) -> list[Notice]:
        """The notices that arrive within ``timeout`` seconds (at least one, or none).

        ``skip``: operations this client made itself and has already told its
        own users of (the table server's players' actions); the first notice
        of each is taken out of it and dropped unread, so an action costs the
        journal no query here.  (A forged notice naming one of them can only
        make the real one count as news: one more refresh, nothing hidden.)
        """
        with self._connection():
            notes = list(self._conn.notifies(timeout=timeout,
                                             stop_after=None if timeout == 0 else 1))
            if timeout:  # after the first, take what else is already there
                notes += self._conn.notifies(timeout=0)
            heard = [n for n in (Notice.from_payload(note.payload) for note in notes)
                     if n is not None and not _own(n, skip)]
            return self._as_recorded(heard) if heard else []

    def _as_recorded(self, heard: list[Notice]) -> list[Notice]:
        """Only what the journal records, each once: anyone may NOTIFY on the channel.

        A notice is believed only when its operation is in the journal, by
        the author it names, changed (done, undone or redone) since this
        listener began, and not already heard in that state; what it says
        is then taken from the journal.  A forged or repeated notice is
        dropped, except a push's "replaced" (a refresh of everything, with
        no one's name on it).
        """
        ids = [n.operation_id for n in heard]
        rows = self._conn.execute(
            "SELECT id, author, label, undone, kind, characters, updated_at "
            "FROM public.operation WHERE id = ANY(%s) AND updated_at >= %s",
            (ids, self._since)).fetchall()
        recorded = {int(r[0]): r for r in rows}
        found = []
        for notice in heard:
            row = recorded.get(notice.operation_id)
            if row is None or row[1] != notice.author:
                if notice.kind == "replaced" and notice.operation_id == 0:
                    found.append(Notice(0, "", "replaced", "", False, None))
                continue
            state = (int(row[0]), bool(row[3]), row[6])
            if state in self._heard:
                continue
            self._heard.add(state)
            characters = tuple(int(c) for c in json.loads(row[5] or "[]"))
            found.append(Notice(int(row[0]), str(row[1]), str(row[4]), str(row[2]),
                                bool(row[3]), characters))
        return found

    def close(self) -> None:
        """Stop listening."""
        self._conn.close()

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
