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

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, bindparam, create_engine, text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, col, select

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
from tftmanager.store.server_address import DRIVER_MISSING, ServerAddress
from tftmanager.store.server_schema import NOTIFY_CHANNEL, role_names
from tftmanager.store.tables import CampaignRow, CharacterRow, OperationRow

# A NOTIFY payload must stay under 8,000 bytes: past this, "every character".
NOTIFY_MAX_CHARACTERS = 400
NOT_YOURS = ("The server refused the change: your login may change only the characters "
             "the GM gave you. Nothing was changed.")
SAME_MOMENT = ("Another user changed the same characters at the same moment. Nothing was "
               "changed; try again.")


def make_server_engine(address: ServerAddress) -> Engine:
    """A small pool of psycopg connections, each tested before use (so a drop reconnects)."""
    try:
        import psycopg  # noqa: F401, PLC0415 - only to say clearly that it is missing
    except ImportError:
        raise ServerError(Path(address.url), DRIVER_MISSING) from None
    engine: Engine = create_engine(
        address.sqlalchemy_url(),  # type: ignore[call-overload]
        pool_pre_ping=True, pool_size=2, max_overflow=4,
        # Timestamps are stored in UTC whatever the server's or the client's zone.
        connect_args={"application_name": "TFT Manager", "connect_timeout": 10,
                      "options": "-c timezone=UTC"},
    )
    return engine


def server_refusal(address: ServerAddress, exc: BaseException) -> ServerError:
    """A failed connection or command, in one line a user can act on."""
    orig = getattr(exc, "orig", exc)
    first = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    # libpq's words for "could not connect" (and for a host name that does not resolve)
    if first.startswith(("connection failed: ", "failed to resolve host")):
        reason = first.split(" failed: ")[-1].removeprefix("FATAL:").strip()
        return ServerError(Path(address.url), f"Cannot connect to {address.display}: "
                           f"{reason}. Check the server's name, port, database and login.")
    return ServerError(Path(address.url), f"The server {address.display} refused: {first}")


