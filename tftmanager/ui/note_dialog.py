"""The session note form: the date it was played, its campaign week, a title and the text."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from tftmanager.app.session_notes import TITLE_MAX


class NoteDialog(QDialog):
    """Asks for one session note; the caller saves it through the notes operations."""

    def __init__(self, week: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add Session Note")
        form = QFormLayout(self)
        self.title = QLineEdit()
        self.title.setMaxLength(TITLE_MAX)
        self.title.setPlaceholderText("The warren")
        self.title.setAccessibleName("Note title")
        self.played_on = QDateEdit(QDate.currentDate())
        self.played_on.setCalendarPopup(True)
        self.played_on.setDisplayFormat("yyyy-MM-dd")
        self.played_on.setAccessibleName("Played on")
        self.week = QSpinBox()
        self.week.setRange(1, 100_000)
        self.week.setValue(week)
        self.week.setAccessibleName("Campaign week")
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("What happened at the table (plain text or Markdown: "
                                     "**bold**, *italics*, - lists)")
        self.text.setAccessibleName("Note text")
        form.addRow("&Title:", self.title)
        form.addRow("&Played on:", self.played_on)
        form.addRow("Campaign &week:", self.week)
        form.addRow("&Note:", self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(520, 420)

    def fill(self, title: str, text: str, week: int, played_on: str) -> None:
        """Show a note being edited."""
        self.setWindowTitle("Edit Session Note")
        self.title.setText(title)
        self.text.setPlainText(text)
        self.week.setValue(week)
        date = QDate.fromString(played_on, "yyyy-MM-dd")
        if date.isValid():
            self.played_on.setDate(date)

    def date(self) -> dt.date:
        """The date played, as Python's date."""
        q = self.played_on.date()
        return dt.date(q.year(), q.month(), q.day())
