"""What the wheel and Tab do: boxes take the wheel only with focus, Tab leaves tables.

Qt's default lets a wheel turned over a combo or spin box change it, focus or
not: scrolling the Character tab, the Armor box passed under the pointer and
turned Flavius's chainmail into fine plate, saved at once.  One application-
wide guard fixes it everywhere, dialogs made later included: every such box
gets a strong focus policy (a click or Tab gives focus, the wheel does not),
and a wheel event reaching a box without focus goes to the scroll area around
it, which scrolls as the user meant.

Tab moves from control to control, into a table and out of it, as in any
desktop dialog; the arrows move between a table's cells.  Qt's tables take
Tab for the next cell instead and wrap from the last to the first: in the
week planner Tab went round its cells for ever and never reached Run or
Close.  The guard turns that off for every table and list when Qt polishes it
(a table's cell widgets, the planner's choices, still take Tab in turn).

The guard watches the boxes and tables alone: the application's style tells it of each
widget as Qt polishes it (``style.when_polished``).  An application-wide
event filter, as before, saw every event of every widget, each a call into
Python (a sixth of the start to the editor, its paint and its close
included); it is still the way under a style that is not the app's own.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)

from tftmanager.ui import style

_GUARDED = (QComboBox, QAbstractSpinBox)


class InputGuard(QObject):
    """The filter: strong focus on polish, the wheel passed on without focus; Tab out of tables."""

    def watch(self, widget: QWidget) -> None:
        """Guard ``widget`` if it is a combo or spin box or a table (again: no harm)."""
        if isinstance(widget, QAbstractItemView):
            widget.setTabKeyNavigation(False)  # Tab moves on; arrows move between cells
        elif isinstance(widget, _GUARDED):
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            widget.installEventFilter(self)  # installed once, however often asked

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


_GUARD: list[InputGuard] = []  # one per process, owned by the application


def install(app: QApplication) -> None:
    """Guard every box and table of the application (once), those made already included.

    Start-up installs it once the editor is on screen (before any input is
    read) rather than while the window is built.
    """
    if _GUARD:
        return
    guard = InputGuard(app)
    _GUARD.append(guard)
    if not style.when_polished(app, guard.watch):
        app.installEventFilter(guard)  # not the app's style: every event, every widget
    for widget in app.allWidgets():  # polished before the guard was there
        guard.watch(widget)
