"""The tracker's lead: the stage of Melee's turn, whose action comes next, and what it may do.

A panel over the figures: the turn's stages in order (the current one in
bold), a line saying whose action comes next, the rolls field, and one button
per action the rules allow that figure now (``rules.encounter_tracker``),
each saying the rolls it needs.  A button runs one use case, as the command
line's action of the same name does, so Edit > Undo takes it back.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tftmanager.rules.encounter_tracker import PHASES, Offer, Phase, Step

COLUMNS = 3  # buttons a row


class NextPanel(QGroupBox):
    """The stages, the prompt, the rolls field and a button for each allowed action."""

    chosen = Signal(object)  # the Offer whose button was pressed

    def __init__(self, rolls: QLineEdit, parent: QWidget | None = None) -> None:
        super().__init__("Next", parent)
        layout = QVBoxLayout(self)
        self.phases = QLabel()
        self.phases.setAccessibleName("Stages of the turn")
        self.prompt = QLabel()
        self.prompt.setAccessibleName("Whose action comes next")
        self.prompt.setWordWrap(True)
        self.needs = QLabel()
        self.needs.setAccessibleName("Rolls the actions need")
        self.needs.setWordWrap(True)
        self.rolls = rolls
        self.grid = QGridLayout()
        layout.addWidget(self.phases)
        layout.addWidget(self.prompt)
        layout.addLayout(self.grid)
        layout.addWidget(self.needs)
        layout.addWidget(rolls)
        self.offer_buttons: list[QPushButton] = []

    def show_step(self, step: Step) -> None:
        """Show where the turn stands and a button for each allowed action."""
        self.phases.setText(" → ".join(
            f"<b>[{phase.value}]</b>" if phase is step.phase else phase.value
            for phase in PHASES) + (f" · <b>{step.phase.value}</b>"
                                    if step.phase is Phase.OVER else ""))
        self.prompt.setText(step.prompt)
        for button in self.offer_buttons:
            self.grid.removeWidget(button)
            button.setParent(None)
        self.offer_buttons = [self._button(offer) for offer in step.offers]
        for n, button in enumerate(self.offer_buttons):
            self.grid.addWidget(button, n // COLUMNS, n % COLUMNS)
        self.needs.setText(_needs(step.offers))

    def _button(self, offer: Offer) -> QPushButton:
        button = QPushButton(offer.label)
        button.setToolTip(f"Rolls: {offer.rolls}" if offer.rolls else "No roll")
        button.setAccessibleName(offer.label)
        button.clicked.connect(lambda _checked=False, o=offer: self.chosen.emit(o))
        return button


def _needs(offers: Sequence[Offer]) -> str:
    """The rolls of the actions offered, once each."""
    said = list(dict.fromkeys(o.rolls for o in offers if o.rolls))
    if not said:
        return "No roll needed."
    return ("Rolls: " + "; ".join(said) + ". Type them in order below (e.g. \"9 4\", or one "
            "number per die \"9 5 4 1\"), or leave it empty and the app rolls.")
