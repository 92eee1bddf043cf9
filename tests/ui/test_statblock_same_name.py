"""File > Import Stat Blocks for a figure the party has by name: update it or add a copy."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tftmanager.app import journal
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.statblock_dialog import StatBlockImportDialog

pytestmark = pytest.mark.ui


def _ragnars(window: MainWindow) -> list[tuple[str, int]]:
    return sorted((r.name, r.st) for r in window.party_model.rows()
                  if r.name.casefold().startswith("ragnar"))


@pytest.mark.parametrize(("choice", "after"), [
    ("Update the character of that name", [("RAGNAR", 14)]),
    ("Add a copy under a new name", [("RAGNAR (copy)", 14), ("Ragnar", 11)])])
def test_a_block_named_as_a_character_updates_it_or_adds_a_copy(
        main_window: MainWindow, qtbot, choice: str, after: list[tuple[str, int]]) -> None:
    session = main_window.session
    assert session is not None
    assert _ragnars(main_window) == [("Ragnar", 11)]
    dialog = StatBlockImportDialog(session, main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.text, "RAGNAR: ST 14, DX 10, IQ 8, MA 10; Talents: Sword")
    qtbot.waitUntil(lambda: dialog.summary.text().startswith("Ready"), timeout=5000)
    assert dialog.already.isVisible()
    assert any("RAGNAR is already in this campaign as Ragnar" in dialog.table.item(r, 2).text()
               for r in range(dialog.table.rowCount()))
    while dialog.already.currentText() != choice:
        qtbot.keyClick(dialog.already, Qt.Key.Key_Down)
    before = len(journal.history(store=session.store))
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert _ragnars(main_window) == after
    assert len(journal.history(store=session.store)) == before + 1
    main_window.act_undo.trigger()
    assert _ragnars(main_window) == [("Ragnar", 11)]
