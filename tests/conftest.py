"""Shared fixtures; Qt runs offscreen unless a test asks for a real display."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest

from tftmanager.app.campaigns import new_campaign
from tftmanager.cards.none_refcount import keep_none_alive
from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import shipped_library
from tftmanager.store.campaign import CampaignStore

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
