"""Awarding experience: a GM award to one or many, or Melee's combat awards.

The form computes everything through the rules (averages, amounts, the split
and its remainder) and shows it before anything is written; bad input is
explained in place and writes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns
from tftmanager.app.experience import XPRefused, parse_enemy_totals
from tftmanager.rules.awards import Award, CombatType, Outcome, average, combat_awards, split_evenly
from tftmanager.rules.experience import MAX_ENTRY
from tftmanager.ui import operations
from tftmanager.ui.problem_label import ProblemLabel
from tftmanager.ui.runner import free_check, free_query

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

OUTCOMES = {
    CombatType.DEATH: (Outcome.SURVIVED, Outcome.DOWN),
    CombatType.ARENA: (Outcome.WON, Outcome.DEFEATED, Outcome.RAN_AWAY_UNHURT, Outcome.DOWN),
    CombatType.PRACTICE: (Outcome.ON_FEET, Outcome.DOWN),
}
OUTCOME_TEXT = {
    Outcome.SURVIVED: "Survived", Outcome.WON: "Won", Outcome.DEFEATED: "Defeated, survived",
    Outcome.RAN_AWAY_UNHURT: "Ran away unhurt", Outcome.ON_FEET: "On their feet",
    Outcome.DOWN: "Died / dropped out",
}
COMBAT_TEXT = {CombatType.DEATH: "Combat to the death", CombatType.ARENA: "Arena combat",
               CombatType.PRACTICE: "Practice combat"}


class AwardDialog(QDialog):
    """GM award and Melee combat awards, for the party or chosen characters."""

    def __init__(self, session: CampaignSession, selected: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Award Experience")
        self.sheets = [s for s in session.query(campaigns.party_sheets) if s.id is not None]
        self.problem = ProblemLabel()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._gm_tab(selected), "&GM award")
        self.tabs.addTab(self._combat_tab(), "&Melee combat")
        buttons = QDialogButtonBox()
        self.award_button = buttons.addButton("&Award", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(600, 520)
        self.tabs.currentChanged.connect(lambda _i: self.update_preview())
        self.update_preview()

    # GM award

    def _gm_tab(self, selected: int | None) -> QWidget:
        page = QWidget()
        self.gm_preview = QLabel()
        self.amount = QSpinBox()
        self.amount.setRange(1, MAX_ENTRY)
        self.amount.setValue(100)
        self.amount.setAccessibleName("Amount")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("What it is for (required)")
        self.reason.setAccessibleName("Reason")
        self.each = QRadioButton("&Each gets the amount")
        self.split = QRadioButton("&Split the amount evenly")
        self.each.setChecked(True)
        group = QButtonGroup(page)
        group.addButton(self.each)
        group.addButton(self.split)
        self.recipients = QListWidget()
        self.recipients.setAccessibleName("Who gets it")
        for sheet in self.sheets:
            item = QListWidgetItem(sheet.character.name)
            item.setData(Qt.ItemDataRole.UserRole, sheet.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = selected is None or sheet.id == selected
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.recipients.addItem(item)
        self.gm_preview.setWordWrap(True)
        form = QFormLayout()
        for text, widget in (("A&mount:", self.amount), ("&Reason:", self.reason)):
            label = QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        form.addRow("", self.each)
        form.addRow("", self.split)
        layout = QVBoxLayout(page)
        layout.addLayout(form)
        layout.addWidget(QLabel("Who gets it:"))
        layout.addWidget(self.recipients)
        layout.addWidget(self.gm_preview)
        for signal in (self.amount.valueChanged, self.each.toggled, self.reason.textChanged,
                       self.recipients.itemChanged):
            signal.connect(lambda *_a: self.update_preview())
        return page

    def _each(self, ids: list[int]) -> str:
        """"Each of 3 gets", or the one recipient's name ("Ragnar gets")."""
        if len(ids) != 1:
            return f"Each of {len(ids)} gets"
        item = next(self.recipients.item(i) for i in range(self.recipients.count())
                    if self.recipients.item(i).data(Qt.ItemDataRole.UserRole) == ids[0])
        return f"{item.text()} gets"

    def chosen(self) -> list[int]:
        """Ids of the checked recipients."""
        return [int(self.recipients.item(i).data(Qt.ItemDataRole.UserRole))
                for i in range(self.recipients.count())
                if self.recipients.item(i).checkState() == Qt.CheckState.Checked]

    # Melee combat

    def _combat_tab(self) -> QWidget:
        page = QWidget()
        self.combat_preview = QLabel()
        self.combat = QComboBox()
        self.combat.setAccessibleName("Type of combat")
        for combat, text in COMBAT_TEXT.items():
            self.combat.addItem(text, combat)
        self.enemies = QLineEdit()
        self.enemies.setPlaceholderText("each enemy's ST + DX, e.g. 24, 26, 20")
        self.enemies.setAccessibleName("Enemy ST + DX totals")
        self.fighters = QTableWidget(len(self.sheets), 3)
        self.fighters.setHorizontalHeaderLabels(["Fought", "ST + DX", "Outcome"])
        self.fighters.setAccessibleName("The party's fighters")
        self.fighters.verticalHeader().setVisible(False)
        self.fighters.horizontalHeader().setStretchLastSection(True)
        self.fighters.setColumnWidth(0, 200)
        self.outcome_boxes: list[QComboBox] = []
        for row, sheet in enumerate(self.sheets):
            item = QTableWidgetItem(sheet.character.name)
            item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, sheet.id)
            self.fighters.setItem(row, 0, item)
            total = QTableWidgetItem(str(sheet.character.st + sheet.character.dx))
            total.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.fighters.setItem(row, 1, total)
            box = QComboBox()
            box.setAccessibleName(f"Outcome for {sheet.character.name}")
            box.currentIndexChanged.connect(lambda _i: self.update_preview())
            self.fighters.setCellWidget(row, 2, box)
            self.outcome_boxes.append(box)
        self.combat_preview.setWordWrap(True)
        form = QFormLayout()
        for text, widget in (("&Combat:", self.combat), ("&Enemies:", self.enemies)):
            label = QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        layout = QVBoxLayout(page)
        layout.addLayout(form)
        layout.addWidget(self.fighters)
        layout.addWidget(self.combat_preview)
        self.combat.currentIndexChanged.connect(lambda _i: self._fill_outcomes())
        self.enemies.textChanged.connect(lambda _t: self.update_preview())
        self.fighters.itemChanged.connect(lambda _i: self.update_preview())
        self._fill_outcomes()
        return page

    def _fill_outcomes(self) -> None:
        combat: CombatType = self.combat.currentData()
        for box in self.outcome_boxes:
            box.blockSignals(True)
            box.clear()
            for outcome in OUTCOMES[combat]:
                box.addItem(OUTCOME_TEXT[outcome], outcome)
            box.blockSignals(False)
        self.update_preview()

    def set_fought(self, character_id: int, outcome: Outcome) -> None:
        """Tick a fighter and choose their outcome (used by tests and the keyboard)."""
        for row in range(self.fighters.rowCount()):
            item = self._name_item(row)
            if item.data(Qt.ItemDataRole.UserRole) == character_id:
                item.setCheckState(Qt.CheckState.Checked)
                box = self.outcome_boxes[row]
                box.setCurrentIndex(box.findData(outcome))

    def _name_item(self, row: int) -> QTableWidgetItem:
        item = self.fighters.item(row, 0)
        assert item is not None
        return item

    def combat_result(self) -> list[tuple[int, Award]] | str:
        """The awards the form describes, or what is missing, in one line."""
        if self.session.library.awards is None:
            return "This campaign's library has no award table."
        party = []
        ids = []
        for row, sheet in enumerate(self.sheets):
            if self._name_item(row).checkState() != Qt.CheckState.Checked:
                continue
            c = sheet.character
            party.append((c.name, c.st + c.dx, self.outcome_boxes[row].currentData()))
            ids.append(sheet.id or 0)
        if not party:
            return "Tick the party members who fought."
        enemies = free_check(parse_enemy_totals, answers=(XPRefused,), text=self.enemies.text())
        if enemies.refusal is not None:
            return enemies.refusal.message
        awards = combat_awards(self.combat.currentData(), party, enemies.value or [],
                               self.session.library.awards)
        return list(zip(ids, awards, strict=True))

    # Both

    def update_preview(self) -> None:
        """Show what would be written, or why nothing can be."""
        if not hasattr(self, "fighters"):
            return  # still being built
        if self.tabs.currentIndex() == 0:
            ids = self.chosen()
            amount = self.amount.value()
            if not ids:
                self.gm_preview.setText("Nobody is ticked.")
            elif self.split.isChecked():
                share = split_evenly(amount, len(ids))
                left = f"; {share.remainder} XP left over" if share.remainder else ""
                self.gm_preview.setText(f"{self._each(ids)} {share.each} XP{left}.")
            else:
                self.gm_preview.setText(f"{self._each(ids)} {amount} XP.")
            self.problem.show_messages([])
            return
        result = self.combat_result()
        if isinstance(result, str):  # only the form's refusal: a bug goes to the crash report
            self.combat_preview.setText(result)
            return
        ours = average([s.character.st + s.character.dx for s in self.sheets
                        if any(s.id == i for i, _a in result)])
        theirs = average(free_query(parse_enemy_totals, text=self.enemies.text()))
        lines = [f"Average ST + DX: party {float(ours):.1f}, enemy {float(theirs):.1f}."]
        lines += [f"{a.name}: {a.amount:+d} XP ({a.reason})" for _i, a in result]
        self.combat_preview.setText("\n".join(lines))

    def submit(self) -> bool:
        """Write the award (one undoable step); on bad input say why and write nothing."""
        if self.tabs.currentIndex() == 0:
            ids = self.chosen()
            if not ids:
                self.problem.show_messages(["Nobody to award: tick at least one character."])
                return False
            if not self.reason.text().strip():
                self.problem.show_messages(["Give a reason for the award."])
                return False
            written = operations.experience.award(self.session, ids, self.amount.value(),
                                                  self.reason.text(),
                                            split=self.split.isChecked())
        else:
            result = self.combat_result()
            if isinstance(result, str):
                self.problem.show_messages([result])
                return False
            written = operations.experience.award_combat(self.session, result)
        if written is None:
            return False
        self.accept()
        return True
