"""Opening, creating and closing campaign files.

Opening follows one path for every file: look at it read-only (inspect), lock
it, and only if it is behind this build's schema back it up and migrate it.
A file that is refused is never written to.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile
from tftmanager.store import journal
from tftmanager.store.backup import backup_file, pre_migration_backup_path
from tftmanager.store.engine import make_engine
from tftmanager.store.errors import CampaignError, MigrationFailed, NotACampaign
from tftmanager.store.inspect import inspect_file
from tftmanager.store.journal import OpenOperation
from tftmanager.store.library import replace_library
from tftmanager.store.lock import CampaignLock
from tftmanager.store.schema import CURRENT_SCHEMA
from tftmanager.store.tables import CampaignRow

DEFAULT_UNDO_LIMIT = 100


class CampaignStore:
    """An open campaign file: its engine, its lock and the campaign row's id."""

    def __init__(self, path: Path, engine: Engine, lock: CampaignLock, campaign_id: int) -> None:
        self.path = path
        self.engine = engine
        self.lock = lock
        self.campaign_id = campaign_id
        self.backup_path: Path | None = None
        # The campaign's rules library, built once and dropped when it changes.
        self.library_cache: object | None = None

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One session in one transaction: committed at the end, rolled back on error."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def operation(self, kind: str, label: str = "") -> Iterator[OpenOperation]:
        """One user action: one transaction, recorded in the journal as it commits.

        The use case may refine ``label`` (and set ``merge_key``) before the
        block ends; an exception rolls back the change and its record alike.
        """
        with self.transaction() as session:
            op = journal.begin(session, campaign_id=self.campaign_id, kind=kind)
            op.label = label
            yield op
            campaign = session.get(CampaignRow, self.campaign_id)
            limit = campaign.undo_limit if campaign else DEFAULT_UNDO_LIMIT
            journal.finish(session, op, campaign_id=self.campaign_id, limit=limit)

    def close(self) -> None:
        """Dispose of connections and release the lock."""
        self.engine.dispose()
        self.lock.release()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _first_campaign_id(engine: Engine, path: Path) -> int:
    with Session(engine) as session:
        campaign_id = session.exec(select(CampaignRow.id).order_by(col(CampaignRow.id))).first()
        if campaign_id is None:
            raise NotACampaign(path, f"{path.name} holds no campaign.")
        return campaign_id


def open_campaign(path: Path) -> CampaignStore:
    """Open an existing campaign, migrating it (after a backup) when it is older.

    Raises a CampaignError subclass with a message for the user.
    """
    path = Path(path).resolve()
    info = inspect_file(path)
    lock = CampaignLock(path)
    lock.acquire()
    try:
        engine = make_engine(path)
        backup = None
        if info.schema < CURRENT_SCHEMA:
            backup = _migrate_with_backup(path, engine, info.schema)
        store = CampaignStore(path, engine, lock, _first_campaign_id(engine, path))
        store.backup_path = backup
        return store
    except BaseException:
        lock.release()
        raise


def _migrate_with_backup(path: Path, engine: Engine, schema: int) -> Path:
    backup = backup_file(path, pre_migration_backup_path(path, schema))
    from tftmanager.store.migrate import upgrade_to_head  # noqa: PLC0415 - costly import

    try:
        upgrade_to_head(engine)
    except Exception as exc:
        engine.dispose()
        backup_file(backup, path)
        raise MigrationFailed(
            path,
            f"Upgrading {path.name} to the current format failed ({exc}); "
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
