"""The party table model: translates PartyRow values to Qt roles, nothing more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from tftmanager.rules.problems import problems_summary
from tftmanager.ui.icons import icon
from tftmanager.ui.party_rows import PartyRow, PendingRow
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


class PartyModel(RowTableModel[PartyRow | PendingRow]):
    """A thin adapter over a list of PartyRow (each worked out when first needed)."""

    def __init__(self) -> None:
        super().__init__(COLUMNS)
        self._sort = (0, Qt.SortOrder.AscendingOrder)

    def row_value(self, index: Index) -> PartyRow | None:
        """The row behind an index, evaluated now if it was pending."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._ready(index.row())

    def _ready(self, i: int) -> PartyRow:
        row = self._rows[i]
        if isinstance(row, PendingRow):
            row = self._rows[i] = row.make()
        return row

    def rows(self) -> list[PartyRow]:  # type: ignore[override]
        """Every row, evaluated (a copy)."""
        return [self._ready(i) for i in range(len(self._rows))]

    def first_by_name(self) -> int | None:
        """The id of the first member by name (selected on opening), evaluating nobody."""
        if not self._rows:
            return None
        return min(self._rows, key=lambda r: (r.name.casefold(), r.id)).id

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, sort keys, the id, and problem icons and tooltips."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        raw = self._rows[index.row()]
        column = index.column()
        if role == ID_ROLE:
            return raw.id
        if column == 0 and role == Qt.ItemDataRole.ToolTipRole:
            return raw.name  # a name too long for the column, whole
        if column == 0 and role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE):
            # The name (shown, filtered and sorted on) needs no evaluation.
            return raw.name if role == Qt.ItemDataRole.DisplayRole else raw.name.casefold()
        row = self._ready(index.row())
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
            row.name, row.race, row.st_text or str(row.st), f"{row.dx} ({row.adj_dx})",
            str(row.iq), str(row.sp), _ma(row),
            str(row.xp),
            problems_summary(row.errors, row.warnings),
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

    # Sorting here, on keys computed once per row: the proxy's own sort would
    # call data() twice for every comparison (a quarter of opening 1,000).

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by a column (the name needs no evaluation), keeping the selection."""
        self._sort = (column, order)
        if not self._rows:
            return
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        moved = [(self._rows[i.row()].id, i.column()) for i in old]
        self._order_rows()
        where = {row.id: i for i, row in enumerate(self._rows)}
        self.changePersistentIndexList(old, [self.index(where[cid], c) for cid, c in moved])
        self.layoutChanged.emit()

    def _order_rows(self) -> None:
        column, order = self._sort
        self._rows.sort(key=lambda r: (r.name.casefold(), r.id))
        if column != 0:
            keys = {r.id: self._sort_key(self._ready(i), column) for i, r in enumerate(self._rows)}
            self._rows.sort(key=lambda r: keys[r.id])
        if order == Qt.SortOrder.DescendingOrder:
            self._rows.reverse()

    # Updates from the session.

    def set_rows(self, rows: Sequence[PartyRow | PendingRow]) -> None:
        """Replace every row, in the table's current order."""
        self.beginResetModel()
        self._rows = list(rows)
        self._order_rows()
        self.endResetModel()

    def update_row(self, row: PartyRow) -> None:
        """Refresh one character in place (an edit), then keep the order."""
        for i, existing in enumerate(self._rows):
            if existing.id == row.id:
                self._rows[i] = row
                self.dataChanged.emit(self.index(i, 0), self.index(i, len(COLUMNS) - 1))
                self.sort(*self._sort)
                return

    def row_of(self, character_id: int) -> int:
        """The model row of a character, or -1."""
        for i, row in enumerate(self._rows):
            if row.id == character_id:
                return i
        return -1


class PartyProxy(QSortFilterProxyModel):
    """Filters by name; sorting is left to the model, which sorts on precomputed keys."""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the source (the proxy keeps the source's order)."""
        source = self.sourceModel()
        if isinstance(source, PartyModel):
            source.sort(column, order)
