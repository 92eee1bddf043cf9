"""A PDF painted in memory and then written whole: the one way every PDF is saved.

Painting straight into the file would leave half a PDF behind when painting
or the disk fails; painting into a buffer first and writing the bytes with
``app.outputs.write_output`` (a temporary file, then a rename; never over a
campaign, its lock or a backup) never does.
Cards, sheets, the encounter sheet, the party board and the journal all
save through here, so each says what it paints and nothing about saving.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

from tftmanager import APP_NAME
from tftmanager.app.outputs import OutputError, check_output, write_output
from tftmanager.cards.errors import CardExportError

T = TypeVar("T")


def check_pdf_target(path: Path) -> None:
    """Refuse a path the PDF cannot be written to, before any work, in the user's words."""
    try:
        check_output(path)
    except OutputError as exc:
        raise CardExportError(exc.message) from exc


def write_pdf(path: Path, title: str, dpi: int, paint: Callable[[QPdfWriter], T]) -> T:
    """Let ``paint`` draw on a PDF writer in memory, then write the file whole.

    Returns what ``paint`` returned (a page count, say).  The writer is made
    and dropped here, which flushes the PDF's trailer before the bytes are
    taken.
    """
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(dpi)
    writer.setCreator(APP_NAME)
    writer.setTitle(title)
    result = paint(writer)
    del writer  # flushes the PDF trailer into the buffer
    buffer.close()
    try:
        write_output(path, bytes(data.data()))
    except OutputError as exc:
        raise CardExportError(exc.message) from exc
    return result


def a4_layout(orientation: QPageLayout.Orientation, margin_mm: float) -> QPageLayout:
    """An A4 page with the same margin on every side (the board's and the journal's)."""
    return QPageLayout(QPageSize(QPageSize.PageSizeId.A4), orientation,
                       QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
                       QPageLayout.Unit.Millimeter)
