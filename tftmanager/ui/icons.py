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

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

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
    """Rendered once per icon and palette: views ask for icons on every repaint.

    On a selected row a line icon is drawn in the highlighted text's colour,
    like the text beside it (no red or green reaches 3:1 on the highlight).
    """
    result = QIcon()
    _render(_drawn(name, ink, backgrounds), result, QIcon.Mode.Normal)
    if _INK in _svg(name):
        _render(_COLOUR.sub(selected, _svg(name)), result, QIcon.Mode.Selected)
    return result


def _render(data: str, into: QIcon, mode: QIcon.Mode) -> None:
    renderer = QSvgRenderer(QByteArray(data.encode("utf-8")))
    for size in (16, 24, 32, 48, 64):
        pixmap = QPixmap(QSize(size, size))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        into.addPixmap(pixmap, mode)
