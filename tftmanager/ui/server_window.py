"""A server campaign in the main window: opening it, hearing the others, a player's limits.

Kept out of the main window (which holds one line for it): File > Open
Server Campaign… and the recent server campaigns; a ``Listener`` watched by
a ``QSocketNotifier`` so another user's change shows up as it commits (only
what it touched is redrawn, and the status bar says who did what); and for
a player's login, the characters of others read-only and the GM's tools
disabled with a tooltip saying why.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QSettings, QSocketNotifier, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QMenuBar, QStatusBar, QWidget

from tftmanager.app.location import CampaignLocation
from tftmanager.ui import server_dialog, window_state
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.app.changes import Changes
    from tftmanager.app.server_campaigns import Listener, Notice
    from tftmanager.ui.editor import CharacterEditor
    from tftmanager.ui.party import PartyPanel
    from tftmanager.ui.session import CampaignSession

NOT_YOURS_NOTE = "Played by another player: only the GM or its player can change it."
GM_ONLY = "Only the GM can do this in a shared campaign; your login is a player's."
GM_ONLY_PARTY = ("Only the GM adds or removes characters in a shared campaign; your login "
                 "is a player's.")
RECONNECT_MS = 5000  # how soon a dropped listening connection is tried again


class MainWindow(Protocol):
    """What this needs of the main window (named, not imported: no cycle)."""

    session: CampaignSession | None
    signals: AppSignals
    settings: QSettings
    party: PartyPanel
    editor: CharacterEditor
    recent_menu: QMenu
    act_open: QAction
    act_settings: QAction
    act_library: QAction
    act_week: QAction
    act_award: QAction
    act_add: QAction
    act_duplicate: QAction
    act_delete: QAction
    act_survival: QAction

    def menuBar(self) -> QMenuBar: ...  # noqa: N802 - Qt API

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt API

    def window(self) -> QWidget: ...

    def close_campaign(self) -> None: ...

    def attach(self, session: CampaignSession) -> None: ...

    def open_campaign(self, path: Path) -> bool: ...


def recent_label(entry: CampaignLocation) -> str:
    """How a recent campaign reads in the menu: the file's name, or where on which server."""
    if not entry.is_server:
        return entry.path.name
    from tftmanager.app import server_campaigns  # noqa: PLC0415 - after first paint
    from tftmanager.ui.runner import free_query  # noqa: PLC0415

    return free_query(server_campaigns.place, location=entry)


