"""Screenshots of references: the picker's link, the book window at the page, Preferences.

Run under Xvfb by ``make screenshot`` beside scripts/screenshots.py.  No
rulebook ships with TFT Manager, so the "book" is a stand-in PDF written
here with Qt's PDF writer: a cover, then numbered pages.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings, QThread, QTimer
from PySide6.QtGui import QFont, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication
from shot_support import DialogWatchdog, campaigns_folder, fresh_demo_path

from tftmanager.rules.references import Reference
from tftmanager.ui import books
from tftmanager.ui.book_window import open_window
from tftmanager.ui.books_dialog import RulebooksDialog, book_codes
from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow

OUT = Path(__file__).resolve().parent.parent / "docs"


def stand_in_book(path: Path, pages: int = 60) -> Path:
    """A PDF standing in for the user's own book: a cover, then pages printed 1, 2, 3..."""
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A5))
    writer.setResolution(72)
    painter = QPainter(writer)
    for index in range(pages + 1):
        if index:
            writer.newPage()
        painter.setFont(QFont("DejaVu Sans", 22 if index else 30))
        painter.drawText(40, 80, f"Page {index}" if index else "Your own PDF")
        painter.setFont(QFont("DejaVu Sans", 11))
        lines = ([f"A stand-in for your copy of the book: printed page {index}."]
                 if index else ["Covers come first in many scans: Preferences > Rulebooks",
                                "says on which PDF page the printed page 1 is."])
        for n, line in enumerate(lines):
            painter.drawText(40, 130 + 20 * n, line)
    painter.end()
    return path


def main() -> int:
    """Open the demo, point ITL at the stand-in, grab the three views, quit."""
    app = QApplication(sys.argv)
    configure_application(app)
    watchdog = DialogWatchdog(app)
    tmp = campaigns_folder()
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1280, 800)
    window.show()
    assert window.new_campaign(fresh_demo_path(), demo=True)
    books.set_book_pdf("ITL", books.BookPdf(stand_in_book(tmp / "itl.pdf"), first_page=2))

    def shoot() -> None:
        OUT.mkdir(exist_ok=True)
        rows = {r.name: r.id for r in window.party_model.rows()}
        window.party.select(rows["Joe the Barbarian"])
        app.processEvents()
        picker = window.editor.open_picker()
        assert picker is not None
        picker.kind.setCurrentIndex(picker.kind.findData("talent"))
        picker.select("talent", "fencing")
        picker.resize(820, 560)
        app.processEvents()
        picker.grab().save(str(OUT / "references-picker.png"))
        assert books.open_reference(Reference("ITL", "23"), picker) == ""
        book = open_window("ITL")
        assert book is not None
        book.resize(760, 620)
        book.search.setText("page 23")
        book.search.returnPressed.emit()
        for _ in range(200):
            app.processEvents()
            if book.results.count():
                break
            QThread.msleep(10)
        book.results.setCurrentRow(-1)
        assert books.open_reference(Reference("ITL", "23"), picker) == ""
        app.processEvents()
        book.grab().save(str(OUT / "references-book.png"))
        book.close()
        picker.close()
        dialog = RulebooksDialog(book_codes(), window)
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(OUT / "rulebooks-preferences.png"))
        dialog.close()
        window.close()
        app.quit()

    QTimer.singleShot(600, shoot)
    return watchdog.exit_code(app.exec())


if __name__ == "__main__":
    sys.exit(main())
