"""File > Join a Table…: the invitation link the GM gave, read before anything is sent.

The same link opens the player's page on a phone.  A link that is not one
(a typo, a sentence around it, another site's address) is refused in one
line inside the dialog, which stays open to mend it; whether the server
knows the link is the server's answer, in the player's window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from tftmanager.tableclient.invitation import EXAMPLE, Invitation, LinkNotUnderstood

if TYPE_CHECKING:
    from tftmanager.ui.player_window import PlayerWindow


class JoinDialog(QDialog):
    """Asks for the invitation link; ``invitation`` holds it once Join is pressed."""

    def __init__(self, parent: QWidget | None = None, link: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a Table")
        self.invitation: Invitation | None = None
        layout = QVBoxLayout(self)
        intro = QLabel("Paste the invitation link the GM gave you (the one that opens your "
                       "character on a phone). Your character opens in a window of its own, "
                       "live from the GM's campaign.")
        intro.setWordWrap(True)
        self.link = QLineEdit(link)
        self.link.setPlaceholderText(EXAMPLE)
        self.link.setAccessibleName("Invitation link")
        self.link.setMinimumWidth(440)
        if not link:  # a link just copied from a message is offered
            copied = QGuiApplication.clipboard().text().strip()
            if copied.startswith(("http://", "https://")) and "/p/" in copied:
                self.link.setText(copied)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setAccessibleName("Problem with the link")
        self.problem.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.join = buttons.addButton("&Join", QDialogButtonBox.ButtonRole.AcceptRole)
        self.join.setDefault(True)
        buttons.accepted.connect(self._join)
        buttons.rejected.connect(self.reject)
        for widget in (intro, self.link, self.problem, buttons):
            layout.addWidget(widget)

    def _join(self) -> None:
        try:
            self.invitation = Invitation.parse(self.link.text())
        except LinkNotUnderstood as exc:
            self.problem.setText(exc.message)
            self.problem.show()
            self.link.setFocus()
            return
        self.accept()


def ask_invitation(parent: QWidget | None) -> Invitation | None:
    """The link the player pasted, read; None when they cancelled."""
    dialog = JoinDialog(parent)
    dialog.exec()
    return dialog.invitation if dialog.result() == QDialog.DialogCode.Accepted else None


def join(parent: QWidget | None) -> PlayerWindow | None:
    """File > Join a Table…: ask for the link, then open the player's window for it."""
    invitation = ask_invitation(parent)
    if invitation is None:
        return None
    # The window and its HTTP client load only when a player joins: the main window's
    # first paint does not wait for them.
    from tftmanager.ui.player_window import open_player_window  # noqa: PLC0415

    return open_player_window(invitation)


def add_join_action(window: QMainWindow, before: QAction) -> QAction:
    """File > Join a Table… in a main window's File menu, before ``before``."""
    action = QAction("&Join a Table…", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+J"))
    action.setStatusTip("Open your character from the invitation link the GM gave you (a "
                        "player's window, live from the GM's table server)")
    action.triggered.connect(lambda: join(window))
    for menu in before.associatedObjects():
        if isinstance(menu, QMenu):
            menu.insertAction(before, action)
    return action
