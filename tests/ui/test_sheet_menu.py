"""File > Export Character Sheets to PDF…: the party's full sheets from the menu."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from PySide6.QtWidgets import QFileDialog

pytestmark = pytest.mark.ui


def test_file_menu_exports_the_party_sheets(make_window, tmp_path: Path, dialog_log,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """File > Export Character Sheets to PDF…, right after Export Cards, says where they went."""
    from tftmanager.ui.main_window import MainWindow

    window: MainWindow = make_window()
    action = window.file_help.export_sheets
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    actions = file_menu.actions()
    assert actions.index(action) == actions.index(window.act_export_pdf) + 1
    assert not action.isEnabled()  # no campaign yet
    assert window.new_campaign(tmp_path / "party.tftcampaign", demo=True)
    assert action.isEnabled()
    target = tmp_path / "party sheets.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a: (str(target), ""))
    action.trigger()
    assert len(pypdf.PdfReader(str(target)).pages) == 5
    assert dialog_log.infos == [("Sheets Exported", f"Saved 5 character sheets to {target}.")]
    text = " ".join((page.extract_text() or "") for page in pypdf.PdfReader(str(target)).pages)
    assert "Morgaine" in " ".join(text.split())
