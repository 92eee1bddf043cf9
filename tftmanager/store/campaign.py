"""Opening, creating and closing campaign files.

Opening for editing follows one path for every file: look at it read-only
(inspect: header, quick check, version, and at this build's schema every
table and column the models declare), take the lock, and only then write
anything: roll back a write a crash interrupted, or back the file up and
migrate it when it is behind this build's schema.  A file that is refused is
never written to.

Opening for reading (``open_campaign_for_reading``) takes no lock and opens
SQLite read-only, so it works while another TFT Manager edits the campaign
and in a read-only folder; the whole read is one transaction, one snapshot.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, SQLModel, col, select

from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile
from tftmanager.store import acting, journal
from tftmanager.store.backup import backup_file, pre_migration_backup_path
from tftmanager.store.engine import make_engine
from tftmanager.store.errors import (
    CampaignError,
    CampaignInUse,
    MigrationFailed,
    NotACampaign,
    ReadOnlyCampaign,
    RequestDone,
)
from tftmanager.store.failures import user_message
from tftmanager.store.inspect import (
    FileInfo,
    InterruptedWrite,
    Structure,
    inspect_file,
    roll_back_interrupted_write,
)
from tftmanager.store.journal import FileJournal, Journal, OpenOperation
from tftmanager.store.library import replace_library
from tftmanager.store.lock import CampaignLock
from tftmanager.store.player_links import record_request
from tftmanager.store.queries import READING
from tftmanager.store.schema import CURRENT_SCHEMA
from tftmanager.store.tables import CampaignRow


def model_structure() -> Structure:
    """The tables and columns this build's models declare (the current schema).

    Read from the SQLModel metadata, so a table added with its migration is
    checked without anyone keeping a list.
    """
    return {table.name: frozenset(c.name for c in table.columns)
            for table in SQLModel.metadata.sorted_tables}


class CampaignStore:
    """An open campaign file: its engine, its lock and the campaign row's id.

    A store opened for reading has no lock and one read transaction (its
    ``snapshot`` connection) that every ``transaction()`` shares until close.
    """

    def __init__(self, path: Path, engine: Engine, lock: CampaignLock | None,
                 campaign_id: int, snapshot: Connection | None = None) -> None:
        self.path = path
        self.engine = engine
        self.lock = lock
        self.campaign_id = campaign_id
        self.snapshot = snapshot
        self.backup_path: Path | None = None
        # The campaign's rules library, built once and dropped when it changes.
        self.library_cache: object | None = None
        # Who is acting: the login on a shared (server) campaign; None in a file.
        self.author: str | None = None
        # Operations committed through this store: tells a bug after a commit from one before.
        self.committed = 0
        # How operations are recorded and replayed (a server campaign has its own).
        self.journal: Journal = FileJournal()
        # What the login may do: "gm" or "player" on a server; a file's user is its GM.
        self.role = "gm"
        # character id -> the version this client last saw (a server's; a file has no others).
        self.seen: dict[int, int] = {}
        # One transaction at a time: a file's one connection is shared by the window's
        # thread and the table server's workers (the players' view), which must never use
        # it at once.  Reentrant, for a thread that reads inside its own transaction.
        self.one_at_a_time = threading.RLock()
        # Each thread's ``reading()`` block, whose one transaction its reads share.
        self._reading = threading.local()

    @property
    def mine(self) -> tuple[str, ...] | None:
        """Whose operations this user may undo: everyone's in a file (None)."""
        return None

    @property
    def shared(self) -> bool:
        """Whether this campaign lives on a server, shared with other users."""
        return False

    @property
    def location(self) -> str:
        """Where the campaign is, for messages and the title bar."""
        return str(self.path)

    @property
    def read_only(self) -> bool:
        """Whether this store was opened for reading only (writes fail)."""
        return self.snapshot is not None

    def look(self) -> dict[int, int]:
        """What other users changed since the last look: in a file, no one else writes."""
        return dict(self.seen)

    @contextmanager
    def as_player(self, author: str, character_id: int, *,
                  version: int | None = None) -> Iterator[None]:
        """A player's action on their character (the table server's): read and written whole.

        Operations begun inside are ``author``'s.  In a file the block holds
        the campaign's one connection from the first read to the last write,
        so the window's edit of the same character waits for it rather than
        landing between the two and being overwritten (``version``, a
        server's, means nothing here).
        """
        with self.one_at_a_time, acting.acting(author):
            yield

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Reads only, as one transaction: every ``transaction()`` inside shares it.

        For a view gathered by many use cases (the table server's card: the
        character, ledgers, studies, rules, the fight): one transaction
        instead of one each, so a server campaign answers in a few round
        trips.  No operation may begin inside (it could not commit alone).
        """
        if getattr(self._reading, "session", None) is not None:
            yield
            return
        with self._read_transaction() as session:
            session.info[READING] = True
            self._reading.session = session
            try:
                yield
            finally:
                self._reading.session = None

    def _read_transaction(self) -> AbstractContextManager[Session]:
        """The session of a ``reading()`` block (a file's: one transaction, one snapshot)."""
        return self.transaction()

    def _shared_read(self) -> Session | None:
        """The session of the ``reading()`` block this thread is in, if any."""
        return getattr(self._reading, "session", None)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One session in one transaction: committed at the end, rolled back on error.

        Transactions from several threads take turns (``one_at_a_time``).
        """
        shared = self._shared_read()
        if shared is not None:
            yield shared
            return
        with self.one_at_a_time:
            if self.snapshot is not None:
                with Session(bind=self.snapshot, expire_on_commit=False,
                             join_transaction_mode="rollback_only") as session:
                    yield session
                return
            try:
                with Session(self.engine, expire_on_commit=False) as session, session.begin():
                    yield session
            except OperationalError:
                self._recover()
                raise

    def _recover(self) -> None:
        """After a failed write (a full disk), put the file back as it was, now.

        SQLite leaves a hot journal when it cannot finish a write; it would be
        rolled back at the next open, but until then the file's bytes differ.
        Rolling back only rewrites pages the file already has, so it succeeds
        where the write did not.
        """
        self.engine.dispose()
        roll_back_interrupted_write(self.path)

    @contextmanager
    def operation(self, kind: str, label: str = "") -> Iterator[OpenOperation]:
        """One user action: one transaction, recorded in the journal as it commits.

        The use case may refine ``label`` (and set ``merge_key``) before the
        block ends; an exception rolls back the change and its record alike.
        A store opened for reading refuses every operation, before it starts.
        """
        if self.read_only:
            raise ReadOnlyCampaign(self.path, f"{self.path.name} is open read-only: "
                                   "nothing in it can be changed.")
        assert self._shared_read() is None, "an operation begun inside reading()"
        request = acting.pending_request()
        with self.transaction() as session:
            op = self.journal.begin(session, campaign_id=self.campaign_id, kind=kind)
            op.label = label
            yield op
            if request is not None and not record_request(
                    session=session, character_id=request.character_id, nonce=request.nonce):
                raise RequestDone(self.path, "That request was already received, and done "
                                  "once.")
            if request is not None and request.announce is not None:
                request.announce.add(op.id)
            self.journal.finish(session, op, campaign_id=self.campaign_id)
            self.operation_finished(session, op)
        if request is not None:
            request.recorded = True
            request.operation_id = op.id
        self.committed += 1
        self.journal.committed()

    def operation_finished(self, session: Session, op: OpenOperation) -> None:
        """Called inside the operation's transaction once it is recorded (for measuring)."""

    def close(self) -> None:
        """End the read snapshot, dispose of connections and release the lock."""
        snapshot, self.snapshot = self.snapshot, None
        if snapshot is not None:
            snapshot.close()
        self.engine.dispose()
        if self.lock is not None:
            self.lock.release()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _first_campaign_id(session: Session, path: Path) -> int:
    campaign_id = session.exec(select(CampaignRow.id).order_by(col(CampaignRow.id))).first()
    if campaign_id is None:
        raise NotACampaign(path, f"{path.name} holds no campaign.")
    return campaign_id


def _look(path: Path) -> FileInfo | None:
    """inspect_file, or None when a crash left a write for the lock holder to undo."""
    try:
        return inspect_file(path, model_structure())
    except InterruptedWrite:
        return None


def open_campaign(path: Path) -> CampaignStore:
    """Open an existing campaign for editing, migrating it (after a backup) when older.

    Raises a CampaignError subclass with a message for the user.
    """
    path = Path(path).resolve()
    info = _look(path)
    lock = CampaignLock(path)
    lock.acquire()
    try:
        if info is None:
            roll_back_interrupted_write(path)
            info = inspect_file(path, model_structure())
        engine = make_engine(path)
        backup = None
        if info.schema < CURRENT_SCHEMA:
            backup = _migrate_with_backup(path, engine, info.schema)
            engine.dispose()  # the store's own connection starts with its pragmas set anew
        with Session(engine) as session:
            campaign_id = _first_campaign_id(session, path)
        store = CampaignStore(path, engine, lock, campaign_id)
        store.backup_path = backup
        return store
    except BaseException:
        lock.release()
        raise


def open_campaign_for_reading(path: Path) -> CampaignStore:
    """Open a campaign to read it: no lock, SQLite read-only, one snapshot.

    A file older than this build is opened for editing instead (it must be
    upgraded first, which needs the lock); a crash's unfinished write is
    rolled back when nobody holds the lock, and reported otherwise.
    """
    path = Path(path).resolve()
    try:
        info = inspect_file(path, model_structure())
    except InterruptedWrite as interrupted:
        try:
            open_campaign(path).close()  # rolls it back under the lock
        except CampaignInUse:
            raise
        except CampaignError:  # a read-only folder: say what is wrong with the file
            raise interrupted from None
        info = inspect_file(path, model_structure())
    if info.schema < CURRENT_SCHEMA:
        return open_campaign(path)
    engine = make_engine(path, read_only=True)
    try:
        snapshot = engine.connect()
        snapshot.begin()
        with Session(bind=snapshot, join_transaction_mode="rollback_only") as session:
            campaign_id = _first_campaign_id(session, path)
        return CampaignStore(path, engine, None, campaign_id, snapshot)
    except BaseException:
        engine.dispose()
        raise


def _migrate_with_backup(path: Path, engine: Engine, schema: int) -> Path:
    backup = backup_file(path, pre_migration_backup_path(path, schema))
    from tftmanager.store.migrate import upgrade_to_head  # noqa: PLC0415 - costly import

    try:
        upgrade_to_head(engine)
    except BaseException as exc:
        engine.dispose()
        backup_file(backup, path, overwrite=True)
        said = user_message(exc)
        if said is None:
            raise  # a migration's bug: the file is put back, the crash report keeps the trace
        raise MigrationFailed(
            path,
            f"Upgrading {path.name} to the current format failed ({said}); "
            f"it was left as it was. A copy is at {backup.name}.",
        ) from exc
    return backup


def create_campaign(
    path: Path, name: str, profile: RuleProfile | None = None,
    library: tuple[list[Entry], str] | None = None,
) -> CampaignStore:
    """Create a new, empty campaign file at ``path`` (which must not exist).

    ``library`` is the rules library to copy into it (entries and version).
    """
    path = Path(path).resolve()
    if path.exists():
        raise CampaignError(path, f"{path.name} already exists; choose another name.")
    if not path.parent.is_dir():
        raise CampaignError(path, f"The folder {path.parent} does not exist.")
    try:
        sqlite3.connect(path).close()
    except sqlite3.Error as exc:
        raise CampaignError(path, f"Cannot create {path.name}: {exc}.") from exc
    lock = CampaignLock(path)
    lock.acquire()
    try:
        engine = make_engine(path)
        from tftmanager.store.migrate import upgrade_to_head  # noqa: PLC0415

        upgrade_to_head(engine)
        engine.dispose()  # the store's own connection starts with its pragmas set anew
        with Session(engine) as session, session.begin(), journal.unrecorded(session):
            row = CampaignRow(
                name=name.strip() or path.stem,
                rules_profile=json.dumps((profile or RuleProfile()).to_dict()),
            )
            session.add(row)
            session.flush()
            campaign_id = row.id
            assert campaign_id is not None
            if library is not None:
                replace_library(session=session, campaign_id=campaign_id,
                                entries=library[0], version=library[1], shipped=True)
        return CampaignStore(path, engine, lock, campaign_id)
    except BaseException:
        lock.release()
        path.unlink(missing_ok=True)
        raise
