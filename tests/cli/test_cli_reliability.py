"""The command line under hostile conditions: one line, a known code, files left alone."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tftmanager.cli import failures
from tftmanager.cli.main import run
from tftmanager.shipped import resource
from tftmanager.store.campaign import open_campaign

pytestmark = pytest.mark.cli

UNSHARE = shutil.which("unshare")


def tftmanager(*args: str | Path, cwd: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TFTMANAGER_CRASH_DIR": str(cwd)}
    return subprocess.run([sys.executable, "-m", "tftmanager", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=180,
                          check=False, **kw)  # type: ignore[call-overload]


def cli(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory, campaign_templates: Any) -> Path:
    """One demo file for the module (tests/conftest.py's template, copied)."""
    return campaign_templates.file(tmp_path_factory.mktemp("demo") / "demo.tftcampaign",
                                   demo=True)


def _character(**fields: object) -> str:
    hero = {"name": "Hero", "race": "human", "st": 12, "dx": 12, **fields}
    return json.dumps({"format": "tftmanager.character", "version": 3, "character": hero})


def test_a_huge_fine_bonus_is_refused_in_one_line(tmp_path: Path) -> None:
    file = tmp_path / "h.json"
    file.write_text(_character(items=[{"kind": "weapon", "key": "dagger",
                                       "fine_dx": 2**63}]), encoding="utf-8")
    code, _, err = cli("check", file)
    assert code == 2
    assert err.count("\n") == 1 and '"fine_dx" must be between 0 and 10' in err


@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"a":' * 5000 + "1" + "}" * 5000])
def test_deep_json_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    file = tmp_path / "deep.json"
    file.write_text(text, encoding="utf-8")
    code, _, err = cli("check", file)
    assert (code, err.count("\n")) == (2, 1)
    assert "nested more than" in err


def test_deep_toml_is_refused_in_one_line(demo: Path, tmp_path: Path) -> None:
    before = demo.read_bytes()
    for text in ("a = " + "[" * 1000 + "]" * 1000, "a" + ".a" * 5000 + " = 1"):
        file = tmp_path / "deep.toml"
        file.write_text(text, encoding="utf-8")
        code, _, err = cli("library", "import", demo, file)
        assert (code, err.count("\n")) == (2, 1), err
    assert demo.read_bytes() == before


def test_control_characters_are_refused_and_never_printed_raw(demo: Path,
                                                              tmp_path: Path) -> None:
    file = tmp_path / "esc.json"
    file.write_text(_character(name="\x1b]0;owned\x07Evil\x1b[2J"), encoding="utf-8")
    code, out, err = cli("import", demo, file)
    assert code == 2
    assert "control character (U+001B)" in err
    assert "\x1b" not in out + err
    # A name stored before names were checked is shown escaped.
    assert failures.escape_controls("A\x1b[2JB\u202e\nC") == "A\\u001b[2JB\\u202e\nC"


def test_output_is_only_written_over_a_regular_file(demo: Path, tmp_path: Path) -> None:
    code, _, err = cli("export", demo, "Ragnar", "--out", "/dev/full")
    assert code == 2 and "not a regular file" in err
    code, _, err = cli("cards", demo, "--out", tmp_path)
    assert code == 2 and "is a folder" in err
    old = tmp_path / "r.json"
    old.write_text("old", encoding="utf-8")
    assert cli("export", demo, "Ragnar", "--out", old)[0] == 0
    assert json.loads(old.read_text(encoding="utf-8"))["character"]["name"] == "Ragnar"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    party = resource("demo", "party.json")
    env = {**os.environ, "TFTMANAGER_CRASH_DIR": str(tmp_path)}
    child = subprocess.Popen([sys.executable, "-m", "tftmanager", "check", str(party)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # like `| head` giving up before the first line
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 2
    assert err == ""
    assert not list(tmp_path.iterdir())


def test_a_bug_leaves_a_crash_report_and_exit_70(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    from tftmanager.cli import main

    def broken(_args: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path))
    monkeypatch.setitem(main.COMMANDS, "list", broken)
    code, _, err = cli("list", "x.tftcampaign")
    assert code == failures.CRASHED == 70
    assert err.count("\n") == 1 and "unexpected error (ZeroDivisionError)" in err
    [report] = tmp_path.iterdir()
    assert str(report) in err
    assert "ZeroDivisionError: a bug" in report.read_text(encoding="utf-8")


def _read_only_mount(source: Path, target: Path, *argv: str | Path,
                     cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run tftmanager with ``source`` mounted read-only at ``target`` (a private mount)."""
    script = 'mount --bind -o ro "$1" "$2" && shift 2 && exec "$@"'
    return subprocess.run(
        [UNSHARE or "unshare", "-m", "sh", "-c", script, "sh", str(source), str(target),
         sys.executable, "-m", "tftmanager", *map(str, argv)],
        capture_output=True, text=True, cwd=cwd, timeout=180, check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "TFTMANAGER_CRASH_DIR": str(cwd)})


def _can_mount(tmp_path: Path) -> bool:
    if UNSHARE is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    (tmp_path / "probe").mkdir()
    probe = subprocess.run([UNSHARE, "-m", "sh", "-c", 'mount --bind -o ro "$1" "$1"', "sh",
                            str(tmp_path / "probe")], capture_output=True, check=False)
    return probe.returncode == 0


def test_a_campaign_in_a_read_only_folder(demo: Path, tmp_path: Path) -> None:
    if not _can_mount(tmp_path):
        pytest.skip("needs root and unshare to make a read-only folder")
    src, ro = tmp_path / "src", tmp_path / "ro"
    src.mkdir()
    ro.mkdir()
    shutil.copyfile(demo, src / "c.tftcampaign")
    c = ro / "c.tftcampaign"
    for argv in (["list", c], ["xp", "show", c, "Ragnar"], ["export", c, "Ragnar"],
                 ["library", "export", c], ["cards", c, "--out", tmp_path / "c.pdf"]):
        result = _read_only_mount(src, ro, *argv, cwd=tmp_path)
        assert result.returncode == 0, (argv, result.stderr)
    award = _read_only_mount(src, ro, "xp", "award", c, "--party", "5", "--reason", "x",
                             cwd=tmp_path)
    assert award.returncode == 2 and award.stderr.count("\n") == 1
    assert "read-only" in award.stderr
    out = _read_only_mount(src, ro, "export", c, "Ragnar", "--out", ro / "r.json", cwd=tmp_path)
    assert out.returncode == 2 and "read-only" in out.stderr and "r.json" in out.stderr
    assert sorted(p.name for p in src.iterdir()) == ["c.tftcampaign"]


def test_a_crash_journal_in_a_read_only_folder_is_reported(demo: Path, tmp_path: Path) -> None:
    if not _can_mount(tmp_path):
        pytest.skip("needs root and unshare to make a read-only folder")
    src, ro = tmp_path / "src", tmp_path / "ro"
    src.mkdir()
    ro.mkdir()
    campaign = src / "c.tftcampaign"
    shutil.copyfile(demo, campaign)
    writer = subprocess.Popen([sys.executable, "-c", HALF_WRITE, str(campaign)],
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "writing"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    before = campaign.read_bytes()
    listed = _read_only_mount(src, ro, "list", ro / "c.tftcampaign", cwd=tmp_path)
    assert listed.returncode == 2 and listed.stderr.count("\n") == 1
    assert "half-written by a crash" in listed.stderr
    assert campaign.read_bytes() == before
    # Where it can be written, reading rolls the crash back (under the lock) and lists.
    time.sleep(0.01)
    again = tftmanager("list", campaign, cwd=tmp_path)
    assert again.returncode == 0 and "Ragnar" in again.stdout, again.stderr


# A process that dies in the middle of a big write, leaving a hot journal.
HALF_WRITE = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA cache_size=1")
con.execute("BEGIN IMMEDIATE")
con.execute("UPDATE journal_state SET replaying = 1")  # a raw writer, not a user action
for i in range(3000):
    con.execute("INSERT INTO xp_entry (character_id, amount, kind, reason, week, played_on,"
                " attribute, batch, created_at) SELECT id, 1, 'award', hex(randomblob(300)), 1,"
                " '', '', '', '2026-01-01' FROM character")
print("writing", flush=True)
time.sleep(60)
"""


def test_history_reads_beside_an_open_campaign(demo: Path, tmp_path: Path) -> None:
    with open_campaign(demo):  # as the GUI holds it
        result = tftmanager("history", demo, cwd=tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("bug", [KeyError("missing_key"), ValueError("a bug, not a refusal")])
def test_a_bug_in_an_action_leaves_a_private_report_and_a_log_line(
        demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bug: Exception) -> None:
    """A bug raising KeyError or ValueError is exit 70 naming its report, never a refusal (2)."""
    from tftmanager.app import experience

    def broken(**_kw: object) -> None:
        raise bug

    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "crashes"))
    monkeypatch.setenv("TFTMANAGER_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setattr(experience, "raise_attribute", broken)
    before = demo.read_bytes()
    code, _, err = cli("xp", "raise", demo, "Ragnar", "st")
    assert code == failures.CRASHED == 70
    [report] = (tmp_path / "crashes").iterdir()
    assert err.count("\n") == 1 and str(report) in err
    assert f"unexpected error ({type(bug).__name__})" in err
    assert report.stat().st_mode & 0o777 == 0o600
    text = report.read_text(encoding="utf-8")
    assert str(bug.args[0]) in text and "last actions, oldest first:\n" in text
    assert "  xp raise\n" in text
    log = (tmp_path / "logs" / "tftmanager.log").read_text(encoding="utf-8")
    assert f"xp raise: unexpected {type(bug).__name__}" in log and str(report) in log
    assert demo.read_bytes() == before


def test_a_refusal_is_one_line_logged_with_no_crash_report(
        demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "crashes"))
    monkeypatch.setenv("TFTMANAGER_LOG_DIR", str(tmp_path / "logs"))
    code, _, err = cli("xp", "award", demo, "--name", "Ragnar", "--amount", "-5",
                       "--reason", "oops")
    assert code == failures.UNUSABLE == 2
    assert err.count("\n") == 1 and "unexpected" not in err
    assert not (tmp_path / "crashes").exists()
    log = (tmp_path / "logs" / "tftmanager.log").read_text(encoding="utf-8")
    assert "xp award: refused after" in log
    assert cli("list", demo)[0] == 0
    assert "list: done in" in (tmp_path / "logs" / "tftmanager.log").read_text(encoding="utf-8")
