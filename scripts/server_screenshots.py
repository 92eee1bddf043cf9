"""Screenshots of a server campaign: the open dialog and a co-GM's window with news.

A scratch PostgreSQL server (tests/pgserver.py) holds the demo party; the
co-GM "alice" opens it (players hold no database login: they act through the
table server), the co-GM "bob" awards Ragnar XP from another connection, and
alice's window shows it in the status bar.  Run under Xvfb
by ``make screenshot``; without PostgreSQL on the machine it says so and
does nothing.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs"
sys.path.insert(0, str(ROOT / "tests"))

import pgserver  # noqa: E402 - the tests' scratch server

from tftmanager.app import campaigns, experience, server_campaigns  # noqa: E402
from tftmanager.app.demo import add_demo_party  # noqa: E402
from tftmanager.app.library import initial_library  # noqa: E402
from tftmanager.store.server_address import parse_address  # noqa: E402
from tftmanager.store.server_admin import init_server  # noqa: E402
from tftmanager.ui.launch import configure_application  # noqa: E402
from tftmanager.ui.main_window import MainWindow  # noqa: E402
from tftmanager.ui.server_dialog import ServerCampaignDialog  # noqa: E402


def wait_for(app: QApplication, done: object, seconds: float = 20.0) -> None:
    """Process events until ``done()`` holds (the notice has arrived)."""
    limit = time.monotonic() + seconds
    while not done() and time.monotonic() < limit:  # type: ignore[operator]
        app.processEvents()
        time.sleep(0.02)


def set_up(server: pgserver.ScratchServer) -> tuple[str, str, str]:
    """The demo party on a new server campaign; the GM's, alice's and bob's URLs."""
    database = "dragons"
    gm_url = server.url(database)
    init_server(parse_address(gm_url), name="The Dragons of Lake Sardak",
                library=initial_library())
    store = campaigns.open_existing(path=gm_url)
    try:
        add_demo_party(store=store)
    finally:
        store.close()
    server_campaigns.add_member(url=gm_url, login="alice", characters=[], gm=True)
    server_campaigns.add_member(url=gm_url, login="bob", characters=[], gm=True)
    return gm_url, server.url(database, "alice"), server.url(database, "bob")


def shoot(app: QApplication, window: MainWindow, alice: str, bob: str) -> None:
    """The dialog (as filled and after a refusal), then alice's window with bob's news."""
    dialog = ServerCampaignDialog(window, window.signals, url=alice)
    dialog.show()
    app.processEvents()
    dialog.grab().save(str(OUT / "server-open-dialog.png"))
    dialog.url.setText("postgresql://db.example.invalid/dragons")
    dialog.try_open()
    app.processEvents()
    dialog.grab().save(str(OUT / "server-open-refused.png"))
    dialog.url.setText(alice.replace("alice@", "", 1))
    assert dialog.try_open(), dialog.message.text()
    assert dialog.session is not None
    window.attach(dialog.session)
    window.history_dock.show()
    rows = {r.name: r.id for r in window.party_model.rows()}
    window.party.select(rows["Flavius Marcellus"])
    app.processEvents()
    other = campaigns.open_existing(path=bob)
    try:
        experience.award(store=other, character_ids=[rows["Ragnar"]], amount=10,
                         reason="held the bridge")
    finally:
        other.close()
    wait_for(app, lambda: window.statusBar().currentMessage().startswith("bob:"))
    window.party.table.horizontalScrollBar().setValue(0)  # the names in view
    app.processEvents()
    window.grab().save(str(OUT / "server-gm-window.png"))
    print("co-GM's tools enabled:", {a.text(): a.isEnabled() for a in (
        window.act_add, window.act_delete, window.act_week, window.act_settings)})


def main() -> int:
    """Start a scratch server, take the pictures, stop it."""
    why = pgserver.why_not_available()
    if why is not None:
        print(f"No server screenshots: {why}.")
        return 0
    server = pgserver.start(Path(tempfile.mkdtemp(prefix="tftm-pg-")))
    try:
        _gm, alice, bob = set_up(server)
        app = QApplication(sys.argv)
        configure_application(app)
        settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"),
                             QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.resize(1760, 760)
        window.show()
        window.ensure_panels()
        window.resizeDocks([window.history_dock], [330], Qt.Orientation.Horizontal)
        window.splitter.setSizes([600, 830])
        app.processEvents()
        OUT.mkdir(exist_ok=True)
        shoot(app, window, alice, bob)
        window.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
