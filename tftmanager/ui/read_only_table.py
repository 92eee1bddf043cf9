"""A list the user reads and picks from: sorted by name, one row at a time, never edited.

The library editor's tabs and the talent and spell picker show entries this
way; the set-up is here once so they behave (and read aloud) alike.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView


def read_only_table(model: QAbstractItemModel, name: str) -> QTableView:
    """A table over ``model``, sorted on its first column, rows chosen one at a time."""
    table = QTableView()
    table.setModel(model)
    table.setAccessibleName(name)
    table.setSortingEnabled(True)
    table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.setCornerButtonEnabled(False)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return table
