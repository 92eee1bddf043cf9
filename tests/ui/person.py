"""What a person does with the window, in keystrokes and clicks (pytest-qt), for many tests.

Never a slot called or a ``setText``: a field is clicked, its text selected
and typed over; a combo box is stepped with the arrow keys; a check box is
clicked; a modal dialog is answered through its own buttons (or Escape), as
the person at the keyboard would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QTabWidget,
    QToolBar,
    QToolButton,
    QWidget,
)

CTRL = Qt.KeyboardModifier.ControlModifier


def type_into(qtbot, field: QLineEdit | QPlainTextEdit, text: str, *,
              enter: bool = False) -> None:
    """Click in the field, select what it holds, type ``text`` over it (Enter if asked)."""
    field.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.mouseClick(field.viewport() if isinstance(field, QPlainTextEdit) else field,
                     Qt.MouseButton.LeftButton)
    qtbot.keyClick(field, Qt.Key.Key_A, CTRL)
    if text:
        qtbot.keyClicks(field, text)
    else:
        qtbot.keyClick(field, Qt.Key.Key_Backspace)
    if enter:
        qtbot.keyClick(field, Qt.Key.Key_Return)


def step_combo(qtbot, combo: QComboBox, steps: int = 1) -> None:
    """Move a combo box's choice ``steps`` down (up when negative) with the arrow keys."""
    combo.setFocus(Qt.FocusReason.TabFocusReason)
    key = Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up
    for _ in range(abs(steps)):
        qtbot.keyClick(combo, key)


def choose(qtbot, combo: QComboBox, text: str) -> None:
    """Step a combo box with the arrow keys until it shows ``text``."""
    target = combo.findText(text)
    assert target >= 0, f"{text!r} is not among {[combo.itemText(i) for i in range(combo.count())]}"
    step_combo(qtbot, combo, target - combo.currentIndex())
    assert combo.currentText() == text


def click(qtbot, button: QAbstractButton) -> None:
    """A left click in the middle of a button (it must be enabled, as for a person)."""
    assert button.isVisible() and button.isEnabled(), f"{button.text()!r} is out of reach"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def click_index(qtbot, view: QAbstractItemView, index: QModelIndex) -> None:
    """A click on a table's or list's cell."""
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def click_tab(qtbot, tabs: QTabWidget, index: int) -> None:
    """Click a tab of a tab widget."""
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def toggle_item(qtbot, items: QListWidget, row: int) -> None:
    """Tick or untick a checkable list entry: make it current, press Space."""
    click_index(qtbot, items, items.model().index(row, 0))
    qtbot.keyClick(items.viewport(), Qt.Key.Key_Space)


def select_character(qtbot, window: Any, name: str) -> int:
    """Click the character's row in the main window's party table; its id."""
    proxy = window.party.proxy
    [row] = [r for r in range(proxy.rowCount()) if proxy.index(r, 0).data() == name]
    click_index(qtbot, window.party.table, proxy.index(row, 0))
    character_id = window.party.selected_id()
    assert character_id is not None and window.editor.character_id == character_id
    return int(character_id)


def toolbar_click(qtbot, window: Any, action: QAction) -> None:
    """Click the button of the main window's toolbar that stands for ``action``."""
    [bar] = window.findChildren(QToolBar)
    button = bar.widgetForAction(action)
    assert isinstance(button, QToolButton)
    click(qtbot, button)


def _cancel(dialog: QWidget) -> bool:
    """Press the dialog's own Cancel/Close/No button, else Escape; True if one was pressed."""
    if isinstance(dialog, QMessageBox):
        button = dialog.escapeButton() or dialog.defaultButton()
        if button is not None:
            button.click()
            return True
    for box in dialog.findChildren(QDialogButtonBox):
        for button in box.buttons():
            if box.buttonRole(button) in (QDialogButtonBox.ButtonRole.RejectRole,
                                          QDialogButtonBox.ButtonRole.NoRole):
                button.click()
                return True
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    return True


@contextmanager
def answering(answer: Callable[[QWidget], object] = _cancel) -> Iterator[list[str]]:
    """While inside, every modal dialog that opens is answered by ``answer`` (Cancel).

    Yields the titles of the dialogs answered, so a test can say which it met.
    """
    met: list[str] = []

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if modal is not None and modal.isVisible():
            met.append(modal.windowTitle())
            answer(modal)

    timer = QTimer()
    timer.setInterval(30)
    timer.timeout.connect(look)
    timer.start()
    try:
        yield met
    finally:
        timer.stop()


def close_new_windows(before: set[int]) -> list[str]:
    """Close (Escape for a dialog) every top-level window opened since ``before``."""
    closed = []
    for widget in QApplication.topLevelWidgets():
        if id(widget) in before or not widget.isVisible():
            continue
        closed.append(widget.windowTitle() or type(widget).__name__)
        if isinstance(widget, QDialog):
            _cancel(widget)
        else:
            widget.close()
    QApplication.processEvents()
    return closed


def open_windows() -> set[int]:
    """The top-level windows open now (for ``close_new_windows``)."""
    return {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}


def centre(widget: QWidget) -> QPoint:
    """The middle of a widget, where a person clicks."""
    return widget.rect().center()
