"""The names an import's library lacks, each with the user's choice (notes, a library entry, add).

Shared by File > Import Stat Blocks and Import from Foundry VTT: one row per
name as written (the figure, the kind, the name with its quantity and the
figures it came with), and a choice: keep it in the notes (the default), use
one of the closest library entries, or add it to the campaign's library.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from tftmanager.app.import_unknowns import Choice, Resolution, Unknown

KEEP = "Keep in the notes"
ADD = "Add to the library"


class UnknownsTable(QTableWidget):
    """One row per unknown name; ``choices()`` is what the import is given."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self.setHorizontalHeaderLabels(["Figure", "Kind", "Not in the library", "Becomes"])
        self.setAccessibleName("Names the library lacks")
        self.verticalHeader().hide()
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.horizontalHeader()
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self._rows: list[Unknown] = []
        self._chosen: dict[tuple[str, str], Resolution] = {}

    def show_unknowns(self, unknowns: list[Unknown]) -> None:
        """Fill the table, keeping the choices already made for the same names."""
        seen: dict[tuple[str, str], Unknown] = {}
        for unknown in unknowns:
            seen.setdefault(unknown.ident, unknown)
        self._rows = list(seen.values())
        self.blockSignals(True)
        self.setRowCount(len(self._rows))
        for row, unknown in enumerate(self._rows):
            where = f" ({unknown.where})" if unknown.where else ""
            for column, text in enumerate((unknown.figure + where, unknown.kind,
                                           unknown.described())):
                self.setItem(row, column, QTableWidgetItem(text))
            combo = QComboBox()
            combo.setAccessibleName(f"What {unknown.name} becomes")
            combo.addItem(KEEP, Resolution())
            for key, name in unknown.suggestions:
                combo.addItem(f"Use {name}", Resolution(Choice.MAP, key))
            combo.addItem(ADD, Resolution(Choice.ADD))
            wanted = self._chosen.get(unknown.ident)
            for index in range(combo.count()):
                if wanted is not None and combo.itemData(index) == wanted:
                    combo.setCurrentIndex(index)
            combo.currentIndexChanged.connect(
                lambda _i, u=unknown, c=combo: self._choose(u, c))
            self.setCellWidget(row, 3, combo)
        self.blockSignals(False)
        self.resizeRowsToContents()

    def _choose(self, unknown: Unknown, combo: QComboBox) -> None:
        self._chosen[unknown.ident] = combo.currentData()
        self.changed.emit()

    def choices(self) -> dict[tuple[str, str], Resolution]:
        """The choices made (names left at "Keep in the notes" need none)."""
        return {ident: r for ident, r in self._chosen.items() if r.choice is not Choice.NOTES}
