from __future__ import annotations

import pytest
from person import step_combo, type_into
from PySide6.QtCore import Qt

from tftmanager.app import campaigns, characters, equipment
from tftmanager.rules.items import ORDINARY, ItemKind, ItemState
from tftmanager.rules.money import MoneyKind
from tftmanager.ui import operations
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
    session = main_window.session
    assert session is not None
    panel = main_window.editor.possessions
    dialog = _buy_dialog(main_window, flavius, qtbot)
    dialog.kind.setCurrentIndex(dialog.kind.findData(ItemKind.WEAPON))
    assert dialog.select("broadsword")
    dialog.fine_dx.setChecked(True)
    assert "Price $800" in dialog.price.text()  # 10 x $80
    assert not dialog.buy_button.isEnabled()
    assert "only $150 on hand" in dialog.problem.text_label.text()  # the demo's savings
    assert not dialog.buy()
    assert session.query(equipment.money, character_id=flavius) == 150
    kit = session.query(characters.get_character,
                        character_id=flavius).items  # his chainmail, shield, swords and blanket
    assert [i.key for i in kit] == ["chainmail", "large_shield", "shortsword", "dagger",
                                    "heavy_wool_blanket"]

    operations.equipment.record_money(session, flavius, 1000, MoneyKind.START, "Legion pay")
    dialog.update_price()
    assert dialog.buy_button.isEnabled()
    assert dialog.buy()
    assert session.query(equipment.money, character_id=flavius) == 350
    assert panel.money.text() == "$350 on hand"
    *before, item = session.query(characters.get_character, character_id=flavius).items
    assert tuple(before) == kit
    assert item.key == "broadsword" and item.quality.fine_dx == 1
    # Flavius carries the broadsword now too: the derived panel shows its fine +1 DX.
    sheet = session.query(campaigns.character_sheet, character_id=flavius)
    [line] = [w for w in sheet.derived.weapons if w.weapon.key == "broadsword"]
    assert line.item is not None and line.item.quality.label == "fine +1 DX"
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
    session = main_window.session
    assert session is not None
    operations.equipment.record_money(session, flavius, 500, MoneyKind.START, "Savings")
    panel = main_window.editor.possessions
    # The chainmail he wears is his first possession: Record Hits reaches it.
    assert (panel.table.item(0, 0).text(), panel.table.item(0, 2).text()) == (
        "Chainmail", "Worn")
    panel.select(0)
    assert panel.state.currentText() == "Worn"
    assert panel.hits_button.isEnabled()
    assert not panel.repair_button.isEnabled()  # nothing to repair yet
    panel.record_hits(60)
    assert session.query(campaigns.character_sheet,
                         character_id=flavius).derived.hits_stopped == 2  # chainmail stops 1 fewer
    assert "falling apart: stops 2" in panel.table.item(0, 5).text()
    panel.select(0)
    assert panel.repair_button.isEnabled()
    assert panel.repair_button.text() == "&Repair ($40)"  # 20% of $200
    panel.repair_selected()
    assert session.query(campaigns.character_sheet, character_id=flavius).derived.hits_stopped == 3
    assert session.query(equipment.money,
                         character_id=flavius) == 150 + 500 - 40  # the demo's savings, then his
    main_window.act_undo.trigger()  # the repair
    assert session.query(campaigns.character_sheet, character_id=flavius).derived.hits_stopped == 2
    assert session.query(equipment.money, character_id=flavius) == 150 + 500


def test_leather_cannot_be_repaired_and_says_so(main_window: MainWindow) -> None:
    ids = {row.name: row.id for row in main_window.party_model.rows()}
    ragnar = ids["Ragnar"]
    main_window.party.select(ragnar)
    session = main_window.session
    assert session is not None
    operations.equipment.record_money(session, ragnar, 200, MoneyKind.START, "Loot")
    panel = main_window.editor.possessions
    panel.select(0)  # the leather he wears
    assert session.query(characters.get_character, character_id=ragnar).items[0].key == "leather"
    panel.record_hits(45)
    panel.select(0)
    assert not panel.repair_button.isEnabled()
    assert "cannot be repaired" in panel.repair_button.toolTip()


def test_mount_fields_show_sir_robins_numbers(main_window: MainWindow, qtbot) -> None:
    flavius = _flavius(main_window)
    panel = main_window.editor.possessions
    type_into(qtbot, panel.body.lineEdit(), "80", enter=True)
    assert panel.body.value() == 80.0
    type_into(qtbot, panel.mount_name, "Dapple")
    panel.mount_st.setValue(23)
    panel.mount_dx.setValue(12)
    panel.mount_ma.setValue(24)
    # Flavius's chainmail (13.6 kg), large shield and shortsword, plus 80 kg of Flavius:
    # set the extra load so the horse carries Sir Robin's 120 kg in all.
    sheet = main_window.session.query(campaigns.character_sheet, character_id=flavius)
    panel.mount_extra.setValue(round(120 - 80 - sheet.derived.carried_kg, 2))
    qtbot.keyClick(panel.mount_name, Qt.Key.Key_Return)  # the mount is saved as one edit
    text = panel.mount_result.text()
    assert "MA 16, adjDX 11" in text and "MA 20 at 1 fatigue" in text


