"""A campaign in a read-only folder opens to be looked at (issue 34, item 3).

It once gave only "cannot be opened for editing: its folder is read-only" and
Close. The folder is read-only here as the kernel says so to the lock (root
writes anywhere, so a chmod would not do): the lock file cannot be made.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from tftmanager.store import lock
from tftmanager.ui import operations
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


@pytest.fixture
def read_only_folder(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """From when it is called, every lock file is refused as a read-only file system would."""
    real_open = os.open

    def refusing_locks(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if str(path).endswith(".lock") and flags & (os.O_RDWR | os.O_WRONLY | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    return lambda: monkeypatch.setattr(lock.os, "open", refusing_locks)


def _menu_actions(window: MainWindow) -> dict[str, QAction]:
    found: dict[str, QAction] = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        menu.aboutToShow.emit()  # entries are enabled as their menu opens
        for action in menu.actions():
            if not action.isSeparator():
                found[action.text().replace("&", "").rstrip("…")] = action
    return found


def test_a_read_only_campaign_is_shown_with_a_banner_and_no_edits(
        make_window, tmp_path: Path, campaign_templates, dialog_log, read_only_folder,
        qtbot) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", demo=True)
    before = path.read_bytes()
    read_only_folder()
    window = make_window()
    assert window.open_campaign(path)
    assert dialog_log.campaign_errors == []
    session = window.session
    assert session is not None and session.read_only
    banner = window.read_only.banner
    assert banner.isVisible()
    assert "Read-only." in banner.text() and "party.tftcampaign" in banner.text()
    assert "(read-only)" in window.windowTitle()
    names = sorted(row.name for row in window.party_model.rows())
    assert names == ["Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]

    # Looking is allowed: choose a character, read the sheet, switch tabs.
    wulf = next(r.id for r in window.party_model.rows() if r.name == "Wulf")
    window.party.select(wulf)
    editor = window.editor
    assert editor.name.text() == "Wulf"
    qtbot.mouseClick(editor.tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=editor.tabs.tabBar().tabRect(1).center())
    assert editor.tabs.currentIndex() == 1
    # Every edit is disabled: the editor's fields and the menus' edits.
    assert not editor.name.isEnabled() and not editor.kind.isEnabled()
    assert not editor.spins["st"].isEnabled()
    actions = _menu_actions(window)
    for name in ("Add Character", "Duplicate Character", "Delete Character", "Undo", "Redo",
                 "Campaign Rules", "Rules Library", "Award Experience", "Plan and Run Weeks",
                 "Survival Roll", "New Encounter", "Import Stat Blocks",
                 "Import from Foundry VTT"):
        assert not actions[name].isEnabled(), name
    for name in ("Print Cards", "Export Cards to PDF", "Save a Copy", "Close Campaign",
                 "Journal", "Find Character"):
        assert actions[name].isEnabled(), name
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # Add Character's shortcut
    assert sorted(row.name for row in window.party_model.rows()) == names
    assert dialog_log.errors == []
    window.close_campaign()
    assert path.read_bytes() == before
    assert not banner.isVisible()


def test_an_edit_tried_anyway_is_refused_in_one_line(
        make_window, tmp_path: Path, campaign_templates, dialog_log,
        read_only_folder) -> None:
    """Past the disabled editor (a window left open, a script), the store says no."""
    path = campaign_templates.file(tmp_path / "party.tftcampaign", demo=True)
    read_only_folder()
    window = make_window()
    assert window.open_campaign(path)
    assert window.session is not None
    assert operations.characters.add_new(window.session) is None
    assert dialog_log.errors == [("Not saved", "Add character failed: party.tftcampaign is open "
                                  "read-only: nothing in it can be changed.")]


def test_a_writable_campaign_opened_next_is_editable_again(
        make_window, tmp_path: Path, campaign_templates, read_only_folder,
        monkeypatch: pytest.MonkeyPatch) -> None:
    read_only = campaign_templates.file(tmp_path / "cd.tftcampaign", demo=True)
    mine = campaign_templates.file(tmp_path / "mine.tftcampaign", demo=True)
    read_only_folder()
    window = make_window()
    assert window.open_campaign(read_only)
    assert window.read_only.banner.isVisible()
    monkeypatch.undo()  # the next folder can be written
    assert window.open_campaign(mine)
    assert window.session is not None and not window.session.read_only
    assert not window.read_only.banner.isVisible()
    assert window.editor.name.isEnabled()
    assert window.act_add.isEnabled()
