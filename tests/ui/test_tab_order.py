"""Tab leaves the party table (issue 34, item 12): 16 presses once stayed inside it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def test_tab_moves_on_from_the_party_table_and_back_tab_returns(
        main_window: MainWindow, qtbot) -> None:
    main_window.activateWindow()
    table = main_window.party.table
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    selected = main_window.party.selected_id()
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    focus = QApplication.focusWidget()
    assert focus is not table and not table.isAncestorOf(focus)
    assert main_window.editor.isAncestorOf(focus)  # on to the editor's first field
    assert main_window.party.selected_id() == selected  # Tab chose nobody else
    qtbot.keyClick(focus, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is table
