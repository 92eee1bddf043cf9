"""A side window showing one rulebook PDF at a reference's page, with search.

Qt's PDF module (``QPdfDocument``, ``QPdfView``, ``QPdfSearchModel``) renders
the user's own file.  One window per book stays open beside the main window
during play: a second reference to the same book turns its page.
"""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtCore import QModelIndex, QPointF, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtPdf import QPdfDocument, QPdfSearchModel
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tftmanager.rules.references import Reference
from tftmanager.ui import screen_fit
from tftmanager.ui.book_pages import BookPdf, EntryPage, result_line

# Book code -> its open window (kept while it is open, reused for the next reference).
_windows: dict[str, BookWindow] = {}


class _PageKeepingView(QPdfView):
    """A PDF view that stays on its page when resized (fit to width re-lays every page)."""

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """Turn back to the page shown before the pages were laid out again."""
        page = self.pageNavigator().currentPage()
        super().resizeEvent(event)
        if self.document() is not None and self.document().pageCount():
            self.pageNavigator().jump(page, QPointF(), self.pageNavigator().currentZoom())


class BookWindow(QWidget):
    """One book: its pages, where the reference is, and a search over its text."""

    def __init__(self, code: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.code, self.title = code, title
        self.setWindowTitle(f"{title} — TFT Manager")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.document = QPdfDocument(self)
        self.view = _PageKeepingView(self)
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.view.setAccessibleName("Book page")
        self.where = QLabel()
        self.where.setAccessibleName("Where in the book")
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the book")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the book")
        self.search_model = QPdfSearchModel(self)
        self.search_model.setDocument(self.document)
        self.view.setSearchModel(self.search_model)
        self._first_pending = False
        self.search_model.rowsInserted.connect(self._list_results)
        self.search_model.modelReset.connect(self._list_results)
        self.results = QListWidget()
        self.results.setAccessibleName("Search results")
        # A result is a line of the book's words: wrapped in the narrow list, not cut off.
        self.results.setWordWrap(True)
        self.results.setSpacing(3)  # results apart, each on its lines
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # "This entry is on the page shown": the shipped data has no pages to give.
        self.entry: EntryPage | None = None
        self.pdf: BookPdf | None = None
        self.place_button = QPushButton("This entry is on the page shown")
        self.place_button.setToolTip("Record the printed page shown as the entry's page, in "
                                     "this campaign's library (Edit > Undo takes it back)")
        self.place_button.clicked.connect(self.place_entry)
        self.place_button.hide()
        self.search.returnPressed.connect(self._search)
        self.results.currentRowChanged.connect(self._show_result)
        self.view.pageNavigator().currentPageChanged.connect(self._show_where)
        top = QHBoxLayout()
        top.addWidget(self.where, 1)
        top.addWidget(self.place_button)
        top.addWidget(self.search, 1)
        split = QSplitter()
        split.addWidget(self.view)
        split.addWidget(self.results)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        screen_fit.fit(self, QSize(820, 660), widest=1200)  # tall where the screen is
        self.path = ""

    def load(self, path: Path) -> str:
        """Read the PDF (once per file); "" or why it cannot be read."""
        if self.path == str(path) and self.document.pageCount():
            return ""
        error = self.document.load(str(path))
        if error != QPdfDocument.Error.None_:
            return f"{path.name} cannot be read as a PDF ({error.name.strip('_')})."
        self.path = str(path)
        return ""

    def go_to(self, reference: Reference, index: int) -> None:
        """Turn to the PDF page (index from 0) the reference's printed page is on."""
        index = min(max(index, 0), max(self.document.pageCount() - 1, 0))
        self.view.pageNavigator().jump(index, QPointF(), self.view.pageNavigator().currentZoom())
        self.reference = reference
        self._show_where(index)

    def show_entry(self, entry: EntryPage | None, pdf: BookPdf | None) -> None:
        """The entry whose reference is shown (None: a reference of no entry)."""
        self.entry, self.pdf = entry, pdf
        self.place_button.setVisible(entry is not None and pdf is not None)
        if entry is not None:
            self.place_button.setText(f"{entry.name} is on the page shown")

    def place_entry(self) -> bool:
        """Record the printed page shown as the entry's page; False when it was refused."""
        if self.entry is None or self.pdf is None:
            return False
        page = self.pdf.page_of(self.current_page())
        if page < 1 or not self.entry.set_page(page):
            self.where.setText("Not recorded: this PDF page comes before printed page 1."
                               if page < 1 else self.where.text())
            return False
        self.reference = Reference(self.code, str(page))
        self._show_where(self.current_page())
        return True

    def current_page(self) -> int:
        """The page index (from 0) the view shows."""
        return self.view.pageNavigator().currentPage()

    def _show_where(self, index: int) -> None:
        wanted = getattr(self, "reference", None)
        at = f"{wanted.shown()}: " if isinstance(wanted, Reference) else ""
        self.where.setText(f"{at}PDF page {index + 1} of {self.document.pageCount()}")

    def _search(self) -> None:
        """Search the book; results come page by page, and the first is shown when found."""
        self._first_pending = True
        self.search_model.setSearchString(self.search.text())
        self._list_results()

    def _list_results(self) -> None:
        """One line per result: the page and the words around the match."""
        model = self.search_model
        self.results.blockSignals(True)
        self.results.clear()
        for row in range(model.rowCount(QModelIndex())):
            index = model.index(row, 0)
            page = int(model.data(index, QPdfSearchModel.Role.Page.value))
            before = str(model.data(index, QPdfSearchModel.Role.ContextBefore.value) or "")
            after = str(model.data(index, QPdfSearchModel.Role.ContextAfter.value) or "")
            self.results.addItem(QListWidgetItem(result_line(
                self.title, self.pdf, page, f"{before}{self.search.text()}{after}")))
        self.results.blockSignals(False)
        if self._first_pending and self.results.count():
            self._first_pending = False
            self.results.setCurrentRow(0)

    def _show_result(self, row: int) -> None:
        link = self.search_model.resultAtIndex(row)
        if row >= 0 and link.isValid():
            self.view.setCurrentSearchResultIndex(row)
            self.view.pageNavigator().jump(link)

    def closeEvent(self, event: object) -> None:  # noqa: N802 - Qt's name
        """Forget the window, so the next reference opens a new one."""
        _windows.pop(self.code, None)
        super().closeEvent(event)  # type: ignore[arg-type]


def show_book(reference: Reference, path: Path, index: int,
              parent: QWidget | None = None, *, entry: EntryPage | None = None,
              pdf: BookPdf | None = None) -> str:
    """Show a book's PDF at a page index, opening its window if needed; "" or why not."""
    window = open_window(reference.book)
    if window is None:
        # Owned by the main window, not the dialog that asked: it outlives the dialog and
        # closes with the app.
        main = next((w for w in QApplication.topLevelWidgets()
                     if isinstance(w, QMainWindow) and w.isVisible()), parent)
        window = BookWindow(reference.book, reference.title, main)
    problem = window.load(path)
    if problem:
        window.close()
        return problem
    _windows[reference.book] = window
    window.show()  # before turning the page: a view shown the first time starts at the top
    window.go_to(reference, index)
    window.show_entry(entry, pdf)
    window.raise_()
    return ""


def open_window(code: str) -> BookWindow | None:
    """The open window of a book code, if any (one its owner took with it is forgotten)."""
    window = _windows.get(code)
    if window is not None and not shiboken6.isValid(window):
        del _windows[code]
        return None
    return window
