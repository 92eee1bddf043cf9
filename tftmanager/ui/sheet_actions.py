"""File > Export Character Sheets to PDF…: the whole party's full sheets.

Beside File > Export Cards to PDF… (which also writes the whole party); Print
Cards offers the sheet for the selected character.  The print support and
card modules load only when the action fires (the window paints first).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


class MainWindow(Protocol):
    """What the action needs of the main window (named, not imported: no cycle)."""

    act_export_pdf: QAction
    signals: AppSignals
    session: CampaignSession | None

    def menuBar(self) -> QMenuBar: ...  # noqa: N802 - Qt API

    def window(self) -> QWidget: ...


def add_sheet_export(window: MainWindow) -> QAction:
    """Put the action in the File menu after Export Cards, enabled with a campaign open."""
    action = QAction("Export Character &Sheets to PDF…", window.window())
    tip = "Save a full sheet (one page) for every character as a PDF"
    action.setStatusTip(tip)
    action.setToolTip(tip)
    action.triggered.connect(lambda: export_party_sheets(window))
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if isinstance(menu, QMenu) and window.act_export_pdf in menu.actions():
            after = menu.actions().index(window.act_export_pdf) + 1
            menu.insertAction(menu.actions()[after], action)
    action.setEnabled(window.session is not None)
    window.signals.campaign_opened.connect(lambda _path: action.setEnabled(True))
    window.signals.campaign_closed.connect(lambda: action.setEnabled(False))
    return action


def export_party_sheets(window: MainWindow) -> Path | None:
    """Ask where, then write every character's sheet on the printer's default paper."""
    if window.session is None:
        return None
    from PySide6.QtPrintSupport import QPrinter  # noqa: PLC0415 - on demand

    from tftmanager.ui.print_preview import (  # noqa: PLC0415 - on demand
        export_sheets_dialog,
        paper_of,
    )

    return export_sheets_dialog(window.window(), window.session, [], paper_of(QPrinter()))
