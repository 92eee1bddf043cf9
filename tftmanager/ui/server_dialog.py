"""File > Open Server Campaign…: the URL, the login and (only if needed) a password.

The dialog opens the campaign itself, so a bad URL, a server that does not
answer, a refused password or a campaign in another format is said inside
it, in one line, and nothing is opened.  The password is only ever held in
memory: what is remembered (recent campaigns, settings) is the URL without
it, and the system keyring keeps it only when the user asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tftmanager.ui.contrast import readable

if TYPE_CHECKING:
    from tftmanager.app.server_campaigns import ServerAddress
    from tftmanager.ui.session import CampaignSession
    from tftmanager.ui.signals import AppSignals

EXAMPLE_URL = "postgresql://server.example.org/dragons"
NO_KEYRING = ("No system keyring is available here: type the password each time, or keep "
              "it in libpq's ~/.pgpass file.")
PASSWORD_TIP = ("Leave empty when the server needs none, or when libpq finds it "
                "(PGPASSWORD, ~/.pgpass). It is never written in a file by TFT Manager.")


def keyring_available() -> bool:
    """Whether a system keyring can keep a password here (not the 'fail' backend)."""
    try:
        import keyring  # noqa: PLC0415 - optional, and slow to import
        from keyring.backends import fail  # noqa: PLC0415
    except ImportError:
        return False
    try:
        return not isinstance(keyring.get_keyring(), fail.Keyring)
    except Exception:  # noqa: BLE001 - a broken backend is as good as none
        return False


class ServerCampaignDialog(QDialog):
    """Asks where a server campaign is and who is opening it; opens it on Open."""

    def __init__(self, parent: QWidget | None, signals: AppSignals, *, url: str = "",
                 message: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Open Server Campaign")
        self.signals = signals
        self.session: CampaignSession | None = None
        self.url = QLineEdit()
        self.url.setPlaceholderText(EXAMPLE_URL)
        self.url.setAccessibleName("Server campaign URL")
        self.url.setToolTip("postgresql://host[:port]/database, as the GM gave it to you")
        self.user = QLineEdit()
        self.user.setAccessibleName("User name")
        self.user.setToolTip("Your login on the server (the GM made it for you)")
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName("Password")
        self.password.setPlaceholderText("optional")
        self.password.setToolTip(PASSWORD_TIP)
        self.remember = QCheckBox("Remember the password in the system &keyring")
        if not keyring_available():
            self.remember.setEnabled(False)
            self.remember.setToolTip(NO_KEYRING)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setAccessibleName("Why the campaign did not open")
        red = readable(QColor("#b00020"), [self.palette().window().color()], 4.5)
        self.message.setStyleSheet(f"color: {red.name()}")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.try_open)
        self.buttons.rejected.connect(self.reject)
        self._layout()
        if url:
            self.fill(url)
        self.say(message)

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow("&Campaign URL:", self.url)
        form.addRow("&User name:", self.user)
        form.addRow("&Password:", self.password)
        form.addRow("", self.remember)
        hint = QLabel("The GM gives each player the URL and a login. A password is asked "
                      "only if the server needs one.")
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(520)

    def fill(self, url: str) -> None:
        """Start from a remembered URL: its login goes in the user name field."""
        from tftmanager.app.errors import CampaignError  # noqa: PLC0415 - after first paint
        from tftmanager.app.server_campaigns import address_of  # noqa: PLC0415
        from tftmanager.ui.runner import free_check  # noqa: PLC0415

        address = free_check(address_of, answers=(CampaignError,), url=url).value
        if address is None:  # not a server's URL: shown as it is, to be corrected
            self.url.setText(url)
            return
        self.user.setText(address.user)
        self.url.setText(address.url.replace(f"//{address.user}@", "//", 1))
        self.password.setFocus()

    def say(self, message: str) -> None:
        """Show why the campaign did not open (or nothing)."""
        self.message.setText(message)
        self.message.setVisible(bool(message))
        self.adjustSize()  # room for a message of several lines, never squeezing the form

    def address(self) -> ServerAddress:
        """The address typed (raises ServerError with a message for the user)."""
        from tftmanager.app.server_campaigns import address_of  # noqa: PLC0415
        from tftmanager.ui.runner import free_query  # noqa: PLC0415

        address = free_query(address_of, url=self.url.text(),
                             user=self.user.text().strip() or None)
        password = self.password.text()
        if password:
            from dataclasses import replace  # noqa: PLC0415

            address = replace(address, password=password)
        return address

    def try_open(self) -> bool:
        """Open the campaign; a refusal is said in the dialog, which stays open."""
        from tftmanager.app.errors import CampaignError  # noqa: PLC0415
        from tftmanager.app.server_campaigns import remember_password  # noqa: PLC0415
        from tftmanager.ui.runner import Runner  # noqa: PLC0415
        from tftmanager.ui.session import CampaignSession  # noqa: PLC0415

        def opened() -> tuple[CampaignSession, ServerAddress]:
            address = self.address()
            return CampaignSession.open_address(address, self.signals), address

        self.say("")
        runner = Runner(self.signals)
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            ran = runner.free("Open server campaign", opened, answers=(CampaignError,),
                              writes=False)
        finally:
            QGuiApplication.restoreOverrideCursor()
        if ran.refusal is not None:  # said in the dialog, which stays open
            self.say(ran.refusal.message)
        if ran.value is None:
            return False
        self.session, address = ran.value
        if (self.remember.isChecked() and address.password
                and not runner.free("Remember the password", remember_password, writes=False,
                                    address=address, password=address.password).value):
            self.signals.status_noted.emit("The keyring refused to keep the password.")
        self.accept()
        return True


def ask_server_campaign(parent: QWidget | None, signals: AppSignals, *, url: str = "",
                        message: str = "") -> CampaignSession | None:
    """Show the dialog; the campaign it opened, or None when cancelled."""
    dialog = ServerCampaignDialog(parent, signals, url=url, message=message)
    dialog.exec()
    return dialog.session
