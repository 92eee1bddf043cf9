"""The encounter tracker, driven from set-up to the award review, then undone."""

from __future__ import annotations

from pathlib import Path

import pytest
from person import type_into

from tftmanager.app import campaigns, characters, experience
from tftmanager.ui import menu_windows
from tftmanager.ui.encounter_end_dialog import EncounterEndDialog
from tftmanager.ui.encounter_window import EncounterWindow
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _pick(box, text: str) -> None:
    index = box.findText(text)
    assert index >= 0, f"{text} not offered"
    box.setCurrentIndex(index)


def _flavius_and_wulf(main_window: MainWindow, qtbot, name: str) -> EncounterWindow:
    """A new encounter with the demo's Flavius against the bestiary's tribesman."""
    session = main_window.session
    assert session is not None
    window = menu_windows.encounter(main_window, session)
    assert isinstance(window, EncounterWindow)
    qtbot.addWidget(window)
    assert window.start_box.isVisible()
    type_into(qtbot, window.name_edit, name)
    window.start_button.click()
    type_into(qtbot, window.side, "Romans")
    _pick(window.party_pick, "Flavius Marcellus")
    window.add_party_member()
    type_into(qtbot, window.side, "Germans")
    _pick(window.beast_pick, "Germanic tribesman")
    window.add_beast()
    return window


def test_a_fight_from_setup_to_end_and_undone(main_window: MainWindow, qtbot,
                                              tmp_path: Path) -> None:
    session = main_window.session
    assert session is not None
    assert main_window.act_encounter.text() == "New &Encounter…"  # type: ignore[attr-defined]
    window = _flavius_and_wulf(main_window, qtbot, "The glade")
    assert window.encounter_id is not None and not window.start_box.isVisible()
    assert window.table.rowCount() == 2
    assert window.table.item(0, 3).text() == "8"  # chainmail and large shield ready
    type_into(qtbot, window.rolls, "5 2")
    window.buttons["initiative"].click()
    assert "moves: Romans, Germans" in window.heading.text()
    _pick(window.first, "Germans")  # the winner lets the other side move first
    window.buttons["first"].click()
    assert "moves: Germans, Romans" in window.heading.text()
    _pick(window.attacker, "Germanic tribesman")
    _pick(window.target, "Flavius Marcellus")
    type_into(qtbot, window.rolls, "9 5")
    window.buttons["attack"].click()
    assert window.table.item(0, 2).text() == "■■□□□□□□□□□□ 10/12"  # a box filled per hit
    assert "Chainmail 3 [3], Large shield 2 [2]" in window.table.item(0, 4).text()
    assert "7 hits on Flavius Marcellus" in window.log.toPlainText()
    window.weapon.setValue(1)
    window.buttons["drop"].click()
    assert "Germanic tribesman drops the Longbow." in window.log.toPlainText()
    _pick(window.attacker, "Flavius Marcellus")
    _pick(window.target, "Germanic tribesman")
    window.damage.setValue(14)
    window.buttons["hit"].click()
    assert window.table.item(1, 5).text() == "dead"
    assert not window.buttons["fall"].isVisibleTo(window)  # no 3-D option in the demo
    window.buttons["next"].click()
    assert "turn 2" in window.heading.text()
    sheet = window.export_sheet(tmp_path / "glade.pdf")
    assert sheet is not None and sheet.read_bytes().startswith(b"%PDF")
    dialog = window.end_encounter()
    assert isinstance(dialog, EncounterEndDialog)
    qtbot.addWidget(dialog)
    flavius = next(s.id for s in session.query(campaigns.party_sheets)
                   if s.character.name.startswith("Flavius"))
    assert flavius is not None
    assert dialog.spins[flavius].value() == 50
    assert dialog.note.text().startswith("Romans won. ")
    dialog.spins[flavius].setValue(60)
    dialog.accept()
    assert [line.amount for line in session.query(experience.ledger_lines,
                                                  character_id=flavius)][-1] == 60
    assert session.query(characters.get_character, character_id=flavius).wounds == 2
    assert "ended" in window.heading.text() and not window.buttons["attack"].isEnabled()
    ledger_before = len(session.query(experience.ledger_lines, character_id=flavius))
    main_window.act_undo.trigger()  # one undo takes the whole ending back
    assert len(session.query(experience.ledger_lines, character_id=flavius)) == ledger_before - 1
    assert session.query(characters.get_character, character_id=flavius).wounds == 0
    assert "ended" not in window.heading.text() and window.buttons["attack"].isEnabled()
    window.close()


