"""The editor's experience box: balance, the next point's cost, and Raise buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton

from tftmanager.app import campaigns, characters, experience
from tftmanager.rules.experience import Attribute, memory_refusal

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


class XPPanel(QGroupBox):
    """Experience at a glance; each Raise button says why when it cannot be used."""

    # Attribute: the user asked to raise it
    raise_requested = Signal(object)
    award_requested = Signal()
    memory_requested = Signal()
    ledger_requested = Signal()

    def __init__(self) -> None:
        super().__init__("Experience")
        self.balance = QLabel()
        self.balance.setAccessibleName("XP balance")
        font = self.balance.font()
        font.setBold(True)
        self.balance.setFont(font)
        self.next_cost = QLabel()
        self.next_cost.setAccessibleName("Cost of the next point")
        self.buttons: dict[Attribute, QPushButton] = {}
        grid = QGridLayout()
        for column, attribute in enumerate(Attribute):
            button = QPushButton(f"Raise {attribute.label}")
            button.setAccessibleName(f"Raise {attribute.label} with experience")
            button.clicked.connect(lambda _c=False, a=attribute: self.raise_requested.emit(a))
            self.buttons[attribute] = button
            grid.addWidget(button, 0, column)
        self.memory_button = QPushButton("Buy &Memory")
        self.memory_button.setAccessibleName("Buy a memory point with experience")
        self.memory_button.clicked.connect(self.memory_requested)
        self.award_button = QPushButton("&Award XP…")
        self.ledger_button = QPushButton("Ledger and &Chart…")
        self.award_button.clicked.connect(self.award_requested)
        self.ledger_button.clicked.connect(self.ledger_requested)
        row = QHBoxLayout()
        row.addWidget(self.balance)
        row.addStretch(1)
        row.addWidget(self.next_cost)
        actions = QHBoxLayout()
        actions.addWidget(self.award_button)
        actions.addWidget(self.ledger_button)
        actions.addWidget(self.memory_button)
        actions.addStretch(1)
        layout = QGridLayout(self)
        layout.addLayout(row, 0, 0)
        layout.addLayout(grid, 1, 0)
        layout.addLayout(actions, 2, 0)

    def show_character(self, session: CampaignSession | None, character_id: int | None) -> None:
        """Fill in for a character (None clears)."""
        if session is None or character_id is None:
            self.balance.setText("")
            self.next_cost.setText("")
            for button in self.buttons.values():
                button.setEnabled(False)
            self.memory_button.setVisible(False)
            return
        status = session.query(experience.status, character_id=character_id)
        self.balance.setText(f"{status.balance} XP")
        self.next_cost.setText(f"Next point costs {status.next_cost} XP")
        legacy = session.query(campaigns.get_profile).legacy_memory_xp
        self.memory_button.setVisible(legacy)
        tables = session.library.xp_costs
        if legacy and tables is not None:
            cost = tables.memory_cost
            self.memory_button.setText(f"Buy &Memory ({cost} XP)")
            refusal = memory_refusal(session.query(characters.get_character,
                                                   character_id=character_id), status.balance,
                                     tables, session.query(campaigns.get_profile))
            self.memory_button.setEnabled(not refusal)
            self.memory_button.setToolTip(refusal)
        for attribute, button in self.buttons.items():
            refusal = status.refusals[attribute]
            button.setEnabled(not refusal)
            button.setToolTip(refusal or f"Spend {status.next_cost} XP on one point of "
                                         f"{attribute.label}")
