"""A campaign on a PostgreSQL server, shared by a group: the store every use case sees.

``ServerCampaignStore`` is a ``CampaignStore`` whose transactions run on the
server, so every use case works unchanged; what sharing adds lives here:

- **who**: each operation is recorded with the user's login (``author``),
  and undo takes back only the user's own;
- **conflicts**: each operation raises the ``character_version`` count of the
  characters it touched, under a row lock; a client whose last look at a
  character saw an older count is refused with who changed it, and nothing
  is written (clients on different characters lock different rows, so they
  never wait on each other);
- **news**: each operation ends with a ``NOTIFY`` delivered at its commit,
  which other clients' listeners (``server_listen``) turn into a refresh;
- **faults**: a dropped connection is reported in one line and the next
  action reconnects (the pool tests connections before use).
"""

from __future__ import annotations

import select as sockets
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, NoReturn

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import DBAPIError, DisconnectionError, IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, col, select

from tftmanager.store import acting
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import (
    CampaignError,
    ConnectionLost,
    EditConflict,
    NewerCampaign,
    NotACampaign,
    NotYours,
    ServerError,
)
from tftmanager.store.journal import OpenOperation
from tftmanager.store.schema import CURRENT_SCHEMA
from tftmanager.store.server_address import DRIVER_MISSING, ServerAddress, without_password
from tftmanager.store.server_functions import CONFLICT, TOO_LARGE
from tftmanager.store.server_journal import ServerJournal, conflict_message
from tftmanager.store.server_listen import dropped
from tftmanager.store.server_schema import role_names
from tftmanager.store.tables import CampaignRow, OperationRow

NOT_YOURS = ("The server refused the change: your login may change only the characters "
             "the GM gave you, XP awards and money gained (pay, finds, sales, corrections) "
             "are the GM's, and spending may not go past the balance. Nothing was changed.")
SAME_MOMENT = ("Another user changed the same characters at the same moment. Nothing was "
               "changed; try again.")
BUSY = ("The server is busy: another user's change held what yours needed for too long. "
        "Nothing was changed; try again.")
ENDED = ("The server is busy: another user's change held what yours needed for too long, "
         "so the server ended it. Nothing was changed; try again.")


# A connection idle longer than this is pinged before use (one round trip then only).
IDLE_PING_SECONDS = 30.0


def make_server_engine(address: ServerAddress, *, connections: int = 6,
                       kept: int = 2) -> Engine:
    """A small pool of psycopg connections, each checked before use (so a drop reconnects).

    Up to ``connections`` at once, of which ``kept`` stay open between uses
    (the others are closed when returned: a new one costs the server a
    process of its own, and its statements are prepared again).

    The pool hands out the connection returned last (LIFO): a table server
    whose players act one or two at a time keeps using the same one or two,
    whose server processes have the campaign's tables cached and its
    statements prepared (psycopg prepares a statement on a connection at its
    sixth use).  Taken in turn (FIFO, the default), the sixteen connections
    of a table server each ran every statement unprepared, and PostgreSQL
    spent about twice the CPU on a player's action.  (Preparing at the
    second use instead bought PostgreSQL nothing more under the load bench
    and cost the table servers a round trip per statement per connection.)

    The check costs no round trip while a connection is in steady use: only a
    connection idle for long, or one the server has written to unasked (as
    it does when it ends a session), is pinged, and replaced if dead.
    """
    try:
        import psycopg  # noqa: F401, PLC0415 - only to say clearly that it is missing
    except ImportError:
        raise ServerError(Path(address.url), DRIVER_MISSING) from None
    engine: Engine = create_engine(
        address.sqlalchemy_url(),  # type: ignore[call-overload]
        pool_size=min(kept, connections), max_overflow=max(connections - kept, 0),
        pool_use_lifo=True,
        # Timestamps are stored in UTC whatever the server's or the client's zone.
        connect_args={"application_name": "TFT Manager", "connect_timeout": 10,
                      "options": "-c timezone=UTC"},
    )
    event.listen(engine, "checkin", _checked_in)
    event.listen(engine, "checkout", _check_out)
    return engine


def _checked_in(_dbapi: Any, record: Any) -> None:
    record.info["idle_since"] = time.monotonic()


def _check_out(dbapi: Any, record: Any, _proxy: Any) -> None:
    """Ping a connection that may be dead; a dead one is replaced (the pool tries again)."""
    idle = time.monotonic() - record.info.get("idle_since", time.monotonic())
    try:
        told, _w, _x = sockets.select([dbapi.fileno()], [], [], 0)
    except (OSError, ValueError):
        told = [True]
    if not told and idle < IDLE_PING_SECONDS:
        return
    try:
        dbapi.execute("SELECT 1")
        dbapi.rollback()
    except Exception as exc:  # whatever the failure, this connection is done
        raise DisconnectionError(str(exc)) from exc


