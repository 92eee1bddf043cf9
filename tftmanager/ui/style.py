"""The application's look: Fusion, with check boxes whose frame can be seen.

Fusion draws an unticked check box as a frame one shade off the background
(``window.darker(140)``): about 2.3:1 on white, and nearly nothing on a dark
palette, where the Weapons carried list and the week planner's Mounted and
Own lodging columns showed only their ticks.  ``VisibleIndicators`` draws
every check-box frame (in item views too, which Fusion routes through the
same primitive) in a colour reaching 3:1 against the palette's backgrounds,
whatever the scheme.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QWidget,
)

from tftmanager.ui.contrast import GRAPHIC, readable

_ROLE = QPalette.ColorRole


def indicator_frame(palette: QPalette) -> QColor:
    """The frame colour of a check box: the palette's mid tone, made to reach 3:1."""
    return readable(palette.color(_ROLE.Mid),
                    (palette.color(_ROLE.Base), palette.color(_ROLE.Window)), GRAPHIC)


class VisibleIndicators(QProxyStyle):
    """Fusion, drawing a check box's frame so an unticked box is seen on any palette.

    It also tells ``when_polished``'s hooks of each widget Qt polishes (once
    per widget, as it is first shown): cheaper than an application-wide event
    filter, which sees every event of every widget.
    """

    def __init__(self, base: QStyle | None) -> None:
        super().__init__(base)
        self.polished: list[Callable[[QWidget], None]] = []

    def polish(self, target: Any) -> Any:
        """Fusion's polish (of a widget, the application or a palette), then the hooks."""
        super().polish(target)
        if isinstance(target, QWidget):
            for hook in self.polished:
                hook(target)

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,  # noqa: N802
                      painter: QPainter, widget: QWidget | None = None) -> None:
        """Fusion's drawing, then the frame of a check box on top."""
        super().drawPrimitive(element, option, painter, widget)
        if element is QStyle.PrimitiveElement.PE_IndicatorCheckBox:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setBrush(QBrush())
            painter.setPen(QPen(indicator_frame(option.palette), 1))
            rect = QRectF(option.rect).adjusted(0.5, 0.5, -1.5, -1.5)
            painter.drawRect(rect)
            painter.restore()


_STYLE: list[QStyle] = []  # one per process, never dropped: the application owns it


def when_polished(app: QApplication, hook: Callable[[QWidget], None]) -> bool:
    """Call ``hook`` with each widget polished from now on; False if the style is not ours."""
    style = app.style()
    if not isinstance(style, VisibleIndicators):
        return False
    style.polished.append(hook)
    return True


def apply(app: QApplication) -> None:
    """Give the application Fusion (it follows the system light/dark scheme), framed boxes.

    Once only: replacing a style makes Qt delete the old one under the
    widgets still painting with it.
    """
    if isinstance(app.style(), VisibleIndicators):
        return
    style = VisibleIndicators(QStyleFactory.create("Fusion"))
    _STYLE.append(style)
    app.setStyle(style)


def fusion_dark() -> QPalette:
    """Fusion's own dark palette (what it shows under a dark system scheme).

    For tests and screenshots, which cannot switch the system's scheme.
    """
    text = QColor(240, 240, 240)
    window = QColor(50, 50, 50)
    palette = QPalette(*(QBrush(c) for c in (
        text, window, window.lighter(150), window.darker(150), window.darker(130),
        text, text, window.darker(140), window)))
    palette.setColor(_ROLE.Highlight, QColor(48, 140, 198))
    palette.setColor(_ROLE.HighlightedText, text)
    palette.setColor(_ROLE.ButtonText, text)
    palette.setColor(_ROLE.ToolTipText, text)
    palette.setColor(_ROLE.ToolTipBase, window)
    palette.setColor(_ROLE.PlaceholderText, text.darker(160))
    return palette
