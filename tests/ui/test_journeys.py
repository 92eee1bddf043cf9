"""Each workflow of the README, as a person goes through it in the real window.

Every step is a menu action, a toolbar button, a click or keystrokes (see
``person.py``); after each, the test looks at what the user sees (the
party table, the editor, the report, the journal window) and at the journal
(History).  Workflows with a journey elsewhere: the encounter
(``test_encounter.py``, typed rolls and buttons from set-up to the award
review), imports of stat blocks and Foundry actors (``test_statblock_dialog.py``),
the newcomer's first hour (``test_newcomer.py``), a reference opening the
book (``test_references.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest
from person import (
    answering,
    choose,
    click,
    click_index,
    click_tab,
    close_new_windows,
    open_windows,
    select_character,
    toolbar_click,
    type_into,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QFileDialog, QWidget

from tftmanager.app import assignments, characters, journal
from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.experience import Attribute
from tftmanager.ui import print_preview
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.journal_window import JournalWindow
from tftmanager.ui.ledger_dialog import LedgerDialog
from tftmanager.ui.library_editor import LibraryEditor
from tftmanager.ui.library_fields import TAB_TITLES
from tftmanager.ui.library_marks_model import LibraryFilter, ReviewModel
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.note_dialog import NoteDialog
from tftmanager.ui.party_model import COLUMNS
from tftmanager.ui.picker import PickerDialog
from tftmanager.ui.picker_model import PickerFilter, PickerModel
from tftmanager.ui.picker_rows import PickerRow
from tftmanager.ui.print_preview import CardPreviewDialog
from tftmanager.ui.table_model import RowTableModel
from tftmanager.ui.week_planner import WeekPlanner
from tftmanager.ui.week_report_view import totals_html

pytestmark = pytest.mark.ui
W = TypeVar("W", bound=QWidget)


def _opened(before: set[int], kind: type[W]) -> W:
    """The one window of ``kind`` the last action opened."""
    [window] = [w for w in QApplication.topLevelWidgets()
                if id(w) not in before and w.isVisible() and isinstance(w, kind)]
    return window


def _labels(window: MainWindow) -> list[str]:
    assert window.session is not None
    return [op.label for op in window.session.query(journal.history) if not op.undone]


def _cell(window: MainWindow, name: str, column: str) -> str:
    model = window.party_model
    [row] = [r for r in range(model.rowCount()) if model.index(r, 0).data() == name]
    return model.index(row, COLUMNS.index(column)).data()


def test_session_zero_a_new_wizard_built_and_taught_a_spell(main_window: MainWindow,
                                                            qtbot) -> None:
    window, editor = main_window, main_window.editor
    before = _labels(window)
    toolbar_click(qtbot, window, window.act_add)
    assert editor.isEnabled() and editor.character_id == window.party.selected_id()
    assert "left to spend" in editor.field_problem("attributes")
    type_into(qtbot, editor.name, "Sigrid", enter=True)
    assert editor.title.text() == "Sigrid"
    choose(qtbot, editor.kind, "Wizard")
    for attr, value in (("st", "10"), ("dx", "12"), ("iq", "10")):
        type_into(qtbot, editor.spins[attr].lineEdit(), value, enter=True)
    assert editor.field_problem("attributes") == ""
    assert _cell(window, "Sigrid", "ST") == "10"
    sigrid = window.party.selected_id()
    assert sigrid is not None and window.session is not None
    stored = window.session.query(characters.get_character, character_id=sigrid)
    assert (stored.name, stored.kind, stored.st, stored.dx, stored.iq) == (
        "Sigrid", CharacterKind.WIZARD, 10, 12, 10)

    # Talents & Spells: the picker, searched by typing, a spell learned with its button
    click_tab(qtbot, editor.tabs, 1)
    opened = open_windows()
    click(qtbot, editor.abilities.add_button)
    picker = _opened(opened, PickerDialog)
    qtbot.keyClicks(picker.search, "blur")
    shown = picker.table.model()
    assert isinstance(shown, PickerFilter) and isinstance(shown.sourceModel(), PickerModel)
    [row] = [r for r in range(shown.rowCount()) if shown.index(r, 0).data() == "Blur"]
    click_index(qtbot, picker.table, shown.index(row, 0))
    chosen = picker.selected_row()
    assert isinstance(chosen, PickerRow) and chosen.key == "blur" and chosen.available
    click(qtbot, picker.learn_button)
    assert window.session.query(characters.get_character, character_id=sigrid).spells == ("blur",)
    assert [editor.abilities.known.item(i).text().split(" (")[0]
            for i in range(editor.abilities.known.count())][-1].startswith("Blur")
    close_new_windows(opened)

    new = _labels(window)[:len(_labels(window)) - len(before)]
    assert all("Sigrid" in label for label in new[:-1]), new  # the first names the new one
    assert any("Blur" in label for label in new), new


def test_experience_awarded_spent_and_seen_in_the_ledger(main_window: MainWindow,
                                                         qtbot) -> None:
    window, editor = main_window, main_window.editor
    wulf = select_character(qtbot, window, "Wulf")
    balance = int(editor.xp.balance.text().split()[0])
    opened = open_windows()
    window.act_award.trigger()  # Campaign > Award Experience…
    award = _opened(opened, AwardDialog)
    type_into(qtbot, award.amount.lineEdit(), "150")
    type_into(qtbot, award.reason, "Cleared the goblin warren")
    assert "150 XP" in award.gm_preview.text()
    click(qtbot, award.award_button)
    assert not award.isVisible()
    assert editor.xp.balance.text() == f"{balance + 150} XP"
    assert _labels(window)[0].endswith("Cleared the goblin warren")

    st = editor.spins["st"].value()
    raise_st = editor.xp.buttons[Attribute.ST]
    if raise_st.isEnabled():
        click(qtbot, raise_st)
        assert editor.spins["st"].value() == st + 1
        assert "ST" in _labels(window)[0]

    opened = open_windows()
    click(qtbot, editor.xp.ledger_button)
    ledger = _opened(opened, LedgerDialog)
    lines = [ledger.table.item(r, c).text() for r in range(ledger.table.rowCount())
             for c in range(ledger.table.columnCount()) if ledger.table.item(r, c)]
    assert "Cleared the goblin warren" in lines
    assert ledger.character_id == wulf
    close_new_windows(opened)


def test_weeks_a_job_chosen_two_weeks_run_and_undone(main_window: MainWindow, qtbot) -> None:
    window = main_window
    assert window.week_label.text() == "Week 1"
    opened = open_windows()
    window.act_week.trigger()  # Campaign > Plan and Run Weeks…
    planner = _opened(opened, WeekPlanner)
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    activity = planner.table.cellWidget(rows["Wulf"], 1)
    assert isinstance(activity, QComboBox)
    choose(qtbot, activity, "Rest and recovery")
    assert window.session is not None
    wulf = next(r.id for r in window.party_model.rows() if r.name == "Wulf")
    assert window.session.query(assignments.get_assignment, character_id=wulf).activity == "rest"
    click(qtbot, planner.run_button)  # one week: its lines, no totals table
    report = planner.report.toPlainText()
    assert report.startswith("Week 1") and "totals" not in report and "Wulf" in report
    assert totals_html([]) == ""
    type_into(qtbot, planner.count.lineEdit(), "2")
    click(qtbot, planner.run_button)
    report = planner.report.toPlainText()
    assert report.startswith("Weeks 2–3: totals")
    assert "Wulf" in report
    assert window.week_label.text() == "Week 4"
    toolbar_click(qtbot, window, window.act_undo)  # one Undo takes both weeks back
    assert window.week_label.text() == "Week 2"
    close_new_windows(opened)


def test_journal_a_session_note_written_shown_and_undone(main_window: MainWindow,
                                                         qtbot) -> None:
    window = main_window
    opened = open_windows()
    [journal_action] = [a for a in window.menuBar().actions()[2].menu().actions()
                        if a.text() == "&Journal…"]
    journal_action.trigger()  # Campaign > Journal…
    journal = _opened(opened, JournalWindow)
    notes = journal.count.text()

    def write(dialog: QWidget) -> None:
        if isinstance(dialog, NoteDialog):
            type_into(qtbot, dialog.title, "The warren")
            type_into(qtbot, dialog.text, "Goblins, and **a troll**.")
            qtbot.keyClick(dialog.title, Qt.Key.Key_Return)  # Save is the default button
    with answering(write) as met:
        click(qtbot, journal.add_note_button)
    assert met and "The warren" in journal.shown_text() and "a troll" in journal.shown_text()
    assert journal.count.text() != notes
    assert "The warren" in _labels(window)[0]
    toolbar_click(qtbot, window, window.act_undo)
    assert "The warren" not in journal.shown_text()
    close_new_windows(opened)


def test_cards_previewed_then_exported(main_window: MainWindow, qtbot, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch, dialog_log) -> None:
    window = main_window
    select_character(qtbot, window, "Morgaine")
    seen: list[tuple[str, list[int] | None]] = []

    def look(dialog: QWidget) -> None:  # the preview is modal: look, then Escape
        assert isinstance(dialog, CardPreviewDialog)
        seen.append((dialog.scope_box.currentText(), dialog.selected_ids()))
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    with answering(look):
        window.act_print.trigger()  # File > Print Cards…: the selected character's cards
    assert seen == [("Selected character", [window.party.selected_id()])]
    target = tmp_path / "cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_a, **_k: (str(target), print_preview.PDF_FILTER))
    window.act_export_pdf.trigger()  # File > Export Cards to PDF…
    assert target.stat().st_size > 0
    assert dialog_log.infos[-1][0] == "Cards Exported"
    assert str(target) in dialog_log.infos[-1][1]
    sheets = tmp_path / "sheets.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_a, **_k: (str(sheets), print_preview.PDF_FILTER))
    file_menu = window.menuBar().actions()[0].menu()
    [export] = [a for a in file_menu.actions()
                if a.text() == "Export Character &Sheets to PDF…"]
    assert export is window.file_help.export_sheets  # right after Export Cards
    export.trigger()  # File > Export Character Sheets to PDF…
    assert sheets.stat().st_size > 0
    assert str(sheets) in dialog_log.infos[-1][1]


def test_sources_an_entry_found_in_the_rules_library_names_its_source(
        main_window: MainWindow, qtbot) -> None:
    window = main_window
    opened = open_windows()
    window.act_library.trigger()  # Campaign > Rules Library…
    library = _opened(opened, LibraryEditor)
    page = library.pages["talent"]
    assert library.tabs.currentWidget() is page  # Talents first
    assert library.tabs.tabText(0) == TAB_TITLES["talent"]
    assert isinstance(page.proxy, LibraryFilter) and isinstance(page.model, RowTableModel)
    every = page.proxy.rowCount()
    click(qtbot, page.marked_only)  # only the entries whose values are assumed or uncertain
    assert 0 < page.proxy.rowCount() < every
    click(qtbot, page.marked_only)
    assert page.proxy.rowCount() == every
    qtbot.keyClicks(page.search, "sword")
    names = [page.proxy.index(r, 0).data() for r in range(page.proxy.rowCount())]
    row = names.index("Sword")
    click_index(qtbot, page.table, page.proxy.index(row, 0))
    entry = page.selected()
    assert entry is not None and entry.key == "sword" and entry.data.get("source")
    reference = [h for h in range(page.proxy.columnCount())
                 if page.proxy.headerData(h, Qt.Orientation.Horizontal) == "Reference"]
    assert page.proxy.index(row, reference[0]).data(), "the reader's book and page"
    click_tab(qtbot, library.tabs, library.tabs.count() - 1)  # To review: each with its source
    assert isinstance(library.review_model, ReviewModel) and library.review_model.rowCount()
    close_new_windows(opened)
