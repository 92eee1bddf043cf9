"""``tftmanager library show CAMPAIGN NAME``: one entry and where to read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tftmanager.cli.main import run

pytestmark = pytest.mark.cli


def cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "c.tftcampaign"
    assert cli(capsys, "new", path)[0] == 0
    return path


def test_show_prints_the_entry_with_its_reference(campaign: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "show", campaign, "main-g")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == ["Main-gauche: weapon 'main_gauche'",
                         "  Reference: Advanced Melee p. 13"]
    assert "  damage: 1d-1" in lines
    code, out, _ = cli(capsys, "library", "show", campaign, "WAR 1", "--kind", "job")
    assert code == 0 and out.splitlines()[1] == (
        "  Reference: TFT Rules Expansion, Jobs: Mercenaries")


def test_names_are_matched_as_for_characters(campaign: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "show", campaign, "fencng")
    assert (code, out) == (2, "")
    assert err == ("tftmanager library: No library entry named 'fencng' in this campaign; "
                   "did you mean Fencing?\n")
    code, _, err = cli(capsys, "library", "show", campaign, "dag")
    assert code == 2 and "could be several library entries: did you mean Dagger" in err
    code, out, _ = cli(capsys, "library", "show", campaign, "fire", "--kind", "spell")
    assert code == 0 and out.splitlines()[1] == "  Reference: Wizard"
