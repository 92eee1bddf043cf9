"""Shared fixtures; Qt runs offscreen unless a test asks for a real display."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app.campaigns import new_campaign
from tftmanager.cards.none_refcount import keep_none_alive
from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import shipped_library
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal_triggers import UNRECORDED

CampaignDump = dict[str, list[tuple[Any, ...]]]


def _dump(path: Path) -> CampaignDump:
    """Every row of every table the journal covers, read straight from the file."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {t: con.execute(f'SELECT rowid, * FROM "{t}" ORDER BY rowid').fetchall()
                for t in tables if t not in UNRECORDED}
    finally:
        con.close()


@pytest.fixture
def campaign_dump() -> Callable[[Path], CampaignDump]:
    """Compares a campaign before and after an undo: its data, not the journal's own rows."""
    return _dump


keep_none_alive()  # a PySide6 release that leaks None would abort a long run


@pytest.fixture
def library() -> RulesLibrary:
    """The shipped rules library."""
    return shipped_library()


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    """A path for a new campaign file in a fresh folder."""
    return tmp_path / "test.tftcampaign"


@pytest.fixture
def store(campaign_path: Path) -> Iterator[CampaignStore]:
    """An open, empty campaign."""
    s = new_campaign(path=campaign_path, name="Test")
    yield s
    s.close()


@pytest.fixture
def demo_store(campaign_path: Path) -> Iterator[CampaignStore]:
    """An open campaign holding the demo party."""
    s = new_campaign(path=campaign_path, name="Demo", demo=True)
    yield s
    s.close()
