"""What every screenshot script shares: a fresh demo campaign, and no dialog left waiting.

``make screenshot`` runs its scripts one after another in one scratch HOME,
so the second script found the first one's ``~/Campaigns/Demo
Campaign.tftcampaign``: File > New refused it with a modal message box, and
under Xvfb nobody was there to press OK (the run hung).  Each script now
starts from a file it removed first, and a watchdog closes any modal dialog
that opens, prints what it said and makes the script fail, so a surprise
dialog is a failed ``make screenshot`` with its message, never a hang.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QThread, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

DEMO_NAME = "Demo Campaign.tftcampaign"


def campaigns_folder() -> Path:
    """~/Campaigns (``make screenshot`` sets HOME, so the status bar shows ~/Campaigns/...)."""
    folder = Path.home() / "Campaigns"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fresh_demo_path() -> Path:
    """Where this script's demo campaign goes, with an earlier script's file removed."""
    path = campaigns_folder() / DEMO_NAME
    for old in (path, path.with_name(path.name + ".lock"),
                path.with_name(path.name + "-journal")):
        old.unlink(missing_ok=True)
    return path


class DialogWatchdog(QObject):
    """Closes a modal dialog nobody can answer under Xvfb, and remembers what it said."""

    def __init__(self, app: QApplication, interval_ms: int = 500) -> None:
        super().__init__(app)
        self.app = app
        self.seen: list[str] = []
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> None:
        """Close a modal dialog that waits in its own event loop (a timer fires in it too).

        A modal window merely shown (the picker, the ledger) returns at once and
        is the script's to close: only a second event loop (``exec``) is a wait.
        """
        widget = self.app.activeModalWidget()
        if widget is None or QThread.currentThread().loopLevel() < 2:
            return
        text = widget.text() if isinstance(widget, QMessageBox) else ""
        self.seen.append(f"{type(widget).__name__} '{widget.windowTitle()}' {text}".strip())
        print(f"screenshot: a modal dialog opened and was closed: {self.seen[-1]}")
        if isinstance(widget, QDialog):
            widget.reject()
        else:
            widget.close()

    def exit_code(self, code: int) -> int:
        """The script's exit code: 1 when a dialog had to be closed."""
        return 1 if self.seen else code
