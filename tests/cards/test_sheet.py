"""The full character sheet: what it holds, one page each, the command and the dialog."""

from __future__ import annotations

import argparse
from pathlib import Path

import pypdf
import pytest
from PySide6.QtWidgets import QFileDialog

from tftmanager.app import experience
from tftmanager.app.campaigns import party_sheets
from tftmanager.cards.export import export_sheets_pdf
from tftmanager.cards.layout import PAPER_MM, Paper
from tftmanager.cards.sheet_gather import campaign_sheets
from tftmanager.cli import sheet_command
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore
from tftmanager.ui import dialogs
from tftmanager.ui.print_preview import CHARACTER_SHEET, CardPreviewDialog
from tftmanager.ui.session import CampaignSession
from tftmanager.ui.signals import AppSignals

from .conftest import pdf_text

pytestmark = pytest.mark.ui


@pytest.fixture(autouse=True)
def _widgets_app(qapp: object) -> None:
    """A QApplication first, so the command does not make a bare QGuiApplication."""


def _id(store: CampaignStore, name: str) -> int:
    sheet = next(s for s in party_sheets(store=store) if s.character.name == name)
    assert sheet.id is not None
    return sheet.id


def test_a_sheet_holds_the_card_notes_ledger_and_every_possession(
        demo_store: CampaignStore, tmp_path: Path, family: str) -> None:
    for n in range(10):
        experience.award(store=demo_store, character_ids=[_id(demo_store, "Morgaine")],
                         amount=10 + n, reason=f"Session {n + 1}")
    path = tmp_path / "morgaine.pdf"
    faces = campaign_sheets(store=demo_store, names=["morg"])
    assert export_sheets_pdf(path, faces, paper=Paper.A4, family=family) == 1
    text = pdf_text(path)
    for words in ("Morgaine", "Human wizard", "ST 10", "IQ 11",  # the card's front
                  "Magic Fist", "Aid", "Literacy", "Memory 10 of 11 used",  # its back
                  "Money $40", "XP 145",
                  "Dagger", "in hand", "Magic Fist rod, 2 points", "Light wool blanket",
                  "Session 10", "+19", "and 2 older entries",  # the ledger, newest first
                  "built as the Wizard rules build one"):  # her notes
        assert words in text, words
    assert "Session 1 " not in text + " "  # only the last 8 of 10 entries
    assert text.index("Session 10") < text.index("Session 3")
    box = pypdf.PdfReader(str(path)).pages[0].mediabox
    w_mm, h_mm = PAPER_MM[Paper.A4]
    assert (float(box.width), float(box.height)) == pytest.approx(
        (w_mm / 25.4 * 72, h_mm / 25.4 * 72), abs=1)


@pytest.mark.parametrize("paper", list(Paper))
def test_one_page_per_character(demo_store: CampaignStore, tmp_path: Path, family: str,
                                paper: Paper) -> None:
    path = tmp_path / "party.pdf"
    faces = campaign_sheets(store=demo_store)
    assert export_sheets_pdf(path, faces, paper=paper, family=family) == len(faces) == 5
    reader = pypdf.PdfReader(str(path))
    for page, face in zip(reader.pages, faces, strict=True):
        assert face.name in " ".join((page.extract_text() or "").split())


def test_gm_notes_stay_off_the_sheet(demo_store: CampaignStore, tmp_path: Path,
                                     family: str) -> None:
    path = tmp_path / "wulf.pdf"
    export_sheets_pdf(path, campaign_sheets(store=demo_store, names=["Wulf"]), family=family)
    text = pdf_text(path)
    assert "Use of bows." in text and "Legacy" not in text


def sheet(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="tftmanager")
    sheet_command.add_parser(parser.add_subparsers(dest="command", required=True))
    code = sheet_command.run(parser.parse_args(["sheet", *map(str, argv)]))
    out, err = capsys.readouterr()
    return code, out, err


def test_command_writes_the_named_sheets(capsys: pytest.CaptureFixture[str], demo: Path,
                                         tmp_path: Path) -> None:
    out_pdf = tmp_path / "two.pdf"
    code, out, err = sheet(capsys, demo, "flavius", "Joe", "--out", out_pdf, "--page", "a4")
    assert (code, err) == (0, "")
    assert out.strip() == f"Wrote {out_pdf}: sheets for 2 characters on 2 pages"
    text = pdf_text(out_pdf)
    assert "Flavius Marcellus" in text and "Joe the Barbarian" in text and "Wulf" not in text


def test_command_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], demo: Path,
                                               tmp_path: Path) -> None:
    code, out, err = sheet(capsys, demo, "Zed", "--out", tmp_path / "x.pdf")
    assert code == 2 and out == ""
    assert err.startswith("tftmanager sheet: ") and "'Zed'" in err and "Morgaine" in err
    assert len(err.splitlines()) == 1
    code, out, err = sheet(capsys, demo, "--out", tmp_path / "no" / "such" / "x.pdf")
    assert code == 2 and len(err.splitlines()) == 1 and "does not exist" in err
    assert not (tmp_path / "x.pdf").exists()


def test_print_dialog_offers_the_sheet(demo_store: CampaignStore, qtbot, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    session = CampaignSession(demo_store, AppSignals())
    dialog = CardPreviewDialog(session, [_id(demo_store, "Ragnar")])
    qtbot.addWidget(dialog)
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(CHARACTER_SHEET))
    dialog.preview.updatePreview()
    assert dialog.preview.pageCount() == 1
    dialog.scope_box.setCurrentIndex(dialog.scope_box.findData("party"))
    assert dialog.preview.pageCount() == 5
    target = tmp_path / "party sheets.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a: (str(target), ""))
    told: list[str] = []
    monkeypatch.setattr(dialogs, "info", lambda _p, _t, text: told.append(text))
    assert dialog.export() == target
    assert told == [f"Saved 5 character sheets to {target}."]
    assert len(pypdf.PdfReader(str(target)).pages) == 5
    dialog.close()


def test_a_sheet_too_full_for_a_page_goes_on_to_the_next(library, tmp_path: Path,
                                                         family: str) -> None:
    """A hundred talents do not fit one page at a readable size: page 2 says it continues."""
    from tftmanager.cards.content import build_card
    from tftmanager.cards.sheet import SheetExtras, build_sheet

    from .conftest import many_talents, sheet_of

    figure = many_talents(library, 100)
    card = build_card(sheet_of(figure, library), library, RuleProfile())
    face = build_sheet(card, SheetExtras(notes="A long life of study."))
    path = tmp_path / "polymath.pdf"
    assert export_sheets_pdf(path, [face], paper=Paper.LETTER, family=family) == 2
    text = pdf_text(path)
    assert "continued, page 2" in text
    for known in figure.talents:
        assert library.talents[known.key].name in text
    assert "A long life of study." in text

