"""A reference opens the user's own PDF at its page; without one it is plain text."""

from __future__ import annotations

from pathlib import Path

import pytest
from person import type_into
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QLineEdit

from tftmanager.app import campaigns, journal
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.references import Reference, parse_reference
from tftmanager.shipped import shipped_entries
from tftmanager.ui import book_pages, books, operations
from tftmanager.ui.book_window import open_window
from tftmanager.ui.books_dialog import RulebooksDialog, book_codes
from tftmanager.ui.library_entry_dialog import EntryDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.reference_label import ReferenceLabel
from tftmanager.ui.settings_dialog import CampaignSettingsDialog

pytestmark = pytest.mark.ui


def numbered_pdf(path: Path, pages: int) -> Path:
    """A book made with the app's own PDF writer: a cover, then pages printed 1, 2, 3..."""
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A6))
    writer.setResolution(72)
    painter = QPainter(writer)
    painter.setFont(QFont("DejaVu Sans", 20))
    for index in range(pages + 1):
        if index:
            writer.newPage()
        painter.drawText(40, 80, f"Page {index}" if index else "Cover")
    painter.end()
    return path


@pytest.fixture
def shelf(settings: QSettings) -> QSettings:
    books.use_settings(settings)
    return settings


def test_a_reference_opens_the_book_at_page_3(shelf: QSettings, tmp_path: Path,
                                              qtbot) -> None:
    pdf = numbered_pdf(tmp_path / "itl.pdf", 6)
    # Printed page 1 is the PDF's second page (after the cover).
    books.set_book_pdf("ITL", book_pages.BookPdf(pdf, first_page=2))
    label = ReferenceLabel()
    qtbot.addWidget(label)
    label.set_reference(parse_reference("ITL p. 3, Talents"))
    assert '<a href="0">In the Labyrinth p. 3, Talents</a>' in label.text()
    assert label.open_book() == ""
    window = open_window("ITL")
    assert window is not None
    qtbot.addWidget(window)
    assert window.current_page() == 3
    assert window.view.pageNavigator().currentPage() == 3
    assert "Page 3" in window.document.getAllText(window.current_page()).text()
    assert window.where.text() == "In the Labyrinth p. 3, Talents: PDF page 4 of 7"
    # The window stays open: the next reference to the book turns its page.
    assert books.open_reference(Reference("ITL", "5")) == ""
    assert open_window("ITL") is window and window.current_page() == 5
    # Search: the results come page by page; the first is shown when found.
    type_into(qtbot, window.search, "Page 2", enter=True)
    qtbot.waitUntil(lambda: window.current_page() == 2)
    # The book and its printed page, as a reader says it (PDF page 3 is printed page 2)
    assert window.results.item(0).text() == "In the Labyrinth, page 2: Page 2"
    # Resizing the window keeps the page (fit to width lays the pages out again).
    window.resize(window.width() + 200, window.height() + 100)
    qtbot.wait(50)
    assert window.current_page() == 2
    window.close()
    assert open_window("ITL") is None


def test_without_a_pdf_a_reference_is_plain_text_and_nothing_fails(shelf: QSettings,
                                                                  tmp_path: Path,
                                                                  qtbot) -> None:
    label = ReferenceLabel()
    qtbot.addWidget(label)
    label.set_reference(Reference("Melee", "", "Pole Weapons"))
    assert label.text() == "Reference: Melee, Pole Weapons"
    assert "Preferences > Rulebooks" in label.toolTip()
    assert label.open_book().startswith("No PDF is set for Melee")
    assert open_window("Melee") is None
    books.set_book_pdf("Melee", book_pages.BookPdf(tmp_path / "gone.pdf"))
    label.set_reference(Reference("Melee", "12"))
    assert label.text() == "Reference: Melee p. 12"  # a file that is not there: text
    assert "not there any more" in label.open_book()
    (tmp_path / "bad.pdf").write_text("not a pdf")
    books.set_book_pdf("Melee", book_pages.BookPdf(tmp_path / "bad.pdf"))
    assert "cannot be read as a PDF" in label.open_book()
    assert open_window("Melee") is None
    label.set_reference(None)
    assert label.isHidden()


