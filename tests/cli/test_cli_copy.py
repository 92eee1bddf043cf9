"""``tftmanager copy CAMPAIGN DEST``: File > Save a Copy from a shell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import campaigns

from .conftest import cli

pytestmark = pytest.mark.cli

Dump = Callable[[Path], dict[str, list[tuple[Any, ...]]]]


@pytest.fixture
def demo(demo: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The shared demo file (tests/conftest.py), played a little further."""
    path = demo
    assert cli(capsys, "xp", "award", path, "--party", "30", "--reason", "Session 1")[0] == 0
    return path


def test_copy_writes_a_campaign_equal_to_the_original(
        demo: Path, capsys: pytest.CaptureFixture[str], campaign_dump: Dump) -> None:
    dest = demo.with_name("copy.tftcampaign")
    code, out, err = cli(capsys, "copy", demo, dest)
    assert (code, err) == (0, "")
    assert out == f"Copied {demo} to {dest}\n"
    assert campaign_dump(dest) == campaign_dump(demo)


def test_copy_works_while_the_campaign_is_open_for_editing(
        demo: Path, capsys: pytest.CaptureFixture[str], campaign_dump: Dump) -> None:
    dest = demo.with_name("copy.tftcampaign")
    with campaigns.open_existing(path=demo):  # as the GUI holds it
        assert cli(capsys, "copy", demo, dest)[0] == 0
    assert campaign_dump(dest) == campaign_dump(demo)


def test_copy_refuses_bad_input_in_one_line_and_changes_nothing(
        demo: Path, capsys: pytest.CaptureFixture[str], campaign_dump: Dump) -> None:
    before = campaign_dump(demo)
    code, out, err = cli(capsys, "copy", demo, demo, "--replace")
    assert (code, out) == (2, "")
    assert err == ("tftmanager copy: demo.tftcampaign is the campaign itself; "
                   "choose another name for the copy\n")
    existing = demo.with_name("notes.txt")
    existing.write_text("keep me")
    code, _out, err = cli(capsys, "copy", demo, existing)
    assert code == 2
    assert "already exists" in err
    assert existing.read_text() == "keep me"
    code, _out, err = cli(capsys, "copy", demo.with_name("nosuch.tftcampaign"),
                          demo.with_name("x.tftcampaign"))
    assert code == 2
    assert err.count("\n") == 1
    assert not demo.with_name("x.tftcampaign").exists()
    assert campaign_dump(demo) == before
