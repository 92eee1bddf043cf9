"""A player's window: their character from the table server, live, and what they may do.

Opened by File > Join a Table… or ``tftmanager --join LINK`` with the GM's
invitation link (the one the phone opens).  The window holds no campaign:
it shows the card the server sends (``player_card``), offers exactly the
actions the server lists (``player_actions``), and sends each through the
server's API (``tableclient``), where the rules decide.  A refusal is one
line in the window's usual dialog; what the connection does (dropped,
restarted, the campaign closed, the link revoked) is one line in the status
bar, and the window reconnects by itself.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QWidget,
)

from tftmanager import APP_NAME, activity_log
from tftmanager.tableclient.connection import Answer, TableClient
from tftmanager.tableclient.invitation import Invitation
from tftmanager.tableclient.player import LOST, JoinedTable
from tftmanager.tableclient.wire import PlayerView
from tftmanager.ui import dialogs, screen_fit
from tftmanager.ui.join_dialog import ask_invitation
from tftmanager.ui.player_actions import PlayerActions
from tftmanager.ui.player_card import PlayerCard
from tftmanager.ui.runner import Runner
from tftmanager.ui.signals import AppSignals

WORKING = "Working…"
KEPT = "Your change is kept, and sent (once) when the connection is back."
REFUSED_TITLE = "Not done"


def _raise(exc: BaseException) -> None:
    """A thread's fault, raised again inside the runner, which sorts it as a bug."""
    raise exc


class TableReports(QObject):
    """Carries what the client's threads hear to the window's thread (queued signals)."""

    view_came = Signal(object)  # PlayerView
    line_came = Signal(str, bool)  # the line, and whether the connection is in trouble
    answer_came = Signal(dict, object)  # the request as sent, its Answer
    link_ended = Signal(str)  # the one line saying why the link opens nothing
    bug_came = Signal(str, object)  # what stopped, and the exception (a fault of ours)

    def viewed(self, view: PlayerView) -> None:
        """The card as it is now."""
        self.view_came.emit(view)

    def said(self, line: str, *, trouble: bool) -> None:
        """A line about the connection."""
        self.line_came.emit(line, trouble)

    def answered(self, action: dict[str, str], answer: Answer) -> None:
        """The answer to one action."""
        self.answer_came.emit(action, answer)

    def ended(self, line: str) -> None:
        """The link opens nothing: no more reconnecting."""
        self.link_ended.emit(line)

    def broke(self, what: str, exc: BaseException) -> None:
        """A fault of ours stopped one of the client's threads."""
        self.bug_came.emit(what, exc)


