"""The party board on one landscape page, painted with QPainter in the cards' font.

However large the party, the board fits one page: the row height (and the
type with it) shrinks to fit, and columns share the width by how much text
they hold.  The same painting serves the printer, the preview and the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from tftmanager import APP_NAME
from tftmanager.cards.errors import CardExportError
from tftmanager.cards.fonts import card_family
from tftmanager.store.files import OutputError, check_target, write_bytes

MARGIN_MM = 10.0
MAX_ROW_MM = 6.0
BOARD_DPI = 300
# The tint of a row that needs the GM (printed in grey: the words say which).
NEEDS_TINT = QColor("#e4e4e4")


def column_widths(headers: Sequence[str], rows: Sequence[Sequence[str]],
                  total: float) -> list[float]:
    """Each column's share of ``total`` by the longest text in it (header included)."""
    longest = [max([len(h), *(len(r[i]) for r in rows)]) + 2 for i, h in enumerate(headers)]
    capped = [min(n, 40) for n in longest]
    scale = total / sum(capped)
    return [n * scale for n in capped]


def paint_board(painter: QPainter, page: QRectF, title: str, headers: Sequence[str],
                rows: Sequence[Sequence[str]], needs: Sequence[bool]) -> float:
    """Paint the board into ``page`` (device units); returns the row height used."""
    row_h = min(page.height() / (len(rows) + 3), page.height() * MAX_ROW_MM / 190)
    font = QFont(card_family())
    painter.save()
    font.setBold(True)
    font.setPixelSize(max(1, round(row_h * 1.2)))
    painter.setFont(font)
    painter.setPen(QPen(Qt.GlobalColor.black))
    painter.drawText(QRectF(page.left(), page.top(), page.width(), row_h * 1.6),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
    widths = column_widths(headers, rows, page.width())
    top = page.top() + row_h * 1.8
    for r, values in enumerate([list(headers), *rows]):
        font.setBold(r == 0)
        font.setPixelSize(max(1, round(row_h * 0.62)))
        painter.setFont(font)
        y = top + r * row_h
        if r > 0 and needs[r - 1]:
            painter.fillRect(QRectF(page.left(), y, page.width(), row_h), NEEDS_TINT)
        x = page.left()
        for width, text in zip(widths, values, strict=True):
            elided = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                      int(width - row_h * 0.3))
            painter.drawText(QRectF(x + row_h * 0.15, y, width, row_h),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided)
            x += width
        painter.drawLine(int(page.left()), int(y + row_h), int(page.right()), int(y + row_h))
    painter.restore()
    return row_h


def export_board_pdf(path: Path, title: str, headers: Sequence[str],
                     rows: Sequence[Sequence[str]], needs: Sequence[bool]) -> None:
    """Write the board as a one-page landscape A4 PDF (needs a QGuiApplication)."""
    try:
        check_target(path)
    except OutputError as exc:
        raise CardExportError(exc.message) from exc
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(BOARD_DPI)
    writer.setCreator(APP_NAME)
    writer.setTitle(title)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Landscape,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))
    painter = QPainter(writer)
    paint_board(painter, QRectF(0, 0, writer.width(), writer.height()), title, headers, rows,
                needs)
    painter.end()
    del writer
    buffer.close()
    try:
        write_bytes(path, bytes(data.data()))
    except OutputError as exc:
        raise CardExportError(exc.message) from exc
