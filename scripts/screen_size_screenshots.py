"""Each workflow's windows as they open on the screen this runs on (make screenshot).

``make screenshot`` runs this under a 1024x700 and a 1920x1080 Xvfb screen:
every window opens at the size it picks for that screen (nothing is resized
here), so the pictures show what a user of a small laptop or a large monitor
sees first. They go to ``build/screens/WIDTHxHEIGHT/`` to be looked at, not
into the docs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget
from shot_support import DialogWatchdog, campaigns_folder, fresh_demo_path

from tftmanager.ui import menu_windows
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.books_dialog import RulebooksDialog, book_codes
from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.print_preview import CardPreviewDialog

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    """Open each workflow's window, grab it at the size it opened at, quit."""
    app = QApplication(sys.argv)
    configure_application(app)
    watchdog = DialogWatchdog(app)
    screen = QGuiApplication.primaryScreen().size()
    out = ROOT / "build" / "screens" / f"{screen.width()}x{screen.height()}"
    out.mkdir(parents=True, exist_ok=True)
    # Settings of its own, made afresh: as a new user opens the app, not at the window
    # size an earlier script left in the shared settings.
    fresh = campaigns_folder() / "screen-size-settings.ini"
    fresh.unlink(missing_ok=True)
    settings = QSettings(str(fresh), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.show()
    assert window.new_campaign(fresh_demo_path(), demo=True)

    def grab(name: str, widget: QWidget | None, close: bool = True) -> None:
        assert widget is not None, name
        widget.show()
        for _ in range(5):
            app.processEvents()
        widget.grab().save(str(out / f"{name}.png"))
        size = widget.frameGeometry()
        fits = size.width() <= screen.width() and size.height() <= screen.height()
        print(f"{out.name} {name}: {size.width()}x{size.height()}"
              + ("" if fits else "  LARGER THAN THE SCREEN"))
        if close:
            widget.close()

    def shoot() -> None:
        session = window.session
        assert session is not None
        rows = {r.name: r.id for r in window.party_model.rows()}
        window.party.select(rows["Joe the Barbarian"])
        steps: list[tuple[str, Callable[[], QWidget | None]]] = [
            ("1-session-zero-main-window", lambda: window),
            ("1-session-zero-picker", window.editor.open_picker),
            ("1-session-zero-shop", window.editor.open_buy),
            ("2-experience-award", lambda: AwardDialog(session, None, window)),
            ("2-experience-ledger", window.editor.open_ledger),
            ("3-weeks-planner", lambda: menu_windows.plan_weeks(window, session)),
            ("4-cards-preview", lambda: CardPreviewDialog(session, [], window)),
            ("5-encounter", lambda: menu_windows.encounter(window, session)),
            ("6-journal", window.story.open_journal),
            ("7-preferences-rulebooks", lambda: RulebooksDialog(book_codes(), window)),
        ]
        for name, opened in steps:
            grab(name, opened(), close=name != "1-session-zero-main-window")
        window.close()
        app.quit()

    QTimer.singleShot(300, shoot)
    code = watchdog.exit_code(app.exec())
    print(f"Saved the {out.name} screenshots in {out}")
    return code


if __name__ == "__main__":
    sys.exit(main())