def test_bad_rolls_are_refused_in_words(main_window: MainWindow, qtbot, dialog_log) -> None:
    session = main_window.session
    assert session is not None
    window = menu_windows.encounter(main_window, session)
    assert isinstance(window, EncounterWindow)
    qtbot.addWidget(window)
    type_into(qtbot, window.name_edit, "Brawl")
    window.start_button.click()
    _pick(window.beast_pick, "Wolf")
    window.add_beast()
    type_into(qtbot, window.rolls, "five")
    window.buttons["initiative"].click()
    assert dialog_log.errors[-1][1].startswith("Type the rolls as whole numbers")
    type_into(qtbot, window.rolls, "")
    window.buttons["initiative"].click()  # one side only
    assert "at least two sides" in dialog_log.errors[-1][1]
    window.close()


def test_the_party_board_follows_wounds_from_a_fight(main_window: MainWindow, qtbot) -> None:
    """Ending a fight hurts Flavius; the board shows it without a reload, and undo heals."""
    session = main_window.session
    assert session is not None
    main_window.story.board_dock.show()

    def flavius_row():
        return next(r for r in main_window.story.board.all_rows
                    if r.name == "Flavius Marcellus")

    full = flavius_row().st_now
    window = _flavius_and_wulf(main_window, qtbot, "Ambush")
    _pick(window.attacker, "Germanic tribesman")
    _pick(window.target, "Flavius Marcellus")
    window.damage.setValue(9)  # 5 stopped by chainmail and shield, 4 taken
    window.buttons["hit"].click()
    assert flavius_row().st_now == full  # wounds reach the character when the fight ends
    dialog = window.end_encounter()
    qtbot.addWidget(dialog)
    dialog.accept()
    row = flavius_row()
    assert (row.st_now, row.status) == (full - 4, "recovering")
    main_window.act_undo.trigger()
    assert flavius_row().st_now == full
    window.close()


def test_the_option_is_shown_and_set(main_window: MainWindow, qtbot) -> None:
    """003: "No figure may attack unless it chose an option including the word 'attack'"."""
    window = _flavius_and_wulf(main_window, qtbot, "Options")
    assert [window.dice.itemData(i) for i in range(window.dice.count())] == [0, 3, 4, 5, 6]
    _pick(window.attacker, "Flavius Marcellus")
    _pick(window.option, "(c) Dodge")
    window.buttons["option"].click()
    assert window.table.item(0, 5).text() == "fighting · Dodge"
    assert "Flavius Marcellus chooses Dodge (c)." in window.log.toPlainText()


def test_a_flesh_spell_and_a_mount_are_recorded_on_the_target(main_window: MainWindow,
                                                               qtbot) -> None:
    """004: "people using the Stone or Iron Flesh spells" stop hits; a rider is recorded
    mounted (000: the "2 Hex Horseman" row).  Each is one change, undone as one."""
    window = _flavius_and_wulf(main_window, qtbot, "Spells")
    _pick(window.target, "Germanic tribesman")
    _pick(window.flesh, "Stone Flesh (stops 4)")
    window.buttons["flesh"].click()
    row = next(r for r in range(window.table.rowCount())
               if window.table.item(r, 0).text() == "Germanic tribesman")
    assert "Stone Flesh 4 [0]" in window.table.item(row, 4).text()
    window.buttons["mount"].click()
    assert "mounted" in window.table.item(row, 5).text()
    window.buttons["mount"].click()
    assert "mounted" not in window.table.item(row, 5).text()
    assert "Germanic tribesman dismounts." in window.log.toPlainText()
    window.close()
