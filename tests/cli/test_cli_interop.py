"""``tftmanager statblock`` and ``tftmanager foundry``: round trips, previews, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import cli

pytestmark = pytest.mark.cli

DATA = Path(__file__).resolve().parent.parent / "data"


def names(capsys: pytest.CaptureFixture[str], campaign: Path) -> list[str]:
    code, out, err = cli(capsys, "statblock", "export", campaign)
    if code == 2:
        assert "has no characters" in err
        return []
    return [block.split(",")[0] for block in out.strip().split("\n\n")]


@pytest.fixture
def campaigns(demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    empty = tmp_path / "empty.tftcampaign"
    assert cli(capsys, "new", empty)[0] == 0
    return demo, empty


def test_statblock_export_then_import_gives_the_same_text(
        campaigns: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo, empty = campaigns
    out = tmp_path / "party.txt"
    assert cli(capsys, "statblock", "export", demo, "--out", out)[0] == 0
    code, text, _ = cli(capsys, "statblock", "import", empty, out)
    assert code == 0 and text.startswith("Imported 5 figures: Flavius Marcellus")
    assert cli(capsys, "statblock", "export", empty)[1] == out.read_text()


def test_a_block_named_as_a_character_is_updated_or_copied_only_when_asked(
        campaigns: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo, _empty = campaigns
    text = tmp_path / "ragnar.txt"
    text.write_text("RAGNAR: ST 14, DX 10, IQ 8, MA 10; Talents: Sword\n", encoding="utf-8")
    code, _, err = cli(capsys, "statblock", "import", demo, text)
    assert code == 2 and "RAGNAR is already in this campaign as Ragnar; import it with " \
        "--update" in err
    code, out, _ = cli(capsys, "statblock", "import", demo, text, "--copy")
    assert code == 0 and "Imported 1 figure: RAGNAR" in out
    heads = [b.splitlines()[0] for b in cli(capsys, "statblock", "export", demo)[1].split("\n\n")]
    assert "RAGNAR (copy) - hero" in heads and "Ragnar, hero" in heads
    code, out, _ = cli(capsys, "statblock", "import", demo, text, "--update")
    assert code == 0 and names(capsys, demo).count("RAGNAR") == 1


def test_a_dry_run_shows_each_line_and_imports_nothing(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _demo, empty = campaigns
    code, out, _ = cli(capsys, "statblock", "import", empty,
                       DATA / "statblocks" / "melee_card_lowercase.txt", "--dry-run")
    assert code == 0
    assert "-> weapon Spear; weapon Dagger" in out and "Would import 1 figure." in out
    assert names(capsys, empty) == []


def test_a_malformed_file_lists_its_problems_and_imports_nothing(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _demo, empty = campaigns
    code, out, err = cli(capsys, "statblock", "import", empty,
                         DATA / "statblocks" / "bad_attribute.txt")
    assert code == 2
    assert "!! 'DX eleven' is not an attribute this reads" in out
    assert err.strip() == "tftmanager statblock: 2 problems; nothing was imported."
    assert names(capsys, empty) == []


def test_a_talent_the_library_lacks_is_kept_in_the_notes_and_reported(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Import never refuses a character for a name the library lacks (issue 29)."""
    _demo, empty = campaigns
    code, out, _ = cli(capsys, "statblock", "import", empty,
                       DATA / "statblocks" / "bad_unknown_talent.txt")
    assert code == 0
    assert "line 7: Talent: Swordplay kept in the notes" in out
    assert "Bandit Chief" in names(capsys, empty)


