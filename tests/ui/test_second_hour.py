"""A new user's second hour in the window: the mouse wheel, an empty campaign.

A mouse wheel turned over a combo or spin box without focus changes nothing.

Scrolling the Character tab once turned Flavius's chainmail into fine plate:
the Armor box passed under the pointer and took the wheel.  Every box of the
editor, the shop and Campaign Rules is wheeled here without focus, and the
campaign must record no operation; with focus, the wheel still works.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns, characters
from tftmanager.app.journal import history
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.settings_dialog import CampaignSettingsDialog


def _wheel(widget: QWidget, steps: int = -1) -> None:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def _state(widget: QWidget) -> object:
    if isinstance(widget, QComboBox):
        return widget.currentIndex()
    assert isinstance(widget, QAbstractSpinBox)
    return widget.text()


def _boxes(root: QWidget) -> list[QWidget]:
    boxes: list[QWidget] = [*root.findChildren(QComboBox), *root.findChildren(QAbstractSpinBox)]
    return [b for b in boxes if b.isEnabled()]


def _wheel_all_unfocused(root: QWidget) -> int:
    """Wheel every enabled box of root up and down with the focus elsewhere; count them."""
    boxes = _boxes(root)
    assert boxes, f"{root} has no combo or spin box"
    for box in boxes:
        before = _state(box)
        for steps in (-1, 1, 3):
            _wheel(box, steps)
            assert not box.hasFocus()
            assert _state(box) == before, f"{box.objectName() or box.accessibleName()} changed"
    return len(boxes)


def test_the_wheel_changes_no_box_of_the_editor_shop_or_rules(main_window: MainWindow,
                                                               qtbot) -> None:
    window = main_window
    session = window.session
    assert session is not None
    ids = {row.name: row.id for row in window.party_model.rows()}
    window.party.select(ids["Flavius Marcellus"])
    before = len(history(store=session.store))
    window.party.table.setFocus()

    counted = _wheel_all_unfocused(window.editor)
    shop = window.editor.open_buy()
    assert shop is not None
    qtbot.addWidget(shop)
    shop.activateWindow()
    counted += _wheel_all_unfocused(shop)
    shop.close()
    rules = CampaignSettingsDialog(session.query(campaigns.get_profile), window)
    qtbot.addWidget(rules)
    counted += _wheel_all_unfocused(rules)

    assert counted >= 10  # the editor's armor, shield and race boxes, the shop, the rules
    assert len(history(store=session.store)) == before, "the wheel recorded an operation"
    assert window.editor.armor.currentData() == "chainmail"


def test_a_focused_box_still_takes_the_wheel(qtbot) -> None:
    from tftmanager.ui import input_guard

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    input_guard.install(app)
    box = QComboBox()
    box.addItems(["one", "two", "three"])
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    _wheel(box, -1)
    assert box.currentIndex() == 1


def test_the_wheel_over_an_unfocused_box_scrolls_the_page(qtbot) -> None:
    from tftmanager.ui import input_guard

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    input_guard.install(app)
    area = QScrollArea()
    page = QWidget()
    page.setMinimumHeight(3000)
    box = QComboBox(page)
    box.addItems(["one", "two"])
    box.move(10, 10)
    area.setWidget(page)
    area.resize(200, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    _wheel(box, -3)
    assert box.currentIndex() == 0
    assert area.verticalScrollBar().value() > 0


def test_a_new_empty_campaign_shows_an_empty_editor_with_a_hint(main_window: MainWindow,
                                                                 tmp_path) -> None:
    """File > New Campaign after the demo: none of Flavius's figures stay behind."""
    window = main_window
    ids = {row.name: row.id for row in window.party_model.rows()}
    window.party.select(ids["Flavius Marcellus"])
    assert window.editor.name.text() == "Flavius Marcellus"
    assert window.new_campaign(tmp_path / "empty.tftcampaign")
    editor = window.editor
    assert editor.name.text() == ""
    assert editor.armor.currentIndex() == -1 and editor.notes.toPlainText() == ""
    assert "No characters yet" in editor.title.text() and "Add Character" in editor.title.text()


def test_a_wounded_figures_st_is_not_clipped_in_the_party_table(main_window: MainWindow) -> None:
    """Ragnar with 4 hits reads "11 (7 now)" whole: the ST column widens for it."""
    from dataclasses import replace

    from PySide6.QtGui import QFontMetrics

    from tftmanager.ui import operations
    from tftmanager.ui.party_model import COLUMNS

    session = main_window.session
    assert session is not None
    ids = {row.name: row.id for row in main_window.party_model.rows()}
    table = main_window.party.table
    column = COLUMNS.index("ST")
    narrow = table.columnWidth(column)
    operations.characters.edit(session, ids["Ragnar"],
                               replace(session.query(characters.get_character,
                                                     character_id=ids["Ragnar"]), wounds=4))
    shown = "11 (7 now)"
    assert main_window.party_model.index(main_window.party_model.row_of(ids["Ragnar"]),
                                         column).data() == shown
    assert table.columnWidth(column) > narrow
    assert table.columnWidth(column) >= QFontMetrics(table.font()).horizontalAdvance(shown)




def test_under_the_apps_style_the_guard_watches_the_boxes_alone(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not every event of every widget (a sixth of the start to the editor); a later box too."""
    from tftmanager.ui import input_guard, style
    from tftmanager.ui.launch import configure_application

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    configure_application(app, guard_input=False)
    app_style = app.style()
    assert isinstance(app_style, style.VisibleIndicators)
    monkeypatch.setattr(app_style, "polished", list(app_style.polished))  # this test's alone
    monkeypatch.setattr(input_guard, "_GUARD", [])  # a guard of its own, under the app's style
    input_guard.install(app)
    assert app_style.polished[-1] == input_guard._GUARD[0].watch
    seen: list[str] = []

    class Counting(input_guard.InputGuard):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            seen.append(type(watched).__name__)
            return super().eventFilter(watched, event)

    counting = Counting(app)  # watching as the installed guard does
    app_style.polished.append(counting.watch)
    page = QWidget()
    layout = QVBoxLayout(page)
    label, box = QLabel("Armor"), QComboBox()
    box.addItems(["none", "leather"])
    layout.addWidget(label)
    layout.addWidget(box)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus  # made after the guard: polished
    _wheel(box, -1)
    assert box.currentIndex() == 0  # the wheel over it without focus changed nothing
    assert "QComboBox" in seen and "QLabel" not in seen and "QWidget" not in seen, set(seen)
