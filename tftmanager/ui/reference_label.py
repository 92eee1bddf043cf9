"""A line naming where a rule is written; a link that opens the book when its PDF is set."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from tftmanager.rules.references import Reference
from tftmanager.ui import books


class ReferenceLabel(QLabel):
    """"Reference: In the Labyrinth p. 45": plain text, or a link to the user's PDF."""

    def __init__(self, prefix: str = "Reference: ", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefix = prefix
        self.reference: Reference | None = None
        self.setWordWrap(True)
        self.setAccessibleName("Reference")
        self.linkActivated.connect(self._open)

    def set_reference(self, reference: Reference | None) -> None:
        """Show this reference (hidden for none); a link only when its book can be opened."""
        self.reference = reference
        self.setVisible(reference is not None)
        if reference is None:
            self.clear()
            return
        text = reference.shown()
        if books.can_open(reference):
            self.setTextFormat(Qt.TextFormat.RichText)
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            self.setText(f"{escape(self.prefix)}<a href=\"open\">{escape(text)}</a>")
            self.setToolTip(f"Open {reference.title} at this page")
        else:
            self.setTextFormat(Qt.TextFormat.PlainText)
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.setText(self.prefix + text)
            self.setToolTip(f"Choose a PDF of {reference.title} in Preferences > Rulebooks "
                            "to open it here.")

    def open_book(self) -> str:
        """Open the reference's book at its page; "" or why it cannot."""
        if self.reference is None:
            return "No reference."
        problem = books.open_reference(self.reference, self.window())
        self.setToolTip(problem or f"Open {self.reference.title} at this page")
        return problem

    def _open(self, _link: str) -> None:
        self.open_book()
