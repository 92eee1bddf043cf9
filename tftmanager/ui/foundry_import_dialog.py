"""Import from Foundry VTT: what each actor becomes, the names the library lacks, update or copy.

Shown when there is something to decide: names the campaign's library lacks
(each kept in the notes unless the user maps it or adds it), or actors
already in the campaign (exported from here): the dialog says what differs,
field by field, and asks whether to update the character or add a copy.
Everything is imported in one operation (one Undo), and the report says
what went to the notes, was mapped or added.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import foundry
from tftmanager.app.arrivals import Already, Landed
from tftmanager.refusal import Refusal
from tftmanager.rules.text import count
from tftmanager.ui.operations import interop
from tftmanager.ui.session import CampaignSession
from tftmanager.ui.unknowns_table import UnknownsTable


class FoundryImportDialog(QDialog):
    """The preview of a Foundry import, with the choices it needs."""

    def __init__(self, session: CampaignSession, texts: list[str], seen: foundry.ActorPreview,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session, self.texts = session, texts
        self.result_landed: Landed | None = None
        self.setWindowTitle("Import from Foundry VTT")
        self.resize(900, 600)
        layout = QVBoxLayout(self)
        names = ", ".join(r.character.name for r in seen.reads)
        layout.addWidget(QLabel(f"{count(len(seen.reads), 'character')}: {names}"))
        self.already = QComboBox()
        self.already.addItem("Update the character it came from", Already.UPDATE)
        self.already.addItem("Add a copy as a new character", Already.COPY)
        self.already.setAccessibleName("Already in the campaign")
        matches = [m for m in seen.already if m is not None]
        if matches:
            form = QFormLayout()
            for match in matches:
                differs = ", ".join(match.differences) or "nothing"
                form.addRow(QLabel(f"{match.name} is already in this campaign; differs in: "
                                   f"{differs}"))
            form.addRow("Characters already here:", self.already)
            layout.addLayout(form)
        for name in seen.same_names:
            layout.addWidget(QLabel(f"The party already has a character named {name}."))
        layout.addWidget(QLabel("Not in this campaign's library (kept in the notes unless "
                                "you choose otherwise):"))
        self.unknowns = UnknownsTable()
        self.unknowns.show_unknowns(seen.unknowns)
        self.unknowns.changed.connect(self.refresh)
        layout.addWidget(self.unknowns, 3)
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        self.report.setAccessibleName("What the import will do")
        layout.addWidget(self.report, 2)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.addButton("Import", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._import)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._show(seen)

    def _show(self, seen: foundry.ActorPreview) -> None:
        self.report.setPlainText("\n".join(seen.report) or "Everything is in the library.")

    def refresh(self) -> None:
        """Read the actors again with the choices made so far."""
        seen = self.session.check(foundry.preview_actors, answers=(Refusal,), texts=self.texts,
                                  choices=self.unknowns.choices())
        if seen.refusal is not None:  # said in this box; a bug goes to the crash report
            self.report.setPlainText(str(seen.refusal))
        elif seen.value is not None:
            self._show(seen.value)

    def _import(self) -> None:
        result = interop.import_foundry(self.session, self.texts,
                                        already=Already(self.already.currentData()),
                                        choices=self.unknowns.choices())
        if result is not None:
            self.result_landed = result
            self.accept()
