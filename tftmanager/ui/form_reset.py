"""Blank a form's inputs, so no earlier record's values stay under a new heading."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QListWidget, QPlainTextEdit, QSpinBox, QWidget


def blank(widgets: Iterable[QWidget]) -> None:
    """Empty texts, lowest numbers, no choice in a combo box, every list box unticked."""
    for widget in widgets:
        if isinstance(widget, QLineEdit | QPlainTextEdit):
            widget.clear()
        elif isinstance(widget, QSpinBox):
            widget.setValue(widget.minimum())
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(-1)
        elif isinstance(widget, QListWidget):
            for i in range(widget.count()):
                widget.item(i).setCheckState(Qt.CheckState.Unchecked)