# SQLSTATEs (and classes) of a server's refusal the user or the server's keeper can act
# on: a login or database refused, no privilege, no resources, a server not taking
# changes or going down.  Anything else (an unknown column, bad data) is a bug of ours.
_USERS_STATES = frozenset({"42501"})
_USERS_CLASSES = frozenset({"08", "28", "3D", "53", "25", "57"})


def server_refusal(address: ServerAddress, exc: BaseException) -> ServerError | None:
    """A failed connection or command the user can act on, in one line; None for a bug."""
    orig = getattr(exc, "orig", exc)
    state = getattr(orig, "sqlstate", None) or ""
    said = without_password(str(orig)).strip()
    first = said.splitlines()[0] if said else type(orig).__name__
    if isinstance(exc, OperationalError) and (not state or state.startswith("08")):
        # libpq could not connect (it gives no SQLSTATE): its reason, after "failed:"
        reason = first.split(" failed: ")[-1].removeprefix("FATAL:").strip()
        return ServerError(Path(address.url), f"Cannot connect to {address.display}: "
                           f"{reason}. Check the server's name, port, database and login.")
    if state in _USERS_STATES or state[:2] in _USERS_CLASSES:
        return ServerError(Path(address.url), f"The server {address.display} refused: {first}")
    return None


def refuse_or_raise(address: ServerAddress, exc: BaseException) -> NoReturn:
    """Raise the user's line for a failure they can act on, else the failure itself (a bug)."""
    refusal = server_refusal(address, exc)
    if refusal is None:
        raise exc
    raise refusal from exc


