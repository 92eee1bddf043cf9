"""The campaign settings dialog: the rules profile, each option explained in a line."""

from __future__ import annotations

from dataclasses import fields, replace

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tftmanager.rules.settings import OPTION_INFO, RuleProfile


class CampaignSettingsDialog(QDialog):
    """Edit a RuleProfile; the result is read with profile()."""

    def __init__(self, profile: RuleProfile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Campaign Rules")
        self._profile = profile
        self.combos: dict[str, QComboBox] = {}
        form = QFormLayout()
        for field in fields(RuleProfile):
            info = OPTION_INFO[field.name]
            combo = QComboBox()
            combo.setAccessibleName(info.label)
            combo.setAccessibleDescription(info.explanation)
            combo.setToolTip(info.explanation)
            for value, text in info.choices.items():
                combo.addItem(text, value)
            combo.setCurrentIndex(combo.findData(getattr(profile, field.name)))
            label = QLabel(f"{info.label}:")
            label.setBuddy(combo)
            explanation = QLabel(info.explanation)
            explanation.setWordWrap(True)
            explanation.setEnabled(False)  # rendered in the palette's secondary text colour
            column = QVBoxLayout()
            column.setSpacing(2)
            column.addWidget(combo)
            column.addWidget(explanation)
            form.addRow(label, column)
            self.combos[field.name] = combo
        note = QLabel("Changing an option re-checks every character; none is changed. "
                      "Characters that break the new rules are flagged in the party.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.resize(560, self.sizeHint().height())

    def profile(self) -> RuleProfile:
        """The profile as the dialog now shows it."""
        values = {name: combo.currentData() for name, combo in self.combos.items()}
        return replace(self._profile, **values)
