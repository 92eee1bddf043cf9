"""Crash reports and the log: private to the user, no server password, set up only when asked."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tftmanager import activity_log
from tftmanager.crash import redact, write_crash_report

URL = "postgresql://gm:s3cret@db.example:5432/northmarch"


@pytest.mark.parametrize(("text", "said"), [
    (URL, "postgresql://gm@db.example:5432/northmarch"),
    ("open postgresql+psycopg://gm:p%40ss:w@db/c failed",
     "open postgresql+psycopg://gm@db/c failed"),
    ("postgres://:only@db/c", "postgres://@db/c"),
    ("postgresql://gm@db/c?sslmode=require&password=s3cret",
     "postgresql://gm@db/c?sslmode=require&password=…"),
    ("postgresql://gm@db/c", "postgresql://gm@db/c"),  # nothing to take out
    ("a:b@example.com is not a server URL", "a:b@example.com is not a server URL"),
])
def test_a_password_never_reaches_a_report(text: str, said: str) -> None:
    assert redact(text) == said


def _bug() -> KeyError:
    try:
        raise KeyError(f"while opening {URL}")
    except KeyError as exc:
        return exc


def test_a_report_is_private_and_names_the_last_actions(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "reports"))
    report = write_crash_report("list", ["list", URL], _bug(), ["Award 5 XP", "Raise ST"])
    assert report is not None and report.parent == tmp_path / "reports"
    assert report.stat().st_mode & 0o777 == 0o600
    assert report.parent.stat().st_mode & 0o777 == 0o700
    text = report.read_text(encoding="utf-8")
    assert "s3cret" not in text and "postgresql://gm@db.example:5432/northmarch" in text
    assert "last actions, oldest first:\n  Award 5 XP\n  Raise ST\n" in text
    assert "KeyError" in text and "TFT Manager 0.1.0 crash report" in text


def test_an_unwritable_folder_falls_back_to_a_private_temporary_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(blocker))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    report = write_crash_report("gui", [], _bug())
    assert report is not None
    assert report.parent.parent == tmp_path / "tmp"  # its own folder, not the shared one
    assert report.parent.stat().st_mode & 0o777 == 0o700
    assert report.stat().st_mode & 0o777 == 0o600


def test_the_log_is_set_up_at_start_not_on_import(tmp_path: Path) -> None:
    script = ("import logging, tftmanager.cli.main, tftmanager.ui.session\n"
              "print([type(h).__name__ for h in logging.getLogger('tftmanager').handlers])")
    env = {**os.environ, "TFTMANAGER_LOG_DIR": str(tmp_path / "logs")}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=env, check=True, timeout=120).stdout
    assert out.strip() == "['NullHandler']"
    assert not (tmp_path / "logs").exists()


def test_a_log_line_holds_the_time_and_no_password(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFTMANAGER_LOG_DIR", str(tmp_path / "logs"))
    log = activity_log.configure()
    assert log == tmp_path / "logs" / "tftmanager.log"
    assert activity_log.configure() == log  # once: no second handler
    handlers = [h for h in activity_log.LOGGER.handlers if isinstance(h, logging.FileHandler)]
    assert len(handlers) == 1
    start = activity_log.started(f"Open {URL}")
    activity_log.done(f"Open {URL}", start)
    line = log.read_text(encoding="utf-8").splitlines()[-1]
    assert "INFO Open postgresql://gm@db.example:5432/northmarch: done in " in line
    assert line.endswith(" ms") and "s3cret" not in line
    assert activity_log.recent_actions()[-1] == f"Open {URL}"  # redacted when written


def test_a_full_log_moves_aside_keeping_three_older_files(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFTMANAGER_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setattr(activity_log, "MAX_BYTES", 200)  # about two lines a file
    log = activity_log.configure()
    assert log is not None
    for number in range(12):
        activity_log.done(f"Action {number:02d}", activity_log.started(f"Action {number:02d}"))
    files = [log, *(log.with_name(f"{log.name}.{n}") for n in (1, 2, 3))]
    assert not log.with_name(f"{log.name}.4").exists()  # the oldest were dropped
    sizes = [f.stat().st_size for f in files]
    assert all(0 < size < 200 for size in sizes)
    kept = [line.split("INFO ")[1].split(":")[0] for f in reversed(files)
            for line in f.read_text(encoding="utf-8").splitlines()]
    assert kept == [f"Action {n:02d}" for n in range(12 - len(kept), 12)]  # newest last, in order
    assert len(kept) >= 4
