"""Colour contrast by the WCAG 2 formula, and colours nudged until they reach it.

The palette decides the background (light or dark, the user's scheme or a
theme), so a fixed colour readable on white can vanish on dark grey: error
icons, chart lines and check-box frames pick their colour against the
palette at paint time instead.  WCAG asks 4.5:1 for text and 3:1 for the
parts of graphics and controls a user must see (1.4.3, 1.4.11).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QColor

TEXT = 4.5  # WCAG 1.4.3: normal text
GRAPHIC = 3.0  # WCAG 1.4.11: icons, lines, control boundaries


def _channel(value: float) -> float:
    """One sRGB channel (0..1) made linear."""
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG relative luminance: 0 for black, 1 for white."""
    return (0.2126 * _channel(colour.redF()) + 0.7152 * _channel(colour.greenF())
            + 0.0722 * _channel(colour.blueF()))


def ratio(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def is_dark(background: QColor) -> bool:
    """Whether white text reads better than black on this background."""
    return ratio(background, QColor("white")) > ratio(background, QColor("black"))


def _mix(colour: QColor, toward: QColor, amount: float) -> QColor:
    keep = 1.0 - amount
    return QColor.fromRgbF(colour.redF() * keep + toward.redF() * amount,
                           colour.greenF() * keep + toward.greenF() * amount,
                           colour.blueF() * keep + toward.blueF() * amount)


def readable(colour: QColor, backgrounds: Iterable[QColor], minimum: float) -> QColor:
    """``colour``, or its nearest shade reaching ``minimum`` against every background.

    Lighter on a dark background, darker on a light one; the hue is kept so
    red still means error.
    """
    grounds = list(backgrounds)
    if not grounds:
        return QColor(colour)
    toward = QColor("white") if is_dark(grounds[0]) else QColor("black")
    for step in range(21):
        shade = _mix(colour, toward, step / 20)
        if all(ratio(shade, ground) >= minimum for ground in grounds):
            return shade
    return toward
