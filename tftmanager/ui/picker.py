"""The talent and spell picker: search, filter, see costs and why not, learn or study."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns, characters
from tftmanager.app.changes import Changes
from tftmanager.rules.memory import memory
from tftmanager.rules.references import shown, with_reference
from tftmanager.rules.text import count
from tftmanager.ui import book_pages, operations
from tftmanager.ui.picker_model import ROW_ROLE, PickerFilter, PickerModel
from tftmanager.ui.picker_rows import TALENT, PickerRow, picker_rows
from tftmanager.ui.read_only_table import read_only_table
from tftmanager.ui.reference_label import ReferenceLabel

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

ANY = "Any"


class PickerDialog(QDialog):
    """Every talent and spell, as this character would pay for them."""

    def __init__(self, session: CampaignSession, character_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.character_id = character_id
        self.setWindowTitle("Talents and Spells")
        self.model = PickerModel()
        self.proxy = PickerFilter()
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search names and summaries")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search talents and spells")
        self.available_only = QCheckBox("&Available now")
        self.kind = QComboBox()
        self.kind.setAccessibleName("Talents or spells")
        for text, value in (("Talents and spells", None), ("Talents (heroes)", "talent"),
                            ("Spells (wizards)", "spell")):
            self.kind.addItem(text, value)
        self.max_iq = QSpinBox()
        self.max_iq.setRange(6, 30)
        self.max_iq.setSpecialValueText(ANY)
        self.max_iq.setMinimum(6)
        self.max_iq.setValue(6)
        self.max_iq.setPrefix("IQ level ≤ ")
        self.max_iq.setAccessibleName("Highest IQ level shown")
        self.category = QComboBox()
        self.category.setAccessibleName("Learning category")
        self.category.addItem("Any category", None)
        for n in range(1, 6):
            self.category.addItem(f"Category {n}", n)

        self.memory_label = QLabel()
        self.memory_label.setAccessibleName("Memory")
        self.table = read_only_table(self.proxy, "Talents and spells")
        for column, width in enumerate((190, 60, 40, 40, 44)):
            self.table.setColumnWidth(column, width)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setAccessibleName("Details")
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setMinimumHeight(70)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.reference = ReferenceLabel("Read it in: ")

        self.learn_button = QPushButton("&Learn")
        self.study_button = QPushButton("&Study…")
        self.teacher = QCheckBox("With a &teacher")
        self.on_the_job = QCheckBox("On-the-&job training")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        filters = QHBoxLayout()
        filters.addWidget(self.search, 2)
        filters.addWidget(self.kind)
        filters.addWidget(self.max_iq)
        filters.addWidget(self.category)
        filters.addWidget(self.available_only)
        actions = QHBoxLayout()
        actions.addWidget(self.learn_button)
        actions.addSpacing(12)
        actions.addWidget(self.study_button)
        actions.addWidget(self.teacher)
        actions.addWidget(self.on_the_job)
        actions.addStretch(1)
        actions.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.memory_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail)
        layout.addWidget(self.reference)
        layout.addLayout(actions)
        self.resize(760, 620)

        for signal in (self.search.textChanged, self.available_only.toggled,
                       self.kind.currentIndexChanged, self.max_iq.valueChanged,
                       self.category.currentIndexChanged):
            signal.connect(self._apply_filters)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.learn_button.clicked.connect(self.learn_selected)
        self.study_button.clicked.connect(self.study_selected)
        session.signals.changes_applied.connect(self._on_changes)
        self.refresh()

    def refresh(self) -> None:
        """Re-evaluate every entry for the character (keeping the selection)."""
        selected = self.selected_row()
        character = self.session.query(characters.get_character, character_id=self.character_id)
        library = self.session.library
        profile = self.session.query(campaigns.get_profile)
        self.model.set_rows(picker_rows(character, library, profile))
        mem = memory(character, library, profile)
        self.memory_label.setText(
            f"{character.name}: memory {mem.used} of {mem.capacity} used "
            f"(IQ {character.iq} + {library.memory_rules().capacity_per_sp} × SP "
            f"{character.sp}), {max(mem.free, 0)} free")
        if selected is not None:
            self.select(selected.kind, selected.key)
        self._on_selection()

    def _on_changes(self, changes: Changes) -> None:
        if self.character_id in changes.characters or changes.library or changes.settings:
            self.refresh()

    def _apply_filters(self) -> None:
        max_iq = self.max_iq.value()
        self.proxy.set_filters(
            text=self.search.text(), available_only=self.available_only.isChecked(),
            max_iq=None if max_iq == self.max_iq.minimum() else max_iq,
            category=self.category.currentData(), kind=self.kind.currentData())

    def visible_rows(self) -> list[PickerRow]:
        """Rows passing the filters, in view order."""
        return [self.proxy.index(r, 0).data(ROW_ROLE) for r in range(self.proxy.rowCount())]

    def selected_row(self) -> PickerRow | None:
        """The selected entry, if any."""
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return rows[0].data(ROW_ROLE) if rows else None

    def select(self, kind: str, key: str) -> bool:
        """Select an entry by kind and key (False if it is filtered out)."""
        for r in range(self.proxy.rowCount()):
            row: PickerRow = self.proxy.index(r, 0).data(ROW_ROLE)
            if row.kind == kind and row.key == key:
                self.table.selectRow(r)
                self.table.scrollTo(self.proxy.index(r, 0))
                return True
        return False

    def _on_selection(self, *_args: QItemSelection) -> None:
        row = self.selected_row()
        if row is None:
            self.detail.setText("Pick a talent or spell to see its cost and prerequisites.")
            self.reference.set_reference(None)
            self.learn_button.setEnabled(False)
            self.study_button.setEnabled(False)
            return
        lines = [f"{row.name} — costs {count(row.cost, 'memory point')} for this character."]
        if row.summary:
            lines.append(row.summary)
        lines.append(row.detail)
        if row.known:
            lines.append("Already known.")
        elif row.reasons:
            lines.append("Cannot learn now: " + "; ".join(row.reasons) + ".")
        self.detail.setText("\n".join(lines))
        self.reference.set_reference(row.reference)
        self.reference.entry = self._entry_page(row)
        self.learn_button.setEnabled(row.available)
        self.learn_button.setToolTip("" if row.available else with_reference(
            "; ".join(row.reasons), shown(row.reference)))
        self.study_button.setEnabled(row.kind == TALENT and not row.known)

    def _entry_page(self, row: PickerRow) -> book_pages.EntryPage | None:
        """How the book viewer records the page this talent or spell is on."""
        reference = row.reference
        if reference is None:
            return None
        session, kind, key, book = self.session, row.kind, row.key, reference.book
        return book_pages.EntryPage(row.name, lambda page: operations.library.set_entry_page(
            session, kind, key, book, page))

    def learn_selected(self) -> bool:
        """Learn the selected entry (undoable)."""
        row = self.selected_row()
        if row is None or not row.available:
            return False
        return operations.abilities.learn(self.session, self.character_id, row.kind, row.key,
                                          row.name)

    def study_selected(self) -> bool:
        """Start studying the selected talent."""
        row = self.selected_row()
        if row is None or row.kind != TALENT:
            return False
        return operations.abilities.start_study(self.session,
            self.character_id, row.key, row.name, teacher=self.teacher.isChecked(),
            on_the_job=self.on_the_job.isChecked())

    def done(self, result: int) -> None:
        """Stop listening to the campaign when closed."""
        with contextlib.suppress(RuntimeError, TypeError):
            self.session.signals.changes_applied.disconnect(self._on_changes)
        super().done(result)
