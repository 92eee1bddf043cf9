"""A line naming where a rule is written; a link that opens the book when its PDF is set."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from tftmanager.rules.references import Reference
from tftmanager.ui import book_pages, books


class ReferenceLabel(QLabel):
    """"Reference: In the Labyrinth p. 45": plain text, or a link to the user's PDF."""

    def __init__(self, prefix: str = "Reference: ", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefix = prefix
        self.references: tuple[Reference, ...] = ()
        self.entry: book_pages.EntryPage | None = None  # the library entry referred to, if any
        self.setWordWrap(True)
        self.setAccessibleName("Reference")
        self.linkActivated.connect(self._open)

    @property
    def reference(self) -> Reference | None:
        """The first reference shown, if any."""
        return self.references[0] if self.references else None

    def set_reference(self, reference: Reference | None) -> None:
        """Show this reference (hidden for none); a link only when its book can be opened."""
        self.set_references(() if reference is None else (reference,))

    def set_references(self, references: tuple[Reference, ...]) -> None:
        """Show these references, "; " between them, each a link when its book can be opened."""
        self.references = references
        self.setVisible(bool(references))
        if any(books.can_open(r) for r in references):
            self.setTextFormat(Qt.TextFormat.RichText)
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            parts = [f"<a href=\"{n}\">{escape(r.shown())}</a>" if books.can_open(r)
                     else escape(r.shown()) for n, r in enumerate(references)]
            self.setText(escape(self.prefix) + "; ".join(parts))
            self.setToolTip("Open the book at this page")
        else:
            self.setTextFormat(Qt.TextFormat.PlainText)
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.setText(self.prefix + "; ".join(r.shown() for r in references)
                         if references else "")
            self.setToolTip("Choose the book's PDF in Preferences > Rulebooks to open it "
                            "here." if references else "")

    def open_book(self, which: int = 0) -> str:
        """Open a reference's book at its page; "" or why it cannot."""
        if not 0 <= which < len(self.references):
            return "No reference."
        problem = books.open_reference(self.references[which], self.window(), self.entry)
        self.setToolTip(problem or "Open the book at this page")
        return problem

    def _open(self, link: str) -> None:
        self.open_book(int(link) if link.isdigit() else 0)
