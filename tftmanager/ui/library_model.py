"""Qt model over one kind of library entry (talents, spells, weapons...)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from tftmanager.rules.library_entries import Entry
from tftmanager.rules.library_marks import entry_marks
from tftmanager.rules.references import reference_text
from tftmanager.ui.icons import icon
from tftmanager.ui.library_fields import COLUMNS
from tftmanager.ui.table_model import RowTableModel

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
Index = QModelIndex | QPersistentModelIndex


def _text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if value is None:
        return ""
    return str(value)


# Fields that only file an entry (the editor's grouping), whose marks are not warnings.
FILING_FIELDS = frozenset({"category"})


class LibraryModel(RowTableModel[Entry]):
    """Entries of one kind; retired ones in italics, uncertain ones marked."""

    def __init__(self, kind: str) -> None:
        super().__init__(tuple(header for _field, header in COLUMNS[kind]))
        self.kind = kind
        self.columns = COLUMNS[kind]
        self.names: dict[str, str] = {}  # key -> name, for prerequisites

    def set_entries(self, entries: list[Entry]) -> None:
        """Show the entries of this model's kind."""
        self.names = {e.key: str(e.data.get("name") or e.key) for e in entries
                      if e.kind == self.kind}
        self.set_rows([e for e in entries if e.kind == self.kind])

    def entries(self) -> list[Entry]:
        """The rows."""
        return self.rows()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, sort keys, the entry, retired and uncertain marks."""
        entry = self.row_value(index)
        if entry is None:
            return None
        field = self.columns[index.column()][0]
        value = reference_text(entry.data) if field == "reference" else entry.data.get(field)
        if role == ENTRY_ROLE:
            return entry
        if field == "requires" and isinstance(value, list):  # names, not keys
            value = [self.names.get(str(key), str(key)) for key in value]
        if role == Qt.ItemDataRole.DisplayRole:
            text = _text(value)
            if index.column() == 0 and entry.retired:
                text += " (retired)"
            return text
        if role == SORT_ROLE:
            return value if isinstance(value, int) else _text(value).casefold()
        if role == Qt.ItemDataRole.FontRole and entry.retired:
            font = QFont()
            font.setItalic(True)
            return font
        # A filing category a document does not state is said at its cell, not
        # marked on the entry: the warning stays for the values rules are made of.
        listed = [m for m in entry_marks(entry) if m.field not in FILING_FIELDS]
        filed = [m.text for m in entry_marks(entry) if m.field in FILING_FIELDS
                 and m.field == field]
        if role == Qt.ItemDataRole.ToolTipRole and filed:
            return "\n".join(filed)
        marks = [f"{m.field}: {m.text}" if m.field and not m.text.startswith(m.field)
                 else m.text for m in listed]
        if index.column() == 0 and marks:
            if role == Qt.ItemDataRole.DecorationRole:
                return icon("warning")
            if role == Qt.ItemDataRole.ToolTipRole:
                return "\n".join(marks)
        if role == Qt.ItemDataRole.ToolTipRole and field == "reference":
            return f"Source: {_text(entry.data.get('source'))}"
        return None
