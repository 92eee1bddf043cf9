"""The user's own rulebook PDFs: which file each book code opens, and opening a reference.

A reference names a book code and a printed page (``rules.references``).
Preferences > Rulebooks points a code at a PDF on this computer, with the
PDF page that printed page 1 is on (a scan often starts with covers); the
choice belongs to the user, not the campaign, so it is kept in the
application's settings.  No PDF is shipped: a reference without one is shown
as text, and nothing else changes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from tftmanager.rules.references import Reference
from tftmanager.ui.book_pages import BookPdf, EntryPage

GROUP = "rulebooks"
_settings: QSettings | None = None


def use_settings(settings: QSettings) -> None:
    """Keep the books in these settings (the main window's; a test's own file)."""
    global _settings
    _settings = settings


def _store() -> QSettings:
    global _settings
    if _settings is None:
        _settings = QSettings()
    return _settings


def _key(code: str) -> str:
    """A settings key for a book code (codes may hold spaces and colons)."""
    return f"{GROUP}/{code.encode().hex()}"


def book_pdf(code: str) -> BookPdf | None:
    """The PDF set for a book code, or None (never set, or cleared)."""
    store = _store()
    path = str(store.value(f"{_key(code)}/path", "") or "")
    if not path:
        return None
    try:
        first = int(str(store.value(f"{_key(code)}/first_page", 1)))
    except ValueError:
        first = 1
    return BookPdf(Path(path), max(first, 1))


def set_book_pdf(code: str, pdf: BookPdf | None) -> None:
    """Point a book code at a PDF (None forgets it)."""
    store = _store()
    if pdf is None:
        store.remove(_key(code))
    else:
        store.setValue(f"{_key(code)}/path", str(pdf.path))
        store.setValue(f"{_key(code)}/first_page", pdf.first_page)
        store.setValue(f"{_key(code)}/code", code)
    store.sync()


def can_open(reference: Reference | None) -> bool:
    """Whether this reference opens a book: its code has a PDF that exists."""
    if reference is None:
        return False
    pdf = book_pdf(reference.book)
    return pdf is not None and pdf.path.is_file()


def open_reference(reference: Reference, parent: QWidget | None = None,
                   entry: EntryPage | None = None) -> str:
    """Open the reference's book at its page in the side window; "" or why it cannot.

    With the ``entry`` it is of, the window offers to record the page shown as
    the entry's page.
    """
    pdf = book_pdf(reference.book)
    if pdf is None:
        return (f"No PDF is set for {reference.book}: choose one in Preferences > "
                "Rulebooks.")
    if not pdf.path.is_file():
        return f"The PDF set for {reference.book} is not there any more: {pdf.path}"
    from tftmanager.ui.book_window import show_book  # noqa: PLC0415 - Qt's PDF module, on use

    page = reference.first_page
    return show_book(reference, pdf.path, pdf.index_of(page) if page else 0, parent,
                     entry=entry, pdf=pdf)
