"""Party charts: XP earned, attribute totals and money over campaign weeks, painted.

Each chart is columns, one per week, with the week under it and the latest
value written above its column, so one week of data is a labelled column
(not a dot in an empty box) and twelve weeks a readable run.  The axis starts
near the lowest value (an attribute total moves a few points in a hundred).
Colours come from the palette, chosen for at least 4.5:1 text contrast in
light and dark schemes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from tftmanager.app.party_progress import PartySeries, party_series
from tftmanager.rules.text import dollars

if TYPE_CHECKING:
    from tftmanager.ui.session_reads import CampaignReads

# Column fill (light scheme, dark scheme): strong enough to see against the window.
BARS = ("#2f5f98", "#7fb0e8")
MIN_CONTRAST = 4.5


def luminance(color: QColor) -> float:
    """WCAG relative luminance."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF())
            + 0.0722 * channel(color.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def axis_range(values: Sequence[int], *, from_zero: bool = True) -> tuple[float, float]:
    """A floor and ceiling with room above the highest value, on a round step.

    Quantities (XP, money) start at zero when none is negative; a total that
    moves a few points in a hundred (``from_zero=False``) starts a little
    below its lowest value, so each week's column still shows.
    """
    low, high = min(values), max(values)
    span = max(high - low, max(abs(high), abs(low), 1) * 0.1, 1)
    step = 10 ** math.floor(math.log10(span))
    if from_zero and low >= 0:
        floor = 0.0
    else:
        floor = math.floor((low - span * 0.5) / step) * step
        floor = max(floor, 0) if low >= 0 else floor
    ceiling = math.ceil((high + span * 0.15) / step) * step
    return float(floor), float(max(ceiling, floor + step))


class WeekChart(QWidget):
    """One chart: a title, a value per week as columns, the weeks and the latest value."""

    def __init__(self, title: str, unit: str = "", parent: QWidget | None = None, *,
                 from_zero: bool = True) -> None:
        super().__init__(parent)
        self.title = title
        self.from_zero = from_zero
        self.unit = unit
        self.weeks: tuple[int, ...] = ()
        self.values: tuple[int, ...] = ()
        self.setMinimumSize(320, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(title)

    def set_values(self, weeks: Sequence[int], values: Sequence[int]) -> None:
        """Show these values (one per week)."""
        self.weeks, self.values = tuple(weeks), tuple(values)
        latest = self.text_value(values[-1]) if values else "no data"
        self.setAccessibleDescription(f"{self.title}: {latest} at week {weeks[-1]}"
                                      if weeks else f"{self.title}: no data")
        self.update()

    def text_value(self, value: int) -> str:
        """A value with its unit ("$1,250", "340 XP")."""
        return dollars(value) if self.unit == "$" else f"{value:,}{self.unit}"

    def colours(self) -> tuple[QColor, QColor, QColor]:
        """(text, background, column) from the palette."""
        palette = self.palette()
        text, back = palette.windowText().color(), palette.window().color()
        dark = back.lightness() < text.lightness()
        return text, back, QColor(BARS[1] if dark else BARS[0])

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        """Title, axis, columns, week labels, the latest value."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text, back, bar = self.colours()
        painter.fillRect(self.rect(), back)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(text)
        metrics = painter.fontMetrics()
        line = metrics.height()
        painter.drawText(QRectF(8, 4, self.width() - 16, line), Qt.AlignmentFlag.AlignLeft,
                         self.title)
        painter.setFont(self.font())
        if not self.values:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No weeks yet")
            return
        self._paint_columns(painter, QRectF(8, line + 10, self.width() - 16,
                                            self.height() - 2 * line - 18), text, bar)

    def _paint_columns(self, painter: QPainter, area: QRectF, text: QColor,
                       bar: QColor) -> None:
        floor, ceiling = axis_range(self.values, from_zero=self.from_zero)
        metrics = painter.fontMetrics()
        gutter = metrics.horizontalAdvance(self.text_value(int(ceiling))) + 8
        plot = QRectF(area.left() + gutter, area.top() + metrics.height(),
                      area.width() - gutter, area.height() - metrics.height())
        painter.setPen(QPen(text, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        for value in (floor, ceiling):
            y = plot.bottom() - (value - floor) / (ceiling - floor) * plot.height()
            painter.drawText(QRectF(area.left(), y - metrics.height() / 2, gutter - 6,
                                    metrics.height()),
                             Qt.AlignmentFlag.AlignRight, self.text_value(int(value)))
        slot = plot.width() / len(self.values)
        width = min(slot * 0.7, 60.0)
        label_width = metrics.horizontalAdvance("W99 ")
        every = max(1, math.ceil(len(self.weeks) * label_width / plot.width()))
        for i, (week, value) in enumerate(zip(self.weeks, self.values, strict=True)):
            x = plot.left() + slot * i + (slot - width) / 2
            top = plot.bottom() - (value - floor) / (ceiling - floor) * plot.height()
            painter.fillRect(QRectF(x, top, width, plot.bottom() - top), bar)
            if i % every == 0 or i == len(self.values) - 1:
                painter.drawText(QRectF(x - slot, plot.bottom() + 2, width + 2 * slot,
                                        metrics.height()),
                                 Qt.AlignmentFlag.AlignHCenter, f"W{week}")
        latest = self.text_value(self.values[-1])
        x = plot.left() + slot * (len(self.values) - 1) + slot / 2
        top = plot.bottom() - (self.values[-1] - floor) / (ceiling - floor) * plot.height()
        painter.drawText(QRectF(x - 80, top - metrics.height() - 2, 160, metrics.height()),
                         Qt.AlignmentFlag.AlignHCenter, latest)


class PartyCharts(QWidget):
    """The three party charts, one above the other; refreshed with the campaign."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: CampaignReads | None = None
        self.xp = WeekChart("XP earned by the party", " XP")
        self.attributes = WeekChart("Party attribute total (ST+DX+IQ+SP)", from_zero=False)
        self.money = WeekChart("Party money", "$")
        layout = QVBoxLayout(self)
        for chart in (self.xp, self.attributes, self.money):
            layout.addWidget(chart)
        self.series: PartySeries | None = None

    def show_session(self, session: CampaignReads | None) -> None:
        """Follow another campaign (or none)."""
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        """Read the series again and repaint."""
        if self.session is None:
            for chart in (self.xp, self.attributes, self.money):
                chart.set_values((), ())
            return
        self.series = series = self.session.query(party_series)
        self.xp.set_values(series.weeks, series.xp_earned)
        self.attributes.set_values(series.weeks, series.attributes)
        self.money.set_values(series.weeks, series.money)
