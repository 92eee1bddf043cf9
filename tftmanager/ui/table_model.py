"""The shared part of the app's flat table models: rows, fixed columns, headers."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Row = TypeVar("Row")
Index = QModelIndex | QPersistentModelIndex


class RowTableModel(QAbstractTableModel, Generic[Row]):
    """A flat list of row values under fixed column headers; subclasses give data()."""

    def __init__(self, headers: tuple[str, ...]) -> None:
        super().__init__()
        self.headers = headers
        self._rows: list[Row] = []

    def set_rows(self, rows: list[Row]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[Row]:
        """The current rows (a copy)."""
        return list(self._rows)

    def row_value(self, index: Index) -> Row | None:
        """The row behind an index (None for an invalid one)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._rows[index.row()]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        """Rows (a table has no children)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        """Fixed columns."""
        return 0 if parent.isValid() else len(self.headers)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section] if 0 <= section < len(self.headers) else None
        return None
