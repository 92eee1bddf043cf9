"""A small painter-drawn chart: XP balance and attribute total, week by week.

Readable from the first week: each week with ledger entries is one column
(a bar for the XP balance, a dot on a line for the attribute total), every
value is written beside its mark while there is room, and the axes run over
round numbers from 0, so one or two weeks of play already make a picture.
Colours come from the palette: text in the window's text colour (4.5:1 in
light and dark schemes), the two series' colours shaded until they reach
3:1 against the background (``ui.contrast``).  The legend has its own row
above the plot and the axis labels sit outside it, so nothing touches the
frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tftmanager.rules.experience import WeekPoint
from tftmanager.ui.contrast import GRAPHIC, readable

XP_COLOR = QColor("#1f77b4")
TOTAL_COLOR = QColor("#d62728")
EMPTY_TEXT = "No XP recorded yet"
TOTAL_LABEL = "Attribute total (ST+DX+IQ+SP)"
GAP = 6.0  # between a label and what it labels


@dataclass(frozen=True)
class Label:
    """A piece of text, where it goes and its colour."""

    text: str
    rect: QRectF
    colour: QColor
    boxed: bool = False  # a value over the plot: drawn on the window's colour


@dataclass
class ChartLayout:
    """Everything the chart draws, in widget coordinates (computed, then painted)."""

    area: QRectF
    axis: QColor
    xp_colour: QColor
    total_colour: QColor
    bars: list[QRectF] = field(default_factory=list)
    dots: list[QPointF] = field(default_factory=list)
    grid: list[float] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    swatches: list[tuple[QRectF, QColor]] = field(default_factory=list)


def nice_ticks(low: float, high: float, room: int) -> list[int]:
    """Whole, round tick values (1, 2 or 5 times a power of ten apart) covering low..high."""
    room = max(1, room)
    raw = max(1.0, (high - low) / room)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(1, int(step))
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    if first == last:
        last += step
    return list(range(int(first), int(last) + 1, step))


def _text_rect(metrics: QFontMetricsF, text: str, x: float, y: float,
               align: Qt.AlignmentFlag) -> QRectF:
    """The rectangle of ``text`` placed at x (left, centre or right edge) and y (centre)."""
    width, height = metrics.horizontalAdvance(text) + 2, metrics.height()
    if align & Qt.AlignmentFlag.AlignRight:
        x -= width
    elif align & Qt.AlignmentFlag.AlignHCenter:
        x -= width / 2
    return QRectF(x, y - height / 2, width, height)


class ProgressChart(QWidget):
    """XP balance (bars, left axis) and attribute total (line, right axis) by week."""

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
        self.setAccessibleDescription(summary or EMPTY_TEXT)
        self.update()

    def layout_chart(self) -> ChartLayout:
        """Where everything goes at the widget's size, in the palette's colours."""
        palette = self.palette()
        window = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.WindowText)
        metrics = QFontMetricsF(self.font())
        xp_ticks, total_ticks = self._ticks(metrics)
        left = max(metrics.horizontalAdvance(str(t)) for t in xp_ticks) + 2 * GAP
        right = max(metrics.horizontalAdvance(str(t)) for t in total_ticks) + 2 * GAP
        top = metrics.height() + 2 * GAP
        bottom = 1.5 * metrics.height() + GAP  # clear of the lowest tick values
        chart = ChartLayout(
            area=QRectF(left, top, self.width() - left - right, self.height() - top - bottom),
            axis=readable(palette.color(QPalette.ColorRole.Mid), [window], GRAPHIC),
            xp_colour=readable(XP_COLOR, [window], GRAPHIC),
            total_colour=readable(TOTAL_COLOR, [window], GRAPHIC))
        self._legend(chart, metrics, text)
        if not self.points:
            middle = chart.area.center()
            chart.labels.append(Label(EMPTY_TEXT, _text_rect(
                metrics, EMPTY_TEXT, middle.x(), middle.y(), Qt.AlignmentFlag.AlignHCenter),
                text))
            return chart
        self._axes(chart, metrics, text, xp_ticks, total_ticks)
        self._series(chart, metrics, text, xp_ticks, total_ticks)
        return chart

    def _ticks(self, metrics: QFontMetricsF) -> tuple[list[int], list[int]]:
        """Round values for each axis, as many as the height has room for."""
        room = int((self.height() - 4 * metrics.height()) // (2 * metrics.height()))
        if not self.points:
            return [0], [0]
        xp = [p.xp_balance for p in self.points]
        totals = [p.attribute_total for p in self.points]
        low, high = min(0, *xp), max(1, *xp)
        headroom = (high - low) / 4  # room above the tallest bar for its value
        return (nice_ticks(low, high + headroom, min(room, 5)),
                nice_ticks(min(totals) - 1, max(totals) + 1, min(room, 4)))

    def _legend(self, chart: ChartLayout, metrics: QFontMetricsF, text: QColor) -> None:
        """A row above the plot: a swatch and a name for each series."""
        y = GAP + metrics.height() / 2
        x = chart.area.left()
        for name, colour in (("XP balance", chart.xp_colour), (TOTAL_LABEL, chart.total_colour)):
            chart.swatches.append((QRectF(x, y - 5, 10, 10), colour))
            label = _text_rect(metrics, name, x + 14, y, Qt.AlignmentFlag.AlignLeft)
            chart.labels.append(Label(name, label, text))
            x = label.right() + 3 * GAP

    def _axes(self, chart: ChartLayout, metrics: QFontMetricsF, text: QColor,
              xp_ticks: list[int], total_ticks: list[int]) -> None:
        """Tick values left (XP) and right (total), week names under the columns."""
        area = chart.area
        for tick in xp_ticks:
            y = _y_of(tick, xp_ticks, area)
            chart.grid.append(y)
            chart.labels.append(Label(str(tick), _text_rect(
                metrics, str(tick), area.left() - GAP, y, Qt.AlignmentFlag.AlignRight), text))
        for tick in total_ticks:
            y = _y_of(tick, total_ticks, area)
            chart.labels.append(Label(str(tick), _text_rect(
                metrics, str(tick), area.right() + GAP, y, Qt.AlignmentFlag.AlignLeft), text))
        slot = area.width() / len(self.points)
        widest = max(metrics.horizontalAdvance(f"week {p.week}") for p in self.points)
        every = max(1, math.ceil((widest + GAP) / slot))
        kept: QRectF | None = None
        for i in range(len(self.points) - 1, -1, -every):  # the latest week always named
            name = f"week {self.points[i].week}"
            rect = _text_rect(metrics, name, area.left() + (i + 0.5) * slot,
                              area.bottom() + GAP / 2 + metrics.height(),
                              Qt.AlignmentFlag.AlignHCenter)
            rect.moveLeft(min(max(rect.left(), area.left()), area.right() - rect.width()))
            if kept is None or not rect.intersects(kept):
                chart.labels.append(Label(name, rect, text))
                kept = rect

    def _series(self, chart: ChartLayout, metrics: QFontMetricsF, text: QColor,
                xp_ticks: list[int], total_ticks: list[int]) -> None:
        """A bar per week for XP, a dot per week for the total, each with its value."""
        area = chart.area
        slot = area.width() / len(self.points)
        zero = _y_of(0, xp_ticks, area)
        widest = max(metrics.horizontalAdvance(f"{p.xp_balance} XP") for p in self.points)
        labelled = slot >= widest + GAP
        inner = area.adjusted(2, 2, -2, -2)  # values stay off the frame's lines
        for i, point in enumerate(self.points):
            middle = area.left() + (i + 0.5) * slot
            top = _y_of(point.xp_balance, xp_ticks, area)
            width = min(slot * 0.6, 48.0)
            chart.bars.append(QRectF(middle - width / 2, min(top, zero), width,
                                     max(1.0, abs(zero - top))))
            dot = QPointF(middle, _y_of(point.attribute_total, total_ticks, area))
            chart.dots.append(dot)
            if labelled or i == len(self.points) - 1:
                xp = f"{point.xp_balance} XP"
                rect = _text_rect(metrics, xp, middle,
                                  min(top, zero) - GAP / 2 - metrics.height() / 2,
                                  Qt.AlignmentFlag.AlignHCenter)
                xp_rect = _inside(rect, inner)
                chart.labels.append(Label(xp, xp_rect, text, boxed=True))
                total = f"total {point.attribute_total}"
                shift = metrics.height() / 2 + 3  # beside the line, not on it
                rect = _text_rect(metrics, total, middle + width / 2 + GAP,
                                  dot.y() + self._away(i, 1) * shift,
                                  Qt.AlignmentFlag.AlignLeft)
                if rect.right() > area.right():  # the last column: left of the bar
                    rect = _text_rect(metrics, total, middle - width / 2 - GAP,
                                      dot.y() + self._away(i, -1) * shift,
                                      Qt.AlignmentFlag.AlignRight)
                rect = _inside(rect, inner)
                if rect.intersects(xp_rect):  # below the XP value instead
                    rect.moveTop(xp_rect.bottom() + GAP / 2)
                chart.labels.append(Label(total, _inside(rect, inner), text, boxed=True))

    def _away(self, i: int, side: int) -> int:
        """Up (-1) or down (+1): away from the total's line on that side of point ``i``."""
        j = i + side
        if not 0 <= j < len(self.points):
            return -1
        return 1 if self.points[j].attribute_total > self.points[i].attribute_total else -1

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        """Draw the layout: grid and axes, bars, the total's line, then the text."""
        chart = self.layout_chart()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = chart.area
        painter.setPen(QPen(chart.axis, 1, Qt.PenStyle.DotLine))
        for y in chart.grid:
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
        painter.setPen(QPen(chart.axis, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        painter.drawLine(area.topLeft(), area.bottomLeft())
        painter.drawLine(area.topRight(), area.bottomRight())
        for rect, colour in chart.swatches:
            painter.fillRect(rect, colour)
        for bar in chart.bars:
            painter.fillRect(bar, chart.xp_colour)
        painter.setPen(QPen(chart.total_colour, 2))
        for a, b in pairwise(chart.dots):
            painter.drawLine(a, b)
        painter.setBrush(chart.total_colour)
        radius = min(4.0, area.width() / max(1, len(chart.dots)) / 3)
        for dot in chart.dots:
            painter.drawEllipse(dot, radius, radius)
        window = self.palette().color(QPalette.ColorRole.Window)
        for label in chart.labels:
            if label.boxed:
                painter.fillRect(label.rect, window)
            painter.setPen(label.colour)
            painter.drawText(label.rect, Qt.AlignmentFlag.AlignCenter, label.text)
        painter.end()


def _inside(rect: QRectF, area: QRectF) -> QRectF:
    """``rect`` moved (not shrunk) to lie within ``area`` where it can."""
    dx = max(0.0, area.left() - rect.left()) - max(0.0, rect.right() - area.right())
    dy = max(0.0, area.top() - rect.top()) - max(0.0, rect.bottom() - area.bottom())
    return rect.translated(dx, dy)


def _y_of(value: float, ticks: list[int], area: QRectF) -> float:
    """The height of ``value`` on an axis running from the first tick to the last."""
    low, high = ticks[0], ticks[-1]
    return area.bottom() - (value - low) / max(1e-9, high - low) * area.height()
