"""Shared fixtures; Qt runs offscreen unless a test asks for a real display."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import sqlite3
import tempfile
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


def pytest_configure(config: pytest.Config) -> None:
    """The code under test logs and reports crashes in this run's folder, not the user's."""
    run_folder = Path(tempfile.mkdtemp(prefix="tftmanager-tests-"))
    os.environ.setdefault("TFTMANAGER_LOG_DIR", str(run_folder / "logs"))
    os.environ.setdefault("TFTMANAGER_CRASH_DIR", str(run_folder / "crash-reports"))


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


def _campaign_template(server: Any, demo: bool) -> str:
    """A database set up once (``server init``, the demo party if asked) to copy per test."""
    from tftmanager.app.library import initial_library
    from tftmanager.store.server_address import parse_address
    from tftmanager.store.server_admin import init_server

    name = "template_demo" if demo else "template_empty"
    if name not in server.templates:
        init_server(parse_address(server.url(name)), name="Server Test",
                    library=initial_library())
        if demo:
            from tftmanager.app.campaigns import open_existing
            from tftmanager.app.demo import add_demo_party

            with open_existing(path=server.url(name)) as store:
                add_demo_party(store=store)
                with store.transaction() as session:  # the demo as created is where undo stops
                    journal_forget_all(session, store.campaign_id)
        server.templates.add(name)
    return name


def _server_campaign(server: Any, *, demo: bool) -> str:
    """A fresh copy of a set-up campaign database, with its own GM and player roles."""
    from tftmanager.store.server import make_server_engine
    from tftmanager.store.server_address import parse_address
    from tftmanager.store.server_schema import install

    name = server.new_database_name()
    server.clone(_campaign_template(server, demo), name)
    engine = make_server_engine(parse_address(server.url(name)))
    try:
        with engine.begin() as conn:
            install(conn, name)
    finally:
        engine.dispose()
    return str(server.url(name))


@pytest.fixture
def server_url(pg_server: Any) -> str:
    """A new, empty server campaign (as ``server init`` leaves it); its URL logs in as the GM."""
    return _server_campaign(pg_server, demo=False)


@pytest.fixture(params=["file", pytest.param("server", marks=pytest.mark.server)])
def any_demo_store(request: pytest.FixtureRequest, campaign_path: Path) -> Iterator[CampaignStore]:
    """The demo party in a campaign file, and again on a server (the same tests on both)."""
    from tftmanager.app.campaigns import open_existing

    if request.param == "file":
        s = new_campaign(path=campaign_path, name="Demo", demo=True)
    else:
        s = open_existing(path=_server_campaign(request.getfixturevalue("pg_server"), demo=True))
    yield s
    s.close()


@pytest.fixture(params=["file", pytest.param("server", marks=pytest.mark.server)])
def any_store(request: pytest.FixtureRequest, campaign_path: Path) -> Iterator[CampaignStore]:
    """An empty campaign in a file, and again on a server (the same tests on both)."""
    from tftmanager.app.campaigns import open_existing

    if request.param == "file":
        s = new_campaign(path=campaign_path, name="Test")
    else:
        s = open_existing(path=request.getfixturevalue("server_url"))
    yield s
    s.close()
