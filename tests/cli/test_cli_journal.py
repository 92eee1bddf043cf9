"""``tftmanager history | undo | redo``: the journal from a shell, same as the GUI's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tftmanager.__main__ import main as entry_point
from tftmanager.cli.main import run

from .conftest import cli

pytestmark = pytest.mark.cli


def test_undo_with_nothing_to_undo_is_one_line_and_changes_nothing(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = demo.read_bytes()
    code, out, err = cli(capsys, "undo", demo)
    assert (code, out) == (2, "")
    assert err == "tftmanager undo: Nothing to undo.\n"
    code, out, err = cli(capsys, "redo", demo)
    assert (code, err) == (2, "tftmanager redo: Nothing to redo.\n")
    assert demo.read_bytes() == before
    assert cli(capsys, "history", demo)[1] == "No changes yet.\n"


def test_history_undo_and_redo_across_commands(demo: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "xp", "award", demo, "--party", "500", "--reason", "Cleared the warren"
               )[0] == 0
    assert cli(capsys, "xp", "raise", demo, "Ragnar", "st")[0] == 0
    assert cli(capsys, "week", demo, "--weeks", "3", "--seed", "123")[0] == 0
    code, out, _err = cli(capsys, "history", demo)
    labels = [re.split(r"\d{4}-\d\d-\d\d \d\d:\d\d  ", line)[1] for line in out.splitlines()]
    assert code == 0
    assert labels[1:] == ["Ragnar: ST 11 -> 12 (100 XP)",
                          "Party award: +500 XP, Cleared the warren"]
    assert labels[0].startswith("Ran week") and labels[0].endswith("(seed 123)")

    code, out, _err = cli(capsys, "undo", demo)
    assert (code, out) == (0, f"Undid: {labels[0]}\n")
    code, out, _err = cli(capsys, "undo", demo)
    assert out == "Undid: Ragnar: ST 11 -> 12 (100 XP)\n"
    _code, shown, _err = cli(capsys, "xp", "show", demo, "Ragnar")
    assert shown.startswith("Ragnar: 500 XP") and "ST 11" in shown

    _code, out, _err = cli(capsys, "history", demo, "--limit", "2")
    assert len(out.splitlines()) == 2 and all("(undone)" in line for line in out.splitlines())
    assert cli(capsys, "redo", demo)[1] == "Redid: Ragnar: ST 11 -> 12 (100 XP)\n"
    _code, out, _err = cli(capsys, "history", demo, "--character", "rag")
    assert "Ragnar: ST 11 -> 12" in out and "Party award" in out


@pytest.mark.parametrize("args, words", [
    (("history", "{demo}", "--character", "Nobody"), "No character named 'Nobody'"),
    (("history", "{demo}", "--limit", "0"), "the limit must be 1 or more"),
    (("history", "{demo}", "--limit", "x"), "'x' is not a whole number"),
    (("undo", "{missing}"), "missing.tftcampaign"),
])
def test_bad_input_is_one_line_exit_2(demo: Path, capsys: pytest.CaptureFixture[str],
                                      args: tuple[str, ...], words: str) -> None:
    before = demo.read_bytes()
    argv = [a.format(demo=demo, missing=demo.with_name("missing.tftcampaign")) for a in args]
    try:
        code = run(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = int(exc.code or 0)
    _out, err = capsys.readouterr()
    assert code == 2
    assert len(err.splitlines()) == 1 and words in err, err
    assert demo.read_bytes() == before


def test_a_mistyped_command_is_a_usage_error_not_a_window(
        capsys: pytest.CaptureFixture[str], demo: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        entry_point(["histroy", str(demo)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'histroy'" in err and "history" in err
