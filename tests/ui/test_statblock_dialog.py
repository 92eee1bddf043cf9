"""File > Import Stat Blocks and the other stat block and Foundry entries of the File menu."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from person import choose
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog

from tftmanager.app import characters, foundry
from tftmanager.ui import interop_menu
from tftmanager.ui.background import Background
from tftmanager.ui.foundry_import_dialog import FoundryImportDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.statblock_dialog import PROBLEM, WARNING, StatBlockImportDialog
from tftmanager.ui.unknowns_table import UnknownsTable

pytestmark = pytest.mark.ui

DATA = Path(__file__).resolve().parent.parent / "data"


def _names(window: MainWindow) -> list[str]:
    return sorted(row.name for row in window.party_model.rows())


def _action(window: MainWindow, name: str) -> QAction:
    window.menuBar().actions()[0].menu().aboutToShow.emit()  # entries are enabled on opening
    found = window.findChild(QAction, name)
    assert found is not None, name
    return found


def test_the_preview_marks_each_line_and_import_adds_all(
        main_window: MainWindow, qtbot) -> None:
    assert main_window.session is not None
    dialog = StatBlockImportDialog(main_window.session, main_window)
    qtbot.addWidget(dialog)
    dialog.load(DATA / "statblocks" / "adventure_wizard.txt")
    dialog.refresh()
    table = dialog.table
    assert table.item(0, 2).text().startswith("name: Thorvald the Grey; wizard")
    assert table.item(0, 0).background().color() == WARNING  # race assumed
    assert "Not understood" not in "".join(
        table.item(r, 2).text() for r in range(table.rowCount()))
    assert dialog.import_button.isEnabled()
    assert dialog.summary.text().startswith("Ready: 1 figure for the party")
    dialog.import_button.click()
    assert "Thorvald the Grey" in _names(main_window)


def test_a_line_not_understood_is_red_and_nothing_can_be_imported(
        main_window: MainWindow, qtbot) -> None:
    assert main_window.session is not None
    dialog = StatBlockImportDialog(main_window.session, main_window)
    qtbot.addWidget(dialog)
    dialog.text.setPlainText((DATA / "statblocks" / "bad_attribute.txt").read_text())
    dialog.refresh()
    row = next(r for r in range(dialog.table.rowCount())
               if dialog.table.item(r, 0).text() == "1")
    assert dialog.table.item(row, 1).background().color() == PROBLEM
    assert "Not understood: 'DX eleven'" in dialog.table.item(row, 2).text()
    assert not dialog.import_button.isEnabled()
    dialog.reject()


def test_the_bestiary_is_a_target(main_window: MainWindow, qtbot) -> None:
    assert main_window.session is not None
    dialog = StatBlockImportDialog(main_window.session, main_window)
    qtbot.addWidget(dialog)
    dialog.text.setPlainText((DATA / "statblocks" / "monster_no_race.txt").read_text())
    dialog.target.setCurrentIndex(1)
    dialog.refresh()
    assert dialog.summary.text().startswith("Ready: 1 figure for the bestiary")
    dialog.import_button.click()
    names = [c.name for c in main_window.session.library.creatures.values()]
    assert "GIANT WOLF" in names and "GIANT WOLF" not in _names(main_window)


def test_copy_character_and_party_as_stat_blocks(main_window: MainWindow) -> None:
    ragnar = next(r.id for r in main_window.party_model.rows() if r.name == "Ragnar")
    main_window.party.select(ragnar)
    _action(main_window, "Copy Character as Stat Block").trigger()
    assert QGuiApplication.clipboard().text().startswith("Ragnar, hero\nST 11")
    _action(main_window, "Copy Party as Stat Blocks").trigger()
    assert QGuiApplication.clipboard().text().count(" hero\n") == 4
    _action(main_window, "Copy Bestiary as Stat Blocks").trigger()
    assert "Wolf\nST 10, DX 14, IQ 6, MA 12\nKind: creature" in QGuiApplication.clipboard().text()


def test_foundry_export_then_import_from_the_menu(
        main_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wulf = next(r.id for r in main_window.party_model.rows() if r.name == "Wulf")
    main_window.party.select(wulf)
    target = tmp_path / "wulf.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_a, **_k: (str(target), JSON))
    _action(main_window, "Export Character to Foundry VTT").trigger()
    assert json.loads(target.read_text())["name"] == "Wulf"
    doc = json.loads(target.read_text())
    doc["flags"]["tftmanager"]["uid"] = None
    doc["name"] = "Wulf the Second"
    target.write_text(json.dumps(doc))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda *_a, **_k: ([str(target)], JSON))
    _action(main_window, "Import from Foundry VTT").trigger()
    assert "Wulf the Second" in _names(main_window)


JSON = interop_menu.JSON_FILTER


def test_the_entries_wait_for_a_campaign(make_window) -> None:
    window = make_window()
    assert not _action(window, "Import Stat Blocks").isEnabled()


def test_a_name_the_library_lacks_is_listed_with_its_choices(
        main_window: MainWindow, qtbot) -> None:
    """Kept in the notes by default; choosing a library entry imports that entry instead."""
    assert main_window.session is not None
    dialog = StatBlockImportDialog(main_window.session, main_window)
    qtbot.addWidget(dialog)
    dialog.text.setPlainText((DATA / "statblocks" / "published" / "bandit_captain.txt")
                             .read_text(encoding="utf-8").replace("Ragged Tom", "Tom Rag"))
    dialog.refresh()
    table = dialog.unknowns
    names = [table.item(r, 2).text() for r in range(table.rowCount())]
    assert names == ["Bullying", "throwing knives x3 (1d-1)", "Hand crossbow (2d-1)",
                     "Brigandine (stops 3)"]
    combo = table.cellWidget(3, 3)
    assert combo.currentText() == "Keep in the notes"
    assert isinstance(table, UnknownsTable) and table.choices() == {}
    choose(qtbot, combo, "Add to the library")
    assert len(table.choices()) == 1
    assert dialog.import_button.isEnabled()
    dialog.import_button.click()
    assert "Tom Rag" in _names(main_window)
    assert "brigandine" in main_window.session.library.armors


def test_the_foundry_preview_asks_for_unknown_names_and_imports(
        main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    texts = [(DATA / "foundry" / "world_wizard_brannoc.json").read_text(encoding="utf-8")]
    seen = foundry.preview_actors(store=session.store, texts=texts)
    dialog = FoundryImportDialog(session, texts, seen, main_window)
    qtbot.addWidget(dialog)
    table = dialog.unknowns
    row = next(r for r in range(table.rowCount()) if table.item(r, 2).text().startswith(
        "Light Leather"))
    combo = table.cellWidget(row, 3)
    choose(qtbot, combo, "Use Leather armor")
    assert "mapped to Leather armor" in dialog.report.toPlainText()
    dialog.import_button.click()
    assert dialog.result_landed is not None
    assert "Brannoc the Scribe" in _names(main_window)


def test_a_long_text_is_read_under_a_progress_bar(main_window: MainWindow, qtbot) -> None:
    """Past 100,000 characters the reading runs off the window's thread; it can be cancelled."""
    assert main_window.session is not None
    dialog = StatBlockImportDialog(main_window.session, main_window)
    qtbot.addWidget(dialog)
    text = "\n".join(f"Orc {n}: ST 12 DX 10 IQ 8; Talents: Sword" for n in range(3_000))
    dialog.text.setPlainText(text)
    dialog.refresh()
    assert isinstance(dialog.background, Background)  # the runner's worker
    assert dialog.summary.text() == "Reading…"
    qtbot.waitUntil(lambda: dialog.summary.text().startswith("Ready: 3,000 figures")
                    or dialog.summary.text().startswith("Ready: 3000 figures"), timeout=60_000)
    assert dialog.import_button.isEnabled()
    dialog.refresh()
    progress = dialog.progress
    assert isinstance(progress, QProgressDialog)
    progress.cancel()
    qtbot.waitUntil(lambda: dialog.summary.text().startswith("Reading cancelled"),
                    timeout=10_000)
    assert not dialog.import_button.isEnabled()
    dialog.reject()


def test_a_foundry_actor_already_here_is_updated_when_update_is_chosen(
        main_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        qtbot) -> None:
    """The dialog's "Update" came back from Qt as a plain str, so it added a copy instead."""
    session = main_window.session
    assert session is not None
    wulf = next(r.id for r in main_window.party_model.rows() if r.name == "Wulf")
    main_window.party.select(wulf)
    target = tmp_path / "wulf.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), JSON))
    _action(main_window, "Export Character to Foundry VTT").trigger()
    doc = json.loads(target.read_text())
    doc["name"] = "Wulf Updated"
    target.write_text(json.dumps(doc))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda *_a, **_k: ([str(target)], JSON))

    def press_import() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, FoundryImportDialog) and w.isVisible())
        assert dialog.already.currentText() == "Update the character it came from"
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(200, press_import)
    _action(main_window, "Import from Foundry VTT").trigger()
    assert _names(main_window) == ["Flavius Marcellus", "Joe the Barbarian", "Morgaine",
                                   "Ragnar", "Wulf Updated"]
    assert session.query(characters.get_character, character_id=wulf).name == "Wulf Updated"
