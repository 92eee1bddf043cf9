"""The survival roll for a dying character: every modifier and the chance, before rolling."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import characters
from tftmanager.rules.character import Status
from tftmanager.rules.survival import Helper, Situation, can_survive, chance, modifiers
from tftmanager.ui import operations

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

HELPERS = ((Helper.NONE, "Nobody"), (Helper.FIRST_AID, "Someone with First Aid"),
           (Helper.PHYSICKER, "A physicker"), (Helper.MASTER, "A master physicker"))


class SurvivalDialog(QDialog):
    """A calculator first; Roll records the outcome (undoable)."""

    def __init__(self, session: CampaignSession, character_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.character_id = character_id
        character = session.query(characters.get_character, character_id=character_id)
        rules = session.library.jobs.survival if session.library.jobs else None
        assert rules is not None
        self.rules = rules
        self.setWindowTitle(f"Survival Roll: {character.name}")
        self.st_now = QSpinBox()
        self.st_now.setRange(-100, 0)
        self.st_now.setValue(min(0, character.current_st))
        self.original = QSpinBox()
        self.original.setRange(1, 300)
        self.original.setValue(character.st)
        self.helper = QComboBox()
        self.second = QComboBox()
        for box in (self.helper, self.second):
            for value, text in HELPERS:
                if box is self.second and value == Helper.FIRST_AID:
                    continue
                box.addItem(text, value)
        self.potions = QSpinBox()
        self.potions.setRange(0, 20)
        self.minutes = QSpinBox()
        self.minutes.setRange(0, 600)
        self.minutes.setSuffix(" min")
        self.breakdown = QLabel()
        self.breakdown.setWordWrap(True)
        self.breakdown.setAccessibleName("Modifiers and chance")
        self.outcome_label = QLabel()
        self.outcome_label.setAccessibleName("Result")
        form = QFormLayout()
        for text, widget in (("ST &now:", self.st_now), ("&Original ST:", self.original),
                             ("&Helped by:", self.helper), ("&Second helper:", self.second),
                             ("Healing &potions:", self.potions),
                             ("&Minutes unhelped:", self.minutes)):
            label = QLabel(text)
            label.setBuddy(widget)
            widget.setAccessibleName(text.replace("&", "").rstrip(":"))
            form.addRow(label, widget)
        buttons = QDialogButtonBox()
        self.roll_button = buttons.addButton("&Roll", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.accepted.connect(self.roll)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.breakdown)
        layout.addWidget(self.outcome_label)
        layout.addWidget(buttons)
        for spin in (self.st_now, self.original, self.potions, self.minutes):
            spin.valueChanged.connect(lambda _v: self.update_chance())
        for box in (self.helper, self.second):
            box.currentIndexChanged.connect(lambda _i: self.update_chance())
        self.update_chance()

    def situation(self) -> Situation:
        """What the form describes."""
        return Situation(self.st_now.value(), self.original.value(),
                         str(self.helper.currentData()), str(self.second.currentData()),
                         self.potions.value(), self.minutes.value())

    def update_chance(self) -> str:
        """Show every modifier and the exact chance; returns the chance as text."""
        situation = self.situation()
        refusal = can_survive(situation)
        if refusal:
            self.breakdown.setText(refusal)
            return "0%"
        mods = modifiers(situation, self.rules)
        odds = chance(situation, self.rules)
        lines = [f"2d, {self.rules.target} or better; a {self.rules.always_dies_on} always "
                 "dies."]
        lines += [f"{m.amount:+d}  {m.reason}" for m in mods]
        percent = f"{float(odds) * 100:.0f}%"
        lines.append(f"Chance of survival: {percent} ({int(odds * 36)} in 36)")
        self.breakdown.setText("\n".join(lines))
        return percent

    def roll(self, seed: int | None = None) -> bool | None:
        """Roll and record: survives (recovering) or dies; None if nothing was rolled."""
        result = operations.weeks.survival_roll(self.session, self.character_id, self.situation(),
                                                seed)
        if result is None:
            return None
        o = result.outcome
        alive = result.after.status is Status.ACTIVE
        self.outcome_label.setText(f"Rolled {o.faces[0]}+{o.faces[1]}, total {o.total}: "
                            + ("survives; wakes at 0 ST and -5 DX, 5 weeks to recover."
                               if alive else "dies."))
        self.roll_button.setEnabled(False)
        return alive
