from __future__ import annotations

import pytest

from tftmanager.rules.items import ItemKind, Quality
from tftmanager.rules.money import MoneyKind
from tftmanager.ui.buy_dialog import BuyDialog
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _flavius(window: MainWindow) -> int:
    ids = {row.name: row.id for row in window.party_model.rows()}
    window.party.select(ids["Flavius Marcellus"])
    return ids["Flavius Marcellus"]


def _buy_dialog(window: MainWindow, character_id: int, qtbot) -> BuyDialog:
    dialog = window.editor.open_buy()
    assert dialog is not None and dialog.character_id == character_id
    qtbot.addWidget(dialog)
    return dialog


def test_buy_a_fine_broadsword_refused_then_bought(main_window: MainWindow, qtbot) -> None:
    flavius = _flavius(main_window)
    controller = main_window.controller
    assert controller is not None
    panel = main_window.editor.possessions
    dialog = _buy_dialog(main_window, flavius, qtbot)
    dialog.kind.setCurrentIndex(dialog.kind.findData(ItemKind.WEAPON))
    assert dialog.select("broadsword")
    dialog.fine_dx.setChecked(True)
    assert "Price $800" in dialog.price.text()  # 10 x $80
    assert not dialog.buy_button.isEnabled()
    assert "only $0 on hand" in dialog.problem.text_label.text()
    assert not dialog.buy()
    assert controller.money(flavius) == 0
    assert controller.character(flavius).items == ()

    controller.record_money(flavius, 1000, MoneyKind.START, "Legion pay")
    dialog.update_price()
    assert dialog.buy_button.isEnabled()
    assert dialog.buy()
    assert controller.money(flavius) == 200
    assert panel.money.text() == "$200 on hand"
    (item,) = controller.character(flavius).items
    assert item.key == "broadsword" and item.quality.fine_dx == 1
    # Flavius carries the broadsword now too: the derived panel shows its fine +1 DX.
    sheet = controller.sheet(flavius)
    assert sheet.character.items[0].quality.label == "fine +1 DX"
    dialog.close()


def test_illegal_workmanship_is_explained(main_window: MainWindow, qtbot) -> None:
    flavius = _flavius(main_window)
    dialog = _buy_dialog(main_window, flavius, qtbot)
    dialog.kind.setCurrentIndex(dialog.kind.findData(ItemKind.WEAPON))
    assert dialog.select("mace")
    dialog.fine_damage.setCurrentIndex(1)
    assert "Only bladed weapons" in dialog.problem.text_label.text()
    assert not dialog.buy_button.isEnabled()
    dialog.close()


def test_chainmail_wears_and_is_repaired(main_window: MainWindow, qtbot) -> None:
    flavius = _flavius(main_window)
    controller = main_window.controller
    assert controller is not None
    controller.record_money(flavius, 500, MoneyKind.START, "Savings")
    assert controller.buy(flavius, ItemKind.ARMOR, "chainmail", Quality()) is not None
    panel = main_window.editor.possessions
    panel.select(0)
    assert panel.hits_button.isEnabled()
    assert not panel.repair_button.isEnabled()  # nothing to repair yet
    panel.record_hits(60)
    assert controller.sheet(flavius).derived.hits_stopped == 2  # chainmail stops 1 fewer
    assert "falling apart: stops 2" in panel.table.item(0, 5).text()
    panel.select(0)
    assert panel.repair_button.isEnabled()
    assert panel.repair_button.text() == "&Repair ($40)"  # 20% of $200
    panel.repair_selected()
    assert controller.sheet(flavius).derived.hits_stopped == 3
    assert controller.money(flavius) == 500 - 200 - 40
    main_window.act_undo.trigger()  # the repair
    assert controller.sheet(flavius).derived.hits_stopped == 2
    assert controller.money(flavius) == 300


def test_leather_cannot_be_repaired_and_says_so(main_window: MainWindow) -> None:
    ids = {row.name: row.id for row in main_window.party_model.rows()}
    ragnar = ids["Ragnar"]
    main_window.party.select(ragnar)
    controller = main_window.controller
    assert controller is not None
    controller.record_money(ragnar, 200, MoneyKind.START, "Loot")
    controller.buy(ragnar, ItemKind.ARMOR, "leather", Quality())
    panel = main_window.editor.possessions
    panel.select(0)
    panel.record_hits(45)
    panel.select(0)
    assert not panel.repair_button.isEnabled()
    assert "cannot be repaired" in panel.repair_button.toolTip()


def test_mount_fields_show_sir_robins_numbers(main_window: MainWindow) -> None:
    flavius = _flavius(main_window)
    panel = main_window.editor.possessions
    panel.body.setValue(80.0)
    panel.body.editingFinished.emit()
    panel.mount_name.setText("Dapple")
    panel.mount_st.setValue(23)
    panel.mount_dx.setValue(12)
    panel.mount_ma.setValue(24)
    # Flavius's chainmail (13.6 kg), large shield and shortsword, plus 80 kg of Flavius:
    # set the extra load so the horse carries Sir Robin's 120 kg in all.
    sheet = main_window.controller.sheet(flavius)
    panel.mount_extra.setValue(round(120 - 80 - sheet.derived.carried_kg, 2))
    panel.mount_name.editingFinished.emit()
    text = panel.mount_result.text()
    assert "MA 16, adjDX 11" in text and "MA 20 at 1 fatigue" in text
