"""Campaign > Players' View in the main window's menu (the dialog loads on demand).

Kept apart from ``players_view`` so the window still paints before the store,
Starlette and the QR code package are imported.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu


class PlayersViewMenu:
    """The menu action, and the one dialog of the open campaign."""

    def __init__(self, window: Any, menu: QMenu) -> None:
        self.window = window
        self.dialog: Any = None
        self.action = QAction("&Players' View…", window)
        self.action.setObjectName("act_players_view")
        self.action.setStatusTip("Each player's character on their phone, live: "
                                 "start the table server and show their QR codes")
        self.action.triggered.connect(self.show)
        menu.addSeparator()
        menu.addAction(self.action)
        menu.aboutToShow.connect(
            lambda: self.action.setEnabled(getattr(window, "session", None) is not None))

    def show(self) -> Any:
        """Campaign > Players' View (one dialog per campaign, raised if already open)."""
        session = getattr(self.window, "session", None)
        if session is None:
            return None
        if self.dialog is None or self.dialog.session is not session:
            self.stop()
            from tftmanager.ui.players_view import PlayersView  # noqa: PLC0415 - on demand

            self.dialog = PlayersView(session, self.window)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def stop(self) -> None:
        """Stop the server and drop the dialog (before the campaign closes)."""
        if self.dialog is not None:
            self.dialog.stop()
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None


def install(window: Any, menu: QMenu) -> PlayersViewMenu:
    """Add Campaign > Players' View to the main window."""
    return PlayersViewMenu(window, menu)