class ServerActions(QObject):
    """File > Open Server Campaign…, live news from the server, and a player's limits."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window.window())
        self.win = window
        self.listener: Listener | None = None
        self.notifier: QSocketNotifier | None = None
        self.known: set[int] = set()
        self.assigned: set[int] | None = None
        self.note: QLabel | None = None
        self._tips: dict[int, tuple[str, str]] = {}  # each GM tool's own tips, to put back
        self.open_action = QAction("Open &Server Campaign…", window.window())
        self.open_action.setStatusTip("Open a campaign shared by a group on a PostgreSQL "
                                      "server")
        self.open_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.open_action.triggered.connect(lambda: self.ask_open())
        file_menu = window.act_open.associatedObjects()
        for menu in file_menu:
            if isinstance(menu, QMenu):
                menu.insertAction(window.recent_menu.menuAction(), self.open_action)
        encounter = getattr(window, "act_encounter", None)
        for menu in encounter.associatedObjects() if encounter is not None else []:
            if isinstance(menu, QMenu):  # it enables New Encounter as it opens: after it
                menu.aboutToShow.connect(self.restrict)
        self._watching_selection = False
        window.signals.campaign_opened.connect(lambda _where: self._opened())
        window.signals.campaign_closed.connect(self._closed)
        window.signals.status_noted.connect(
            lambda line: window.statusBar().showMessage(line, 10000))

    # Opening

    def ask_open(self, url: str = "", message: str = "") -> bool:
        """The dialog; the campaign it opened replaces the one open."""
        session = server_dialog.ask_server_campaign(self.win.window(), self.win.signals,
                                                    url=url, message=message)
        if session is None:
            return False
        self.win.close_campaign()
        self.win.attach(session)
        return True

    def open_url(self, url: str) -> bool:
        """Reopen a remembered server campaign; the dialog is shown only when it refuses."""
        from tftmanager.app import server_campaigns  # noqa: PLC0415 - after first paint
        from tftmanager.app.errors import CampaignError  # noqa: PLC0415
        from tftmanager.ui.runner import Runner, free_query  # noqa: PLC0415
        from tftmanager.ui.session import CampaignSession  # noqa: PLC0415

        def opened() -> CampaignSession:
            return CampaignSession.open_address(
                free_query(server_campaigns.address_of, url=url), self.win.signals)

        ran = Runner(self.win.signals).free("Open server campaign", opened,
                                            answers=(CampaignError,), writes=False)
        if ran.refusal is not None:  # the dialog says why, to be corrected
            return self.ask_open(url, ran.refusal.message)
        session = ran.value
        if session is None:
            return False  # a bug: reported
        self.win.close_campaign()
        self.win.attach(session)
        return True

    def fill_recent(self) -> None:
        """File > Open Recent: the files still there and the server campaigns."""
        menu = self.win.recent_menu
        menu.clear()
        entries = [e for e in window_state.recent_files(self.win.settings)
                   if e.is_server or e.path.exists()]
        for entry in entries:
            action = menu.addAction(recent_label(entry))
            action.setStatusTip(entry.display)
            action.triggered.connect(lambda _c=False, e=entry: self.open_recent(e))
        if not entries:
            menu.addAction("No recent campaigns").setEnabled(False)

    def open_recent(self, entry: CampaignLocation) -> bool:
        """Open a recent campaign, a file or a server URL."""
        return self.open_url(entry.url) if entry.url else self.win.open_campaign(entry.path)

    # A campaign opened or closed

    def _opened(self) -> None:
        session = self.win.session
        if session is None or not session.shared:
            return
        if not self._watching_selection:
            self._watching_selection = True
            self.win.party.selection_changed.connect(self.show_limits)
        shown = dict(session.store.seen)  # the versions the window read
        self._listen()
        self.known = session.look()
        self.assigned = session.assigned()
        self.restrict()
        self.show_limits(self.win.party.selected_id())
        if session.store.seen != shown:  # changed before we listened
            from tftmanager.ui import server_news  # noqa: PLC0415

            self.apply(server_news.everything(self.known), self.known)

    def _closed(self) -> None:
        self._stop_listening()
        self.known, self.assigned = set(), None
        self.show_limits(None)
        self.restrict()

    # Live news

    def _listen(self) -> None:
        """Start listening to the open campaign's news (quietly again later on a failure)."""
        from tftmanager.app import server_campaigns  # noqa: PLC0415 - only with a server open
        from tftmanager.app.errors import ConnectionLost  # noqa: PLC0415

        session = self.win.session
        if session is None or not session.shared:
            return
        listening = session.check(server_campaigns.listen, answers=(ConnectionLost,))
        listener = listening.value
        if listener is None:  # the server is away: try again in a while
            QTimer.singleShot(RECONNECT_MS, self._reconnect)
            return
        self.listener = listener
        self.notifier = QSocketNotifier(listener.fileno(), QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(lambda *_args: self.hear())

    def _stop_listening(self) -> None:
        if self.notifier is not None:
            self.notifier.setEnabled(False)
            self.notifier.deleteLater()
            self.notifier = None
        if self.listener is not None:
            with contextlib.suppress(Exception):  # a dead connection needs no closing
                self.listener.close()
            self.listener = None

    def _reconnect(self) -> None:
        """A dropped listening connection: listen again, and catch up on what was missed."""
        session = self.win.session
        if session is None or not session.shared or self.listener is not None:
            return
        self._listen()
        if self.listener is not None:
            from tftmanager.app.errors import CampaignError  # noqa: PLC0415
            from tftmanager.ui import server_news  # noqa: PLC0415 - only with a server open
            from tftmanager.ui.runner import free_check  # noqa: PLC0415

            looked = free_check(session.look, answers=(CampaignError,))
            if looked.done:  # else the next notice or action will say it
                current = looked.value
                self.apply(server_news.everything(current, self.known - current), current)

    def hear(self) -> list[Notice]:
        """Read the notices that arrived and show the other users' changes."""
        if self.listener is None:
            return []
        from tftmanager.app.errors import ConnectionLost  # noqa: PLC0415
        from tftmanager.ui.runner import free_check  # noqa: PLC0415

        heard = free_check(self.listener.pending, answers=(ConnectionLost,))
        if not heard.done:  # the connection dropped: reconnect quietly
            self._stop_listening()
            QTimer.singleShot(RECONNECT_MS, self._reconnect)
            return []
        notices = heard.value or []
        session = self.win.session
        if session is None:
            return []
        others = [n for n in notices if n.author != (session.store.author or "")]
        if others:
            from tftmanager.app.errors import CampaignError  # noqa: PLC0415
            from tftmanager.ui import server_news  # noqa: PLC0415 - only with a server open
            from tftmanager.ui.runner import free_check  # noqa: PLC0415

            looked = free_check(session.look, answers=(CampaignError,))
            if looked.refusal is not None:  # the server went away: say so, hear again later
                self.win.statusBar().showMessage(looked.refusal.message, 15000)
                return others
            current = looked.value or set()
            self.apply(server_news.changes_for(others, self.known, current), current)
            self.win.statusBar().showMessage(server_news.news_line(others[-1]), 15000)
        return others

    def apply(self, changes: Changes, current: set[int]) -> None:
        """Redraw what others changed, as if this window had made the change."""
        session = self.win.session
        if session is None:
            return
        self.known = current
        if session.is_player:
            self.assigned = session.assigned()
        if changes.library or changes.settings:  # the rules as the other user left them
            from tftmanager.app.library import forget_library  # noqa: PLC0415

            session.query(forget_library)
        session.signals.changes_applied.emit(changes)
        session.signals.journal_changed.emit()
        self.show_limits(self.win.party.selected_id())

    # A player's limits

    def restrict(self) -> None:
        """Disable the GM's tools for a player's login, saying why (called after updates)."""
        session = self.win.session
        player = session is not None and session.is_player
        selected = self.win.party.selected_id() if hasattr(self.win, "party") else None
        others = self.assigned is not None and selected not in self.assigned
        tools = [*self._gm_tools(), (self.win.act_survival, NOT_YOURS_NOTE, others)]
        for action, why, refused in tools:
            tips = self._tips.setdefault(id(action), (action.toolTip(), action.statusTip()))
            if player and refused:
                action.setEnabled(False)
                action.setToolTip(why)
                action.setStatusTip(why)
            else:
                action.setToolTip(tips[0])
                action.setStatusTip(tips[1])

    def _gm_tools(self) -> list[tuple[QAction, str, bool]]:
        """What only the GM may do on a server campaign (the database refuses it to others)."""
        win = self.win
        tools: list[Any] = [(win.act_settings, GM_ONLY), (win.act_library, GM_ONLY),
                            (win.act_week, GM_ONLY), (win.act_award, GM_ONLY),
                            (getattr(win, "act_encounter", None), GM_ONLY),
                            (win.act_add, GM_ONLY_PARTY), (win.act_duplicate, GM_ONLY_PARTY),
                            (win.act_delete, GM_ONLY_PARTY)]
        return [(action, why, True) for action, why in tools if action is not None]

    def show_limits(self, character_id: int | None) -> None:
        """A character a player's login does not play opens read-only, with a note saying why."""
        if not hasattr(self.win, "editor"):
            return
        editor = self.win.editor
        read_only = (self.assigned is not None and character_id is not None
                     and character_id not in self.assigned)
        for index in range(editor.tabs.count()):
            page = editor.tabs.widget(index)
            if page is not None:
                page.setEnabled(not read_only)
        note = self._note(editor)
        note.setVisible(read_only)
        self.restrict()  # Survival Roll follows the selection

    def _note(self, editor: CharacterEditor) -> QLabel:
        if self.note is None:
            self.note = QLabel(NOT_YOURS_NOTE)
            self.note.setAccessibleName("Read-only")
            self.note.setWordWrap(True)
            font = self.note.font()
            font.setItalic(True)
            self.note.setFont(font)
            parent = editor.title.parentWidget()
            layout = parent.layout() if parent is not None else None
            insert = getattr(layout, "insertWidget", None)
            if callable(insert):
                insert(1, self.note)
            self.note.hide()
        return self.note


def install(window: MainWindow) -> ServerActions:
    """The one hook the main window keeps: everything server campaigns add to it."""
    return ServerActions(window)
