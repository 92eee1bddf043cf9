"""The File menu's stat block and Foundry VTT entries.

Kept out of main_window.py (which only calls :func:`add_to`): import stat
blocks (with the preview dialog), copy the selected character or the party
as stat blocks, export to and import from Foundry VTT's Fantasy Trip system.
The entries are enabled when the menu opens, from the open campaign and the
selected character.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QDialog, QMenu, QStatusBar, QWidget

from tftmanager.ui import dialogs
from tftmanager.ui.save_as import ask_save_path

if TYPE_CHECKING:
    from tftmanager.app.arrivals import Landed
    from tftmanager.ui.session import CampaignSession


class MainWindow(Protocol):
    """What these entries need of the main window (named so main_window is not imported)."""

    session: CampaignSession | None
    party: Any
    panels_built: bool

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name

JSON_FORMATS = (("Foundry actor (*.json)", ".json"), ("All files (*)", ""))
JSON_FILTER = ";;".join(f for f, _suffix in JSON_FORMATS)
CHARACTER_FILTER = "TFT Manager characters (*.json);;All files (*)"
IMPORT_CHARACTERS = "&Import Characters…"  # named by the empty campaign's hint


def add_to(window: MainWindow, menu: QMenu) -> None:
    """Add the entries to a menu (after its print entries)."""
    menu.addSeparator()
    entries: list[tuple[str, object, bool]] = [
        (IMPORT_CHARACTERS, lambda: import_characters(window), False),
        ("Import &Stat Blocks…", lambda: open_import_dialog(window), False),
        ("&Copy Character as Stat Block", lambda: copy_statblocks(window, selected=True), True),
        ("Copy &Party as Stat Blocks", lambda: copy_statblocks(window, selected=False), False),
        ("Copy &Bestiary as Stat Blocks", lambda: copy_statblocks(window, selected=False,
                                                                  bestiary=True), False),
        ("Export Character to &Foundry VTT…", lambda: export_foundry(window, True), True),
        ("Export Party to Foundry VTT…", lambda: export_foundry(window, False), False),
        ("Import from Foun&dry VTT…", lambda: import_foundry(window), False),
    ]
    actions: list[tuple[QAction, bool]] = []
    for text, slot, needs_selection in entries:
        action = menu.addAction(text)
        action.setObjectName(text.replace("&", "").replace("…", "").strip())
        action.triggered.connect(slot)
        actions.append((action, needs_selection))

    def enable() -> None:
        selected = _selected_name(window) is not None
        for action, needs_selection in actions:
            action.setEnabled(window.session is not None and (selected or not needs_selection))

    menu.aboutToShow.connect(enable)
    enable()


def _selected_name(window: MainWindow) -> str | None:
    if window.session is None or not window.panels_built:
        return None
    character_id = window.party.selected_id()
    if character_id is None:
        return None
    from tftmanager.app import characters  # noqa: PLC0415 - with the store

    return window.session.query(characters.get_character, character_id=character_id).name


def open_import_dialog(window: MainWindow) -> None:
    """File > Import Stat Blocks…: the preview dialog."""
    from tftmanager.ui.statblock_dialog import StatBlockImportDialog  # noqa: PLC0415 - on demand

    if window.session is not None:
        StatBlockImportDialog(window.session, _widget(window)).exec()


def _widget(window: MainWindow) -> QWidget:
    assert isinstance(window, QWidget)
    return window


def copy_statblocks(window: MainWindow, *, selected: bool, bestiary: bool = False) -> None:
    """Put the selected character (or the party, or the bestiary) on the clipboard."""
    from tftmanager.ui.operations import interop  # noqa: PLC0415 - after first paint

    if window.session is None:
        return
    name = _selected_name(window) if selected else None
    text = interop.statblock_text(window.session, [name] if name else None, bestiary=bestiary)
    if text is None:
        return
    QGuiApplication.clipboard().setText(text)
    what = name or ("The bestiary" if bestiary else "The party")
    window.statusBar().showMessage(f"{what} copied as stat blocks", 5000)


def export_foundry(window: MainWindow, selected: bool) -> None:
    """Write the selected character (a file) or the party (a folder) as Foundry actors."""
    from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415 - made when first used

    from tftmanager.app.foundry import file_name  # noqa: PLC0415
    from tftmanager.ui.operations import interop  # noqa: PLC0415
    from tftmanager.ui.runner import free_query  # noqa: PLC0415

    session = window.session
    if session is None:
        return
    name = _selected_name(window) if selected else None
    actors = interop.foundry_actors(session, [name] if name else None)
    if actors is None:
        return  # refused: said under "Not exported"
    if selected and actors:
        target = ask_save_path(_widget(window), "Export to Foundry VTT",
                               f"{free_query(file_name, name=actors[0][0])}.json",
                               JSON_FORMATS, refused=interop.NOT_EXPORTED)
        if target is not None and interop.write_actors(session, actors, target,
                                                                  folder=False):
            window.statusBar().showMessage(f"Wrote {target}", 5000)
        return
    folder = QFileDialog.getExistingDirectory(_widget(window), "Export the Party to Foundry VTT")
    if folder and interop.write_actors(session, actors, Path(folder), folder=True):
        window.statusBar().showMessage(f"Wrote {len(actors)} actors to {folder}", 5000)


def import_characters(window: MainWindow) -> None:
    """File > Import Characters…: TFT Manager character files (``tftmanager export``'s)."""
    from tftmanager.ui.operations import interop  # noqa: PLC0415 - after first paint

    chosen = _ask_files(window, "Import Characters", CHARACTER_FILTER)
    if chosen is None or window.session is None:
        return
    names, texts = chosen
    result = interop.import_characters(
        window.session, {Path(name).name: text for name, text in zip(names, texts, strict=True)})
    if result is not None:
        window.statusBar().showMessage(f"Imported {len(result.ids)} character(s)", 10000)


def import_foundry(window: MainWindow) -> None:
    """Add actors exported from Foundry (one or more files) to the party, all or none.

    Each file is read with a progress bar that can cancel; when a name is not in
    the library or an actor is already in the campaign, the preview dialog asks
    what to do, else the actors are imported at once.
    """
    from tftmanager.ui.operations import interop  # noqa: PLC0415

    chosen = _ask_files(window, "Import from Foundry VTT", JSON_FILTER)
    if chosen is None or window.session is None:
        return
    texts = chosen[1]
    seen = interop.preview_foundry(window.session, texts)
    if seen is None:
        return
    result: Landed | None
    if seen.unknowns or any(seen.already) or seen.same_names:
        from tftmanager.ui.foundry_import_dialog import FoundryImportDialog  # noqa: PLC0415

        dialog = FoundryImportDialog(window.session, texts, seen, _widget(window))
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.result_landed is None:
            return
        result = dialog.result_landed
    else:
        result = interop.import_foundry(window.session, texts)
    if result is not None:
        shown = "; ".join(result.report[:3]) + (" …" if len(result.report) > 3 else "")
        window.statusBar().showMessage(f"Imported {len(result.ids)} character(s)"
                                       + (f": {shown}" if shown else ""), 10000)


def _ask_files(window: MainWindow, title: str,
               formats: str) -> tuple[list[str], list[str]] | None:
    """The files the user picks and their texts (None: no campaign, none picked, cancelled)."""
    from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415 - made when first used

    if window.session is None:
        return None
    names, _ = QFileDialog.getOpenFileNames(_widget(window), title, "", formats)
    texts = _read_with_progress(window, names) if names else None
    return (names, texts) if texts is not None else None


def _read_with_progress(window: MainWindow, names: list[str]) -> list[str] | None:
    """The files' texts, read one by one under a progress bar (None if cancelled or unreadable)."""
    from PySide6.QtWidgets import QProgressDialog  # noqa: PLC0415 - made when first used

    progress = QProgressDialog("Reading files…", "Cancel", 0, len(names), _widget(window))
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(500)
    texts = []
    for done, name in enumerate(names):
        progress.setValue(done)
        if progress.wasCanceled():
            return None
        try:
            texts.append(Path(name).read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError) as exc:
            progress.close()
            dialogs.error(_widget(window), "Cannot read the file", str(exc))
            return None
    progress.setValue(len(names))
    return texts