def test_the_bestiary_takes_stat_blocks_and_gives_them_back(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _demo, empty = campaigns
    code, out, _ = cli(capsys, "statblock", "import", empty,
                       DATA / "statblocks" / "monster_no_race.txt", "--bestiary")
    assert code == 0 and "Imported 1 template into the bestiary: GIANT WOLF" in out
    code, out, _ = cli(capsys, "statblock", "export", empty, "giant w", "--bestiary")
    assert out.startswith("GIANT WOLF\nST 16, DX 13, IQ 6, MA 14\nKind: creature\n"
                          "Attacks: Bite (2d)")
    assert names(capsys, empty) == []


def test_foundry_export_of_the_party_is_a_folder_and_imports_back(
        campaigns: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo, empty = campaigns
    folder = tmp_path / "actors"
    code, out, _ = cli(capsys, "foundry", "export", demo, "--out", folder)
    assert code == 0 and out.strip() == f"Wrote 5 actors to {folder}/"
    assert sorted(p.name for p in folder.iterdir()) == [
        "Flavius_Marcellus.json", "Joe_the_Barbarian.json", "Morgaine.json", "Ragnar.json",
        "Wulf.json"]
    for path in sorted(folder.iterdir()):
        assert cli(capsys, "foundry", "import", empty, path)[0] == 0
    assert cli(capsys, "statblock", "export", empty)[1] == cli(
        capsys, "statblock", "export", demo)[1]
    code, _, err = cli(capsys, "foundry", "import", empty, folder / "Ragnar.json")
    assert code == 2 and "Ragnar is already in this campaign" in err
    code, out, err = cli(capsys, "foundry", "import", empty, folder / "Ragnar.json",
                         "--dry-run")  # says what the real run does
    assert code == 2 and "Ragnar is already in this campaign" in err
    assert "Would import" not in out
    code, out, _ = cli(capsys, "foundry", "import", empty, folder / "Ragnar.json",
                       "--dry-run", "--update")
    assert code == 0 and "Would import 1 character." in out


def test_foundry_export_of_one_character_is_one_actor(
        campaigns: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo, _empty = campaigns
    out = tmp_path / "ragnar.json"
    assert cli(capsys, "foundry", "export", demo, "rag", "--out", out)[0] == 0
    doc = json.loads(out.read_text())
    assert (doc["name"], doc["type"], doc["system"]["st"]["max"]) == ("Ragnar", "character", 11)


def test_a_foundry_file_that_is_not_an_actor_is_one_line(
        campaigns: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _demo, empty = campaigns
    bad = tmp_path / "bad.json"
    bad.write_text("{\"name\": \"X\"}")
    code, _, err = cli(capsys, "foundry", "import", empty, bad)
    assert code == 2 and err.strip() == (
        "tftmanager foundry: not a Foundry actor (no \"system\" object)")


def test_a_foundry_actor_with_names_the_library_lacks_imports_and_says_so(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _demo, empty = campaigns
    brannoc = DATA / "foundry" / "world_wizard_brannoc.json"
    code, out, _ = cli(capsys, "foundry", "import", empty, brannoc, "--dry-run")
    assert code == 0
    assert "not in the library: Armor: Light Leather (stops 1, $10, 2 lb) [closest: " in out
    assert "Would import 1 character." in out
    assert names(capsys, empty) == []
    code, out, _ = cli(capsys, "foundry", "import", empty, brannoc,
                       "--choose", "Light Leather=Leather armor", "--choose", "Torch=add")
    assert code == 0
    assert "Light Leather ($10, 2 lb) mapped to Leather armor" in out.replace(
        "(stops 1, ", "(")
    assert "Torch x3 ($1, 0.5 lb, in Backpack) added to the library as a new gear" in out
    assert "Wizards Staff (1d6+3, $300, 5 lb, readied) kept in the notes" in out


def test_a_bad_choice_is_refused_and_a_bug_in_choosing_is_a_crash_report(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--choose that cannot be read, or names nothing, is one line (exit 2); a bug is exit 70."""
    from tftmanager.cli import interop_command

    _demo, empty = campaigns
    brannoc = DATA / "foundry" / "world_wizard_brannoc.json"
    for choice, words in (("Torch", "'Torch' is not NAME=notes"),
                          ("Light Leather=Dragon hide", "'Dragon hide' (for Light Leather)")):
        code, out, err = cli(capsys, "foundry", "import", empty, brannoc, "--choose", choice)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1
    assert names(capsys, empty) == []

    def broken(*_args: object) -> object:
        raise ValueError("a bug in choosing")

    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "crashes"))
    monkeypatch.setattr(interop_command, "choices_for", broken)
    code, _out, err = cli(capsys, "foundry", "import", empty, brannoc,
                          "--choose", "Torch=add")
    assert code == 70 and "unexpected error (ValueError)" in err
    [report] = (tmp_path / "crashes").iterdir()
    assert "ValueError: a bug in choosing" in report.read_text(encoding="utf-8")
    assert names(capsys, empty) == []


def test_an_actor_already_here_is_updated_or_copied(
        campaigns: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _demo, empty = campaigns
    exported, edited = (DATA / "foundry" / f for f in ("exported_hedda.json",
                                                        "edited_in_foundry_hedda.json"))
    assert cli(capsys, "foundry", "import", empty, exported)[0] == 0
    code, _out, err = cli(capsys, "foundry", "import", empty, edited)
    assert code == 2 and "--update" in err
    code, out, _ = cli(capsys, "foundry", "import", empty, edited, "--dry-run")
    assert "Hedda Stone is already in this campaign; differs in: st, notes" in out
    code, out, _ = cli(capsys, "foundry", "import", empty, edited, "--update")
    assert code == 0 and "Updated Hedda Stone: ST 13 -> 14" in out
    assert names(capsys, empty) == ["Hedda Stone"]
    assert cli(capsys, "foundry", "import", empty, edited, "--copy")[0] == 0
    assert names(capsys, empty) == ["Hedda Stone", "Hedda Stone"]
