"""Money: record an entry (starting money, pay, a find, upkeep, a correction) and see the ledger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import characters, equipment
from tftmanager.app.changes import Changes
from tftmanager.rules.money import MAX_MONEY, MoneyKind, money_refusal, signed_amount
from tftmanager.rules.text import dollars
from tftmanager.ui import operations
from tftmanager.ui.problem_label import ProblemLabel

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

ENTRY_KINDS = (MoneyKind.START, MoneyKind.FOUND, MoneyKind.JOB, MoneyKind.PAY,
               MoneyKind.UPKEEP, MoneyKind.CORRECTION)
_KINDS = frozenset(k.value for k in MoneyKind)
HEADERS = ("Week", "Kind", "Amount", "Balance", "Reason")


class MoneyDialog(QDialog):
    """A money entry form over the character's money ledger."""

    def __init__(self, session: CampaignSession, character_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.character_id = character_id
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind of entry")
        for kind in ENTRY_KINDS:
            self.kind.addItem(kind.label, kind)
        self.amount = QSpinBox()
        self.amount.setRange(-MAX_MONEY, MAX_MONEY)
        self.amount.setPrefix("$")
        self.amount.setAccessibleName("Amount")
        self.amount.setToolTip("Money in is positive; pay and upkeep are entered as amounts "
                               "spent and taken away for you")
        self.reason = QLineEdit()
        self.reason.setAccessibleName("Reason")
        self.reason.setPlaceholderText("What it was (required)")
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(list(HEADERS))
        self.table.setAccessibleName("Money ledger")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.summary = QLabel()
        self.problem = ProblemLabel()
        buttons = QDialogButtonBox()
        buttons.addButton("&Record", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.accepted.connect(self.record)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        for text, widget in (("&Kind:", self.kind), ("&Amount:", self.amount),
                             ("&Reason:", self.reason)):
            label = QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(620, 480)
        session.signals.changes_applied.connect(self._on_changes)
        self.refresh()

    def _on_changes(self, changes: Changes) -> None:
        if self.character_id in changes.characters:
            self.refresh()

    def refresh(self) -> None:
        """Reload the ledger."""
        character = self.session.query(characters.get_character, character_id=self.character_id)
        self.setWindowTitle(f"Money: {character.name}")
        lines = self.session.query(equipment.money_lines, character_id=self.character_id)
        self.table.setRowCount(len(lines))
        running = 0
        for row, line in enumerate(lines):
            running += line.amount
            label = MoneyKind(line.kind).label if line.kind in _KINDS else line.kind
            for column, text in enumerate((str(line.week), label, f"{line.amount:+,}",
                                           f"{running:,}", line.reason)):
                cell = QTableWidgetItem(text)
                if column in (0, 2, 3):
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, cell)
        self.summary.setText(f"{dollars(running)} on hand")

    def record(self) -> bool:
        """Write the entry (undoable); bad input is explained and writes nothing."""
        kind: MoneyKind = self.kind.currentData()
        amount = signed_amount(self.amount.value(), kind)
        refusal = money_refusal(amount, kind)
        if not refusal and not self.reason.text().strip():
            refusal = "Give a reason for the entry."
        if refusal:
            self.problem.show_messages([refusal])
            return False
        self.problem.show_messages([])
        deal = operations.equipment.record_money(self.session, self.character_id, amount, kind,
                                                 self.reason.text())
        if deal is not None:
            self.reason.clear()
        return deal is not None

    def done(self, result: int) -> None:
        """Stop listening when closed."""
        import contextlib  # noqa: PLC0415

        with contextlib.suppress(RuntimeError, TypeError):
            self.session.signals.changes_applied.disconnect(self._on_changes)
        super().done(result)
