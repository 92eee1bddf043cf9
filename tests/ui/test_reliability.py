"""The GUI beside the command line, and a damaged campaign offering its backup."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.ui.launch import install_crash_hook
from tftmanager.ui.main_window import MainWindow

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
