"""How big a window opens: what it needs on a small screen, more on a large one.

Every window fits a 1024 x 700 screen (its minimum size is below that) and
opens at a share of a larger screen rather than at a fixed size, so a
1920 x 1080 screen shows more of the party, the cards or the book.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# The smallest screen every window is made to fit, less a panel and a title bar.
SMALLEST = QSize(1024, 700)
SHARE = 0.85  # of a larger screen's free area that a window opens at
FRAME = QSize(8, 32)  # a window manager's title bar and borders, outside the window's size


def opening_size(wanted: QSize, available: QSize | None, share: float = SHARE) -> QSize:
    """``wanted``, or a share of a larger screen, never more than the screen holds.

    A share of 0 opens at ``wanted`` on any screen that holds it.
    """
    if available is None or not available.isValid():
        return wanted
    room = available - FRAME
    width = max(wanted.width(), round(available.width() * share))
    height = max(wanted.height(), round(available.height() * share))
    return QSize(min(width, room.width()), min(height, room.height()))


def available(widget: QWidget) -> QSize | None:
    """The free area of the screen the widget is on (or the primary one)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableSize() if screen is not None else None


def fit(widget: QWidget, wanted: QSize, share: float = SHARE, widest: int | None = None) -> None:
    """Open the window at ``wanted`` on a small screen, at a share of a large one.

    ``widest`` keeps a window that reads down (a book's pages) from growing too wide.
    """
    size = opening_size(wanted, available(widget), share)
    if widest is not None:
        size.setWidth(min(size.width(), max(widest, wanted.width())))
    widget.resize(size)
