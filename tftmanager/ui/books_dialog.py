"""Preferences > Rulebooks: point each book code at the user's own PDF.

Kept out of main_window.py (which only calls :func:`add_to`).  The list holds
the books this version knows and any other code the campaign's library
cites; each row takes a PDF and the PDF page that printed page 1 is on.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tftmanager.rules.references import BOOKS, entry_reference
from tftmanager.ui import book_pages, books

if TYPE_CHECKING:
    from tftmanager.rules.library_entries import Entry


def book_codes(entries: Iterable[Entry] = ()) -> list[str]:
    """The known books, then every other code the library cites (sorted)."""
    cited = {r.book for e in entries if (r := entry_reference(e.data)) is not None}
    return list(BOOKS) + sorted(cited - set(BOOKS))


SPIN_MOST = 110  # px: room for a page number, not a stretch of empty box


class RulebooksDialog(QDialog):
    """One row per book code: its PDF (empty for none) and where printed page 1 is."""

    def __init__(self, codes: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences: Rulebooks")
        intro = QLabel("Point a book at your own PDF of it, and a reference (in the picker, "
                       "Campaign Rules, the library) opens it at the page in a side window. "
                       "Without a PDF a reference is shown as text. If the PDF starts with "
                       "covers, say on which PDF page the book's printed page 1 is.")
        intro.setWordWrap(True)
        grid = QGridLayout()
        # The last heading on two lines: on one it ran to the dialog's edge (issue 34).
        self.headers = [QLabel(f"<b>{header}</b>") for header in
                        ("Book", "PDF", "", "Printed page 1<br>is PDF page")]
        for column, header_label in enumerate(self.headers):
            header_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
            grid.addWidget(header_label, 0, column)
        self.paths: dict[str, QLineEdit] = {}
        self.first_pages: dict[str, QSpinBox] = {}
        for row, code in enumerate(codes, start=1):
            pdf = books.book_pdf(code)
            path = QLineEdit(_shown(pdf.path) if pdf else "")
            path.setPlaceholderText("none: its references are shown as text")
            path.setAccessibleName(f"PDF of {BOOKS.get(code, code)}")
            choose = QPushButton("Choose…")
            choose.setAccessibleName(f"Choose the PDF of {BOOKS.get(code, code)}")
            choose.clicked.connect(lambda _=False, c=code: self._choose(c))
            first = QSpinBox()
            first.setRange(1, 9999)
            first.setValue(pdf.first_page if pdf else 1)
            first.setAccessibleName(f"PDF page of printed page 1 of {BOOKS.get(code, code)}")
            first.setMaximumWidth(SPIN_MOST)
            label = QLabel(f"{code}" + (f" ({BOOKS[code]})" if BOOKS.get(code, code) != code
                                        else ""))
            label.setBuddy(path)
            for column, widget in enumerate((label, path, choose, first)):
                grid.addWidget(widget, row, column)
            self.paths[code], self.first_pages[code] = path, first
        grid.setColumnStretch(1, 1)
        from PySide6.QtWidgets import QDialogButtonBox  # noqa: PLC0415 - with the dialog

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(buttons)
        # As tall as the wrapped introduction needs at this width: the height a dialog
        # takes from its size hint is the introduction's at a narrower one, and the
        # rows were squeezed (the two-line heading cut off).
        self.resize(900, max(self.sizeHint().height(), layout.totalHeightForWidth(900)))

    def _choose(self, code: str) -> None:
        start = str(Path(self.paths[code].text()).expanduser()) if self.paths[code].text() \
            else str(Path.home())
        from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415 - made when first asked

        name, _ = QFileDialog.getOpenFileName(self, f"PDF of {BOOKS.get(code, code)}", start,
                                              "PDF (*.pdf);;All files (*)")
        if name:
            self.paths[code].setText(_shown(Path(name)))

    def accept(self) -> None:
        """Keep every row's PDF (an empty one forgets the book's PDF)."""
        for code, path in self.paths.items():
            text = path.text().strip()
            pdf = (book_pages.BookPdf(Path(text).expanduser(), self.first_pages[code].value())
                   if text else None)
            books.set_book_pdf(code, pdf)
        super().accept()


def _shown(path: Path) -> str:
    """A PDF's path with the home folder as ``~`` (read back with ``expanduser``)."""
    home = Path.home()
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def add_to(window: Any, menu: QMenu) -> QAction:
    """Add Preferences… (the rulebooks) to a menu; the open campaign's codes are listed too."""
    action = QAction("Pr&eferences…", window)
    action.setMenuRole(QAction.MenuRole.PreferencesRole)
    action.setStatusTip("Point each rulebook at your own PDF, to open references at the page")

    def show() -> None:
        session = getattr(window, "session", None)
        entries = []
        if session is not None:
            from tftmanager.app import library as library_app  # noqa: PLC0415 - with the store

            entries = session.query(library_app.entries)
        RulebooksDialog(book_codes(entries), window).exec()

    action.triggered.connect(show)
    menu.addSeparator()
    menu.addAction(action)
    return action
