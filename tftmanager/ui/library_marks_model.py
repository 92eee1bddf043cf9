"""Qt models for the library's review: every assumed or uncertain value, and a filter.

Thin adapters over ``rules.library_marks``: the rows are its ``Mark`` values,
and the filter asks it whether an entry is marked.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt

from tftmanager.rules.library_entries import Entry
from tftmanager.rules.library_marks import Mark, is_marked, review_list
from tftmanager.ui.library_model import ENTRY_ROLE
from tftmanager.ui.table_model import RowTableModel

Index = QModelIndex | QPersistentModelIndex
KIND_NAMES = {"job_rules": "Job rules", "experience": "Experience", "injury": "Injury",
              "equipment_rules": "Equipment rules", "magic_item": "Magic item",
              "cost_exception": "Cost exception"}


class ReviewModel(RowTableModel[Mark]):
    """One row per assumed or uncertain value of the campaign's library."""

    HEADERS = ("Kind", "Entry", "Value", "Reading", "Why", "Reference", "Source")

    def __init__(self) -> None:
        super().__init__(self.HEADERS)

    def set_entries(self, entries: list[Entry]) -> None:
        """Show the marks of these entries (retired ones left out)."""
        self.set_rows(review_list(entries))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Each column's text; the full reason as a tooltip."""
        mark = self.row_value(index)
        if mark is None or role not in (Qt.ItemDataRole.DisplayRole,
                                        Qt.ItemDataRole.ToolTipRole):
            return None
        values = (KIND_NAMES.get(mark.kind, mark.kind.replace("_", " ").capitalize()),
                  mark.key if mark.key != "table" else "", mark.field or "(entry)",
                  mark.level.value, mark.text, mark.reference,
                  mark.source or "no document (assumed)")
        return values[index.column()]


class LibraryFilter(QSortFilterProxyModel):
    """The search box's filter, and optionally only entries with assumed or uncertain values."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.marked_only = False

    def set_marked_only(self, on: bool) -> None:
        """Show only the entries a GM should review (or every entry again)."""
        self.beginFilterChange()
        self.marked_only = on
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:  # noqa: N802
        """Marked entries only when asked, then the search text."""
        if self.marked_only:
            entry = self.sourceModel().index(row, 0, parent).data(ENTRY_ROLE)
            if not isinstance(entry, Entry) or not is_marked(entry):
                return False
        return super().filterAcceptsRow(row, parent)
