"""File > Join a Table… in the main window: a player's window for the GM's invitation link.

Kept apart from the window it opens: the player's window and its HTTP client
load only when a player joins, so the main window's first paint never waits
for them.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget


def _join(window: QWidget) -> None:
    from tftmanager.ui.player_window import join  # noqa: PLC0415 - only when a player joins

    join(window)


def add_join_action(window: QWidget, before: QAction) -> QAction:
    """File > Join a Table… in a main window's File menu, before ``before``."""
    action = QAction("&Join a Table…", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+J"))
    action.setStatusTip("Open your character from the invitation link the GM gave you (a "
                        "player's window, live from the GM's table server)")
    action.triggered.connect(lambda: _join(window))
    for menu in before.associatedObjects():
        if isinstance(menu, QMenu):
            menu.insertAction(before, action)
    return action
