"""Changing a character's Kind in the editor, by mouse and by keyboard (issue 34, item 1).

The Kind combo once crashed on every change ("'str' object has no attribute
'value'") while still showing the new kind, so no wizard could be made in the
window. Each test chooses a kind as a person does and checks the file, the
journal and that no crash dialog appeared.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox

from tftmanager.app import characters, journal
from tftmanager.rules.abilities import CharacterKind
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _by_keyboard(qtbot, combo: QComboBox, text: str) -> None:
    combo.setFocus()
    key = Qt.Key.Key_Down if combo.findText(text) > combo.currentIndex() else Qt.Key.Key_Up
    qtbot.keyClick(combo, key)


def _by_mouse(qtbot, combo: QComboBox, text: str) -> None:
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    # The popup ignores a release within a double-click's time of opening, as a person's is later.
    qtbot.wait(QApplication.doubleClickInterval() + 50)
    index = view.model().index(combo.findText(text), 0)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())


@pytest.mark.parametrize("choose", [_by_keyboard, _by_mouse], ids=["keyboard", "mouse"])
def test_a_new_character_becomes_a_wizard_and_back(
        main_window: MainWindow, dialog_log, qtbot, choose) -> None:
    session = main_window.session
    assert session is not None
    new_id = main_window.add_character()
    assert new_id is not None
    combo = main_window.editor.kind
    assert combo.currentText() == "Hero"
    before = len(session.query(journal.history))

    choose(qtbot, combo, "Wizard")
    assert dialog_log.errors == []
    assert session.query(characters.get_character, character_id=new_id).kind is CharacterKind.WIZARD
    assert combo.currentText() == "Wizard"
    assert len(session.query(journal.history)) == before + 1
    assert session.query(journal.history)[0].label == "New character: kind hero -> wizard"

    choose(qtbot, combo, "Hero")
    assert dialog_log.errors == []
    assert session.query(characters.get_character, character_id=new_id).kind is CharacterKind.HERO
    assert combo.currentText() == "Hero"


@pytest.mark.parametrize("choose", [_by_keyboard, _by_mouse], ids=["keyboard", "mouse"])
def test_morgaine_becomes_a_hero_and_back(
        main_window: MainWindow, dialog_log, qtbot, choose) -> None:
    session = main_window.session
    assert session is not None
    morgaine = next(r.id for r in main_window.party_model.rows() if r.name == "Morgaine")
    main_window.party.select(morgaine)
    combo = main_window.editor.kind
    assert combo.currentText() == "Wizard"

    choose(qtbot, combo, "Hero")
    assert dialog_log.errors == []
    assert session.query(characters.get_character, character_id=morgaine).kind is CharacterKind.HERO
    # A hero pays triple for spells: the editor now judges her as one.
    assert combo.currentText() == "Hero"

    main_window.act_undo.trigger()
    assert session.query(characters.get_character,
                         character_id=morgaine).kind is CharacterKind.WIZARD
    assert combo.currentText() == "Wizard"

    choose(qtbot, combo, "Hero")
    choose(qtbot, combo, "Wizard")
    assert dialog_log.errors == []
    assert session.query(characters.get_character,
                         character_id=morgaine).kind is CharacterKind.WIZARD
    assert combo.currentText() == "Wizard"
