"""Screenshots of a player's desktop window against a real ``tftmanager table-server``.

The demo party is set up as for the players' view (players named, an award,
Ragnar wounded, a fight in progress), ``tftmanager table-server`` serves it
in its own process, and the player's window (File > Join a Table…'s window)
joins by the links it prints, on a 1024 x 700 screen: Ragnar's card, a raise
the rules refuse (the one-line dialog over the window), and Morgaine in the
fight with her spells.  Run by ``make screenshot`` (Xvfb at 1024x700).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from players_view_screenshots import set_up
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from shot_support import fresh_demo_path

from tftmanager.tableclient.invitation import Invitation
from tftmanager.ui.launch import configure_application
from tftmanager.ui.player_window import PlayerWindow

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs"
SIZE = (1024, 700)


def serve(path: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """``tftmanager table-server`` on the campaign, and the links it printed, by character."""
    server = subprocess.Popen([sys.executable, "-m", "tftmanager", "table-server", str(path),
                               "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    links: dict[str, str] = {}
    for line in server.stdout:
        found = re.match(r"\s+(\w+) \(.*\): (http://\S+/p/\S+)$", line)
        if found:
            links[found.group(1)] = found.group(2)
        if line.startswith("Stop it with Ctrl+C"):
            return server, links
    raise SystemExit("tftmanager table-server stopped before it served")


def joined(app: QApplication, link: str) -> PlayerWindow:
    """The player's window for the link, at the screen's size, with the card shown."""
    window = PlayerWindow(Invitation.parse(link))
    window.move(0, 0)
    window.resize(*SIZE)
    window.show()
    limit = time.monotonic() + 15
    while window.view is None and time.monotonic() < limit:
        app.processEvents()
        time.sleep(0.02)
    if window.view is None:
        raise SystemExit(f"the window did not join: {window.statusBar().currentMessage()}")
    for _ in range(20):
        app.processEvents()
        time.sleep(0.02)
    return window


def wait_for(app: QApplication, done: object, seconds: float = 10) -> None:
    """Let the window work until ``done()`` is true."""
    limit = time.monotonic() + seconds
    while not done() and time.monotonic() < limit:  # type: ignore[operator]
        app.processEvents()
        time.sleep(0.02)


def shoot_refusal(app: QApplication, window: PlayerWindow) -> None:
    """IQ +1 twice: the second is more than Ragnar has left, refused in one line."""
    window.offers.button("IQ +1").click()
    wait_for(app, lambda: window.waiting == 0)

    def shoot() -> None:
        box = app.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(100, shoot)
            return
        box.move(window.geometry().center() - box.rect().center())
        app.processEvents()
        time.sleep(0.2)
        app.processEvents()
        screen = app.primaryScreen()
        screen.grabWindow(0).save(str(OUT / "player-window-refused.png"))
        box.accept()

    QTimer.singleShot(300, shoot)
    window.offers.button("IQ +1").click()
    wait_for(app, lambda: window.waiting == 0)


def main() -> int:
    """Serve the demo, join as Ragnar's and Morgaine's players, take the pictures."""
    path = fresh_demo_path()
    set_up(path)
    server, links = serve(path)
    try:
        app = QApplication(sys.argv)
        configure_application(app)
        OUT.mkdir(exist_ok=True)
        ragnar = joined(app, links["Ragnar"])
        ragnar.grab().save(str(OUT / "player-window.png"))
        shoot_refusal(app, ragnar)
        ragnar.close()
        morgaine = joined(app, links["Morgaine"])
        morgaine.grab().save(str(OUT / "player-window-wizard.png"))
        morgaine.close()
        app.processEvents()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
