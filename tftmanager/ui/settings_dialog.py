"""The campaign settings dialog: the rules profile, each option explained in a line."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app.experience import XPRefused, parse_cost_steps
from tftmanager.app.journal import UNDO_LIMIT_RANGE
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.option_references import option_references
from tftmanager.rules.settings import OPTION_INFO, RuleProfile
from tftmanager.ui import screen_fit
from tftmanager.ui.problem_label import ProblemLabel
from tftmanager.ui.reference_label import ReferenceLabel
from tftmanager.ui.runner import free_check, free_query


def _explained_row(form: QFormLayout, label_text: str, field: QWidget, note: str,
                   references: QWidget | None = None) -> None:
    """A labelled field with its line of explanation (and where to read it) under it."""
    label = QLabel(label_text)
    label.setBuddy(field)
    explanation = QLabel(note)
    explanation.setWordWrap(True)
    explanation.setEnabled(False)  # rendered in the palette's secondary text colour
    column = QVBoxLayout()
    column.setSpacing(2)
    column.addWidget(field)
    column.addWidget(explanation)
    if references is not None:
        column.addWidget(references)
    form.addRow(label, column)


class CampaignSettingsDialog(QDialog):
    """Edit a RuleProfile; the result is read with profile()."""

    def __init__(self, profile: RuleProfile, parent: QWidget | None = None,
                 xp_entry: Entry | None = None, job_rules: Entry | None = None,
                 undo_limit: int = 100) -> None:
        super().__init__(parent)
        self.setWindowTitle("Campaign Rules")
        self._profile = profile
        self._xp_entry = xp_entry
        self._job_rules = job_rules
        self.fields: dict[str, QComboBox | QSpinBox] = {}
        self.references: dict[str, ReferenceLabel] = {}
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
            text = info.explanation + (f" ({info.assumed})" if info.assumed else "")
            reference = ReferenceLabel("Read it in: ")
            reference.set_references(option_references(field.name))
            self.references[field.name] = reference
            _explained_row(form, f"{info.label}:", combo, text, reference)
            self.fields[field.name] = combo
        self.xp_box = self._xp_table(xp_entry) if xp_entry is not None else None
        self.lifestyle_weeks = QSpinBox()
        self.lifestyle_weeks.setRange(1, 52)
        self.lifestyle_weeks.setSuffix(" weeks")
        self.lifestyle_weeks.setAccessibleName("Lifestyle cost period")
        period = job_rules.data.get("lifestyle_period", {}) if job_rules else {}
        self.lifestyle_weeks.setValue(int(period.get("weeks", 4)))
        self.lifestyle_weeks.setToolTip(str(period.get("assumed", "")))
        self.lifestyle_weeks.setEnabled(job_rules is not None)
        _explained_row(form, "Lifestyle costs are for:", self.lifestyle_weeks,
                       "The expansion gives lifestyle costs without saying over what "
                       "period; idle weeks pay the cost divided by this many weeks.")
        self.rest_heals = self._build_rest(job_rules)
        _explained_row(form, "A week of rest:", self.rest_heals,
                       "The documents give no healing rate between adventures. Named "
                       "default: a full week of rest heals every wound (an assumption; "
                       "the other reading leaves healing to the GM).")
        factors = job_rules.data.get("thief_factors", {}) if job_rules else {}
        self.thief_spells = QLineEdit(", ".join(factors.get("wizard_spells", [])))
        self.thief_spells.setAccessibleName("Appropriate spells for a thief")
        self.thief_spells.setToolTip("Spell keys, separated by commas (as in the Rules "
                                     "Library's Spells tab).")
        self.thief_spells.setEnabled(job_rules is not None)
        _explained_row(form, "A thief's appropriate spells:", self.thief_spells,
                       "'As thieves, count appropriate spells as 1/4 risk reductions.' "
                       "The expansion names none; the list shipped is our choice. Used "
                       "when 'A wizard's spells as a thief' counts appropriate spells.")
        self.undo_limit = QSpinBox()
        self.undo_limit.setRange(*UNDO_LIMIT_RANGE)
        self.undo_limit.setSuffix(" changes")
        self.undo_limit.setValue(undo_limit)
        self.undo_limit.setAccessibleName("Undo reaches back")
        self.undo_limit.setToolTip("Older changes stay in the history but can no longer be "
                                   "undone.")
        undo_label = QLabel("Undo reaches back:")
        undo_label.setBuddy(self.undo_limit)
        form.addRow(undo_label, self.undo_limit)
        note = QLabel("Changing an option re-checks every character; none is changed. "
                      "Characters that break the new rules are flagged in the party.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        # The options outgrow a small screen: they scroll, the buttons stay.
        options = QWidget()
        options_layout = QVBoxLayout(options)
        options_layout.addLayout(form)
        if self.xp_box is not None:
            options_layout.addWidget(self.xp_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(options)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)
        # As tall as its options on a large screen; the options scroll on a small one.
        screen_fit.fit(self, QSize(620, options.sizeHint().height() + 120), share=0)

    def _build_rest(self, job_rules: Entry | None) -> QComboBox:
        """The job rules' ``[rest] heals_all_wounds``, edited here as a named default."""
        combo = QComboBox()
        combo.addItem("Heals every wound (default)", True)
        combo.addItem("Heals no wounds by itself (the GM records healing)", False)
        combo.setAccessibleName("A week of rest")
        rest = job_rules.data.get("rest", {}) if job_rules else {}
        combo.setCurrentIndex(combo.findData(bool(rest.get("heals_all_wounds", True))))
        combo.setToolTip(str(rest.get("assumed", "")))
        combo.setEnabled(job_rules is not None)
        return combo

    def _xp_table(self, entry: Entry) -> QGroupBox:
        box = QGroupBox("Experience cost tables")
        form = QFormLayout(box)
        self.melee_cost = QSpinBox()
        self.melee_cost.setRange(1, 100000)
        self.melee_cost.setValue(int(entry.data.get("melee", {}).get("cost", 100)))
        self.melee_cost.setAccessibleName("Melee cost per point")
        self.itl_steps = QLineEdit(", ".join(
            f"{s['total']}:{s['cost']}" for s in entry.data.get("itl", {}).get("steps", [])))
        self.itl_steps.setAccessibleName("In the Labyrinth cost steps")
        self.itl_steps.setToolTip("total reached:cost, ... — e.g. 34:100, 35:200; past the "
                                  "last step the cost doubles with each point")
        self.xp_problem = ProblemLabel(self.itl_steps)
        for text, widget in (("Melee, XP per point:", self.melee_cost),
                             ("In the Labyrinth, total:cost steps:", self.itl_steps)):
            label = QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        form.addRow("", self.xp_problem)
        uncertain = entry.data.get("itl", {}).get("uncertain", "")
        if uncertain:
            mark = QLabel(f"Note: {uncertain}.")
            mark.setWordWrap(True)
            form.addRow(mark)
        return box

    def xp_entry(self) -> Entry | None:
        """The edited experience tables, or None if unchanged; XPRefused if malformed."""
        entry = self._xp_entry
        if entry is None or self.xp_box is None:
            return None
        steps = free_query(parse_cost_steps, text=self.itl_steps.text())
        data = dict(entry.data)
        data["melee"] = {**data.get("melee", {}), "cost": self.melee_cost.value()}
        data["itl"] = {**data.get("itl", {}), "steps": steps}
        edited = Entry(entry.kind, entry.key, data, entry.retired)
        return None if edited == entry else edited

    def job_rules_entry(self) -> Entry | None:
        """The job rules with the new lifestyle period and rest rule, or None if unchanged."""
        entry = self._job_rules
        if entry is None:
            return None
        data = dict(entry.data)
        period = dict(data.get("lifestyle_period", {}))
        if int(period.get("weeks", 4)) != self.lifestyle_weeks.value():
            period["weeks"] = self.lifestyle_weeks.value()
            period["assumed"] = "Set by the GM in the campaign rules"
            data["lifestyle_period"] = period
        factors = dict(data.get("thief_factors", {}))
        spells = [k.strip() for k in self.thief_spells.text().split(",") if k.strip()]
        if list(factors.get("wizard_spells", [])) != spells:
            factors["wizard_spells"] = spells
            factors["wizard_spells_assumed"] = "Set by the GM in the campaign rules"
            data["thief_factors"] = factors
        rest = dict(data.get("rest", {}))
        heals = bool(self.rest_heals.currentData())
        if bool(rest.get("heals_all_wounds", True)) != heals:
            rest["heals_all_wounds"] = heals
            rest["assumed"] = "Set by the GM in the campaign rules"
            data["rest"] = rest
        if data == entry.data:
            return None
        return Entry(entry.kind, entry.key, data, entry.retired)

    def accept(self) -> None:
        """Refuse a malformed cost table in place; otherwise close."""
        if self.xp_box is not None:  # only the form's refusal: a bug goes to the crash report
            checked = free_check(parse_cost_steps, answers=(XPRefused,),
                                 text=self.itl_steps.text())
            if checked.refusal is not None:
                self.xp_problem.show_messages([checked.refusal.message])
                return
        super().accept()

    def profile(self) -> RuleProfile:
        """The profile as the dialog now shows it."""
        values: dict[str, Any] = {
            name: w.currentData() if isinstance(w, QComboBox) else w.value()
            for name, w in self.fields.items()
        }
        return replace(self._profile, **values)
