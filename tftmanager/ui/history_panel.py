"""The History panel: the campaign's journal in plain words, newest first.

It only shows what ``app.journal.history`` returns; undone operations (the
redo tail) are greyed, and those past the undo limit are marked, so the GM
can see how far Undo reaches.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tftmanager.app import journal
from tftmanager.app.journal import Operation
from tftmanager.ui.session import CampaignSession

SHOWN = 200  # the panel lists this many; `tftmanager history` reaches further back


def operation_text(operation: Operation) -> str:
    """One line of the history: week, who (on a server campaign), label, and undo's state."""
    when = operation.when.strftime("%d %b %H:%M")
    who = f" · {operation.author}" if operation.author else ""
    suffix = f" ({operation.state})" if operation.state else ""
    return f"Week {operation.week} · {when}{who} — {operation.label}{suffix}"


class HistoryPanel(QWidget):
    """A read-only list of the journal's operations."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setAccessibleName("Campaign history")
        self.list.setAccessibleDescription(
            "Every change made to the campaign, newest first; Edit > Undo takes back the top one")
        self.list.setAlternatingRowColors(True)
        self.list.setWordWrap(True)  # a long label wraps rather than hiding its end
        self.list.setUniformItemSizes(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)

    def show_session(self, session: CampaignSession | None) -> None:
        """The open campaign's newest operations (none when no campaign is open)."""
        self.show_operations(session.query(journal.history,
                                           limit=SHOWN) if session is not None else [])

    def show_operations(self, operations: Sequence[Operation]) -> None:
        """Replace the list with these operations (newest first)."""
        self.list.clear()
        if not operations:
            self.list.addItem("No changes yet")
            return
        muted = self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        for operation in operations:
            item = QListWidgetItem(operation_text(operation))
            item.setToolTip(operation.label)
            if operation.undone or not operation.undoable:
                font = QFont(item.font())
                font.setItalic(True)
                item.setFont(font)
                item.setForeground(muted)
            self.list.addItem(item)

    def lines(self) -> list[str]:
        """What the list shows, top to bottom (for tests and screen readers)."""
        return [self.list.item(i).text() for i in range(self.list.count())]
