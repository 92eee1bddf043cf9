"""The Rules Library and the party say what a reader needs (issue 34, item 16).

Prerequisites showed internal keys ("recognize_value"); 167 of 186 talents
carried the warning icon, 163 of them only because no document files the
talent under a category; ``tftmanager list`` said "OK" for a figure the
window showed with "1 warning".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tftmanager.cli.main import run
from tftmanager.ui.library_editor import LibraryEditor
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.party_model import COLUMNS

pytestmark = pytest.mark.ui


def _library(window: MainWindow, qtbot) -> LibraryEditor:
    window.act_library.trigger()
    return next(w for w in QApplication.topLevelWidgets()
                if isinstance(w, LibraryEditor) and w.isVisible())


def test_prerequisites_are_named_and_the_warning_marks_only_rule_values(
        main_window: MainWindow, qtbot) -> None:
    editor = _library(main_window, qtbot)
    page = editor.pages["talent"]
    model = page.model
    rows = {model.index(r, 0).data(): r for r in range(model.rowCount())}
    requires = [h for _f, h in model.columns].index("Prerequisites")
    assert model.index(rows["Administrator"], requires).data() == "Literacy"
    keys = [model.index(r, requires).data() for r in range(model.rowCount())]
    assert not any("_" in text for text in keys)  # no key shows ("recognize_value")
    marked = [r for r in range(model.rowCount())
              if model.index(r, 0).data(Qt.ItemDataRole.DecorationRole) is not None]
    assert 0 < len(marked) < model.rowCount() // 4
    category = [h for _f, h in model.columns].index("Cat.")
    said = model.index(rows["Administrator"], category).data(Qt.ItemDataRole.ToolTipRole)
    assert said is None or "no document states it" in said
    editor.close()


def test_the_command_line_lists_problems_as_the_window_shows_them(
        main_window: MainWindow, capsys: pytest.CaptureFixture[str]) -> None:
    session = main_window.session
    assert session is not None
    main_window.act_add.trigger()  # a new figure has points left to spend: a warning
    model = main_window.party_model
    problems = COLUMNS.index("Problems")
    shown = {model.index(r, 0).data(): model.index(r, problems).data()
             for r in range(model.rowCount())}
    path: Path = session.path
    assert run(["list", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()[1:]
    assert "1 warning" in shown.values()
    listed = {name: line.rsplit("  ", 1)[-1].strip()
              for line in out for name in shown if line.startswith(name + " ")}
    assert listed == shown