def test_character_tab_gear_choices_edit_the_possessions(main_window: MainWindow,
                                                         dialog_log) -> None:
    ids = {row.name: row.id for row in main_window.party_model.rows()}
    wulf = ids["Wulf"]
    main_window.party.select(wulf)
    session = main_window.session
    assert session is not None
    editor = main_window.editor
    money = session.query(equipment.money, character_id=wulf)
    # Choosing chainmail (not owned) asks how to pay; taken free, it is worn.
    editor.armor.setCurrentIndex(editor.armor.findData("chainmail"))
    shop_price = equipment.price_of(session.library, ItemKind.ARMOR, "chainmail", ORDINARY)
    assert dialog_log.gear_asked == [("Wulf", "Chainmail", shop_price)]
    items = session.query(characters.get_character, character_id=wulf).items
    assert [(i.key, i.state) for i in items] == [
        ("longbow", ItemState.READIED), ("two_handed_sword", ItemState.CARRIED),
        ("chainmail", ItemState.READIED)]
    assert session.query(equipment.money, character_id=wulf) == money
    assert editor.possessions.table.item(2, 2).text() == "Worn"
    assert session.query(campaigns.character_sheet, character_id=wulf).derived.hits_stopped == 3
    # Wear on it, then a change of mind: leather is worn, the chainmail kept with its wear.
    editor.possessions.select(2)
    editor.possessions.record_hits(10)
    editor.armor.setCurrentIndex(editor.armor.findData("leather"))
    armor = {i.key: i for i in session.query(characters.get_character,
                                             character_id=wulf).items if i.kind is ItemKind.ARMOR}
    assert (armor["leather"].state, armor["leather"].hits_taken) == (ItemState.READIED, 0)
    assert (armor["chainmail"].state, armor["chainmail"].hits_taken) == (ItemState.STORED, 10)
    # Back to the chainmail: a swap from the possessions, nothing asked.
    asked = len(dialog_log.gear_asked)
    editor.armor.setCurrentIndex(editor.armor.findData("chainmail"))
    assert len(dialog_log.gear_asked) == asked
    assert session.query(characters.get_character,
                         character_id=wulf).loadout.armor.key == "chainmail"
    # A shield, slung until readied; the ready weapon is the one in hand.
    editor.shield.setCurrentIndex(editor.shield.findData("small_shield"))
    assert not session.query(characters.get_character, character_id=wulf).loadout.shield_ready
    editor.ready_weapon.setCurrentIndex(editor.ready_weapon.findData("two_handed_sword"))
    gear = session.query(characters.get_character, character_id=wulf).loadout
    assert gear.ready_weapon is not None and gear.ready_weapon.key == "two_handed_sword"
    assert [w.state for w in gear.weapons] == [ItemState.CARRIED, ItemState.READIED]
    # Unticking a weapon stores it; no armor takes the worn armor off (kept, stored).
    longbow = next(i for i in range(editor.weapons.count())
                   if editor.weapons.item(i).data(Qt.ItemDataRole.UserRole) == "longbow")
    editor.weapons.item(longbow).setCheckState(Qt.CheckState.Unchecked)
    editor.armor.setCurrentIndex(editor.armor.findData(None))
    gear = session.query(characters.get_character, character_id=wulf).loadout
    assert gear.armor is None and [w.key for w in gear.weapons] == ["two_handed_sword"]
    kept = session.query(characters.get_character, character_id=wulf).items
    assert {i.key: i.state for i in kept}["longbow"] is ItemState.STORED
    # Each choice is one undo step.
    main_window.act_undo.trigger()
    assert session.query(characters.get_character, character_id=wulf).loadout.armor is not None


def test_a_new_armor_in_the_editor_is_bought_or_cancelled(main_window: MainWindow,
                                                          dialog_log) -> None:
    """The editor follows the shop's money rule: buy, take free, or cancel."""
    flavius = _flavius(main_window)
    session = main_window.session
    assert session is not None
    editor = main_window.editor
    money = session.query(equipment.money, character_id=flavius)
    before = session.query(characters.get_character, character_id=flavius)
    dialog_log.gear_answer = None  # cancel: nothing changes, the box shows chainmail again
    editor.armor.setCurrentIndex(editor.armor.findData("plate"))
    assert session.query(characters.get_character, character_id=flavius) == before
    assert editor.armor.currentData() == "chainmail"
    dialog_log.gear_answer = True  # buy: the price comes off his money
    editor.armor.setCurrentIndex(editor.armor.findData("leather"))
    price = dialog_log.gear_asked[-1][2]
    assert price > 0 and session.query(equipment.money, character_id=flavius) == money - price
    items = {i.key: i.state for i in session.query(characters.get_character,
                                                   character_id=flavius).items}
    assert items["leather"] is ItemState.READIED and items["chainmail"] is ItemState.STORED
    assert main_window.act_undo.text().replace("&", "").startswith(
        "Undo Flavius Marcellus: bought Leather")


