"""File > Import Stat Blocks with a group: "6 goblins" are six figures, or one template."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tftmanager.app import bestiary, journal
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.statblock_dialog import StatBlockImportDialog

pytestmark = pytest.mark.ui
GROUP = "6 cave goblins: ST 8, DX 11, IQ 7, MA 10; Weapons: Dagger (1-1)"


def _typed(main_window: MainWindow, qtbot, target: str, ready: str) -> StatBlockImportDialog:
    """The import dialog with the group typed in, read for ``target`` ("Ready: ...")."""
    assert main_window.session is not None
    dialog = StatBlockImportDialog(main_window.session, main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.text, GROUP)
    while dialog.target.currentText() != target:
        qtbot.keyClick(dialog.target, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: dialog.summary.text().startswith(ready), timeout=5000)
    return dialog


def test_a_group_is_numbered_figures_in_the_party(main_window: MainWindow, qtbot) -> None:
    dialog = _typed(main_window, qtbot, "The party", "Ready: 6 figures for the party")
    store = main_window.session.store
    before = len(journal.history(store=store))
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    names = sorted(r.name for r in main_window.party_model.rows() if "goblin" in r.name)
    assert names == [f"Cave goblin {n}" for n in range(1, 7)]
    assert len(journal.history(store=store)) == before + 1


def test_a_group_is_one_template_in_the_bestiary(main_window: MainWindow, qtbot) -> None:
    dialog = _typed(main_window, qtbot, "The bestiary", "Ready: 1 figure for the bestiary")
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    goblin = bestiary.template(store=main_window.session.store, key="cave_goblin")
    assert (goblin.count, goblin.weapons) == (6, ("dagger",))