def test_preferences_point_a_book_at_a_pdf(shelf: QSettings, tmp_path: Path, qtbot) -> None:
    codes = book_codes([])
    assert codes[:3] == ["Melee", "Wizard", "ITL"] and "House Rules: Combat" in codes
    dialog = RulebooksDialog(codes)
    qtbot.addWidget(dialog)
    type_into(qtbot, dialog.paths["House Rules: Combat"], str(tmp_path / "combat.pdf"))
    first = dialog.first_pages["House Rules: Combat"]
    first.setFocus()
    first.selectAll()
    qtbot.keyClicks(first, "3")
    dialog.accept()
    assert books.book_pdf("House Rules: Combat") == book_pages.BookPdf(tmp_path / "combat.pdf", 3)
    assert books.book_pdf("ITL") is None
    again = RulebooksDialog(codes)
    qtbot.addWidget(again)
    assert again.paths["House Rules: Combat"].text() == str(tmp_path / "combat.pdf")
    again.paths["House Rules: Combat"].clear()
    again.accept()
    assert books.book_pdf("House Rules: Combat") is None


def test_a_pdf_in_the_home_folder_shows_as_tilde_and_is_kept_whole(
        shelf: QSettings, tmp_path: Path, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dialog (and its picture in the docs) shows ~/Books/itl.pdf, not a home's full path."""
    monkeypatch.setenv("HOME", str(tmp_path))
    books.set_book_pdf("ITL", book_pages.BookPdf(tmp_path / "Books" / "itl.pdf", 2))
    dialog = RulebooksDialog(book_codes([]))
    qtbot.addWidget(dialog)
    assert dialog.paths["ITL"].text() == "~/Books/itl.pdf"
    type_into(qtbot, dialog.paths["Melee"], "~/Books/melee.pdf")
    dialog.accept()
    assert books.book_pdf("ITL") == book_pages.BookPdf(tmp_path / "Books" / "itl.pdf", 2)
    assert books.book_pdf("Melee") == book_pages.BookPdf(tmp_path / "Books" / "melee.pdf", 1)


def test_campaign_rules_name_the_books_of_each_reading(main_window: MainWindow,
                                                       qtbot) -> None:
    session = main_window.session
    assert session is not None
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile))
    qtbot.addWidget(dialog)
    assert dialog.references["critical_hits"].text() == (
        "Read it in: Melee, Rolling for a Hit; TFT House Rules: Combat, Double or Triple "
        "Damage")
    assert dialog.references["xp_costs"].text().endswith("In the Labyrinth p. 45")


def test_the_picker_and_the_editor_name_the_rule_s_book(main_window: MainWindow,
                                                        qtbot) -> None:
    session = main_window.session
    assert session is not None
    new_id = operations.characters.add(session, Character(
        name="Bold", race="human", st=11, dx=12, iq=9,
        talents=(KnownTalent("sword"), KnownTalent("fencing"))))
    assert new_id is not None
    main_window.party.select(new_id)
    problems = main_window.editor.abilities.problems["talents"].text()
    assert "In the Labyrinth" in main_window.editor.abilities.known.toolTip()
    assert "Fencing: IQ 9 is below Fencing's IQ level 10 - In the Labyrinth" in problems
    picker = main_window.editor.open_picker()
    assert picker is not None
    qtbot.addWidget(picker)
    assert picker.select("talent", "alchemy")
    assert "Reference: In the Labyrinth." in picker.detail.text()
    assert picker.reference.text() == "Read it in: In the Labyrinth"
    assert picker.learn_button.toolTip().endswith(" - In the Labyrinth")
    picker.close()


