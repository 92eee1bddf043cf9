"""A form for one library entry, built from the field specs of its kind."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tftmanager.rules.dice_expr import written_damage
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.references import BadReference, derive_reference, parse_reference
from tftmanager.ui.library_fields import FIELDS, FieldSpec
from tftmanager.ui.problem_label import ProblemLabel
from tftmanager.ui.runner import free_check

KEY_PATTERN = re.compile(r"^[a-z0-9_]+$")


class EntryDialog(QDialog):
    """Edit (or add) one entry; ``entry()`` builds the result from the form."""

    def __init__(self, kind: str, entry: Entry | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.original = entry
        self.setWindowTitle(f"{'Edit' if entry else 'Add'} {kind.replace('_', ' ')}")
        self.widgets: dict[str, QWidget] = {}
        data: dict[str, Any] = dict(entry.data) if entry else {}
        form = QFormLayout()
        self.key = QLineEdit(entry.key if entry else "")
        self.key.setReadOnly(entry is not None)
        self.key.setAccessibleName("Key")
        self.key.setToolTip("A stable identifier: lower-case letters, digits and _")
        key_label = QLabel("&Key:")
        key_label.setBuddy(self.key)
        form.addRow(key_label, self.key)
        for spec in FIELDS[kind]:
            widget = self._widget(spec, data.get(spec.name))
            widget.setAccessibleName(spec.label)
            label = QLabel(spec.label + ":")
            label.setBuddy(widget)
            form.addRow(label, widget)
            self.widgets[spec.name] = widget
        self._show_derived_reference()
        source = self.widgets.get("source")
        if isinstance(source, QLineEdit):
            source.textChanged.connect(self._show_derived_reference)
        self._extra = {k: v for k, v in data.items()
                       if k not in self.widgets and k != "key"}
        self.problem = ProblemLabel()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.error_check: Any = None  # set by the caller: entry -> error message or ""

    @staticmethod
    def _widget(spec: FieldSpec, value: Any) -> QWidget:
        if spec.kind in ("int", "opt_int"):
            spin = QSpinBox()
            low = spec.low - 1 if spec.kind == "opt_int" else spec.low
            spin.setRange(low, spec.high)
            if spec.kind == "opt_int":
                spin.setSpecialValueText("(none)")
            spin.setValue(value if isinstance(value, int) else low if spec.kind == "opt_int"
                          else max(spec.low, 0))
            return spin
        if spec.kind == "float":
            number = QDoubleSpinBox()
            number.setRange(spec.low, spec.high)
            number.setDecimals(2)
            number.setValue(float(value) if isinstance(value, int | float) else 0.0)
            return number
        if spec.kind == "bool":
            box = QCheckBox()
            box.setChecked(bool(value))
            return box
        if spec.kind == "choice":
            combo = QComboBox()
            combo.addItems(list(spec.choices))
            if isinstance(value, str) and value in spec.choices:
                combo.setCurrentText(value)
            return combo
        edit = QLineEdit(", ".join(value) if isinstance(value, list) else str(value or ""))
        if spec.kind == "keys":
            edit.setPlaceholderText("keys separated by commas")
        if spec.kind == "reference":
            edit.setToolTip("Where a reader finds it: a book code, 'p. PAGE' and ', SECTION' "
                            "where known (e.g. 'ITL p. 45, Experience'). Left empty, the "
                            "reference the source names is used.")
        if spec.kind == "effects":
            edit.setPlaceholderText("e.g. ma +2, hits_stopped +1, adj_dx +1 with sword")
            edit.setToolTip("What it changes on the card, separated by commas: ma, adj_dx, "
                            "damage, hits_stopped or memory, then +N, -N or xN; 'with TAG' "
                            "for one class of weapon; 'when ...' for a situation only shown")
        return edit

    def _show_derived_reference(self) -> None:
        """An empty Reference shows, greyed, the one the source gives (used when left empty)."""
        field, source = self.widgets.get("reference"), self.widgets.get("source")
        if isinstance(field, QLineEdit):
            text = source.text() if isinstance(source, QLineEdit) else ""
            derived = derive_reference(text)
            field.setPlaceholderText(derived.text() if derived else "no book known")

    def entry(self) -> Entry:
        """The entry as the form now describes it."""
        data: dict[str, Any] = dict(self._extra)
        data["key"] = self.key.text().strip()
        for spec in FIELDS[self.kind]:
            widget = self.widgets[spec.name]
            if isinstance(widget, QDoubleSpinBox):
                data[spec.name] = round(widget.value(), 2)
            elif isinstance(widget, QSpinBox):
                if spec.kind == "opt_int" and widget.value() == widget.minimum():
                    data.pop(spec.name, None)
                else:
                    data[spec.name] = widget.value()
            elif isinstance(widget, QCheckBox):
                data[spec.name] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                data[spec.name] = widget.currentText()
            elif isinstance(widget, QLineEdit):
                text = widget.text().strip()
                if spec.kind in ("keys", "effects"):
                    data[spec.name] = [k.strip() for k in text.split(",") if k.strip()]
                elif spec.kind == "damage" and text:
                    data[spec.name] = written_damage(text)
                elif text or spec.name in ("name",):
                    data[spec.name] = text
                else:
                    data.pop(spec.name, None)
        retired = self.original.retired if self.original else False
        return Entry(self.kind, data["key"], data, retired)

    def validation_error(self) -> str:
        """Why the form cannot be saved ("" when it can)."""
        entry = self.entry()
        if not KEY_PATTERN.match(entry.key):
            return "The key must be lower-case letters, digits and _ (for example 'great_bow')."
        if not str(entry.data.get("name", "")).strip():
            return "The entry needs a name."
        reference = free_check(parse_reference, answers=(BadReference,),
                               text=str(entry.data.get("reference", "")))
        if reference.refusal is not None:
            return str(reference.refusal)
        if self.error_check is not None:
            return str(self.error_check(entry) or "")
        return ""

    def _accept(self) -> None:
        error = self.validation_error()
        if error:
            self.problem.show_messages([error])
            return
        self.accept()
