"""Print the party board (one landscape page), or save it as a PDF, from the board."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from tftmanager.app import campaigns
from tftmanager.app.party_board import COLUMNS, BoardRow, cells
from tftmanager.cards.board_page import MARGIN_MM, export_board_pdf, paint_board
from tftmanager.ui import dialogs
from tftmanager.ui.runner import free_query
from tftmanager.ui.save_as import ask_save_path

HEADERS = tuple(header for header, _field in COLUMNS)


def _page(rows: Sequence[BoardRow]) -> tuple[list[tuple[str, ...]], list[bool]]:
    return [free_query(cells, row=r) for r in rows], [bool(r.needs) for r in rows]


def _title(parent: QWidget, rows: Sequence[BoardRow]) -> str:
    session = getattr(parent, "session", None)
    name = session.query(campaigns.campaign_name) if session is not None else "Party"
    week = f", week {session.query(campaigns.current_week)}" if session is not None else ""
    return f"{name}: party board{week} ({len(rows)} figures)"


def print_board(parent: QWidget, rows: Sequence[BoardRow]) -> QPrintPreviewDialog | None:
    """Print Preview of the board as shown (its filter and sort order)."""
    if not rows:
        dialogs.error(parent, "Nothing to print", "The board shows no figures.")
        return None
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                      QPageLayout.Orientation.Landscape,
                                      QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                      QPageLayout.Unit.Millimeter))
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle("Print Party Board")
    title = _title(parent, rows)
    table, needs = _page(rows)

    def paint(device: QPrinter) -> None:
        painter = QPainter(device)
        paint_board(painter, QRectF(0, 0, device.width(), device.height()), title, HEADERS,
                    table, needs)
        painter.end()

    dialog.paintRequested.connect(paint)
    dialog.setProperty("printer", printer)  # kept alive with the dialog
    dialog.open()
    return dialog


def save_board_pdf(parent: QWidget, rows: Sequence[BoardRow], path: Path | None = None
                   ) -> Path | None:
    """Save the board as a one-page PDF (asks where unless ``path`` is given)."""
    if path is None:
        path = ask_save_path(parent, "Save Party Board", "party board.pdf",
                             refused="Board not saved")
        if path is None:
            return None
    session = getattr(parent, "session", None)  # the board's campaign: its runner
    if session is None:
        return None
    table, needs = _page(rows)
    ran = session.free("Save party board", export_board_pdf, writes=False,
                       refused_as="Board not saved", path=path, title=_title(parent, rows),
                       headers=HEADERS, rows=table, needs=needs)
    return path if ran.done else None
