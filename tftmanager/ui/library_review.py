"""Reviewing a newer shipped rules library: accept or skip each difference."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.rules.text import count

if TYPE_CHECKING:
    from tftmanager.app.library import Difference


class LibraryReview(QDialog):
    """A checklist of differences; checked ones are accepted, the rest skipped."""

    def __init__(self, differences: list[Difference], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules Library Update")
        self.differences = differences
        self.list = QListWidget()
        self.list.setAccessibleName("Library differences")
        for diff in differences:
            item = QListWidgetItem(diff.label)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if diff.house_ruled
                               else Qt.CheckState.Checked)
            self.list.addItem(item)
        text = QLabel(
            f"This version of TFT Manager ships a newer rules library with "
            f"{count(len(differences), 'difference')} from this campaign's. Checked entries are "
            "taken; unchecked ones are skipped and not offered again (a skipped new entry "
            "is kept, retired, so you can bring it back from the Rules Library). Entries you "
            "house-ruled start unchecked. Nothing changes until you apply.")
        text.setWordWrap(True)
        buttons = QDialogButtonBox()
        buttons.addButton("&Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton("&Later", QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(560, 420)

    def choices(self) -> tuple[list[Difference], list[Difference]]:
        """(accepted, skipped) as the checklist stands."""
        accept: list[Difference] = []
        skip: list[Difference] = []
        for i, diff in enumerate(self.differences):
            checked = self.list.item(i).checkState() == Qt.CheckState.Checked
            (accept if checked else skip).append(diff)
        return accept, skip


def ask_review(parent: QWidget | None, differences: list[Difference]
               ) -> tuple[list[Difference], list[Difference]] | None:
    """Show the review; None means "later" (tests stand in for this function)."""
    dialog = LibraryReview(differences, parent)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        return dialog.choices()
    return None
