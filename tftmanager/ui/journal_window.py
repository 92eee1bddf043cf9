"""Campaign > Journal: the campaign's story week by week, beside the session notes.

Filters (character, weeks, kind) narrow the story; Add Session Note writes a
note as an undoable operation; Export writes Markdown, HTML or PDF, the same
files ``tftmanager journal`` writes.  The window follows the journal: any
operation, undo or redo shows at once.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns
from tftmanager.app.campaign_journal import (
    CampaignJournal,
    JournalFilter,
    campaign_journal,
    character_names,
    kind_name,
)
from tftmanager.app.journal_export import title, to_html, to_markdown
from tftmanager.app.outputs import write_output
from tftmanager.app.session_notes import note as session_note
from tftmanager.ui.runner import free_query
from tftmanager.ui.save_as import ask_save_path
from tftmanager.ui.session import CampaignSession

NOT_EXPORTED = "Journal not exported"
EXPORT_FORMATS = (("PDF (*.pdf)", ".pdf"), ("Markdown (*.md)", ".md"),
                  ("Web page (*.html)", ".html"))


class JournalWindow(QWidget):
    """The story, filtered, with the GM's notes; refreshed when the journal changes."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.setWindowTitle(f"Journal — {session.query(campaigns.campaign_name)}")
        self.journal: CampaignJournal | None = None
        self._build()
        self.refresh()  # the whole story first: its kinds fill the filter
        self._fill_filters()
        session.signals.journal_changed.connect(self.refresh)
        self.resize(760, 640)

    def _build(self) -> None:
        self.character = QComboBox()
        self.character.setAccessibleName("Character")
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind")
        self.first = self._week_box("From week", "first")
        self.last = self._week_box("To week", "last")
        filters = QHBoxLayout()
        for text, widget in (("&Character:", self.character), ("&Kind:", self.kind),
                             ("&From week:", self.first), ("&to:", self.last)):
            label = QLabel(text)
            label.setBuddy(widget)
            filters.addWidget(label)
            filters.addWidget(widget)
        filters.addStretch(1)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName("Campaign journal")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        self.count = QLabel()
        self.add_note_button = QPushButton("Add Session &Note…")
        self.add_note_button.clicked.connect(self.add_note)
        self.export_button = QPushButton("&Export…")
        self.export_button.clicked.connect(self.ask_export)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count, 1)
        buttons.addWidget(self.add_note_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.browser, 1)
        layout.addLayout(buttons)
        for combo in (self.character, self.kind):
            combo.currentIndexChanged.connect(self.refresh)

    def _week_box(self, name: str, special: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(0, 100_000)
        box.setSpecialValueText(special)  # 0: no bound
        box.setAccessibleName(name)
        box.valueChanged.connect(self.refresh)
        return box

    def _fill_filters(self) -> None:
        self.character.blockSignals(True)
        self.character.addItem("Everyone", None)
        for character_id, name in self.session.query(character_names):
            self.character.addItem(name, character_id)
        self.character.blockSignals(False)
        self.kind.blockSignals(True)
        self.kind.addItem("Every kind", None)
        for kind in self.journal.kinds if self.journal else ():
            self.kind.addItem(free_query(kind_name, kind=kind), kind)
        self.kind.blockSignals(False)

    def where(self) -> JournalFilter:
        """The filter the controls hold."""
        kind = self.kind.currentData()
        return JournalFilter(self.character.currentData(), self.first.value() or None,
                             self.last.value() or None,
                             frozenset({kind}) if kind else frozenset())

    def set_filter(self, *, character: str | None = None, kind: str | None = None,
                   first: int = 0, last: int = 0) -> None:
        """Choose filters by name (what a user picks; used by tests and screenshots)."""
        index = self.character.findText(character) if character else 0
        self.character.setCurrentIndex(max(index, 0))
        self.kind.setCurrentIndex(max(self.kind.findData(kind), 0) if kind else 0)
        self.first.setValue(first)
        self.last.setValue(last)
        self.refresh()

    def refresh(self) -> None:
        """Read the story again under the filters and show it."""
        self.journal = self.session.query(campaign_journal, where=self.where())
        scroll = self.browser.verticalScrollBar().value()
        palette = self.browser.palette()
        dark = palette.base().color().lightness() < palette.text().color().lightness()
        self.browser.setHtml(free_query(to_html, journal=self.journal, standalone=False,
                                        note_links=True, dark=dark))
        self.browser.verticalScrollBar().setValue(scroll)
        notes = sum(len(w.notes) for w in self.journal.weeks)
        self.count.setText(f"{self.journal.sentence_count:,} entries, "
                           f"{notes} session note{'' if notes == 1 else 's'}")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        """A light/dark switch re-tints the notes."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.journal is not None:
            self.refresh()

    def shown_text(self) -> str:
        """The journal as the reader sees it (plain text)."""
        return self.browser.toPlainText()

    def add_note(self) -> bool:
        """Ask for a session note and save it (one undoable operation)."""
        from tftmanager.ui.note_dialog import NoteDialog  # noqa: PLC0415 - on demand
        from tftmanager.ui.operations import notes  # noqa: PLC0415

        dialog = NoteDialog(self.session.query(campaigns.current_week), self)
        if not dialog.exec():
            return False
        return notes.add_note(self.session, dialog.title.text(), dialog.text.toPlainText(),
                              dialog.week.value(), dialog.date())

    def _link(self, url: QUrl) -> None:
        """A note's Edit or Delete link."""
        action, _, number = url.toString().partition(":")
        if not number.isdigit():
            return
        if action == "note-edit":
            self.edit_note(int(number))
        elif action == "note-delete":
            self.delete_note(int(number))

    def edit_note(self, note_id: int) -> bool:
        """Change a note in the form (one undoable operation)."""
        from tftmanager.ui.note_dialog import NoteDialog  # noqa: PLC0415
        from tftmanager.ui.operations import notes  # noqa: PLC0415

        current = self.session.query(session_note, note_id=note_id)
        if current is None:
            return False
        dialog = NoteDialog(current.week, self)
        dialog.fill(current.title, current.text, current.week, current.played_on)
        if not dialog.exec():
            return False
        return notes.edit_note(self.session, note_id, dialog.title.text(),
                               dialog.text.toPlainText(), dialog.week.value(), dialog.date())

    def delete_note(self, note_id: int) -> None:
        """Delete a note (Edit > Undo brings it back)."""
        from tftmanager.ui.operations import notes  # noqa: PLC0415

        notes.delete_note(self.session, note_id)

    def ask_export(self) -> Path | None:
        """Ask where, then write the journal as shown (its filters applied)."""
        path = ask_save_path(self, "Export Journal",
                             f"{self.session.query(campaigns.campaign_name)} journal.pdf",
                             EXPORT_FORMATS, refused=NOT_EXPORTED)
        return None if path is None else self.export(path)

    def export(self, path: Path) -> Path | None:
        """Write the journal to ``path`` in the format its name says."""
        from tftmanager.cards.journal_pdf import export_journal_pdf  # noqa: PLC0415

        journal = self.journal or self.session.query(campaign_journal)
        suffix = path.suffix.lower()
        if suffix == ".pdf":
            done = self.session.free(
                "Export journal", export_journal_pdf, writes=False, refused_as=NOT_EXPORTED,
                path=path, body_html=free_query(to_html, journal=journal, standalone=False),
                title=free_query(title, journal=journal)).done
        else:
            text = free_query(to_markdown if suffix == ".md" else to_html, journal=journal)
            done = self.session.free("Export journal", write_output, writes=False,
                                     refused_as=NOT_EXPORTED, path=path, content=text).done
        return path if done else None
