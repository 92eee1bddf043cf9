"""The tracker leads a whole fight: only its highlighted actions, pressed as a GM presses them."""

from __future__ import annotations

import pytest
from person import choose, click, click_tab
from PySide6.QtCore import Qt
from test_encounter import _flavius_and_wulf

from tftmanager.app import journal
from tftmanager.ui.encounter_actions import FightActions
from tftmanager.ui.encounter_end_dialog import EncounterEndDialog
from tftmanager.ui.encounter_next import NextPanel
from tftmanager.ui.encounter_window import ADJ_DX_MOST, COLUMNS, EncounterWindow
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.screen_fit import FRAME, available

pytestmark = pytest.mark.ui


def _press(window: EncounterWindow, qtbot, label: str, rolls: str = "") -> None:
    """Type the rolls (if any) and press the offered action that starts with ``label``."""
    offered = [b for b in window.next_panel.offer_buttons if b.text().startswith(label)]
    assert offered, (label, [b.text() for b in window.next_panel.offer_buttons])
    if rolls:
        qtbot.keyClicks(window.rolls, rolls)
    qtbot.mouseClick(offered[0], Qt.MouseButton.LeftButton)


def _offers(window: EncounterWindow) -> list[str]:
    return [b.text() for b in window.next_panel.offer_buttons]


def test_a_whole_fight_by_the_trackers_lead(main_window: MainWindow, qtbot) -> None:
    """003 lines 93-106: initiative, options and movement, attacks by adjDX, the turn's end;
    the figure whose action comes next is highlighted and offered only what it may do."""
    session = main_window.session
    assert session is not None
    window = _flavius_and_wulf(main_window, qtbot, "Led")
    before = len(session.query(journal.history))
    assert isinstance(window, FightActions) and isinstance(window.next_panel, NextPanel)
    assert "[Initiative]" in window.next_panel.phases.text()
    assert _offers(window) == ["Roll the initiative"]
    _press(window, qtbot, "Roll the initiative", "5 2")  # the Romans move first
    assert "[Options and movement]" in window.next_panel.phases.text()
    assert window.highlighted() == "Flavius Marcellus"
    assert not any("Missile" in text for text in _offers(window))  # no bow: no shot offered
    _press(window, qtbot, "(h) Shift and attack")
    assert window.highlighted() == "Germanic tribesman"
    assert not any("defend" in text for text in _offers(window))  # a bow parries nothing
    _press(window, qtbot, "(f) Missile weapon attack")
    assert "[Attacks]" in window.next_panel.phases.text()
    _press(window, qtbot, "Attack order")
    assert window.highlighted() == "Germanic tribesman"  # adjDX 10 before Flavius's 8
    assert "3 dice to hit, then 1d+2 damage" in window.next_panel.needs.text()
    _press(window, qtbot, "Longbow at Flavius Marcellus", "9 5")  # 7 hits, 5 stopped
    assert window.highlighted() == "Flavius Marcellus"
    _press(window, qtbot, "Shortsword at Germanic tribesman", "8 6")  # 2d-1: 5 hits
    assert "[End of turn]" in window.next_panel.phases.text()
    _press(window, qtbot, "Next turn")
    assert "turn 2" in window.heading.text()
    _press(window, qtbot, "Roll the initiative", "5 2")
    _press(window, qtbot, "(h) Shift and attack")
    _press(window, qtbot, "(f) Missile weapon attack")
    # Wulf took 5 hits: -2 DX, adjDX 8 as Flavius: a die each (Flavius 2, Wulf 5)
    assert "a die each for figures tied" in window.next_panel.needs.text()
    _press(window, qtbot, "Attack order", "2 5")
    _press(window, qtbot, "Longbow at Flavius Marcellus", "16")  # a miss
    # triple, the house reading (a new campaign's): no armor to ignore, so each die of
    # 2d-1 and the extra 1d is typed (a 1 would be rolled again): 6 6 6 - 1 = 17 hits
    _press(window, qtbot, "Shortsword at Germanic tribesman", "3 6 6 6")
    assert "[The fight is over]" not in window.next_panel.phases.text()
    assert "The fight is over" in window.next_panel.phases.text()
    assert _offers(window) == ["End the encounter…"]
    assert window.highlighted() == ""
    log = window.log.toPlainText()
    assert "7 hits on Flavius Marcellus" in log and "Germanic tribesman is dead." in log
    # The dead man's real ST (5 + 17 hits on ST 14), not "0/14" (issue 34, cosmetic)
    wulf_row = next(r for r in range(window.table.rowCount())
                    if window.table.item(r, 0).text() == "Germanic tribesman")
    assert window.table.item(wulf_row, COLUMNS.index("ST")).text().endswith(" -8/14")
    assert window.table.columnWidth(COLUMNS.index("adjDX")) <= ADJ_DX_MOST
    dx_cell = window.table.item(wulf_row, COLUMNS.index("adjDX"))
    assert dx_cell.toolTip() == dx_cell.text()
    done = session.query(journal.history)
    assert len(done) - before == 13  # each of the 13 presses one change in the History
    assert done[0].label == "Led, turn 2: Flavius Marcellus attacks Germanic tribesman: triple"
    _press(window, qtbot, "End the encounter")
    dialog = next(w for w in window.findChildren(EncounterEndDialog))
    qtbot.addWidget(dialog)
    assert dialog.note.text().startswith("Romans won. ")
    # Every column, "Dropped" the last, fits the dialog's first width where the screen
    # holds it (issue 34, cosmetic; the test screen is 800 px wide, a real one 1024 or more)
    columns = sum(dialog.table.columnWidth(c) for c in range(dialog.table.columnCount()))
    needed = columns + dialog.table.verticalHeader().width() + 20
    screen = available(dialog)
    assert screen is not None
    assert dialog.width() >= min(needed, screen.width() - FRAME.width())
    dialog.accept()
    assert "ended" in window.heading.text() and window.next_panel.offer_buttons == []
    window.close()


