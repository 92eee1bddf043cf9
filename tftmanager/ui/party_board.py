"""The party board: every figure's readiness in one sortable, filterable table.

Rows come from ``app.party_board`` (the rules core's figures); this module
only shows them.  What needs the GM gets an icon, a tint and the words
("Dying: survival roll"), so colour is never the only sign.  The board reads
the campaign only while it is shown, and again after each change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app.party_board import COLUMNS, BoardRow, Readiness, cells
from tftmanager.app.party_board import party_board as board_rows
from tftmanager.ui.icons import icon
from tftmanager.ui.runner import free_query
from tftmanager.ui.table_model import RowTableModel

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex
NEEDS_COLUMN = 1
CONTENTS_PRECISION = 60  # rows measured for a column's width
PARTIAL_LIMIT = 50  # more figures changed than this: the board is read whole
# Tints behind the "Needs the GM" cell: (light scheme, dark scheme), text stays the palette's.
TINTS = {
    Readiness.DYING: ("#f6c9cc", "#5a1d22"), Readiness.ARRESTED: ("#f3d3f0", "#4d1f4a"),
    Readiness.HURT: ("#fbe3c0", "#553a12"), Readiness.PROBLEM: ("#fff2b3", "#4a4212"),
    Readiness.READY: ("#d3efd6", "#1d4424"), Readiness.DEAD: ("#dddddd", "#3a3a3a"),
}
SHOW = (("Everyone", None), ("Needs the GM", "needs"), ("Working", "working"),
        ("Studying", "studying"), ("Recovering", "recovering"), ("Idle", "idle"))


def dark_scheme() -> bool:
    """Whether the palette is dark (its window darker than its text)."""
    palette = QGuiApplication.palette()
    return palette.window().color().lightness() < palette.windowText().color().lightness()


def tint(readiness: Readiness) -> QColor:
    """The tint of a readiness in the current scheme."""
    light, dark = TINTS[readiness]
    return QColor(dark if dark_scheme() else light)


class BoardModel(RowTableModel[BoardRow]):
    """BoardRow values to Qt roles; the cell texts and sort keys are computed once per row."""

    def __init__(self) -> None:
        super().__init__(tuple(header for header, _field in COLUMNS))
        self._cells: list[tuple[str, ...]] = []

    def set_rows(self, rows: list[BoardRow]) -> None:
        """Replace every row (cells precomputed)."""
        self._cells = [free_query(cells, row=r) for r in rows]
        super().set_rows(rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, sort key, and for the readiness column its icon, tint and words."""
        row = self.row_value(index)
        if row is None:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._cells[index.row()][column]
        if role == SORT_ROLE:
            return row.sort_key(COLUMNS[column][1])[0]
        if role == Qt.ItemDataRole.ToolTipRole and column in (NEEDS_COLUMN, len(COLUMNS) - 1):
            return "\n".join(row.needs) or "Ready for the next adventure"
        if column != NEEDS_COLUMN:
            return None
        if role == Qt.ItemDataRole.DecorationRole:
            if row.readiness in (Readiness.DYING, Readiness.ARRESTED):
                return icon("error")
            return icon("warning") if row.needs else icon("ok")
        if role == Qt.ItemDataRole.BackgroundRole:
            return tint(row.readiness)
        return None


def keeps(row: BoardRow, text: str, show: str | None) -> bool:
    """The board's filter: a name containing ``text`` and the chosen group."""
    if text and text.casefold() not in row.name.casefold():
        return False
    if show == "needs":
        return bool(row.needs)
    return show is None or row.status == show


class PartyBoard(QWidget):
    """The board: filters above, the table, and Print; a double-click opens the figure."""

    # int: the character id of a row double-clicked (the main window selects it)
    character_activated = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: Any = None
        self.all_rows: list[BoardRow] = []
        self.stale = True
        self.model = BoardModel()
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(NEEDS_COLUMN, Qt.SortOrder.AscendingOrder)
        self.table.setAccessibleName("Party board")
        self.table.doubleClicked.connect(self._activated)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Measure the first rows only: a thousand figures would freeze the window.
        header.setResizeContentsPrecision(CONTENTS_PRECISION)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter by name")
        self.filter_edit.setAccessibleName("Filter the board by name")
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.show_combo = QComboBox()
        self.show_combo.setAccessibleName("Show")
        for text, value in SHOW:
            self.show_combo.addItem(text, value)
        self.show_combo.currentIndexChanged.connect(self._apply_filter)
        self.summary = QLabel()
        self.print_button = QPushButton("&Print Board…")
        self.print_button.clicked.connect(self.print_board)
        self.pdf_button = QPushButton("Save P&DF…")
        self.pdf_button.clicked.connect(self.save_pdf)
        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.show_combo)
        top.addWidget(self.print_button)
        top.addWidget(self.pdf_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)

    def show_session(self, session: Any) -> None:
        """Follow another campaign (or none)."""
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        """Read the board again, now if it is shown, else when it next shows."""
        if self.session is None:
            self.all_rows = []
            self._apply_filter()
            return
        if not self.isVisible():
            self.stale = True
            return
        self.stale = False
        self.all_rows = self.session.query(board_rows)
        self._apply_filter()

    def on_changes(self, changes: Any) -> None:
        """After a use case: a few figures changed are read alone, anything more in full."""
        whole = (changes.party or changes.settings or changes.library or changes.week
                 or changes.removed or len(changes.characters) > PARTIAL_LIMIT)
        if whole or self.stale or self.session is None or not self.isVisible():
            self.refresh()
            return
        if not changes.characters:
            return
        fresh = {r.id: r for r in self.session.query(board_rows, only=set(changes.characters))}
        self.all_rows = [fresh.get(r.id, r) for r in self.all_rows]
        self._apply_filter()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        """A board hidden while things changed reads them as it shows."""
        super().showEvent(event)
        if self.stale:
            self.refresh()

    def _apply_filter(self) -> None:
        text, show = self.filter_edit.text().strip(), self.show_combo.currentData()
        rows = [r for r in self.all_rows if keeps(r, text, show)]
        self.model.set_rows(rows)
        needing = sum(1 for r in self.all_rows if r.needs)
        self.summary.setText(f"{len(rows)} of {len(self.all_rows)} shown; "
                             f"{needing} need the GM")

    def _activated(self, index: QModelIndex) -> None:
        row = self.model.row_value(self.proxy.mapToSource(index))
        if row is not None:
            self.character_activated.emit(row.id)

    def shown_rows(self) -> list[BoardRow]:
        """The rows in the order the table shows them."""
        rows = self.model.rows()
        return [rows[self.proxy.mapToSource(self.proxy.index(i, 0)).row()]
                for i in range(self.proxy.rowCount())]

    def print_board(self) -> object:
        """Print or save the board as one page (the card painter's page)."""
        from tftmanager.ui.board_print import print_board  # noqa: PLC0415 - on demand

        return print_board(self, self.shown_rows())

    def save_pdf(self) -> object:
        """Save the board as shown as a one-page PDF."""
        from tftmanager.ui.board_print import save_board_pdf  # noqa: PLC0415 - on demand

        return save_board_pdf(self, self.shown_rows())
