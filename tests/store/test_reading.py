"""Opening to read: no lock, SQLite read-only, one snapshot; structure from the models."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import SQLModel

from tftmanager.app import campaigns, experience
from tftmanager.store.campaign import model_structure, open_campaign_for_reading
from tftmanager.store.errors import DamagedCampaign
from tftmanager.store.lock import is_locked, lock_path
from tftmanager.store.tables import XPEntryRow

pytestmark = pytest.mark.store


@pytest.fixture
def demo_path(campaign_path: Path, campaign_templates: Any) -> Path:
    return campaign_templates.file(campaign_path, name="Demo", demo=True)


def _xp_rows(store: campaigns.CampaignStore) -> int:
    with store.transaction() as session:
        return len(session.exec(XPEntryRow.__table__.select()).all())  # type: ignore[attr-defined]


def test_reading_takes_no_lock_and_writes_nothing(demo_path: Path) -> None:
    assert not lock_path(demo_path).exists()  # closed cleanly when it was made
    before = demo_path.read_bytes()
    with campaigns.open_for_reading(path=demo_path) as store:
        assert store.read_only and store.lock is None
        assert len(campaigns.party_sheets(store=store)) == 5
        assert not is_locked(demo_path)
    assert demo_path.read_bytes() == before
    assert not lock_path(demo_path).exists()


def test_reading_beside_a_writer(demo_path: Path) -> None:
    with campaigns.open_existing(path=demo_path) as writer:
        ids = [s.id for s in campaigns.party_sheets(store=writer) if s.id is not None]
        with campaigns.open_for_reading(path=demo_path) as reader:
            assert _xp_rows(reader) == 0
        experience.award(store=writer, character_ids=ids, amount=5, reason="x")
        with campaigns.open_for_reading(path=demo_path) as reader:
            assert _xp_rows(reader) == len(ids)


def test_a_reader_sees_one_snapshot(demo_path: Path) -> None:
    """A write that starts while a reader is open waits for it, then lands."""
    writer = campaigns.open_existing(path=demo_path)
    ids = [s.id for s in campaigns.party_sheets(store=writer) if s.id is not None]
    reader = campaigns.open_for_reading(path=demo_path)
    first = _xp_rows(reader)
    done = threading.Event()

    def write() -> None:
        experience.award(store=writer, character_ids=ids, amount=1, reason="during")
        done.set()

    thread = threading.Thread(target=write)
    thread.start()
    assert not done.wait(0.5)  # the writer waits for the reader's snapshot
    assert _xp_rows(reader) == first
    reader.close()
    thread.join(10)
    assert done.is_set()
    writer.close()


def test_writes_through_a_reading_store_fail(demo_path: Path) -> None:
    with campaigns.open_for_reading(path=demo_path) as store:
        ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
        with pytest.raises(Exception, match=r"readonly|read-only|read only"):
            experience.award(store=store, character_ids=ids, amount=1, reason="x")


def test_the_structure_comes_from_the_models() -> None:
    structure = model_structure()
    assert set(structure) == set(SQLModel.metadata.tables)
    assert "batch" in structure["xp_entry"]


def test_a_missing_column_is_refused(demo_path: Path) -> None:
    con = sqlite3.connect(demo_path)
    for event in ("insert", "update", "delete"):  # the journal's triggers name every column
        con.execute(f"DROP TRIGGER journal_possession_{event}")
    con.execute("ALTER TABLE possession DROP COLUMN note")
    con.commit()
    con.close()
    with pytest.raises(DamagedCampaign, match="'possession' lacks column"):
        open_campaign_for_reading(demo_path)


def test_extra_tables_and_columns_are_allowed(demo_path: Path) -> None:
    """A newer build's extra tables (same schema number) do not make a file damaged."""
    con = sqlite3.connect(demo_path)
    con.execute("CREATE TABLE later_feature (id INTEGER PRIMARY KEY)")
    con.execute("ALTER TABLE character ADD COLUMN extra TEXT")
    con.commit()
    con.close()
    with open_campaign_for_reading(demo_path) as store:
        assert len(campaigns.party_sheets(store=store)) == 5
