"""File > Join a Table…'s dialog: the GM's invitation link, read before anything is sent.

The same link opens the player's page on a phone.  A link that is not one
(a typo, a sentence around it, another site's address) is refused in one
line inside the dialog, which stays open to mend it; whether the server
knows the link is the server's answer, in the player's window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tftmanager.tableclient.invitation import EXAMPLE, Invitation, LinkNotUnderstood
from tftmanager.ui.runner import free_check


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
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.join = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.join.setText("&Join")  # the default button: Enter in the field joins
        buttons.accepted.connect(self._join)
        buttons.rejected.connect(self.reject)
        for widget in (intro, self.link, self.problem, buttons):
            layout.addWidget(widget)
        # As tall as its wrapped lines need, the problem's line included once shown.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)

    def _join(self) -> None:
        read = free_check(Invitation.parse, answers=(LinkNotUnderstood,), text=self.link.text())
        if read.refusal is not None:  # said here, under the field, to mend it
            self.problem.setText(read.refusal.message)
            self.problem.show()
            self.link.setFocus()
            return
        self.invitation = read.value
        self.accept()


def ask_invitation(parent: QWidget | None) -> Invitation | None:
    """The link the player pasted, read; None when they cancelled."""
    dialog = JoinDialog(parent)
    dialog.exec()
    return dialog.invitation if dialog.result() == QDialog.DialogCode.Accepted else None
