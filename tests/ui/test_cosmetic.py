"""The small things a new user noticed at 1024x700 (issue 34, "Cosmetic"), through the window."""

from __future__ import annotations

import pytest
from person import type_into
from PySide6.QtCore import Qt

from tftmanager.app import journal
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.party_model import PROBLEMS_COLUMN

pytestmark = pytest.mark.ui


def _rename(qtbot, window: MainWindow, old: str, new: str) -> None:
    window.party.select(next(r.id for r in window.party_model.rows() if r.name == old))
    type_into(qtbot, window.editor.name, new, enter=True)


def test_long_names_alike_stay_apart_in_the_party_table(main_window: MainWindow, qtbot) -> None:
    """Two "Brunhild the ..." rows looked the same: cut in the middle, the whole name as tooltip."""
    _rename(qtbot, main_window, "Wulf", "Brunhild the Bold, Shieldmaiden of the Northern Fjords")
    _rename(qtbot, main_window, "Ragnar", "Brunhild the Bold, Shieldmaiden of the Southern Fjords")
    table = main_window.party.table
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    model = table.model()
    shown = {model.index(r, 0).data(): model.index(r, 0).data(Qt.ItemDataRole.ToolTipRole)
             for r in range(model.rowCount())}
    assert all(name == tip for name, tip in shown.items())
    labels = [op.label for op in main_window.session.query(journal.history)[:2]]
    assert labels == ["Brunhild the Bold, Shieldmaiden of the Southern Fjords: renamed from Ragnar",
                      "Brunhild the Bold, Shieldmaiden of the Northern Fjords: renamed from Wulf"]


def test_the_problems_column_is_not_cut_to_1_dots(main_window: MainWindow, qtbot) -> None:
    """ "1 ..." in Problems: the column as wide as its widest summary and icon."""
    main_window.party.select(next(r.id for r in main_window.party_model.rows()
                                  if r.name == "Wulf"))
    spin = main_window.editor.spins["st"]
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "9")  # points left to spend: "1 warning"
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    table = main_window.party.table
    model = table.model()
    summaries = [model.index(r, PROBLEMS_COLUMN).data() for r in range(model.rowCount())]
    assert any(s != "OK" for s in summaries), summaries
    for row in range(model.rowCount()):
        index = model.index(row, PROBLEMS_COLUMN)
        assert table.columnWidth(PROBLEMS_COLUMN) >= table.sizeHintForIndex(index).width()


def test_no_blank_gap_under_a_field_problem(main_window: MainWindow, qtbot) -> None:
    """A problem under a field took the height of three lines where two fit: a blank gap."""
    main_window.resize(1024, 700)
    main_window.party.select(next(r.id for r in main_window.party_model.rows()
                                  if r.name == "Flavius Marcellus"))
    editor = main_window.editor
    spin = editor.spins["iq"]
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, "5")
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    problem = editor.problems["iq"]
    qtbot.waitUntil(lambda: problem.isVisible() and "below the IQ level" in problem.text())
    qtbot.waitUntil(lambda: problem.height() == problem.heightForWidth(problem.width()))
    below = editor.spins["sp"].mapTo(editor, editor.spins["sp"].rect().topLeft()).y()
    bottom = problem.mapTo(editor, problem.rect().bottomLeft()).y()
    form = spin.parentWidget().layout()
    assert below - bottom <= form.verticalSpacing() + 2  # the next row follows at once
