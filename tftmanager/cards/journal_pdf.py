"""The campaign journal as a PDF: the same HTML as the HTML export, set in the cards' font.

A QTextDocument lays the journal out and breaks it into pages; the bytes are
written through ``store.files`` like the cards, so a failed export leaves
no half file.  Needs a QGuiApplication (the CLI makes an offscreen one).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from tftmanager import APP_NAME
from tftmanager.cards.errors import CardExportError
from tftmanager.cards.fonts import card_family
from tftmanager.store.files import OutputError, check_target, write_bytes

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
    try:
        check_target(path)
    except OutputError as exc:
        raise CardExportError(exc.message) from exc
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(JOURNAL_DPI)
    writer.setCreator(APP_NAME)
    writer.setTitle(title)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))
    document = journal_document(body_html)
    document.documentLayout().setPaintDevice(writer)
    paint = writer.pageLayout().paintRectPixels(writer.resolution())
    document.setPageSize(QSizeF(paint.width(), paint.height()))
    document.print_(writer)
    pages = document.pageCount()
    del writer
    buffer.close()
    try:
        write_bytes(path, bytes(data.data()))
    except OutputError as exc:
        raise CardExportError(exc.message) from exc
    return pages
