"""The party table model: translates PartyRow values to Qt roles, nothing more."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from tftmanager.ui.icons import icon
from tftmanager.ui.party_rows import PartyRow

COLUMNS = ("Name", "Race", "ST", "DX (adj)", "IQ", "SP", "MA", "XP", "Problems", "Player")
PROBLEMS_COLUMN = 8
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2
Index = QModelIndex | QPersistentModelIndex


class PartyModel(QAbstractTableModel):
    """A thin adapter over a list of PartyRow."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[PartyRow] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        """Number of characters (a table has no children)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        """Fixed columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, sort keys, the id, and problem icons and tooltips."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == ID_ROLE:
            return row.id
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == SORT_ROLE:
            return self._sort_key(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and 2 <= column <= 7:
            return int(Qt.AlignmentFlag.AlignCenter)
        if column == PROBLEMS_COLUMN:
            if role == Qt.ItemDataRole.DecorationRole:
                if row.errors:
                    return icon("error")
                return icon("warning") if row.warnings else icon("ok")
            if role == Qt.ItemDataRole.ToolTipRole:
                return row.problem_text or "No problems"
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return row.problem_text or "No problems"
        return None

    @staticmethod
    def _display(row: PartyRow, column: int) -> str:
        values = (
            row.name, row.race, str(row.st), f"{row.dx} ({row.adj_dx})",
            str(row.iq), str(row.sp), str(row.ma), str(row.xp),
            (f"{row.errors} error(s)" if row.errors else "")
            + (", " if row.errors and row.warnings else "")
            + (f"{row.warnings} warning(s)" if row.warnings else "")
            or "OK",
            row.player,
        )
        return values[column] if 0 <= column < len(values) else ""

    @staticmethod
    def _sort_key(row: PartyRow, column: int) -> Any:
        keys: tuple[Any, ...] = (
            row.name.casefold(), row.race, row.st, row.dx, row.iq,
            row.sp, row.ma, row.xp, row.errors * 1000 + row.warnings, row.player.casefold(),
        )
        return keys[column] if 0 <= column < len(keys) else None

    # Updates from the controller.

    def set_rows(self, rows: list[PartyRow]) -> None:
        """Replace every row (opening a campaign, a change to the party)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def update_row(self, row: PartyRow) -> None:
        """Refresh one character in place (an edit)."""
        for i, existing in enumerate(self._rows):
            if existing.id == row.id:
                self._rows[i] = row
                self.dataChanged.emit(self.index(i, 0), self.index(i, len(COLUMNS) - 1))
                return

    def row_of(self, character_id: int) -> int:
        """The model row of a character, or -1."""
        for i, row in enumerate(self._rows):
            if row.id == character_id:
                return i
        return -1

    def rows(self) -> list[PartyRow]:
        """The current rows (a copy)."""
        return list(self._rows)
