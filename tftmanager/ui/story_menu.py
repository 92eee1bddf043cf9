"""The campaign's story and the party at a glance, hooked into the main window.

Campaign > Journal, and View > Party Board and View > Party Charts (docks):
the main window makes the docks (``StoryDocks``) as it is built and adds
their menu entries (``add_to_menus``) when it fills its menus.  Nothing here imports the
store until a dock is first shown or the journal opened, so the window still
paints before the rules and the store load.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QMenu, QScrollArea

from tftmanager.ui import dock_sizes


class StoryDocks:
    """The board and charts docks and the journal action of one main window."""

    def __init__(self, window: QMainWindow, signals: Any) -> None:
        self.window = window
        self.board: Any = None
        self.charts: Any = None
        self.journal_window: Any = None
        self.board_dock = self._dock("Party Board", "party_board_dock",
                                     Qt.DockWidgetArea.BottomDockWidgetArea)
        self.charts_dock = self._dock("Party Charts", "party_charts_dock",
                                      Qt.DockWidgetArea.RightDockWidgetArea)
        self.charts_dock.visibilityChanged.connect(self._charts_shown)
        self.act_journal = QAction("&Journal…", window)
        self.act_journal.setShortcut(QKeySequence("Ctrl+J"))
        self.act_journal.setStatusTip("The campaign's story week by week, with your "
                                      "session notes")
        self.act_journal.triggered.connect(self.open_journal)
        self.act_journal.setEnabled(False)
        signals.changes_applied.connect(self.refresh)
        signals.campaign_opened.connect(lambda _path: self.follow())
        signals.campaign_closed.connect(self.follow)

    def _dock(self, title: str, name: str, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        self.window.addDockWidget(area, dock)
        dock.hide()
        dock_sizes.give_room(self.window, dock)
        dock.visibilityChanged.connect(self._shown)
        return dock

    def session(self) -> Any:
        """The main window's open campaign, if any."""
        return getattr(self.window, "session", None)

    def _shown(self, shown: bool) -> None:
        if shown:
            self._build()

    def _charts_shown(self, shown: bool) -> None:
        """Charts hidden while the campaign changed are drawn afresh as they show."""
        if shown and self.charts is not None and self.session() is not None:
            self.charts.refresh()

    def _build(self) -> None:
        """The docks' contents, made the first time one is shown (they load the rules)."""
        if self.board is None:
            from tftmanager.ui.party_board import PartyBoard  # noqa: PLC0415 - on demand
            from tftmanager.ui.party_charts import PartyCharts  # noqa: PLC0415

            self.board, self.charts = PartyBoard(), PartyCharts()
            self.board_dock.setWidget(self.board)
            party = getattr(self.window, "party", None)
            if party is not None:  # a double-click on the board opens the figure
                self.board.character_activated.connect(party.select)
            # The charts scroll in their dock: their height never grows the window
            # or squeezes the Party Board under it to one row.
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(self.charts)
            self.charts_dock.setWidget(scroll)
            self.follow()

    def follow(self) -> None:
        """Show the open campaign (or none) in the docks; enable the journal."""
        self.act_journal.setEnabled(self.session() is not None)
        if self.journal_window is not None and self.session() is None:
            self.journal_window.close()
            self.journal_window = None
        if self.board is not None:
            self.board.show_session(self.session())
            self.charts.show_session(self.session())

    def refresh(self, changes: Any) -> None:
        """After a change: the board reads what changed, the charts (when shown) again."""
        if self.board is not None and self.session() is not None:
            self.board.on_changes(changes)
            if self.charts_dock.isVisible():
                self.charts.refresh()

    def open_journal(self) -> Any:
        """Campaign > Journal (one window per campaign, raised if already open)."""
        session = self.session()
        if session is None:
            return None
        if self.journal_window is None or self.journal_window.session is not session:
            from tftmanager.ui.journal_window import JournalWindow  # noqa: PLC0415

            self.journal_window = JournalWindow(session, self.window)
        self.journal_window.show()
        self.journal_window.raise_()
        return self.journal_window


def add_to_menus(docks: StoryDocks, campaign_menu: QMenu, view_menu: QMenu) -> None:
    """Campaign > Journal, View > Party Board and Party Charts, for docks made before.

    The main window makes its docks as it is built (so the layout it
    restores has them) and may fill its menus after its first paint.
    """
    campaign_menu.addSeparator()
    campaign_menu.addAction(docks.act_journal)
    for dock, text, keys in ((docks.board_dock, "Party &Board", "Ctrl+B"),
                             (docks.charts_dock, "Party C&harts", "")):
        toggle = dock.toggleViewAction()
        toggle.setText(text)
        if keys:
            toggle.setShortcut(QKeySequence(keys))
        view_menu.addAction(toggle)
