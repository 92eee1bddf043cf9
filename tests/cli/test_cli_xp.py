"""``tftmanager xp award|show|raise``: exit codes, output, and nothing written on refusal."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.cli.main import run

from .conftest import cli

pytestmark = pytest.mark.cli

DEMO_NAMES = ["Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]


def assert_one_line_error(err: str, *words: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("tftmanager xp: ") or lines[0].startswith("tftmanager "), err
    for word in words:
        assert word in lines[0], (word, lines[0])


def state(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every ledger entry and every character's attributes, read without the app."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        entries = con.execute("SELECT id, character_id, amount, kind, reason, attribute "
                              "FROM xp_entry ORDER BY id").fetchall()
        characters = con.execute("SELECT name, st, dx, iq, sp, bought_points FROM character "
                                 "ORDER BY name").fetchall()
    finally:
        con.close()
    return entries, characters


def balances(path: Path) -> dict[str, int]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute("SELECT c.name, coalesce(sum(x.amount), 0) FROM character c "
                           "LEFT JOIN xp_entry x ON x.character_id = c.id GROUP BY c.id "
                           "ORDER BY c.name").fetchall()
    finally:
        con.close()
    return {str(name): int(total) for name, total in rows}


def attributes(path: Path, name: str) -> tuple[int, int, int, int, int]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        row = con.execute("SELECT st, dx, iq, sp, bought_points FROM character WHERE name = ?",
                          (name,)).fetchone()
    finally:
        con.close()
    return tuple(int(v) for v in row)  # type: ignore[return-value]


@pytest.fixture
def empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "empty.tftcampaign"
    code, _, _ = cli(capsys, "new", path)
    assert code == 0
    return path


# --- award ----------------------------------------------------------------------


def test_party_award(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "xp", "award", demo, "--party", "500",
                         "--reason", "Cleared the goblin warren")
    assert (code, err) == (0, "")
    assert out == "Awarded 5 characters 500 XP each: Cleared the goblin warren\n"
    assert balances(demo) == dict.fromkeys(DEMO_NAMES, 500)


def test_award_named_characters(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "xp", "award", demo, "--name", "wulf", "--name", " Ragnar ",
                       "--amount", "75", "--reason", "Scouting")
    assert code == 0
    assert out.startswith("Awarded 2 characters 75 XP each")
    assert balances(demo) == {"Flavius Marcellus": 0, "Joe the Barbarian": 0, "Morgaine": 0,
                              "Ragnar": 75, "Wulf": 75}


def test_split_award_reports_the_remainder(demo: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "xp", "award", demo, "--party", "12", "--split",
                       "--reason", "Copper")
    assert code == 0
    assert out.splitlines() == ["Awarded 5 characters 2 XP each: Copper",
                                "2 XP left over after splitting 12 among 5."]
    assert balances(demo) == dict.fromkeys(DEMO_NAMES, 2)


@pytest.mark.parametrize(("args", "words"), [
    (["--party", "-5", "--reason", "Oops"], ["correction"]),
    (["--party", "0", "--reason", "Nothing"], ["must not be 0"]),
    (["--party", "50", "--reason", "  "], ["reason"]),
    (["--party", "3", "--split", "--reason", "Crumbs"], ["nobody anything"]),
    (["--name", "Nobody", "--amount", "5", "--reason", "Who?"], ["Nobody"]),
    (["--name", "Wulf", "--reason", "No amount"], ["--amount"]),
    (["--reason", "Neither"], ["--party"]),
])
def test_bad_awards_exit_2_and_write_nothing(demo: Path, capsys: pytest.CaptureFixture[str],
                                             args: list[str], words: list[str]) -> None:
    before = state(demo)
    code, out, err = cli(capsys, "xp", "award", demo, *args)
    assert code == 2
    assert out == ""
    assert_one_line_error(err, *words)
    assert state(demo) == before


@pytest.mark.parametrize("args", [
    ["--party", "abc", "--reason", "Letters"],
    ["--party", "1.5", "--reason", "Fraction"],
    ["--party", "100"],  # no reason
])
def test_unparsable_awards_exit_2(demo: Path, capsys: pytest.CaptureFixture[str],
                                  args: list[str]) -> None:
    before = state(demo)
    with pytest.raises(SystemExit) as info:
        run(["xp", "award", str(demo), *args])
    assert info.value.code == 2
    _, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert state(demo) == before


def test_award_on_an_empty_campaign(empty: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "xp", "award", empty, "--party", "500", "--reason", "Nobody")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "party is empty")
    assert state(empty) == ([], [])


def test_missing_campaign_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "xp", "show", tmp_path / "nope.tftcampaign", "Wulf")
    assert code == 2
    assert_one_line_error(err)
    assert not (tmp_path / "nope.tftcampaign").exists()


# --- show -----------------------------------------------------------------------


def test_show_balance_and_ledger(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "xp", "award", demo, "--party", "500", "--reason", "Warren")[0] == 0
    assert cli(capsys, "xp", "award", demo, "--name", "Wulf", "--amount", "30",
               "--reason", "Arena win")[0] == 0
    code, out, err = cli(capsys, "xp", "show", demo, "wulf")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == ("Wulf: 530 XP; next point costs 100 (ST 14, DX 10, IQ 8, SP 0)")
    assert len(lines) == 3
    assert lines[1].split() == ["week", "1", "award", "+500", "500", "Warren"]
    assert lines[2].split() == ["week", "1", "award", "+30", "530", "Arena", "win"]


def test_show_without_entries(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "xp", "show", demo, "Joe the Barbarian")
    assert code == 0
    # ST 11 + DX 12 + IQ 9 + SP 1 = 33: the next point reaches 34 and costs 100.
    assert out == ("Joe the Barbarian: 0 XP; next point costs 100 "
                   "(ST 11, DX 12, IQ 9, SP 1)\n")


def test_show_unknown_name(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "xp", "show", demo, "Conan")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "No character named 'Conan'")


# --- raise ----------------------------------------------------------------------


def test_raise(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "xp", "award", demo, "--party", "250", "--reason", "Loot")[0] == 0
    code, out, err = cli(capsys, "xp", "raise", demo, "Ragnar", "st")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    # 11 + 13 + 8 = 32 -> 33 costs 100; 34 costs 100 too.
    assert lines[0] == "Ragnar: 150 XP; next point costs 100 (ST 12, DX 13, IQ 8, SP 0)"
    assert lines[-1].split()[:5] == ["week", "1", "spend", "-100", "150"]
    assert lines[-1].endswith("ST 11 → 12")
    assert attributes(demo, "Ragnar") == (12, 13, 8, 0, 1)
    code, out, _ = cli(capsys, "xp", "raise", demo, "Ragnar", "dx")
    assert code == 0
    assert out.startswith("Ragnar: 50 XP; next point costs 200 (ST 12, DX 14,")
    assert balances(demo)["Ragnar"] == 50


def test_raise_without_enough_xp(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "xp", "award", demo, "--party", "99", "--reason", "Almost")[0] == 0
    before = state(demo)
    code, out, err = cli(capsys, "xp", "raise", demo, "Wulf", "dx")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "Needs 100 XP; Wulf has 99.")
    assert state(demo) == before


def test_raise_sp_beyond_iq_over_4(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "xp", "award", demo, "--party", "1000", "--reason", "Study")[0] == 0
    # Joe (IQ 9, SP 1) may buy a second SP but not a third.
    assert cli(capsys, "xp", "raise", demo, "Joe the Barbarian", "sp")[0] == 0
    assert attributes(demo, "Joe the Barbarian") == (11, 12, 9, 2, 2)
    before = state(demo)
    code, out, err = cli(capsys, "xp", "raise", demo, "Joe the Barbarian", "sp")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "SP cannot exceed IQ/4 rounded down (2 for IQ 9)")
    assert state(demo) == before


def test_raise_unknown_name_or_attribute(demo: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    before = state(demo)
    code, _, err = cli(capsys, "xp", "raise", demo, "Conan", "st")
    assert code == 2
    assert_one_line_error(err, "Conan")
    with pytest.raises(SystemExit) as info:
        run(["xp", "raise", str(demo), "Wulf", "ma"])
    assert info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err
    assert state(demo) == before


# --- a real process -------------------------------------------------------------


def tftmanager(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "tftmanager", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False,
    )


def test_xp_in_a_real_process(tmp_path: Path) -> None:
    assert tftmanager("new", "x.tftcampaign", "--demo", cwd=tmp_path).returncode == 0
    award = tftmanager("xp", "award", "x.tftcampaign", "--party", "500",
                       "--reason", "Cleared the goblin warren", cwd=tmp_path)
    assert award.returncode == 0, award.stderr
    assert award.stdout.startswith("Awarded 5 characters 500 XP each")
    bought = tftmanager("xp", "raise", "x.tftcampaign", "Wulf", "st", cwd=tmp_path)
    assert bought.returncode == 0, bought.stderr
    assert bought.stdout.startswith("Wulf: 400 XP; next point costs 100 (ST 15,")
    negative = tftmanager("xp", "award", "x.tftcampaign", "--party", "-5", "--reason", "x",
                          cwd=tmp_path)
    assert negative.returncode == 2
    assert negative.stdout == ""
    assert len(negative.stderr.splitlines()) == 1, negative.stderr
    assert "correction" in negative.stderr and "Traceback" not in negative.stderr
    letters = tftmanager("xp", "award", "x.tftcampaign", "--party", "abc", "--reason", "x",
                         cwd=tmp_path)
    assert letters.returncode == 2
    assert "Traceback" not in letters.stderr
    assert balances(tmp_path / "x.tftcampaign") == {
        "Flavius Marcellus": 500, "Joe the Barbarian": 500, "Morgaine": 500, "Ragnar": 500,
        "Wulf": 400}
