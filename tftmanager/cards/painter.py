"""The one card drawing: preview, printer and PDF all paint through here.

The painter is never scaled: fonts given in points would be scaled twice on
a PDF device (ECOSYSTEM.md 1.2), so millimetres are converted to device units
here and font sizes are set for the device's own resolution.  Black on white
only, with hairline frames, so cards photocopy and print well in mono.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QImage, QPainter, QPen

from tftmanager.cards.fonts import card_family, card_font
from tftmanager.cards.layout import Page, PagePlan
from tftmanager.cards.none_refcount import keep_none_alive
from tftmanager.cards.typeset import PT, Frame, Stroke, Text, Typeset

MM_PER_INCH = 25.4
CARD_FRAME_MM = 0.2
CUT_MARK_MM = 0.15


class _Device:
    """Millimetres to device units, and fonts sized for the device."""

    def __init__(self, painter: QPainter, dpi: float, family: str) -> None:
        keep_none_alive()  # painting makes many void Qt calls; see none_refcount
        self.painter = painter
        self.k = dpi / MM_PER_INCH
        device = painter.device()
        device_dpi = device.logicalDpiY() if device is not None else dpi
        # A font's point size is turned into pixels with the device's logical
        # DPI; correct for any device whose logical DPI is not ``dpi``.
        self.point_factor = dpi / device_dpi if device_dpi else 1.0
        self.family = family
        self._fonts: dict[tuple[float, bool], QFont] = {}
        self._pens: dict[float, QPen] = {}

    def font(self, size_mm: float, bold: bool) -> QFont:
        key = (round(size_mm, 4), bold)
        font = self._fonts.get(key)
        if font is None:
            font = _sized_font(self.family, bold, size_mm / PT * self.point_factor)
            self._fonts[key] = font
        return font

    def pen(self, width_mm: float) -> QPen:
        pen = self._pens.get(width_mm)
        if pen is None:
            pen = QPen(Qt.GlobalColor.black)
            pen.setWidthF(max(width_mm * self.k, 0.5))
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            self._pens[width_mm] = pen
        return pen


@lru_cache(maxsize=256)
def _sized_font(family: str, bold: bool, points: float) -> QFont:
    """The card font at a point size, made once: a PDF of 100 characters' cards set 1,632."""
    font = card_font(family, bold)
    font.setPointSizeF(points)
    return font


def paint_typeset(painter: QPainter, rect: QRectF, card: Typeset, dpi: float,
                  family: str | None = None) -> None:
    """Draw an already set card in ``rect`` (device units), with its frame."""
    device = _Device(painter, dpi, family or card_family())
    k = device.k
    x0, y0 = rect.x(), rect.y()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(device.pen(CARD_FRAME_MM))
    painter.drawRect(rect)
    current_font: QFont | None = None
    text_pen = False  # whether the pen is the text's (set again only after a line's)
    for op in card.ops:
        if isinstance(op, Text):
            font = device.font(op.size, op.bold)
            if font is not current_font:
                painter.setFont(font)
                current_font = font
            if not text_pen:
                painter.setPen(Qt.GlobalColor.black)
                text_pen = True
            painter.drawText(QPointF(x0 + op.x * k, y0 + op.y * k), op.text)
            continue
        text_pen = False
        if isinstance(op, Stroke):
            painter.setPen(device.pen(op.width))
            painter.drawLine(QPointF(x0 + op.x1 * k, y0 + op.y1 * k),
                             QPointF(x0 + op.x2 * k, y0 + op.y2 * k))
        elif isinstance(op, Frame):
            painter.setPen(device.pen(op.width))
            painter.drawRect(QRectF(x0 + op.x * k, y0 + op.y * k, op.w * k, op.h * k))
    painter.restore()


def paint_page(painter: QPainter, page: Page[Typeset], plan: PagePlan, dpi: float,
               family: str | None = None) -> None:
    """Cut marks in the margin, then every card in its slot."""
    family = family or card_family()
    k = dpi / MM_PER_INCH
    painter.save()
    pen = QPen(Qt.GlobalColor.black)
    pen.setWidthF(max(CUT_MARK_MM * k, 0.5))
    painter.setPen(pen)
    for x1, y1, x2, y2 in plan.cut_marks():
        painter.drawLine(QPointF(x1 * k, y1 * k), QPointF(x2 * k, y2 * k))
    painter.restore()
    for placed in page.placed:
        box = placed.box
        rect = QRectF(box.x * k, box.y * k, box.w * k, box.h * k)
        paint_typeset(painter, rect, placed.face, dpi, family)


def _white_image(w_mm: float, h_mm: float, dpi: float) -> QImage:
    """A white image of a size in millimetres, at ``dpi`` (its resolution set to match)."""
    k = dpi / MM_PER_INCH
    image = QImage(round(w_mm * k), round(h_mm * k), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(k * 1000))
    image.setDotsPerMeterY(round(k * 1000))
    image.fill(Qt.GlobalColor.white)
    return image


def typeset_image(card: Typeset, w_mm: float, h_mm: float, dpi: float,
                  family: str | None = None) -> QImage:
    """One set card painted on a white image, as every page paints it.

    The README's card pictures and the golden test's comparison both come
    from here, so the picture is the card as printed.
    """
    image = _white_image(w_mm, h_mm, dpi)
    painter = QPainter(image)
    try:
        paint_typeset(painter, QRectF(0, 0, image.width() - 1, image.height() - 1), card, dpi,
                      family)
    finally:
        painter.end()
    return image


def page_image(page: Page[Typeset], plan: PagePlan, dpi: float,
               family: str | None = None) -> QImage:
    """A whole page (a character sheet, an encounter sheet) painted on a white image."""
    image = _white_image(plan.page_w, plan.page_h, dpi)
    painter = QPainter(image)
    try:
        paint_page(painter, page, plan, dpi, family)
    finally:
        painter.end()
    return image