def test_a_weapon_not_ready_is_warned_of_and_rolls_typed_either_way(
        main_window: MainWindow, qtbot, dialog_log) -> None:
    """Issue 34 items 5-6: an attack with a weapon that is not the ready one (Wulf's 2-handed
    sword while his longbow is ready) is warned of before it is tried (003 line 198: "the
    new weapon can be used on the NEXT turn"); "9 4" for a miss is taken."""
    window = _flavius_and_wulf(main_window, qtbot, "Warned")
    window.tabs.setCurrentIndex(2)  # Other actions
    index = window.attacker.findText("Germanic tribesman")
    window.attacker.setCurrentIndex(index)
    assert window.weapon_warning.text() == ""
    qtbot.keyClick(window.weapon, Qt.Key.Key_Up)  # weapon 2: the 2-handed sword
    assert window.weapon_warning.text().startswith(
        "⚠ Weapon 2 (2-handed sword) is not Germanic tribesman's ready weapon (Longbow)")
    qtbot.mouseClick(window.buttons["attack"], Qt.MouseButton.LeftButton)
    assert "ready the 2-handed sword first" in dialog_log.errors[-1][1]
    qtbot.keyClick(window.weapon, Qt.Key.Key_Down)
    assert window.weapon_warning.text() == ""
    qtbot.keyClicks(window.rolls, "16 4")
    qtbot.mouseClick(window.buttons["attack"], Qt.MouseButton.LeftButton)
    assert "1 typed roll (4) not needed: the attack missed" in window.log.toPlainText()
    window.close()


def test_an_option_the_figure_cannot_take_is_refused_as_chosen(
        main_window: MainWindow, qtbot, dialog_log) -> None:
    """003 line 126: "(f) MISSILE WEAPON ATTACK ... fire a missile weapon"; line 198: "the
    new weapon can be used on the NEXT turn" (issue 37: (f) with a bow not ready was taken
    and only the shot refused): one line, and nothing recorded."""
    session = main_window.session
    assert session is not None
    window = _flavius_and_wulf(main_window, qtbot, "Refused")
    click_tab(qtbot, window.tabs, 2)  # Other actions
    choose(qtbot, window.attacker, "Germanic tribesman")
    click(qtbot, window.buttons["drop"])  # weapon 1, the longbow
    click(qtbot, window.buttons["ready"])  # picked up: usable next turn
    done = len(session.query(journal.history))
    choose(qtbot, window.option, "(f) Missile weapon attack")
    click(qtbot, window.buttons["option"])
    assert dialog_log.errors[-1][1] == (
        "Option failed: Missile weapon attack cannot be taken: Germanic tribesman readied the "
        "Longbow this turn; it can be used on the NEXT turn (Melee).")
    assert len(session.query(journal.history)) == done
    assert "chooses Missile weapon attack" not in window.log.toPlainText()
    window.close()


def test_disengaging_by_the_trackers_lead(main_window: MainWindow, qtbot) -> None:
    """003 line 411: "When its turn to attack comes, instead of attacking, it moves one hex in
    any direction": the tracker offers it in the figure's place, with no roll."""
    session = main_window.session
    assert session is not None
    window = _flavius_and_wulf(main_window, qtbot, "Away")
    _press(window, qtbot, "Roll the initiative", "5 2")
    _press(window, qtbot, "(l, r) Disengage")
    _press(window, qtbot, "(f) Missile weapon attack")
    _press(window, qtbot, "Attack order")
    _press(window, qtbot, "Longbow at Flavius Marcellus", "16")
    assert window.highlighted() == "Flavius Marcellus"
    assert _offers(window) == ["Disengage: move one hex"]
    assert window.next_panel.needs.text() == "No roll needed."
    _press(window, qtbot, "Disengage: move one hex")
    assert "Flavius Marcellus disengages: instead of attacking it moves one hex" in \
        window.log.toPlainText()
    assert session.query(journal.history)[0].label == "Away, turn 1: Flavius Marcellus disengages"
    assert "[End of turn]" in window.next_panel.phases.text()
    window.close()
