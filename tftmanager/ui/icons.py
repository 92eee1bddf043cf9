"""Bundled SVG icons, tinted to the palette so they read in light and dark schemes."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from tftmanager.shipped import resource

_INK = "#4a4a4a"  # the stroke colour the shipped icons are drawn in


def _ink() -> str:
    palette = QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.WindowText).name()


@cache
def _svg(name: str) -> str:
    return resource("icons", f"{name}.svg").read_text(encoding="utf-8")


def icon(name: str) -> QIcon:
    """The named icon (see resources/icons), drawn in the current text colour."""
    return _tinted(name, _ink())


@cache
def _tinted(name: str, ink: str) -> QIcon:
    """Rendered once per icon and colour: views ask for icons on every repaint."""
    data = _svg(name).replace(_INK, ink)
    renderer = QSvgRenderer(QByteArray(data.encode("utf-8")))
    result = QIcon()
    for size in (16, 24, 32, 48, 64):
        pixmap = QPixmap(QSize(size, size))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        result.addPixmap(pixmap)
    return result
