"""Help > User Guide (F1), File > Save (Ctrl+S says so) and File > Save a Copy…."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QTextDocument

from tftmanager.app import campaigns, journal
from tftmanager.ui import file_and_help_menus, menu_windows
from tftmanager.ui.guide import GuideWindow, guide_markdown
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui

Dump = Callable[[Path], dict[str, list[tuple[Any, ...]]]]


def _menu_texts(window: MainWindow, title: str) -> list[str]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return [a.text() for a in menu.actions()]


def test_the_guide_opens_on_f1_and_walks_through_the_four_workflows(
        main_window: MainWindow, qtbot) -> None:
    assert "User &Guide" in _menu_texts(main_window, "&Help")
    assert QKeySequence("F1") in main_window.file_help.guide.shortcuts()
    qtbot.keyClick(main_window, Qt.Key.Key_F1)
    guide = main_window.findChild(GuideWindow, "user_guide")
    assert guide is not None
    assert guide.isVisible()
    text = guide.text()
    for heading in ("Build a character at session zero", "Track experience and spend it",
                    "Run job weeks", "Print cards"):
        assert heading in text
    assert "Every edit is written to the campaign file the moment you make it" in text
    # F1 again (from the guide itself) brings the same window forward, no second one.
    qtbot.keyClick(guide.browser, Qt.Key.Key_F1)
    assert main_window.findChildren(GuideWindow) == [guide]
    assert guide.isVisible()
    guide.close()


def test_f1_opens_the_guide_from_the_week_planner_too(main_window: MainWindow, qtbot) -> None:
    planner = menu_windows.plan_weeks(main_window, main_window.session)
    assert planner is not None
    qtbot.addWidget(planner)
    qtbot.waitExposed(planner)
    planner.activateWindow()
    # F1 belongs to the application, not only to the main window being active.
    assert (main_window.file_help.guide.shortcutContext()
            == Qt.ShortcutContext.ApplicationShortcut)
    qtbot.keyClick(planner, Qt.Key.Key_F1)
    guide = main_window.findChild(GuideWindow, "user_guide")
    assert guide is not None
    assert guide.isVisible()
    guide.close()
    planner.close()


def test_the_guide_is_shipped_data_and_its_image_loads_without_a_network(qtbot) -> None:
    assert guide_markdown().startswith("# TFT Manager: User Guide")
    window = GuideWindow()
    qtbot.addWidget(window)
    image = window.browser.loadResource(QTextDocument.ResourceType.ImageResource.value,
                                        "main-window.png")
    assert not image.isNull()
    assert image.width() >= 600
    # Every image the guide names is shipped beside it.
    document = window.browser.document()
    block = document.begin()
    names = []
    while block.isValid():
        for fragment_it in block:
            fmt = fragment_it.fragment().charFormat()
            if fmt.isImageFormat():
                names.append(fmt.toImageFormat().name())
        block = block.next()
    assert names == ["main-window.png"]


def test_ctrl_s_says_that_everything_is_already_saved(make_window, main_window: MainWindow,
                                                      qtbot) -> None:
    assert "&Save" in _menu_texts(main_window, "&File")
    assert QKeySequence("Ctrl+S") in main_window.file_help.save.shortcuts()
    qtbot.keyClick(main_window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert "Every change is saved as you make it" in main_window.statusBar().currentMessage()
    empty = make_window()
    empty.file_help.save.trigger()
    assert "No campaign is open" in empty.statusBar().currentMessage()
    assert not empty.file_help.save_copy.isEnabled()


def test_save_a_copy_writes_a_campaign_equal_to_the_open_one(
        main_window: MainWindow, dialog_log, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, campaign_dump: Dump) -> None:
    assert main_window.session is not None
    main_window.add_character()  # something in the history too
    monkeypatch.setattr(file_and_help_menus, "ask_copy_path",
                        lambda _w, _c: tmp_path / "before the raid.tftcampaign")
    assert main_window.file_help.save_copy.isEnabled()
    main_window.file_help.save_copy.trigger()
    copy = tmp_path / "before the raid.tftcampaign"
    assert campaign_dump(copy) == campaign_dump(main_window.session.path)
    (title, message), = dialog_log.infos
    assert title == "Copy Saved"
    assert f"as {copy}" in message
    assert "You are still working in party.tftcampaign" in message
    with campaigns.open_existing(path=copy) as store:
        assert len(campaigns.party_sheets(store=store)) == 6  # the demo's five and one added
    main_window.close_campaign()
    assert not main_window.file_help.save_copy.isEnabled()


def test_save_a_copy_over_the_open_campaign_is_refused_and_changes_nothing(
        main_window: MainWindow, dialog_log, monkeypatch: pytest.MonkeyPatch,
        campaign_dump: Dump) -> None:
    assert main_window.session is not None
    path = main_window.session.path
    before = campaign_dump(path)
    monkeypatch.setattr(file_and_help_menus, "ask_copy_path", lambda _w, _c: path)
    assert file_and_help_menus.save_copy(main_window) is None
    (title, message), = dialog_log.errors
    assert title == "Not saved"
    assert message == ("Save a copy failed: party.tftcampaign is the campaign itself; "
                       "choose another name for the copy")
    assert dialog_log.infos == []
    assert campaign_dump(path) == before
    assert main_window.session is not None  # still open and editable


def test_help_opens_the_demo_with_twelve_weeks_played_and_reopens_it(
        main_window: MainWindow, tmp_path: Path) -> None:
    """The played demo is made once in the app's folder; the open campaign is left as it was."""
    first = main_window.session
    assert first is not None
    played = tmp_path / file_and_help_menus.PLAYED_DEMO_FILE
    assert file_and_help_menus.open_played_demo(main_window, tmp_path)
    session = main_window.session
    assert session is not None and session.path == played.resolve()
    story = main_window.story.open_journal()
    # twelve weeks of awards, raises, purchases and weeks
    assert len(session.query(journal.history)) > 10
    assert "week 12" in story.browser.toPlainText().lower()
    story.close()
    main_window.close_campaign()
    assert file_and_help_menus.open_played_demo(main_window, tmp_path)  # reopened, not remade
    assert main_window.session is not None
    assert main_window.session.path == played.resolve()
