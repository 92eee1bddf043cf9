"""The first window a new user sees: nothing that matters is cut off or scrolled away."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QScrollArea

from tftmanager.ui import screen_fit, window_state
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.window_state import DEFAULT_SIZE, first_size

pytestmark = pytest.mark.ui


@pytest.fixture
def main_window(make_window, tmp_path, monkeypatch: pytest.MonkeyPatch,
                campaign_templates) -> MainWindow:
    """The demo at the default size, as on a 1366 x 768 screen (offscreen's is 800 wide).

    The new demo campaign is a copy of the session's (what File > New with the demo
    makes; tests/ui/test_main_window.py makes one through the window itself).
    """
    monkeypatch.setattr(window_state, "first_size", lambda _available: QSize(*DEFAULT_SIZE))
    window = make_window()
    assert window.open_campaign(campaign_templates.file(tmp_path / "party.tftcampaign",
                                                        demo=True))
    return window


def _fits(label: QLabel) -> bool:
    """The label shows its whole text: no wider than it is, and tall enough once wrapped."""
    if label.wordWrap():
        return label.heightForWidth(label.width()) <= label.height()
    return label.sizeHint().width() <= label.width()


def _select(window: MainWindow, name: str) -> None:
    rows = {r.name: r.id for r in window.party_model.rows()}
    window.party.select(rows[name])


def test_default_size_fits_a_small_laptop_screen() -> None:
    width, height = DEFAULT_SIZE
    assert width <= 1366 and height <= 768 - 60  # a panel and a title bar
    # A small screen's free area, less the title bar and borders around the window.
    assert first_size(QSize(1024, 600)) == QSize(1024, 600) - screen_fit.FRAME
    assert first_size(None) == QSize(*DEFAULT_SIZE)


@pytest.mark.parametrize("name", ["Joe the Barbarian", "Flavius Marcellus", "Morgaine"])
def test_derived_panel_shows_every_value_whole(main_window: MainWindow, qtbot,
                                              name: str) -> None:
    window = main_window
    assert window.size() == QSize(*DEFAULT_SIZE)
    _select(window, name)
    qtbot.wait(50)
    scroll = window.editor.findChild(QScrollArea)
    assert scroll is not None
    assert not scroll.horizontalScrollBar().isVisible()
    viewport = scroll.viewport()
    panel = window.editor.derived
    right = panel.mapTo(viewport, panel.rect().topRight()).x()
    assert right <= viewport.width()  # the panel is not cut at the window's edge
    labels = [*panel.values.values(), panel.weapons]
    assert any("of 32 at start" in label.text() for label in labels)
    for label in labels:
        assert _fits(label), (label.accessibleName(), label.text())


def test_party_table_shows_every_column_without_scrolling(main_window: MainWindow,
                                                          qtbot) -> None:
    table = main_window.party.table
    qtbot.wait(50)
    assert not table.horizontalScrollBar().isVisible()
    header = table.horizontalHeader()
    assert header.length() <= table.viewport().width()
    model = table.model()
    for column in range(header.count()):
        title = str(model.headerData(column, header.orientation()))
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(title), title
    names = [table.model().index(r, 0).data() for r in range(table.model().rowCount())]
    for row, name in enumerate(names):
        text = table.model().index(row, 0).data()
        assert table.fontMetrics().horizontalAdvance(text) < header.sectionSize(0), name


def test_the_party_board_opens_tall_enough_to_see_the_party(main_window: MainWindow,
                                                            qtbot) -> None:
    """Not one row ("5 of 5 shown", Ragnar only): a useful share of the window."""
    dock = main_window.story.board_dock
    dock.show()
    qtbot.waitUntil(lambda: dock.height() >= 0.35 * main_window.height())


def test_history_never_squeezes_the_party_table(main_window: MainWindow, qtbot) -> None:
    dock = main_window.history_dock
    dock.show()
    qtbot.wait(50)
    table = main_window.party.table
    header = table.horizontalHeader()
    assert dock.isFloating() or header.length() <= table.viewport().width()
    assert not table.horizontalScrollBar().isVisible()
    dock.hide()


def test_the_print_preview_keeps_duplex_and_export_in_view(main_window: MainWindow,
                                                           qtbot) -> None:
    from tftmanager.ui.print_preview import CardPreviewDialog

    session = main_window.session
    assert session is not None
    dialog = CardPreviewDialog(session, [], main_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    export = dialog.cards_bar.widgetForAction(dialog.export_action)
    assert export is not None and export.isVisible()
    assert dialog.duplex_box.isVisible()
    dialog.close()


def test_party_charts_beside_the_board_never_grow_the_window(main_window: MainWindow,
                                                             qtbot) -> None:
    """Issue 34, item 13: opening the charts grew a 700-pixel window to 784 and squeezed
    the Party Board to one row."""
    main_window.resize(1600, 700)  # wide enough that the charts dock beside the table
    qtbot.wait(50)
    board, charts = main_window.story.board_dock, main_window.story.charts_dock
    board.toggleViewAction().trigger()
    qtbot.waitUntil(lambda: board.height() >= 0.35 * main_window.height())
    rows = board.height()
    charts.toggleViewAction().trigger()
    qtbot.waitUntil(charts.isVisible)
    qtbot.wait(50)
    assert not charts.isFloating()
    assert main_window.height() == 700
    assert board.height() >= 0.9 * rows
