"""A character's experience ledger (filter by kind and week) and progress chart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import characters, experience
from tftmanager.app.changes import Changes
from tftmanager.rules.experience import XPKind, attribute_total, progress
from tftmanager.ui.progress_chart import ProgressChart

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

_KINDS = frozenset(k.value for k in XPKind)
HEADERS = ("Week", "Played", "Kind", "Amount", "Balance", "Reason")


class LedgerDialog(QDialog):
    """Every entry with its running balance; the chart shows the whole history."""

    def __init__(self, session: CampaignSession, character_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.character_id = character_id
        self.kind = QComboBox()
        self.kind.setAccessibleName("Entry kind")
        self.kind.addItem("All entries", None)
        for kind in XPKind:
            self.kind.addItem(kind.label, kind.value)
        self.week = QSpinBox()
        self.week.setAccessibleName("Week")
        self.week.setRange(0, 100000)
        self.week.setSpecialValueText("All weeks")
        self.week.setPrefix("Week ")
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(list(HEADERS))
        self.table.setAccessibleName("Experience ledger")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((50, 90, 90, 70, 70)):
            self.table.setColumnWidth(column, width)
        self.summary = QLabel()
        self.chart = ProgressChart()
        filters = QHBoxLayout()
        filters.addWidget(QLabel("Show:"))
        filters.addWidget(self.kind)
        filters.addWidget(self.week)
        filters.addStretch(1)
        filters.addWidget(self.summary)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.chart)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.resize(760, 620)
        self.kind.currentIndexChanged.connect(self.refresh)
        self.week.valueChanged.connect(self.refresh)
        session.signals.changes_applied.connect(self._on_changes)
        self.refresh()

    def _on_changes(self, changes: Changes) -> None:
        if self.character_id in changes.characters or changes.ledger:
            self.refresh()

    def refresh(self) -> None:
        """Reload the entries, apply the filters, redraw the chart."""
        character = self.session.query(characters.get_character, character_id=self.character_id)
        self.setWindowTitle(f"Experience: {character.name}")
        lines = self.session.query(experience.ledger_lines, character_id=self.character_id)
        kind = self.kind.currentData()
        week = self.week.value()
        running = 0
        shown = []
        for line in lines:
            running += line.amount
            if (kind is None or line.kind == kind) and (week == 0 or line.week == week):
                shown.append((line, running))
        self.table.setRowCount(len(shown))
        for row, (line, balance) in enumerate(shown):
            label = XPKind(line.kind).label if line.kind in _KINDS else line.kind
            cells = (str(line.week), line.played_on, label, f"{line.amount:+d}",
                     str(balance), line.reason)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in (0, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.summary.setText(f"{len(shown)} of {len(lines)} entries; balance {running} XP")
        self.chart.set_points(progress(attribute_total(character),
                                       [(ln.week, ln.amount, ln.attribute) for ln in lines]))

    def rows(self) -> list[list[str]]:
        """The table's text (for tests and accessibility checks)."""
        return [[(item.text() if (item := self.table.item(r, c)) else "")
                 for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]

    def done(self, result: int) -> None:
        """Stop listening when closed."""
        import contextlib  # noqa: PLC0415

        with contextlib.suppress(RuntimeError, TypeError):
            self.session.signals.changes_applied.disconnect(self._on_changes)
        super().done(result)
