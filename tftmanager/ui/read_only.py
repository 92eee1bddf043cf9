"""A campaign opened only to be looked at: a banner says so, and every edit is disabled.

A campaign whose folder cannot be written (a read-only share, a CD, another
user's folder) is opened as the command line's reading commands open it: no
lock, one snapshot. The window shows it, prints and exports it, and disables
what would change it; should an edit still be tried (from a window already
open, say), the store refuses it in one line with nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QTabWidget

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

BANNER = ("<b>Read-only.</b> {name} cannot be changed here: its folder is read-only. "
          "You can look at it, print and export it; to change it, use File &gt; Save a Copy "
          "somewhere you can write, and open the copy.")
# The File menu's entries that add to the campaign (found by their object names).
IMPORTS = ("Import Characters", "Import Stat Blocks", "Import from Foundry VTT")


class ReadOnlyView:
    """The banner above the party and the editor, and what it disables."""

    def __init__(self, window: QMainWindow, session: Callable[[], CampaignSession | None],
                 edits: Callable[[], Iterable[QAction | None]],
                 pages: Callable[[], QTabWidget | None]) -> None:
        """``edits``: the window's actions that change the campaign; ``pages``: its tabs.

        The window hands them in, so this module does not import the window.
        """
        self.window, self.session, self.edits, self.pages = window, session, edits, pages
        self.banner = QLabel()
        self.banner.setObjectName("read_only_banner")
        self.banner.setAccessibleName("Read-only campaign")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setMargin(8)
        self.banner.setAutoFillBackground(True)
        self.banner.setBackgroundRole(self.banner.palette().ColorRole.ToolTipBase)
        self.banner.setForegroundRole(self.banner.palette().ColorRole.ToolTipText)
        self.banner.hide()

    def watch_menus(self) -> None:
        """Apply again as each menu opens, after the menus' own enabling (which runs first)."""
        for action in self.window.menuBar().actions():
            menu = action.menu()
            if isinstance(menu, QMenu):
                menu.aboutToShow.connect(self.apply)

    def _edits(self) -> list[QAction]:
        actions = [*self.edits(), self.window.findChild(QAction, "act_encounter")]
        actions += [self.window.findChild(QAction, name) for name in IMPORTS]
        return [action for action in actions if action is not None]

    def apply(self) -> None:
        """Show the banner and disable every edit when the open campaign is read-only."""
        session = self.session()
        read_only = session is not None and session.read_only
        self.banner.setVisible(read_only)
        if session is not None and read_only:
            self.banner.setText(BANNER.format(name=session.path.name))
            for action in self._edits():
                action.setEnabled(False)
        tabs = self.pages()
        if tabs is None or (session is not None and session.shared):
            return  # a server campaign's pages follow the login's role (server_window)
        for index in range(tabs.count()):
            page = tabs.widget(index)
            if page is not None:
                page.setEnabled(not read_only)
