"""The GUI's one save step refuses a campaign, its lock and a backup before anything is written.

Issue 25: the GUI's save dialogs reached the same writers as ``--out``, so
choosing the campaign in any of them replaced it.  Here the file dialog is
stubbed to answer with the open campaign (and its lock, a backup, another
campaign) for every export the GUI has; each says why in one dialog and
every file stays byte for byte as it was.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from person import type_into
from PySide6.QtWidgets import QFileDialog

from tftmanager.app.campaigns import take_backup
from tftmanager.ui import file_and_help_menus, interop_menu, menu_windows
from tftmanager.ui.encounter_window import EncounterWindow
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.save_as import with_suffix

pytestmark = pytest.mark.ui

TARGETS = ("the open campaign", "another campaign", "its lock", "a backup")


def _exports(window: MainWindow, qtbot) -> dict[str, Callable[[], object]]:
    """Every export the GUI has, each starting at its save step."""
    window.story.board_dock.show()
    journal = window.story.open_journal()
    qtbot.addWidget(journal)
    encounter = menu_windows.encounter(window, window.session)
    assert isinstance(encounter, EncounterWindow)
    qtbot.addWidget(encounter)
    type_into(qtbot, encounter.name_edit, "The glade")
    encounter.start_button.click()
    window.party.select(next(r.id for r in window.party_model.rows() if r.name == "Wulf"))
    return {
        "cards": window.act_export_pdf.trigger,
        "sheets": window.file_help.export_sheets.trigger,
        "party board": window.story.board.save_pdf,
        "encounter sheet": encounter.export_sheet,
        "journal": journal.ask_export,
        "foundry actor": lambda: interop_menu.export_foundry(window, selected=True),
        "save a copy": lambda: file_and_help_menus.save_copy(window),
    }


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_save_step_refuses_a_campaign_its_lock_and_a_backup(
        main_window: MainWindow, qtbot, dialog_log, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = main_window.session
    assert session is not None
    campaign = session.beside
    other = shutil.copyfile(campaign, tmp_path / "other.tftcampaign")
    backup = take_backup(store=session.store, root=tmp_path / "backups")
    places = dict(zip(TARGETS, (campaign, Path(other),
                                campaign.with_name(campaign.name + ".lock"), backup),
                      strict=True))
    exports = _exports(main_window, qtbot)
    for name, export in exports.items():
        for target, path in places.items():
            if name == "save a copy" and target == "another campaign":
                continue  # a copy is a campaign: replacing a closed one is the user's choice
            monkeypatch.setattr(QFileDialog, "getSaveFileName",
                                lambda *_a, answer=path: (str(answer), ""))
            before = _snapshot(tmp_path)
            dialog_log.errors.clear()
            export()
            assert _snapshot(tmp_path) == before, (name, target)
            assert len(dialog_log.errors) == 1, (name, target, dialog_log.errors)
            assert path.name in dialog_log.errors[0][1], (name, target, dialog_log.errors)


@pytest.mark.parametrize(("typed", "chosen", "written"), [
    ("party", "", "party.pdf"),
    ("party.PDF", "", "party.PDF"),
    ("party.tftcampaign", "", "party.tftcampaign.pdf"),
    ("notes", "Markdown (*.md)", "notes.md"),
])
def test_a_name_without_the_formats_suffix_gets_it(typed: str, chosen: str,
                                                   written: str) -> None:
    formats = (("PDF files (*.pdf)", ".pdf"), ("Markdown (*.md)", ".md"))
    assert with_suffix(Path(typed), formats, chosen) == Path(written)