def test_buy_and_ready_a_magic_item_in_the_shop(main_window: MainWindow, qtbot) -> None:
    flavius = _flavius(main_window)
    session = main_window.session
    assert session is not None
    operations.equipment.record_money(session, flavius, 9000, MoneyKind.START, "Hoard")
    dialog = _buy_dialog(main_window, flavius, qtbot)
    dialog.kind.setCurrentIndex(dialog.kind.findData(ItemKind.MAGIC))
    texts = [dialog.items.item(i).text() for i in range(dialog.items.count())]
    assert any(t.startswith("Fireball rod — $600 a point") for t in texts)
    assert dialog.select("stone_flesh")
    assert "Price $5,000" in dialog.price.text()
    assert dialog.buy()
    dialog.close()
    # the demo's savings, the hoard less $5,000
    assert session.query(equipment.money, character_id=flavius) == 150 + 4000
    items = session.query(characters.get_character, character_id=flavius).items
    index, uid = next((n, i.uid) for n, i in enumerate(items) if i.kind is ItemKind.MAGIC)
    before = session.query(campaigns.character_sheet, character_id=flavius).derived.hits_stopped
    operations.equipment.move_item(session, flavius, uid, ItemState.READIED)
    assert session.query(campaigns.character_sheet,
                         character_id=flavius).derived.hits_stopped == before + 4
    panel = main_window.editor.derived
    assert "Stone Flesh +4" in panel.values["stops"].text()
    table = main_window.editor.possessions.table
    row = [table.item(index, c).text() for c in range(table.columnCount())]
    assert row[1] == "magic" and row[2] == "Readied (in use)" and row[5] == "hits stopped +4"


def test_the_shop_keeps_unpriced_weapons_out_and_warns_of_a_third_weapon(
        main_window: MainWindow, qtbot) -> None:
    """Melee: a figure carries two weapons plus a dagger; the shop says so before buying."""
    ids = {row.name: row.id for row in main_window.party_model.rows()}
    wulf = ids["Wulf"]  # a longbow and a two-handed sword already
    main_window.party.select(wulf)
    session = main_window.session
    assert session is not None
    operations.equipment.record_money(session, wulf, 1000, MoneyKind.START, "Savings")
    dialog = _buy_dialog(main_window, wulf, qtbot)
    dialog.kind.setCurrentIndex(dialog.kind.findData(ItemKind.WEAPON))
    listed = {dialog.items.item(i).data(Qt.ItemDataRole.UserRole)
              for i in range(dialog.items.count())}
    assert "lance" not in listed and "pike" not in listed  # no price in the documents
    assert "great_bow" in listed
    assert not dialog.select("lance")
    assert dialog.select("mace")
    warning = dialog.problem.text_label.text()
    assert "Buying it makes Wulf illegal" in warning
    assert dialog.buy_button.isEnabled()  # said, not refused
    assert dialog.select("dagger")  # a dagger is the extra one allowed
    assert "illegal" not in dialog.problem.text_label.text()
    dialog.close()


def test_every_possessions_column_shows_its_whole_title(main_window: MainWindow) -> None:
    """"Workmanship" once read "orkmanship" in the README's picture: no title is clipped."""
    table = main_window.editor.possessions.table
    header = table.horizontalHeader()
    for column in range(table.columnCount() - 1):  # the last stretches
        assert table.columnWidth(column) >= header.sectionSizeHint(column), \
            table.horizontalHeaderItem(column).text()


def _listed(dialog: BuyDialog, qtbot, kind: ItemKind) -> list[str]:
    step_combo(qtbot, dialog.kind, dialog.kind.findData(kind) - dialog.kind.currentIndex())
    assert dialog.kind.currentData() is kind
    return [dialog.items.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(dialog.items.count())]


def test_the_shop_lists_armor_by_protection_and_weapons_by_kind(
        main_window: MainWindow, qtbot) -> None:
    """Issue 34: Plate came before Half-plate and "Small ax" stood beside "Battleaxe"."""
    dialog = _buy_dialog(main_window, _flavius(main_window), qtbot)
    library = main_window.session.library
    armors = _listed(dialog, qtbot, ItemKind.ARMOR)
    stops = [library.armors[k].stops for k in armors]
    assert stops == sorted(stops) and armors.index("half_plate") < armors.index("plate")
    shields = _listed(dialog, qtbot, ItemKind.SHIELD)
    assert [library.shields[k].stops for k in shields] == sorted(
        library.shields[k].stops for k in shields)
    weapons = _listed(dialog, qtbot, ItemKind.WEAPON)
    kinds = [next(t for t in ("dagger", "sword", "pole", "axe", "mace")
                  if t in library.weapons[k].tags) if library.weapons[k].tags & {
        "dagger", "sword", "pole", "axe", "mace"} else "other" for k in weapons]
    runs = [k for n, k in enumerate(kinds) if n == 0 or kinds[n - 1] != k]
    assert len(runs) == len(set(runs))  # each kind of weapon together
    axes = [k for k, kind in zip(weapons, kinds, strict=True) if kind == "axe"]
    assert [library.weapons[k].st for k in axes] == sorted(library.weapons[k].st for k in axes)
    assert axes[0] == "small_ax"
    dialog.close()
