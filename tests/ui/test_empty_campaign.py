"""An empty campaign says how to bring characters in, and the window can (issue 34, item 9).

Its hint named "File > Import", which did not exist (only the command line
imported a character file), and was greyed and cut off.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog

from tftmanager.app import campaigns, journal, transfer
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _file_action(window: MainWindow, text: str) -> QAction:
    file_menu = window.menuBar().actions()[0].menu()
    file_menu.aboutToShow.emit()  # entries are enabled as the menu opens
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == text)


def test_the_empty_campaign_hint_names_an_import_that_works(
        make_window, tmp_path: Path, demo: Path, monkeypatch: pytest.MonkeyPatch,
        dialog_log, qtbot) -> None:
    with campaigns.open_for_reading(path=demo) as store:
        wulf = transfer.export_by_name(store=store, name="Wulf")
    exported = tmp_path / "wulf.json"
    exported.write_text(wulf, encoding="utf-8")
    window = make_window()
    assert window.new_campaign(tmp_path / "empty.tftcampaign")
    title = window.editor.title
    assert "File > Import Characters" in title.text()
    assert title.isEnabled() and title.wordWrap()  # in the text's colour, and whole
    qtbot.wait(50)  # laid out
    assert title.heightForWidth(title.width()) <= title.height()

    action = _file_action(window, "Import Characters…")
    assert action.isEnabled()
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda *_a, **_k: ([str(exported)], ""))
    action.trigger()
    assert dialog_log.errors == []
    assert [row.name for row in window.party_model.rows()] == ["Wulf"]
    session = window.session
    assert session is not None
    assert session.query(journal.history)[0].label == "Imported Wulf"
    assert "Imported 1 character" in window.statusBar().currentMessage()


def test_a_file_that_is_no_character_file_is_refused_naming_it(
        make_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dialog_log) -> None:
    window = make_window()
    assert window.new_campaign(tmp_path / "empty.tftcampaign")
    other = tmp_path / "notes.json"
    other.write_text('{"hello": 1}', encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda *_a, **_k: ([str(other)], ""))
    _file_action(window, "Import Characters…").trigger()
    [(title, message)] = dialog_log.errors
    assert title == "Not saved" and "notes.json: not a TFT Manager character file" in message
    assert window.party_model.rows() == []
