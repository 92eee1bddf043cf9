"""The command line as a newcomer meets it: every message names a command that exists.

Each test is a place where a new user was sent somewhere the command line
could not go (no way to rename, no correction command, nothing to study),
or was met by a refusal without a suggestion.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tftmanager.cli.main import run
from tftmanager.cli.report import pad, text_width

pytestmark = pytest.mark.cli


def cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    try:
        code = run([str(a) for a in args])
    except SystemExit as exc:  # argparse's own refusals
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _names(demo: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    code, out, _ = cli(capsys, "list", demo, "--json")
    assert code == 0
    return [c["name"] for c in json.loads(out)]


def test_a_twice_imported_character_can_be_renamed(demo: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "wulf.json"
    assert cli(capsys, "export", demo, "Wulf", "--out", out_file)[0] == 0
    assert cli(capsys, "import", demo, out_file, "--copy")[0] == 0
    code, _, err = cli(capsys, "xp", "show", demo, "Wulf")
    assert code == 2 and "tftmanager rename" in err  # the refusal names the way out
    code, out, err = cli(capsys, "rename", demo, "Wulf", "Wulf the Younger", "--number", "2")
    assert (code, out, err) == (0, "Renamed Wulf to Wulf the Younger\n", "")
    assert sorted(n for n in _names(demo, capsys) if n.startswith("Wulf")) == [
        "Wulf", "Wulf the Younger"]
    assert cli(capsys, "xp", "show", demo, "Wulf")[0] == 0
    # A name somebody has already, an empty name and a number out of range change nothing.
    before = _names(demo, capsys)
    for args, words in ((("Ragnar", "wulf"), "already called"),
                        (("Ragnar", "  "), "name"),
                        (("Wulf", "Bob", "--number", "3"), "--number is 1 to 1"),
                        (("Wolf", "Bob"), "did you mean Wulf")):
        code, out, err = cli(capsys, "rename", demo, *args)
        assert code == 2 and out == "" and words in err, err
        assert len(err.splitlines()) == 1
    assert _names(demo, capsys) == before


def test_a_correction_is_the_command_the_refusal_names(demo: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "xp", "award", demo, "--party", "-50", "--reason", "oops")
    assert code == 2 and "correction" in err
    code, out, _ = cli(capsys, "xp", "correct", demo, "Ragnar", "-50", "--reason", "oops")
    assert code == 0
    assert "correction" in out and "-50" in out and "oops" in out
    code, out, _ = cli(capsys, "history", demo)
    assert "Ragnar" in out and "-50" in out


def test_assigning_a_job_checks_eligibility_and_says_what_is_missing(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "jobs", "assign", demo, "Wulf", "job")
    assert code == 2 and "--job" in err
    code, _, err = cli(capsys, "jobs", "assign", demo, "Wulf", "job", "--job", "guard_2")
    assert code == 2 and "not eligible" in err and "needs ST + DX" in err
    assert "Nothing was changed" in err
    code, _, err = cli(capsys, "jobs", "assign", demo, "Wulf", "job", "--job", "garison")
    assert code == 2 and "Did you mean garrison?" in err
    assert cli(capsys, "jobs", "assign", demo, "Wulf", "job", "--job", "guard_2",
               "--anyway")[0] == 0


def test_study_says_what_to_study(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "jobs", "assign", demo, "Wulf", "study")
    assert code == 2 and "studying nothing" in err and "--talent" in err
    code, _, err = cli(capsys, "jobs", "assign", demo, "Wulf", "study", "--talent", "Runing")
    assert code == 2 and "Did you mean Running?" in err
    assert cli(capsys, "jobs", "assign", demo, "Wulf", "study", "--talent", "running")[0] == 0
    code, out, _ = cli(capsys, "week", demo, "--seed", "4")
    assert code == 0 and "Studied Running" in out


def test_suggestions_and_forgiving_input(demo: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "lst", demo)
    assert code == 2 and "Did you mean list?" in err
    code, _, err = cli(capsys, "xp", "raize", demo, "Ragnar", "st")
    assert code == 2 and "Did you mean raise?" in err
    code, _, err = cli(capsys, "xp", "raise", demo, "Ragnar", "ST")  # any case
    assert code == 2 and "XP" in err and "invalid choice" not in err  # refused for the XP only
    assert cli(capsys, "new", tmp_path / "noext")[0] == 0
    assert (tmp_path / "noext.tftcampaign").is_file()
    code, _, err = cli(capsys, "new", "")
    assert code == 2 and "empty" in err


def test_list_aligns_wide_names_and_says_problems_in_words(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = demo  # the shared template copy, not a new campaign per test
    assert cli(capsys, "rename", path, "Wulf", "狼の戦士")[0] == 0
    assert cli(capsys, "rename", path, "Ragnar", "Ragnar 🪓")[0] == 0
    code, out, _ = cli(capsys, "list", path)
    assert code == 0
    lines = out.splitlines()
    race_at = {text_width(line[: line.index("Human")]) for line in lines[1:]}
    assert len(race_at) == 1, out  # every Race column starts at the same screen column
    assert all(line.split()[-1] == "OK" for line in lines[1:])
    assert text_width("狼") == 2 and pad("狼", 4) == "狼  "


def test_help_has_no_markup_and_a_system_folder_is_said_plainly(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--help")
    assert code == 0 and "``" not in out
    code, out, err = cli(capsys, "cards", demo, "--out", "/proc/version")
    assert code == 2 and out == ""
    assert "takes no new files" in err and "no such file" not in err