class PlayerWindow(QMainWindow):
    """One joined table: the character's card on the left, the player's actions on the right."""

    def __init__(self, invitation: Invitation) -> None:
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.invitation = invitation
        self.view: PlayerView | None = None
        self.ended = False
        self.waiting = 0  # actions sent and not answered yet
        self._started: dict[str, tuple[str, float]] = {}  # each action's label and start, by nonce
        self.setWindowTitle(f"Joining the table at {invitation.host} — {APP_NAME}")

        self.message = QLabel(f"Joining the table at {invitation.host}…")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setAccessibleName("Connection")
        self.card = PlayerCard()
        self.offers = PlayerActions()
        self.offers.acted.connect(self.act)
        side = QScrollArea()
        side.setWidget(self.offers)
        side.setWidgetResizable(True)
        side.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side.setMinimumWidth(330)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.card)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.stack = QStackedWidget()
        self.stack.setContentsMargins(6, 4, 6, 0)
        self.stack.addWidget(self.message)
        self.stack.addWidget(self.splitter)
        self.setCentralWidget(self.stack)
        self._make_menus()
        self.statusBar().showMessage(f"Joining the table at {invitation.host}…")
        screen_fit.fit(self, QSize(980, 640), share=0.6)
        self.setMinimumSize(QSize(700, 480))

        # A fault in the client's threads goes down the app's one failure path.
        self.signals = AppSignals()
        self.signals.bug_reported.connect(lambda m: dialogs.error(self, "Unexpected Error", m))
        self.runner = Runner(self.signals)
        # No parent: a thread still finishing after the window is gone reports into the
        # void (Qt drops the connections of a deleted window), never into a deleted object.
        self.reports = TableReports()
        self.reports.view_came.connect(self._viewed)
        self.reports.line_came.connect(self._said)
        self.reports.answer_came.connect(self._answered)
        self.reports.link_ended.connect(self._ended)
        self.reports.bug_came.connect(self._broke)
        self.table = JoinedTable(TableClient(invitation), self.reports)
        self.table.start()

    def _make_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.act_join = QAction("&Join a Table…", self)
        self.act_join.setShortcut(QKeySequence("Ctrl+Shift+J"))
        self.act_join.setStatusTip("Open another character from the invitation link the GM "
                                   "gave you")
        self.act_join.triggered.connect(self._join_another)
        self.act_close = QAction("&Close", self)
        self.act_close.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Close)
                                    or [QKeySequence("Ctrl+W")])
        self.act_close.triggered.connect(self.close)
        file_menu.addActions([self.act_join, self.act_close])
        table_menu = self.menuBar().addMenu("&Table")
        self.act_reconnect = QAction("&Reconnect Now", self)
        self.act_reconnect.setShortcut(QKeySequence("F5"))
        self.act_reconnect.setStatusTip("Connect to the table server again now, instead of "
                                        "waiting")
        self.act_reconnect.triggered.connect(self.table_reconnect)
        table_menu.addAction(self.act_reconnect)

    # What the table says

    def _viewed(self, view: PlayerView) -> None:
        first = self.view is None
        self.view = view
        self.card.show_view(view)
        self.offers.show_view(view)
        self.setWindowTitle(f"{view.name} at {self.invitation.host} — {APP_NAME}")
        if self.stack.currentWidget() is not self.splitter:
            self.stack.setCurrentWidget(self.splitter)
        if first:
            self.statusBar().showMessage(f"Joined the table at {self.invitation.host} as "
                                         f"{view.name}'s player.", 8000)

    def _said(self, line: str, trouble: bool) -> None:
        if trouble and self.waiting and line != LOST:
            line = f"{line} {KEPT}"  # the change waiting to be sent is not forgotten
        self.statusBar().showMessage(line, 0 if trouble else 8000)

    def _answered(self, request: dict[str, str], answer: Answer) -> None:
        self.waiting = max(0, self.waiting - 1)
        label, start = self._started.pop(request.get("nonce", ""), ("player's window", 0.0))
        if answer.ok:
            activity_log.done(label, start)
        else:
            activity_log.refused(label, start, answer.message)
        if not self.waiting and not self.ended:
            self.offers.set_busy(False)
        if answer.ok:
            if request.get("action") == "notes":
                self.offers.notes_saved(request.get("notes", ""))
            self.statusBar().showMessage(answer.message, 10000)
            return
        self.statusBar().showMessage(answer.message, 15000)
        dialogs.error(self, REFUSED_TITLE, answer.message)

    def _ended(self, line: str) -> None:
        self.ended = True
        self.view = None
        self.offers.set_busy(True)
        self.message.setText(line)
        self.stack.setCurrentWidget(self.message)
        self.statusBar().showMessage(line)
        self.setWindowTitle(f"Not joined: {self.invitation.host} — {APP_NAME}")

    def _broke(self, what: str, exc: BaseException) -> None:
        """A bug: the window stops acting, and the runner reports it (crash report, dialog)."""
        self._ended(f"{what} stopped: an unexpected error in TFT Manager. Close this window "
                    "and join again.")
        self.runner.free(what, _raise, writes=False, exc=exc)

    # What the player does

    def act(self, action: str, fields: dict[str, str]) -> None:
        """Send one of the offered actions (its answer comes back by ``_answered``)."""
        if self.ended:
            return
        self.waiting += 1
        self.offers.set_busy(True)
        self.statusBar().showMessage(WORKING)
        label = f"player's window: {action}"
        request = self.table.send(action, **fields)
        self._started[request["nonce"]] = (label, activity_log.started(label))

    def table_reconnect(self) -> None:
        """Table > Reconnect Now."""
        if not self.ended:
            self.statusBar().showMessage(f"Reconnecting to {self.invitation.host}…")
            self.table.reconnect_now()

    def _join_another(self) -> None:
        join(self)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        """Leave the table: the stream and the sender stop."""
        self.table.stop()
        super().closeEvent(event)


# The open players' windows: top-level, so held here until each is closed.
OPEN: set[PlayerWindow] = set()


def open_player_window(invitation: Invitation) -> PlayerWindow:
    """A new player's window for this invitation, shown (it deletes itself when closed)."""
    window = PlayerWindow(invitation)
    OPEN.add(window)
    window.destroyed.connect(lambda _obj=None, w=window: OPEN.discard(w))
    window.show()
    return window


def join(parent: QWidget | None) -> PlayerWindow | None:
    """File > Join a Table…: ask for the link, then open the player's window for it."""
    invitation = ask_invitation(parent)
    return open_player_window(invitation) if invitation is not None else None
