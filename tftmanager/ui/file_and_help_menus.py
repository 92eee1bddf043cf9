"""File > Save, Save a Copy…, Join a Table…, Help > User Guide (F1) and Show Log Folder.

Every edit is saved as it is made, so Save has nothing to write; users press
Ctrl+S out of habit, and a shortcut that does nothing leaves them unsure
whether their work is safe, so Save says that it is.  Save a Copy writes a
consistent copy (SQLite's backup API, through ``app.copies``).  Kept out of
the main window, which holds only a one-line hook (``FileAndHelpActions``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QStatusBar, QWidget

from tftmanager import activity_log
from tftmanager.app.location import CAMPAIGN_SUFFIX
from tftmanager.app.outputs import check_copy_output
from tftmanager.ui import dialogs, join_table, sheet_actions, window_state
from tftmanager.ui.save_as import ask_save_path
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


class MainWindow(Protocol):
    """What these actions need of the main window (named, not imported: no cycle)."""

    act_close: QAction
    act_about: QAction
    act_export_pdf: QAction  # File > Export Character Sheets goes after it (sheet_actions)
    signals: AppSignals
    session: CampaignSession | None

    def menuBar(self) -> QMenuBar: ...  # noqa: N802 - Qt API

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt API

    def window(self) -> QWidget: ...  # the main window itself, as a widget

    def open_campaign(self, path: Path) -> bool: ...

    def new_campaign(self, path: Path, *, demo: bool = False, history: bool = False) -> bool: ...

ALREADY_SAVED = ("Every change is saved as you make it; there is nothing more to save. "
                 "File > Save a Copy… writes a separate copy.")
NOTHING_OPEN = ("No campaign is open. Once one is, every change is saved as you "
                "make it.")


def _menu(window: MainWindow, title: str) -> QMenu:
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and menu.title() == title:
            return menu
    raise LookupError(f"the main window has no {title} menu")


def _new_action(window: MainWindow, text: str, tip: str, keys: QKeySequence.StandardKey,
                fallback: str) -> QAction:
    action = QAction(text, window.window())
    action.setStatusTip(tip)
    action.setToolTip(tip)
    action.setShortcuts(QKeySequence.keyBindings(keys) or [QKeySequence(fallback)])
    return action


class FileAndHelpActions:
    """File > Save, File > Save a Copy… and Help > User Guide, in the main window's menus."""

    def __init__(self, window: MainWindow) -> None:
        sk = QKeySequence.StandardKey
        self.save = _new_action(window, "&Save", "Every change is already saved; this "
                                "says so", sk.Save, "Ctrl+S")
        self.save.triggered.connect(lambda: say_saved(window))
        self.save_copy = _new_action(window, "Save a &Copy…", "Write a copy of the "
                                     "campaign to another file", sk.SaveAs, "Ctrl+Shift+S")
        self.save_copy.triggered.connect(lambda: save_copy(window))
        self.guide = _new_action(window, "User &Guide", "How to use TFT Manager, step "
                                 "by step", sk.HelpContents, "F1")
        self.guide.triggered.connect(lambda: show_guide(window.window()))
        # F1 from any of the app's windows (the week planner, a dialog), not only this one.
        self.guide.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        _menu(window, "&File").insertActions(window.act_close, [self.save, self.save_copy])
        self.join = join_table.add_join_action(window.window(), self.save)  # a player's window
        help_menu = _menu(window, "&Help")
        help_menu.insertAction(window.act_about, self.guide)
        self.played_demo = QAction("Open the Demo, Twelve &Weeks Played", window.window())
        self.played_demo.setStatusTip("The demo party after twelve weeks of play: a journal, "
                                      "a party board and charts to explore")
        self.played_demo.triggered.connect(lambda: open_played_demo(window))
        help_menu.insertAction(window.act_about, self.played_demo)
        self.log_folder = QAction("Show &Log Folder", window.window())
        self.log_folder.setStatusTip("Open the folder of the log: each action and its time, "
                                     "every refusal and every unexpected error")
        self.log_folder.triggered.connect(show_log_folder)
        help_menu.insertAction(window.act_about, self.log_folder)
        help_menu.insertSeparator(window.act_about)
        self.save_copy.setEnabled(window.session is not None)
        window.signals.campaign_opened.connect(lambda _path: self.save_copy.setEnabled(True))
        window.signals.campaign_closed.connect(lambda: self.save_copy.setEnabled(False))
        self.export_sheets = sheet_actions.add_sheet_export(window)


def show_log_folder() -> QUrl:
    """Help > Show Log Folder: the log's folder in the file manager; returns its URL."""
    folder = activity_log.log_folder()
    with contextlib.suppress(OSError):  # not made yet and cannot be: the file manager says so
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    url = QUrl.fromLocalFile(str(folder))
    QDesktopServices.openUrl(url)
    return url


def say_saved(window: MainWindow) -> str:
    """Ctrl+S: tell the user their work is already in the file (and return what was said)."""
    message = ALREADY_SAVED if window.session is not None else NOTHING_OPEN
    window.statusBar().showMessage(message, 10000)
    return message


def ask_copy_path(window: QWidget, campaign: Path) -> Path | None:
    """Ask where the copy goes (beside the campaign, named "NAME copy" at first)."""
    suggested = campaign.with_name(f"{campaign.stem} copy{CAMPAIGN_SUFFIX}")
    return ask_save_path(window, "Save a Copy", suggested, window_state.CAMPAIGN_FORMATS,
                         refused="Copy not saved", check=check_copy_output)


def save_copy(window: MainWindow) -> Path | None:
    """Ask for a file and write a copy of the open campaign there; say where it went."""
    session = window.session
    if session is None:
        return None
    target = ask_copy_path(window.window(), session.beside)
    if target is None:
        return None
    from tftmanager.ui.operations import copies  # noqa: PLC0415 - the store, on demand

    written = copies.save_copy(session, target)
    if written is not None:
        dialogs.info(window.window(), "Copy Saved",
                     f"Saved a copy of {session.place} as {written}. You are still "
                     f"working in {session.place}; open the copy with File > Open.")
    return written


def show_guide(window: QWidget) -> QWidget:
    """Help > User Guide: the shipped guide in its own window."""
    from tftmanager.ui.guide import show_guide as show  # noqa: PLC0415 - on demand

    return show(window)


PLAYED_DEMO_FILE = "Demo Campaign, twelve weeks played.tftcampaign"


def open_played_demo(window: MainWindow, folder: Path | None = None) -> bool:
    """Help > Open the Demo, Twelve Weeks Played: made once in the app's folder, then reopened.

    A new user sees the journal, the party board and the charts with a story in
    them, without playing twelve weeks first; their own campaigns are untouched.
    """
    path = (folder or window_state.data_folder()) / PLAYED_DEMO_FILE
    if path.exists():
        return window.open_campaign(path)
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        return window.new_campaign(path, demo=True, history=True)
    finally:
        QGuiApplication.restoreOverrideCursor()
