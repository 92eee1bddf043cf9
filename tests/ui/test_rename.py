"""A name is one edit, made when the field is left or Enter is pressed (issue 34, item 2).

Each keystroke in the Name field was once saved, so typing "Ragnar" over
Wulf's name stored "Ragna" (and the journal said so) before the last letter
was refused. Typed with real keystrokes, a name is now saved whole or not at
all, and the journal holds no partial name.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tftmanager.app import characters, journal
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _select(window: MainWindow, name: str) -> int:
    character_id = next(r.id for r in window.party_model.rows() if r.name == name)
    window.party.select(character_id)
    return character_id


def _type_over(qtbot, field, text: str) -> None:
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)


def _labels(window: MainWindow) -> list[str]:
    assert window.session is not None
    return [op.label for op in window.session.query(journal.history)]


def test_a_name_another_character_has_is_refused_whole(
        main_window: MainWindow, dialog_log, qtbot) -> None:
    session = main_window.session
    assert session is not None
    wulf = _select(main_window, "Wulf")
    field = main_window.editor.name
    before = _labels(main_window)
    _type_over(qtbot, field, "Ragnar")
    assert _labels(main_window) == before  # nothing saved while typing
    assert session.query(characters.get_character, character_id=wulf).name == "Wulf"
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert main_window.editor.field_problem("name") == (
        "Not saved: Another character is already called Ragnar; choose a name nobody has.")
    assert _labels(main_window) == before
    assert session.query(characters.get_character, character_id=wulf).name == "Wulf"
    assert main_window.statusBar().currentMessage() != "Saved"
    assert dialog_log.errors == []

    _type_over(qtbot, field, "Wulf the Wise")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert session.query(characters.get_character, character_id=wulf).name == "Wulf the Wise"
    assert _labels(main_window) == ["Wulf the Wise: renamed from Wulf", *before]
    assert main_window.editor.field_problem("name") == ""


def test_leaving_the_field_saves_the_name_once(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    ragnar = _select(main_window, "Ragnar")
    field = main_window.editor.name
    before = _labels(main_window)
    _type_over(qtbot, field, "Ragnar Lodbrok")
    assert _labels(main_window) == before
    qtbot.keyClick(field, Qt.Key.Key_Tab)  # on to the next field: the name is kept
    assert session.query(characters.get_character, character_id=ragnar).name == "Ragnar Lodbrok"
    assert _labels(main_window) == ["Ragnar Lodbrok: renamed from Ragnar", *before]
    assert not any("Ragnar L" in label and "Lodbrok:" not in label
                   for label in _labels(main_window))
    main_window.act_undo.trigger()
    assert session.query(characters.get_character, character_id=ragnar).name == "Ragnar"
    assert field.text() == "Ragnar"


def test_a_name_typed_then_another_character_chosen_is_kept(
        main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    ragnar = _select(main_window, "Ragnar")
    field = main_window.editor.name
    _type_over(qtbot, field, "Ragnar the Red")
    _select(main_window, "Wulf")  # chosen from the party (Find Character, say)
    assert session.query(characters.get_character, character_id=ragnar).name == "Ragnar the Red"
    assert field.text() == "Wulf"


def test_a_name_typed_then_another_row_clicked_is_kept(main_window: MainWindow, qtbot) -> None:
    """The same by mouse: the click on Wulf's row saves Ragnar's new name (the table
    changes under the click) and the editor shows Wulf; it once crashed the app."""
    session = main_window.session
    assert session is not None
    ragnar = _select(main_window, "Ragnar")
    field = main_window.editor.name
    _type_over(qtbot, field, "Ragnar the Red")
    table = main_window.party.table
    proxy = table.model()
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data() == "Wulf")
    rect = table.visualRect(proxy.index(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert session.query(characters.get_character, character_id=ragnar).name == "Ragnar the Red"
    assert field.text() == "Wulf"
    assert _labels(main_window)[0] == "Ragnar the Red: renamed from Ragnar"
