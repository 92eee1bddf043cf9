"""The rules library editor: the campaign's talents, spells, weapons, armor and shields.

Searchable, sortable tables; add, edit, retire and delete, each an undoable
command.  An entry a character uses cannot be deleted, only retired.  Each
tab can show only its assumed or uncertain entries, and the "To review" tab
lists every such value of the whole library (jobs and rules tables included)
with its source, so a GM reviews the readings in one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import library as library_app
from tftmanager.app.changes import Changes
from tftmanager.app.library import entry_error
from tftmanager.rules.library_entries import Entry
from tftmanager.ui import operations
from tftmanager.ui.library_entry_dialog import EntryDialog
from tftmanager.ui.library_fields import TAB_TITLES
from tftmanager.ui.library_marks_model import LibraryFilter, ReviewModel
from tftmanager.ui.library_model import ENTRY_ROLE, SORT_ROLE, LibraryModel
from tftmanager.ui.read_only_table import read_only_table

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


class LibraryTab(QWidget):
    """One kind of entry: search box, table and buttons."""

    def __init__(self, kind: str, editor: LibraryEditor) -> None:
        super().__init__()
        self.kind = kind
        self.editor = editor
        self.model = LibraryModel(kind)
        self.proxy = LibraryFilter(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.search = QLineEdit()
        self.search.setPlaceholderText(f"Search {TAB_TITLES[kind].lower()}")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(f"Search {TAB_TITLES[kind].lower()}")
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.marked_only = QCheckBox("Assumed or uncertain only")
        self.marked_only.setToolTip("Show only entries with a value no document states "
                                    "(assumed) or a garbled scan leaves unclear (uncertain).")
        self.marked_only.toggled.connect(self.proxy.set_marked_only)
        self.table = read_only_table(self.proxy, TAB_TITLES[kind])
        self.table.setColumnWidth(0, 200)
        for column, (_field, header) in enumerate(self.model.columns[1:], start=1):
            narrow = header in ("IQ", "Cost", "Cat.", "ST", "Stops", "DX", "MA")
            self.table.setColumnWidth(column, 52 if narrow else 150)
        self.table.doubleClicked.connect(lambda _index: self.edit_selected())
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.retire_button = QPushButton("&Retire")
        self.delete_button = QPushButton("&Delete")
        self.add_button.clicked.connect(self.add)
        self.edit_button.clicked.connect(self.edit_selected)
        self.retire_button.clicked.connect(self.toggle_retired)
        self.delete_button.clicked.connect(self.delete_selected)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.retire_button,
                       self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.marked_only)
        layout = QVBoxLayout(self)
        layout.addLayout(search_row)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self._update_buttons()

    def set_entries(self, entries: list[Entry]) -> None:
        """Show these entries (keeping the selection)."""
        selected = self.selected()
        self.model.set_entries(entries)
        if selected is not None:
            self.select(selected.key)
        self._update_buttons()

    def selected(self) -> Entry | None:
        """The selected entry."""
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(ENTRY_ROLE) if rows else None

    def select(self, key: str) -> bool:
        """Select an entry by key."""
        for r in range(self.proxy.rowCount()):
            entry: Entry = self.proxy.index(r, 0).data(ENTRY_ROLE)
            if entry.key == key:
                self.table.selectRow(r)
                return True
        return False

    def _update_buttons(self, *_args: object) -> None:
        entry = self.selected()
        self.edit_button.setEnabled(entry is not None)
        self.delete_button.setEnabled(entry is not None)
        self.retire_button.setEnabled(entry is not None)
        self.retire_button.setText("&Restore" if entry and entry.retired else "&Retire")

    def _form(self, entry: Entry | None) -> EntryDialog:
        dialog = EntryDialog(self.kind, entry, self)
        session = self.editor.session
        dialog.error_check = lambda checked: session.query(entry_error, entry=checked)
        return dialog

    def add(self) -> None:
        """Add an entry through the form."""
        dialog = self.editor.open_form(self._form(None))
        if dialog is not None:
            operations.library.save_library_entry(self.editor.session, None, dialog.entry())

    def edit_selected(self) -> None:
        """Edit the selected entry through the form."""
        entry = self.selected()
        if entry is None:
            return
        dialog = self.editor.open_form(self._form(entry))
        if dialog is not None and dialog.entry() != entry:
            operations.library.save_library_entry(self.editor.session, entry, dialog.entry())

    def toggle_retired(self) -> None:
        """Retire the selected entry, or bring it back."""
        entry = self.selected()
        if entry is not None:
            operations.library.save_library_entry(self.editor.session,
                entry, Entry(entry.kind, entry.key, entry.data, not entry.retired))

    def delete_selected(self) -> None:
        """Delete the selected entry (refused, with the reason, while it is in use)."""
        entry = self.selected()
        if entry is not None:
            operations.library.delete_library_entry(self.editor.session, entry)


class LibraryEditor(QDialog):
    """The campaign's library, one tab per kind."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Rules Library")
        self.tabs = QTabWidget()
        self.pages: dict[str, LibraryTab] = {}
        for kind, title in TAB_TITLES.items():
            page = LibraryTab(kind, self)
            self.pages[kind] = page
            self.tabs.addTab(page, title)
        self.review_model = ReviewModel()
        self.review = QTableView()
        self.review.setModel(self.review_model)
        self.review.setAccessibleName("Values to review")
        self.review.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.review.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.review.verticalHeader().setVisible(False)
        self.review.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((90, 130, 130, 70, 300)):
            self.review.setColumnWidth(column, width)
        self.tabs.addTab(self.review, "To review")
        note = QLabel("These are this campaign's own rules: edits change only this "
                      "campaign. Entries marked with a warning are uncertain or assumed "
                      "readings of the documents; hover to see why, or see every one "
                      "with its source in To review.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(900, 620)
        session.signals.changes_applied.connect(self._on_changes)
        self.refresh()

    def refresh(self) -> None:
        """Reload every tab from the campaign."""
        entries = self.session.query(library_app.entries)
        for page in self.pages.values():
            page.set_entries(entries)
        self.review_model.set_entries(entries)

    def _on_changes(self, changes: Changes) -> None:
        if changes.library:
            self.refresh()

    def open_form(self, dialog: EntryDialog) -> EntryDialog | None:
        """Run an entry form; returns it when saved (tests stand in for this)."""
        return dialog if dialog.exec() == QDialog.DialogCode.Accepted else None

    def done(self, result: int) -> None:
        """Stop listening when closed."""
        import contextlib  # noqa: PLC0415

        with contextlib.suppress(RuntimeError, TypeError):
            self.session.signals.changes_applied.disconnect(self._on_changes)
        super().done(result)
