"""Campaign > Players' View: the table server inside the window, and each player's QR code.

The server runs in a thread of this process over the window's own store, so
the window and the players' pages share one lock and one journal and never
fight over the file.  A player's action reaches the window through a queued
signal (its views and History refresh within the second); the window's own
edits reach the pages at once (``TableServer.changed``), and anything else
within the watch's tenth of a second.  The server stops before the campaign
closes, and with the window.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import segno
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns, player_links
from tftmanager.app.changes import Changes
from tftmanager.tableserver.routes import TableRefused
from tftmanager.tableserver.runner import TableServer, TableServerThread

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

QR_SCALE = 4


def qr_png(text: str) -> bytes:
    """A QR code of ``text`` as PNG bytes (segno, pure Python)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=QR_SCALE, border=2)
    return out.getvalue()


def qr_pixmap(text: str) -> QPixmap:
    """The QR code as a pixmap for a label."""
    pixmap = QPixmap()
    pixmap.loadFromData(qr_png(text), "PNG")
    return pixmap


class _Relay(QObject):
    """Carries a player's action from the server's thread to the window's (queued)."""

    acted = Signal(int, str)  # character id, the line the player saw


class PlayersView(QDialog):
    """The dialog: start or stop the server, and each character's link and QR code."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players' View")
        self.setObjectName("players_view")
        self.session = session
        self.server: TableServer | None = None
        self.serving: TableServerThread | None = None
        self.relay = _Relay()
        self.relay.acted.connect(self._player_acted, Qt.ConnectionType.QueuedConnection)
        self.lan = QCheckBox("Listen on the local network (players' phones on the same Wi-Fi)")
        self.start_button = QPushButton("Start")
        self.start_button.setObjectName("start_table_server")
        self.start_button.clicked.connect(self.toggle)
        self.where = QLabel("Stopped. Start it to give players their links.")
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.addWidget(self.lan, 1)
        top.addWidget(self.start_button)
        self.rows_area = QScrollArea()
        self.rows_area.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.where)
        layout.addWidget(self.rows_area, 1)
        session.signals.changes_applied.connect(self._window_changed)
        self.resize(720, 640)
        self.fill()

    @property
    def running(self) -> bool:
        """Whether the server is serving."""
        return self.serving is not None and self.serving.is_alive()

    def toggle(self) -> None:
        """Start the server, or stop it."""
        if self.running:
            self.stop()
        else:
            self.start()
        self.fill()

    def start(self) -> None:
        """Serve the window's campaign (its store, its lock) from a thread."""
        def acted(character_id: int, line: str) -> None:
            self.relay.acted.emit(character_id, line)

        try:  # a refusal is said beside the links, not in a dialog
            made = self.session.check(TableServer, answers=(TableRefused,),
                                      lan=self.lan.isChecked(), on_change=acted)
        except OSError as exc:
            self.where.setText(f"The table server could not listen: {exc.strerror or exc}.")
            return
        if made.refusal is not None:
            self.where.setText(made.refusal.message)
            return
        self.server = made.value
        if self.server is None:
            return
        self.serving = TableServerThread(self.server)
        self.serving.start()
        self.start_button.setText("Stop")
        self.lan.setEnabled(False)
        scope = "the local network" if self.lan.isChecked() else "this computer only"
        hint = ("" if self.lan.isChecked() else
                "\nPhones cannot reach this computer's own address: to play at the table, "
                "stop, tick 'Listen on the local network' and start again.")
        self.where.setText(f"Listening on {scope}: {self.server.address.base}\n"
                           f"The GM's page: {self.server.address.gm_url}{hint}")

    def stop(self) -> None:
        """Stop serving (before the campaign closes, and with the window)."""
        if self.serving is not None:
            self.serving.stop()
        self.serving = None
        self.server = None
        self.start_button.setText("Start")
        self.lan.setEnabled(True)
        self.where.setText("Stopped. Start it to give players their links.")

    def _copy(self, url: str) -> None:
        QGuiApplication.clipboard().setText(url)
        self.session.signals.status_noted.emit("The player's link is on the clipboard.")

    def _window_changed(self, _changes: object) -> None:
        if self.server is not None:
            self.server.changed()

    def _player_acted(self, character_id: int, line: str) -> None:
        signals = self.session.signals
        signals.changes_applied.emit(Changes(characters=frozenset({character_id}),
                                             ledger=True, encounter=True))
        signals.journal_changed.emit()
        signals.status_noted.emit(line)

    def _link_action(self, character_id: int, renew: bool) -> None:
        # a refused link is said beside the links, not in a dialog
        ran = (self.session.act("Invite a player", player_links.invite,
                                character_id=character_id, writes=False,
                                answers=(player_links.LinkRefused,)) if renew
               else self.session.act("Revoke a player's link", player_links.revoke,
                                     character_id=character_id, writes=False,
                                     answers=(player_links.LinkRefused,)))
        if ran.refusal is not None:
            self.where.setText(ran.refusal.message)
            return
        if not ran.done:
            return  # a bug: said on the one failure path
        if self.server is not None:
            self.server.changed()
        self.fill()

    def fill(self) -> None:
        """One row per character: name and player, the QR code and link, invite or revoke."""
        host = QWidget()  # a new table each time: the scroll area deletes the old one
        self.grid = QGridLayout(host)
        links = {link.character_id: link
                 for link in self.session.query(player_links.links)}
        for row, sheet in enumerate(self.session.query(campaigns.party_sheets)):
            cid = sheet.id
            if cid is None:
                continue
            link = links.get(cid)
            who = sheet.character.player or "no player named"
            self.grid.addWidget(QLabel(f"<b>{sheet.character.name}</b><br>{who}"), row, 0)
            code = QLabel()
            code.setObjectName(f"qr_{cid}")
            if link is not None and self.server is not None:
                url = self.server.address.player_url(link)
                code.setPixmap(qr_pixmap(url))
                code.setToolTip(url)
                code.setAccessibleName(f"QR code of {sheet.character.name}'s link")
                copy = QPushButton("Copy link")
                copy.setObjectName(f"copy_{cid}")
                copy.setToolTip(url)
                copy.clicked.connect(lambda _c=False, u=url: self._copy(u))
                self.grid.addWidget(copy, row, 2)
            elif link is not None:
                code.setText("Start the server to show the link.")
            else:
                code.setText("No link yet.")
            self.grid.addWidget(code, row, 1)
            buttons = QVBoxLayout()
            invite = QPushButton("Renew link" if link else "Invite")
            invite.setObjectName(f"invite_{cid}")
            invite.clicked.connect(lambda _c=False, c=cid: self._link_action(c, True))
            buttons.addWidget(invite)
            if link is not None:
                revoke = QPushButton("Revoke")
                revoke.setObjectName(f"revoke_{cid}")
                revoke.clicked.connect(lambda _c=False, c=cid: self._link_action(c, False))
                buttons.addWidget(revoke)
            holder = QWidget()
            holder.setLayout(buttons)
            self.grid.addWidget(holder, row, 3)
        self.rows_area.setWidget(host)
