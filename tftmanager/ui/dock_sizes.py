"""Docks open at a size that shows what they are for.

Qt gives a newly shown dock its minimum: the Party Board under the window
showed one row ("5 of 5 shown", Ragnar only), and History beside the party
table squeezed it to five columns.  The first time a dock is shown in a
session it is given room: a bottom dock a share of the window's height; a
side dock, when the window is too narrow to share, its own window beside
the main one (docked again with a double-click on its title, as usual).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

BOTTOM_SHARE = 0.45       # of the window's height, for the Party Board
SIDE_WIDTH = 380          # a side dock's width, docked or on its own
SIDE_ROOM = 1500          # narrower windows float a side dock rather than squeeze the table
FLOATING_HEIGHT = 600


def give_room(window: QMainWindow, dock: QDockWidget) -> None:
    """Size ``dock`` the first time it shows (after that, the user's size stands)."""
    done: list[bool] = []

    def shown(visible: bool) -> None:
        if not visible or done or dock.isFloating():
            return
        done.append(True)
        area = window.dockWidgetArea(dock)
        if area in (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea):
            window.resizeDocks([dock], [int(window.height() * BOTTOM_SHARE)],
                               Qt.Orientation.Vertical)
        elif window.width() < SIDE_ROOM:
            dock.setFloating(True)
            dock.resize(SIDE_WIDTH, min(FLOATING_HEIGHT, window.height()))
            corner = window.frameGeometry().topRight()
            dock.move(corner + QPoint(-SIDE_WIDTH - 20, 80))
        else:
            window.resizeDocks([dock], [SIDE_WIDTH], Qt.Orientation.Horizontal)

    dock.visibilityChanged.connect(shown)


def close_floating(window: QMainWindow) -> None:
    """Hide the docks floating beside ``window`` as it closes (they are its own).

    The window's ``closeEvent`` calls it: an event filter on the window, as
    before, was a call into Python for every event the window had.
    """
    for dock in window.findChildren(QDockWidget):
        if dock.isFloating():
            dock.hide()
