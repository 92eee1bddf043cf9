"""``tftmanager week`` and ``jobs list|assign|set``: output, exit codes, no writes on refusal."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.cli.main import run

from .conftest import cli

pytestmark = pytest.mark.cli

TABLES = ("character", "xp_entry", "money_entry", "assignment", "study", "week_log",
          "campaign", "library_entry")


def refused(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    """Run a command that must exit 2 with one line and no traceback; returns the line."""
    try:
        code = run([str(a) for a in args])
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert err.startswith("tftmanager")
    return err.strip()


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables a week can touch, read without the app."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in TABLES}
    finally:
        con.close()


def headers(out: str) -> list[str]:
    return re.findall(r"^Week \d+ \(seed \d+\)$", out, flags=re.M)


# --- week ---------------------------------------------------------------------------------------


def test_week_prints_the_report(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "week", demo, "--seed", "103")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Week 1 (seed 103)"
    for name in ("Flavius Marcellus — Job: Guard 1", "Joe the Barbarian — Job: Garrison",
                 "Ragnar — Study", "Wulf — Job: Garrison"):
        assert f"  {name}" in lines
    assert any(line.startswith("    roll find: ") for line in lines)
    assert "Dry run" not in out
    con = sqlite3.connect(f"file:{demo}?mode=ro", uri=True)
    try:
        assert con.execute("SELECT week FROM campaign").fetchone() == (2,)
        assert con.execute("SELECT week, seed FROM week_log").fetchall() == [(1, 103)]
    finally:
        con.close()
    code, out, _ = cli(capsys, "week", demo, "--seed", "104")
    assert out.startswith("Week 2 (seed 104)\n")


def test_a_wounded_worker_is_said_with_st_now_and_what_heals_him(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Wulf works his garrison week with 4 hits: the report says so, ST now, and that a
    week of work heals none (the campaign's reading, with where it is read)."""
    from dataclasses import replace

    from tftmanager.app.campaigns import open_existing, party_sheets
    from tftmanager.app.characters import edit_character

    with open_existing(path=demo) as store:
        wulf = next(s for s in party_sheets(store=store) if s.character.name == "Wulf")
        edit_character(store=store, character_id=wulf.id or 0,
                       character=replace(wulf.character, wounds=4))
    code, out, _ = cli(capsys, "week", demo, "--seed", "103")
    assert code == 0
    lines = out.splitlines()
    start = lines.index("  Wulf — Job: Garrison") + 1
    section = list(itertools.takewhile(lambda line: line.startswith("    "), lines[start:]))
    with open_existing(path=demo) as store:
        after = next(s.character for s in party_sheets(store=store)
                     if s.character.name == "Wulf")
    assert after.wounds >= 4
    [line] = [line for line in section if line.startswith("    Wounded: ")]
    # "A week of work", or "A week without work" while he still looks for the job.
    assert line.startswith(f"    Wounded: {after.wounds} hits taken, ST "
                           f"{after.st - after.wounds} of {after.st} now. A week ")
    assert line.endswith("heals none of them; a week of rest heals them all (our reading of "
                         "TFT Rules Expansion, Death and Dying: a survivor recovers 'every "
                         "week the person rests').")


def test_the_demos_study_finishes_in_four_weeks(demo: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "week", demo, "--seed", "3", "--weeks", "4",
                       "--stop-on", "dying")
    assert code == 0
    assert out.count("Studied Horsemanship: week ") == 3
    assert "Studied Horsemanship: week 3 of 4." in out
    assert "Studied; learned Horsemanship." in out
    assert "memory" not in out
    code, out, _ = cli(capsys, "week", demo, "--seed", "9")
    assert "Ragnar — Idle" in out and "Studied" not in out


