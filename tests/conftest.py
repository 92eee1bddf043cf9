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
from tftmanager.store.journal import forget_all as journal_forget_all
from tftmanager.store.journal_triggers import UNRECORDED

CampaignDump = dict[str, list[tuple[Any, ...]]]


def _dump(path: Path | CampaignStore) -> CampaignDump:
    """Every row of every table the journal covers, read straight from the file or server."""
    if isinstance(path, CampaignStore):
        if path.shared:
            return _server_dump(path)
        path = path.path
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {t: con.execute(f'SELECT rowid, * FROM "{t}" ORDER BY rowid').fetchall()
                for t in tables if t not in UNRECORDED}
    finally:
        con.close()


def _server_dump(store: CampaignStore) -> CampaignDump:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        tables = [r[0] for r in conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))]
        return {t: [tuple(r) for r in conn.execute(text(f'SELECT * FROM "{t}" ORDER BY 1'))]
                for t in tables if t not in UNRECORDED}


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


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A throwaway PostgreSQL server for the whole run (skipped, with why, where impossible)."""
    import tempfile

    import pgserver

    why = pgserver.why_not_available()
    if why is not None:
        pytest.skip(f"No PostgreSQL server for these tests: {why}.")
    server = pgserver.start(Path(tempfile.mkdtemp(prefix="tftm-pg-")))
    yield server
    server.stop()


@pytest.fixture
def server_url(pg_server: Any) -> str:
    """A new, empty server campaign (set up by ``server init``); its URL logs in as the GM."""
    from tftmanager.app.library import initial_library
    from tftmanager.store.server_address import parse_address
    from tftmanager.store.server_admin import init_server

    url = pg_server.url(pg_server.new_database_name())
    init_server(parse_address(url), name="Server Test", library=initial_library())
    return str(url)


@pytest.fixture(params=["file", pytest.param("server", marks=pytest.mark.server)])
def any_demo_store(request: pytest.FixtureRequest, campaign_path: Path) -> Iterator[CampaignStore]:
    """The demo party in a campaign file, and again on a server (the same tests on both)."""
    from tftmanager.app.campaigns import open_existing

    if request.param == "file":
        s = new_campaign(path=campaign_path, name="Demo", demo=True)
    else:
        from tftmanager.app.demo import add_demo_party

        s = open_existing(path=request.getfixturevalue("server_url"))
        add_demo_party(store=s)
        with s.transaction() as session:
            journal_forget_all(session, s.campaign_id)
    yield s
    s.close()
