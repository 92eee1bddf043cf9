"""The party table model: translates PartyRow values to Qt roles, nothing more."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from tftmanager.rules.text import count
from tftmanager.ui.icons import icon
from tftmanager.ui.party_rows import PartyRow
from tftmanager.ui.table_model import RowTableModel

MA_COLUMN = 6


def _ma(row: PartyRow) -> str:
    """MA, starred when a talent or item changed it (the tooltip says how)."""
    return f"{row.ma}*" if row.ma_text and row.ma_text != str(row.ma) else str(row.ma)


COLUMNS = ("Name", "Race", "ST", "DX (adj)", "IQ", "SP", "MA", "XP", "Problems", "Player")
PROBLEMS_COLUMN = 8
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2
Index = QModelIndex | QPersistentModelIndex


class PartyModel(RowTableModel[PartyRow]):
    """A thin adapter over a list of PartyRow."""

    def __init__(self) -> None:
        super().__init__(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, sort keys, the id, and problem icons and tooltips."""
        row = self.row_value(index)
        if row is None:
            return None
        column = index.column()
        if role == ID_ROLE:
            return row.id
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == SORT_ROLE:
            return self._sort_key(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and 2 <= column <= 7:
            return int(Qt.AlignmentFlag.AlignCenter)
        if column == MA_COLUMN and role == Qt.ItemDataRole.ToolTipRole:
            return f"MA {row.ma_text or row.ma}"  # what changed it, out of the narrow column
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
            str(row.iq), str(row.sp), _ma(row),
            str(row.xp),
            (count(row.errors, "error") if row.errors else "")
            + (", " if row.errors and row.warnings else "")
            + (count(row.warnings, "warning") if row.warnings else "")
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

    # Updates from the session.

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
