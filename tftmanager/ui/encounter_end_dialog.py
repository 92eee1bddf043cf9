"""The end of an encounter: the awards the rules propose, the GM's changes, one operation.

Shows each party member's proposed combat experience (Melee's awards, by
the kind of combat), wounds, fatigue and the wear its armor and shield took;
the GM may change an award before confirming.  Confirming writes it all as
one operation, so one Edit > Undo takes it back.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app.encounter_end import Review, review_end
from tftmanager.rules.awards import CombatType
from tftmanager.rules.experience import MAX_ENTRY
from tftmanager.ui.operations import encounters as ops
from tftmanager.ui.screen_fit import fit
from tftmanager.ui.session import CampaignSession

COLUMNS = ("Character", "XP", "Why", "Hits", "Fatigue", "Wear", "Dropped, missiles shot")
ROOM = 60  # px around the table: the dialog's margins and a scroll bar
WHY_MOST = 200  # px: the reason column's widest, so the columns after it fit the dialog


class EncounterEndDialog(QDialog):
    """Review the ending; OK writes it."""

    def __init__(self, session: CampaignSession, encounter_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.encounter_id = encounter_id
        self.setWindowTitle("End Encounter")
        self.resize(760, 320)
        self.combat = QComboBox()
        for kind, text in ((CombatType.DEATH, "Combat to the death"),
                           (CombatType.ARENA, "Arena combat"),
                           (CombatType.PRACTICE, "Practice combat")):
            self.combat.addItem(text, kind)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setAccessibleName("Awards and results")
        self.lose_dropped = QCheckBox("Weapons dropped are &lost (removed from possessions)")
        self.note = QLabel()
        self.note.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Kind of combat:", self.combat)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&End and Record")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table)
        layout.addWidget(self.lose_dropped)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.spins: dict[int, QSpinBox] = {}
        self.review: Review | None = None
        start = session.query(review_end, encounter_id=encounter_id)
        self.combat.setCurrentIndex(self.combat.findData(start.combat))
        self.combat.currentIndexChanged.connect(self.propose)
        self.propose()

    def propose(self) -> None:
        """Fill the table with what the rules propose for the chosen kind of combat."""
        review = self.session.query(review_end, encounter_id=self.encounter_id,
                                    combat=self.combat.currentData())
        self.review = review
        self.table.setRowCount(len(review.endings))
        self.spins = {}
        for row, e in enumerate(review.endings):
            spin = QSpinBox()
            spin.setRange(-MAX_ENTRY, MAX_ENTRY)
            spin.setValue(e.award.amount)
            spin.setAccessibleName(f"XP for {e.name}")
            self.spins[e.character_id] = spin
            self.table.setCellWidget(row, 1, spin)
            wear = ", ".join(f"{w.name} +{w.hits}" for w in e.wear)
            for col, text in ((0, e.name), (2, e.award.reason),
                              (3, f"{e.wounds}" + (" — dying: survival roll" if e.dying else "")),
                              (4, str(e.fatigue)), (5, wear),
                              (6, ", ".join([*(t for t, _k in e.dropped),
                                             *([f"{e.missiles} shot"] if e.missiles else [])]))):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # whole, where a column cuts it short
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        # The award's reason is long; at its full width it pushed "Dropped" out of the
        # dialog (issue 34). It stops at a width; the tooltip holds the whole reason.
        why = COLUMNS.index("Why")
        self.table.setColumnWidth(why, min(self.table.columnWidth(why), WHY_MOST))
        needed = sum(self.table.columnWidth(c) for c in range(self.table.columnCount())) \
            + self.table.verticalHeader().width() + ROOM
        fit(self, QSize(max(self.width(), needed), self.height()), share=0)
        won = (f"{review.winner} won. " if review.winner
               else "No side has won yet: nobody is proposed an award. ")
        self.note.setText(won + ("Ending writes the XP, wounds, fatigue and armor wear as one "
                                 "change: Edit > Undo takes it all back."
                                 if review.endings
                                 else "No party member fought in this encounter."))

    def accept(self) -> None:
        """Write the ending; stay open if it was refused."""
        awards = {cid: spin.value() for cid, spin in self.spins.items()}
        if ops.end(self.session, self.encounter_id, awards, self.combat.currentData(),
                   self.lose_dropped.isChecked()):
            super().accept()
