"""Bundled SVG icons, tinted to the palette so they read in light and dark schemes.

Line icons are drawn in ``_INK``, which becomes the palette's text colour; any other colour
(the red of an error, the amber of a warning, the green of OK) keeps its hue
but is lightened or darkened until it reaches 3:1 against the window and the
tables' backgrounds (WCAG 1.4.11): #c62828 is 5.6:1 on white, 2.3:1 on
Fusion's dark grey.
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QByteArray, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QStyleOption

from tftmanager.shipped import resource
from tftmanager.ui.contrast import GRAPHIC, readable

_INK = "#4a4a4a"  # the stroke colour the shipped icons are drawn in


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\b")
_GROUNDS = (QPalette.ColorRole.Window, QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase)


def _ink() -> str:
    palette = QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.WindowText).name()


def _backgrounds() -> tuple[str, ...]:
    """What icons are drawn on: the window, and the tables' rows."""
    palette = QGuiApplication.palette()
    return tuple(palette.color(role).name() for role in _GROUNDS)


def accent(colour: str, backgrounds: tuple[str, ...]) -> str:
    """An icon's own colour as drawn on these backgrounds (3:1 against each)."""
    return readable(QColor(colour), [QColor(b) for b in backgrounds], GRAPHIC).name()


def icon_colours(name: str) -> list[str]:
    """The colours an icon is drawn in with the current palette (ink first, if used)."""
    return sorted(set(_COLOUR.findall(_drawn(name, _ink(), _backgrounds()))),
                  key=lambda c: c != _ink())


@cache
def _svg(name: str) -> str:
    return resource("icons", f"{name}.svg").read_text(encoding="utf-8")


def icon(name: str) -> QIcon:
    """The named icon (see resources/icons), drawn in the current text colour."""
    selected = QGuiApplication.palette().color(QPalette.ColorRole.HighlightedText).name()
    return _tinted(name, _ink(), _backgrounds(), selected)


@cache
def _drawn(name: str, ink: str, backgrounds: tuple[str, ...]) -> str:
    """The icon's SVG with its ink and its own colours made readable on the backgrounds.

    Only line icons (drawn in ``_INK``) are recoloured; a picture in full
    colour, like the application's own icon, is drawn as it is.
    """
    svg = _svg(name)
    if _INK not in svg:
        return svg

    def recolour(match: re.Match[str]) -> str:
        colour = match.group(0)
        return ink if colour.lower() == _INK else accent(colour, backgrounds)

    return _COLOUR.sub(recolour, svg)


@cache
def _tinted(name: str, ink: str, backgrounds: tuple[str, ...], selected: str) -> QIcon:
    """One icon per name and palette: views ask for icons on every repaint.

    On a selected row a line icon is drawn in the highlighted text's colour,
    like the text beside it (no red or green reaches 3:1 on the highlight).
    """
    line = _INK in _svg(name)
    return QIcon(SvgIcon(_drawn(name, ink, backgrounds),
                         _COLOUR.sub(selected, _svg(name)) if line else None))


class SvgIcon(QIconEngine):
    """An icon drawn from its SVG at each size and mode the first time it is asked for.

    Drawing every icon of the window at five sizes and two modes before the
    first paint took about a twentieth of the start-up to the party; the
    toolbar asks for one size.  A mode without its own SVG (disabled,
    active, or selected for a picture in full colour) is made from the
    normal drawing by the style, as Qt does for an icon of pixmaps.  Qt asks
    for the size in device pixels, so a high-density screen gets a sharp one.
    """

    def __init__(self, normal: str, selected: str | None) -> None:
        super().__init__()
        self._normal, self._selected = normal, selected
        self._drawn: dict[tuple[int, int, QIcon.Mode], QPixmap] = {}

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        """The icon at ``size`` in ``mode`` (drawn once, then kept)."""
        key = (size.width(), size.height(), mode)
        found = self._drawn.get(key)
        if found is None:
            found = self._drawn[key] = self._draw(size, mode)
        return found

    def _draw(self, size: QSize, mode: QIcon.Mode) -> QPixmap:
        if mode == QIcon.Mode.Selected and self._selected is not None:
            return _rendered(self._selected, size)
        if mode == QIcon.Mode.Normal:
            return _rendered(self._normal, size)
        normal = self.pixmap(size, QIcon.Mode.Normal, QIcon.State.Off)
        option = QStyleOption()
        option.palette = QGuiApplication.palette()
        made = QApplication.style().generatedIconPixmap(mode, normal, option)
        return normal if made.isNull() else made

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        """Draw the icon into ``rect`` at the painter's pixel density."""
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        pixmap = self.pixmap(rect.size() * ratio, mode, state)
        painter.drawPixmap(rect, pixmap)

    def availableSizes(self, mode: QIcon.Mode = QIcon.Mode.Normal,  # noqa: N802 - Qt API
                       state: QIcon.State = QIcon.State.Off) -> list[QSize]:
        """The sizes the icon was made at before it was drawn lazily (a window's icon list)."""
        return [QSize(size, size) for size in SIZES]

    def clone(self) -> QIconEngine:
        """A copy for a QIcon that is changed after being shared."""
        return SvgIcon(self._normal, self._selected)


SIZES = (16, 24, 32, 48, 64)


def _rendered(data: str, size: QSize) -> QPixmap:
    pixmap = QPixmap(size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    QSvgRenderer(QByteArray(data.encode("utf-8"))).render(painter)
    painter.end()
    return pixmap
