"""Qt model and filter for the picker: roles over PickerRow, nothing more."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from tftmanager.ui.icons import icon
from tftmanager.ui.picker_rows import PickerRow
from tftmanager.ui.table_model import RowTableModel

COLUMNS = ("Name", "Type", "IQ", "Cat.", "Cost", "Status")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_ROLE = Qt.ItemDataRole.UserRole + 2
Index = QModelIndex | QPersistentModelIndex


class PickerModel(RowTableModel[PickerRow]):
    """A flat table of PickerRow."""

    def __init__(self) -> None:
        super().__init__(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, sort keys, the row itself, status icons and tooltips."""
        row = self.row_value(index)
        if row is None:
            return None
        column = index.column()
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.DisplayRole:
            values = (row.name, row.kind.capitalize(), str(row.iq), str(row.category),
                      str(row.cost), row.status)
            return values[column]
        if role == SORT_ROLE:
            keys: tuple[Any, ...] = (row.name.casefold(), row.kind, row.iq, row.category,
                                     row.cost, (row.known, bool(row.reasons)))
            return keys[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [row.summary] if row.summary else []
            lines += [f"Cannot learn: {r}" for r in row.reasons]
            return "\n".join(lines) or None
        if role == Qt.ItemDataRole.DecorationRole and column == len(COLUMNS) - 1:
            if row.known or row.available:
                return icon("ok")
            return icon("error")
        return None


class PickerFilter(QSortFilterProxyModel):
    """Search text, available-only, IQ level, category and talent/spell filters."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.available_only = False
        self.max_iq: int | None = None
        self.category: int | None = None
        self.kind: str | None = None
        self.setSortRole(SORT_ROLE)

    def set_filters(self, *, text: str, available_only: bool, max_iq: int | None,
                    category: int | None, kind: str | None) -> None:
        """Apply new filter values."""
        self.text = text.strip().casefold()
        self.available_only = available_only
        self.max_iq = max_iq
        self.category = category
        self.kind = kind
        self.invalidate()

    def _rank(self, index: Index) -> int:
        """How well a row answers the search: its name first, then its description."""
        name = index.sibling(index.row(), 0).data(ROW_ROLE).name.casefold()
        return 0 if name.startswith(self.text) else 1 if self.text in name else 2

    def lessThan(self, left: Index, right: Index) -> bool:  # noqa: N802 - Qt's name
        """While searching, names that match come before descriptions that do, in either order.

        A search for "fencing" once listed Axeplay (its description mentions
        fencing) above Fencing itself.
        """
        if self.text:
            ranks = self._rank(left), self._rank(right)
            if ranks[0] != ranks[1]:
                ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
                return (ranks[0] < ranks[1]) == ascending
        return super().lessThan(left, right)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:  # noqa: N802
        """Keep rows that pass every active filter."""
        index = self.sourceModel().index(source_row, 0, source_parent)
        row: PickerRow = index.data(ROW_ROLE)
        if self.text and self.text not in row.name.casefold() \
                and self.text not in row.summary.casefold():
            return False
        if self.available_only and not row.available:
            return False
        if self.max_iq is not None and row.iq > self.max_iq:
            return False
        if self.category is not None and row.category != self.category:
            return False
        return self.kind is None or row.kind == self.kind
