"""Dark palettes and keyboards: what a user with either finds.

Contrast is computed with the WCAG 2 formula against the window and table
backgrounds of Fusion's light palette and its dark one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QAccessible, QColor, QIcon, QImage, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QListWidget,
    QPushButton,
    QScrollArea,
    QWidget,
)

from tftmanager.ui import menu_windows
from tftmanager.ui.contrast import ratio, readable
from tftmanager.ui.icons import icon, icon_colours
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.style import fusion_dark, indicator_frame
from tftmanager.ui.week_planner import WeekPlanner

pytestmark = pytest.mark.ui
ROLE = QPalette.ColorRole


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[QPalette]:
    """The application in Fusion's light palette, then in its dark one."""
    before = qapp.palette()
    palette = fusion_dark() if request.param == "dark" else qapp.style().standardPalette()
    qapp.setPalette(palette)
    yield palette
    qapp.setPalette(before)


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QPalette]:
    before = qapp.palette()
    qapp.setPalette(fusion_dark())
    yield fusion_dark()
    qapp.setPalette(before)


def test_the_wcag_formula() -> None:
    assert ratio(QColor("black"), QColor("white")) == pytest.approx(21)
    assert ratio(QColor("#777777"), QColor("white")) == pytest.approx(4.48, abs=0.01)
    assert ratio(QColor("#c62828"), QColor("#323232")) < 3  # the old red on dark grey
    shaded = readable(QColor("#c62828"), [QColor("#323232")], 3.0)
    assert ratio(shaded, QColor("#323232")) >= 3
    assert shaded.hue() == QColor("#c62828").hue()  # still red


def _backgrounds(palette: QPalette) -> list[QColor]:
    return [palette.color(role) for role in (ROLE.Window, ROLE.Base, ROLE.AlternateBase)]


@pytest.mark.parametrize("name", ["error", "warning", "ok"])
def test_status_icons_reach_3_to_1_in_light_and_dark(scheme: QPalette, name: str) -> None:
    colours = [QColor(c) for c in icon_colours(name)]
    assert colours
    for colour in colours:
        for ground in _backgrounds(scheme):
            assert ratio(colour, ground) >= 3.0, (name, colour.name(), ground.name())
    # And as drawn: the icon's strongest pixels, not only the SVG's words.
    image = icon(name).pixmap(32, 32).toImage()
    opaque = [image.pixelColor(x, y) for x in range(32) for y in range(32)
              if image.pixelColor(x, y).alpha() == 255]
    window = scheme.color(ROLE.Window)
    assert max(ratio(c, window) for c in opaque) >= 3.0


@pytest.mark.parametrize("name", ["error", "warning", "ok"])
def test_status_icons_on_a_selected_row_reach_3_to_1(scheme: QPalette, name: str) -> None:
    image = icon(name).pixmap(QSize(32, 32), QIcon.Mode.Selected).toImage()
    opaque = [image.pixelColor(x, y) for x in range(32) for y in range(32)
              if image.pixelColor(x, y).alpha() == 255]
    assert opaque
    highlight = scheme.color(ROLE.Highlight)
    assert min(ratio(c, highlight) for c in opaque) >= 3.0


def test_the_old_icon_colours_fail_on_dark_and_are_replaced(dark: QPalette) -> None:
    used = icon_colours("error")
    assert "#c62828" not in used
    assert all(ratio(QColor(c), dark.color(ROLE.Base)) >= 3 for c in used)


def test_check_box_frames_reach_3_to_1(scheme: QPalette) -> None:
    frame = indicator_frame(scheme)
    for ground in _backgrounds(scheme):
        assert ratio(frame, ground) >= 3.0


def _visible_frame(image: QImage, rect: QRect, ground: QColor) -> bool:
    """Some pixel in ``rect`` stands out 3:1 from the background (an indicator is drawn)."""
    return any(ratio(image.pixelColor(x, y), ground) >= 3.0
               for x in range(rect.left(), rect.right())
               for y in range(rect.top(), rect.bottom()))


def test_unticked_weapons_show_their_box_in_a_dark_palette(
        dark: QPalette, main_window: MainWindow, qtbot) -> None:
    weapons: QListWidget = main_window.editor.weapons
    unticked = next(weapons.item(i) for i in range(weapons.count())
                    if weapons.item(i).checkState() == Qt.CheckState.Unchecked)
    # The item has a box to draw (a check state), unticked.
    state = unticked.data(Qt.ItemDataRole.CheckStateRole)
    assert state is not None
    assert Qt.CheckState(state) == Qt.CheckState.Unchecked
    weapons.scrollToItem(unticked)
    qtbot.wait(10)
    rect = weapons.visualItemRect(unticked)
    image = weapons.viewport().grab().toImage()
    indicator = QRect(rect.left(), rect.top(), rect.height(), rect.height())
    assert _visible_frame(image, indicator, dark.color(ROLE.Base))
    # The label beside it is not what the check found: the box is at the left.
    assert not _visible_frame(image, QRect(rect.right() - 8, rect.top(), 6, rect.height()),
                              dark.color(ROLE.Base))


def test_unticked_mounted_and_own_lodging_show_their_box_in_a_dark_palette(
        dark: QPalette, main_window: MainWindow, qtbot) -> None:
    planner = menu_windows.plan_weeks(main_window, main_window.session)
    assert isinstance(planner, WeekPlanner)
    qtbot.addWidget(planner)
    qtbot.waitExposed(planner)
    for key in ("mounted", "own"):
        box = next(w[key] for w in planner.widgets
                   if isinstance(w[key], QCheckBox) and not w[key].isChecked())
        assert isinstance(box, QCheckBox)
        image = box.grab().toImage()
        assert _visible_frame(image, QRect(0, 0, box.width(), box.height()),
                              dark.color(ROLE.Base)), key
    planner.close()


