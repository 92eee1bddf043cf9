"""File > Import Stat Blocks with a group: "6 goblins" are six figures, or one template."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tftmanager.app import bestiary, journal
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.statblock_dialog import StatBlockImportDialog

pytestmark = pytest.mark.ui
GROUP = "6 cave goblins: ST 8, DX 11, IQ 7, MA 10; Weapons: Dagger (1-1)"


def test_a_group_is_numbered_figures_in_the_party(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    dialog = StatBlockImportDialog(session, main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.text, GROUP)
    qtbot.waitUntil(lambda: dialog.summary.text().startswith("Ready"), timeout=5000)
    assert dialog.summary.text().startswith("Ready: 6 figures for the party")
    before = len(journal.history(store=session.store))
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    names = sorted(r.name for r in main_window.party_model.rows() if "goblin" in r.name)
    assert names == [f"Cave goblin {n}" for n in range(1, 7)]
    assert len(journal.history(store=session.store)) == before + 1


def test_a_group_is_one_template_in_the_bestiary(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    dialog = StatBlockImportDialog(session, main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.text, GROUP)
    while dialog.target.currentText() != "The bestiary":
        qtbot.keyClick(dialog.target, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: dialog.summary.text().startswith("Ready: 1 figure for the "
                                                             "bestiary"), timeout=5000)
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    goblin = bestiary.template(store=session.store, key="cave_goblin")
    assert (goblin.count, goblin.weapons) == (6, ("dagger",))
