"""A small painter-drawn chart: XP balance and attribute total over campaign weeks."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tftmanager.rules.experience import WeekPoint

XP_COLOR = QColor("#1f77b4")
TOTAL_COLOR = QColor("#d62728")


class ProgressChart(QWidget):
    """Two lines over weeks: XP balance (left axis) and attribute total (right axis)."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[WeekPoint] = []
        self.setMinimumSize(360, 200)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Experience and attribute total by week")

    def set_points(self, points: list[WeekPoint]) -> None:
        """Show these points."""
        self.points = points
        summary = "; ".join(f"week {p.week}: {p.xp_balance} XP, total {p.attribute_total}"
                            for p in points[-5:])
        self.setAccessibleDescription(summary)
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        """Axes, the two lines, and a legend, in palette colours."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        metrics = painter.fontMetrics()
        margin_l = metrics.horizontalAdvance("00000") + 10
        margin_r = metrics.horizontalAdvance("000") + 14
        area = QRectF(margin_l, 24, self.width() - margin_l - margin_r,
                      self.height() - 24 - metrics.height() - 12)
        painter.setPen(QPen(text, 1))
        painter.drawRect(area)
        if not self.points:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, "No experience recorded yet")
            painter.end()
            return
        weeks = [p.week for p in self.points]
        w_lo, w_hi = min(weeks), max(weeks)
        xp = [p.xp_balance for p in self.points]
        x_lo, x_hi = min(0, *xp), max(1, *xp)
        totals = [p.attribute_total for p in self.points]
        t_lo, t_hi = min(totals) - 1, max(totals) + 1

        def x_of(week: int) -> float:
            span = max(1, w_hi - w_lo)
            return area.left() + (week - w_lo) / span * area.width()

        def y_of(value: float, lo: float, hi: float) -> float:
            return area.bottom() - (value - lo) / max(1e-9, hi - lo) * area.height()

        for value, lo, hi, color, align_left in ((x_hi, x_lo, x_hi, XP_COLOR, True),
                                                 (x_lo, x_lo, x_hi, XP_COLOR, True),
                                                 (t_hi, t_lo, t_hi, TOTAL_COLOR, False),
                                                 (t_lo, t_lo, t_hi, TOTAL_COLOR, False)):
            painter.setPen(color)
            y = y_of(value, lo, hi)
            label = str(int(value))
            x = (area.left() - metrics.horizontalAdvance(label) - 4 if align_left
                 else area.right() + 4)
            painter.drawText(QPointF(x, y + metrics.ascent() / 2), label)
        painter.setPen(text)
        for week in sorted({w_lo, w_hi}):
            label = f"week {week}"
            painter.drawText(QPointF(x_of(week) - metrics.horizontalAdvance(label) / 2,
                                     area.bottom() + metrics.height()), label)
        for values, lo, hi, color in ((xp, x_lo, x_hi, XP_COLOR),
                                      (totals, t_lo, t_hi, TOTAL_COLOR)):
            painter.setPen(QPen(color, 2))
            dots = [QPointF(x_of(w), y_of(v, lo, hi)) for w, v in zip(weeks, values,
                                                                       strict=True)]
            for a, b in pairwise(dots):
                painter.drawLine(a, b)
            for dot in dots:
                painter.drawEllipse(dot, 3, 3)
        painter.setPen(XP_COLOR)
        painter.drawText(QPointF(area.left(), 16), "XP balance")
        painter.setPen(TOTAL_COLOR)
        label = "Attribute total (ST+DX+IQ+SP)"
        painter.drawText(QPointF(area.right() - metrics.horizontalAdvance(label), 16), label)
        painter.end()
