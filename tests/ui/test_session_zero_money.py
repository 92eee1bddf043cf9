"""A new character's first purchase: the shop points at starting money (issue 34, item 8).

New characters have $0, and the shop said only "only $0 on hand". It now says
where starting money is recorded, and its Money… button records it there and
then, after which the shop shows the new balance.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton

from tftmanager.app import equipment, journal
from tftmanager.ui.buy_dialog import BuyDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.money_dialog import MoneyDialog

pytestmark = pytest.mark.ui


def _open(cls: type, qtbot):
    found = [w for w in QApplication.topLevelWidgets() if isinstance(w, cls) and w.isVisible()]
    assert len(found) == 1, found
    qtbot.addWidget(found[0])
    return found[0]


def test_the_shop_points_at_starting_money_and_records_it(
        main_window: MainWindow, qtbot, dialog_log) -> None:
    session = main_window.session
    assert session is not None
    new_id = main_window.add_character()
    assert new_id is not None
    editor = main_window.editor
    editor.tabs.setCurrentIndex(2)
    qtbot.mouseClick(editor.possessions.buy_button, Qt.MouseButton.LeftButton)
    shop = _open(BuyDialog, qtbot)
    qtbot.keyClicks(shop.search, "dagger")
    assert shop.current_key() is not None
    assert "$0 on hand" in shop.price.text()
    said = shop.problem.text_label.text()
    assert "only $0 on hand" in said and "starting money" in said and "Money…" in said
    assert not shop.buy_button.isEnabled()

    qtbot.mouseClick(shop.money_button, Qt.MouseButton.LeftButton)
    money = _open(MoneyDialog, qtbot)
    assert money.kind.currentText() == "Starting money"
    money.amount.setFocus()
    money.amount.selectAll()
    qtbot.keyClicks(money.amount, "150")
    qtbot.keyClicks(money.reason, "Starting money")
    record = next(b for b in money.findChild(QDialogButtonBox).findChildren(QPushButton)
                  if b.text() == "&Record")
    qtbot.mouseClick(record, Qt.MouseButton.LeftButton)
    assert session.query(equipment.money, character_id=new_id) == 150
    assert session.query(journal.history)[0].label.startswith("New character")
    assert "$150 on hand" in shop.price.text()
    assert shop.buy_button.isEnabled()
    money.close()
    shop.close()
    assert dialog_log.errors == []
