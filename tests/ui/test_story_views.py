"""Campaign > Journal, the party board and the party charts follow the campaign as it is played."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QPalette

from tftmanager.app import characters, session_notes
from tftmanager.app.journal import history
from tftmanager.app.party_board import Readiness
from tftmanager.ui import operations
from tftmanager.ui.journal_window import JournalWindow
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.note_dialog import NoteDialog
from tftmanager.ui.party_charts import MIN_CONTRAST, WeekChart, axis_range, contrast

pytestmark = pytest.mark.ui


def _ids(window: MainWindow) -> dict[str, int]:
    return {row.name: row.id for row in window.party_model.rows()}


def _journal(window: MainWindow, qtbot) -> JournalWindow:
    journal = window.story.open_journal()
    assert isinstance(journal, JournalWindow)
    qtbot.addWidget(journal)
    return journal


def test_the_journal_filters_takes_a_note_and_undo_takes_it_back(
        main_window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    session = main_window.session
    ids = _ids(main_window)
    operations.experience.award(session, [ids["Ragnar"]], 40, "Held the bridge")
    operations.weeks.run_weeks(session, 2, seed=5)
    journal = _journal(main_window, qtbot)
    text = journal.shown_text()
    assert "Ragnar earned 40 XP: Held the bridge." in text
    assert "Week 2" in text and "Wulf " in text

    journal.set_filter(character="Wulf")
    lines = [line for line in journal.shown_text().splitlines() if line.strip()
             and not line.startswith(("Week", "Demo"))]
    assert lines and all("Wulf" in line for line in lines[1:])
    journal.set_filter(kind="experience")
    assert "Ragnar earned 40 XP" in journal.shown_text()
    assert "Garrison" not in journal.shown_text()
    journal.set_filter(first=2, last=2)
    assert "Week 1" not in journal.shown_text() and "Week 2" in journal.shown_text()
    journal.set_filter()

    def fill_and_accept(dialog: NoteDialog) -> int:
        qtbot.keyClicks(dialog.title, "The warren")
        lines = ["Goblins, and **a troll**. We found:", "- a map", "- 30 silver"]
        for n, line in enumerate(lines):
            if n:
                qtbot.keyClick(dialog.text, Qt.Key.Key_Return)
            qtbot.keyClicks(dialog.text, line)
        return 1
    monkeypatch.setattr(NoteDialog, "exec", fill_and_accept)
    assert journal.add_note()
    assert "The warren" in journal.shown_text() and "a troll" in journal.shown_text()
    # The "- " lines a list, as the note's placeholder promises, not dashes (issue 34)
    assert "- a map" not in journal.shown_text()
    shown = journal.browser.document().toHtml()
    assert ">a map</li>" in shown and ">30 silver</li>" in shown
    assert session.query(history)[0].label == "Session note, week 3: The warren"
    assert "1 session note" in journal.count.text()
    main_window.undo()
    assert "The warren" not in journal.shown_text()
    assert "0 session notes" in journal.count.text()
    main_window.redo()
    assert "The warren" in journal.shown_text()

    [note_id] = [n.id for n in session_notes.notes(store=session.store)]
    def edit_and_accept(dialog: NoteDialog) -> int:
        assert dialog.title.text() == "The warren"  # the form shows the note
        dialog.title.setFocus()
        qtbot.keyClick(dialog.title, Qt.Key.Key_Home)
        qtbot.keyClicks(dialog.title, "The goblin warren")
        for _ in "The warren":
            qtbot.keyClick(dialog.title, Qt.Key.Key_Delete)
        return 1
    monkeypatch.setattr(NoteDialog, "exec", edit_and_accept)
    journal.browser.anchorClicked.emit(QUrl(f"note-edit:{note_id}"))
    assert "The goblin warren" in journal.shown_text()
    journal.browser.anchorClicked.emit(QUrl(f"note-delete:{note_id}"))
    assert "goblin warren" not in journal.shown_text()
    main_window.undo()
    assert "The goblin warren" in journal.shown_text()
    journal.close()


def test_the_journal_exports_what_it_shows(main_window: MainWindow, qtbot,
                                           tmp_path: Path) -> None:
    ids = _ids(main_window)
    operations.experience.award(main_window.session, [ids["Wulf"]], 20, "Tracked the orcs")
    journal = _journal(main_window, qtbot)
    for name in ("j.md", "j.html", "j.pdf"):
        assert journal.export(tmp_path / name) == tmp_path / name
    assert "- Wulf earned 20 XP: Tracked the orcs." in (tmp_path / "j.md").read_text()
    assert "<li>Wulf earned 20 XP: Tracked the orcs.</li>" in (tmp_path / "j.html").read_text()
    assert (tmp_path / "j.pdf").read_bytes().startswith(b"%PDF")
    journal.close()


def _board_row(window: MainWindow, name: str):
    return next(r for r in window.story.board.all_rows if r.name == name)


def test_the_board_follows_weeks_awards_and_wounds(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    ids = _ids(main_window)
    main_window.story.board_dock.show()
    board = main_window.story.board
    assert board is not None and len(board.all_rows) == 5
    xp_before = _board_row(main_window, "Wulf").xp
    ragnar = _board_row(main_window, "Ragnar")
    operations.experience.award(session, [ids["Wulf"]], 30, "Tracked the orcs")
    assert _board_row(main_window, "Wulf").xp == xp_before + 30
    assert _board_row(main_window, "Ragnar") is ragnar  # only Wulf was read again
    main_window.undo()
    assert _board_row(main_window, "Wulf").xp == xp_before

    money_before = {r.name: r.money for r in board.all_rows}
    [week] = operations.weeks.run_weeks(session, 1, seed=3).value or []
    for section in week.report.characters:
        assert _board_row(main_window, section.name).money == (money_before[section.name]
                                                                + section.money)

    joe = session.query(characters.get_character, character_id=ids["Joe the Barbarian"])
    operations.characters.edit(session, ids["Joe the Barbarian"], replace(joe, wounds=4))
    row = _board_row(main_window, "Joe the Barbarian")
    assert (row.st_now, row.readiness, row.status) == (joe.st - 4, Readiness.HURT,
                                                      "recovering")
    assert board.shown_rows()[0].name == "Joe the Barbarian"  # sorted: who needs the GM first
    board.show_combo.setCurrentIndex(board.show_combo.findData("recovering"))
    assert [r.name for r in board.shown_rows()] == ["Joe the Barbarian"]
    index = board.proxy.index(0, 1)
    assert "Recovering" in index.data()  # the words, not only the tint
    board.table.doubleClicked.emit(index)  # opens the figure in the editor
    assert main_window.party.selected_id() == ids["Joe the Barbarian"]


def test_the_board_prints_on_one_page(main_window: MainWindow, tmp_path: Path) -> None:
    from tftmanager.ui.board_print import save_board_pdf

    main_window.story.board_dock.show()
    path = save_board_pdf(main_window.story.board, main_window.story.board.shown_rows(),
                          tmp_path / "board.pdf")
    assert path is not None
    assert len(re.findall(rb"/Type\s*/Page(?!s)", path.read_bytes())) == 1
    preview = main_window.story.board.print_board()  # the preview paints the same page
    assert preview is not None
    preview.close()


def test_charts_show_one_week_as_a_labelled_column(main_window: MainWindow, qtbot) -> None:
    main_window.story.charts_dock.show()
    charts = main_window.story.charts
    assert charts.series is not None and charts.series.weeks == (1,)
    assert "at week 1" in charts.money.accessibleDescription()
    charts.money.resize(400, 200)
    image = charts.money.grab().toImage()
    _, _, bar = charts.money.colours()
    painted = {image.pixelColor(x, y).name() for x in range(0, image.width(), 3)
               for y in range(0, image.height(), 3)}
    assert bar.name() in painted  # a column, not an empty box
    operations.weeks.run_weeks(main_window.session, 2, seed=5)
    assert charts.series.weeks == (1, 2, 3)


@pytest.mark.parametrize(("window", "text"), [("#ffffff", "#000000"), ("#efefef", "#1a1a1a"),
                                              ("#2b2b2b", "#f0f0f0"), ("#1e1e1e", "#dddddd")])
def test_chart_text_and_columns_are_legible_in_light_and_dark(qtbot, window: str,
                                                              text: str) -> None:
    chart = WeekChart("XP")
    qtbot.addWidget(chart)
    palette = chart.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor(window))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(text))
    chart.setPalette(palette)
    ink, back, bar = chart.colours()
    assert contrast(ink, back) >= MIN_CONTRAST
    assert contrast(bar, back) >= 3.0  # a graphic against its background (WCAG 1.4.11)


def test_an_axis_has_room_for_one_value_and_starts_near_a_total() -> None:
    assert axis_range([130]) == (0.0, 140.0)  # room above the column for its label
    assert axis_range([130], from_zero=False)[0] < 130 < axis_range([130])[1]
    low, high = axis_range([129, 130, 132], from_zero=False)
    assert 100 <= low < 129 and high > 132
    assert axis_range([0])[1] > 0


def test_board_tints_keep_the_text_legible_in_light_and_dark() -> None:
    from tftmanager.ui.party_board import TINTS

    for light, dark in TINTS.values():
        assert contrast(QColor(light), QColor("#000000")) >= MIN_CONTRAST
        assert contrast(QColor(dark), QColor("#f0f0f0")) >= MIN_CONTRAST


def test_note_colours_are_legible_in_light_and_dark() -> None:
    from tftmanager.app.journal_export import NOTE_COLOURS

    for tint, ink, link in NOTE_COLOURS.values():
        assert contrast(QColor(ink), QColor(tint)) >= MIN_CONTRAST
        assert contrast(QColor(link), QColor(tint)) >= MIN_CONTRAST