class ServerCampaignStore(CampaignStore):
    """An open server campaign: the engine, the campaign id, the login and its last look."""

    def __init__(self, address: ServerAddress, engine: Engine, campaign_id: int,
                 author: str, role: str, *, for_player: str | None = None) -> None:
        super().__init__(Path(address.url), engine, None, campaign_id)
        self.address = address
        self.author = author
        self.role = role  # "gm" or "player"
        # character id -> the version this client last saw (its last look).
        self.seen: dict[int, int] = {}
        # A player acting through the table server, over this GM's connection.
        self.for_player = for_player
        self.journal = ServerJournal(author, self.seen, for_player=for_player)
        self._reads: tuple[Engine, Engine] | None = None  # (engine, its autocommit view)

    def acting_for(self, player: str, seen: dict[int, int] | None = None) -> ServerCampaignStore:
        """The same campaign and connections, each operation recorded as ``player``'s.

        For the table server, whose GM connection carries the players'
        actions: the operations are the player's in the history (with a
        player's limits and the server's own words for the line), and undo
        and redo take back only that player's.  ``seen``: the versions the
        player's page showed, refused as a conflict if a character changed
        since; None when the action is judged on the rows as they are (every
        use case reads them in its own transaction).  Closing it leaves the
        connections to this store.
        """
        view = ServerCampaignStore(self.address, self.engine, self.campaign_id, player,
                                   "player", for_player=player)
        view.library_cache = self.library_cache
        assert isinstance(view.journal, ServerJournal)
        view.journal.checks_seen = seen is not None
        view.seen.update(seen or {})
        return view

    @contextmanager
    def as_player(self, author: str, character_id: int, *,
                  version: int | None = None) -> Iterator[None]:
        """A player's action on their character: no edit made meanwhile is overwritten.

        The character's version is read first (or given: ``version``, read
        with the player's link just before); every operation inside is then
        refused (``EditConflict``) if anyone's change to the character
        committed since, whether before the action's reads or between its
        read and its write.  The server checks it under the version's row
        lock at the commit, as it checks a window's edit against its look.
        """
        if version is None:
            with self.transaction() as session:
                version = session.execute(text(
                    "SELECT coalesce((SELECT version FROM character_version "
                    "WHERE character_id = :c), 0)"), {"c": character_id}).scalar()
        with acting.acting(author, seen={character_id: int(version or 0)}):
            yield

    @property
    def shared(self) -> bool:
        """A server campaign is shared."""
        return True

    @property
    def mine(self) -> tuple[str, ...]:
        """The user's own operations; a GM's include those pushed from a file (no author)."""
        return (self.author or "", "") if self.role == "gm" else (self.author or "",)

    @property
    def location(self) -> str:
        """The URL, without any password."""
        return self.address.url

    @property
    def read_only(self) -> bool:
        """A server campaign is never opened read-only; the server says what may change."""
        return False

    @contextmanager
    def transaction(self, *, autocommit: bool = False) -> Iterator[Session]:
        """One transaction on the server, its failures said in the user's terms.

        ``autocommit``: reads only, each statement on its own, without the
        BEGIN and COMMIT (two round trips); see ``_read_transaction``.
        """
        shared = self._shared_read()
        if shared is not None:
            yield shared
            return
        bind = self._reads_engine() if autocommit else self.engine
        try:
            with Session(bind, expire_on_commit=False) as session, session.begin():
                if self.role != "gm" and self.for_player is None:
                    event.listen(session, "before_flush", _deletes_through_server)
                yield session
        except OperationalError as exc:
            if exc.connection_invalidated or dropped(exc.orig):
                self.engine.dispose()  # the next action connects afresh
                raise ConnectionLost(
                    self.path, "Lost the connection to the server; the change was not saved "
                    "and will be tried on a new connection.") from exc
            _refuse_or_raise(self, exc)
        except IntegrityError:
            raise  # the same as in a file: the caller's own mistake, said by its caller
        except DBAPIError as exc:
            _refuse_or_raise(self, exc)  # or our bug (an unknown column...): a crash report
        except StaleDataError as exc:
            raise NotYours(self.path, NOT_YOURS) from exc

    @contextmanager
    def operation(self, kind: str, label: str = "") -> Iterator[OpenOperation]:
        """As in a file; a connection lost at the commit says whether the commit happened."""
        started: int | None = None
        try:
            with super().operation(kind, label) as op:
                started = op.id
                yield op
        except ConnectionLost as lost:
            if started is not None and self._recorded(started):
                raise ConnectionLost(self.path, "The connection to the server dropped just "
                                     "as the change was saved; it is saved.",
                                     saved=True) from lost
            raise

    def _read_transaction(self) -> AbstractContextManager[Session]:
        """A ``reading()`` block's session: its statements without BEGIN and COMMIT.

        The server runs at read committed, where each statement of a
        transaction sees what was committed when it began, as one outside any
        does: a block of reads gains nothing from BEGIN and COMMIT but two
        round trips (of the ten of a player's card, three of finding a link).
        """
        return self.transaction(autocommit=True)

    def _reads_engine(self) -> Engine:
        """The engine's connections in autocommit (the same pool), for reads only."""
        if self._reads is None or self._reads[0] is not self.engine:
            self._reads = (self.engine, self.engine.execution_options(
                isolation_level="AUTOCOMMIT"))
        return self._reads[1]

    def _recorded(self, operation_id: int) -> bool:
        """Whether an operation is on the server (after a connection dropped at its commit)."""
        try:
            with self.transaction() as session:
                return session.get(OperationRow, operation_id) is not None
        except CampaignError:
            return False

    def widen(self, connections: int) -> None:
        """Up to ``connections`` at once, for a store serving many players (the table server's).

        Each stays open once made: with two kept, players acting together
        opened and closed connections all the time (a server process each).
        """
        old, self.engine = self.engine, make_server_engine(
            self.address, connections=connections, kept=connections)
        old.dispose()

    def look(self) -> dict[int, int]:
        """Read every character's version: what this client now has seen.

        Call it before reading what is shown, so an edit made from what is
        shown is checked against what was there when it was read.
        """
        with self.transaction() as session:
            rows = session.execute(text(
                "SELECT c.id, coalesce(v.version, 0) FROM character c "
                "LEFT JOIN character_version v ON v.character_id = c.id "
                "WHERE c.campaign_id = :c"), {"c": self.campaign_id}).all()
        self.seen.clear()  # in place: the journal shares it
        self.seen.update({int(cid): int(version) for cid, version in rows})
        return dict(self.seen)

    def close(self) -> None:
        """Return the connections to the server (a player's view leaves them to its GM's)."""
        if self.for_player is None:
            self.engine.dispose()


def _refuse_or_raise(store: ServerCampaignStore, exc: DBAPIError) -> NoReturn:
    refusal = _refused(store, exc)
    if refusal is None:
        raise exc
    raise refusal from exc


def _refused(store: ServerCampaignStore, exc: DBAPIError) -> Exception | None:
    """The server's refusal in the user's words, by SQLSTATE; None for a bug of ours."""
    state = getattr(exc.orig, "sqlstate", "") or ""
    diag = getattr(exc.orig, "diag", None)
    if state == "42501":  # insufficient privilege, or a row-level security check
        return NotYours(store.path, NOT_YOURS)
    if state == CONFLICT:  # a character changed since this client's look
        return EditConflict(store.path, conflict_message(getattr(diag, "message_detail", "")))
    if state in {"40001", "40P01"}:  # serialization failure, deadlock
        return EditConflict(store.path, SAME_MOMENT)
    if state == TOO_LARGE:
        return ServerError(store.path, _too_large(getattr(diag, "message_detail", "") or ""))
    if state == "55P03":  # lock_timeout: end a player's session holding it past the limits
        return ServerError(store.path, ENDED if _reap(store) else BUSY)
    if state == "57014":  # statement_timeout
        return ServerError(store.path, BUSY)
    return server_refusal(store.address, exc)


