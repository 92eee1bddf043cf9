"""``tftmanager journal``: the campaign's story from a shell, as Campaign > Journal shows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import cli

pytestmark = pytest.mark.cli


@pytest.fixture
def demo(demo: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The shared demo file (tests/conftest.py), played a little further."""
    path = demo
    assert cli(capsys, "xp", "award", path, "--party", "250", "--reason",
               "Cleared the warren")[0] == 0
    assert cli(capsys, "week", path, "--weeks", "2", "--seed", "5")[0] == 0
    return path


def test_the_story_is_markdown_week_by_week(demo: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "journal", demo)
    assert (code, err) == (0, "")
    assert out.startswith("# demo: journal, weeks 1-2\n")
    assert "## Week 1\n\n- The party earned 250 XP each: Cleared the warren.\n" in out
    assert "## Week 2\n" in out
    code, out, _ = cli(capsys, "journal", demo, "--from", "2", "--character", "wulf")
    assert code == 0 and "## Week 1" not in out
    assert [line for line in out.splitlines() if line.startswith("- ")] == [
        line for line in out.splitlines() if line.startswith("- Wulf ")]
    code, out, _ = cli(capsys, "journal", demo, "--kind", "experience")
    assert [line for line in out.splitlines() if line.startswith("- ")] == [
        "- The party earned 250 XP each: Cleared the warren."]


def test_files_in_every_format(demo: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("story.md", "story.html", "story.pdf"):
        code, out, err = cli(capsys, "journal", demo, "--out", tmp_path / name)
        assert (code, err) == (0, ""), err
        assert out.startswith(f"Wrote {tmp_path / name}: ")
    assert (tmp_path / "story.html").read_text().startswith("<!DOCTYPE html>")
    assert (tmp_path / "story.pdf").read_bytes().startswith(b"%PDF")
    assert "1 page" in cli(capsys, "journal", demo, "--out", tmp_path / "again.pdf")[1]


@pytest.mark.parametrize(("args", "words"), [
    (("--format", "pdf"), "A PDF needs a file"),
    (("--from", "3", "--to", "2"), "--from 3 is after --to 2"),
    (("--character", "Nobody"), "Nobody"),
    (("--kind", "bogus"), "No kind 'bogus'; the kinds are abilities, character, encounter"),
])
def test_what_it_cannot_use_is_one_line_and_writes_nothing(
        demo: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
        words: str) -> None:
    code, out, err = cli(capsys, "journal", demo, *args)
    assert (code, out) == (2, "")
    assert err.startswith("tftmanager journal: ") and words in err and err.count("\n") == 1


def test_the_demo_with_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "story.tftcampaign"
    assert cli(capsys, "new", path, "--history")[0] == 0
    code, out, _ = cli(capsys, "journal", path)
    assert code == 0 and out.startswith("# story: journal, weeks 1-13\n")
    assert "### Session of 2026-09-04: The warren" in out
    assert "- Ragnar took 4 hits (wounds now 4)." in out
