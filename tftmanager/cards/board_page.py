"""The party board on one landscape page, painted with QPainter in the cards' font.

However large the party, the board fits one page: the row height (and the
type with it) shrinks to fit, and columns share the width by how much text
they hold.  The same painting serves the printer, the preview and the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPainter,
    QPdfWriter,
    QPen,
)

from tftmanager.cards.fonts import card_family
from tftmanager.cards.pdf_file import a4_layout, check_pdf_target, write_pdf

MARGIN_MM = 10.0
MAX_ROW_MM = 6.0
BOARD_DPI = 300
# The tint of a row that needs the GM (printed in grey: the words say which).
NEEDS_TINT = QColor("#e4e4e4")


def column_widths(natural: Sequence[float], total: float) -> tuple[list[float], float]:
    """Columns at their text's width, the room left shared out; (widths, type scale).

    A board wider than the page is set in smaller type (the scale, at most 1),
    so nothing is cut off: the page is for reading, not for a glance.
    """
    needed = sum(natural)
    scale = min(1.0, total / needed) if needed else 1.0
    spare = (total - needed * scale) / len(natural) if natural else 0.0
    return [w * scale + spare for w in natural], scale


def _natural(font: QFont, headers: Sequence[str], rows: Sequence[Sequence[str]],
             pad: float) -> list[float]:
    """Each column's width: its widest text in this font, with padding."""
    plain, bold = QFont(font), QFont(font)
    plain.setBold(False)
    bold.setBold(True)
    body, head = QFontMetricsF(plain), QFontMetricsF(bold)
    return [max([head.horizontalAdvance(h), *(body.horizontalAdvance(r[i]) for r in rows)])
            + pad for i, h in enumerate(headers)]


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
    font.setPixelSize(max(1, round(row_h * 0.62)))
    widths, scale = column_widths(_natural(font, headers, rows, row_h * 0.5), page.width())
    font.setPixelSize(max(1, round(row_h * 0.62 * scale)))
    top = page.top() + row_h * 1.8
    for r, values in enumerate([list(headers), *rows]):
        font.setBold(r == 0)
        painter.setFont(font)
        y = top + r * row_h
        if r > 0 and needs[r - 1]:
            painter.fillRect(QRectF(page.left(), y, page.width(), row_h), NEEDS_TINT)
        x = page.left()
        for width, text in zip(widths, values, strict=True):
            elided = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                      int(width - row_h * 0.2))
            painter.drawText(QRectF(x + row_h * 0.1, y, width, row_h),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided)
            x += width
        painter.drawLine(int(page.left()), int(y + row_h), int(page.right()), int(y + row_h))
    painter.restore()
    return row_h


def export_board_pdf(path: Path, title: str, headers: Sequence[str],
                     rows: Sequence[Sequence[str]], needs: Sequence[bool]) -> None:
    """Write the board as a one-page landscape A4 PDF (needs a QGuiApplication)."""
    check_pdf_target(path)

    def paint(writer: QPdfWriter) -> None:
        writer.setPageLayout(a4_layout(QPageLayout.Orientation.Landscape, MARGIN_MM))
        painter = QPainter(writer)
        paint_board(painter, QRectF(0, 0, writer.width(), writer.height()), title, headers,
                    rows, needs)
        painter.end()

    write_pdf(path, title, BOARD_DPI, paint)