def test_the_library_editor_edits_a_reference_like_any_field(qtbot) -> None:
    fencing = next(e for e in shipped_entries() if (e.kind, e.key) == ("talent", "fencing"))
    dialog = EntryDialog("talent", fencing)
    qtbot.addWidget(dialog)
    field = dialog.widgets["reference"]
    assert isinstance(field, QLineEdit)
    assert field.text() == "" and field.placeholderText() == "ITL"  # from its source
    assert "reference" not in dialog.entry().data  # left empty: the source's is used
    type_into(qtbot, field, "ITL p. 23")
    assert dialog.validation_error() == ""
    assert dialog.entry().data["reference"] == "ITL p. 23"
    type_into(qtbot, field, ", p. 23")
    assert "is not a reference" in dialog.validation_error()
    source = dialog.widgets["source"]
    assert isinstance(source, QLineEdit)
    type_into(qtbot, source, "Melee (003), Pole Weapons (line 254)")
    assert field.placeholderText() == "Melee, Pole Weapons"


def test_the_book_viewer_records_the_page_an_entry_is_on(
        main_window: MainWindow, shelf: QSettings, tmp_path: Path, qtbot, dialog_log) -> None:
    """Issue 34, item 17: the shipped data has no pages, so every reference opened page 1;
    the user now sets an entry's page from the book, kept in the campaign's library."""
    session = main_window.session
    assert session is not None
    pdf = numbered_pdf(tmp_path / "itl.pdf", 30)
    books.set_book_pdf("ITL", book_pages.BookPdf(pdf, first_page=2))  # after a cover
    main_window.party.select(next(r.id for r in main_window.party_model.rows()
                                  if r.name == "Wulf"))
    picker = main_window.editor.open_picker()
    assert picker is not None
    qtbot.addWidget(picker)
    assert picker.select("talent", "alchemy")
    assert picker.reference.reference == Reference("ITL")  # no page: the book's start
    assert picker.reference.open_book() == ""
    window = open_window("ITL")
    assert window is not None
    assert window.place_button.isVisible()
    assert window.place_button.text() == "Alchemy is on the page shown"
    window.view.pageNavigator().jump(23, window.view.pageNavigator().currentLocation())
    qtbot.waitUntil(lambda: window.current_page() == 23)
    qtbot.mouseClick(window.place_button, Qt.MouseButton.LeftButton)
    assert dialog_log.errors == []
    assert (session.query(journal.history)[0].label
            == "Library: talent Alchemy is on In the Labyrinth p. 23")
    alchemy = session.library.talents["alchemy"]
    assert alchemy.reference == Reference("ITL", "23")
    assert picker.reference.reference == Reference("ITL", "23")  # the picker reads it anew
    window.close()
    main_window.act_undo.trigger()
    assert session.library.talents["alchemy"].reference == Reference("ITL")
    picker.close()


def test_a_search_result_reads_as_one_line() -> None:
    """Issue 34: results read "RINTH⏎page 17⏎": the words joined, the book and page named."""
    pdf = book_pages.BookPdf(Path("itl.pdf"), first_page=2)
    text = "IN THE LABY-\nRINTH\u2029page 17\r\n"
    assert book_pages.snippet(text) == "IN THE LABYRINTH page 17"
    assert book_pages.result_line("In the Labyrinth", pdf, 17, "the ar-\u2028mor  stops") \
        == "In the Labyrinth, page 17: the armor stops"
    assert book_pages.result_line("Melee", pdf, 0, "Cover") == "Melee, PDF page 1: Cover"


def test_the_preferences_headings_show_whole_within_their_columns(qtbot) -> None:
    """Issue 34: the last heading ran to the Preferences dialog's edge."""
    dialog = RulebooksDialog(book_codes([]))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    last = dialog.headers[-1]
    spin = next(iter(dialog.first_pages.values()))
    assert last.sizeHint().width() <= spin.width()  # the numbers' width, not the heading's
    for heading in dialog.headers:
        assert heading.height() >= heading.sizeHint().height()  # no line cut off
    dialog.close()
