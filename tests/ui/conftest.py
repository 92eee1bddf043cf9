"""The window's fixtures, and the guard that fails a test during which the app hit a bug.

A bug in an action shows "Unexpected Error" and writes a crash report; a test
that only looks at the state afterwards would pass through one unnoticed (the
Kind crash of issue 34 did).  So every ui test records each crash report
written and each "Unexpected Error" dialog, and fails if there was one,
unless it is marked ``provokes_bug`` (it makes a bug on purpose to check the
dialog or the report).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tftmanager import crash
from tftmanager.app import errors
from tftmanager.ui import dialogs
from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow

BUG_TITLE = "Unexpected Error"
_BUGS = pytest.StashKey[list[str]]()


@pytest.fixture(autouse=True)
def _bugs_seen(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every crash report written during the test (``pytest_runtest_call`` fails on one)."""
    seen: list[str] = []
    request.node.stash[_BUGS] = seen
    write: Callable[..., Path | None] = crash.write_crash_report

    def recorded(command: str, argv: Any, exc: BaseException, *rest: Any) -> Path | None:
        seen.append(f"crash report for {type(exc).__name__}: {exc}")
        return write(command, argv, exc, *rest)

    monkeypatch.setattr(crash, "write_crash_report", recorded)
    monkeypatch.setattr(errors, "write_crash_report", recorded)
    return seen


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a test that passed while the app hit a bug, unless it provokes one on purpose."""
    result = yield
    seen = item.stash.get(_BUGS, [])
    if seen and item.get_closest_marker("provokes_bug") is None:
        pytest.fail("the app hit a bug during this test (mark it provokes_bug if meant):\n"
                    + "\n".join(seen), pytrace=False)
    return result


class DialogLog:
    """Stands in for modal dialogs and records what they were asked."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []
        self.bugs: list[str] = []  # the "Unexpected Error" dialogs, shared with _bugs_seen
        self.campaign_errors: list[str] = []
        self.confirm_answer = True
        self.backup_choice: bool = False
        self.offered_backups: list[list[Path]] = []
        self.infos: list[tuple[str, str]] = []
        self.gear_answer: bool | None = False  # take a new piece free, unless a test says
        self.gear_asked: list[tuple[str, str, int]] = []

    def info(self, _parent: object, title: str, message: str) -> None:
        self.infos.append((title, message))

    def ask_gear_payment(self, _parent: object, name: str, what: str, price: int,
                         _money: int) -> bool | None:
        self.gear_asked.append((name, what, price))
        return self.gear_answer

    def error(self, _parent: object, title: str, message: str) -> None:
        self.errors.append((title, message))
        if title == BUG_TITLE:
            self.bugs.append(f"{title} dialog: {message}")

    def confirm_delete(self, _parent: object, _name: str) -> bool:
        return self.confirm_answer

    def campaign_error(self, _parent: object, _title: str, message: str,
                       backups: list[Path]) -> Path | None:
        self.campaign_errors.append(message)
        self.offered_backups.append(backups)
        return backups[0] if self.backup_choice and backups else None


@pytest.fixture
def dialog_log(monkeypatch: pytest.MonkeyPatch, _bugs_seen: list[str]) -> DialogLog:
    log = DialogLog()
    log.bugs = _bugs_seen
    monkeypatch.setattr(dialogs, "error", log.error)
    monkeypatch.setattr(dialogs, "confirm_delete", log.confirm_delete)
    monkeypatch.setattr(dialogs, "campaign_error", log.campaign_error)
    monkeypatch.setattr(dialogs, "info", log.info)
    monkeypatch.setattr(dialogs, "ask_gear_payment", log.ask_gear_payment)
    return log


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot, settings: QSettings, dialog_log: DialogLog) -> Iterator:
    windows: list[MainWindow] = []
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    configure_application(app)

    def make() -> MainWindow:
        window = MainWindow(settings)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()
    leftovers = [w for w in QApplication.topLevelWidgets()
                 if w.isVisible() and not isinstance(w, MainWindow)]
    assert not leftovers, f"dialogs left open: {leftovers}"


@pytest.fixture
def main_window(make_window, tmp_path: Path, campaign_templates) -> MainWindow:
    """A window with the demo party open (a copy of the session's template, not made anew)."""
    window = make_window()
    path = campaign_templates.file(tmp_path / "party.tftcampaign", demo=True)
    assert window.open_campaign(path)
    return window