def _tab_stops(top: QWidget) -> list[QWidget]:
    """The widgets Tab visits in ``top``, in order, found by pressing Tab as a user would.

    Not by walking ``nextInFocusChain()``: PySide takes the widget a const
    getter returns for a child of the one asked (its return-value heuristic),
    so a walk made each widget the Python parent of the next, in a ring; a
    garbage collection later broke the ring and marked live widgets deleted
    (the editor's name field), and the window's close crashed the process.
    ``top.focusWidget()`` makes each a Python child of the window: no ring.
    """
    focused = top.focusWidget()
    if focused is not None:
        focused.clearFocus()
    top.activateWindow()
    assert QTest.qWaitForWindowActive(top), "the keys would go to another window"
    QTest.keyClick(top, Qt.Key.Key_Tab)  # from no focus, Tab takes the window's first stop
    first = top.focusWidget()
    assert first is not None, "Tab found no stop in the window"
    stops = [first]
    for _press in range(1000):
        QTest.keyClick(stops[-1], Qt.Key.Key_Tab)
        widget = top.focusWidget()
        if widget is first:
            return stops
        assert widget is not None and widget not in stops, (
            f"Tab is trapped: from {type(stops[-1]).__name__} it went to "
            f"{type(widget).__name__}, not on round the window")
        stops.append(widget)
    raise AssertionError(f"Tab did not come back round after {len(stops)} stops")


def _spoken_name(widget: QWidget) -> str:
    """What a screen reader announces: the widget's name, or its owner's (a spin box's edit)."""
    owner = widget.parentWidget()
    if owner is not None and owner.focusProxy() is widget:
        widget = owner
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name) if interface is not None else ""


def test_tab_reaches_the_derived_panel_after_the_character_fields(
        main_window: MainWindow, qtbot) -> None:
    editor = main_window.editor
    derived = editor.derived
    stops = _tab_stops(main_window)
    values = [*derived.values.values(), derived.weapons]
    assert [s for s in stops if s in values] == values  # every value, in the panel's order
    assert stops.index(values[0]) == stops.index(editor.notes) + 1
    editor.notes.setFocus()
    qtbot.keyClick(editor.notes, Qt.Key.Key_Tab)  # Tab leaves the notes, no trap
    assert QApplication.focusWidget() is derived.values["ma"]
    assert _spoken_name(derived.values["ma"]) == "MA"
    assert _spoken_name(derived.values["stops_shield"]) == "Hits stopped with shield"


def test_the_editors_scroll_area_is_not_an_unnamed_tab_stop(main_window: MainWindow) -> None:
    scroll = main_window.editor.findChild(QScrollArea)
    assert scroll is not None
    assert scroll not in _tab_stops(main_window)


def test_every_tab_stop_has_a_name_on_every_editor_page(main_window: MainWindow,
                                                        qtbot) -> None:
    tabs = main_window.editor.tabs
    for page in range(tabs.count()):
        tabs.setCurrentIndex(page)
        qtbot.wait(10)
        unnamed = [type(w).__name__ for w in _tab_stops(main_window) if not _spoken_name(w)]
        assert unnamed == [], tabs.tabText(page)


def test_every_tab_stop_in_the_week_planner_has_a_name(main_window: MainWindow,
                                                       qtbot) -> None:
    planner = menu_windows.plan_weeks(main_window, main_window.session)
    assert isinstance(planner, WeekPlanner)
    qtbot.addWidget(planner)
    qtbot.waitExposed(planner)
    stops = _tab_stops(planner)
    unnamed = [type(w).__name__ for w in stops if not _spoken_name(w)]
    assert unnamed == []
    planner.close()


def test_tab_goes_through_the_week_planners_choices_and_on_to_its_buttons(
        main_window: MainWindow, qtbot) -> None:
    """Tab once went round the table's cells for ever: Run and Close were out of its reach."""
    planner = menu_windows.plan_weeks(main_window, main_window.session)
    assert isinstance(planner, WeekPlanner)
    qtbot.addWidget(planner)
    qtbot.waitExposed(planner)
    stops = _tab_stops(planner)
    table = planner.table
    choices = [table.cellWidget(row, column) for row in range(table.rowCount())
               for column in range(table.columnCount())]
    reached = [w for w in stops if any(w is c or c.isAncestorOf(w) for c in choices if c)]
    assert len(reached) == sum(1 for c in choices if c is not None and c.isEnabled())
    buttons = [w.text() for w in stops if isinstance(w, QPushButton)]
    assert {"&Dry Run", "&Run", "Close"} <= set(buttons)
    planner.close()


def test_tab_still_scrolls_the_editor_to_the_field_it_reaches(main_window: MainWindow,
                                                              qtbot) -> None:
    editor = main_window.editor
    scroll = editor.findChild(QScrollArea)
    assert scroll is not None
    main_window.resize(1000, 560)  # a small screen: the notes are below the fold
    qtbot.wait(20)
    scroll.verticalScrollBar().setValue(0)
    qtbot.wait(10)
    assert editor.notes.visibleRegion().isEmpty()
    editor.ready_weapon.setFocus()
    qtbot.keyClick(editor.ready_weapon, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is editor.notes
    qtbot.wait(10)
    assert not editor.notes.visibleRegion().isEmpty()
