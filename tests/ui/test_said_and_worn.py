"""What the window says it did, and where bought armor goes (issue 34, item 15).

After Undo, an award or a raise the status bar said only "Saved" or nothing;
bought armor went "In the pack"; the history said "put on possessions" when a
sword was stored.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tftmanager.app import characters, journal
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.ui.buy_dialog import BuyDialog
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _select(window: MainWindow, name: str) -> int:
    character_id = next(r.id for r in window.party_model.rows() if r.name == name)
    window.party.select(character_id)
    return character_id


def test_bought_armor_is_worn_and_the_status_bar_names_what_was_done(
        main_window: MainWindow, qtbot, dialog_log) -> None:
    session = main_window.session
    assert session is not None
    wulf = _select(main_window, "Wulf")
    assert session.query(characters.get_character, character_id=wulf).loadout.armor is None
    editor = main_window.editor
    editor.tabs.setCurrentIndex(2)
    qtbot.mouseClick(editor.possessions.money_button, Qt.MouseButton.LeftButton)
    money = next(w for w in QApplication.topLevelWidgets() if w.isVisible()
                 and type(w).__name__ == "MoneyDialog")
    qtbot.keyClicks(money.amount, "100")
    qtbot.keyClicks(money.reason, "Starting money")
    money.record()
    money.close()
    qtbot.mouseClick(editor.possessions.buy_button, Qt.MouseButton.LeftButton)
    shop = next(w for w in QApplication.topLevelWidgets()
                if isinstance(w, BuyDialog) and w.isVisible())
    shop.kind.setFocus()
    while shop.kind.currentData() is not ItemKind.ARMOR:
        qtbot.keyClick(shop.kind, Qt.Key.Key_Down)
    qtbot.keyClicks(shop.search, "leather")
    qtbot.mouseClick(shop.buy_button, Qt.MouseButton.LeftButton)
    shop.close()
    armor = session.query(characters.get_character, character_id=wulf).loadout.armor
    assert armor is not None and armor.state is ItemState.READIED  # worn, not in the pack
    assert editor.armor.currentText().startswith("Leather")
    bought = session.query(journal.history)[0].label
    assert bought.startswith("Wulf: bought Leather")
    assert main_window.statusBar().currentMessage() == f"Saved: {bought}"

    main_window.act_undo.trigger()
    assert main_window.statusBar().currentMessage() == f"Undone: {bought}"
    main_window.act_redo.trigger()
    assert main_window.statusBar().currentMessage() == f"Redone: {bought}"
    assert dialog_log.errors == []


def test_storing_a_weapon_is_named_in_the_history(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    _select(main_window, "Wulf")
    weapons = main_window.editor.weapons
    sword = next(weapons.item(i) for i in range(weapons.count())
                 if weapons.item(i).text().startswith("2-handed sword")
                 or weapons.item(i).text().startswith("Two-handed sword"))
    assert sword.checkState() == Qt.CheckState.Checked
    rect = weapons.visualItemRect(sword)
    weapons.scrollToItem(sword)
    rect = weapons.visualItemRect(sword)
    box = rect.topLeft() + rect.bottomLeft()
    qtbot.mouseClick(weapons.viewport(), Qt.MouseButton.LeftButton,
                     pos=(box / 2) + type(box)(10, 0))
    label = session.query(journal.history)[0].label
    assert "put on possessions" not in label
    assert label.startswith("Wulf: ") and "sword: stored elsewhere" in label.lower()