class ServerCampaignStore(CampaignStore):
    """An open server campaign: the engine, the campaign id, the login and its last look."""

    def __init__(self, address: ServerAddress, engine: Engine, campaign_id: int,
                 author: str, role: str) -> None:
        super().__init__(Path(address.url), engine, None, campaign_id)
        self.address = address
        self.author = author
        self.role = role  # "gm" or "player"
        # character id -> the version this client last saw (its last look).
        self.seen: dict[int, int] = {}
        self._published: dict[int, int] = {}

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
    def transaction(self) -> Iterator[Session]:
        """One transaction on the server, its failures said in the user's terms."""
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                yield session
        except OperationalError as exc:
            if exc.connection_invalidated or _lost(exc):
                self.engine.dispose()  # the next action connects afresh
                raise ConnectionLost(
                    self.path, "Lost the connection to the server; the change was not saved "
                    "and will be tried on a new connection.") from exc
            raise _refused(self, exc) from exc
        except IntegrityError:
            raise  # the same as in a file: the caller's own mistake, said by its caller
        except DBAPIError as exc:
            raise _refused(self, exc) from exc
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

    def _recorded(self, operation_id: int) -> bool:
        """Whether an operation is on the server (after a connection dropped at its commit)."""
        try:
            with self.transaction() as session:
                return session.get(OperationRow, operation_id) is not None
        except CampaignError:
            return False

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
        self.seen = {int(cid): int(version) for cid, version in rows}
        return dict(self.seen)

    def operation_finished(self, session: Session, op: OpenOperation) -> None:
        """Raise the versions of the characters touched (refusing a stale edit) and notify."""
        row = session.get(OperationRow, op.merged_into or op.id)
        if row is None:  # nothing changed: nothing to check or tell
            self._published = {}
            return
        touched = [int(c) for c in json.loads(row.characters)]
        created = {int(k) for (k,) in session.execute(text(
            "SELECT row_key FROM row_change WHERE operation_id = :op "
            "AND table_name = 'character' AND action = 'I'"), {"op": row.id})}
        self._published = self._raise_versions(session, row, touched, created)
        self.publish(session, row, touched)

    def operation_committed(self, op: OpenOperation) -> None:
        """The edit is on the server: this client has seen its own change."""
        self.seen.update(self._published)
        self._published = {}

    def _raise_versions(self, session: Session, row: OperationRow, touched: list[int],
                        created: set[int] | None = None) -> dict[int, int]:
        """Lock the touched characters' counts, refuse if any moved since our look, raise them.

        A character this client never saw (added by someone else since its
        look) is a conflict too, unless this very operation added it.
        ``created`` is None for an undo or redo: they check every row they put
        back against the journal instead (``journal.replay_refusal``).
        """
        if not touched:
            return {}
        ids: Any = bindparam("ids", expanding=True)
        session.execute(text(  # every character has a count to lock, even one never edited
            "INSERT INTO character_version (character_id, version, author) "
            "SELECT c.id, 0, '' FROM character c WHERE c.id IN :ids "
            "ON CONFLICT (character_id) DO NOTHING").bindparams(ids), {"ids": touched})
        current = session.execute(text(
            "SELECT v.character_id, v.version, v.author, o.label FROM character_version v "
            "LEFT JOIN operation o ON o.id = v.operation_id "
            "WHERE v.character_id IN :ids FOR UPDATE OF v").bindparams(ids),
            {"ids": touched}).all()
        for cid, version, author, label in current:
            seen = self.seen.get(cid)
            if created is None:
                break
            if (seen != version) if seen is not None else (cid not in created):
                raise EditConflict(self.path, _conflict_message(session, cid, author, label))
        raised = session.execute(text(
            "UPDATE character_version SET version = version + 1, operation_id = :op, "
            "author = :a WHERE character_id IN :ids "
            "RETURNING character_id, version").bindparams(ids),
            {"ids": touched, "op": row.id, "a": self.author}).all()
        return {int(cid): int(version) for cid, version in raised}

    def publish(self, session: Session, row: OperationRow, touched: list[int]) -> None:
        """Tell the other clients, at the commit, what changed and who changed it."""
        payload = {"campaign": self.campaign_id, "op": row.id, "author": self.author,
                   "kind": row.kind, "label": row.label[:200], "undone": row.undone,
                   "characters": touched if len(touched) <= NOTIFY_MAX_CHARACTERS else None}
        session.execute(text("SELECT pg_notify(:ch, :p)"),
                        {"ch": NOTIFY_CHANNEL, "p": json.dumps(payload)})

    def replayed(self, session: Session, row: OperationRow, touched: list[int]) -> None:
        """An undo or redo changed these characters: raise their versions and tell the others."""
        self._published = self._raise_versions(session, row, touched) if touched else {}
        self.publish(session, row, touched)

    def replay_committed(self) -> None:
        """The undo or redo is on the server."""
        self.seen.update(self._published)
        self._published = {}

    def close(self) -> None:
        """Return the connections to the server."""
        self.engine.dispose()


def _lost(exc: OperationalError) -> bool:
    orig = getattr(exc, "orig", None)
    state = getattr(orig, "sqlstate", None) or ""
    return state.startswith("08") or state in {"57P01", "57P02", "57P03"} or not state


def _refused(store: ServerCampaignStore, exc: DBAPIError) -> Exception:
    state = getattr(exc.orig, "sqlstate", "") or ""
    if state == "42501":  # insufficient privilege, or a row-level security check
        return NotYours(store.path, NOT_YOURS)
    if state in {"40001", "40P01"}:  # serialization failure, deadlock
        return EditConflict(store.path, SAME_MOMENT)
    return server_refusal(store.address, exc)


def _conflict_message(session: Session, character_id: int, author: str, label: str) -> str:
    character = session.get(CharacterRow, character_id)
    name = character.name if character is not None else "a character"
    who = author or "another user"
    what = f" (\u201c{label}\u201d)" if label else ""
    return (f"{who} changed {name} since you last looked{what}. Your change was not made; "
            f"{name} now shows their change.")


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
    except OperationalError as exc:
        engine.dispose()
        raise server_refusal(address, exc) from exc
    except DBAPIError as exc:
        engine.dispose()
        raise server_refusal(address, exc) from exc
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
