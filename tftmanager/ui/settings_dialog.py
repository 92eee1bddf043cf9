"""The campaign settings dialog: the rules profile, each option explained in a line."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

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

from tftmanager.rules.settings import OPTION_INFO, RuleProfile


class CampaignSettingsDialog(QDialog):
    """Edit a RuleProfile; the result is read with profile()."""

    def __init__(self, profile: RuleProfile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Campaign Rules")
        self._profile = profile
        self.fields: dict[str, QComboBox | QSpinBox] = {}
        form = QFormLayout()
        for field in fields(RuleProfile):
            info = OPTION_INFO[field.name]
            combo: QComboBox | QSpinBox
            if info.choices:
                combo = QComboBox()
                for value, text in info.choices.items():
                    combo.addItem(text, value)
                combo.setCurrentIndex(combo.findData(getattr(profile, field.name)))
            else:
                combo = QSpinBox()
                combo.setRange(*info.bounds)
                combo.setValue(getattr(profile, field.name))
            combo.setAccessibleName(info.label)
            combo.setAccessibleDescription(info.explanation)
            combo.setToolTip(info.explanation)
            label = QLabel(f"{info.label}:")
            label.setBuddy(combo)
            text = info.explanation + (f" ({info.assumed})" if info.assumed else "")
            explanation = QLabel(text)
            explanation.setWordWrap(True)
            explanation.setEnabled(False)  # rendered in the palette's secondary text colour
            column = QVBoxLayout()
            column.setSpacing(2)
            column.addWidget(combo)
            column.addWidget(explanation)
            form.addRow(label, column)
            self.fields[field.name] = combo
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
        values: dict[str, Any] = {
            name: w.currentData() if isinstance(w, QComboBox) else w.value()
            for name, w in self.fields.items()
        }
        return replace(self._profile, **values)
