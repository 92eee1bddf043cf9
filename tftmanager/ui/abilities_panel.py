"""The editor's talents-and-spells box: memory at a glance, what is known, studies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from tftmanager.app import abilities, campaigns
from tftmanager.app.sheet import Sheet
from tftmanager.rules.memory import memory, spell_cost, talent_costs
from tftmanager.ui.problem_label import ProblemLabel

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

KIND_ROLE = Qt.ItemDataRole.UserRole
KEY_ROLE = Qt.ItemDataRole.UserRole + 1


class AbilitiesPanel(QGroupBox):
    """Known talents and spells with their costs, the memory gauge, and studies."""

    # emitted when the user asks for the picker
    pick_requested = Signal()

    def __init__(self) -> None:
        super().__init__("Talents and Spells")
        self.memory_label = QLabel()
        self.memory_label.setAccessibleName("Memory used")
        font = self.memory_label.font()
        font.setBold(True)
        self.memory_label.setFont(font)
        self.known = QListWidget()
        self.known.setAccessibleName("Known talents and spells")
        self.known.setMinimumHeight(120)
        self.add_button = QPushButton("&Add Talent or Spell…")
        self.forget_button = QPushButton("&Forget")
        self.forget_button.setAccessibleName("Forget the selected talent or spell")
        self.studies = QListWidget()
        self.studies.setAccessibleName("Studies in progress")
        self.studies.setMaximumHeight(80)
        self.cancel_study_button = QPushButton("Cancel Stud&y")
        self.problems = {key: ProblemLabel() for key in ("memory", "talents", "spells")}
        self.problems["talents"].field = self.known

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.forget_button)
        buttons.addStretch(1)
        study_row = QHBoxLayout()
        study_row.addWidget(QLabel("Studying:"))
        study_row.addStretch(1)
        study_row.addWidget(self.cancel_study_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.memory_label)
        layout.addWidget(self.problems["memory"])
        layout.addWidget(self.known)
        layout.addWidget(self.problems["talents"])
        layout.addWidget(self.problems["spells"])
        layout.addLayout(buttons)
        layout.addLayout(study_row)
        layout.addWidget(self.studies)

        self.add_button.clicked.connect(self.pick_requested)
        self.known.itemSelectionChanged.connect(self._update_buttons)
        self.studies.itemSelectionChanged.connect(self._update_buttons)
        self._update_buttons()

    def show_sheet(self, sheet: Sheet | None, session: CampaignSession | None) -> None:
        """Fill in from a sheet (None clears)."""
        self.known.clear()
        self.studies.clear()
        if sheet is None or session is None or sheet.id is None:
            self.memory_label.setText("")
            self._update_buttons()
            return
        character = sheet.character
        library = session.library
        profile = session.query(campaigns.get_profile)
        mem = memory(character, library, profile)
        self.memory_label.setText(
            f"Memory: {mem.used} of {mem.capacity} used "
            f"(IQ {character.iq} + {library.memory_rules().capacity_per_sp} × SP "
            f"{character.sp})")
        for known, talent, cost in talent_costs(character, library, profile):
            text = (f"{known.key} (not in library)" if talent is None
                    else f"{talent.name} ({cost})")
            self._add_item(text, "talent", known.key)
        for key in character.spells:
            spell = library.spells.get(key)
            text = (f"{key} (not in library)" if spell is None
                    else f"{spell.name} — spell ({spell_cost(character, library, profile)})")
            self._add_item(text, "spell", key)
        for study in session.query(abilities.studies_of, character_id=sheet.id):
            item = QListWidgetItem(
                f"{study.name}: {study.progress}"
                f"{' with a teacher' if study.teacher else ''}")
            item.setData(KEY_ROLE, study.id)
            self.studies.addItem(item)
        self._update_buttons()

    def _add_item(self, text: str, kind: str, key: str) -> None:
        item = QListWidgetItem(text)
        item.setData(KIND_ROLE, kind)
        item.setData(KEY_ROLE, key)
        self.known.addItem(item)

    def selected_known(self) -> tuple[str, str] | None:
        """(kind, key) of the selected known entry."""
        items = self.known.selectedItems()
        if not items:
            return None
        return str(items[0].data(KIND_ROLE)), str(items[0].data(KEY_ROLE))

    def selected_study(self) -> int | None:
        """Id of the selected study."""
        items = self.studies.selectedItems()
        return int(items[0].data(KEY_ROLE)) if items else None

    def _update_buttons(self) -> None:
        self.forget_button.setEnabled(self.selected_known() is not None)
        self.cancel_study_button.setEnabled(self.selected_study() is not None)
