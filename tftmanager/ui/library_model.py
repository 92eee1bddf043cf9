"""Qt model over one kind of library entry (talents, spells, weapons...)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from tftmanager.rules.library_entries import Entry
from tftmanager.ui.icons import icon
from tftmanager.ui.library_fields import COLUMNS

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
Index = QModelIndex | QPersistentModelIndex


def _text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if value is None:
        return ""
    return str(value)


class LibraryModel(QAbstractTableModel):
    """Entries of one kind; retired ones in italics, uncertain ones marked."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.columns = COLUMNS[kind]
        self._entries: list[Entry] = []

    def set_entries(self, entries: list[Entry]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self._entries = [e for e in entries if e.kind == self.kind]
        self.endResetModel()

    def entries(self) -> list[Entry]:
        """The rows."""
        return list(self._entries)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        """Entries (a table has no children)."""
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        """Columns for this kind."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section][1] if 0 <= section < len(self.columns) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, sort keys, the entry, retired and uncertain marks."""
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        field = self.columns[index.column()][0]
        value = entry.data.get(field)
        if role == ENTRY_ROLE:
            return entry
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
        marks = [str(entry.data.get(k)) for k in ("uncertain", "assumed") if entry.data.get(k)]
        if index.column() == 0 and marks:
            if role == Qt.ItemDataRole.DecorationRole:
                return icon("warning")
            if role == Qt.ItemDataRole.ToolTipRole:
                return "\n".join(marks)
        if role == Qt.ItemDataRole.ToolTipRole and field == "source":
            return _text(value)
        return None
