"""File > Import from Foundry VTT for an actor exported from here: update in place, one Undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QComboBox, QFileDialog

from tftmanager.app import campaigns, journal
from tftmanager.ui import interop_menu
from tftmanager.ui.foundry_import_dialog import FoundryImportDialog
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui
JSON = interop_menu.JSON_FILTER


def _action(window: MainWindow, name: str) -> QAction:
    window.menuBar().actions()[0].menu().aboutToShow.emit()
    found = window.findChild(QAction, name)
    assert found is not None, name
    return found


def _ragnars(window: MainWindow) -> list[tuple[int, int]]:
    return [(r.id, r.st) for r in window.party_model.rows() if r.name == "Ragnar"]


def _uids(window: MainWindow) -> dict[int, str]:
    session = window.session
    assert session is not None
    return {s.id: s.uid for s in campaigns.party(store=session.store).characters}


@pytest.mark.parametrize("choice", ["Update the character it came from",
                                    "Add a copy as a new character"])
def test_an_exported_actor_read_back_updates_the_character_or_adds_a_copy(
        main_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot,
        choice: str) -> None:
    ((ragnar, st),) = _ragnars(main_window)
    uid = _uids(main_window)[ragnar]
    main_window.party.select(ragnar)
    target = tmp_path / "ragnar.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), JSON))
    _action(main_window, "Export Character to Foundry VTT").trigger()
    doc = json.loads(target.read_text(encoding="utf-8"))
    doc["system"]["st"]["max"] = st + 1  # changed in Foundry
    target.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *_a, **_k: ([str(target)], JSON))
    seen: list[str] = []

    def answer() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, FoundryImportDialog) and w.isVisible())
        seen.append(dialog.findChild(QComboBox).currentText())
        combo = dialog.already
        while combo.currentText() != choice:
            qtbot.keyClick(combo, Qt.Key.Key_Down)
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    session = main_window.session
    assert session is not None
    before = len(journal.history(store=session.store))
    _action(main_window, "Import from Foundry VTT").trigger()
    assert seen == ["Update the character it came from"]  # the default
    rows = _ragnars(main_window)
    assert len(journal.history(store=session.store)) == before + 1
    if choice.startswith("Update"):
        assert rows == [(ragnar, st + 1)]
        assert _uids(main_window)[ragnar] == uid
        assert journal.history(store=session.store)[0].label.startswith("Updated Ragnar")
    else:
        assert sorted(rows) == [(ragnar, st), (max(i for i, _ in rows), st + 1)]
        assert len(set(_uids(main_window).values())) == len(_uids(main_window))
    main_window.act_undo.trigger()
    assert _ragnars(main_window) == [(ragnar, st)]
