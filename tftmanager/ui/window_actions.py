"""A window's actions as its menus and toolbar hold them: text, icon, tip, shortcuts.

The icons are remembered with their names so the window can draw them again
in the new scheme's colour when the system switches between light and dark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QToolBar, QWidget

from tftmanager.ui.icons import icon


def keys(standard: QKeySequence.StandardKey, fallback: str) -> list[QKeySequence]:
    """The platform's shortcut, or ours where the platform has none (Quit, say)."""
    return QKeySequence.keyBindings(standard) or [QKeySequence(fallback)]


def make_action(parent: QWidget, icons: list[tuple[QAction, str]], text: str,
                icon_name: str | None, slot: Callable[[], object], tip: str,
                shortcuts: list[QKeySequence] | None = None) -> QAction:
    """An action of ``parent``; one with an icon is added to ``icons`` to be retinted."""
    action = QAction(text, parent)
    if icon_name:
        action.setIcon(icon(icon_name))
        icons.append((action, icon_name))
    action.setStatusTip(tip)
    action.setToolTip(tip)
    if shortcuts:
        action.setShortcuts(shortcuts)
    action.triggered.connect(slot)
    return action


def retint(icons: list[tuple[QAction, str]]) -> None:
    """Draw each remembered icon again in the current scheme's text colour."""
    for action, name in icons:
        action.setIcon(icon(name))


def add_toolbar(window: QMainWindow, name: str, actions: Iterable[QAction | None]) -> QToolBar:
    """A toolbar of ``actions`` (None for a separator), each button named for screen readers."""
    bar = window.addToolBar(name)
    bar.setObjectName(f"{name.lower()}_toolbar")
    for action in actions:
        if action is None:
            bar.addSeparator()
            continue
        bar.addAction(action)
        button = bar.widgetForAction(action)
        if button is not None:
            button.setAccessibleName(action.text().replace("&", "").rstrip("…"))
    return bar
