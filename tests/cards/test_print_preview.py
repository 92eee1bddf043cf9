"""Print Preview, Export PDF and the File-menu actions (the GUI side of the cards)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QFileDialog, QWidget

from tftmanager.app import campaigns
from tftmanager.app.campaigns import new_campaign
from tftmanager.cards.layout import CardSize
from tftmanager.store.campaign import CampaignStore
from tftmanager.ui import dialogs, print_preview
from tftmanager.ui.print_preview import (
    CardPreviewDialog,
    card_actions,
    export_pdf_dialog,
    open_print_preview,
)
from tftmanager.ui.session import CampaignSession
from tftmanager.ui.signals import AppSignals

from .conftest import pdf_text

pytestmark = pytest.mark.ui


@pytest.fixture
def session(demo_store: CampaignStore, qapp: object) -> CampaignSession:
    return CampaignSession(demo_store, AppSignals())


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "error", lambda _p, title, text: seen.append((title, text)))
    return seen


def ragnar_id(session: CampaignSession) -> int:
    sheet = next(s for s in session.query(campaigns.party_sheets) if s.character.name == "Ragnar")
    assert sheet.id is not None
    return sheet.id


@pytest.fixture
def preview(qtbot, session: CampaignSession) -> Iterator[CardPreviewDialog]:
    dialog = CardPreviewDialog(session, [ragnar_id(session)])
    qtbot.addWidget(dialog)
    yield dialog
    dialog.close()


def test_preview_pages_through_the_choices(preview: CardPreviewDialog) -> None:
    preview.preview.updatePreview()
    assert preview.preview.pageCount() == 1  # Ragnar's front and back on one page
    preview.duplex_box.setChecked(True)
    assert preview.preview.pageCount() == 2  # a page of fronts, a page of backs
    preview.scope_box.setCurrentIndex(preview.scope_box.findData("party"))
    assert preview.preview.pageCount() == 4  # 11 faces: two sheets of fronts and backs
    preview.duplex_box.setChecked(False)
    preview.size_box.setCurrentIndex(preview.size_box.findData(CardSize.SHEET.value))
    assert preview.preview.pageCount() == 10
    preview.preview.zoomIn()
    preview.preview.setCurrentPage(3)
    assert preview.preview.currentPage() == 3


def test_printing_paints_the_same_cards(preview: CardPreviewDialog, tmp_path: Path) -> None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    preview.paint(printer)
    text = pdf_text(tmp_path / "printed.pdf")
    assert "Ragnar Human hero ST 11 DX 13 (11, 10)" in text and "Wulf" not in text


def test_export_from_the_preview_uses_its_choices(preview: CardPreviewDialog, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "ragnar"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_args: (str(target), print_preview.PDF_FILTER))
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "info", lambda _p, title, text: said.append((title, text)))
    preview.duplex_box.setChecked(True)
    written = preview.export()
    assert written == tmp_path / "ragnar.pdf"
    assert "Ragnar" in pdf_text(written)
    [(title, text)] = said  # the preview says where it went (issue 34, item 10)
    assert title == "Exported" and text.startswith("Saved the cards") and str(written) in text


def test_export_dialog_for_the_party_and_cancel(session: CampaignSession, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                errors: list[tuple[str, str]]) -> None:
    answers = [str(tmp_path / "party.pdf"), ""]
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_args: (answers.pop(0), print_preview.PDF_FILTER))
    written = export_pdf_dialog(None, session, [])
    assert written is not None and "Joe the Barbarian" in pdf_text(written)
    assert export_pdf_dialog(None, session, []) is None
    assert errors == []


def test_export_dialog_reports_an_unwritable_file(session: CampaignSession, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  errors: list[tuple[str, str]]) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_args: (str(tmp_path / "gone" / "x.pdf"), ""))
    assert export_pdf_dialog(None, session, [ragnar_id(session)]) is None
    assert errors and errors[0][0] == "Cards not exported" and "does not exist" in errors[0][1]


def test_open_print_preview_shows_the_dialog(session: CampaignSession,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[CardPreviewDialog] = []
    monkeypatch.setattr(CardPreviewDialog, "exec", lambda self: shown.append(self) or 0)
    dialog = open_print_preview(None, session, [ragnar_id(session)])
    assert dialog is not None and shown == [dialog]
    assert dialog.scope_box.currentData() == "selected"
    dialog.deleteLater()


def test_nothing_to_print_in_an_empty_campaign(tmp_path: Path, qapp: object,
                                               errors: list[tuple[str, str]]) -> None:
    store = new_campaign(path=tmp_path / "empty.tftcampaign")
    try:
        empty = CampaignSession(store, AppSignals())
        assert open_print_preview(None, empty, []) is None
        assert export_pdf_dialog(None, empty, []) is None
    finally:
        store.close()
    assert [title for title, _ in errors] == ["Nothing to print", "Nothing to export"]


def test_menu_actions_pass_the_selection(qtbot, session: CampaignSession,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, list[int]]] = []
    monkeypatch.setattr(print_preview, "open_print_preview",
                        lambda _p, _c, ids: calls.append(("print", list(ids))))
    monkeypatch.setattr(print_preview, "export_pdf_dialog",
                        lambda _p, _c, ids: calls.append(("export", list(ids))))
    parent = QWidget()
    qtbot.addWidget(parent)
    current: list[CampaignSession | None] = [None]
    selection: list[int | None] = [7]
    print_action, export_action = card_actions(parent, lambda: current[0],
                                               lambda: selection[0])
    print_action.trigger()
    assert calls == []  # no campaign open: nothing happens
    current[0] = session
    print_action.trigger()
    export_action.trigger()  # the whole party, whatever is selected
    selection[0] = None
    export_action.trigger()
    assert calls == [("print", [7]), ("export", []), ("export", [])]
    assert "Print" in print_action.text() and "PDF" in export_action.text()
