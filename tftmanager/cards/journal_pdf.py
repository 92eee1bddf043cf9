"""The campaign journal as a PDF: the same HTML as the HTML export, set in the cards' font.

A QTextDocument lays the journal out and breaks it into pages; the bytes are
written through ``app.outputs`` like the cards, so a failed export leaves
no half file.  Needs a QGuiApplication (the CLI makes an offscreen one).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QFont, QPageLayout, QPdfWriter, QTextDocument

from tftmanager.cards.fonts import card_family
from tftmanager.cards.pdf_file import a4_layout, check_pdf_target, write_pdf

JOURNAL_DPI = 300
MARGIN_MM = 18.0
BODY_PT = 10.5
STYLE = ("h1{font-size:18pt} h2{font-size:14pt; margin-top:12pt} h3{font-size:11pt}"
         " li{margin-bottom:2pt}")


def journal_document(body_html: str, page: QSizeF | None = None) -> QTextDocument:
    """The journal laid out as a text document (the PDF, and the window's preview)."""
    document = QTextDocument()
    font = QFont(card_family())
    font.setPointSizeF(BODY_PT)
    document.setDefaultFont(font)
    document.setDefaultStyleSheet(STYLE)
    document.setHtml(body_html)
    if page is not None:
        document.setPageSize(page)
    return document


def export_journal_pdf(path: Path, body_html: str, title: str) -> int:
    """Write the journal to a PDF on A4; returns the page count."""
    check_pdf_target(path)

    def paint(writer: QPdfWriter) -> int:
        writer.setPageLayout(a4_layout(QPageLayout.Orientation.Portrait, MARGIN_MM))
        document = journal_document(body_html)
        document.documentLayout().setPaintDevice(writer)
        area = writer.pageLayout().paintRectPixels(writer.resolution())
        document.setPageSize(QSizeF(area.width(), area.height()))
        document.print_(writer)
        return document.pageCount()

    return write_pdf(path, title, JOURNAL_DPI, paint)
