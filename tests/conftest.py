"""Shared fixtures; Qt runs offscreen unless a test asks for a real display."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import hypothesis_profiles  # noqa: F401 - registers and loads the Hypothesis profile
import pytest

from tftmanager.app.campaigns import new_campaign, open_existing
from tftmanager.cards.none_refcount import keep_none_alive
from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import shipped_library
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal import forget_all as journal_forget_all
from tftmanager.store.journal_triggers import UNRECORDED
from tftmanager.store.lock import lock_path

CampaignDump = dict[str, list[tuple[Any, ...]]]


def pytest_configure(config: pytest.Config) -> None:
    """The code under test logs, reports crashes and keeps copies in this run's folder.

    Not the user's: the cache folder holds the rules data's copy (read once
    per run here) and each campaign's kept party (``app.kept_party``).
    """
    run_folder = Path(tempfile.mkdtemp(prefix="tftmanager-tests-"))
    os.environ["XDG_CACHE_HOME"] = str(run_folder / "cache")
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


@pytest.fixture(scope="session", autouse=True)
def _qt_application(qapp: object) -> object:
    """The QApplication, made first in every session (and every xdist worker).

    The cards and sheet commands make a bare QGuiApplication when none exists;
    a widget test running after one in the same process would then abort, so
    which tests a worker happens to run first must not decide which one is made.
    """
    return qapp


@pytest.fixture
def library() -> RulesLibrary:
    """The shipped rules library."""
    return shipped_library()


@pytest.fixture
def short_tmp_path() -> Iterator[Path]:
    """A fresh folder with a short path: a Unix socket's must stay under 104 bytes, and
    an xdist worker's ``tmp_path`` is longer than a plain run's."""
    with tempfile.TemporaryDirectory(prefix="tftm-") as folder:
        yield Path(folder)


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    """A path for a new campaign file in a fresh folder."""
    return tmp_path / "test.tftcampaign"


class CampaignTemplates:
    """Campaign files made once per session (per xdist worker) and copied per test.

    Making a campaign creates and migrates a database (0.4 s; 1.7 s with the
    demo party): copying one already made costs milliseconds.  Each template
    is made by ``new_campaign`` itself, so a copy holds exactly what a new
    campaign of that name holds, with the lock file ``new_campaign`` leaves
    beside it (unlocked; opening the copy locks it).  The rollback journal is
    gone once the template is closed.  The demo party's character ``uid``s are the
    same in every copy made from one template: a test that needs two demo
    campaigns to hold different characters makes the second with
    ``new_campaign``.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made: dict[tuple[str, bool], Path] = {}

    def file(self, path: Path, *, name: str = "", demo: bool = False) -> Path:
        """A closed copy at ``path`` of the campaign ``new_campaign(path, name, demo)`` makes."""
        key = (name or path.stem, demo)
        if key not in self.made:
            template = self.folder / f"template-{len(self.made)}.tftcampaign"
            new_campaign(path=template, name=key[0], demo=demo).close()
            self.made[key] = template
        template = self.made[key]
        shutil.copyfile(template, path)
        if lock_path(template).exists():
            shutil.copyfile(lock_path(template), lock_path(path))
        return path

    def open(self, path: Path, *, name: str = "", demo: bool = False) -> CampaignStore:
        """``new_campaign``'s open store, from a copy of a template."""
        return open_existing(path=self.file(path, name=name, demo=demo))


@pytest.fixture(scope="session")
def campaign_templates(tmp_path_factory: pytest.TempPathFactory) -> CampaignTemplates:
    """The session's templates; ``campaign_templates.open(path, name=..., demo=...)``."""
    return CampaignTemplates(tmp_path_factory.mktemp("templates"))


@pytest.fixture
def store(campaign_path: Path, campaign_templates: CampaignTemplates) -> Iterator[CampaignStore]:
    """An open, empty campaign."""
    s = campaign_templates.open(campaign_path, name="Test")
    yield s
    s.close()


@pytest.fixture
def demo_store(campaign_path: Path,
               campaign_templates: CampaignTemplates) -> Iterator[CampaignStore]:
    """An open campaign holding the demo party."""
    s = campaign_templates.open(campaign_path, name="Demo", demo=True)
    yield s
    s.close()


@pytest.fixture
def demo(tmp_path: Path, campaign_templates: CampaignTemplates) -> Path:
    """The demo party in a closed file, as ``tftmanager new demo.tftcampaign --demo`` makes it."""
    return campaign_templates.file(tmp_path / "demo.tftcampaign", demo=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A throwaway PostgreSQL server for the whole run (skipped, with why, where impossible)."""

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


@pytest.fixture
def server_demo_url(pg_server: Any) -> str:
    """A new server campaign holding the demo party; its URL logs in as the GM."""
    return _server_campaign(pg_server, demo=True)


@pytest.fixture(params=["file", pytest.param("server", marks=pytest.mark.server)])
def any_demo_store(request: pytest.FixtureRequest, campaign_path: Path,
                   campaign_templates: CampaignTemplates) -> Iterator[CampaignStore]:
    """The demo party in a campaign file, and again on a server (the same tests on both)."""
    if request.param == "file":
        s = campaign_templates.open(campaign_path, name="Demo", demo=True)
    else:
        s = open_existing(path=_server_campaign(request.getfixturevalue("pg_server"), demo=True))
    yield s
    s.close()


@pytest.fixture(params=["file", pytest.param("server", marks=pytest.mark.server)])
def any_store(request: pytest.FixtureRequest, campaign_path: Path,
              campaign_templates: CampaignTemplates) -> Iterator[CampaignStore]:
    """An empty campaign in a file, and again on a server (the same tests on both)."""
    if request.param == "file":
        s = campaign_templates.open(campaign_path, name="Test")
    else:
        s = open_existing(path=request.getfixturevalue("server_url"))
    yield s
    s.close()
