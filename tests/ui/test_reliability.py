"""The GUI beside the command line, and a damaged campaign offering its backup."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.app import characters, journal
from tftmanager.ui.launch import install_crash_hook
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.session import CampaignSession

pytestmark = pytest.mark.ui


def tftmanager(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tftmanager"]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([*command, *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=180, check=False)


def test_reading_commands_work_while_the_gui_edits(main_window: MainWindow,
                                                   tmp_path: Path) -> None:
    assert main_window.session is not None
    path = main_window.session.path
    before = path.read_bytes()
    listed = tftmanager("list", path, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "Ragnar" in listed.stdout and "Wulf" in listed.stdout
    pdf = tmp_path / "cards.pdf"
    cards = tftmanager("cards", path, "--out", pdf, "--name", "Ragnar", cwd=tmp_path)
    assert cards.returncode == 0, cards.stderr
    assert pdf.read_bytes().startswith(b"%PDF")
    # A writer is still kept out, with one line naming the holder.
    award = tftmanager("xp", "award", path, "--party", "5", "--reason", "x", cwd=tmp_path)
    assert award.returncode == 2
    assert award.stderr.count("\n") == 1
    assert f"process {os.getpid()}" in award.stderr
    assert path.read_bytes() == before
    assert main_window.session is not None  # the GUI kept the campaign


def test_a_damaged_campaign_offers_its_newest_backup(make_window, dialog_log,
                                                     tmp_path: Path) -> None:
    window = make_window()
    window.backup_root = tmp_path / "backups"
    path = tmp_path / "north.tftcampaign"
    assert window.new_campaign(path, demo=True)
    window.close_campaign()
    assert window.open_campaign(path)  # opening takes a rolling backup
    window.close_campaign()
    con = sqlite3.connect(path)
    con.execute("DROP TABLE week_log")
    con.commit()
    con.close()
    damaged = path.read_bytes()

    dialog_log.backup_choice = True
    assert window.open_campaign(path)
    assert "table 'week_log' is missing" in dialog_log.campaign_errors[-1]
    offered = dialog_log.offered_backups[-1]
    assert offered and offered[0].parent.parent == tmp_path / "backups"
    assert window.session is not None
    assert window.session.path.name == "north (restored).tftcampaign"
    assert path.read_bytes() == damaged  # the damaged file is left as it was


@pytest.mark.provokes_bug
def test_a_bug_in_the_gui_shows_its_crash_report(make_window, dialog_log, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "crashes"))
    window = make_window()
    install_crash_hook(window)
    try:
        raise ZeroDivisionError("a bug in a slot")
    except ZeroDivisionError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    [(title, message)] = dialog_log.errors
    assert title == "Unexpected Error" and "ZeroDivisionError" in message
    [report] = (tmp_path / "crashes").iterdir()
    assert str(report) in message
    assert "a bug in a slot" in report.read_text(encoding="utf-8")


def _log_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            window: MainWindow) -> tuple[Path, CampaignSession, int]:
    """Crash reports and the log in this test's folder (the GUI sets the log up at start).

    Returns the log, the open session and Ragnar's id.
    """
    from tftmanager import activity_log

    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "crashes"))
    monkeypatch.setenv("TFTMANAGER_LOG_DIR", str(tmp_path / "logs"))
    log = activity_log.configure()
    assert log == tmp_path / "logs" / "tftmanager.log"
    assert window.session is not None
    ragnar = next(r.id for r in window.party_model.rows() if r.name == "Ragnar")
    return log, window.session, ragnar


@pytest.mark.provokes_bug
def test_a_bug_in_an_action_is_a_crash_report_not_a_refusal(
        main_window: MainWindow, dialog_log, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Raise ST hitting a KeyError: the dialog names the report, not "'missing_key'"."""
    from tftmanager.app import experience
    from tftmanager.rules.experience import Attribute
    from tftmanager.ui import operations

    log, session, ragnar = _log_to(tmp_path, monkeypatch, main_window)
    assert operations.experience.award(session, [ragnar], 500, "Cleared the warren")
    main_window.party.select(ragnar)
    before = session.path.read_bytes()

    def broken(**_kw: object) -> None:
        raise KeyError("missing_key")

    monkeypatch.setattr(experience, "raise_attribute", broken)
    main_window.editor.xp.buttons[Attribute.ST].click()
    [(title, message)] = dialog_log.errors
    assert title == "Unexpected Error"
    assert "Raise ST hit an unexpected error (KeyError)" in message
    assert "Nothing was saved" in message
    [report] = (tmp_path / "crashes").iterdir()
    assert str(report) in message and report.stat().st_mode & 0o777 == 0o600
    text = report.read_text(encoding="utf-8")
    assert "KeyError: 'missing_key'" in text
    assert "  Award 500 XP to one character\n  Raise ST\n" in text  # the last actions
    assert text.rstrip().endswith("KeyError: 'missing_key'")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert any("Raise ST: unexpected KeyError" in line and str(report) in line
               for line in lines)
    assert session.path.read_bytes() == before and session.query(characters.get_character,
                                                                 character_id=ragnar).st == 11


def test_a_refusal_in_the_gui_is_one_line_and_no_crash_report(
        main_window: MainWindow, dialog_log, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tftmanager.ui import operations

    log, session, ragnar = _log_to(tmp_path, monkeypatch, main_window)
    assert operations.experience.award(session, [ragnar], -5, "oops") is None
    [(title, message)] = dialog_log.errors
    assert title == "Not saved" and "\n" not in message
    assert "cannot be negative" in message and "unexpected" not in message
    assert not (tmp_path / "crashes").exists()
    assert ": refused after " in log.read_text(encoding="utf-8")


def test_help_shows_the_log_folder(main_window: MainWindow, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    opened: list[QUrl] = []
    monkeypatch.setenv("TFTMANAGER_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    [action] = [a for a in main_window.menuBar().actions() if a.text() == "&Help"]
    menu = action.menu()
    [show] = [a for a in menu.actions() if a.text() == "Show &Log Folder"]
    show.trigger()
    assert opened == [QUrl.fromLocalFile(str(tmp_path / "logs"))]
    assert (tmp_path / "logs").is_dir()


@pytest.mark.provokes_bug
def test_a_bug_after_the_change_was_saved_says_it_was_saved(
        main_window: MainWindow, dialog_log, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tftmanager.app import experience
    from tftmanager.ui import operations
    from tftmanager.ui.session import ROLLED_BACK, SAVED_ANYWAY

    _log, session, ragnar = _log_to(tmp_path, monkeypatch, main_window)
    award = experience.award

    def award_then_break(**kw: object) -> None:
        award(**kw)  # type: ignore[arg-type]
        raise KeyError("after the commit")

    monkeypatch.setattr(experience, "award", award_then_break)
    assert operations.experience.award(session, [ragnar], 5, "Found the map") is None
    [(title, message)] = dialog_log.errors
    assert title == "Unexpected Error"
    assert SAVED_ANYWAY in message and ROLLED_BACK not in message
    undo = session.query(journal.next_undo)
    assert undo is not None and "5 XP" in undo.label
