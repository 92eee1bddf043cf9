"""The party panel: a filterable, sortable table of the campaign's characters."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tftmanager.ui.party_model import (
    COLUMNS,
    ID_ROLE,
    PROBLEMS_COLUMN,
    SORT_ROLE,
    PartyModel,
    PartyProxy,
)

# Race, ST, DX (adj), IQ, SP, MA, XP, Problems, Player; the name takes what is left.
COLUMN_WIDTHS = (58, 32, 62, 32, 32, 40, 50, 72, 66)
NAME_MOST = 240  # the widest the name column asks for to show its names whole


class PartyTable(QTableView):
    """The table, telling its panel when its width changes (to fit the name column)."""

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """Fit the columns to the new width."""
        super().resizeEvent(event)
        self.resized.emit()


class PartyPanel(QWidget):
    """Filter box and table; says which character is selected."""

    # int | None: the selected character's id
    selection_changed = Signal(object)

    def __init__(self, model: PartyModel, context_actions: list[QAction]) -> None:
        super().__init__()
        self.model = model
        self.proxy = PartyProxy(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterKeyColumn(0)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter by name")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Filter characters by name")
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        filter_label = QLabel("&Filter:")
        filter_label.setBuddy(self.filter_edit)

        self.table = PartyTable()
        self.table.setModel(self.proxy)
        self.table.setAccessibleName("Party")
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # Tab moves on to the editor; arrows move rows
        self.table.setAlternatingRowColors(True)
        # Two long names alike at the start ("Brunhild the Bold", "Brunhild the Fair")
        # stay apart when cut in the middle; the tooltip gives the whole name.
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().setVisible(False)
        self.table.setCornerButtonEnabled(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(28)
        # Columns are fitted to the rows in view: Qt's default looks at up to 1,000
        # rows, which worked out every figure of a big party as it opened.
        header.setResizeContentsPrecision(0)
        for column, width in enumerate(COLUMN_WIDTHS, start=1):
            self.table.setColumnWidth(column, width)
        # A wounded figure's ST reads "11 (7 now)": the column widens for it, not clips it.
        for signal in (model.modelReset, model.dataChanged, model.rowsInserted):
            signal.connect(self._fit_st)
            signal.connect(self._fit_name)
        self.table.resized.connect(self._fit_name)
        self.table.verticalScrollBar().valueChanged.connect(self._fit_st)  # rows now in view
        self.table.verticalScrollBar().valueChanged.connect(self._fit_name)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self._context_actions = context_actions

        top = QHBoxLayout()
        top.addWidget(filter_label)
        top.addWidget(self.filter_edit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table)

    def _fit_st(self, *_args: object) -> None:
        """ST and Problems as wide as their widest cell, never narrower than their default.

        ST reads "11 (7 now)" for a wounded figure; Problems "1 error, 2 warnings"
        beside its icon (once cut to "1 ...").
        """
        for column in (COLUMNS.index("ST"), PROBLEMS_COLUMN):
            width = max(COLUMN_WIDTHS[column - 1], self.table.sizeHintForColumn(column))
            if width != self.table.columnWidth(column):
                self.table.setColumnWidth(column, width)

    def _fit_name(self, *_args: object) -> None:
        """The name takes the width the other columns leave, but never cuts a name short.

        On a narrow window (a 1024-pixel screen) the names stay whole and the
        columns after them scroll, rather than the names shrinking to nothing.
        """
        header = self.table.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(1, header.count())
                     if not header.isSectionHidden(c))
        room = header.width() - others  # the viewport's width (its header spans it)
        names = min(self.table.sizeHintForColumn(0), NAME_MOST)
        width = max(room, names, header.minimumSectionSize())
        if width != header.sectionSize(0):
            header.resizeSection(0, width)

    def selected_id(self) -> int | None:
        """The selected character's id, if any."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        value = rows[0].data(ID_ROLE)
        return int(value) if value is not None else None

    def select(self, character_id: int | None) -> None:
        """Select a character by id (None clears the selection)."""
        if character_id is None:
            self.table.clearSelection()
            return
        row = self.model.row_of(character_id)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid():
            # Selecting may change the model under us (the editor saves a name typed for
            # the character left, and the table re-sorts): look the row up again after.
            self.table.selectRow(index.row())
            row = self.model.row_of(character_id)
            if row >= 0:
                self.table.scrollTo(self.proxy.mapFromSource(self.model.index(row, 0)))

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self.selection_changed.emit(self.selected_id())

    def _context_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        if index.isValid():
            self.table.selectRow(index.row())
        menu = QMenu(self)
        for action in self._context_actions:
            menu.addAction(action)
        menu.exec(self.table.viewport().mapToGlobal(pos))
