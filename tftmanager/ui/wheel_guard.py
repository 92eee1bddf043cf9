"""Combo and spin boxes take the mouse wheel only when they have keyboard focus.

Qt's default lets a wheel turned over a combo or spin box change it, focus or
not: scrolling the Character tab, the Armor box passed under the pointer and
turned Flavius's chainmail into fine plate, saved at once.  One application-
wide filter fixes it everywhere, dialogs made later included: every such box
gets a strong focus policy (a click or Tab gives focus, the wheel does not),
and a wheel event reaching a box without focus goes to the scroll area around
it, which scrolls as the user meant.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)

_GUARDED = (QComboBox, QAbstractSpinBox)


class WheelGuard(QObject):
    """The filter: strong focus on polish, the wheel passed on without focus."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Keep a wheel turned over an unfocused box from changing it."""
        if not isinstance(watched, _GUARDED):  # first: most events are other widgets'
            return False
        kind = event.type()
        if kind == QEvent.Type.Wheel:
            if watched.hasFocus():
                return False
            area = _scroll_area_around(watched)
            if area is not None:  # scroll what is under the pointer, as the user meant
                QApplication.sendEvent(area.viewport(), event)
                return True
            event.ignore()  # ignored and filtered: Qt offers a user's wheel to the parent
            return True
        if kind == QEvent.Type.Polish:
            watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return False


def _scroll_area_around(widget: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area holding widget (Qt passes on no wheel event it made itself)."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    return parent


_GUARD: list[WheelGuard] = []  # one per process, owned by the application


def install(app: QApplication) -> None:
    """Guard every combo and spin box of the application (once), those made already included.

    The filter sees every event of every widget, so start-up installs it once
    the editor is on screen (before any input is read) rather than while the
    window is built: about a twelfth of the start to the editor went to it.
    """
    if _GUARD:
        return
    guard = WheelGuard(app)
    _GUARD.append(guard)
    app.installEventFilter(guard)
    for widget in app.allWidgets():  # polished before the filter was there
        if isinstance(widget, _GUARDED):
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