def _reap(store: ServerCampaignStore) -> int:
    """Ask the server to end the sessions that hold a transaction past the campaign's limits.

    A login may lengthen its own timeouts; whoever waits in vain on it calls this.
    """
    try:
        with store.engine.begin() as conn:
            return int(conn.execute(text("SELECT tft_reap()")).scalar() or 0)
    except DBAPIError:
        return 0


def _too_large(detail: str) -> str:
    what, _, rest = detail.partition(":")
    limit, _, name = rest.partition(":")
    number = int(limit or 0)
    said = {
        "row": f"one entry (notes, for instance) may hold at most {number // 1000:,} KB",
        "operation": f"one change may write at most {number:,} rows",
        "character_rows": f"{name} holds the most entries (ledger lines, possessions, "
                          f"talents...) a player may add to, {number:,}",
        "character_bytes": f"{name} holds the most text a player may add to, "
                           f"{number // 1_000_000:,} MB",
        "day": f"a player may make at most {number:,} changes a day",
    }.get(what, "past the server's limits")
    return (f"The change is too large for the server: {said}. Nothing was changed; "
            "the GM can raise the limit.")


def _deletes_through_server(session: Session, _context: Any, _instances: Any) -> None:
    """A player's login holds no DELETE: its rows go through the server's ``tft_delete``."""
    for row in list(session.deleted):
        table = type(row).__tablename__
        session.connection().execute(text("SELECT tft_delete(:t, :i)"),
                                     {"t": table, "i": row.id})
        session.expunge(row)


def server_schema_version(session: Session) -> int | None:
    """The schema of the server's campaign (Alembic's revision number), None if none."""
    found = session.execute(text(
        "SELECT to_regclass('public.alembic_version') IS NOT NULL")).scalar()
    if not found:
        return None
    version = session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return int(str(version)[:4]) if version else None


def _role(session: Session, database: str) -> str:
    gm, _player = role_names(database)
    is_gm = session.execute(text(
        "SELECT pg_has_role(current_user, :gm, 'MEMBER') "
        "OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) "
        "OR EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' "
        "AND tablename = 'campaign' AND tableowner = current_user)"), {"gm": gm}).scalar()
    return "gm" if is_gm else "player"


def check_schema(address: ServerAddress, schema: int | None) -> None:
    """Refuse a database with no campaign, an older one (upgrade it) or a newer one."""
    where = Path(address.url)
    if schema is None:
        raise NotACampaign(where, f"{address.display} holds no TFT Manager campaign. The GM "
                           f"sets one up with: tftmanager server init {address.url}")
    if schema > CURRENT_SCHEMA:
        raise NewerCampaign(where, f"{address.display} was set up by a newer version of TFT "
                            "Manager; install that version to open it.")
    if schema < CURRENT_SCHEMA:
        raise ServerError(where, f"{address.display} is in an older format (schema {schema}). "
                          f"The GM upgrades it with: tftmanager server upgrade {address.url}")


def open_server_campaign(address: ServerAddress) -> ServerCampaignStore:
    """Connect to a server campaign at this build's schema, as the URL's login."""
    engine = make_server_engine(address)
    try:
        with Session(engine) as session:
            schema = server_schema_version(session)
            check_schema(address, schema)
            campaign_id = session.exec(select(CampaignRow.id)
                                       .order_by(col(CampaignRow.id))).first()
            author = str(session.execute(text("SELECT current_user")).scalar())
            role = _role(session, address.database)
    except DBAPIError as exc:
        engine.dispose()
        refuse_or_raise(address, exc)
    except BaseException:
        engine.dispose()
        raise
    if campaign_id is None:
        engine.dispose()
        raise NotACampaign(Path(address.url), f"{address.display} holds no campaign.")
    store = ServerCampaignStore(address, engine, campaign_id, author, role)
    store.look()
    return store


def assigned_characters(store: ServerCampaignStore) -> set[int]:
    """The characters the store's login plays (every one, for the GM)."""
    with store.transaction() as session:
        if store.role == "gm":
            rows: Any = session.execute(text("SELECT id FROM character WHERE campaign_id = :c"),
                                        {"c": store.campaign_id})
        else:
            rows = session.execute(text("SELECT character_id FROM player_character "
                                        "WHERE login = :l"), {"l": store.author})
        return {int(r[0]) for r in rows}