def test_the_same_seed_on_two_copies_prints_the_same(demo: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "copy.tftcampaign"
    shutil.copyfile(demo, copy)
    first = cli(capsys, "week", demo, "--seed", "31337", "--weeks", "3")
    second = cli(capsys, "week", copy, "--seed", "31337", "--weeks", "3")
    assert first == second
    assert first[0] == 0 and first[1]
    other = cli(capsys, "week", demo, "--seed", "31337")
    assert other[1] != first[1]  # the campaign has moved on


def test_a_dry_run_writes_nothing(demo: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    before = dump(demo)
    code, out, err = cli(capsys, "week", demo, "--seed", "5", "--weeks", "3", "--dry-run")
    assert (code, err) == (0, "")
    assert out.endswith("Dry run: nothing was written.\n")
    assert dump(demo) == before
    # And it shows exactly the weeks a real run then has.
    code, real, _ = cli(capsys, "week", demo, "--seed", "5", "--weeks", "3")
    assert real == out.removesuffix("Dry run: nothing was written.\n")
    assert dump(demo) != before


@pytest.mark.parametrize("seed", ["1", "2", "3", "4"])
def test_several_weeks_run_all_or_stop_on_an_event(demo: Path, seed: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "week", demo, "--seed", seed, "--weeks", "3")
    assert code == 0
    weeks = headers(out)
    assert weeks[0] == f"Week 1 (seed {seed})"
    assert 1 <= len(weeks) <= 3
    stops = out.count("  Stopped: ")
    if len(weeks) < 3:
        assert stops == 1 and out.rstrip().splitlines()[-1].startswith("  Stopped: ")
    else:
        assert stops <= 1


def test_an_injury_stops_several_weeks_only_when_asked(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for field, value in (("risk", "3/3"), ("find", "3d/ST+20"), ("damage_save", "1"),
                         ("damage_fail", "1")):
        assert cli(capsys, "jobs", "set", demo, "garrison", field, value)[0] == 0
    code, out, _ = cli(capsys, "week", demo, "--seed", "1", "--weeks", "3", "--dry-run")
    assert code == 0
    assert len(headers(out)) == 3 and "Stopped" not in out  # injuries heal: run on
    code, out, _ = cli(capsys, "week", demo, "--seed", "1", "--weeks", "3",
                       "--stop-on", "injury,dying")
    assert code == 0
    assert headers(out) == ["Week 1 (seed 1)"]
    assert re.search(r"^  Stopped: .*Wulf was injured \(1 hits?\)", out, flags=re.M)


def test_several_weeks_open_with_a_table_per_character(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "week", demo, "--seed", "1", "--weeks", "12",
                       "--stop-on", "none")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Weeks 1-12: totals"
    assert lines[1].split() == ["Character", "XP", "Money", "Hits", "taken", "ST", "now",
                                "Status", "Weeks", "worked"]
    rows = {line.split()[0]: line.split() for line in lines[2:7]}
    assert set(rows) == {"Flavius", "Joe", "Morgaine", "Ragnar", "Wulf"}
    assert rows["Wulf"][-2:] == ["active", "12"]
    assert rows["Ragnar"][-1] == "0"  # studying, then idle: no work
    assert rows["Morgaine"][-2:] == ["active", "12"]  # a wizards' Student every week
    assert lines[7] == "" and lines[8] == "Week 1 (seed 1)"
    assert len(headers(out)) == 12
    # One week: no table.
    code, out, _ = cli(capsys, "week", demo, "--seed", "1")
    assert out.startswith("Week 13 (seed 1)")


def test_three_quiet_weeks(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("Ragnar", "Wulf", "Flavius Marcellus", "Joe the Barbarian"):
        assert cli(capsys, "jobs", "assign", demo, name, "idle")[0] == 0
    code, out, _ = cli(capsys, "week", demo, "--seed", "9", "--weeks", "3")
    assert code == 0
    assert headers(out) == ["Week 1 (seed 9)", "Week 2 (seed 10)", "Week 3 (seed 11)"]
    assert "Stopped" not in out
    assert "Idle: Poor lifestyle: $30 per 4 weeks, $8 this week" in out


def test_missing_values_exit_2_naming_them(demo: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for name, job in (("Ragnar", "guard_2"), ("Wulf", "caravan")):
        assert cli(capsys, "jobs", "assign", demo, name, "job", "--job", job, "--anyway")[0] == 0
    before = dump(demo)
    line = refused(capsys, "week", demo, "--seed", "1")
    assert line.startswith("tftmanager week: Set these job values first")
    assert "Guard 2: xp_week" in line and "Caravan: xp_week" in line
    assert dump(demo) == before
    assert cli(capsys, "jobs", "set", demo, "guard_2", "xp_week", "2")[0] == 0
    line = refused(capsys, "week", demo)
    assert "Guard 2" not in line and "Caravan: xp_week" in line
    assert cli(capsys, "jobs", "set", demo, "caravan", "xp_week", "3")[0] == 0
    assert cli(capsys, "week", demo, "--seed", "1")[0] == 0


@pytest.mark.parametrize("args", [["--weeks", "0"], ["--weeks", "521"], ["--weeks", "x"],
                                  ["--seed", "abc"], ["--bogus"], ["--stop-on", "bogus"],
                                  ["--stop-on", ""]])
def test_bad_week_arguments(demo: Path, capsys: pytest.CaptureFixture[str],
                            args: list[str]) -> None:
    before = dump(demo)
    refused(capsys, "week", demo, *args)
    assert dump(demo) == before


def test_week_on_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "week", tmp_path / "nope.tftcampaign")
    assert not (tmp_path / "nope.tftcampaign").exists()


def test_week_on_an_empty_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.tftcampaign"
    assert cli(capsys, "new", path)[0] == 0
    before = dump(path)
    line = refused(capsys, "week", path, "--seed", "1")
    assert "Nobody to run" in line  # and the calendar stays where it was
    assert dump(path) == before


# --- jobs ---------------------------------------------------------------------------------------


def test_jobs_list(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "jobs", "list", demo)
    assert (code, err) == (0, "")
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert len(rows) == 39
    assert rows["garrison"].split()[:3] == ["garrison", "mercenary", "Garrison"]
    assert "GM to set" not in rows["garrison"]  # the demo campaign supplied its XP/week
    assert rows["guard_2"].endswith("[GM to set: XP per week]")
    assert rows["ipsissimus"].split()[1] == "wizard"
    assert ("[GM to set: risk number, damage when the risk roll fails, roll to find the job, "
            "minimum weeks, pay]") in rows["thief_1"]


def test_jobs_assign(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "jobs", "assign", demo, "ragnar", "job", "--job", "guard_1",
                         "--officer", "sergeant", "--mounted", "--own-lifestyle", "--anyway")
    assert (code, out, err) == (0, "Ragnar: job (guard_1)\n", "")
    con = sqlite3.connect(f"file:{demo}?mode=ro", uri=True)
    try:
        row = con.execute("SELECT a.activity, a.job, a.officer, a.mounted, a.own_lifestyle, "
                          "a.found FROM assignment a JOIN character c ON c.id = a.character_id "
                          "WHERE c.name = 'Ragnar'").fetchone()
    finally:
        con.close()
    assert row == ("job", "guard_1", "sergeant", 1, 1, 0)
    code, out, _ = cli(capsys, "jobs", "assign", demo, "Wulf", "idle", "--lifestyle", "middle")
    assert (code, out) == (0, "Wulf: idle\n")
    code, out, _ = cli(capsys, "week", demo, "--seed", "2")
    assert "Job: Guard 1 (sergeant)" in out
    assert "Idle: Middle lifestyle: $65 per 4 weeks, $16 this week"  # week 1 in out


def test_jobs_set(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "jobs", "set", demo, "guard_2", "xp_week", "4")
    assert (code, out, err) == (0, "guard_2: xp_week = 4\n", "")
    code, out, err = cli(capsys, "jobs", "set", demo, "thief_1", "risk", "5/12")
    assert (code, out, err) == (0, "thief_1: risk = 5/12\n", "")
    for field, value in (("find", "3d/IQ-1"), ("min_weeks", "1d+1"), ("pay", "8"),
                         ("damage_fail", "2x(1d)")):
        assert cli(capsys, "jobs", "set", demo, "thief_1", field, value)[0] == 0
    _, out, _ = cli(capsys, "jobs", "list", demo)
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert "GM to set" not in rows["guard_2"]
    assert "GM to set" not in rows["thief_1"]
    # A thief can now work: assign and run.
    assert cli(capsys, "jobs", "assign", demo, "Wulf", "job", "--job", "thief_1")[0] == 0
    code, out, _ = cli(capsys, "week", demo, "--seed", "12")
    assert code == 0 and "Wulf — Job: Thief (row 1)" in out


@pytest.mark.parametrize(("args", "words"), [
    (["jobs", "assign", "{demo}", "Ragnar", "job", "--job", "pirate"], "'pirate' is not a job"),
    (["jobs", "assign", "{demo}", "Ragnar", "job"], "Say which job with --job KEY"),
    (["jobs", "assign", "{demo}", "Conan", "idle"], "No character named 'Conan'"),
    (["jobs", "assign", "{demo}", "Ragnar", "idle", "--lifestyle", "palace"],
     "'palace' is not a lifestyle"),
    (["jobs", "assign", "{demo}", "Ragnar", "sleep"], "invalid choice: 'sleep'"),
    (["jobs", "assign", "{demo}", "Ragnar", "job", "--job", "garrison", "--officer", "general"],
     "invalid choice: 'general'"),
    (["jobs", "set", "{demo}", "pirate", "pay", "5"], "'pirate' is not a job"),
    (["jobs", "set", "{demo}", "guard_2", "xp_week", "lots"], "whole number"),
    (["jobs", "set", "{demo}", "guard_2", "xp_week", "-3"], "whole number"),
    (["jobs", "set", "{demo}", "guard_2", "xp_week", "²"], "whole number"),
    (["jobs", "set", "{demo}", "thief_1", "risk", "12"], "x/y"),
    (["jobs", "set", "{demo}", "thief_1", "find", "3d"], "check"),
    (["jobs", "set", "{demo}", "thief_1", "min_weeks", "3d6"], "six-sided"),
    (["jobs", "set", "{demo}", "thief_1", "colour", "red"], "not a job value"),
    (["jobs", "list"], "required"),
    (["jobs", "fire", "{demo}"], "invalid choice"),
])
def test_bad_jobs_input_exits_2_with_one_line(demo: Path, capsys: pytest.CaptureFixture[str],
                                              args: list[str], words: str) -> None:
    before = dump(demo)
    line = refused(capsys, *[a.replace("{demo}", str(demo)) for a in args])
    assert words in line, line
    assert dump(demo) == before


def test_jobs_on_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "jobs", "list", tmp_path / "nope.tftcampaign")


@pytest.mark.slow
def test_week_from_the_console(demo: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.tftcampaign"
    shutil.copyfile(demo, copy)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    results = [subprocess.run([sys.executable, "-m", "tftmanager", "week", str(path),
                               "--seed", "77"], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120, check=False)
               for path in (demo, copy)]
    assert [r.returncode for r in results] == [0, 0], results[0].stderr
    assert results[0].stdout == results[1].stdout
    assert results[0].stdout.startswith("Week 1 (seed 77)\n")
